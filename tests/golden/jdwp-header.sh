#!/usr/bin/env bash
# jdwp-header.sh — jdwpTransport.h from our spec/jdwpTransport.xml.
#
# The JDK's jdwpTransport.h is hand-written, so the bar is the same C
# tokens, not the same bytes: clang's lexer (tests/golden/ctokens.py) reads both,
# comments and whitespace dropped.  Ours must equal Temurin 25's token for
# token.  Against JDK 17's, the one difference must be JDK 17's known bug:
# its C++ inline SetTransportConfiguration declares (jdwpTransportEnv* env,
# instead of (jdwpTransportConfiguration *config) {.  The header must also
# compile as C and as C++ with the JDK's jni.h, and an agent-side program
# must be able to use it.  The name tables (--tables) are checked against
# the spec text ($SPEC_DIR/../reference/jdwpTransport-spec.txt).
# Exit 0 pass, 1 fail, 77 skip (no clang).
set -euo pipefail

: "${JVMTIGEN:?}" "${srcdir:?}" "${JDK_HOME:?}" "${builddir:?}"
out=$builddir/tests/out/jdwp-header
rm -rf "$out"
mkdir -p "$out"
spec=$srcdir/spec/jdwpTransport.xml

. "$srcdir/tests/skip-lib.sh"   # skip_or_fail
command -v clang >/dev/null || skip_or_fail "clang not found (its lexer compares the tokens; scripts/setup-debian.sh installs it)"

status=0
echo "== $JVMTIGEN --header -o $out $spec"
"$JVMTIGEN" -q --header -o "$out" "$spec"
python3 "$srcdir/tests/golden/ctokens.py" "$out/jdwpTransport.h" >"$out/ours.tok"
n=$(wc -l <"$out/ours.tok")
# a header that lost its declarations would compare equal to nothing; be sure it has them
if ((n < 700)); then
    echo "FAIL: only $n tokens in our header"
    status=1
fi

jdk25=${JDK_NEW:-}
if [[ -n $jdk25 && -f $jdk25/include/jdwpTransport.h ]]; then
    python3 "$srcdir/tests/golden/ctokens.py" "$jdk25/include/jdwpTransport.h" >"$out/jdk25.tok"
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
python3 "$srcdir/tests/golden/ctokens.py" "$JDK_HOME/include/jdwpTransport.h" >"$out/jdk17.tok"
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

# Name tables: jdwpTransport_names.[ch], written under the interface's own
# names (from the model), with no event section (the interface has no
# events).  The expectations come from the spec text, not from our output:
# the error names it mentions, the functions whose signatures it gives and
# the capability bits of its JDWPTransportCapabilities, each in its C
# declaration order.  Their values come from the header the program is
# compiled against: function slots by offsetof() in the function table,
# errors by their enum constants.  The program is compiled against our
# jdwpTransport.h and against JDK 17's hand-written one, whose values owe
# nothing to our spec.
"$JVMTIGEN" -q --tables -o "$out" "$spec"
spec_txt=${SPEC_DIR:+$SPEC_DIR/../reference/jdwpTransport-spec.txt}
if [[ -z $spec_txt || ! -f $spec_txt ]]; then
    echo "FAIL: no jdwpTransport spec text next to SPEC_DIR ('$spec_txt'), which the name tables are checked against"
    status=1
