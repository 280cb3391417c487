#!/usr/bin/env bash
# golden-header.sh — the generated jvmti.h must equal the JDK's, byte for byte.
#
# JDK 17: `--header --major-version=17` on the JDK 17 spec, compared with
# $JDK_HOME/include/jvmti.h.  JDK 8: its spec carries its own version
# (1.2.3), so no --major-version; we have no JDK 8 header to compare with,
# so only the version line is checked.
# Exit 0 pass, 1 fail, 77 skip (inputs missing).
set -euo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${JDK_HOME:?}" "${builddir:?}"
out=$builddir/tests/out/golden-header
rm -rf "$out"
mkdir -p "$out/jdk17" "$out/jdk8"

golden=$JDK_HOME/include/jvmti.h
for f in "$golden" "$SPEC_DIR/jdk17/jvmti.xml" "$SPEC_DIR/jdk8/jvmti.xml"; do
    if [[ ! -f $f ]]; then
        echo "SKIP: $f not found (see README.md: scripts/setup-debian.sh, ../shared/spec)"
        exit 77
    fi
done

status=0

echo "== jdk17: $JVMTIGEN -o $out/jdk17 --header --major-version=17 $SPEC_DIR/jdk17/jvmti.xml"
if ! "$JVMTIGEN" -o "$out/jdk17" --header --major-version=17 "$SPEC_DIR/jdk17/jvmti.xml"; then
    echo "FAIL: jvmtigen exited non-zero on the JDK 17 spec"
    status=1
else
    echo "   cmp $out/jdk17/jvmti.h $golden"
    if cmp "$out/jdk17/jvmti.h" "$golden"; then
        echo "   ok: byte-identical ($(wc -c <"$golden") bytes)"
    else
        echo "FAIL: generated jvmti.h differs from the JDK's (first 60 lines of the diff):"
        diff -u "$golden" "$out/jdk17/jvmti.h" | head -60 || true
        status=1
    fi
fi

echo "== jdk17 to standard output: --header --stdout --major-version=17 | cmp - $golden"
if "$JVMTIGEN" --header --stdout --major-version=17 "$SPEC_DIR/jdk17/jvmti.xml" | cmp - "$golden"; then
    echo "   ok: the same bytes on standard output"
else
    echo "FAIL: --stdout differs from the JDK's header (or jvmtigen failed)"
    status=1
fi

want='JVMTI_VERSION = 0x30000000 + (1 * 0x10000) + (2 * 0x100) + 3'
echo "== jdk8: $JVMTIGEN -o $out/jdk8 --header $SPEC_DIR/jdk8/jvmti.xml"
if ! "$JVMTIGEN" -o "$out/jdk8" --header "$SPEC_DIR/jdk8/jvmti.xml"; then
    echo "FAIL: jvmtigen exited non-zero on the JDK 8 spec"
    status=1
elif [[ ! -f $out/jdk8/jvmti.h ]]; then
    echo "FAIL: no $out/jdk8/jvmti.h written"
    status=1
else
    echo "   grep -F '$want' $out/jdk8/jvmti.h"
    if grep -qF "$want" "$out/jdk8/jvmti.h"; then
        echo "   ok: version line for 1.2.3 present"
    else
        echo "FAIL: version line missing; the header has:"
        grep -n 'JVMTI_VERSION = ' "$out/jdk8/jvmti.h" || echo "   (no 'JVMTI_VERSION = ' line)"
        status=1
    fi
fi

exit $status
