#!/usr/bin/env bash
# e2e-misuse.sh — an agent that makes every mistake (tests/agents/misuse_agent.c)
# under check=strict: the wrapper refuses each bad call, so the VM survives
# and the program exits 0, and each mistake listed in tests/data/misuse.expect
# (check id, function, param) left a violation record.  Among them a raw
# monitor destroyed by its owner while another agent thread waits on it
# (monitor_destroy_busy, never passed on: the VM would free it under the
# waiter); the agent then notifies, the waiter leaves, nothing hangs.  That
# one alone again under check=on (misuse_agent.so=busy): still refused.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e-lib.sh"

e2e_init e2e-misuse
# A hang guard: the raw monitor mistakes (a monitor destroyed while another
# thread waits on it) must leave no thread stuck.
E2E_TIMEOUT=300
e2e_javac Workload
# misuse_run NAME [CHECK AGENT-OPTIONS EXPECT]: one run on the current java
misuse_run() {
    local log=$out/trace-$1.jsonl check=${2:-strict} opts=${3:+=$3} expect=${4:-$srcdir/tests/data/misuse.expect}
    e2e_java "-agentpath:$LIBJVMTICHECK=check=$check,format=jsonl,trace=errors,leaks=on,log=$log,agent=$AGENTS_DIR/misuse_agent.so$opts" Workload
    e2e_expect_clean_run "$log"
    if [[ -s $log ]]; then
        echo "   violations in the trace:"
        trace violations "$log" | sort | uniq -c | sed 's/^/     /'
        trace expect "$log" "$expect" || fail "$1: the violations differ from misuse.expect (see above)"
        # the agent asked GetEnv for 1.2: a note, not a violation, once
        notes=$(trace notes "$log")
        [[ $notes == "note portability SetHeapSamplingInterval" ]] \
            || fail "$1: notes: '$notes', expected one portability note for SetHeapSamplingInterval"
    fi
}

misuse_run jdk17
# check=strict+deep: the same, and references of the wrong kind (the agent
# makes those only with its option deep)
cat "$srcdir/tests/data/misuse.expect" "$srcdir/tests/data/misuse-deep.expect" >"$out/deep.expect"
misuse_run jdk17-deep strict+deep deep "$out/deep.expect"
# busy_run NAME: only the busy destroy (misuse_agent.so=busy), under
# check=on: still refused (NOT_MONITOR_OWNER, which the agent expects), one
# violation, the waiter notified and gone, the run ends
busy_run() {
    local log=$out/trace-$1.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=check=on,format=jsonl,trace=errors,log=$log,agent=$AGENTS_DIR/misuse_agent.so=busy" Workload
    e2e_expect_clean_run "$log"
    grep -q '^misuse_agent: busy destroy done$' "$out/stderr" || fail "$1: the agent did not get through"
    [[ "$(trace violations "$log")" == "monitor_destroy_busy DestroyRawMonitor monitor" ]] \
        || fail "$1: violations '$(trace violations "$log")', expected one monitor_destroy_busy"
}
busy_run jdk17-busy
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    busy_run new-busy
    misuse_run new
    misuse_run new-deep strict+deep deep "$out/deep.expect"
fi
e2e_finish
