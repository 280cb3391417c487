#!/usr/bin/env bash
# golden-header.sh — the generated jvmti.h must equal OpenJDK's, byte for byte.
#
# For each JDK N of ../shared/reference/openjdk/jdkN/ (what OpenJDK's own
# generator made of ../shared/spec/jdkN/jvmti.xml), `--header` with the
# major version that JDK's makefile passes must cmp equal to its jvmti.h.
# JDK 8's makefile passes none (its spec carries 1.2.3); from 13 on the
# version is not in the spec, so the option is what sets it.  Then the same
# through --stdout, and the JDK 17 header against the one Debian's JDK ships.
# Exit 0 pass, 1 fail, 77 skip (inputs missing).
set -euo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${JDK_HOME:?}" "${builddir:?}"
out=$builddir/tests/out/golden-header
ref=$SPEC_DIR/../reference/openjdk
rm -rf "$out"
mkdir -p "$out"

if [[ ! -d $ref ]]; then
    echo "SKIP: $ref not found (OpenJDK's generator outputs, see ../shared/README.md)"
    exit 77
fi

status=0
# JDK | --major-version (none: the spec's own) | what JVMTI_VERSION must say
cases=(
    "8||(1 * 0x10000) + (2 * 0x100) + 3"
    "11|11|(11 * 0x10000) + (0 * 0x100) + 0"
    "17|17|(17 * 0x10000) + ( 0 * 0x100) + 0"
    "21|21|(21 * 0x10000) + ( 0 * 0x100) + 0"
    "25|25|(25 * 0x10000) + ( 0 * 0x100) + 0"
)
for c in "${cases[@]}"; do
    IFS='|' read -r n major version <<<"$c"
    spec=$SPEC_DIR/jdk$n/jvmti.xml golden=$ref/jdk$n/jvmti.h
    if [[ ! -f $spec || ! -f $golden ]]; then
        echo "FAIL: $spec or $golden missing"
        status=1
        continue
    fi
    opt=()
    [[ -n $major ]] && opt=(--major-version="$major")
    mkdir -p "$out/jdk$n"
    echo "== jdk$n: $JVMTIGEN -o $out/jdk$n --header ${opt[*]} $spec"
    if ! "$JVMTIGEN" -q -o "$out/jdk$n" --header "${opt[@]}" "$spec"; then
        echo "FAIL: jvmtigen exited non-zero on the JDK $n spec"
        status=1
        continue
    fi
    if cmp "$out/jdk$n/jvmti.h" "$golden"; then
        echo "   ok: byte-identical to $golden ($(wc -c <"$golden") bytes)"
    else
        echo "FAIL: jvmti.h differs from OpenJDK's (first 40 lines of the diff):"
        diff -u "$golden" "$out/jdk$n/jvmti.h" | head -40 || true
        status=1
    fi
    # An independent check of the version line, from what the JDK declares.
    if ! grep -qF "JVMTI_VERSION = 0x30000000 + $version" "$out/jdk$n/jvmti.h"; then
        echo "FAIL: the JVMTI_VERSION line is not '... + $version'"
        status=1
    fi
    if "$JVMTIGEN" -q --header --stdout "${opt[@]}" "$spec" | cmp -s - "$golden"; then
        echo "   ok: the same bytes through --stdout"
    else
        echo "FAIL: --stdout differs from OpenJDK's header (or jvmtigen failed)"
        status=1
    fi
done

# The header the JDK installed here ships (Debian's JDK 17).
shipped=$JDK_HOME/include/jvmti.h
if [[ -f $shipped ]] && grep -q '(17 \* 0x10000)' "$shipped"; then
    echo "== jdk17 against the installed JDK: cmp - $shipped"
    if "$JVMTIGEN" -q --header --stdout --major-version=17 "$SPEC_DIR/jdk17/jvmti.xml" | cmp - "$shipped"; then
        echo "   ok: byte-identical to the installed JDK 17's header"
    else
        echo "FAIL: differs from $shipped"
        status=1
    fi
else
    echo "note: no JDK 17 header at $shipped; that comparison skipped"
fi

# Temurin 25's shipped header, where that JDK is installed.
t25=${JDK_NEW_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/include/jvmti.h
if [[ -f $t25 ]]; then
    echo "== jdk25 against the installed JDK: cmp - $t25"
    if "$JVMTIGEN" -q --header --stdout --major-version=25 "$SPEC_DIR/jdk25/jvmti.xml" | cmp - "$t25"; then
        echo "   ok: byte-identical to the installed JDK 25's header"
    else
        echo "FAIL: differs from $t25"
        status=1
    fi
else
    echo "note: no JDK 25 at $t25; that comparison skipped"
fi

# A version the reference does not cover takes the newest conventions: the
# option changes the declared version, and nothing else of JDK 25's layout.
echo "== jdk25 spec, --major-version=26"
if "$JVMTIGEN" -q --header --stdout --major-version=26 "$SPEC_DIR/jdk25/jvmti.xml" >"$out/h26" &&
    diff "$ref/jdk25/jvmti.h" "$out/h26" >"$out/h26.diff"; then
    echo "FAIL: --major-version=26 changed nothing"
    status=1
elif [[ $(grep -c '^[<>]' "$out/h26.diff") == 2 ]] &&
    grep -qF '> ' "$out/h26.diff" &&
    grep -q '^> .*(26 \* 0x10000) + ( 0 \* 0x100) + 0  /\* version: 26.0.0 \*/' "$out/h26.diff"; then
    echo "   ok: only the version line differs"
else
    echo "FAIL: --major-version=26 differs from JDK 25's header in more than its version line:"
    head -20 "$out/h26.diff"
    status=1
fi

exit $status
