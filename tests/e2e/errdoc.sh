#!/usr/bin/env bash
# e2e/errdoc.sh — an error the VM returns is judged against the spec of the
# VM's own version (gen/runtime/jvmti/jc_errdoc.c, jvmtigen --history).
#
# framepop_agent calls NotifyFramePop twice on the same frame.  JDK 25
# answers the second with JVMTI_ERROR_DUPLICATE (40), which its spec
# documents and the JDK 17 and 21 specs do not.
#   - JDK 17, the shim of the build (the JDK 25 spec, the other shared specs
#     as history): the VM's answers are whatever JDK 17 gives; no
#     undocumented_error, no note.
#   - the newer JDK (skipped with a note when absent), the same shim: 0 then
#     40, nothing reported (documented since 25).
#   - the newer JDK, a shim built from the JDK 21 spec alone: the VM is
#     newer than every spec that shim knows, so DUPLICATE is a note,
#     unjudged_error, once, and no violation.
#   - the newer JDK, a shim from the JDK 21 spec with --history of the JDK
#     17 and 25 specs: nothing reported.
# The verdict on a JDK 17 VM that returned DUPLICATE (a violation, judged
# by the JDK 17 spec) is in check_runtime (test_error_verdicts): no JDK 17
# VM returns it.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-errdoc
e2e_javac Hello
agent=$AGENTS_DIR/framepop_agent.so
for v in 17 21 25; do
    [[ -f $SPEC_DIR/jdk$v/jvmti.xml ]] || { echo "SKIP: $SPEC_DIR/jdk$v/jvmti.xml not found"; exit 77; }
done

answers() {
    sed -n 's/^framepop_agent: NotifyFramePop -> //p' "$out/stderr"
}

# run SHIM NAME: one run of Hello under SHIM with check=strict; log $out/NAME.jsonl
run() {
    log=$out/$2.jsonl
    e2e_java "-agentpath:$1=check=strict,format=jsonl,trace=all,log=$log,agent=$agent" Hello
    e2e_expect_clean_run "$log"
    grep -q '^hello$' "$out/stdout" || fail "$2: Hello did not run"
}

echo "== JDK 17, the shim of the build"
run "$LIBJVMTICHECK" jdk17
got=$(answers)
[[ $got =~ ^0\ [0-9]+$ ]] || fail "jdk17: the agent says '$got'"
[[ $(count violation) -eq 0 ]] || fail "jdk17: violations: $(trace violations "$log")"
[[ $(count note) -eq 0 ]] || fail "jdk17: notes: $(trace notes "$log")"

if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    echo "== newer JDK, the shim of the build: DUPLICATE is documented since 25"
    run "$LIBJVMTICHECK" new
    [[ $(answers) == "0 40" ]] || fail "new: the agent says '$(answers)', expected '0 40'"
    [[ $(count violation) -eq 0 ]] || fail "new: violations: $(trace violations "$log")"
    [[ $(count note) -eq 0 ]] || fail "new: notes: $(trace notes "$log")"

    echo "== newer JDK, a shim from the JDK 21 spec alone: a note, not judged"
    e2e_build_shim "$SPEC_DIR/jdk21/jvmti.xml" "$out/libjvmticheck21.so"
    run "$out/libjvmticheck21.so" new-shim21
    [[ $(answers) == "0 40" ]] || fail "new-shim21: the agent says '$(answers)', expected '0 40'"
    [[ $(count violation) -eq 0 ]] || fail "new-shim21: violations: $(trace violations "$log")"
    notes=$(trace notes "$log" | sort)
    want=$(printf '%s\n' "note unjudged_error NotifyFramePop" "warning vm_newer GetVersionNumber" | sort)
    [[ $notes == "$want" ]] || fail "new-shim21: notes '$notes', expected '$want'"
    grep -q '"check":"unjudged_error".*returned JVMTI_ERROR_DUPLICATE, which no spec the shim knows documents for NotifyFramePop (the newest is 21.0)' "$log" \
        || fail "new-shim21: the note does not say why: $(grep unjudged_error "$log")"

    echo "== newer JDK, a shim from the JDK 21 spec with the 17 and 25 specs as history"
    e2e_build_shim "$SPEC_DIR/jdk21/jvmti.xml" "$out/libjvmticheck21h.so" \
        --history="$SPEC_DIR/jdk17/jvmti.xml" --history="$SPEC_DIR/jdk25/jvmti.xml"
    run "$out/libjvmticheck21h.so" new-shim21h
    [[ $(answers) == "0 40" ]] || fail "new-shim21h: the agent says '$(answers)', expected '0 40'"
    [[ $(count violation) -eq 0 ]] || fail "new-shim21h: violations: $(trace violations "$log")"
    [[ "$(trace notes "$log")" == "warning vm_newer GetVersionNumber" ]] \
        || fail "new-shim21h: notes: $(trace notes "$log")"
fi
e2e_finish
