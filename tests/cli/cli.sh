#!/usr/bin/env bash
# cli.sh — jvmtigen's command line as OpenJDK's build and a new user meet it.
#
# 1. jvmtiGen's options (-IN SPEC -XSL STYLESHEET -OUT FILE -PARAM NAME
#    VALUE, what a HotSpot build passes to its TOOL_JVMTI_GEN): -OUT into
#    a folder that does not exist yet makes it, and the file is what
#    --xsl makes (and what OpenJDK's jvmtiGen made); a mistyped or foreign
#    option is named, with the right one suggested; a missing or broken
#    argument is exit 2 with one line and writes nothing.  site -o and
#    pot -o make their new folders with the parents too.
# 2. --help lists every subcommand main() dispatches (each `jt_*_main` of
#    gen/), and each subcommand's own --help works.
#    A spec with a mistyped type element gets one error line, not the
#    DTD's warnings and the follow-on "has no type" as well.
# 3. jvmtigen(1) and jvmticheck(7) refer to each other.
# Exit 0 pass, 1 fail, 77 skip (inputs missing).
set -uo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}" "${srcdir:?}"
out=$builddir/tests/out/cli
rm -rf "$out"; mkdir -p "$out"
ref=$SPEC_DIR/../reference/openjdk/jdk25
spec=$SPEC_DIR/jdk25/jvmti.xml
[[ -f $spec && -d $ref/xsl ]] || { echo "SKIP: $spec or $ref/xsl not found (see ../shared/README.md)"; exit 77; }
fail=0 pass=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
ok() { pass=$((pass + 1)); }

# ---- 1. jvmtiGen's options ---------------------------------------------
echo "== -OUT into a new nested folder"
nested=$out/new/a/b/c/jvmti.h
rc=0
"$JVMTIGEN" -IN "$spec" -XSL "$ref/xsl/jvmtiH.xsl" -OUT "$nested" -PARAM majorversion 25 2>"$out/nested.err" || rc=$?
if [[ $rc -eq 0 ]] && cmp -s "$nested" "$ref/jvmti.h"; then ok; else bad "-OUT $nested: exit $rc, $(head -2 "$out/nested.err")"; fi
echo "== -OUT with no directory part writes into the current one; -q with the rest"
rc=0
(cd "$out" && "$JVMTIGEN" -q -PARAM interface jvmti -PARAM majorversion 25 -XSL "$ref/xsl/jvmtiEnter.xsl" \
    -IN "$spec" -OUT jvmtiEnter.cpp) 2>"$out/here.err" || rc=$?
if [[ $rc -eq 0 && ! -s $out/here.err ]] && cmp -s "$out/jvmtiEnter.cpp" "$ref/jvmtiEnter.cpp"; then ok
else bad "-OUT jvmtiEnter.cpp: exit $rc, $(head -2 "$out/here.err")"; fi

echo "== site -o and pot -o into new nested folders"
rc=0
"$JVMTIGEN" site -q -o "$out/site/a/b" "$spec" 2>"$out/site.err" || rc=$?
if [[ $rc -eq 0 && -s $out/site/a/b/index.html ]]; then ok; else bad "site -o $out/site/a/b: exit $rc, $(head -2 "$out/site.err")"; fi
rc=0
"$JVMTIGEN" pot -q -o "$out/pot/a/b/jvmti.pot" "$spec" 2>"$out/pot.err" || rc=$?
if [[ $rc -eq 0 ]] && grep -q '^msgid' "$out/pot/a/b/jvmti.pot"; then ok
else bad "pot -o $out/pot/a/b/jvmti.pot: exit $rc, $(head -2 "$out/pot.err")"; fi

