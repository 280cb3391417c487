#!/usr/bin/env bash
# golden-hpp.sh — the generated jvmtiEnv.hpp must equal OpenJDK's, byte for byte.
#
# For JDK 8, 11, 17, 21 and 25: `--hpp --stdout` on that JDK's spec, compared
# with what that JDK's own generator made of the same spec
# ($SPEC_DIR/../reference/openjdk/jdkN/jvmtiEnv.hpp).  The major version is
# the one the JDK's makefile gives its generator (GensrcJvmti.gmk:
# $(VERSION_FEATURE)); JDK 8's (jvmti.make) gives none, its spec carries
# 1.2.3.  One case also writes the file with -o, to check its name.
# Exit 0 pass, 1 fail, 77 skip (inputs missing).
set -euo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}"
ref=$SPEC_DIR/../reference/openjdk
out=$builddir/tests/out/golden-hpp
rm -rf "$out"
mkdir -p "$out"

if [[ ! -d $ref ]]; then
    echo "SKIP: $ref not found (the OpenJDK reference outputs, see ../shared/README.md)"
    exit 77
fi

status=0
for v in 8 11 17 21 25; do
    spec=$SPEC_DIR/jdk$v/jvmti.xml
    golden=$ref/jdk$v/jvmtiEnv.hpp
    for f in "$spec" "$golden"; do
        if [[ ! -f $f ]]; then
            echo "SKIP: $f not found"
            exit 77
        fi
    done
    major=()
    [[ $v == 8 ]] || major=("--major-version=$v")
    echo "== jdk$v: $JVMTIGEN -q --hpp --stdout ${major[*]} $spec | cmp - $golden"
    if ! "$JVMTIGEN" -q --hpp --stdout "${major[@]}" "$spec" >"$out/jdk$v.hpp"; then
        echo "FAIL: jvmtigen exited non-zero on the JDK $v spec"
        status=1
    elif cmp "$out/jdk$v.hpp" "$golden"; then
        echo "   ok: byte-identical ($(wc -c <"$golden") bytes)"
    else
        echo "FAIL: generated jvmtiEnv.hpp differs from JDK $v's (first 40 lines of the diff):"
        diff -u "$golden" "$out/jdk$v.hpp" | head -40 || true
        status=1
    fi
done

# The same through a file: --hpp writes jvmtiEnv.hpp and nothing else.
echo "== jdk17 into a directory: $JVMTIGEN -q -o $out/dir --hpp --major-version=17"
if ! "$JVMTIGEN" -q -o "$out/dir" --hpp --major-version=17 "$SPEC_DIR/jdk17/jvmti.xml"; then
    echo "FAIL: jvmtigen exited non-zero writing into $out/dir"
    status=1
elif [[ $(ls -A "$out/dir") != jvmtiEnv.hpp ]]; then
    echo "FAIL: --hpp wrote $(ls -A "$out/dir" | tr '\n' ' '), expected jvmtiEnv.hpp only"
    status=1
elif ! cmp "$out/dir/jvmtiEnv.hpp" "$ref/jdk17/jvmtiEnv.hpp"; then
    echo "FAIL: $out/dir/jvmtiEnv.hpp differs from JDK 17's"
    status=1
else
    echo "   ok: jvmtiEnv.hpp only, byte-identical"
fi

exit $status
