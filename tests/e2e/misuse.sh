#!/usr/bin/env bash
# e2e/misuse.sh — an agent that makes every mistake (tests/e2e/agents/misuse_agent.c)
# under check=strict: the wrapper refuses each bad call, so the VM survives
# and the program exits 0, and each mistake listed in tests/e2e/misuse.expect
# (check id, function, param) left a violation record; refused calls are
# traced with their arguments; in text, names=on leaves the references
# of refused calls as addresses and names the accepted ones.  Among them a raw
# monitor destroyed by its owner while another agent thread waits on it
# (monitor_destroy_busy, never passed on: the VM would free it under the
# waiter); the agent then notifies, the waiter leaves, nothing hangs.  That
# one alone again under check=on (misuse_agent.so=busy): still refused.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-misuse
# A hang guard: the raw monitor mistakes (a monitor destroyed while another
# thread waits on it) must leave no thread stuck.
E2E_TIMEOUT=300
e2e_javac Workload
# misuse_run NAME [CHECK AGENT-OPTIONS EXPECT]: one run on the current java
misuse_run() {
    local log=$out/trace-$1.jsonl check=${2:-strict} opts=${3:+=$3} expect=${4:-$srcdir/tests/e2e/misuse.expect}
    e2e_java "-agentpath:$LIBJVMTICHECK=check=$check,format=jsonl,trace=errors,leaks=on,log=$log,agent=$AGENTS_DIR/misuse_agent.so$opts" Workload
    e2e_expect_clean_run "$log"
    if [[ -s $log ]]; then
        echo "   violations in the trace:"
        trace violations "$log" | sort | uniq -c | sed 's/^/     /'
        trace expect "$log" "$expect" || fail "$1: the violations differ from misuse.expect (see above)"
        # a refused call is traced with its arguments, like one passed on
        grep -q '"name":"SetEventNotificationMode",.*"args":{"mode":"7","event_type":"VMInit","event_thread":null},"error":"JVMTI_ERROR_ILLEGAL_ARGUMENT","refused":' "$log" \
            || fail "$1: the refused SetEventNotificationMode(7, VMInit) lost its arguments"
        grep -q '"name":"Deallocate",.*"args":{"mem":"0x[0-9a-f]*"},"error":"JVMTI_ERROR_ILLEGAL_ARGUMENT","refused":' "$log" \
            || fail "$1: a refused Deallocate lost its argument"
        # the agent asked GetEnv for 1.2: a note, not a violation, once
        notes=$(trace notes "$log")
        [[ $notes == "note portability SetHeapSamplingInterval" ]] \
            || fail "$1: notes: '$notes', expected one portability note for SetHeapSamplingInterval"
    fi
}

misuse_run jdk17
# check=strict+deep: the same, and references of the wrong kind (the agent
# makes those only with its option deep)
cat "$srcdir/tests/e2e/misuse.expect" "$srcdir/tests/e2e/misuse-deep.expect" >"$out/deep.expect"
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
# names=on (the default in text) must not ask the VM about a reference it
# refused or would refuse: the wrong-kind jclass (deep), the one passed from
# a heap callback, a good one with a NULL output; a class the VM accepted
# is named.  The VM survives.
log=$out/names.log
e2e_java "-agentpath:$LIBJVMTICHECK=check=strict+deep,trace=all,log=$log,agent=$AGENTS_DIR/misuse_agent.so=deep" Workload
[[ $rc -eq 0 ]] || fail "names: java exited $rc"
grep -q '\] call GetClassSignature(klass=0x[0-9a-f]*) = JVMTI_ERROR_INVALID_CLASS dur=0ns refused=' "$log" \
    || fail "names: the refused wrong-kind GetClassSignature is not traced with its address"
grep -q 'thread="VM Thread".*\] call GetClassSignature(klass=0x[0-9a-f]*) = JVMTI_ERROR_ACCESS_DENIED dur=0ns refused=' "$log" \
    || fail "names: the GetClassSignature refused in a heap callback is not traced with its address"
grep -q 'refused=.*' "$log" && grep 'refused=' "$log" | grep -q '="L' \
    && fail "names: a refused call's reference was named: $(grep 'refused=' "$log" | grep -m1 '="L')"
grep -q '\] call GetClassMethods(klass=0x[0-9a-f]*) = JVMTI_ERROR_NULL_POINTER dur=0ns refused=' "$log" \
    || fail "names: the refused GetClassMethods of a good class is not traced with its address"
grep -q '\] call GetClassSignature(klass="Ljava/lang/Thread;") -> out(signature_ptr="Ljava/lang/Thread;") = JVMTI_ERROR_NONE' "$log" \
    || fail "names: an accepted jclass is not named"

# the more JDKs from 11 on (the agent's mistakes include module functions
# and heap sampling, JVMTI 9 and 11: JDK 8 has neither)
for jdk in $(e2e_jdks 11); do e2e_use_jdk "$jdk"; busy_run "$jdk_label-busy"; misuse_run "$jdk_label"; done
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    busy_run new-busy
    misuse_run new
    misuse_run new-deep strict+deep deep "$out/deep.expect"
fi
e2e_finish
