#!/usr/bin/env bash
# e2e/trace-bin.sh — format=bin recordings and `jvmtigen trace` (issue 14),
# on real JVMs (JDK 17; the newer JDK too where configured):
#   (1 and 3 on the more JDKs too: 8, 11, 21 of --with-jdks)
#   1. round trip: one run writes its jsonl (then text) log and, with
#      record=FILE, a recording of the same records; `jvmtigen trace
#      --format=jsonl` (text) of the recording equals the log once the
#      timing fields are masked (addresses=off): calls with their arguments
#      and outputs, events, violations, notes, leaks, summaries (the good
#      agent, and the misuse agent under check=strict with stack=2 and
#      gen_suppressions=on);
#   2. format=bin alone: the violations are in the recording (and on stderr);
#      a full tmpfs: one message, the VM runs on, what was recorded reads;
#   3. SIGKILL in the middle of busy threads' calls (crash_agent kill): every
#      busy thread's calls 1, 2, 3, ... are there without a gap, and the
#      thread waiting inside RawMonitorWait has that call as its last
#      record; the same recording cut short is read up to its last whole
#      record; SIGSEGV inside GetPhase (crash_agent crash): GetPhase is the
#      crashing thread's last record, no gaps;
#      fork() then exit() in the child: nothing twice, the child's call there,
#      and in the Chrome trace under the child's own pid;
#      virtual threads (the newer JDK): the recording equals the log, whose
#      records name the virtual threads; 200 threads recording a few calls
#      each: the file's blocks on disk stay below 64 KiB per thread;
#   4. the decoder's filters (--thread, --function, --check, --since and
#      --until) keep exactly the records they select;
#   5. --format=chrome is trace-event JSON whose slices nest, whose events
#      carry the pid of the run (the jsonl log's header), drawn by our
#      timeline page (tests/e2e/trace_timeline.html) in headless Chromium, with
#      a screenshot (tests/out/e2e-trace-bin/screenshots/timeline.png).
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-trace-bin
e2e_javac Hello Workload
chk() { python3 "$srcdir/tests/e2e/trace_bin_check.py" "$@"; }
decode() {  # decode FORMAT FILE OUT [FILTER...]
    local fmt=$1 file=$2 to=$3 rc=0
    shift 3
    "$JVMTIGEN" trace --format="$fmt" "$@" "$file" >"$to" 2>"$out/decode.err" || rc=$?
    [[ $rc -eq 0 && ! -s $out/decode.err ]] || fail "jvmtigen trace --format=$fmt $* $file: exit $rc: $(head -2 "$out/decode.err")"
}

jdks="17"
if e2e_have_new_jdk; then
    jdks="17 new"
fi
jdks+=" $(e2e_jdks | tr '\n' ' ')"    # the more JDKs (8, 11, 21), by their directories
for jdk in $jdks; do
    case $jdk in 17) e2e_use_jdk "$JDK_HOME" ;; new) e2e_use_jdk "$JDK_NEW" ;; *) e2e_use_jdk "$jdk"; jdk=$jdk_v ;; esac
    for fmt in jsonl text; do
        echo "== JDK $jdk: good agent, format=$fmt and record=: the decoded recording equals the log"
        rm -f "$out/good.$fmt" "$out/good-$fmt.bin"
        e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,format=$fmt,addresses=off,summary=on,log=$out/good.$fmt,record=$out/good-$fmt.bin,agent=$AGENTS_DIR/good_agent.so" Hello
        [[ $rc -eq 0 ]] || fail "java exited $rc"
        decode "$fmt" "$out/good-$fmt.bin" "$out/good-decoded.$fmt"
        chk same "$out/good.$fmt" "$out/good-decoded.$fmt" call event summary || fail "JDK $jdk: $fmt: the recording differs from the log"
        if [[ $fmt == jsonl ]]; then
            chk clock "$out/good.$fmt" "$out/good-decoded.$fmt" || fail "JDK $jdk: the recording's times are not the log's"
            decode chrome "$out/good-$fmt.bin" "$out/good.chrome.json"
            chk pid "$out/good.$fmt" "$out/good.chrome.json" || fail "JDK $jdk: the Chrome trace's pid is not the process's"
        fi
    done

    echo "== JDK $jdk: SIGKILL while busy threads call and one waits in RawMonitorWait"
    rm -f "$out/kill.bin"
    e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,format=bin,log=$out/kill.bin,agent=$AGENTS_DIR/crash_agent.so=kill" Hello
    [[ $rc -eq 137 ]] || fail "kill: java exited $rc, expected 137 (SIGKILL)"
    decode text "$out/kill.bin" "$out/kill.txt"
    python3 "$srcdir/tests/e2e/trace_check.py" "$out/kill.txt" kill || fail "JDK $jdk: SIGKILL: the recording lacks records"
    echo "   recording $(wc -c <"$out/kill.bin") bytes, $(wc -l <"$out/kill.txt") records"

    echo "== JDK $jdk: SIGSEGV inside GetPhase (the VM aborts after hs_err)"
    rm -f "$out"/hs_err_pid*.log "$out/segv.bin"
    (ulimit -c 0; e2e_java \
        "-agentpath:$LIBJVMTICHECK=trace=all,format=bin,log=$out/segv.bin,agent=$AGENTS_DIR/crash_agent.so=crash" Hello
     echo "$rc" >"$out/segv.rc")
    [[ $(cat "$out/segv.rc") -ne 0 ]] || fail "segv: java exited 0, expected a crash"
    compgen -G "$out/hs_err_pid*.log" >/dev/null || fail "segv: no hs_err file: the VM did not crash as planned"
    decode jsonl "$out/segv.bin" "$out/segv.jsonl"
    python3 "$srcdir/tests/e2e/trace_check.py" "$out/segv.jsonl" crash-bin || fail "JDK $jdk: SIGSEGV: the recording lacks records"
    rm -f "$out/segv.bin" "$out/segv.jsonl" "$out"/hs_err_pid*.log
