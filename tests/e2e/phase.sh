#!/usr/bin/env bash
# e2e/phase.sh — the phase is always right: no false `phase` violations.
#
# phase_agent (tests/e2e/agents/phase_agent.c) has can_generate_early_vmstart
# and NativeMethodBind, so its calls land in the primordial, early start,
# start and live phases, and an env it creates in VMInit calls live-phase
# functions from its VMDeath callback.  Some of its calls really are in the
# wrong phase: the VM answers JVMTI_ERROR_WRONG_PHASE.
#   check=on: the call goes to the VM, so the VM's own answer judges us:
#     the `phase` violations must be exactly the calls the VM answered
#     WRONG_PHASE, per function, and as many as the agent counted;
#   check=strict: the agent's count of WRONG_PHASE answers equals the
#     `phase` violations (refused ones included), and nothing else fails.
# No leak and no bad_deallocate either way.  Every occurrence is compared,
# so repeat= shows them all (by default one report per context).  Runs on JDK 17 and on the
# newer JDK when there is one.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-phase
e2e_javac Hello
agent=$AGENTS_DIR/phase_agent.so

agent_count() {
    sed -n "s/^phase_agent: calls=[0-9]* wrong_phase=\([0-9]*\)$/\1/p" "$out/stderr"
}

# phase_run LABEL CHECK
phase_run() {
    local label=$1 check=$2 log=$out/$1-$2.jsonl
    echo "== $label, check=$check"
    e2e_java "-agentpath:$LIBJVMTICHECK=check=$check,format=jsonl,trace=all,repeat=1000000,log=$log,agent=$agent" Hello
    e2e_expect_clean_run "$log"
    local agent_wrong violations
    agent_wrong=$(agent_count)
    violations=$(count violation)
    [[ -n $agent_wrong ]] || { fail "no count line from phase_agent"; return; }
    echo "   the VM refused $agent_wrong calls as WRONG_PHASE; violations: $violations"
    [[ $(trace violations "$log" | grep -vc '^phase ') -eq 0 ]] \
        || fail "violations other than phase: $(trace violations "$log" | grep -v '^phase ' | sort | uniq -c)"
    [[ $(count leak) -eq 0 ]] || fail "leaks reported"
    [[ $violations -eq $agent_wrong ]] || fail "$violations phase violations, but $agent_wrong calls failed with WRONG_PHASE"
    if [[ $check == on ]]; then
        local ours theirs
        ours=$(trace violations "$log" | awk '{ print $2 }' | sort | uniq -c)
        theirs=$(trace calls "$log" | awk '$2 == "JVMTI_ERROR_WRONG_PHASE" { print $1 }' | sort | uniq -c)
        [[ "$ours" == "$theirs" ]] || fail "per function, violations differ from WRONG_PHASE answers: ours '$ours', the VM's '$theirs'"
    fi
    grep -q '"name":"VMDeath"' "$log" || fail "no VMDeath event traced"
}

phase_run jdk17 on
phase_run jdk17 strict
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    phase_run new on
    phase_run new strict
fi
e2e_finish
