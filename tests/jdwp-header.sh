#!/usr/bin/env bash
# jdwp-header.sh — jdwpTransport.h from our spec/jdwpTransport.xml.
#
# The JDK's jdwpTransport.h is hand-written, so the bar is the same C
# tokens, not the same bytes: clang's lexer (tests/ctokens.py) reads both,
# comments and whitespace dropped.  Ours must equal Temurin 25's token for
# token.  Against JDK 17's, the one difference must be JDK 17's known bug:
# its C++ inline SetTransportConfiguration declares (jdwpTransportEnv* env,
# instead of (jdwpTransportConfiguration *config) {.  The header must also
# compile as C and as C++ with the JDK's jni.h, and an agent-side program
# must be able to use it.  Exit 0 pass, 1 fail, 77 skip (no clang).
set -euo pipefail

: "${JVMTIGEN:?}" "${srcdir:?}" "${JDK_HOME:?}" "${builddir:?}"
out=$builddir/tests/out/jdwp-header
rm -rf "$out"
mkdir -p "$out"
spec=$srcdir/spec/jdwpTransport.xml

if ! command -v clang >/dev/null; then
    echo "SKIP: clang not found (its lexer compares the tokens; scripts/setup-debian.sh installs it)"
    exit 77
fi

status=0
echo "== $JVMTIGEN --header -o $out $spec"
"$JVMTIGEN" -q --header -o "$out" "$spec"
python3 "$srcdir/tests/ctokens.py" "$out/jdwpTransport.h" >"$out/ours.tok"
n=$(wc -l <"$out/ours.tok")
# a header that lost its declarations would compare equal to nothing; be sure it has them
if ((n < 700)); then
    echo "FAIL: only $n tokens in our header"
    status=1
fi

jdk25=${JDK_NEW:-}
if [[ -n $jdk25 && -f $jdk25/include/jdwpTransport.h ]]; then
    python3 "$srcdir/tests/ctokens.py" "$jdk25/include/jdwpTransport.h" >"$out/jdk25.tok"
    if cmp -s "$out/ours.tok" "$out/jdk25.tok"; then
        echo "   ok: token-identical to $jdk25/include/jdwpTransport.h ($n tokens)"
    else
        echo "FAIL: tokens differ from $jdk25/include/jdwpTransport.h:"
        diff "$out/jdk25.tok" "$out/ours.tok" | head -30 || true
        status=1
    fi
else
    echo "SKIP (part): no JDK 25 with include/jdwpTransport.h (JDK_NEW='$jdk25')"
fi