done

if [[ $jdks == *new* ]]; then
    echo "== JDK new: virtual threads, format=jsonl and record=: the decoded recording equals the log"
    mkdir -p "$out/vclasses"
    "$JDK_NEW/bin/javac" -d "$out/vclasses" "$srcdir/tests/e2e/java/VThreads.java" >"$out/javac.log" 2>&1 ||
        fail "javac VThreads: $(head -3 "$out/javac.log")"
    rm -f "$out/vt.jsonl" "$out/vt.bin"
    rc=0
    (cd "$out" && LD_PRELOAD=$JAVA_PRELOAD exec "$JDK_NEW/bin/java" -cp "$out/vclasses" \
        "-agentpath:$LIBJVMTICHECK=check=strict,format=jsonl,trace=all,addresses=off,log=$out/vt.jsonl,record=$out/vt.bin,agent=$AGENTS_DIR/vthread_agent.so" \
        VThreads 300) >"$out/stdout" 2>"$out/stderr" || rc=$?
    [[ $rc -eq 0 ]] || fail "virtual threads: java exited $rc"
    decode jsonl "$out/vt.bin" "$out/vt-decoded.jsonl"
    chk same "$out/vt.jsonl" "$out/vt-decoded.jsonl" call event || fail "virtual threads: the recording differs from the log"
    n=$(grep -c '"virtual":true' "$out/vt-decoded.jsonl" || true)
    echo "   $n records of virtual threads"
    [[ $n -ge 600 ]] || fail "virtual threads: $n records say \"virtual\":true, expected 600 or more"
fi

echo "== format=bin: fork, then exit in the child (its records in chunks of its own)"
e2e_use_jdk "$JDK_HOME"
rm -f "$out/fork.bin"
e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,format=bin,log=$out/fork.bin,agent=$AGENTS_DIR/crash_agent.so=fork" Hello
[[ $rc -eq 0 ]] || fail "fork: java exited $rc"
decode jsonl "$out/fork.bin" "$out/fork.jsonl"
python3 "$srcdir/tests/e2e/trace_check.py" "$out/fork.jsonl" fork || fail "fork: records lost or twice in the recording"
# the child's strings (new there: the Java thread name, the output's name) resolve
grep '"name":"GetTime"' "$out/fork.jsonl" | grep -q '"thread":"main".*"out":{"nanos_ptr":' ||
    fail "fork: the child's record lacks its strings: $(grep '"name":"GetTime"' "$out/fork.jsonl")"
decode chrome "$out/fork.bin" "$out/fork.chrome.json"
pids=$(grep -o '"pid":[0-9]*' "$out/fork.chrome.json" | sort -u | wc -l)
[[ $pids -eq 2 ]] || fail "fork: the Chrome trace names $pids processes, not the parent and its child"

