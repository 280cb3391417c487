#!/usr/bin/env bash
# openjdk-build.sh — OpenJDK's own makefiles run jvmtigen as their jvmtiGen.
#
# For JDK 11, 17, 21 and 25, that JDK's GensrcJvmti.gmk, and for JDK 8 its
# jvmti.make, are read from $SPEC_DIR/../reference/openjdk/ (never copied
# into the project) and run by GNU make, after tests/package/openjdk-build.mk (the
# least of OpenJDK's make framework they need), on a source tree laid out as
# OpenJDK's with that JDK's jvmti.xml and stylesheets, with the variable a
# VM engineer sets: TOOL_JVMTI_GEN=jvmtigen (JDK 8: XSLT=jvmtigen).  Every
# output the makefile makes is checked:
#   - jvmti.h, jvmtiEnv.hpp, jvmtiEnter.cpp, jvmtiEnterTrace.cpp:
#     cmp-identical to what OpenJDK's jvmtiGen made (beside the makefile);
#   - jvmti.html (JDK 11+) and jvmtiEnvStub.cpp (JDK 8): made, non-empty;
#   - bytecodeInterpreterWithChecks.cpp (JDK 8, 11; an input that is not a
#     spec): made from a stand-in of ours (tests/package/standin-checks.*),
#     with its DTD's attribute default applied, as Java's parser does.
# The output directory does not exist before: jvmtigen makes it (the
# makefiles' own MakeDir is a no-op here; JDK 8's rules make none).
# Exit 0 pass, 1 fail, 77 skip (inputs missing).
set -uo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}" "${srcdir:?}"
src=$(cd "$srcdir" && pwd)
out=$builddir/tests/out/openjdk-build
rm -rf "$out"; mkdir -p "$out"
ref=$(cd "$SPEC_DIR/.." 2>/dev/null && pwd)/reference/openjdk
fail=0 pass=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
ok() { pass=$((pass + 1)); }

# skip_or_fail: a part the set-up provides is missing (tests/skip-lib.sh)
. "$src/tests/skip-lib.sh"
command -v make >/dev/null || skip_or_fail "GNU make not found"
[[ -d $ref ]] || { echo "SKIP: $ref not found (OpenJDK's makefiles and outputs; see ../shared/README.md)"; exit 77; }

# The make we run must not inherit make check's flags, jobserver or variables.
run_make() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES make --no-print-directory -r -j2 "$@"; }

# The stand-in's output: its lines, the first with the DTD's default prefix.
expected_standin=$'// made by jvmtigen from a document that is not a spec\n#define VM_JVMTI\n'

# check_outputs N DIR: DIR holds what jvmtiGen made for JDK N.
check_outputs() {
    local n=$1 dir=$2 f
    for f in jvmti.h jvmtiEnv.hpp jvmtiEnter.cpp jvmtiEnterTrace.cpp; do
        if [[ ! -f $dir/$f ]]; then
            bad "jdk$n: the makefile did not make $f"
        elif cmp -s "$dir/$f" "$ref/jdk$n/$f"; then
            ok
        else
            bad "jdk$n: $f differs from OpenJDK's jvmtiGen output"
            cmp "$dir/$f" "$ref/jdk$n/$f" | head -2
        fi
    done
}

# check_standin N FILE
check_standin() {
    if [[ ! -f $2 ]]; then
        bad "jdk$1: bytecodeInterpreterWithChecks.cpp not made"
    elif [[ $(cat "$2"; echo .) == "$expected_standin." ]]; then
        ok
    else
        bad "jdk$1: bytecodeInterpreterWithChecks.cpp is not the stand-in's transform:"
        head -5 "$2"
    fi
}

