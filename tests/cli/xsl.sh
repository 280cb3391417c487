#!/usr/bin/env bash
# xsl.sh — `jvmtigen --xsl`: OpenJDK's own jvmti stylesheets, run by us,
# give byte for byte what OpenJDK's jvmtiGen gave; failures are clean.
#
# 1. Golden: for N = 8, 11, 17, 21, 25, the rules of that JDK's makefile
#    (GensrcJvmti.gmk, jvmti.make for 8; read here, so the parameters are
#    the makefile's) are run with jvmtigen on $SPEC_DIR/jdkN/jvmti.xml and
#    the stylesheets in $SPEC_DIR/../reference/openjdk/jdkN/xsl/; jvmti.h,
#    jvmtiEnv.hpp, jvmtiEnter.cpp and jvmtiEnterTrace.cpp must be
#    cmp-identical to the files OpenJDK's generator made (beside them);
#    jvmti.html (no reference) must be made and look like HTML.
# 2. The stray text in jvmtiEnter.xsl's xsl:choose (JDK 9+) is a warning
#    naming file:line (the line found here with grep).
# 3. xsl:sort orders as Java's en_US Collator: a stylesheet sorts a list
#    of its own; the expected order was printed by java.text.Collator
#    (Locale.US) for the same strings.
# 4. Failures: bad spec, missing / broken stylesheet, XPath error,
#    xsl:message terminate, reading outside the stylesheet's directory,
#    network, external entity: exit 1, one file:line message, no output
#    (an older output file stays as it was).  Bad usage: exit 2.
# Exit 0 pass, 1 fail, 77 skip (inputs missing).
set -uo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}"
out=$builddir/tests/out/xsl
rm -rf "$out"; mkdir -p "$out"
ref=$SPEC_DIR/../reference/openjdk
fail=0 pass=0

bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
ok() { pass=$((pass + 1)); }

if [[ ! -d $ref ]]; then
    echo "SKIP: $ref not found (OpenJDK's stylesheets and outputs; see ../shared/README.md)"
    exit 77
fi

# The jvmtiGen rules of a makefile, one per line: OUTPUT XSL [NAME=VALUE]...
# GensrcJvmti.gmk: $(eval $(call SetupJvmtiGeneration, OUT, XSL, -PARAM n v ...))
# jvmti.make (JDK 8): $(XSLT) -IN ... -XSL $(JvmtiSrcDir)/XSL -OUT $(JvmtiOutDir)/OUT -PARAM n v
# $(VERSION_FEATURE) is the JDK's feature version.
rules_of() {
    python3 - "$1" "$2" <<'EOF'
import re, sys
feature = sys.argv[2]
text = open(sys.argv[1]).read().replace('\\\n', ' ').replace('$(VERSION_FEATURE)', feature)
rules = []
for m in re.finditer(r'SetupJvmtiGeneration,\s*([\w.]+),\s*([\w.]+)\s*(?:,([^)]*))?\)\)', text):
    rules.append((m.group(1), m.group(2), m.group(3) or ''))
for m in re.finditer(r'-XSL\s+\S*/([\w.]+)\s+-OUT\s+\S*/([\w.]+)([^\n]*)', text):
    rules.append((m.group(2), m.group(1), m.group(3)))
for out, xsl, args in rules:
    params = re.findall(r'-PARAM\s+(\S+)\s+(\S+)', args)
    print(out, xsl, *('%s=%s' % p for p in params))
EOF
}

# ---- 1. golden outputs ----------------------------------------------------
goldens=0
for n in 8 11 17 21 25; do
    dir=$ref/jdk$n spec=$SPEC_DIR/jdk$n/jvmti.xml
    mk=$dir/GensrcJvmti.gmk
    [[ $n == 8 ]] && mk=$dir/jvmti.make
    if [[ ! -f $mk || ! -f $spec ]]; then
        echo "skip jdk$n: $mk or $spec not found"
        continue
    fi
    rules_of "$mk" "$n" >"$out/rules.$n"
    compared=0
    while read -r output xsl params; do
        [[ -f $dir/xsl/$xsl ]] || continue          # bytecodeInterpreter..., jvmtiEnv.xsl's stub
        args=()
        for p in $params; do args+=(--param "$p"); done
        got=$out/jdk$n.$output
        rc=0
        "$JVMTIGEN" --xsl="$dir/xsl/$xsl" "${args[@]}" --stdout "$spec" >"$got" 2>"$got.err" || rc=$?
        what="jdk$n $output (${xsl}${params:+ $params})"
        if [[ $rc -ne 0 ]]; then
            bad "$what: exit $rc"; sed 's/^/   /' "$got.err"; continue
        fi
        if [[ $output == jvmti.html ]]; then
            if [[ -s $got ]] && grep -q '<html' "$got" && grep -q '</html>' "$got"; then
                echo "ok   $what: made ($(wc -c <"$got") bytes; no reference to compare)"; ok
            else
                bad "$what: no HTML written"
            fi
            continue
        fi
        if [[ ! -f $dir/$output ]]; then
            echo "skip $what: no $dir/$output"
            continue
        fi
        compared=$((compared + 1))
        if cmp -s "$got" "$dir/$output"; then
            echo "ok   $what: identical"; ok
        else
            bad "$what: differs from $dir/$output"
            diff "$dir/$output" "$got" | head -20 | sed 's/^/   /'
        fi
    done <"$out/rules.$n"
    goldens=$((goldens + compared))
    [[ $compared -eq 4 ]] || bad "jdk$n: $compared golden comparisons made from $mk (expected 4: jvmti.h jvmtiEnv.hpp jvmtiEnter.cpp jvmtiEnterTrace.cpp)"
