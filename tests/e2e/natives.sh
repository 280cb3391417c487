#!/usr/bin/env bash
# e2e/natives.sh — natives in the agent library work through the shim.
#
# tests/e2e/java/Natives.java calls three native methods that
# tests/e2e/agents/natives_agent.c implements (a short JNI name, two overloads
# with long names).  Without the shim HotSpot finds them in the agent
# library; through the shim it must too: the program prints
# "answer=42 twice=14 twice=28" and exits 0, with no violation.  A run with
# an agent that exports no Java_ symbol shows the shim then does not follow
# ClassPrepare at all (no shim calls of GetClassMethods).  On JDK 17 and
# the newer JDK.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-natives
e2e_javac Natives Hello
want="answer=42 twice=14 twice=28"

natives_run() {
    local log=$out/$1.jsonl
    echo "== $1: without the shim"
    e2e_java "-agentpath:$AGENTS_DIR/natives_agent.so" Natives
    [[ $rc -eq 0 && "$(cat "$out/stdout")" == "$want" ]] || fail "without the shim: exit $rc, '$(cat "$out/stdout")'"
    echo "== $1: through the shim"
    e2e_java "-agentpath:$LIBJVMTICHECK=check=strict,trace=all,summary=on,format=jsonl,log=$log,agent=$AGENTS_DIR/natives_agent.so" Natives
    e2e_expect_clean_run "$log"
    [[ "$(cat "$out/stdout")" == "$want" ]] || fail "through the shim the program printed '$(cat "$out/stdout")', expected '$want'"
    grep -q UnsatisfiedLinkError "$out/stderr" && fail "UnsatisfiedLinkError through the shim"
    [[ $(count violation) -eq 0 ]] || fail "violations: $(trace violations "$log" | sort | uniq -c)"
    echo "== $1: an agent without natives: no ClassPrepare work"
    log=$out/$1-none.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=summary=on,format=jsonl,log=$log,agent=$AGENTS_DIR/good_agent.so" Hello
    e2e_expect_clean_run "$log"
    grep -q '"name":"GetClassMethods".*"shim_calls":[1-9]' "$log" && fail "the shim enumerated methods for an agent with no Java_ symbol"
    return 0
}

natives_run jdk17
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    natives_run new
fi
e2e_finish