# usage NAME WANT ARGS...: exit 2, WANT in the first stderr line, nothing written
usage() {
    local name=$1 want=$2 rc=0; shift 2
    echo "== $name: jvmtigen $*"
    (cd "$out" && "$JVMTIGEN" "$@") >"$out/$name.out" 2>"$out/$name.err" || rc=$?
    if [[ $rc -ne 2 ]]; then bad "$name: exit $rc, expected 2"
    elif ! head -1 "$out/$name.err" | grep -qF -- "$want"; then
        bad "$name: expected '$want', got: $(head -1 "$out/$name.err")"
    elif [[ -e $out/made ]]; then bad "$name: wrote $out/made"
    else echo "   ok: $(head -1 "$out/$name.err")"; ok; fi
}
x=$ref/xsl/jvmtiH.xsl
usage lower-out "unknown option -out (did you mean -OUT?)" -IN "$spec" -XSL "$x" -out made
usage lower-param "unknown option -param (did you mean -PARAM?)" -IN "$spec" -XSL "$x" -OUT made -param a b
usage foreign "unknown option --stdout" -IN "$spec" -XSL "$x" -OUT made --stdout
usage no-out "need -OUT FILE" -IN "$spec" -XSL "$x"
usage no-in "need -IN SPEC.xml" -XSL "$x" -OUT made
usage out-no-value "-OUT needs a file to write" -IN "$spec" -XSL "$x" -OUT
usage param-short "-PARAM needs a name and a value" -IN "$spec" -XSL "$x" -OUT made -PARAM majorversion
usage param-twice "-PARAM a: that parameter is already given" -IN "$spec" -XSL "$x" -OUT made -PARAM a 1 -PARAM a 2
usage param-name "-PARAM 1a: the name is not an XSLT parameter name" -IN "$spec" -XSL "$x" -OUT made -PARAM 1a 1
usage in-twice "-IN given twice" -IN "$spec" -IN "$spec" -XSL "$x" -OUT made
usage out-dir "-OUT new/: expected a file, not a directory" -IN "$spec" -XSL "$x" -OUT new/
usage stray "unexpected argument extra" -IN "$spec" -XSL "$x" -OUT made extra
usage subcommand-typo "trcae: no such file or command (did you mean jvmtigen trace?)" trcae rec.bin
usage diff-short "jvmtigen diff: error: unknown option -zq" diff -zq a.xml b.xml
usage diff-long "unknown option --formt (did you mean --format?)" diff --formt=json a.xml b.xml
usage site-short "jvmtigen site: error: unknown option -x" site -x a.xml
usage pot-long "unknown option --uii (did you mean --ui?)" pot --uii
usage diff-mid "jvmtigen diff: error: unknown option -qz" diff -qz a.xml b.xml
usage site-after "jvmtigen site: error: unknown option -x" site -q -x a.xml
usage trace-long "unknown option --formt (did you mean --format?)" trace --formt=json rec.bin
usage trace-value "--format=xml: expected text, jsonl or chrome" trace --format=xml rec.bin
usage trace-bare "--format needs a value" trace --format rec.bin

echo "== a bad spec through -IN: exit 1, file:line, no output"
printf '<specification>\n<oops>\n</specification>\n' >"$out/bad.xml"
rc=0
"$JVMTIGEN" -IN "$out/bad.xml" -XSL "$x" -OUT "$out/made" 2>"$out/badspec.err" || rc=$?
if [[ $rc -eq 1 && ! -e $out/made ]] && grep -q "bad.xml:[0-9]*: error:" "$out/badspec.err"; then ok
else bad "bad spec: exit $rc, $(head -2 "$out/badspec.err")"; fi

