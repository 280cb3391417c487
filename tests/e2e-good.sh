#!/usr/bin/env bash
# e2e-good.sh — a well-behaved agent (tests/agents/good_agent.c) under the
# shim with every check on and everything traced: the program runs to the
# end (exit 0), every trace line is JSON, and the trace holds calls and
# events but no violation and no leak.  Again under check=deep.  On JDK 17
# and on the newer JDK (skipped with a note when there is none).
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e-lib.sh"

e2e_init e2e-good
e2e_javac Workload
# good_run LABEL: both runs on the current java
good_run() {
    echo "== $1"
    log=$out/trace-$1.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=check=on,trace=all,format=jsonl,leaks=on,summary=on,log=$log,agent=$AGENTS_DIR/good_agent.so" Workload
    e2e_expect_clean_run "$log"

    if [[ -s $log ]]; then
        ncalls=$(count call)
        nevents=$(count event)
        echo "   $ncalls call records, $nevents event records"
        [[ $ncalls -gt 100 ]] || fail "$1: only $ncalls call records, expected more than 100"
        for name in VMInit ThreadStart ClassPrepare GarbageCollectionStart; do
            [[ $(count event "$name") -gt 0 ]] || fail "$1: no $name event record"
        done
        for kind in violation leak; do
            n=$(count "$kind")
            if [[ $n -ne 0 ]]; then
                fail "$1: $n $kind records, expected none:"
                grep "\"kind\":\"$kind\"" "$log" | head -10
            fi
        done
    fi

    # check=deep: every reference the good agent passes is of the right kind
    log=$out/deep-$1.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=check=deep,trace=errors,format=jsonl,log=$log,agent=$AGENTS_DIR/good_agent.so" Workload
    e2e_expect_clean_run "$log"
    if [[ -s $log ]] && [[ $(count violation) -ne 0 ]]; then
        fail "$1, check=deep: $(count violation) violation records, expected none:"
        grep '"kind":"violation"' "$log" | head -10
    fi
}

good_run jdk17
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    good_run new
fi
e2e_finish
