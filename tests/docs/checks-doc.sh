#!/usr/bin/env bash
# checks-doc.sh — the checks are documented from one source (doc/checks.tsv):
#   1. doc/shim.md's checks table is exactly what scripts/gen-checks.sh
#      writes from it (edit the TSV, then run
#      `scripts/gen-checks.sh md doc/checks.tsv <doc/shim.md >x && mv x doc/shim.md`);
#   2. its ids are the runtime's check ids (JC_CHECK_IDS in
#      gen/runtime/jvmti/jc_runtime.h), no more, no fewer, and the HTML page's
#      checks reference (written by hand in templates/jvmti.html.tmpl)
#      explains those ids and the portability note;
#   3. jvmticheck(7), generated from doc/jvmticheck.7.in (and the options
#      table, through jvmticheck-options), has one entry per
#      id, doc/shim.md's words in it, and groff formats it without a warning;
#      the man page make built (doc/jvmticheck.7) is the same;
#   4. a malformed TSV line is an error naming FILE:LINE, and no output.
# Exit 0 pass, 1 fail.
set -uo pipefail

: "${srcdir:?}" "${builddir:?}"
out=$builddir/tests/out/checks-doc
rm -rf "$out"; mkdir -p "$out"
gen=$srcdir/scripts/gen-checks.sh tsv=$srcdir/doc/checks.tsv
status=0
fail() { echo "FAIL: $*"; status=1; }

# 1. doc/shim.md
if sh "$gen" md "$tsv" <"$srcdir/doc/shim.md" >"$out/shim.md"; then
    diff -u "$srcdir/doc/shim.md" "$out/shim.md" >"$out/readme.diff" \
        && echo "ok   doc/shim.md's checks table is doc/checks.tsv's" \
        || { fail "doc/shim.md's checks table differs from doc/checks.tsv:"; head -20 "$out/readme.diff"; }
else
    fail "gen-checks.sh md failed"
fi

# 2. ids
ids_tsv=$(grep -v '^#' "$tsv" | cut -f1 | sort)
ids_rt=$(sed -n '/#define JC_CHECK_IDS/,/^$/p' "$srcdir/gen/runtime/jvmti/jc_runtime.h" \
         | grep -o 'X([a-z_]*)' | sed 's/X(\(.*\))/\1/' | sort)
[[ -n $ids_rt && $ids_tsv == "$ids_rt" ]] && echo "ok   $(echo "$ids_rt" | wc -l) ids, the runtime's" \
    || fail "ids differ: doc/checks.tsv has '$(echo $ids_tsv)', JC_CHECK_IDS '$(echo $ids_rt)'"

# 2b. the HTML page's checks reference (templates/jvmti.html.tmpl, its own
# words) explains every id, and besides them only notes the runtime has
# (JC_NOTE_IDS: portability, virtual_thread_unsupported)
notes_rt=$(sed -n '/#define JC_NOTE_IDS/,/^$/p' "$srcdir/gen/runtime/jvmti/jc_runtime.h" \
           | grep -o 'X([a-z_]*)' | sed 's/X(\(.*\))/\1/' | sort)
ids_html=$(grep -o 'id="check\.[a-z_]*"' "$srcdir/templates/jvmti.html.tmpl" | sed 's/id="check\.//; s/"$//' | sort -u)
html_checks=$(comm -23 <(echo "$ids_html") <(echo "$notes_rt"))
html_other=$(comm -12 <(echo "$ids_html") <(echo "$notes_rt"))
[[ -n $notes_rt && $html_checks == "$ids_tsv" ]] \
    && echo "ok   the HTML checks reference has the same ids (and the notes $(echo $html_other))" \
    || fail "HTML checks reference ids differ: '$(echo $html_checks)' vs doc/checks.tsv '$(echo $ids_tsv)'"

# 3. the man page (its OPTIONS entries from the options table, as make
# writes it: tests/options-doc.sh)
if "$builddir/jvmticheck-options" man doc/jvmticheck.7.in <"$srcdir/doc/jvmticheck.7.in" >"$out/jvmticheck.7.opt" \
   && sh "$gen" man "$tsv" <"$out/jvmticheck.7.opt" >"$out/jvmticheck.7"; then
    for id in $ids_tsv; do
        grep -qx ".B $id" "$out/jvmticheck.7" || fail "jvmticheck(7) has no entry for $id"
    done
    grep -q '@CHECKS@' "$out/jvmticheck.7" && fail "jvmticheck(7) still has @CHECKS@"
    # the words of one doc/shim.md cell, as the man page prints them
    groff -man -Tutf8 -ww "$out/jvmticheck.7" >"$out/jvmticheck.txt" 2>"$out/groff.err" \
        || fail "groff failed on jvmticheck(7)"
    [[ ! -s $out/groff.err ]] || { fail "groff warns:"; head -5 "$out/groff.err"; }
    tr -s ' \n' '  ' <"$out/jvmticheck.txt" | sed 's/‐ //g; s/\x1b\[[0-9;]*m//g; s/.\x08//g' \
        | grep -q 'Deallocate of memory JVMTI did not hand out' \
        || fail "jvmticheck(7) lacks doc/shim.md's words for bad_deallocate"
    if [[ -f $builddir/doc/jvmticheck.7 ]]; then
        cmp -s "$builddir/doc/jvmticheck.7" "$out/jvmticheck.7" && echo "ok   doc/jvmticheck.7 as built" \
            || fail "the built doc/jvmticheck.7 is stale"
    fi
    echo "ok   jvmticheck(7): one entry per check"
else
    fail "gen-checks.sh man failed"
fi

# 4. a bad line
printf 'null_pointer\tonly two columns\n' >"$out/bad.tsv"
if sh "$gen" man "$out/bad.tsv" <"$srcdir/doc/jvmticheck.7.in" >"$out/bad.out" 2>"$out/bad.err"; then
    fail "a TSV line with 2 columns was accepted"
else
    grep -q "^$out/bad.tsv:1: error: expected 3 tab-separated columns" "$out/bad.err" \
        && echo "ok   a malformed line: $(cat "$out/bad.err")" || fail "no FILE:LINE message: $(cat "$out/bad.err")"
fi
exit $status
