#!/usr/bin/env bash
# e2e/good.sh — a well-behaved agent (tests/e2e/agents/good_agent.c) under the
# shim with every check on and everything traced: the program runs to the
# end (exit 0), every trace line is JSON, and the trace holds calls and
# events but no violation and no leak; the signatures it keeps as class
# tags are "referenced" summary records held by object tags, the
# summary=on table counts the agent's calls as the trace has them (the
# shim's own apart) largest first, and the verdict says no problems were
# found.  In text, names=on (the default) shows classes, methods and
# fields by name; names=off as addresses.  Again under check=deep.  On
# JDK 17 and on the newer JDK (skipped with a note when there is none).
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-good
e2e_javac Workload
# good_run LABEL: every run on the current java
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
        trace held "$log" >"$out/held-$1"
        grep -q '^referenced	GetClassSignature	signature_ptr	object tag	[1-9]' "$out/held-$1" \
            || fail "$1: the signatures kept as class tags are not referenced by object tags: $(cat "$out/held-$1")"
        # summary=on: the agent's calls as the trace has them, the shim's apart, by count
        trace summary "$log" || fail "$1: summary=on table disagrees with the trace (above)"
        grep -q '^jvmticheck: no problems found ([0-9]* calls checked); log ' "$out/stderr" \
            || fail "$1: verdict: $(grep '^jvmticheck:' "$out/stderr")"
    fi

    # names=on, the default in text: classes, methods and fields by name
    log=$out/names-$1.log
    e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,log=$log,agent=$AGENTS_DIR/good_agent.so" Workload
    [[ $rc -eq 0 ]] || fail "$1: names: java exited $rc"
    for want in 'call GetMethodName(method="Workload.main([Ljava/lang/String;)V")' \
                'call GetFieldName(klass="LWorkload;", field="Workload.total")' \
                'klass="LWorkload$Piece;") dur=' \
                'call IsMethodNative(method="Workload$Piece.run()V")'; do
        grep -qF "$want" "$log" || fail "$1: names=on: no record with '$want'"
    done
    grep -q '\] event ClassPrepare(thread=0x[0-9a-f]*, klass="LWorkload\$Piece;")' "$log" \
        || fail "$1: names=on: no ClassPrepare event naming Workload\$Piece"
    # names=off, and jsonl (off by default): addresses
    log=$out/nonames-$1.log
    e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,names=off,log=$log,agent=$AGENTS_DIR/good_agent.so" Workload
    grep -q 'call GetMethodName(method=0x[0-9a-f]*)' "$log" || fail "$1: names=off: methods not as addresses"
    grep -q 'method="Workload' "$log" && fail "$1: names=off: a method by name"

    # check=deep: every reference the good agent passes is of the right kind
    log=$out/deep-$1.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=check=deep,trace=errors,format=jsonl,log=$log,agent=$AGENTS_DIR/good_agent.so" Workload
    e2e_expect_clean_run "$log"
    if [[ -s $log ]] && [[ $(count violation) -ne 0 ]]; then
        fail "$1, check=deep: $(count violation) violation records, expected none:"
        grep '"kind":"violation"' "$log" | head -10
    fi
    return 0
}

good_run jdk17
for jdk in $(e2e_jdks); do e2e_use_jdk "$jdk"; good_run "$jdk_label"; done
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    good_run new
fi
e2e_finish