done
[[ $goldens -gt 0 ]] || { echo "SKIP: no JDK with both a spec and a reference"; exit 77; }

# -o DIR --xsl-output=NAME writes what --stdout writes.
s17=$SPEC_DIR/jdk17/jvmti.xml x17=$ref/jdk17/xsl
if [[ -f $s17 && -f $x17/jvmtiHpp.xsl ]]; then
    rc=0
    "$JVMTIGEN" -q --xsl="$x17/jvmtiHpp.xsl" --param majorversion=17 -o "$out/dir" --xsl-output=jvmtiEnv.hpp "$s17" || rc=$?
    if [[ $rc -eq 0 ]] && cmp -s "$out/dir/jvmtiEnv.hpp" "$ref/jdk17/jvmtiEnv.hpp" &&
       [[ $(ls -A "$out/dir") == jvmtiEnv.hpp ]]; then
        ok
    else
        bad "-o DIR --xsl-output=jvmtiEnv.hpp: exit $rc, or not the one identical file: $(ls -A "$out/dir" 2>&1)"
    fi
fi

# ---- 2. the stray text in jvmtiEnter.xsl ----------------------------------
x25=$ref/jdk25/xsl/jvmtiEnter.xsl
if [[ -f $x25 ]]; then
    line=$(grep -n '<xsl:choose>g' "$x25" | cut -d: -f1)
    if [[ -z $line ]]; then
        bad "no '<xsl:choose>g' in $x25 (the test's premise)"
    elif grep -qF "$x25:$line: warning: text \"g\" inside <xsl:choose> ignored" "$out/jdk25.jvmtiEnter.cpp.err"; then
        ok
    else
        bad "jdk25 jvmtiEnter.xsl: no warning naming $x25:$line:"; sed 's/^/   /' "$out/jdk25.jvmtiEnter.cpp.err"
    fi
fi
# ... and -q silences it, nothing else
[[ -f $s17 ]] || { echo "SKIP: $s17 not found"; exit 77; }
mkdir -p "$out/style"
cat >"$out/style/stray.xsl" <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:output method="text"/>
<xsl:template match="/">
  <xsl:choose>
    <xsl:when test="1">one</xsl:when>
    stray
    <xsl:otherwise>two</xsl:otherwise>
  </xsl:choose>
</xsl:template>
</xsl:stylesheet>
EOF
rc=0
"$JVMTIGEN" --xsl="$out/style/stray.xsl" --stdout "$s17" >"$out/stray.out" 2>"$out/stray.err" || rc=$?
if [[ $rc -eq 0 && $(cat "$out/stray.out") == one ]] &&
   grep -qF "$out/style/stray.xsl:6: warning: text \"stray\" inside <xsl:choose> ignored" "$out/stray.err"; then
    ok
else
    bad "stray text: exit $rc, output '$(cat "$out/stray.out")', stderr:"; sed 's/^/   /' "$out/stray.err"
fi

