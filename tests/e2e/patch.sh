#!/usr/bin/env bash
# e2e/patch.sh — agents that touch the machinery work through the shim.
#
# patch_agent (tests/e2e/agents/patch_agent.c) writes hooks into its env's
# function table as async-profiler does (RetransformClasses,
# GetLoadedClasses) and calls through them; calls HotSpot's extension
# functions (IsClassUnloadingEnabled; GetCarrierThread where the VM has it)
# and enables the ClassUnload extension event with SetEventNotificationMode.
# check=strict: exit 0; the hooks ran (2) and the wrapper behind them traced
# the calls; one table_patch note per patched slot; the extension calls
# traced under their ids; one extension_event note; no violation, no leak.
# On JDK 17 and on the newer JDK.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-patch
e2e_javac Hello
agent=$AGENTS_DIR/patch_agent.so

# patch_run LABEL EXTENSION_CALLS
patch_run() {
    local log=$out/$1.jsonl
    echo "== $1"
    e2e_java "-agentpath:$LIBJVMTICHECK=check=strict,format=jsonl,trace=all,log=$log,agent=$agent" Hello
    e2e_expect_clean_run "$log"
    local line
    line=$(grep '^patch_agent: hooks=' "$out/stderr" || true)
    [[ $line == "patch_agent: hooks=2 extension_calls=$2" ]] \
        || fail "the agent says '$line', expected 'patch_agent: hooks=2 extension_calls=$2'"
    [[ $(count call RetransformClasses) -eq 1 ]] || fail "RetransformClasses not traced once through the hook"
    [[ $(count call GetLoadedClasses) -ge 1 ]] || fail "GetLoadedClasses not traced through the hook"
    [[ $(count call com.sun.hotspot.functions.IsClassUnloadingEnabled) -eq 1 ]] \
        || fail "the extension function's call is not traced under its id"
    local notes
    notes=$(trace notes "$log" | sort)
    [[ $notes == "$(printf '%s\n' 'note extension_event SetEventNotificationMode' 'note table_patch GetLoadedClasses' 'note table_patch RetransformClasses' | sort)" ]] \
        || fail "notes: '${notes//$'\n'/; }'"
    [[ $(count violation) -eq 0 ]] || fail "violations: $(trace violations "$log" | sort | uniq -c)"
    [[ $(count leak) -eq 0 ]] || fail "leaks: $(grep '"kind":"leak"' "$log")"
}

patch_run jdk17 1
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    patch_run new 2
fi
e2e_finish
