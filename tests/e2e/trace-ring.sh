#!/usr/bin/env bash
# e2e/trace-ring.sh — format=bin,ring=SIZE, the flight recorder, on real
# JVMs (JDK 17; the newer JDK and configure --with-jdks' 8, 11 and 21 too
# where present): four busy threads
# (tests/e2e/agents/crash_agent.c ring:CALLS:FILE) call SetThreadLocalStorage
# with k = 1, 2, 3, ... until they made CALLS calls in all, more than ten
# times what a 1 MiB ring holds; they stop (alive, holding their slots),
# the agent writes each one's last k (its own count), and the VM crashes
# inside GetPhase.  Then:
#   - the recording stays the ring's size (plus its header and strings);
#   - it decodes, and each busy thread's calls are a run of k without a
#     gap that ends at the agent's last k and starts long after 1 (the
#     oldest were recycled), and the crashing call is its thread's last
#     record, still entered;
#   - the ring is nearly full of them (all but the slots in use);
#   - what was written, by the agent's count, is ten rings or more.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-trace-ring
e2e_javac Hello
E2E_TIMEOUT=${E2E_TIMEOUT:-300}
calls=${RING_CALLS:-400000}

jdks="17"
if e2e_have_new_jdk; then
    jdks="17 new"
fi
jdks+=" $(e2e_jdks | tr '\n' ' ')"    # the more JDKs (8, 11, 21), by their directories
for jdk in $jdks; do
    case $jdk in 17) e2e_use_jdk "$JDK_HOME" ;; new) e2e_use_jdk "$JDK_NEW" ;; *) e2e_use_jdk "$jdk"; jdk=$jdk_v ;; esac
    echo "== JDK $jdk: ring=1M, $calls calls of busy threads, then SIGSEGV inside GetPhase"
    rm -f "$out"/hs_err_pid*.log "$out/ring.bin" "$out/last.txt"
    (ulimit -c 0; e2e_java \
        "-agentpath:$LIBJVMTICHECK=trace=all,format=bin,ring=1M,log=$out/ring.bin,agent=$AGENTS_DIR/crash_agent.so=ring:$calls:$out/last.txt" Hello
     echo "$rc" >"$out/ring.rc")
    [[ $(cat "$out/ring.rc") -ne 0 ]] || fail "JDK $jdk: java exited 0, expected a crash"
    compgen -G "$out/hs_err_pid*.log" >/dev/null || fail "JDK $jdk: no hs_err file: the VM did not crash as planned"
    [[ -s $out/last.txt ]] || fail "JDK $jdk: the agent did not write its counts"
    rc=0
    "$JVMTIGEN" trace --format=jsonl "$out/ring.bin" >"$out/ring.jsonl" 2>"$out/decode.err" || rc=$?
    [[ $rc -eq 0 && ! -s $out/decode.err ]] || fail "JDK $jdk: jvmtigen trace: exit $rc: $(head -2 "$out/decode.err")"
    python3 - "$out/ring.bin" "$out/ring.jsonl" "$out/last.txt" <<'EOF' || fail "JDK $jdk: the flight recording"
import json, struct, sys

bin_path, jsonl, last_path = sys.argv[1:4]
d = open(bin_path, "rb").read()
hlen, flags = struct.unpack_from("<II", d, 20)
ring = struct.unpack_from("<Q", d, 104)[0]
bad = []
if not flags & 4 or ring != 1 << 20:
    bad.append("the header says no ring of 1 MiB (flags %d, ring %d)" % (flags, ring))
if len(d) > hlen + ring + (2 << 20):
    bad.append("the file has %d bytes: more than its header, ring and 2 MiB of strings" % len(d))
# the bytes of the calls kept in the ring's slots, read from the file itself
kept_bytes = kept = 0
for c in range(hlen, hlen + ring, 65536):
    if d[c:c + 8] != b"JCCHUNK3":
        continue
    at = c + 64
    while at + 48 <= c + 65536:
        state, rlen = struct.unpack_from("<II", d, at)
        if state == 0:
            break
        if state != 3 and d[at + 10] == 1:
            kept_bytes += rlen
            kept += 1
        at += rlen
last = {}
for line in open(last_path):
    name, k = line.split()
    last[name] = int(k)
runs, per_thread = {}, {}
for line in open(jsonl):
    r = json.loads(line)
    per_thread.setdefault(r["tid"], []).append(r)
    if r.get("name") == "SetThreadLocalStorage" and r["kind"] == "call":
        runs.setdefault(r["thread"], []).append(int(r["args"]["data"], 16))
for name, k in sorted(last.items()):
    ks = runs.get(name, [])
    if not ks:
        bad.append("%s: none of its calls in the ring" % name)
        continue
    gaps = sum(1 for a, b in zip(ks, ks[1:]) if b != a + 1)
    print("   %s: calls %d..%d kept (%d), its last by the agent's count %d" % (name, ks[0], ks[-1], len(ks), k))
    if gaps:
        bad.append("%s: %d gaps in its calls" % (name, gaps))
    if ks[-1] != k:
        bad.append("%s: the last call kept is %d, the agent's last %d" % (name, ks[-1], k))
    if ks[0] <= 1:
        bad.append("%s: its first call is still there: nothing was recycled" % name)
crashed = [rs[-1] for rs in per_thread.values() if rs[-1].get("name") == "GetPhase" and rs[-1]["kind"] == "enter"]
if len(crashed) != 1:
    bad.append("no thread's last record is GetPhase, entered (the crash)")
written = sum(last.values()) * kept_bytes / max(kept, 1)
print("   %d calls by the agent's count, about %.1f MiB written; %d calls (%.2f MiB) kept in a ring of %.2f MiB"
      % (sum(last.values()), written / 1048576, kept, kept_bytes / 1048576, ring / 1048576))
if written < 10 * ring:
    bad.append("only %.1f MiB written: less than ten rings" % (written / 1048576))
# all but the slots the threads hold (four busy, the crashing one, the
# VM's) and one being taken
if kept_bytes < ring - 8 * 65536:
    bad.append("only %d bytes of calls kept in a ring of %d" % (kept_bytes, ring))
for b in bad:
    print("FAIL: " + b)
sys.exit(1 if bad else 0)
EOF
    rm -f "$out"/hs_err_pid*.log
done

# the recordings are big: kept only when something failed
[[ $status -ne 0 ]] || rm -f "$out/ring.bin" "$out/ring.jsonl"
e2e_finish