echo "== format=bin, 200 threads recording a few calls each: the file grows with the records, not the threads"
# Stress 200 5: each of 200 threads makes 5 calls in hammer and a few in
# its event callbacks.  A thread's first chunk is 16 KiB, so the space the
# file takes on disk (allocated blocks) stays far below what 1 MiB per
# thread took (200 MiB): below 64 KiB per thread that recorded anything.
e2e_javac Stress
rm -f "$out/threads200.bin"
e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,format=bin,log=$out/threads200.bin,agent=$AGENTS_DIR/stress_agent.so=out=$out/threads200.counts" Stress 200 5
[[ $rc -eq 0 ]] || fail "200 threads: java exited $rc"
decode jsonl "$out/threads200.bin" "$out/threads200.jsonl"
read -r records threads < <(python3 -c '
import json, sys
tids = set(); n = 0
for line in open(sys.argv[1]):
    o = json.loads(line); n += 1; tids.add(o["tid"])
print(n, len(tids))' "$out/threads200.jsonl")
disk=$(( $(stat -c '%b * %B' "$out/threads200.bin") ))
echo "   $records records from $threads threads: $disk bytes on disk ($(stat -c %s "$out/threads200.bin") apparent)"
[[ $threads -ge 200 ]] || fail "200 threads: records from $threads threads only"
(( disk < threads * 65536 )) || fail "200 threads: $disk bytes on disk for $records records of $threads threads, expected below $((threads * 65536))"

echo "== format=bin on a 3 MiB tmpfs that fills up (8 threads, 20 000 calls each): one message, the VM runs on, the file reads"
if unshare -m true 2>/dev/null; then
    e2e_javac Stress
    rc=0
    export JAVA JAVA_PRELOAD LIBJVMTICHECK out AGENTS_DIR
    unshare -m bash -c '
        mkdir -p "$out/mnt" && mount -t tmpfs -o size=3m tmpfs "$out/mnt" || exit 3
        rc=0
        (cd "$out" && LD_PRELOAD=$JAVA_PRELOAD exec "$JAVA" -cp "$out/classes" \
            "-agentpath:$LIBJVMTICHECK=trace=all,format=bin,log=$out/mnt/full.bin,agent=$AGENTS_DIR/stress_agent.so=out=$out/full-counts.txt" Stress 8 20000) \
            >"$out/stdout" 2>"$out/stderr" || rc=$?
        cp "$out/mnt/full.bin" "$out/full.bin"
        exit $rc' || rc=$?
    [[ $rc -eq 0 ]] || fail "full tmpfs: java exited $rc, expected 0"
    n=$(grep -c 'jvmticheck: cannot grow the binary trace' "$out/stderr" || true)
    [[ $n -eq 1 ]] || fail "full tmpfs: $n messages about the recording, expected 1"
    grep -m1 'jvmticheck: cannot grow' "$out/stderr" | sed 's/^/   /'
    decode jsonl "$out/full.bin" "$out/full.jsonl"
    echo "   $(wc -l <"$out/full.jsonl") records read from $(wc -c <"$out/full.bin") bytes"
    [[ -s $out/full.jsonl ]] || fail "full tmpfs: no record in the recording"
else
    echo "   note: unshare -m refused here: the tmpfs case is skipped"
fi

echo "== a recording cut short is read up to its last whole record"
e2e_use_jdk "$JDK_HOME"
decode jsonl "$out/kill.bin" "$out/kill.jsonl"
head -c $(($(wc -c <"$out/kill.bin") * 3 / 5 + 1234)) "$out/kill.bin" >"$out/cut.bin"
decode jsonl "$out/cut.bin" "$out/cut.jsonl"
chk subset "$out/cut.jsonl" "$out/kill.jsonl" || fail "the cut recording gives records the whole one lacks"

echo "== misuse agent, check=strict, format=jsonl and record=: violations, notes, leaks"
for fmt in jsonl text; do
    rm -f "$out/misuse.$fmt" "$out/misuse-$fmt.bin"
    e2e_java "-agentpath:$LIBJVMTICHECK=check=strict,trace=all,format=$fmt,addresses=off,summary=on,stack=2,gen_suppressions=on,log=$out/misuse.$fmt,record=$out/misuse-$fmt.bin,agent=$AGENTS_DIR/misuse_agent.so" Workload
    decode "$fmt" "$out/misuse-$fmt.bin" "$out/misuse-decoded.$fmt"
    chk same "$out/misuse.$fmt" "$out/misuse-decoded.$fmt" call violation note leak summary event ||
        fail "misuse: $fmt: the recording differs from the log"
done

echo "== format=bin alone: violations go into the recording"
rm -f "$out/misuse.bin"
e2e_java "-agentpath:$LIBJVMTICHECK=check=strict,format=bin,log=$out/misuse.bin,agent=$AGENTS_DIR/misuse_agent.so" Workload
decode jsonl "$out/misuse.bin" "$out/misuse-bin.jsonl"
n=$(grep -c '"kind":"violation"' "$out/misuse-bin.jsonl" || true)
m=$(grep -c 'VIOLATION \[' "$out/stderr" || true)
echo "   $n violations in the recording, $m on stderr"
[[ $n -gt 5 && $n -eq $m ]] || fail "format=bin: $n violations recorded, $m on stderr"

echo "== filters"
filter() {  # filter KIND VALUE WHOLE.jsonl BIN
    decode jsonl "$4" "$out/filtered.jsonl" "--$1=$2"
    chk filter "$1" "$2" "$out/filtered.jsonl" "$3" || fail "--$1=$2: wrong records"
}
filter thread 'busy-*' "$out/kill.jsonl" "$out/kill.bin"
tid=$(python3 -c 'import json,sys; print([json.loads(l)["tid"] for l in open(sys.argv[1]) if "RawMonitorWait" in l][0])' "$out/kill.jsonl")
filter thread "$tid" "$out/kill.jsonl" "$out/kill.bin"
filter function 'RawMonitor*' "$out/kill.jsonl" "$out/kill.bin"
decode jsonl "$out/misuse-jsonl.bin" "$out/misuse-all.jsonl"
filter check 'capab*' "$out/misuse-all.jsonl" "$out/misuse-jsonl.bin"
filter function 'Get*' "$out/misuse-all.jsonl" "$out/misuse-jsonl.bin"
# the OnLoad calls come within the first millisecond, the rest later
decode jsonl "$out/good-jsonl.bin" "$out/filtered.jsonl" --since=1ms
chk filter window 1000000:1000000000000 "$out/filtered.jsonl" "$out/good-decoded.jsonl" || fail "--since=1ms: wrong records"
decode jsonl "$out/good-jsonl.bin" "$out/filtered.jsonl" --until=1000us
chk filter window 0:1000000 "$out/filtered.jsonl" "$out/good-decoded.jsonl" || fail "--until=1000us: wrong records"
rc=0
"$JVMTIGEN" trace --since=soon "$out/good-jsonl.bin" >"$out/bad.out" 2>"$out/bad.err" || rc=$?
[[ $rc -eq 2 && ! -s $out/bad.out && $(wc -l <"$out/bad.err") -eq 1 ]] &&
    grep -q '^jvmtigen trace: error: bad --since=soon' "$out/bad.err" ||
    fail "--since=soon: exit $rc, expected 2 (usage) with one message: $(cat "$out/bad.err")"
# far past any recording (more nanoseconds than 64 bits hold): nothing, not everything
decode jsonl "$out/good-jsonl.bin" "$out/filtered.jsonl" --since=99999999999999999999s
[[ ! -s $out/filtered.jsonl ]] || fail "--since=99999999999999999999s printed $(wc -l <"$out/filtered.jsonl") records"

echo "== recordings of versions 3 (before the TSC clock) and 4 (chunks of one size) still decode; damaged clocks are refused"
decode jsonl "$srcdir/tests/fuzz/trace-seeds/good.bin" "$out/v3.jsonl"
[[ $(grep -c '"kind":"call"' "$out/v3.jsonl") -gt 10 ]] || fail "version 3: too few calls decoded"
decode jsonl "$srcdir/tests/fuzz/trace-seeds/v4-good.bin" "$out/v4.jsonl"
[[ $(grep -c '"kind":"call"' "$out/v4.jsonl") -gt 10 ]] || fail "version 4: too few calls decoded"
# version 5: chunks of their own length; zeros between them (a chunk never
# taken) are stepped over
decode jsonl "$srcdir/tests/fuzz/trace-seeds/v5-good.bin" "$out/v5.jsonl"
decode jsonl "$srcdir/tests/fuzz/trace-seeds/v5-gap.bin" "$out/v5-gap.jsonl"
[[ $(grep -c '"kind":"call"' "$out/v5.jsonl") -gt 10 ]] || fail "version 5: too few calls decoded"
cmp -s "$out/v5.jsonl" "$out/v5-gap.jsonl" || fail "version 5: zeros between chunks changed the records"
# a flight recording (ring=) whose slots went round: read by time, not place
decode jsonl "$srcdir/tests/fuzz/trace-seeds/v5-ring-good.bin" "$out/v5-ring.jsonl"
[[ $(grep -c '"kind":"call"' "$out/v5-ring.jsonl") -gt 1000 ]] || fail "a flight recording: too few calls decoded"
python3 -c '
import json, sys
t = [json.loads(l)["t_ns"] for l in open(sys.argv[1])]
sys.exit(0 if t == sorted(t) else 1)' "$out/v5-ring.jsonl" || fail "a flight recording: its records are not in time order"
python3 - "$out/good-jsonl.bin" "$out/noclock.bin" "$out/badslot.bin" <<'PY' || fail "could not make the damaged recordings"
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
assert struct.unpack_from("<I", d, 8)[0] == 5
if struct.unpack_from("<I", d, 28)[0] != 1:
    sys.exit(0)                 # no TSC clock on this machine: nothing to damage
a = bytearray(d); struct.pack_into("<I", a, 28, 0); open(sys.argv[2], "wb").write(a)
b = bytearray(d); struct.pack_into("<I", b, 96, 7); open(sys.argv[3], "wb").write(b)
PY
# a chunk whose length is no multiple of the unit
python3 - "$out/good-jsonl.bin" "$out/badlen.bin" <<'PY' || fail "could not make the damaged recording"
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
hlen = struct.unpack_from("<I", d, 20)[0]
at = d.find(b"JCCHUNK3", hlen)     # the first chunk (zeros of a chunk never taken may come first)
assert at >= hlen
struct.pack_into("<I", d, at + 12, 12345)
open(sys.argv[2], "wb").write(d)
PY
rc=0
"$JVMTIGEN" trace "$out/badlen.bin" >"$out/bad.out" 2>"$out/bad.err" || rc=$?
[[ $rc -eq 1 && ! -s $out/bad.out && $(wc -l <"$out/bad.err") -eq 1 ]] && grep -q ": error: bad chunk length" "$out/bad.err" ||
    fail "badlen: exit $rc, expected 1 with one message 'bad chunk length': $(cat "$out/bad.err")"
if [[ -f $out/noclock.bin ]]; then
    for bad in "noclock:a record timed in ticks, and no clock" "badslot:96: error: bad clock slot"; do
        rc=0
        "$JVMTIGEN" trace "$out/${bad%%:*}.bin" >"$out/bad.out" 2>"$out/bad.err" || rc=$?
        [[ $rc -eq 1 && ! -s $out/bad.out && $(wc -l <"$out/bad.err") -eq 1 ]] && grep -q "${bad#*:}" "$out/bad.err" ||
            fail "${bad%%:*}: exit $rc, expected 1 with one message '${bad#*:}': $(cat "$out/bad.err")"
    done
else
    echo "   (note) the kernel does not clock with the TSC here: calls are timed in ns, nothing to damage"
fi

echo "== --format=chrome"
decode chrome "$out/misuse-jsonl.bin" "$out/misuse.chrome.json"
chk chrome "$out/misuse.chrome.json" || fail "misuse: not the trace-event JSON expected"
decode chrome "$out/kill.bin" "$out/kill.chrome.json" --function='RawMonitor*'
chk chrome "$out/kill.chrome.json" || fail "kill: not the trace-event JSON expected"
grep -q '"ph":"B"' "$out/kill.chrome.json" || fail "kill: the call in progress is no B event"
chromium=${CHROMIUM:-/usr/bin/chromium}
if [[ -x $chromium ]] && command -v node >/dev/null && node -e 'require("playwright-core")' 2>/dev/null; then
    echo "== the timeline page in headless Chromium"
    CHROMIUM=$chromium node "$srcdir/tests/e2e/trace_browser.js" "$srcdir/tests/e2e/trace_timeline.html" \
        "$out/misuse.chrome.json" "$out/screenshots" || fail "the timeline page"
else
    skip_or_fail "headless Chromium skipped (needs $chromium, node, and playwright-core on NODE_PATH)" part || status=1
fi

# the recordings and their decodings are big: kept only when something failed
[[ $status -ne 0 ]] || rm -f "$out"/*.bin "$out"/kill.* "$out"/cut.* "$out"/segv.* "$out"/fork.* "$out"/full.* "$out"/full-counts.txt "$out"/vt* "$out"/good* "$out"/misuse* \
    "$out"/filtered.jsonl "$out"/v3.jsonl "$out"/v4.jsonl "$out"/v5*.jsonl "$out"/noclock.bin "$out"/badslot.bin "$out"/badlen.bin \
    "$out"/threads200.*
e2e_finish