# ---- 3. xsl:sort as Java's Collator --------------------------------------
# Expected: java -Duser.language=en -Duser.country=US, Arrays.sort(s,
# Collator.getInstance(Locale.US)) over the same strings.  By code point
# it would start AB|Ab|VMDeath.
java_order='_x|1|10|9|a_b|ab|aB|Ab|AB|a b|a-b|can_tag|canTag|can tag|VirtualThreadEnd|vmdeath|Vmdeath|VMDeath|VMInit|X|x10|x2'
{
    echo '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:t="urn:t">'
    echo '<xsl:output method="text"/>'
    echo '<t:list>'
    for s in VMDeath VirtualThreadEnd VMInit vmdeath Vmdeath "a b" ab a-b a_b aB Ab AB 10 9 1 _x x2 x10 X can_tag "can tag" canTag; do
        echo "<t:i>$s</t:i>"
    done
    echo '</t:list>'
    echo '<xsl:template match="/">'
    echo '<xsl:for-each select="document('"''"')//t:i"><xsl:sort select="."/><xsl:value-of select="."/><xsl:if test="position() != last()">|</xsl:if></xsl:for-each>'
    echo '<xsl:text>&#10;</xsl:text>'
    echo '<xsl:for-each select="document('"''"')//t:i"><xsl:sort select="string-length(.)" data-type="number" order="descending"/><xsl:sort select="."/><xsl:value-of select="."/><xsl:if test="position() != last()">|</xsl:if></xsl:for-each>'
    echo '</xsl:template></xsl:stylesheet>'
} >"$out/style/sort.xsl"
rc=0
"$JVMTIGEN" -q --xsl="$out/style/sort.xsl" --stdout "$s17" >"$out/sort.out" 2>"$out/sort.err" || rc=$?
got=$(sed -n 1p "$out/sort.out")
if [[ $rc -eq 0 && $got == "$java_order" ]]; then ok; else
    bad "xsl:sort: exit $rc"$'\n'"   got      $got"$'\n'"   expected $java_order"; cat "$out/sort.err"
fi
# two keys, the first numeric and descending; ties by the second (Java:
# length descending, then the Collator)
want2='VirtualThreadEnd|can_tag|can tag|vmdeath|Vmdeath|VMDeath|canTag|VMInit|a_b|a b|a-b|x10|_x|10|ab|aB|Ab|AB|x2|1|9|X'
got2=$(sed -n 2p "$out/sort.out")
[[ $got2 == "$want2" ]] && ok || bad "xsl:sort, two keys: got $got2, expected $want2"

