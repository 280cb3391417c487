#!/usr/bin/env bash
# e2e/reach.sh — leaks against blocks still referenced (issue 11, item 5).
#
# keep_agent (tests/e2e/agents/keep_agent.c) keeps six JVMTI blocks where the
# shim can see them (a static variable, an object tag set by SetTag and one
# set by a heap callback, env-local storage, inside that env-local block,
# thread-local storage) and loses three (only
# in a local; a tag set then cleared; a thread-local slot overwritten).
# The leak report must list exactly the three lost ones as leaks, each at
# its own call site in keep_agent.c, and the six kept ones as "referenced"
# summary records saying where they are held; the verdict counts 3 leaks.
# With text format the same, on the verdict line.  On JDK 17 and the newer
# JDK.  Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-reach
e2e_javac Hello
agent=$AGENTS_DIR/keep_agent.so

reach_run() {
    local label=$1 log=$out/$1.jsonl
    echo "== $label"
    e2e_java "-agentpath:$LIBJVMTICHECK=format=jsonl,log=$log,agent=$agent" Hello
    e2e_expect_clean_run "$log"
    [[ $(count violation) -eq 0 ]] || fail "violations: $(trace violations "$log" | sort | uniq -c)"
    trace held "$log" >"$out/$label.held"
    sed 's/^/   /' "$out/$label.held"

    # the three lost blocks, and nothing else, are leaks
    local leaks
    leaks=$(awk -F'\t' '$1 == "leak" { print $2, $3, $4 }' "$out/$label.held" | sort | tr '\n' ';')
    [[ $leaks == "GetErrorName name_ptr 1;GetErrorName name_ptr 1;GetErrorName name_ptr 1;" ]] \
        || fail "leaks: '$leaks', expected the three GetErrorName blocks"
    for fn in lose_local lose_tag lose_tls; do
        grep -q "^leak	GetErrorName	.*keep_agent.c:[0-9]* $fn+" "$out/$label.held" \
            || fail "no leak at $fn in keep_agent.c"
    done
    # the six kept ones are still referenced, held where the agent put them
    local want
    for want in "GetSystemProperty	value_ptr	data of keep_agent.so	1" \
                "GetClassSignature	signature_ptr	object tag	1" \
                "Allocate	mem_ptr	env-local storage	1" \
                "GetTopThreadGroups	groups_ptr	block from Allocate	1" \
                "GetSystemProperty	value_ptr	thread-local storage	1" \
                "Allocate	mem_ptr	object tag	1"; do
        grep -qF "referenced	$want" "$out/$label.held" || fail "not referenced: $want"
    done
    [[ $(grep -c '^referenced' "$out/$label.held") -eq 6 ]] \
        || fail "$(grep -c '^referenced' "$out/$label.held") referenced groups, expected 6"
    grep -q '^jvmticheck: no violations, 3 leak sites (3 blocks, [0-9]* bytes); log ' "$out/stderr" \
        || fail "verdict: $(grep '^jvmticheck:' "$out/stderr")"
}

reach_run jdk17
# text format: referenced blocks are summary records, the leaks leak records
log=$out/text.log
e2e_java "-agentpath:$LIBJVMTICHECK=log=$log,agent=$agent" Hello
[[ $rc -eq 0 ]] || fail "text: java exited $rc"
[[ $(grep -c '^\[.*\] leak GetErrorName' "$log") -eq 3 ]] || fail "text: not 3 leak lines: $(grep -c ' leak ' "$log")"
grep -q 'summary GetClassSignature .*type=referenced.*held="object tag"' "$log" \
    || fail "text: no referenced GetClassSignature held by an object tag: $(grep summary "$log" | head -5)"
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    reach_run new
fi
e2e_finish
