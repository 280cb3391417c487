#!/usr/bin/env bash
# diff.sh — `jvmtigen diff OLD.xml NEW.xml`.
#
# 1. JDK 8 (JVM TI 1.2.3) -> JDK 17: exactly the changes listed in
#    tests/cli/diff-jdk8-jdk17.expected, which were worked out by hand from
#    the two XML files and the change history of the JDK 17 spec (9.0.0:
#    modules, early VM start and class hook capabilities, CompiledMethodLoad
#    in the start phase; 11.0.0: heap sampling and
#    UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED), exit 1; the same in
#    --format=json and --format=html; the reverse direction has as many lines.
# 2. A spec against itself: no output, exit 0.
# 3. A missing file or bad usage: exit 2.
# 4. Two small specs written here, differing in one deliberate way per kind
#    of change, give exactly the lines listed below, with [ABI] where a
#    compiled agent would break.
# 5. JDK 17 -> 21 lists the virtual-thread API (two functions, two events,
#    one capability, one error) and JDK 21 -> 25 ClearAllFramePops, each with
#    the slot, number or bit the JDK's own header gives it (checked against
#    ../shared/reference/openjdk/jdkN/jvmti.h too); 8 -> 11 and 11 -> 17 load
#    and compare.
# Exit 0 pass, 1 fail, 77 skip (inputs missing).
set -uo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}" "${srcdir:?}"
out=$builddir/tests/out/diff
rm -rf "$out"; mkdir -p "$out"
. "$srcdir/tests/skip-lib.sh"   # skip_or_fail
fail=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# run NAME WANT_RC ARGS...: runs jvmtigen diff, output in $out/NAME.{out,err}
run() {
    local name=$1 want=$2
    shift 2
    local rc=0
    "$JVMTIGEN" diff "$@" >"$out/$name.out" 2>"$out/$name.err" || rc=$?
    if [[ $rc -ne $want ]]; then
        bad "$name: exit $rc (expected $want)"
        sed 's/^/   | /' "$out/$name.err"
        return 1
    fi
    return 0
}

# same NAME EXPECTED ACTUAL: the two files are equal, or the difference is shown.
same() {
    if diff -u "$2" "$3" >"$out/$1.diff"; then
        echo "ok   $1: $(wc -l <"$3") lines as expected"
    else
        bad "$1: output differs from the expected list (- expected, + jvmtigen):"
        sed 's/^/   /' "$out/$1.diff"
    fi
}

j8=$SPEC_DIR/jdk8/jvmti.xml j17=$SPEC_DIR/jdk17/jvmti.xml
expected=$srcdir/tests/cli/diff-jdk8-jdk17.expected
if [[ ! -f $j8 || ! -f $j17 ]]; then
    echo "SKIP: $j8 or $j17 not found (see spec/README.md)"
    exit 77
fi

# ---- 1. JDK 8 -> JDK 17 ---------------------------------------------------
if run jdk8-jdk17 1 "$j8" "$j17"; then
    same jdk8-jdk17 "$expected" "$out/jdk8-jdk17.out"
fi
n=$(wc -l <"$expected")
if run jdk17-jdk8 1 "$j17" "$j8"; then
    [[ $(wc -l <"$out/jdk17-jdk8.out") -eq $n ]] && echo "ok   jdk17-jdk8: $n lines, the reverse" \
        || bad "jdk17-jdk8: $(wc -l <"$out/jdk17-jdk8.out") lines, expected $n"
fi
if run jdk8-jdk17-json 1 --format=json "$j8" "$j17"; then
    if command -v python3 >/dev/null; then
        python3 - "$out/jdk8-jdk17-json.out" >"$out/jdk8-jdk17-json.txt" <<'EOF' || bad "json: does not parse"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["summary"]["changes"] == len(d["changes"])
assert d["summary"]["abi"] == sum(c["abi"] for c in d["changes"])
for c in d["changes"]:
    print(c["text"])
EOF
        same jdk8-jdk17-json "$expected" "$out/jdk8-jdk17-json.txt"
    else
        skip_or_fail "python3 not found: json check skipped" part || fail=$((fail + 1))
    fi
fi
if run jdk8-jdk17-html 1 --format=html "$j8" "$j17"; then
    rows=$(grep -c '^<tr class=' "$out/jdk8-jdk17-html.out")
    head -1 "$out/jdk8-jdk17-html.out" | grep -q '^<!DOCTYPE html>' && [[ $rows -eq $n ]] \
        && echo "ok   jdk8-jdk17-html: a page with $rows rows" || bad "html: $rows rows, expected $n"
fi

# ---- 2. self-diff ---------------------------------------------------------
for v in jdk8 jdk17; do
    spec=$SPEC_DIR/$v/jvmti.xml
    if run self-$v 0 "$spec" "$spec"; then
        [[ -s $out/self-$v.out ]] && bad "self-$v: reported changes" || echo "ok   self-$v: nothing, exit 0"
    fi
    run self-$v-json 0 --format=json "$spec" "$spec" && grep -q '"changes": \[\]' "$out/self-$v-json.out" \
        || bad "self-$v-json: expected an empty change list"