# ---- 4. failures -----------------------------------------------------------
# expect_fail NAME EXIT PATTERN ARGS...: exit EXIT, a stderr line matching
# the extended regex PATTERN, and out/fail/NAME (made beforehand, "old")
# left as it was, nothing else in the directory.
expect_fail() {
    local name=$1 want=$2 pattern=$3; shift 3
    local d=$out/fail.$name rc=0
    mkdir -p "$d"; echo old >"$d/$name"
    "$JVMTIGEN" "$@" >"$d.stdout" 2>"$d.stderr" || rc=$?
    local problems=()
    [[ $rc -eq $want ]] || problems+=("exit $rc, expected $want")
    grep -qE -- "$pattern" "$d.stderr" || problems+=("no stderr line matching: $pattern")
    [[ $(cat "$d/$name") == old && $(ls -A "$d") == "$name" ]] || problems+=("output touched: $(ls -A "$d")")
    [[ -s $d.stdout ]] && problems+=("wrote to stdout")
    if grep -q 'SECRET-CANARY' "$d.stdout" "$d.stderr"; then problems+=("the secret was read"); fi
    if [[ ${#problems[@]} -eq 0 ]]; then ok; else
        bad "$name: ${problems[*]}"; sed 's/^/   /' "$d.stderr"
    fi
}
xsl_out() { echo -o "$out/fail.$1" --xsl-output="$1"; }
hpp=$x17/jvmtiHpp.xsl
[[ -f $hpp ]] || hpp=$out/style/stray.xsl

trunc=$SPEC_DIR/broken/truncated-jvmti.xml
[[ -f $trunc ]] && expect_fail badspec 1 "^$trunc:323: error: " --xsl="$hpp" $(xsl_out badspec) "$trunc"
expect_fail nostyle 1 "^$out/style/none.xsl: error: cannot read: No such file" \
    --xsl="$out/style/none.xsl" $(xsl_out nostyle) "$s17"

w() { cat >"$out/style/$1.xsl"; }
w broken <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:template match="/">
<a>
</xsl:template>
</xsl:stylesheet>
EOF
expect_fail broken 1 "^$out/style/broken.xsl:4: error: not well-formed XML: " \
    --xsl="$out/style/broken.xsl" $(xsl_out broken) "$s17"

w xpath <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:template match="/">
<xsl:value-of select="1 +"/>
</xsl:template>
</xsl:stylesheet>
EOF
expect_fail xpath 1 "^$out/style/xpath.xsl:3: error: .*1 \+" --xsl="$out/style/xpath.xsl" $(xsl_out xpath) "$s17"

w terminate <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:output method="text"/>
<xsl:template match="/">
  partial output
  <xsl:message terminate="yes">no <xsl:value-of select="count(//function[@id='Nothing'])"/> such function</xsl:message>
</xsl:template>
</xsl:stylesheet>
EOF
expect_fail terminate 1 "^$out/style/terminate.xsl:5: error: stopped by xsl:message: no 0 such function$" \
    --xsl="$out/style/terminate.xsl" $(xsl_out terminate) "$s17"
# the same to --stdout: nothing on stdout
rc=0
"$JVMTIGEN" --xsl="$out/style/terminate.xsl" --stdout "$s17" >"$out/terminate.stdout" 2>/dev/null || rc=$?
[[ $rc -eq 1 && ! -s $out/terminate.stdout ]] && ok || bad "terminate --stdout: exit $rc, stdout: $(head -c 100 "$out/terminate.stdout")"

# reading: only under the stylesheet's own directory, never the network
echo '<secret>SECRET-CANARY</secret>' >"$out/secret.xml"
w import-outside <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:import href="../secret.xml"/>
</xsl:stylesheet>
EOF
expect_fail import-outside 1 "^$out/style/import-outside.xsl:2: error: .*not read: outside " \
    --xsl="$out/style/import-outside.xsl" $(xsl_out import-outside) "$s17"
w document-outside <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:output method="text"/>
<xsl:template match="/"><xsl:value-of select="document('../secret.xml')"/></xsl:template>
</xsl:stylesheet>
EOF
expect_fail document-outside 1 "^$out/style/document-outside.xsl:3: error: .*not read: outside " \
    --xsl="$out/style/document-outside.xsl" $(xsl_out document-outside) "$s17"
w network <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:import href="http://127.0.0.1:9/x.xsl"/>
</xsl:stylesheet>
EOF
expect_fail network 1 "^$out/style/network.xsl(:[0-9]+)?: error: .*(Network|network)" \
    --xsl="$out/style/network.xsl" $(xsl_out network) "$s17"
w entity <<'EOF'
<!DOCTYPE xsl:stylesheet [ <!ENTITY s SYSTEM "../secret.xml"> ]>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:output method="text"/>
<xsl:template match="/">&s;</xsl:template>
</xsl:stylesheet>
EOF
expect_fail entity 1 "^$out/style/entity.xsl:1: error: external entity &s; is not allowed" \
    --xsl="$out/style/entity.xsl" $(xsl_out entity) "$s17"
# an import beside the stylesheet is fine (as jvmtiLib.xsl is)
w lib <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:template name="hello">hello from lib</xsl:template>
</xsl:stylesheet>
EOF
w main <<'EOF'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:import href="lib.xsl"/>
<xsl:output method="text"/>
<xsl:param name="who"/>
<xsl:template match="/"><xsl:call-template name="hello"/>, <xsl:value-of select="$who"/></xsl:template>
</xsl:stylesheet>
EOF
rc=0
got=$("$JVMTIGEN" -q --xsl="$out/style/main.xsl" --param "who=a 'quoted' \"value\"" --stdout "$s17" 2>&1) || rc=$?
[[ $rc -eq 0 && $got == "hello from lib, a 'quoted' \"value\"" ]] && ok || bad "import beside, --param as a string: exit $rc, got: $got"

# bad usage
expect_fail usage-two-outputs 2 "error: --xsl writes one output" --xsl="$hpp" --header $(xsl_out usage-two-outputs) "$s17"
expect_fail usage-param-no-eq 2 "error: --param majorversion: expected NAME=VALUE" \
    --xsl="$hpp" --param majorversion $(xsl_out usage-param-no-eq) "$s17"
expect_fail usage-no-output 2 "error: --xsl needs --stdout or --xsl-output=NAME" --xsl="$hpp" "$s17"
expect_fail usage-both-outputs 2 "error: --xsl: --stdout or --xsl-output=NAME, not both" \
    --xsl="$hpp" --stdout $(xsl_out usage-both-outputs) "$s17"
expect_fail usage-param-alone 2 "error: --param needs --xsl" --param a=b "$s17"
expect_fail usage-output-path 2 "error: --xsl-output=a/b: expected a file name" --xsl="$hpp" --xsl-output=a/b "$s17"

# ---- no sanitizer report anywhere (./configure --enable-sanitizers) -------
if grep -lE 'ERROR: (Address|Leak)Sanitizer|\.c:[0-9]+:[0-9]+: runtime error: ' "$out"/*.err "$out"/*.stderr 2>/dev/null; then
    bad "sanitizer reports in the files above"
fi

echo "xsl: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
