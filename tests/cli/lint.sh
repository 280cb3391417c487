#!/usr/bin/env bash
# lint.sh — `jvmtigen --lint`: the shared specs are clean, each rule fires.
#
# 1. All five shared specs lint with exit 0 and no error (warnings are printed
#    for the log).
# 2. One tiny spec per rule, made here from a clean template by putting one
#    fragment into one of its slots, must exit as the rule's level says
#    (1 for errors) and report "[rule]" at that level.  Adding a case is
#    one `check` line.
# 3. Every line lint prints has the form "file:line: level: [rule] message",
#    and doc/lint-rules.md documents exactly the rules gen/analyze/lint.c has, at the
#    same levels.
# Exit 0 pass, 1 fail, 77 skip (inputs missing).
set -uo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}" "${srcdir:?}"
out=$builddir/tests/out/lint
rm -rf "$out"; mkdir -p "$out"
fail=0 pass=0

bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# Every line with a [rule] tag must be file:line: level: [rule] message.
check_format() {
    local bad_lines
    bad_lines=$(grep -F ': [' "$1" | grep -Ev '^[^:]+:[0-9]+: (error|warning|note): \[[a-z-]+\] .+' || true)
    [[ -z $bad_lines ]] || bad "$2: badly formed lint lines:"$'\n'"$bad_lines"
}

# ---- 1. the shared specs --------------------------------------------------
specs=0
for v in jdk8 jdk11 jdk17 jdk21 jdk25; do
    spec=$SPEC_DIR/$v/jvmti.xml
    [[ -f $spec ]] || { echo "skip $v: $spec not found"; continue; }
    specs=$((specs + 1))
    rc=0
    "$JVMTIGEN" --lint "$spec" >"$out/$v.stdout" 2>"$out/$v.stderr" || rc=$?
    echo "== $v: exit $rc; $(grep -c ': warning: ' "$out/$v.stderr") warnings," \
         "$(grep -c ': note: ' "$out/$v.stderr") notes"
    grep ': warning: ' "$out/$v.stderr" | sed 's/^/   /'
    [[ $rc -eq 0 ]] || bad "$v: --lint exited $rc (expected 0)"
    if grep -q ': error: ' "$out/$v.stderr"; then
        bad "$v: errors reported:"; grep ': error: ' "$out/$v.stderr"
    fi
    check_format "$out/$v.stderr" "$v"
    [[ -s $out/$v.stdout ]] && bad "$v: --lint wrote to stdout"
done
[[ $specs -gt 0 ]] || { echo "SKIP: no spec in $SPEC_DIR (see spec/README.md)"; exit 77; }

# The version: JDK 8's spec declares it (majorversion=); from JDK 13 on a
# spec has only its change history, and the outputs' version is a guess
# --lint notes, unless --major-version gives it.
grep -q ': note: declares no version .* declare 17\.0\.0' "$out/jdk17.stderr" ||
    bad "jdk17: no note that the version is taken from the change history"
grep -q 'declares no version' "$out/jdk8.stderr" && bad "jdk8: a version note, though its spec declares 1.2.3"
"$JVMTIGEN" --lint --major-version=17 "$SPEC_DIR/jdk17/jvmti.xml" 2>&1 | grep -q 'declares no version' &&
    bad "jdk17 --major-version=17: still a version note"

# ---- 2. one small spec per rule ------------------------------------------
# The template is clean: one function Foo (slot 1) using the one capability
# can_x.  A case fills one slot: category (functions, typedefs, constants),
# caps (capability fields), errors (error ids) or events (one event, Tick,
# when the case leaves it empty: a spec needs one).
template() {
    cat <<EOF
<?xml version="1.0"?>
<specification label="x">
<title subtitle="v">T</title>
<functionsection label="F"><category id="c" label="C">
<capabilitiestypedef id="jvmtiCapabilities" label="Caps">
<capabilityfield id="can_x"><description>x</description></capabilityfield>
$caps
</capabilitiestypedef>
$(fn Foo 1 '' '<param id="n"><jint/><description>n</description></param>' '<required id="can_x"/>')
$category
</category></functionsection>
<errorsection label="E"><errorcategory id="u" label="U">
<errorid id="JVMTI_ERROR_NONE" num="0">ok</errorid>
$errors
</errorcategory></errorsection>
<eventsection label="Ev">
${events:-$(ev Tick 50)}
</eventsection>
<datasection/><issuessection label="I"/>
<changehistory id="ChangeHistory" update="x"/>
</specification>
EOF
}

# fn ID NUM ATTRS PARAMS CAPS: a function with a description and synopsis.
fn() {
    printf '<function id="%s" num="%s" %s><synopsis>%s</synopsis><description>d</description>' "$1" "$2" "$3" "$1"
    printf '<origin>new</origin><capabilities>%s</capabilities><parameters>%s</parameters><errors/></function>' "$5" "$4"
}

# ev ID NUM: an event.
ev() {
    printf '<event id="%s" label="%s" const="JVMTI_EVENT_%s" num="%s"><description>e</description>' "$1" "$1" "$1" "$2"
    printf '<origin>new</origin><capabilities/><parameters/></event>'
}

P_N='<param id="n"><jint/><description>n</description></param>'