# ---- JDK 11 to 25: GensrcJvmti.gmk ------------------------------------
inc=$out/include                        # what JDK 25's makefile includes
mkdir -p "$inc"
echo 'INCLUDE := true' >"$inc/MakeIncludeStart.gmk"
: >"$inc/MakeIncludeEnd.gmk"
: >"$inc/CopyFiles.gmk"
for n in 11 17 21 25; do
    mk=$ref/jdk$n/GensrcJvmti.gmk spec=$SPEC_DIR/jdk$n/jvmti.xml
    if [[ ! -f $mk || ! -f $spec ]]; then
        echo "   note: jdk$n: $mk or $spec not found: skipped"
        continue
    fi
    top=$out/jdk$n/src variant=$out/jdk$n/build/hotspot/variant-server
    prims=$top/src/hotspot/share/prims interp=$top/src/hotspot/share/interpreter
    mkdir -p "$prims" "$interp"
    cp "$spec" "$ref/jdk$n"/xsl/*.xsl "$prims/"
    cp "$src/tests/package/standin-checks.xml" "$interp/bytecodeInterpreterWithChecks.xml"
    cp "$src/tests/package/standin-checks.xsl" "$interp/bytecodeInterpreterWithChecks.xsl"
    : >"$interp/bytecodeInterpreter.cpp"
    echo "== jdk$n: make -f GensrcJvmti.gmk TOOL_JVMTI_GEN='jvmtigen -q' VERSION_FEATURE=$n"
    if ! run_make -I "$inc" -f "$src/tests/package/openjdk-build.mk" -f "$mk" gensrc-jvmti \
        TOPDIR="$top" JVM_VARIANT_OUTPUTDIR="$variant" VERSION_FEATURE=$n \
        TOOL_JVMTI_GEN="$JVMTIGEN -q" >"$out/jdk$n.log" 2>&1; then
        bad "jdk$n: make failed:"; tail -20 "$out/jdk$n.log"
    fi
    gen=$variant/gensrc/jvmtifiles
    check_outputs "$n" "$gen"
    if [[ -s $gen/jvmti.html ]] && grep -q '</html>' "$gen/jvmti.html"; then ok; else bad "jdk$n: no jvmti.html"; fi
    if grep -q bytecodeInterpreterWithChecks "$mk"; then
        check_standin "$n" "$gen/bytecodeInterpreterWithChecks.cpp"
    fi
done

# ---- JDK 8: jvmti.make, run from the build tree as HotSpot's top.make does
mk=$ref/jdk8/jvmti.make spec=$SPEC_DIR/jdk8/jvmti.xml
if [[ ! -f $mk || ! -f $spec ]]; then
    echo "   note: jdk8: $mk or $spec not found: skipped"
else
    gamma=$out/jdk8/hotspot build=$out/jdk8/hotspot/build/linux_amd64_compiler2/product
    prims=$gamma/src/share/vm/prims interp=$gamma/src/share/vm/interpreter
    mkdir -p "$prims" "$interp" "$gamma/make/linux/makefiles" "$build"
    : >"$gamma/make/linux/makefiles/rules.make"
    cp "$spec" "$ref"/jdk8/xsl/*.xsl "$prims/"
    : >"$prims/jvmtiGen.java"; : >"$prims/jvmtiEnvFill.java"; : >"$prims/jvmtiEnv.cpp"
    cp "$src/tests/package/standin-checks.xml" "$interp/bytecodeInterpreterWithChecks.xml"
    cp "$src/tests/package/standin-checks.xsl" "$interp/bytecodeInterpreterWithChecks.xsl"
    : >"$interp/bytecodeInterpreter.cpp"
    echo "== jdk8: make -f jvmti.make XSLT='\$(QUIETLY) jvmtigen -q' QUIETLY=@"
    # shellcheck disable=SC2016 # $(QUIETLY) is make's
    if ! (cd "$build" && run_make -f "$src/tests/package/openjdk-build.mk" -f "$mk" all \
        GAMMADIR="$gamma" QUIETLY=@ XSLT='$(QUIETLY) '"$JVMTIGEN -q") >"$out/jdk8.log" 2>&1; then
        bad "jdk8: make failed:"; tail -20 "$out/jdk8.log"
    fi
    gen=$build/../generated/jvmtifiles
    check_outputs 8 "$gen"
    if [[ -s $gen/jvmtiEnvStub.cpp ]]; then ok; else bad "jdk8: no jvmtiEnvStub.cpp (jvmtiEnv.xsl)"; fi
    check_standin 8 "$gen/bytecodeInterpreterWithChecks.cpp"
    # QUIETLY=@ kept jvmtigen's command lines out of make's output
    if grep -q -- '-IN ' "$out/jdk8.log"; then bad "jdk8: XSLT='\$(QUIETLY) ...' echoed its command"; else ok; fi
fi

echo "openjdk-build: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