else
    errors=$(grep -o 'JDWPTRANSPORT_ERROR_[A-Z_]*' "$spec_txt" | sort -u)
    # Signature lines "Attach(jdwpTransportEnv* env, ...": the text spells
    # IsOpen's "isOpen" there (its list of functions says IsOpen); table
    # members start with a capital.
    functions=$(sed -n 's/^\([A-Za-z]*\)(jdwpTransportEnv\*.*/\1/p' "$spec_txt" | sed 's/^./\U&/')
    caps=$(sed -n 's/^ *unsigned int \(can_[a-z_]*\) *:1;$/\1/p' "$spec_txt")
    nerr=$(wc -w <<<"$errors"); nfn=$(wc -w <<<"$functions"); ncap=$(wc -w <<<"$caps")
    if ((nerr < 8 || nfn < 10 || ncap < 3)); then
        echo "FAIL: read only $nerr errors, $nfn functions, $ncap capabilities from $spec_txt"
        status=1
    fi
    {
        cat <<'C'
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "jdwpTransport_names.h"
static int failures;
#define CHECK(c) do { if (!(c)) { printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)
#define STREQ(a, b) ((a) != NULL && strcmp((a), (b)) == 0)
/* a function's slot in the table, 1-based, from the header's struct */
#define SLOT(f) ((int)(offsetof(struct jdwpTransportNativeInterface_, f) / sizeof(void *)) + 1)
#define ERR(x) do { jdwpTransportError e_; \
    CHECK(STREQ(jdwpTransport_error_name(x), #x)); \
    CHECK(jdwpTransport_error_from_name(#x, &e_) && e_ == (x)); \
    CHECK(jdwpTransport_error_description(x) != NULL && *jdwpTransport_error_description(x) != '\0'); \
    errors++; } while (0)
#define FN(f) do { int n_; \
    CHECK(STREQ(jdwpTransport_function_name(SLOT(f)), #f)); \
    CHECK(jdwpTransport_function_from_name(#f, &n_) && n_ == SLOT(f)); } while (0)
#define CAP(c, i) do { JDWPTransportCapabilities caps_; int b_; \
    memset(&caps_, 0, sizeof caps_); \
    CHECK(jdwpTransport_capability_from_name(#c, &b_) && b_ == (i)); \
    CHECK(STREQ(jdwpTransport_capability_names[i], #c)); \
    CHECK(jdwpTransport_capability_set(&caps_, (i), 1) && caps_.c == 1 && jdwpTransport_capability_get(&caps_, (i)) == 1); \
    } while (0)
int main(void)
{
    int errors = 0, named = 0, v;
    jlong value;
    char buf[80];
    jdwpTransportError e;
C
        for x in $errors; do echo "    ERR($x);"; done
        echo "    /* every error value with a name is one of the spec's */"
        echo "    for (v = -1; v < 1024; v++) named += jdwpTransport_error_name((jdwpTransportError)v) != NULL;"
        echo "    CHECK(named == errors);"
        echo "    CHECK(!jdwpTransport_error_from_name(\"JVMTI_ERROR_NONE\", &e) && !jdwpTransport_error_from_name(\"jdwptransport_error_none\", &e));"
        for f in $functions; do echo "    FN($f);"; done
        cat <<'C'
    /* JDWP 1.1's SetTransportConfiguration is in the header, not in the text */
    FN(SetTransportConfiguration);
    CHECK(jdwpTransport_function_name(SLOT(reserved1)) == NULL && jdwpTransport_function_name(0) == NULL);
    CHECK(jdwpTransport_function_name((int)(sizeof(struct jdwpTransportNativeInterface_) / sizeof(void *)) + 1) == NULL);
C
        i=0
        for c in $caps; do echo "    CAP($c, $i);"; i=$((i + 1)); done
        cat <<'C'
    CHECK(jdwpTransport_capability_get(NULL, 0) == 0);
    CHECK(jdwpTransport_constant_from_name(NULL, "JDWPTRANSPORT_VERSION_1_0", &value) && value == JDWPTRANSPORT_VERSION_1_0);
    CHECK(jdwpTransport_constant_from_name("jdwpHeaderSize", "JDWP_HEADER_SIZE", &value) && value == JDWP_HEADER_SIZE);
    CHECK(STREQ(jdwpTransport_constant_name("jdwpTransportFlags", JDWPTRANSPORT_FLAGS_REPLY), "JDWPTRANSPORT_FLAGS_REPLY"));
    CHECK(jdwpTransport_bits_format("jdwpTransportFlags", JDWPTRANSPORT_FLAGS_REPLY | 1, buf, sizeof buf) == strlen(buf)
          && STREQ(buf, "JDWPTRANSPORT_FLAGS_REPLY|0x1"));
    if (failures == 0)
        printf("%d errors, the functions, the capabilities and constants: as the spec says\n", errors);
    return failures != 0;
}
C
    } >"$out/names.c"
    mkdir -p "$out/vsjdk"
    cp "$out/jdwpTransport_names.h" "$out/jdwpTransport_names.c" "$out/names.c" "$out/vsjdk/"
    names_ok=1
    jdk_inc=(-I"$JDK_HOME/include" -I"$JDK_HOME/include/linux")
    for dir in "$out" "$out/vsjdk"; do
        # in vsjdk/ "jdwpTransport.h" is found only in the JDK's include/
        if [[ $dir == "$out" ]]; then dir_inc=("${inc[@]}"); else dir_inc=("${jdk_inc[@]}"); fi
        if ! ${CC:-cc} -std=c99 -pedantic -Wall -Wextra -Werror "${dir_inc[@]}" -o "$dir/names" "$dir/names.c" "$dir/jdwpTransport_names.c" ||
           ! "$dir/names"; then
            echo "FAIL: jdwpTransport_names.[ch] with $([[ $dir == "$out" ]] && echo our || echo "JDK 17's") jdwpTransport.h"
            names_ok=0
        fi
    done
    if command -v g++ >/dev/null && ! g++ -x c++ -std=c++11 -Wall -Wextra -Werror "${inc[@]}" -fsyntax-only "$out/jdwpTransport_names.c"; then
        echo "FAIL: jdwpTransport_names.c does not compile as C++11"
        names_ok=0
    fi
    # The interface's names only, and no section the interface lacks.
    # (the banner's "Generated by jvmtigen" aside)
    if cat "$out/jdwpTransport_names.h" "$out/jdwpTransport_names.c" | sed '/Generated by jvmtigen /d' |
           grep -En 'jvmti|JVMTI|JVM TI|_event_|EVENT|Event' >"$out/names.jvmti"; then
        echo "FAIL: jdwpTransport_names.[ch] name JVMTI or events:"
        head "$out/names.jvmti"
        names_ok=0
    fi
    if ((names_ok)); then
        echo "   ok: jdwpTransport_names.[ch] compile as C99 and C++11 (-Wall -Wextra -Werror) with our and JDK 17's jdwpTransport.h, answer the spec text's $nerr errors, $nfn functions (by slot) and $ncap capabilities, and have no event lookups"
    else
        status=1
    fi
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
    skip_or_fail "python3 jsonschema not installed (python3-jsonschema): schema validation skipped" part || status=1
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
