#!/usr/bin/env bash
# e2e/trace-safe.sh — the text and jsonl trace stay whole under hostile
# conditions (issue 14), on real JVMs:
#   1. 64 threads, trace=all, to stderr through a pipe (| cat): every line
#      is JSON and no call is missing (the agent's counts);
#   2. a file size limit (ulimit -f, nobody handles SIGXFSZ) and a full
#      tmpfs: the VM exits 0, the log ends with a whole record, one message;
#   3. fork, then exit in the child: no line twice; and with summary=on and
#      exitcode= after a violation of the parent's (JDK 17 and the newer
#      JDK): the child ends without a summary or verdict of its own (they
#      would count the parent's calls again) and with its own exit status
#      (0), the parent with exitcode=; one verdict line, each summary
#      record once, none for the child's GetTime;
#   4. a crash inside a JVMTI call (tests/e2e/agents/crash_agent.c) while 16
#      busy threads call: in jsonl and text, the crashing call is the last
#      record of its thread, no busy thread's calls have a gap, and every
#      call that had returned when the process died (the agent's own counts)
#      is in the log, those the other threads made while the VM wrote its
#      error report and aborted too; and under the
#      default trace=errors, where the call goes through the wrapper's fast
#      path (in its thread's call slot), the crashing call is still the last
#      record of its thread.
#   5. SIGKILL while 16 busy threads call, twice in jsonl and twice in text:
#      the log ends with a whole line (a write cut by the kill stops at a
#      4 KiB boundary, where a line starts), and holds no call the agent did
#      not make.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-trace-safe
e2e_javac Stress Hello
check() { python3 "$srcdir/tests/e2e/trace_check.py" "$@"; }
stress_opts="check=on,trace=all,format=jsonl,summary=on"
stress_agent="agent=$AGENTS_DIR/stress_agent.so=out=$out/agent-counts.txt"

echo "== 64 threads, trace=all to stderr, through a pipe"
rc=0
(cd "$out" && LD_PRELOAD=$JAVA_PRELOAD exec "$JAVA" -cp "$out/classes" "-agentpath:$LIBJVMTICHECK=$stress_opts,$stress_agent" Stress 64 2000) \
    2>&1 >"$out/stdout" | cat >"$out/pipe.raw" || rc=$?
echo "   exit $rc"
cp "$out/pipe.raw" "$out/stderr"
# The shim's own lines (the verdict at the end) share stderr with the
# records: each must be a whole line of its own, and the rest records.
n=$(grep -c '^jvmticheck: ' "$out/pipe.raw" || true)
[[ $n -eq 1 ]] && grep -q '^jvmticheck: no problems found' "$out/pipe.raw" ||
    fail "expected one whole verdict line on stderr, found $n lines starting 'jvmticheck: '"
grep -v '^jvmticheck: ' "$out/pipe.raw" >"$out/pipe.jsonl" || true
e2e_expect_clean_run "$out/pipe.jsonl"
made=$(awk '$1 == "total" && $2 == "calls" { print $3 }' "$out/agent-counts.txt")
[[ $(count call) -eq $made ]] || fail "$(count call) call records for the $made calls the agent made"

# limited RUN-LABEL: the VM survives, one message, a whole last record.
limited() {
    local label=$1 log=$2
    [[ $rc -eq 0 ]] || fail "$label: java exited $rc, expected 0"
    local n
    n=$(grep -c 'jvmticheck: cannot write the trace' "$out/stderr" || true)
    [[ $n -eq 1 ]] || fail "$label: $n messages about the failed write, expected 1"
    grep -m1 'jvmticheck: cannot write' "$out/stderr" | sed 's/^/   /'
    [[ -s $log && $(tail -c1 "$log" | od -An -c | tr -d ' ') == '\n' ]] || fail "$label: the log does not end with a whole line"
    trace counts "$log" >/dev/null || fail "$label: $log has lines that are not JSON"
    echo "   $label: $(wc -l <"$log") whole records, $(wc -c <"$log") bytes"
}

echo "== a file size limit of 512 KiB (ulimit -f), SIGXFSZ not handled by the test"
rc=0
(cd "$out" && ulimit -f 512 && LD_PRELOAD=$JAVA_PRELOAD exec "$JAVA" -cp "$out/classes" \
    "-agentpath:$LIBJVMTICHECK=$stress_opts,log=$out/fsize.jsonl,$stress_agent" Stress 8 2000) \
    >"$out/stdout" 2>"$out/stderr" || rc=$?
limited fsize "$out/fsize.jsonl"

echo "== a 256 KiB tmpfs that fills up"
if unshare -m true 2>/dev/null; then
    rc=0
    export JAVA JAVA_PRELOAD LIBJVMTICHECK out stress_opts stress_agent
    unshare -m bash -c '
        mkdir -p "$out/mnt" && mount -t tmpfs -o size=256k tmpfs "$out/mnt" || exit 3
        rc=0
        (cd "$out" && LD_PRELOAD=$JAVA_PRELOAD exec "$JAVA" -cp "$out/classes" \
            "-agentpath:$LIBJVMTICHECK=$stress_opts,log=$out/mnt/full.jsonl,$stress_agent" Stress 8 2000) \
            >"$out/stdout" 2>"$out/stderr" || rc=$?
        cp "$out/mnt/full.jsonl" "$out/full.jsonl"
        exit $rc' || rc=$?
    limited tmpfs "$out/full.jsonl"
else
    echo "   note: unshare -m refused here: the tmpfs case is skipped"
