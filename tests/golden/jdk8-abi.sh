#!/usr/bin/env bash
# jdk8-abi.sh — the header generated from the JDK 8 spec has JDK 8's ABI.
#
# tests/golden/jdk8-abi.facts lists facts of JDK 8's jvmti.h (slots, constant
# values, struct sizes and offsets, capability bit order).  This turns each
# into a C11 _Static_assert or a run-time check and compiles and runs it
# twice: against the real 1.2.3 header OpenJDK's generator makes from the
# JDK 8 spec (../shared/reference/openjdk/jdk8/jvmti.h: the facts must be
# true of it), then against ours.  Needs a C compiler and jni.h.
set -euo pipefail
: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${JDK_HOME:?}" "${builddir:?}" "${srcdir:?}"
out="$builddir/tests/out/jdk8-abi"
rm -rf "$out"; mkdir -p "$out"
facts="$srcdir/tests/golden/jdk8-abi.facts"

"$JVMTIGEN" -q -o "$out" --header "$SPEC_DIR/jdk8/jvmti.xml"
grep -q 'JVMTI_VERSION = 0x30000000 + (1 \* 0x10000) + (2 \* 0x100) + 3  /\* version: 1.2.3 \*/' "$out/jvmti.h" \
    || { echo "FAIL: JVMTI_VERSION is not 1.2.3"; exit 1; }

{
    echo '#include <stddef.h>'
    echo '#include <stdio.h>'
    echo '#include <string.h>'
    echo '#include "jvmti.h"'
    echo 'static int failures;'
    echo 'static void cap(const char *name, int bit, jvmtiCapabilities *c) {'
    echo '    unsigned char b[sizeof *c]; int i, set = -1; memcpy(b, c, sizeof b);'
    echo '    for (i = 0; i < (int)(8 * sizeof b); i++) if (b[i / 8] & (1u << (i % 8))) set = i;'
    echo '    if (set != bit) { printf("FAIL: %s is bit %d, expected %d\n", name, set, bit); failures++; } }'
    echo 'int main(void) {'
    echo '    jvmtiCapabilities c;'
    while read -r kind name value; do
        case "$kind" in
        ''|'#'*) ;;
        slot)   echo "    _Static_assert(offsetof(jvmtiInterface_1, $name) == ($value - 1) * sizeof(void *), \"slot of $name\");" ;;
        value)  echo "    _Static_assert((long long)$name == ${value}LL, \"value of $name\");" ;;
        sizeof) echo "    _Static_assert(sizeof($name) == $value, \"size of $name\");" ;;
        offset) echo "    _Static_assert(offsetof(${name%%.*}, ${name#*.}) == $value, \"offset of $name\");" ;;
        capbit) echo "    memset(&c, 0, sizeof c); c.$name = 1; cap(\"$name\", $value, &c);" ;;
        *) echo "bad fact: $kind" >&2; exit 1 ;;
        esac
    done < "$facts"
    echo '    return failures != 0;'
    echo '}'
} > "$out/abi.c"
n=$(grep -vc '^#' "$facts")
ref=$SPEC_DIR/../reference/openjdk/jdk8/jvmti.h
if [[ -f $ref ]]; then
    mkdir -p "$out/ref"
    cp "$ref" "$out/ref/jvmti.h"
    grep -q '(1 \* 0x10000) + (2 \* 0x100) + 3' "$out/ref/jvmti.h" \
        || { echo "FAIL: $ref is not a 1.2.3 header"; exit 1; }
    cc -std=c11 -Wall -Wextra -Werror -I "$out/ref" -I "$JDK_HOME/include" -I "$JDK_HOME/include/linux" \
       -o "$out/abi-ref" "$out/abi.c" || { echo "FAIL: a fact is false of OpenJDK's 1.2.3 header"; exit 1; }
    "$out/abi-ref" || { echo "FAIL: a fact is false of OpenJDK's 1.2.3 header"; exit 1; }
    echo "jdk8-abi: the $n facts hold for OpenJDK's own 1.2.3 header ($ref)"
else
    echo "note: $ref not found: the facts are not checked against OpenJDK's header"
fi
cc -std=c11 -Wall -Wextra -Werror -I "$out" -I "$JDK_HOME/include" -I "$JDK_HOME/include/linux" \
   -o "$out/abi" "$out/abi.c"
"$out/abi"
echo "jdk8-abi: $n facts of JDK 8's jvmti.h hold for the generated header"
