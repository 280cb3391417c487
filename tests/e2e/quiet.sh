#!/usr/bin/env bash
# e2e/quiet.sh — the default trace=problems prints reports, not the failed
# calls the spec documents as normal outcomes.
#
# classes_agent does what a sampling profiler does: GetClassMethods and
# GetClassFields on every class as it is loaded (not prepared yet:
# CLASS_NOT_PREPARED), again when it is prepared, and on every class loaded
# at VMInit; GetLineNumberTable on every method of a prepared class
# (NATIVE_METHOD, ABSENT_INFORMATION).  It handles each, and prints at
# unload what it got per function and error.  Each of those errors is a
# function-specific required error the function documents: an expected
# outcome.  On JDK 17 and the newer JDK (skipped with a note when absent):
#   1. by default (text to stderr, and a jsonl log with record=): no call
#      record at all, no error name on stderr, the verdict "no problems
#      found"; the recording holds no call either;
#   2. summary=on: per function, `errors` and `expected_errors` are what
#      the agent got (every error of it expected), and still no call record;
#   3. trace=errors: one call record per failed call the agent got, per
#      function and error, in the log and in the recording;
#   4. classes_agent=misuse adds one RawMonitorExit of a monitor never
#      entered: by default its failed call (NOT_MONITOR_OWNER, no expected
#      outcome) is printed, with its monitor_owner violation, and still no
#      expected one.
# Expected counts come from what the agent says it got, not from the shim.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-quiet
e2e_javac Hello Workload
agent=$AGENTS_DIR/classes_agent.so
py() { python3 - "$@"; }

# The agent's "classes_agent: FUNCTION ERRNUM COUNT" lines, sorted.
agent_got() {
    sed -n 's/^classes_agent: \([A-Za-z]*\) \([0-9]*\) \([0-9]*\)$/\1 \2 \3/p' "$out/stderr" | LC_ALL=C sort
}

# calls_by_error LOG: "FUNCTION ERRNUM COUNT" for the failed call records of LOG.
calls_by_error() {
    py "$1" "$JDK_HOME/include/jvmti.h" <<'PY' | LC_ALL=C sort
import collections, json, re, sys
# the numbers of the errors, as the JDK's jvmti.h has them (the agent prints numbers)
names = dict(re.findall(r"(JVMTI_ERROR_\w+) = (\d+)", open(sys.argv[2]).read()))
c = collections.Counter()
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o["kind"] == "call" and o.get("error", "JVMTI_ERROR_NONE") != "JVMTI_ERROR_NONE":
        c[(o["name"], names.get(o["error"], o["error"]))] += 1
for (f, e), n in c.items():
    print(f, e, n)
PY
}

jdks="17"
if e2e_have_new_jdk; then
    jdks="17 new"
fi
for jdk in $jdks; do
    if [[ $jdk == 17 ]]; then e2e_use_jdk "$JDK_HOME"; else e2e_use_jdk "$JDK_NEW"; fi

    echo "== JDK $jdk: the default: nothing of the expected outcomes printed"
    log=$out/default-$jdk.jsonl
    rm -f "$log" "$out/default-$jdk.bin"
    e2e_java "-agentpath:$LIBJVMTICHECK=agent=$agent" Workload
    e2e_expect_clean_exit "default, text"
    got=$(agent_got)
    echo "   the agent got: $(tr '\n' ';' <<<"$got")"
    grep -q '^GetClassMethods 22 [1-9]' <<<"$got" || fail "JDK $jdk: the agent met no CLASS_NOT_PREPARED: nothing tested"
    grep -q '^GetClassFields 22 [1-9]' <<<"$got" || fail "JDK $jdk: GetClassFields never answered CLASS_NOT_PREPARED"
    grep -q '^GetLineNumberTable 104 [1-9]' <<<"$got" || fail "JDK $jdk: GetLineNumberTable never answered NATIVE_METHOD"
    n=$(grep -cE 'JVMTI_ERROR_|\] call ' "$out/stderr" || true)
    [[ $n -eq 0 ]] || fail "JDK $jdk: the default printed $n failed calls: $(grep -m2 -E 'JVMTI_ERROR_|\] call ' "$out/stderr")"
    grep -q '^jvmticheck: no problems found' "$out/stderr" || fail "JDK $jdk: verdict: $(grep '^jvmticheck:' "$out/stderr")"

    e2e_java "-agentpath:$LIBJVMTICHECK=format=jsonl,log=$log,record=$out/default-$jdk.bin,agent=$agent" Workload
    e2e_expect_clean_run "$log"
    [[ $(count call) -eq 0 ]] || fail "JDK $jdk: $(count call) call records by default, expected none"
    "$JVMTIGEN" trace --format=jsonl "$out/default-$jdk.bin" >"$out/default-$jdk.decoded" 2>"$out/decode.err" ||
        fail "JDK $jdk: jvmtigen trace: $(head -2 "$out/decode.err")"
    n=$(grep -c '"kind":"call"' "$out/default-$jdk.decoded" || true)
    [[ $n -eq 0 ]] || fail "JDK $jdk: the default recording holds $n call records, expected none"

    echo "== JDK $jdk: summary=on counts them, errors and expected_errors"
    log=$out/summary-$jdk.jsonl
    rm -f "$log"
    e2e_java "-agentpath:$LIBJVMTICHECK=summary=on,format=jsonl,log=$log,agent=$agent" Workload
    e2e_expect_clean_run "$log"
    [[ $(count call) -eq 0 ]] || fail "JDK $jdk: summary=on: $(count call) call records, expected none"
    agent_got >"$out/got.txt"
    py "$log" "$out/got.txt" >"$out/summary.diff" <<'PY' || fail "JDK $jdk: the summary's counts are not what the agent got: $(cat "$out/summary.diff")"