# JDK 17's header: the only difference is its SetTransportConfiguration bug.
python3 "$srcdir/tests/ctokens.py" "$JDK_HOME/include/jdwpTransport.h" >"$out/jdk17.tok"
diff "$out/jdk17.tok" "$out/ours.tok" | grep -v '^---$' | sed 's/^[0-9].*/@/' >"$out/jdk17.diff" || true
cat >"$out/jdk17.expected" <<'EXP'
@
< raw_identifier jdwpTransportEnv
> raw_identifier jdwpTransportConfiguration
@
< raw_identifier env
< comma ,
> raw_identifier config
> r_paren )
> l_brace {
EXP
if diff -u "$out/jdk17.expected" "$out/jdk17.diff"; then
    echo "   ok: against $JDK_HOME/include/jdwpTransport.h, only JDK 17's SetTransportConfiguration bug differs:"
    grep -n -A1 'SetTransportConfiguration(jdwpTransportEnv' "$JDK_HOME/include/jdwpTransport.h" | sed 's/^/      jdk17: /'
    grep -n 'SetTransportConfiguration(jdwpTransportConfiguration' "$out/jdwpTransport.h" | sed 's/^/      ours:  /'
else
    echo "FAIL: the token difference against JDK 17 is not (only) its SetTransportConfiguration bug"
    status=1
fi

# It compiles as C and C++, with a use of every type and the table.
cat >"$out/use.c" <<'C'
#include "jdwpTransport.h"
static jint JNICALL onload(JavaVM *vm, jdwpTransportCallback *cb, jint v, jdwpTransportEnv **env)
{ (void)vm; (void)cb; (void)env; return v == JDWPTRANSPORT_VERSION_1_1 ? JNI_OK : JNI_EVERSION; }
int main(void)
{
    jdwpTransport_OnLoad_t f = onload;
    jdwpPacket p;
    JDWPTransportCapabilities caps = { 0 };
    jdwpTransportConfiguration conf = { 0 };
    p.type.cmd.len = JDWP_HEADER_SIZE;
    p.type.reply.flags = (jbyte)JDWPTRANSPORT_FLAGS_REPLY;
    (void)caps; (void)conf;
    return f(0, 0, JDWPTRANSPORT_VERSION_1_1, 0) == JNI_OK && sizeof(struct jdwpTransportNativeInterface_) == 12 * sizeof(void *)
           && p.type.cmd.len == 11 ? 0 : 1;
}
C
inc=(-I"$out" -I"$JDK_HOME/include" -I"$JDK_HOME/include/linux")
if ${CC:-cc} -std=c99 -pedantic -Wall -Werror "${inc[@]}" -o "$out/use" "$out/use.c" && "$out/use"; then
    echo "   ok: compiles and runs as C99 (-pedantic -Werror)"
else
    echo "FAIL: our jdwpTransport.h does not compile or run as C"
    status=1
fi
if command -v g++ >/dev/null; then
    if g++ -x c++ -std=c++11 -Wall -Werror "${inc[@]}" -fsyntax-only "$out/use.c"; then
        echo "   ok: compiles as C++11 (the inline members included)"
    else
        echo "FAIL: our jdwpTransport.h does not compile as C++"
        status=1
    fi
fi

# Name tables under the interface's names, compiled with our header and
# asked for values whose names the spec text gives.
"$JVMTIGEN" -q --tables -o "$out" "$spec"
cat >"$out/names.c" <<'C'
#include <string.h>
#include "jdwpTransport_names.h"
int main(void)
{
    jdwpTransportError e;
    jlong v;
    int num, bit;
    return !(strcmp(jdwpTransport_error_name(JDWPTRANSPORT_ERROR_IO_ERROR), "JDWPTRANSPORT_ERROR_IO_ERROR") == 0
             && jdwpTransport_error_from_name("JDWPTRANSPORT_ERROR_TIMEOUT", &e) && e == 203
             && jdwpTransport_error_name((jdwpTransportError)5) == NULL
             && strcmp(jdwpTransport_function_name(9), "ReadPacket") == 0
             && jdwpTransport_function_name(1) == NULL
             && jdwpTransport_function_from_name("SetTransportConfiguration", &num) && num == 12
             && strcmp(jdwpTransport_constant_name("jdwpTransportFlags", 0x80), "JDWPTRANSPORT_FLAGS_REPLY") == 0
             && jdwpTransport_constant_from_name("jdwpHeaderSize", "JDWP_HEADER_SIZE", &v) && v == JDWP_HEADER_SIZE
             && jdwpTransport_capability_from_name("can_timeout_handshake", &bit) && bit == 2
             && jdwpTransport_event_name(0) == NULL);
}
C
if ${CC:-cc} -std=c99 -pedantic -Wall -Werror "${inc[@]}" -o "$out/names" "$out/names.c" "$out/jdwpTransport_names.c" &&
   "$out/names" && ! grep -Eq '(^|[^A-Za-z])jvmti_|jvmtiError|jvmtiEvent[^A-Za-z]|jvmtiCapabilities|"jvmti.h"|JVMTI_NAMES_H|JVMTI_CONSTANTS' "$out/jdwpTransport_names.h" "$out/jdwpTransport_names.c"; then
    echo "   ok: jdwpTransport_names.[ch] compile as C99 (-pedantic -Werror) and answer lookups of errors, functions, constants, capabilities"
else
    echo "FAIL: jdwpTransport_names.[ch]"
    status=1
fi

# The other outputs of the same model: lint, JSON (schema-valid), HTML,
# diff; JVMTI-only outputs refuse by name.
if "$JVMTIGEN" --lint -q "$spec" >"$out/lint.txt" 2>&1; then
    echo "   ok: --lint passes"
else
    echo "FAIL: --lint on $spec:"; cat "$out/lint.txt"; status=1
fi
"$JVMTIGEN" -q --json --html -o "$out" "$spec"
if python3 -c 'import jsonschema' 2>/dev/null; then
    if python3 - "$srcdir/spec/jvmti-json.schema.json" "$out/jdwpTransport.json" <<'PY'
import json, sys, jsonschema
d = json.load(open(sys.argv[2]))
jsonschema.validate(d, json.load(open(sys.argv[1])))
f = {x["id"]: x for x in d["functions"]}
assert f["IsOpen"]["c_return"] == "jboolean", f["IsOpen"]
assert "c_return" not in f["Close"]
assert d["spec"]["interface"]["env"] == "jdwpTransportEnv"
cb = {x["id"]: x for x in d["callbacks"]}
assert cb["jdwpTransport_OnLoad_t"]["entry"] == "jdwpTransport_OnLoad"
assert cb["jdwpTransportAllocFunction"]["inline"] is True
PY
    then echo "   ok: jdwpTransport.json is valid against the schema (IsOpen returns jboolean, the entry point, inline callbacks)"
    else echo "FAIL: jdwpTransport.json"; status=1; fi
else
    echo "note: python3 jsonschema not installed: schema validation skipped"
fi
if grep -q 'id="ReadPacket"' "$out/jdwpTransport.html" && grep -q 'JDWPTRANSPORT_ERROR_IO_ERROR' "$out/jdwpTransport.html"; then
    echo "   ok: jdwpTransport.html has the functions and errors"
else
    echo "FAIL: jdwpTransport.html lacks ReadPacket or the errors"; status=1
fi
sed -e 's/JDWPTRANSPORT_ERROR_TIMEOUT" num="203"/JDWPTRANSPORT_ERROR_TIMEOUT" num="205"/' \
    -e 's/<param id="attach_timeout">/<param id="attach_ms">/' "$spec" >"$out/changed.xml"
rc=0
"$JVMTIGEN" diff -q "$spec" "$out/changed.xml" >"$out/diff.txt" 2>&1 || rc=$?
if [[ $rc == 1 ]] && grep -q 'JDWPTRANSPORT_ERROR_TIMEOUT: value 203 -> 205 \[ABI\]' "$out/diff.txt" &&
   grep -q 'Attach: param attach_timeout renamed to attach_ms' "$out/diff.txt"; then
    echo "   ok: jvmtigen diff reports the changed error value (ABI) and the renamed param"
else
    echo "FAIL: jvmtigen diff (exit $rc):"; cat "$out/diff.txt"; status=1
fi
rc=0
"$JVMTIGEN" -q --hpp -o "$out/w" "$spec" 2>"$out/hpp.err" || rc=$?
if [[ $rc == 1 ]] && grep -q 'writes a JVMTI output; this spec describes jdwpTransport' "$out/hpp.err" && [[ ! -e $out/w/jvmtiEnv.hpp ]]; then
    echo "   ok: --hpp (HotSpot's JVMTI class) refuses a jdwpTransport spec with a message"
else
    echo "FAIL: --hpp on the jdwpTransport spec (exit $rc)"; cat "$out/hpp.err"; status=1
fi
exit $status