done

# ---- 3. errors ------------------------------------------------------------
run missing 2 "$j8" "$out/no-such-file.xml" && grep -q 'no-such-file.xml: error:' "$out/missing.err" \
    && echo "ok   missing file: exit 2" || bad "missing: no 'no-such-file.xml: error:' message"
run one-arg 2 "$j8" && echo "ok   one spec only: exit 2"
run bad-format 2 --format=xml "$j8" "$j17" && echo "ok   --format=xml: exit 2"
run bad-option 2 --no-such-option "$j8" "$j17" && echo "ok   unknown option: exit 2"

# ---- 4. one change of each kind -------------------------------------------
# mini: a small spec whose variable parts come from the environment.
mini() {
    cat <<EOF
<?xml version="1.0"?>
<specification label="x">
<title subtitle="v">T</title>
<functionsection label="F"><category id="c" label="C">
<intro id="k" label="K">Values: <constants id="jvmtiK" label="K" kind="enum">
<constant id="JVMTI_K_A" num="1">a</constant><constant id="JVMTI_K_B" num="$KB">b</constant>$KEXTRA
</constants></intro>
<capabilitiestypedef id="jvmtiCapabilities" label="Caps">$CAPS</capabilitiestypedef>
<typedef id="jvmtiS" label="S">$FIELDS</typedef>
<function id="Foo" num="$FOONUM" $FOOATTR><synopsis>Foo</synopsis><description>d</description>
<origin>new</origin><capabilities>$FOOCAPS</capabilities><parameters>$FOOPARAMS</parameters><errors>$FOOERRS</errors></function>
$EXTRAFN
</category></functionsection>
<errorsection label="E"><errorcategory id="u" label="U">
<errorid id="JVMTI_ERROR_NONE" num="0">ok</errorid>
<errorid id="JVMTI_ERROR_X" num="$ERRX">x</errorid>
</errorcategory></errorsection>
<eventsection label="Ev">
<event id="Ev" label="Ev" const="JVMTI_EVENT_EV" num="$EVNUM" $EVATTR><description>e</description><origin>new</origin>
<capabilities/><parameters><param id="thread"><jthread/><description>t</description></param></parameters></event>
</eventsection>
<datasection/><issuessection label="I"/>
<changehistory id="ChangeHistory" update="x"><change date="1 Jan 2020" version="$VER">c</change></changehistory>
</specification>
EOF
}
f() { printf '<field id="%s">%s<description>%s</description></field>' "$1" "$2" "$1"; }
p() { printf '<param id="%s">%s<description>%s</description></param>' "$1" "$2" "$1"; }
cap() { printf '<capabilityfield id="%s" %s><description>%s</description></capabilityfield>' "$1" "${2:-}" "$1"; }
fn() { printf '<function id="%s" num="%s"><synopsis>%s</synopsis><description>d</description><origin>new</origin><capabilities/><parameters/><errors/></function>' "$1" "$2" "$1"; }

KB=2 KEXTRA='' CAPS="$(cap can_x)$(cap can_y)" \
FIELDS="$(f a '<jint/>')$(f b '<jlong/>')$(f d '<outptr><jint/></outptr>')" \
FOONUM=1 FOOATTR='' FOOCAPS='<required id="can_x"/>' \
FOOPARAMS="$(p n '<jint/>')$(p q '<outptr><jint/></outptr>')$(p s '<inbuf><char/></inbuf>')" \
FOOERRS='<error id="JVMTI_ERROR_X">x</error>' EXTRAFN="$(fn Gone 3)" ERRX=10 EVNUM=50 EVATTR='' VER=1.0.0 \
    mini >"$out/old.xml"
# Each difference below is deliberate; the expected lines follow.
KB=3 KEXTRA='<constant id="JVMTI_K_C" num="4">c</constant>' \
CAPS="$(cap can_y)$(cap can_x)$(cap can_z 'since="2"')" \
FIELDS="$(f b '<jlong/>')$(f a '<jint/>')$(f d '<outbuf><jint/></outbuf>')$(f c '<jint/>')" \
FOONUM=2 FOOATTR='phase="onload" callbacksafe="safe"' FOOCAPS='<required id="can_y"/><capability id="can_z"/>' \
FOOPARAMS="$(p count '<jint/>')$(p q '<outptr><jlong/></outptr>')$(p s '<inbuf><char/><nullok>none</nullok></inbuf>')$(p r '<jint/>')" \
FOOERRS='' EXTRAFN="$(fn Bar 1)" ERRX=11 EVNUM=51 EVATTR='phase="start" filtered="thread"' VER=2.0.0 \
    mini >"$out/new.xml"