import collections, json, sys
want = collections.Counter()
for line in open(sys.argv[2]):
    if line.strip():
        f, e, n = line.split()
        want[f] += int(n)
bad = 0
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o["kind"] == "summary" and o.get("type") == "function" and o["name"] in ("GetClassMethods", "GetClassFields", "GetLineNumberTable"):
        if (o["errors"], o["expected_errors"]) != (want[o["name"]], want[o["name"]]):
            print("%s: errors %d, expected_errors %d; the agent got %d" % (o["name"], o["errors"], o["expected_errors"], want[o["name"]]))
            bad = 1
        want.pop(o["name"], None)
if [f for f in want if f != "RawMonitorExit"]:
    print("no summary row for %s" % sorted(want))
    bad = 1
sys.exit(bad)
PY

    echo "== JDK $jdk: trace=errors prints each of them"
    log=$out/errors-$jdk.jsonl
    rm -f "$log" "$out/errors-$jdk.bin"
    e2e_java "-agentpath:$LIBJVMTICHECK=trace=errors,format=jsonl,log=$log,record=$out/errors-$jdk.bin,agent=$agent" Workload
    e2e_expect_clean_run "$log"
    got=$(agent_got)
    printed=$(calls_by_error "$log")
    [[ "$printed" == "$got" ]] || fail "JDK $jdk: trace=errors printed '$(tr '\n' ';' <<<"$printed")', the agent got '$(tr '\n' ';' <<<"$got")'"
    "$JVMTIGEN" trace --format=jsonl "$out/errors-$jdk.bin" >"$out/errors-$jdk.decoded" 2>"$out/decode.err" ||
        fail "JDK $jdk: jvmtigen trace: $(head -2 "$out/decode.err")"
    recorded=$(calls_by_error "$out/errors-$jdk.decoded")
    [[ "$recorded" == "$got" ]] || fail "JDK $jdk: the trace=errors recording holds '$(tr '\n' ';' <<<"$recorded")'"
    [[ $(count violation) -eq 0 ]] || fail "JDK $jdk: trace=errors: violations: $(grep -m2 '"kind":"violation"' "$log")"

    echo "== JDK $jdk: a misuse is still printed by default"
    log=$out/misuse-$jdk.jsonl
    rm -f "$log"
    e2e_java "-agentpath:$LIBJVMTICHECK=format=jsonl,log=$log,agent=$agent=misuse" Workload
    e2e_expect_clean_run "$log"
    grep -q '^classes_agent: RawMonitorExit 51 1$' "$out/stderr" ||
        fail "JDK $jdk: the agent's RawMonitorExit did not get NOT_MONITOR_OWNER (51) once"
    printed=$(calls_by_error "$log")
    [[ "$printed" == "RawMonitorExit 51 1" ]] || fail "JDK $jdk: misuse: the failed calls printed are '$(tr '\n' ';' <<<"$printed")', expected the RawMonitorExit alone"
    [[ "$(trace violations "$log")" == "monitor_owner RawMonitorExit monitor" ]] ||
        fail "JDK $jdk: misuse: violations '$(trace violations "$log")'"
done
[[ $status -ne 0 ]] || rm -f "$out"/*.bin "$out"/*.decoded
e2e_finish
