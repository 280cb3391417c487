#!/usr/bin/env bash
# options-doc.sh — the shim's options are documented from one source, the
# parser's table in gen/runtime/common/jc_options.c (its rows carry the argument,
# the default and a help line; `help` prints them, jc_help.c):
#   1. every row has a help line and a default, and a default that is a
#      value parses to what the parser sets without the option
#      (jvmticheck-options check);
#   2. doc/shim.md's and doc/transport.md's option tables are exactly what
#      jvmticheck-options writes from the rows of each interface (edit the
#      table, then `make update-options-doc`);
#   3. jvmticheck(7)'s OPTIONS entries are made from the rows: the page's
#      source has no entry of its own (no .TP in its OPTIONS section, one
#      "@OPTION NAME@" line per option instead), the page make built is what
#      the tool writes, with one entry per shim option, and a source with a
#      line for an unknown option or without one for a known option is an
#      error naming the file and line.
# Text only, no VM.  Exit 0 pass, 1 fail.
set -uo pipefail

: "${srcdir:?}" "${builddir:?}"
out=$builddir/tests/out/options-doc
rm -rf "$out"; mkdir -p "$out"
tool=$builddir/jvmticheck-options
status=0
fail() { echo "FAIL: $*"; status=1; }

[[ -x $tool ]] || { echo "FAIL: $tool not built"; exit 1; }

# 1. the rows
if "$tool" check 2>"$out/check.err"; then
    echo "ok   every option row has a help line and a default, and the defaults parse to the parser's"
else
    fail "the options table: $(cat "$out/check.err")"
fi

# 2. the docs' tables
for page in shim:jvmti transport:transport; do
    md=doc/${page%%:*}.md
    if "$tool" md "${page#*:}" <"$srcdir/$md" >"$out/${page%%:*}.md" 2>"$out/md.err"; then
        diff -u "$srcdir/$md" "$out/${page%%:*}.md" >"$out/${page%%:*}.diff" \
            && echo "ok   $md's option table is the table's ${page#*:} rows" \
            || { fail "$md's option table differs from gen/runtime/common/jc_options.c (make update-options-doc):"
                 head -20 "$out/${page%%:*}.diff"; }
    else
        fail "jvmticheck-options md ${page#*:}: $(cat "$out/md.err")"
    fi
done

# 3. the man page
section=$(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$srcdir/doc/jvmticheck.7.in")
if grep -q '^\.TP' <<<"$section"; then
    fail "doc/jvmticheck.7.in's OPTIONS has an entry of its own (.TP): an option's entry is an @OPTION NAME@ line"
else
    echo "ok   doc/jvmticheck.7.in's OPTIONS entries are all @OPTION lines"
fi
if "$tool" man doc/jvmticheck.7.in <"$srcdir/doc/jvmticheck.7.in" >"$out/man.opt" 2>"$out/man.err" \
   && sh "$srcdir/scripts/gen-checks.sh" man "$srcdir/doc/checks.tsv" <"$out/man.opt" >"$out/jvmticheck.7"; then
    cmp -s "$out/jvmticheck.7" "$builddir/doc/jvmticheck.7" \
        && echo "ok   the built doc/jvmticheck.7 is the one made from the table" \
        || fail "doc/jvmticheck.7 is not what jvmticheck-options man makes (stale?)"
    rows=$("$tool" md jvmti < <(printf '<!-- options table -->\n<!-- end of options table -->\n') | grep -c '^| `')
    entries=$(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$out/jvmticheck.7" | grep -c '^\.TP')
    [[ $rows -gt 10 && $rows == "$entries" ]] && echo "ok   $entries options in jvmticheck(7), as many as the shim's rows" \
        || fail "jvmticheck(7) has $entries OPTIONS entries, the table $rows shim rows"
else
    fail "jvmticheck-options man: $(cat "$out/man.err")"
fi

# 3b. a wrong source is one clear error
sed 's/^@OPTION halt@$/@OPTION halts@/' "$srcdir/doc/jvmticheck.7.in" >"$out/bad.7.in"
line=$(grep -n '^@OPTION halts@$' "$out/bad.7.in" | cut -d: -f1)
if "$tool" man bad.7.in <"$out/bad.7.in" >/dev/null 2>"$out/bad.err"; then
    fail "an @OPTION line for an unknown option was taken"
elif grep -q "^bad.7.in:$line: error: 'halts' is no option" "$out/bad.err" \
     && grep -q "^bad.7.in: error: option 'halt' has no line '@OPTION halt@'" "$out/bad.err"; then
    echo "ok   an unknown @OPTION line and a missing one are errors naming the file and line"
else
    fail "a bad @OPTION line: $(cat "$out/bad.err")"
fi
exit $status
