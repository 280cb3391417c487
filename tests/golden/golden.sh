#!/usr/bin/env bash
# golden.sh — generated headers must equal OpenJDK's, byte for byte.
#
# One runner, the comparisons as data: each row of tests/golden/CASES names
# an output option, the one file it must write, a spec, the major version the
# JDK's makefile passes, and the expected bytes (OpenJDK's generator output
# for that spec, or the header an installed JDK ships).  Each row is run
# twice: with -o DIR (which must then hold that one file) and with --stdout.
# Then two checks of jvmti.h's version line that no reference file gives:
# the line each JDK declares, and a version newer than every reference.
# Exit 0 pass, 1 fail, 77 skip (the reference outputs missing).
set -euo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${JDK_HOME:?}" "${builddir:?}" "${srcdir:?}"
out=$builddir/tests/out/golden
. "$srcdir/tests/skip-lib.sh"   # skip_or_fail
ref=$SPEC_DIR/../reference/openjdk
jdk_new=${JDK_NEW:-/usr/lib/jvm/temurin-25-jdk-amd64}
rm -rf "$out"
mkdir -p "$out"

if [[ ! -d $ref ]]; then
    echo "SKIP: $ref not found (OpenJDK's generator outputs, see ../shared/README.md)"
    exit 77
fi

trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }

status=0 row=0
while IFS='|' read -r opt file spec major expected; do
    opt=$(trim "$opt") file=$(trim "$file") spec=$(trim "$spec") major=$(trim "$major")
    expected=$(trim "$expected")
    [[ -z $opt || $opt == \#* ]] && continue
    row=$((row + 1))
    case $expected in
    @JDK/*) golden=$JDK_HOME/${expected#@JDK/} ;;
    @JDK_NEW/*) golden=$jdk_new/${expected#@JDK_NEW/} ;;
    *) golden=$ref/$expected ;;
    esac
    xml=$SPEC_DIR/$spec/jvmti.xml
    mo=()
    [[ -n $major ]] && mo=(--major-version="$major")
    echo "== $opt ${mo[*]} $xml: $file against $golden"
    if [[ $expected == @* ]]; then
        # An installed JDK: there, and the version the row is about.
        if [[ ! -f $golden ]] || ! grep -q "JVMTI_VERSION.*($major \* 0x10000)" "$golden"; then
            if [[ $expected == @JDK/* ]]; then     # the set-up's openjdk-17-jdk-headless
                skip_or_fail "no JDK $major header at $golden; skipped" part || status=1
            else
                echo "   note: no JDK $major header at $golden; skipped"
            fi
            continue
        fi
    elif [[ ! -f $xml || ! -f $golden ]]; then
        echo "FAIL: $xml or $golden missing"
        status=1
        continue
    fi
    dir=$out/$row
    if ! "$JVMTIGEN" -q -o "$dir" "$opt" "${mo[@]}" "$xml"; then
        echo "FAIL: jvmtigen exited non-zero"
        status=1
        continue
    fi
    if [[ $(ls -A "$dir") != "$file" ]]; then
        echo "FAIL: $opt wrote $(ls -A "$dir" | tr '\n' ' '), expected $file only"
        status=1
    elif cmp "$dir/$file" "$golden"; then
        echo "   ok: byte-identical ($(wc -c <"$golden") bytes)"
    else
        echo "FAIL: $file differs (first 40 lines of the diff):"
        diff -u "$golden" "$dir/$file" | head -40 || true
        status=1
    fi
    if "$JVMTIGEN" -q "$opt" --stdout "${mo[@]}" "$xml" | cmp -s - "$golden"; then
        echo "   ok: the same bytes through --stdout"
    else
        echo "FAIL: --stdout differs (or jvmtigen failed)"
        status=1
    fi
done <"$srcdir/tests/golden/CASES"
if ((row == 0)); then
    echo "FAIL: no rows read from $srcdir/tests/golden/CASES"
    status=1
fi

# The version line, from what each JDK declares (not from a reference file).
# spec | --major-version | what follows "JVMTI_VERSION = 0x30000000 + "
while IFS='|' read -r spec major version; do
    mo=()
    [[ -n $major ]] && mo=(--major-version="$major")
    if "$JVMTIGEN" -q --header --stdout "${mo[@]}" "$SPEC_DIR/$spec/jvmti.xml" >"$out/version.h" &&
        grep -qF "JVMTI_VERSION = 0x30000000 + $version" "$out/version.h"; then
        echo "   ok: $spec ${mo[*]} declares + $version"
    else
        echo "FAIL: $spec ${mo[*]}: the JVMTI_VERSION line is not '... + $version'"
        status=1
    fi
done <<'ROWS'
jdk8||(1 * 0x10000) + (2 * 0x100) + 3
jdk11|11|(11 * 0x10000) + (0 * 0x100) + 0
jdk17|17|(17 * 0x10000) + ( 0 * 0x100) + 0
jdk21|21|(21 * 0x10000) + ( 0 * 0x100) + 0
jdk25|25|(25 * 0x10000) + ( 0 * 0x100) + 0
ROWS

# A version the reference does not cover takes the newest conventions: the
# option changes the declared version, and nothing else of JDK 25's layout.
echo "== jdk25 spec, --major-version=26"
if "$JVMTIGEN" -q --header --stdout --major-version=26 "$SPEC_DIR/jdk25/jvmti.xml" >"$out/h26" &&
    diff "$ref/jdk25/jvmti.h" "$out/h26" >"$out/h26.diff"; then
    echo "FAIL: --major-version=26 changed nothing"
    status=1
elif [[ $(grep -c '^[<>]' "$out/h26.diff") == 2 ]] &&
    grep -q '^> .*(26 \* 0x10000) + ( 0 \* 0x100) + 0  /\* version: 26.0.0 \*/' "$out/h26.diff"; then
    echo "   ok: only the version line differs"
else
    echo "FAIL: --major-version=26 differs from JDK 25's header in more than its version line:"
    head -20 "$out/h26.diff"
    status=1
fi

exit $status
