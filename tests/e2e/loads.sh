#!/usr/bin/env bash
# e2e/loads.sh — one shim file loaded more than once into one VM: each load
# has its own options, checked envs, log and verdict (a later load runs in
# a private copy of the library).  On JDK 17 and the newer JDK:
#   1. two -agentpath of the same libjvmticheck.so on one command line, one
#      with the good agent and one with the misuse agent (check=strict): each log holds its
#      own agent's records (the violations only in the misuse agent's), and
#      each verdict names its load and agent;
#   2. async-profiler's way, by attach: the same shim attached with
#      profiler_agent "start", and again with "stop" (the same agent
#      library, which keeps the env of its first attach and stops through
#      it), then "stop" once more (refused by the agent): the events and the
#      stop's disabling call are in the first load's log, the second load's
#      own calls in its log, and the VM ends with exit 0;
#   3. format=bin twice with one log=: profiler_agent "start" records there,
#      then attach_agent, whose recording takes the name (the first load's
#      is not truncated under its writers, which died of SIGBUS): the VM
#      ends with exit 0, the file holds the second load's records only.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-loads
E2E_TIMEOUT=300     # a hang guard, not a time limit
e2e_javac Workload AttachMany

# two_agents JDK
two_agents() {
    local label="JDK $1, two -agentpath" good=$out/$1-good.jsonl bad=$out/$1-misuse.jsonl
    echo "== $label"
    rm -f "$good" "$bad"
    e2e_java "-agentpath:$LIBJVMTICHECK=check=on,trace=all,format=jsonl,log=$good,agent=$AGENTS_DIR/good_agent.so" \
        "-agentpath:$LIBJVMTICHECK=check=strict,trace=errors,format=jsonl,log=$bad,agent=$AGENTS_DIR/misuse_agent.so" \
        Workload
    e2e_expect_clean_run "$good"
    [[ $(count call) -ge 20 ]] || fail "$label: $(count call) call records in the good agent's log"
    [[ $(count violation) -eq 0 ]] || fail "$label: $(count violation) violations in the good agent's log"
    grep -q "\"options\":\"[^\"]*agent=$AGENTS_DIR/good_agent.so\"" "$good" || fail "$label: the good agent's log has no header of its own"
    e2e_expect_clean_run "$bad"
    [[ $(count violation) -ge 5 ]] || fail "$label: $(count violation) violations in the misuse agent's log, expected many"
    grep -q "\"options\":\"[^\"]*agent=$AGENTS_DIR/misuse_agent.so\"" "$bad" || fail "$label: the misuse agent's log has no header of its own"
    grep -q '^jvmticheck (load 1, good_agent.so): no problems found' "$out/stderr" ||
        fail "$label: no clean verdict for load 1 (the good agent)"
    grep -qE '^jvmticheck \(load 2, misuse_agent.so\): [0-9]+ violations' "$out/stderr" ||
        fail "$label: no verdict with violations for load 2 (the misuse agent)"
    return 0
}

# start_stop JDK
start_stop() {
    local label="JDK $1, attach start then stop" first=$out/$1-start.jsonl second=$out/$1-stop.jsonl
    local agent=$AGENTS_DIR/profiler_agent.so
    echo "== $label"
    rm -f "$first" "$second"
    e2e_java -Djdk.attach.allowAttachSelf=true AttachMany \
        "$LIBJVMTICHECK" "trace=all,format=jsonl,log=$first,agent=$agent=start" work=500 \
        "$LIBJVMTICHECK" "trace=all,format=jsonl,log=$second,agent=$agent=stop" work=200 \
        "$LIBJVMTICHECK" "trace=all,agent=$agent=stop" work=200
    e2e_expect_clean_exit "$label"
    for want in 'load 1: ok' 'load 2: ok' 'load 3: refused (returned -1)'; do
        grep -qxF "$want" "$out/stdout" || fail "$label: no '$want'"
    done
    grep -q '^done' "$out/stdout" || fail "$label: the VM did not run to its end"
    grep -qE '^profiler_agent: stopped, [1-9][0-9]* threads started$' "$out/stderr" ||
        fail "$label: the stop attach did not reach the started agent"
    grep -qx 'profiler_agent: not started' "$out/stderr" || fail "$label: the second stop did not reach the agent"
    for n in 1 2; do
        grep -q "^jvmticheck (load $n, profiler_agent.so): no problems found" "$out/stderr" ||
            fail "$label: no verdict of load $n naming its agent"
    done
    e2e_expect_clean_run "$first"
    [[ $(count event ThreadStart) -ge 1 ]] || fail "$label: no ThreadStart event in load 1's log"
    [[ $(count call SetEventNotificationMode) -eq 2 ]] ||
        fail "$label: load 1's log should hold the enabling and the disabling call (through its env)"
    e2e_expect_clean_run "$second"
    [[ $(count call GetPhase) -eq 1 && $(count call DisposeEnvironment) -eq 1 ]] ||
        fail "$label: load 2's own calls are not in its log"
    [[ $(count event) -eq 0 && $(count call SetEventNotificationMode) -eq 0 ]] ||
        fail "$label: load 2's log holds load 1's records"
    return 0
}

# same_bin JDK
same_bin() {
    local label="JDK $1, format=bin twice with one log=" bin=$out/$1-same.bin
    local agent=$AGENTS_DIR/profiler_agent.so
    echo "== $label"
    rm -f "$bin"
    e2e_java -Djdk.attach.allowAttachSelf=true AttachMany \
        "$LIBJVMTICHECK" "trace=all,format=bin,log=$bin,agent=$agent=start" work=300 \
        "$LIBJVMTICHECK" "trace=all,format=bin,log=$bin,agent=$AGENTS_DIR/attach_agent.so=same" work=1000 \
        "$LIBJVMTICHECK" "trace=all,format=jsonl,log=$out/$1-same-stop.jsonl,agent=$agent=stop"
    e2e_expect_clean_exit "$label"
    grep -q '^done' "$out/stdout" || fail "$label: the VM did not run to its end"
    grep -qE '^profiler_agent: stopped, [1-9][0-9]* threads started$' "$out/stderr" ||
        fail "$label: the first load's agent did not run on"
    if "$JVMTIGEN" trace --format=jsonl "$bin" >"$bin.jsonl" 2>"$out/decode.err"; then
        e2e_expect_clean_run "$bin.jsonl"
        [[ $(count call GetLoadedClasses) -eq 1 ]] || fail "$label: the second load's calls are not in the recording"
        [[ $(count event ThreadStart) -eq 0 ]] || fail "$label: the first load's events are in the second's recording"
    else
        fail "$label: jvmtigen trace $bin: $(head -2 "$out/decode.err")"
    fi
    return 0
}

two_agents 17
start_stop 17
same_bin 17
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    two_agents new
    start_stop new
    same_bin new
fi
e2e_finish