fi

echo "== fork, then exit in the child"
e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,format=jsonl,addresses=on,log=$out/fork.jsonl,agent=$AGENTS_DIR/crash_agent.so=fork" Hello
e2e_expect_clean_run "$out/fork.jsonl"
check "$out/fork.jsonl" fork || fail "fork: records lost or written twice"

fork_jdks=$JDK_HOME
if e2e_have_new_jdk; then
    fork_jdks="$fork_jdks $JDK_NEW"
fi
for jdk in $fork_jdks; do
    e2e_use_jdk "$jdk"
    echo "== fork after a violation, then exit in the child, summary=on,exitcode=3"
    rm -f "$out/fork-summary.jsonl"
    e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,format=jsonl,summary=on,exitcode=3,log=$out/fork-summary.jsonl,agent=$AGENTS_DIR/crash_agent.so=fork,violate" Hello
    # the agent says FAILED when the child did not exit 0
    rc_fork=$rc rc=0
    e2e_expect_clean_exit "fork, summary=on,exitcode=3"
    [[ $rc_fork -eq 3 ]] || fail "fork, summary=on,exitcode=3: java exited $rc_fork, expected 3 (the parent's exitcode=)"
    n=$(grep -c '^jvmticheck:' "$out/stderr" || true)
    [[ $n -eq 1 ]] && grep -q '^jvmticheck: 1 violation in 1 context; log ' "$out/stderr" ||
        fail "fork, summary=on,exitcode=3: $n lines start with 'jvmticheck:', expected one verdict: $(grep '^jvmticheck:' "$out/stderr" | head -3)"
    python3 - "$out/fork-summary.jsonl" <<'PY' || fail "fork, summary=on,exitcode=3: the summary was written twice"
import collections, json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
rows = collections.Counter((r.get("type"), r["name"]) for r in recs if r["kind"] == "summary")
twice = sorted(k for k, n in rows.items() if n > 1)
child = [k for k in rows if k[1] == "GetTime"]
print("   %d summary records, %d written twice, %d for the child's GetTime; %d GetTime call records"
      % (sum(rows.values()), len(twice), len(child),
         sum(1 for r in recs if r["kind"] == "call" and r["name"] == "GetTime")))
sys.exit(1 if twice or child or not rows else 0)
PY
done
e2e_use_jdk "$JDK_HOME"

# crash LABEL LOG OPTIONS [AGENT-OPTIONS]: crash_agent dies inside GetPhase
# under the shim with OPTIONS, logging to LOG; the VM crashed as planned
crash() {
    local label=$1 log=$2
    rm -f "$out"/hs_err_pid*.log "$log"
    (ulimit -c 0; e2e_java "-agentpath:$LIBJVMTICHECK=$3,log=$log,agent=$AGENTS_DIR/crash_agent.so=crash${4:+,$4}" Hello
     echo "$rc" >"$out/crash.rc")
    rc=$(cat "$out/crash.rc")
    [[ $rc -ne 0 ]] || fail "$label: java exited 0, expected a crash"
    compgen -G "$out/hs_err_pid*.log" >/dev/null || fail "$label: no hs_err file: the VM did not crash as planned"
    ! grep -q FAILED "$out/stderr" || fail "$label: $(grep FAILED "$out/stderr" | head -1)"
}

runs="17:jsonl 17:text"
if e2e_have_new_jdk; then
    runs="$runs new:jsonl"
fi
for run in $runs; do
    fmt=${run#*:}
    [[ ${run%%:*} == 17 ]] || e2e_use_jdk "$JDK_NEW"
    echo "== a crash inside GetPhase, 16 busy threads calling, format=$fmt"
    crash "crash ($fmt)" "$out/crash.$fmt" "trace=all,format=$fmt,addresses=on" "busy=16,counts=$out/crash.counts"
    check "$out/crash.$fmt" crash "$out/crash.counts" || fail "crash ($fmt): the trace lacks calls"
    [[ $fmt == jsonl ]] || continue
    echo "== a crash inside GetPhase, busy threads calling, trace=errors (the fast path)"
    crash "crash, trace=errors" "$out/crash-errors.jsonl" "format=jsonl"
    check "$out/crash-errors.jsonl" crash-errors || fail "crash, trace=errors: the crashing call is not its thread's last record"
done
e2e_use_jdk "$JDK_HOME"

# A kill tears the last line only now and then (it must land inside a
# write that crosses a 4 KiB boundary): two runs of each format.
for run in jsonl:1 jsonl:2 text:1 text:2; do
    fmt=${run%:*}
    echo "== SIGKILL, 16 busy threads calling, format=$fmt (run ${run#*:})"
    rm -f "$out/kill.$fmt"
    e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,format=$fmt,addresses=on,log=$out/kill.$fmt,agent=$AGENTS_DIR/crash_agent.so=kill,busy=16,counts=$out/kill.counts" Hello
    [[ $rc -eq 137 ]] || fail "kill ($fmt): java exited $rc, expected 137 (SIGKILL)"
    echo "   log $(wc -c <"$out/kill.$fmt") bytes"
    check "$out/kill.$fmt" killed "$out/kill.counts" || fail "kill ($fmt): a torn line, or calls the agent did not make"
done
# format=bin under SIGKILL and SIGSEGV: tests/e2e/trace-bin.sh

[[ $status -ne 0 ]] || rm -f "$out"/*.jsonl "$out"/crash.text "$out"/kill.text "$out"/*.counts "$out"/hs_err_pid*.log
e2e_finish
