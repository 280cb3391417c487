#!/usr/bin/env bash
# valgrind.sh — the generator under valgrind memcheck: every output from both
# shared specs, the broken spec, and --xsl (a good and a bad stylesheet),
# translations (--lang, --translations, jvmtigen pot), with 0 errors and
# 0 bytes definitely lost.  Skips (77) when valgrind is not installed.
set -euo pipefail
: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}" "${srcdir:?}"
. "$srcdir/tests/skip-lib.sh"   # skip_or_fail
command -v valgrind >/dev/null || skip_or_fail "valgrind not installed"
# valgrind cannot run a program built with ASan (./configure --enable-sanitizers)
[[ ${JT_SANITIZED:-no} == no ]] || { echo "sanitizer build: skipped (ASan and valgrind exclude each other)"; exit 77; }
out="$builddir/tests/out/valgrind"
rm -rf "$out"; mkdir -p "$out"
status=0
run() {     # run NAME EXPECTED_EXIT ARGS...
    local name=$1 want=$2 rc=0
    shift 2
    valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        --suppressions="${srcdir:-.}/tests/cli/valgrind-libgettextpo.supp" \
        --log-file="$out/$name.vg" "$JVMTIGEN" "$@" >/dev/null 2>"$out/$name.err" || rc=$?
    if [[ $rc -eq 99 ]]; then
        echo "FAIL: $name: valgrind found errors:"; cat "$out/$name.vg"; status=1
    elif [[ $rc -ne $want ]]; then
        echo "FAIL: $name: exit $rc, expected $want"; cat "$out/$name.err"; status=1
    else
        echo "ok: $name ($(grep -o 'ERROR SUMMARY: [0-9]* errors' "$out/$name.vg"))"
    fi
}
run jdk17 0 -q -o "$out/jdk17" "$SPEC_DIR/jdk17/jvmti.xml"
run jdk8 0 -q -o "$out/jdk8" "$SPEC_DIR/jdk8/jvmti.xml"
run jdk25 0 -q -o "$out/jdk25" --major-version=25 "$SPEC_DIR/jdk25/jvmti.xml"
run broken 1 -q -o "$out/broken" "$SPEC_DIR/broken/truncated-jvmti.xml"
run lint 0 -q --lint "$SPEC_DIR/jdk17/jvmti.xml"
run diff 1 diff "$SPEC_DIR/jdk8/jvmti.xml" "$SPEC_DIR/jdk17/jvmti.xml"
run lint25 0 -q --lint "$SPEC_DIR/jdk25/jvmti.xml"
run diff25 1 diff "$SPEC_DIR/jdk21/jvmti.xml" "$SPEC_DIR/jdk25/jvmti.xml"
# --xsl: OpenJDK's stylesheet with the stray text and the sort, if present;
# a stylesheet that fails to compile (libxslt gives the tree back)
xsl=$SPEC_DIR/../reference/openjdk/jdk21/xsl/jvmtiEnter.xsl
if [[ -f $xsl ]]; then
    run xsl-enter 0 -q --xsl="$xsl" --param majorversion=21 --param interface=jvmti --stdout "$SPEC_DIR/jdk21/jvmti.xml"
fi
printf '%s\n' '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">' \
    '<xsl:template match="/"><xsl:value-of select="1 +"/></xsl:template></xsl:stylesheet>' >"$out/bad.xsl"
run xsl-bad 1 -q --xsl="$out/bad.xsl" --stdout "$SPEC_DIR/jdk17/jvmti.xml"
# translations: the page's words and the spec's prose from PO files, the
# template, a translation whose markup is not well-formed
prose=${srcdir:-.}/tests/html/zh_CN-prose.po
if [[ -f $prose ]]; then
    run i18n 0 -q --html --lang=zh_CN --translations="$prose" -o "$out/i18n" "$SPEC_DIR/jdk17/jvmti.xml"
    run pot 0 pot -o "$out/jvmti.pot" "$SPEC_DIR/jdk17/jvmti.xml"
    sed 's|^msgstr "返回时，指向当前阶段。"$|msgstr "<code>x"|' "$prose" >"$out/bad.po"
    run i18n-bad 1 -q --html --translations="$out/bad.po" -o "$out/i18n-bad" "$SPEC_DIR/jdk17/jvmti.xml"
fi
exit $status
