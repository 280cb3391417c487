#!/usr/bin/env bash
# e2e/memory.sh — memory after the report: legal frees are never refused.
#
# memory_agent (tests/e2e/agents/memory_agent.c) frees a disposed env's array
# through another env, frees in the VMDeath callback of an env created
# late, and frees two blocks in Agent_OnUnload.  Under check=on, strict and
# off, ended by returning, by System.exit and by Runtime.halt:
# exit 0, every call of the agent succeeds, no violation, no leak.  On JDK
# 17 and, for one run, on the newer JDK.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-memory
e2e_javac Exit
agent=$AGENTS_DIR/memory_agent.so

# memory_run LABEL CHECK HOW
memory_run() {
    local log=$out/$1-$2-$3.jsonl
    echo "== $1, check=$2, ending by $3"
    e2e_java "-agentpath:$LIBJVMTICHECK=check=$2,leaks=on,summary=on,format=jsonl,trace=all,log=$log,agent=$agent" Exit "$3"
    e2e_expect_clean_run "$log"
    grep -q '^memory_agent: unloaded$' "$out/stderr" || fail "the agent's Agent_OnUnload did not run"
    [[ $(count violation) -eq 0 ]] || fail "violations: $(trace violations "$log" | sort | uniq -c)"
    [[ $(count leak) -eq 0 ]] || fail "leaks reported: $(grep '"kind":"leak"' "$log")"
    [[ $(trace calls "$log" | grep -vc ' JVMTI_ERROR_NONE$') -eq 0 ]] \
        || fail "calls that failed: $(trace calls "$log" | grep -v ' JVMTI_ERROR_NONE$' | sort | uniq -c)"
    # 1 in VMInit, 2 in the late env's VMDeath (HotSpot posts it on halt
    # too), 2 in Agent_OnUnload
    local want=5
    [[ $(trace calls "$log" | grep -c '^Deallocate ') -eq $want ]] \
        || fail "$(trace calls "$log" | grep -c '^Deallocate ') Deallocate calls traced, the agent makes $want"
}

memory_run jdk17 on return
memory_run jdk17 strict exit
memory_run jdk17 off halt
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    memory_run new strict exit
fi
e2e_finish
