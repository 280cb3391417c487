#!/usr/bin/env bash
# e2e/wrap.sh — an agent that links libjvmticheck and wraps its own env with
# jvmti_check_wrap() (tests/e2e/agents/wrap_agent.c), no shim: its calls are
# traced, its VMInit callback gets the checked env and sees the live phase
# (no phase violation), and its one mistake is reported.  The string it
# keeps in a static and frees in Agent_OnUnload, after the leak report at
# VMDeath, is no leak but a "referenced" summary record held by the
# agent's data, then one late_deallocate note, and the Deallocate succeeds.
# On JDK 17 and on the newer JDK (skipped with a note when there is none).
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-wrap
e2e_javac Hello
LD_LIBRARY_PATH=$(dirname "$LIBJVMTICHECK")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH

# wrap_run LABEL: one run on the current java
wrap_run() {
    echo "== $1"
    log=$out/trace-$1.jsonl
    # The agent finds the uninstalled libjvmticheck.so here.
    e2e_java "-agentpath:$AGENTS_DIR/wrap_agent.so=check=on,trace=all,format=jsonl,log=$log" Hello
    e2e_expect_clean_run "$log"

    if [[ -s $log ]]; then
        ncalls=$(count call)
        echo "   $ncalls call records"
        [[ $ncalls -ge 5 ]] || fail "$1: $ncalls call records, expected at least 5"
        [[ $(count event VMInit) -eq 1 ]] || fail "$1: no VMInit event record"
        got=$(trace violations "$log")
        want='null_pointer GetThreadState thread_state_ptr'
        [[ $got == "$want" ]] || fail "$1: violations: got '${got//$'\n'/; }', expected only '$want'"
        # kept in a static until Agent_OnUnload: still referenced at the report, no leak
        [[ $(count leak) -eq 0 ]] || fail "$1: $(count leak) leak records, expected none"
        got=$(trace held "$log")
        [[ $got == "referenced	GetSystemProperty	value_ptr	data of wrap_agent.so	1" ]] \
            || fail "$1: held: got '$got', expected GetSystemProperty's string referenced by wrap_agent.so's data"
        got=$(trace notes "$log")
        [[ $got == "note late_deallocate Deallocate" ]] || fail "$1: notes: got '$got', expected one late_deallocate"
    fi
}

wrap_run jdk17
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    wrap_run new
fi
e2e_finish
