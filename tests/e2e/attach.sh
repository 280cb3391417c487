#!/usr/bin/env bash
# e2e/attach.sh — the shim loaded into a running VM (Agent_OnAttach), the
# way jcmd JVMTI.agent_load or the Attach API do it: the real agent's
# Agent_OnAttach gets its options verbatim, its calls are checked in the
# live phase (no violation), its VMDeath callback still runs through the
# checked env, and nothing leaks.  On JDK 17 and on the newer JDK (skipped
# with a note when there is none).
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-attach
e2e_javac SelfAttach
# attach_run LABEL: one run on the current java
attach_run() {
    echo "== $1"
    log=$out/trace-$1.jsonl
    e2e_java -Djdk.attach.allowAttachSelf=true SelfAttach "$LIBJVMTICHECK" \
        "check=on,trace=all,format=jsonl,leaks=on,log=$log,agent=$AGENTS_DIR/attach_agent.so=a=1,b=2"
    e2e_expect_clean_run "$log"

    grep -qx "attach_agent: options 'a=1,b=2'" "$out/stderr" || fail "$1: the agent did not get its options 'a=1,b=2' verbatim"
    grep -qx attached "$out/stdout" || fail "$1: the program did not run to the end"
    if [[ -s $log ]]; then
        [[ $(count call) -ge 8 ]] || fail "$1: $(count call) call records, expected at least 8"
        [[ $(count event VMDeath) -eq 1 ]] || fail "$1: no VMDeath event record"
        [[ $(count call GetAllThreads) -eq 1 ]] || fail "$1: the VMDeath callback's call is not in the trace"
        for kind in violation leak; do
            [[ $(count "$kind") -eq 0 ]] || fail "$1: $(count "$kind") $kind records, expected none"
        done
    fi
}

attach_run jdk17
for jdk in $(e2e_jdks); do e2e_use_jdk "$jdk"; attach_run "$jdk_label"; done
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    attach_run new
fi
e2e_finish