echo "== a mistyped type element (<jnit/> for <jint/> in a param): one error line, with the right one"
python3 - "$spec" "$out/jnit.xml" <<'PY'
import sys
s = open(sys.argv[1], encoding="utf-8").read()
i = s.index('<param id="depth">')
j = s.index('<jint/>', i)
open(sys.argv[2], "w", encoding="utf-8").write(s[:j] + '<jnit/>' + s[j + 7:])
PY
for mode in --lint --xsl; do
    rc=0
    if [[ $mode == --lint ]]; then "$JVMTIGEN" --lint "$out/jnit.xml" 2>"$out/jnit.err" || rc=$?
    else "$JVMTIGEN" -IN "$out/jnit.xml" -XSL "$x" -OUT "$out/made" 2>"$out/jnit.err" || rc=$?; fi
    if [[ $rc -eq 1 && $(wc -l <"$out/jnit.err") -eq 1 ]] &&
        grep -q 'jnit.xml:[0-9]*: error: <jnit> is not a type.*(did you mean <jint>?)' "$out/jnit.err"; then ok
    else bad "jnit $mode: exit $rc, $(wc -l <"$out/jnit.err") lines:"; cat "$out/jnit.err"; fi
done

echo "== an output that exists and is no regular file (a FIFO, a directory) is refused, left as it is"
mkdir -p "$out/kinds" && rm -f "$out/kinds/jvmti.h" && mkfifo "$out/kinds/jvmti.h" && mkdir -p "$out/kinds/x.pot"
for run in "header" "pot" "out"; do
    rc=0
    case $run in
        header) "$JVMTIGEN" --header -o "$out/kinds" "$spec" 2>"$out/kinds/$run.err" || rc=$? ;;
        pot) "$JVMTIGEN" pot -o "$out/kinds/x.pot" "$spec" 2>"$out/kinds/$run.err" || rc=$? ;;
        out) "$JVMTIGEN" -IN "$spec" -XSL "$ref/xsl/jvmtiH.xsl" -OUT "$out/kinds/jvmti.h" -PARAM majorversion 25 \
            2>"$out/kinds/$run.err" || rc=$? ;;
    esac
    if [[ $rc -eq 1 && -p $out/kinds/jvmti.h && -d $out/kinds/x.pot ]] &&
        grep -q 'is a \(FIFO\|directory\), not a regular file: not replaced' "$out/kinds/$run.err" &&
        [[ $(wc -l <"$out/kinds/$run.err") -eq 1 ]] && ! compgen -G "$out/kinds/.*tmp*" >/dev/null; then ok
    else bad "$run onto a FIFO or directory: exit $rc, $(head -2 "$out/kinds/$run.err")"; fi
done

# ---- 2. --help and the subcommands -------------------------------------
echo "== --help lists every subcommand"
"$JVMTIGEN" --help >"$out/help" 2>&1 || bad "--help: exit $?"
# every subcommand entry point in the sources (jt_NAME_main), as main() runs them
mains=$(cd "$srcdir" && grep -ho 'int jt_[a-z]*_main(int argc' gen/*/*.h | sed 's/int jt_\([a-z]*\)_main.*/\1/' | sort -u)
[[ -n $mains ]] || bad "no jt_*_main found in $srcdir/gen"
for c in $mains; do
    if grep -q "^ *jvmtigen $c " "$out/help"; then ok; else bad "--help does not list 'jvmtigen $c'"; fi
    rc=0; "$JVMTIGEN" "$c" --help >"$out/help-$c" 2>&1 || rc=$?
    if [[ $rc -eq 0 ]] && grep -q "jvmtigen $c" "$out/help-$c"; then ok; else bad "jvmtigen $c --help: exit $rc"; fi
done
for w in -IN -XSL -OUT -PARAM; do
    grep -q -- "$w" "$out/help" && ok || bad "--help does not mention $w"
done

# ---- 3. the man pages refer to each other --------------------------------
echo "== jvmtigen(1) <-> jvmticheck(7)"
see_also() { sed -n '/^\.SH SEE ALSO/,/^\.SH /p' "$1"; }
see_also "$srcdir/doc/jvmtigen.1" | grep -q '^\.BR jvmticheck (7)' && ok || bad "jvmtigen.1: no .BR jvmticheck (7) in SEE ALSO"
see_also "$srcdir/doc/jvmticheck.7.in" | grep -q '^\.BR jvmtigen (1)' && ok || bad "jvmticheck.7.in: no .BR jvmtigen (1) in SEE ALSO"

echo "cli: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