# check NAME EXIT RULE SLOT XML [LEVEL]: the spec made with XML in SLOT must
# exit EXIT and report RULE (at level error when EXIT is 1, at LEVEL when
# given); RULE "-" means no lint report at all.
check() {
    local name=$1 want_rc=$2 rule=$3 slot=$4 xml=$5 want_level=${6:-}
    local category='' caps='' errors='' events=''
    printf -v "$slot" '%s' "$xml"
    local spec=$out/$name.xml
    template >"$spec"
    local rc=0
    "$JVMTIGEN" --lint "$spec" >"$out/$name.stdout" 2>"$out/$name.stderr" || rc=$?
    local ok=1
    [[ $rc -eq $want_rc ]] || { bad "$name: exit $rc (expected $want_rc)"; ok=0; }
    if [[ $rule == - ]]; then
        grep -F ': [' "$out/$name.stderr" && { bad "$name: lint reports on a clean spec"; ok=0; }
    else
        local level='(warning|note)'
        [[ $want_rc -eq 1 ]] && level=error
        [[ -n $want_level ]] && level=$want_level
        grep -Eq "^[^:]*$name\.xml:[0-9]+: $level: \[$rule\] " "$out/$name.stderr" \
            || { bad "$name: no '$level: [$rule]' report"; ok=0; }
    fi
    check_format "$out/$name.stderr" "$name"
    if [[ $ok -eq 1 ]]; then
        pass=$((pass + 1))
        if [[ $rule == - ]]; then
            echo "ok   $name: exit $rc, no reports"
        else
            echo "ok   $name: exit $rc; $(grep -F ": [$rule]" "$out/$name.stderr" | head -1 | sed 's|^.*/||')"
        fi
    else
        sed 's/^/   | /' "$out/$name.stderr"
    fi
}

check clean               0 -                   category ''
check since-syntax        1 since-syntax        category "$(fn Bar 2 'since="1.x"' "$P_N" '')"
check since-future        0 since-future        category "$(fn Bar 2 'since="9"' "$P_N" '')" warning
# inside <elide> a rule's finding is only a note (JDK 21's since="99")
check since-future-elided 0 since-future        category "<elide>$(fn Old 2 'since="99"' "$P_N" '')</elide>" note
check since-syntax-elided 0 since-syntax        category "<elide>$(fn Old 2 'since="1.x"' "$P_N" '')</elide>" note
check duplicate-id        1 duplicate-id        caps     '<capabilityfield id="can_x"><description>again</description></capabilityfield>'
check duplicate-param     1 duplicate-param     category "$(fn Bar 2 '' "$P_N$P_N" '')"
check enum-duplicate      0 enum-duplicate      category '<intro id="k" label="K"><constants id="jvmtiK" label="K" kind="enum"><constant id="JVMTI_K_A" num="1">a</constant><constant id="JVMTI_K_B" num="0x1">b</constant></constants></intro>'
check count-ref           0 count-ref           category '<typedef id="jvmtiS" label="S"><field id="buf"><outbuf incount="nope"><jint/></outbuf><description>b</description></field></typedef>'
check count-type          0 count-type          category "$(fn Bar 2 '' '<param id="o"><jobject/><description>o</description></param><param id="b"><inbuf incount="o"><jint/></inbuf><description>b</description></param>' '')"
check elided-capability   0 elided-capability   category "<elide>$(fn Old 2 '' '' '<required id="can_gone"/>')</elide>"
check capability-twice    0 capability-twice    category "$(fn Bar 2 '' '' '<required id="can_x"/><capability id="can_x"/>')"
check unused-capability   0 unused-capability   caps     '<capabilityfield id="can_y"><description>y</description></capabilityfield>'
check id-collision        0 id-collision        category '<typedef id="Foo" label="S"><field id="a"><jint/><description>a</description></field></typedef>'
check name-prefix         0 name-prefix         errors   '<errorid id="BAD_ERROR" num="99">bad</errorid>'
check missing-description 0 missing-description category "$(fn Bar 2 '' '<param id="n"><jint/><description> </description></param>' '')"
check table-gap           0 table-gap           category "$(fn Bar 4 '' '' '')"
check elided-slot         0 elided-slot         category "<elide>$(fn Old 1 '' '' '')</elide>"
check event-gap           0 event-gap           events   "$(ev A 50)$(ev B 53)"
check no-events           1 no-events           events   '<intro id="none" label="None">No events.</intro>'
check type-order          1 type-order          category '<typedef id="Loop" label="L"><field id="me"><struct>Loop</struct><description>m</description></field></typedef>'
check type-order-callback 1 type-order          category '<callback id="Cb"><void/><synopsis>s</synopsis><description>d</description><parameters><param id="p"><ptrtype><struct>Cb</struct></ptrtype><description>p</description></param></parameters></callback>'
check dup-event-const     1 duplicate-id        events   "$(ev A 50)$(ev A 51 | sed 's/id="A" label="A"/id="B" label="B"/')"

# ---- 3. docs list the rules the code has ---------------------------------
code_rules=$(sed -n 's/^ *\[R_[A-Z_]*\] *= { "\([a-z-]*\)", JT_DIAG_\([A-Z]*\),.*/\1 \2/p' "$srcdir/gen/analyze/lint.c" \
             | tr 'A-Z' 'a-z' | sort)
doc_rules=$(sed -n 's/^### `\([a-z-]*\)` — \([a-z]*\)$/\1 \2/p' "$srcdir/doc/lint-rules.md" | sort)
if [[ -z $code_rules || $code_rules != "$doc_rules" ]]; then
    bad "doc/lint-rules.md and gen/analyze/lint.c disagree (rule level):"
    diff <(echo "$code_rules") <(echo "$doc_rules") | sed 's/^/   /'
else
    echo "ok   doc/lint-rules.md documents the $(echo "$code_rules" | wc -l) rules of gen/analyze/lint.c"
fi

echo "lint: $pass rule cases passed, $fail failures"
[[ $fail -eq 0 ]]