cat >"$out/mini.expected" <<'EOF'
function Bar: added (slot 1, since 1.0)
function Foo: callbacksafe no -> yes
function Foo: error JVMTI_ERROR_X removed
function Foo: optional capability can_z added
function Foo: param n renamed to count
function Foo: param q type outptr(jint) -> outptr(jlong) [ABI]
function Foo: param r added (position 4, jint) [ABI]
function Foo: param s nullok added
function Foo: phase live -> onload
function Foo: required capability can_x removed
function Foo: required capability can_y added
function Foo: slot 1 -> 2 [ABI]
function Gone: removed (slot 3) [ABI]
event Ev: filtered none -> thread
event Ev: number 50 -> 51 [ABI]
event Ev: phase live -> start
error JVMTI_ERROR_X: value 10 -> 11 [ABI]
capability can_x: bit 0 -> 1 [ABI]
capability can_y: bit 1 -> 0 [ABI]
capability can_z: added (bit 2, since 2)
constant JVMTI_K_B: value 2 -> 3 [ABI]
constant JVMTI_K_C: added (jvmtiK, value 4)
struct jvmtiS: field c added (position 4, jint) [ABI]
struct jvmtiS: field d type outptr(jint) -> outbuf(jint)
struct jvmtiS: field order a, b, d -> b, a, d [ABI]
EOF
run mini 1 -q "$out/old.xml" "$out/new.xml" && same mini "$out/mini.expected" "$out/mini.out"

# ---- 5. the virtual-thread API, JDK 17 -> 21 -> 25 ------------------------
ref=$SPEC_DIR/../reference/openjdk
# want FILE LINE...: each line is in FILE
want() {
    local f=$1 l
    shift
    for l in "$@"; do
        grep -qxF -- "$l" "$f" || bad "$(basename "$f"): lacks '$l'"
    done
}
# in_header JDK REGEX: OpenJDK's own header for that JDK agrees
in_header() {
    [[ -f $ref/jdk$1/jvmti.h ]] || return 0
    grep -qE -- "$2" "$ref/jdk$1/jvmti.h" || bad "jdk$1/jvmti.h does not confirm /$2/"
}
if [[ -f $SPEC_DIR/jdk21/jvmti.xml && -f $SPEC_DIR/jdk25/jvmti.xml ]]; then
    if run vt17-21 1 -q "$SPEC_DIR/jdk17/jvmti.xml" "$SPEC_DIR/jdk21/jvmti.xml"; then
        want "$out/vt17-21.out" \
            "function SuspendAllVirtualThreads: added (slot 118, since 21)" \
            "function ResumeAllVirtualThreads: added (slot 119, since 21)" \
            "event VirtualThreadStart: added (number 87, since 21)" \
            "event VirtualThreadEnd: added (number 88, since 21)" \
            "capability can_support_virtual_threads: added (bit 44, since 21)" \
            "error JVMTI_ERROR_UNSUPPORTED_OPERATION: added (value 73)"
        echo "ok   17 -> 21: $(wc -l <"$out/vt17-21.out") changes, the virtual-thread API among them"
    fi
    in_header 21 '^  /\*   118 : Suspend All Virtual Threads \*/'
    in_header 21 '^  /\*   119 : Resume All Virtual Threads \*/'
    in_header 21 'JVMTI_EVENT_VIRTUAL_THREAD_START = 87,'
    in_header 21 'JVMTI_EVENT_VIRTUAL_THREAD_END = 88,'
    in_header 21 'JVMTI_ERROR_UNSUPPORTED_OPERATION = 73,'
    if run vt21-25 1 -q "$SPEC_DIR/jdk21/jvmti.xml" "$SPEC_DIR/jdk25/jvmti.xml"; then
        want "$out/vt21-25.out" \
            "function ClearAllFramePops: added (slot 67, since 25)" \
            "function NotifyFramePop: error JVMTI_ERROR_DUPLICATE added"
        echo "ok   21 -> 25: $(wc -l <"$out/vt21-25.out") changes, ClearAllFramePops among them"
    fi
    [[ ! -f $ref/jdk25/jvmti.h ]] || grep -A1 '^  /\*   67 : ' "$ref/jdk25/jvmti.h" | grep -q '(JNICALL \*ClearAllFramePops)' ||
        bad "jdk25/jvmti.h does not put ClearAllFramePops in slot 67"
    for pair in "8 11" "11 17"; do
        set -- $pair
        run "d$1-$2" 1 -q "$SPEC_DIR/jdk$1/jvmti.xml" "$SPEC_DIR/jdk$2/jvmti.xml" &&
            echo "ok   $1 -> $2: $(wc -l <"$out/d$1-$2.out") changes"
    done
else
    echo "note: JDK 21 or 25 spec missing: part 5 skipped"
fi

echo "diff: $fail failures"
[[ $fail -eq 0 ]]
