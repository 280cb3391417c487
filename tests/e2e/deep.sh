#!/usr/bin/env bash
# e2e/deep.sh — the checks of check=deep that ask the VM's state, on JDK 17
# and the newer JDK: tests/e2e/agents/deep_agent.c on tests/e2e/java/DeepTarget
# (compiled with -g) and NoDebug (compiled with -g:none).
#
# - mistakes, check=deep: exactly the violations of tests/e2e/deep.expect
#   (dead references, a String as a class loader, native and abstract
#   methods, a location past the end, local slots and types against the
#   method's table, packages not in java.base, a raw monitor never created,
#   watches and a breakpoint cleared that were never set); the program runs
#   as without the shim;
# - mistakes, check=strict+deep: the same violations, and each call
#   answered with HotSpot's own error for the mistake: what check=off (the
#   VM alone) answered, except where the VM accepts a dead local reference
#   (it reads a freed slot): there strict answers what the VM answers for a
#   deleted global one, INVALID_CLASS;
# - NoDebug has no local variable table: the VM refuses an int slot read as
#   an object (TYPE_MISMATCH, from its own frame map) but the shim cannot
#   tell, so nothing is reported for it; a slot past max_locals is;
# - the same functions used correctly (deep_agent.so=good: live locals,
#   globals, a weak reference, a local from before a PushLocalFrame, the
#   right slots and types, a boolean slot read as int, an array as an
#   object, real packages, any name for an unnamed module, a ClassLoader and
#   NULL as loader, watches set then cleared; a native method's class and
#   argument, 20000 calls, interpreted then compiled), under check=deep and
#   check=strict+deep: no violation.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-deep
"$JAVAC" -g:none -d "$out/classes" "$srcdir/tests/e2e/java/NoDebug.java"
"$JAVAC" -g -cp "$out/classes" -d "$out/classes" "$srcdir/tests/e2e/java/DeepTarget.java"
agent=$AGENTS_DIR/deep_agent.so

# answers FILE: the agent's "LABEL = ERROR" lines of the last run
answers() { sed -n 's/^deep_agent: \([A-Za-z_]*\) = \(JVMTI_ERROR_[A-Z_]*\)$/\1 \2/p' "$out/stderr" >"$1"; }

deep_runs() {
    local tag=$1 log
    echo "== $tag: without the shim"
    e2e_java DeepTarget
    e2e_expect_clean_exit "$tag, no shim"
    cp "$out/stdout" "$out/$tag.plain.stdout"
    grep -q '^deep target done ' "$out/stdout" || fail "$tag: DeepTarget did not finish"

    echo "== $tag: the mistakes, check=off (the VM's own answers)"
    e2e_java "-agentpath:$LIBJVMTICHECK=check=off,trace=none,agent=$agent=mistakes" DeepTarget
    e2e_expect_clean_exit "$tag, check=off"
    answers "$out/$tag.off"
    [[ $(wc -l <"$out/$tag.off") -eq 28 ]] || fail "$tag: check=off: $(wc -l <"$out/$tag.off") answers, expected 28"
    grep -qx 'nodebug_int_slot_as_object JVMTI_ERROR_TYPE_MISMATCH' "$out/$tag.off" \
        || fail "$tag: the VM did not refuse NoDebug's int slot read as an object"

    local check
    for check in deep strict+deep; do
        echo "== $tag: the mistakes, check=$check"
        log=$out/$tag-$check.jsonl
        e2e_java "-agentpath:$LIBJVMTICHECK=check=$check,format=jsonl,repeat=1000,log=$log,agent=$agent=mistakes" DeepTarget
        e2e_expect_clean_run "$log"
        cmp -s "$out/stdout" "$out/$tag.plain.stdout" || fail "$tag, check=$check: the program's output differs"
        trace expect "$log" "$srcdir/tests/e2e/deep.expect" || fail "$tag, check=$check: the violations differ from deep.expect"
        answers "$out/$tag.$check"
    done
    # strict: HotSpot's error for each mistake
    local label off strict dead
    dead=$(awk '$1 == "deleted_global_class" { print $2 }' "$out/$tag.off")
    [[ $dead == JVMTI_ERROR_INVALID_CLASS ]] || fail "$tag: the VM answered $dead for a deleted global class"
    while read -r label off; do
        strict=$(awk -v l="$label" '$1 == l { print $2 }' "$out/$tag.strict+deep")
        case $label in
        stale_local_class | other_thread_local_class | popped_frame_class)
            [[ $strict == "$dead" ]] || fail "$tag: $label: strict answered '$strict', expected $dead" ;;
        *)
            [[ $strict == "$off" ]] || fail "$tag: $label: strict answered '$strict', the VM $off" ;;
        esac
    done <"$out/$tag.off"
    echo "   strict answered as the VM does ($(wc -l <"$out/$tag.off") mistakes; dead locals as a deleted global)"

    for check in deep strict+deep; do
        echo "== $tag: used correctly, check=$check"
        log=$out/$tag-good-$check.jsonl
        e2e_java "-agentpath:$LIBJVMTICHECK=check=$check,format=jsonl,summary=on,log=$log,agent=$agent=good" DeepTarget
        e2e_expect_clean_exit "$tag, good, check=$check"
        cmp -s "$out/stdout" "$out/$tag.plain.stdout" || fail "$tag, good, check=$check: the program's output differs"
        if [[ -s $log ]]; then
            trace counts "$log" >"$out/counts" || fail "$tag: $log has lines that are not JSON"
            [[ $(count violation) -eq 0 ]] || fail "$tag, good, check=$check: $(trace violations "$log" | sort | uniq -c)"
        fi
        # the native method ran 20000 times: its frame's references judged live
        grep -q '"kind":"summary","name":"GetObjectSize",.*"calls":200[0-9][0-9],' "$log" \
            || fail "$tag, good, check=$check: DeepTarget.framed did not run through the agent"
    done
}

deep_runs jdk17
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    deep_runs new
fi
e2e_finish
