#!/usr/bin/env bash
# json.sh — `jvmtigen --json`: jvmti.json is valid JSON, complete and stable.
#
# For both shared specs: generate jvmti.json, parse it with python3's json
# module, check counts and facts against numbers known independently of
# jvmtigen (grep of the XML, the JDK's jvmti.h), check that a second run
# gives the same bytes, and validate against spec/jvmti-json.schema.json
# when python3's jsonschema is installed (skipped otherwise).  A small spec
# written here checks string escaping (tab, quote, backslash, UTF-8).
# Exit 0 pass, 1 fail, 77 skip (inputs or python3 missing).
set -uo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}" "${srcdir:?}"
out=$builddir/tests/out/json
rm -rf "$out"; mkdir -p "$out"
. "$srcdir/tests/skip-lib.sh"   # skip_or_fail
command -v python3 >/dev/null || skip_or_fail "python3 not found"
schema=$srcdir/spec/jvmti-json.schema.json
fail=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

have_jsonschema=0
if python3 -c 'import jsonschema' 2>/dev/null; then
    have_jsonschema=1
else
    skip_or_fail "python3 jsonschema not installed (python3-jsonschema): schema validation skipped" part || fail=$((fail + 1))
fi

# facts.py FILE TOTAL_FUNCTIONS ELIDED_FUNCTIONS EVENTS ELIDED_EVENTS ERRORS CAPS VERSION
# Expected numbers: `grep -c '<function '`, `<event `, `<errorid `,
# `<capabilityfield ` on the XML; elided ones inside <elide>; the version
# from the spec itself (JDK 8: majorversion 1.2.3, JDK 17: change history).
cat >"$out/facts.py" <<'EOF'
import json, sys
path, nf, nfe, nev, neve, nerr, ncap, version = sys.argv[1:]
d = json.load(open(path, encoding="utf-8"))
problems = []
def expect(what, got, want):
    if got != want:
        problems.append("%s: got %r, expected %r" % (what, got, want))
expect("schema_version", d["schema_version"], 1)
v = d["spec"]["version"]
expect("spec version", "%d.%d.%d" % (v["major"], v["minor"], v["micro"]), version)
fs = d["functions"]
expect("functions", len(fs), int(nf))
expect("elided functions", sum(f["elided"] for f in fs), int(nfe))
live = [f for f in fs if not f["elided"]]
expect("live functions", len(live), int(nf) - int(nfe))
expect("distinct live slots", len({f["num"] for f in live}), len(live))
evs = d["events"]
expect("events", len(evs), int(nev))
expect("elided events", sum(e["elided"] for e in evs), int(neve))
expect("errors", len(d["errors"]), int(nerr))
caps = d["capabilities"]
expect("capabilities", len(caps), int(ncap))
expect("capability bits", [c["bit"] for c in caps], list(range(len(caps))))
# jvmti.h: jvmtiError JVMTI_ERROR_NONE = 0, JVMTI_ERROR_INVALID_THREAD = 10;
# JVMTI_EVENT_VM_INIT = 50; JVMTI_THREAD_STATE_ALIVE = 0x0001.
errs = {e["id"]: e["num"] for e in d["errors"]}
expect("JVMTI_ERROR_NONE", errs.get("JVMTI_ERROR_NONE"), 0)
expect("JVMTI_ERROR_INVALID_THREAD", errs.get("JVMTI_ERROR_INVALID_THREAD"), 10)
expect("VMInit", [(e["const"], e["num"]) for e in evs if e["id"] == "VMInit"], [("JVMTI_EVENT_VM_INIT", 50)])
consts = {c["id"]: c["value"] for g in d["constants"] for c in g["constants"]}
expect("JVMTI_THREAD_STATE_ALIVE", consts.get("JVMTI_THREAD_STATE_ALIVE"), 1)
# GetThreadState: slot 17, (jthread thread, jint* thread_state_ptr).
gts = [f for f in fs if f["id"] == "GetThreadState"]
expect("GetThreadState defined once", len(gts), 1)
if gts:
    f = gts[0]
    expect("GetThreadState num", f["num"], 17)
    expect("GetThreadState params", [p["id"] for p in f["params"]], ["thread", "thread_state_ptr"])
    if len(f["params"]) == 2:
        t0, t1 = f["params"][0]["type"], f["params"][1]["type"]
        expect("thread kind", t0["kind"], "jthread")
        expect("thread null=", t0.get("null"), "current")
        expect("thread_state_ptr kind", t1["kind"], "outptr")
        expect("thread_state_ptr inner", t1.get("inner", {}).get("kind"), "jint")
        expect("thread_state_ptr C type", f["params"][1]["c_type"], "jint*")
for p in problems:
    print("  " + p)
sys.exit(1 if problems else 0)
EOF

cat >"$out/validate.py" <<'EOF'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1], encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
v = jsonschema.Draft202012Validator(schema)
errors = list(v.iter_errors(json.load(open(sys.argv[2], encoding="utf-8"))))
for e in errors[:10]:
    print("  %s: %s" % ("/".join(map(str, e.absolute_path)), e.message[:200]))
# The schema must also refuse what is not ours.
bogus = {"schema_version": 1}
if v.is_valid(bogus):
    print("  schema accepts an incomplete document")
    errors.append(bogus)
sys.exit(1 if errors else 0)
EOF

# version | total functions | elided | events | elided | errors | capabilities | spec version
# (counts by xmllint --xpath over the XML: count(//function),
# count(//elide//function), count(//event), count(//elide//event),
# count(//errorid), count(//capabilityfield); versions from the change history)
FACTS='
jdk8  | 145 | 6 | 33 | 2 | 49 | 41 | 1.2.3
jdk11 | 154 | 6 | 34 | 2 | 52 | 44 | 11.0.0
jdk17 | 154 | 6 | 34 | 2 | 52 | 44 | 17.0.0
jdk21 | 156 | 6 | 38 | 4 | 53 | 45 | 21.0.0
jdk25 | 157 | 6 | 38 | 4 | 53 | 45 | 25.0.0
'
specs=0
while read -r v nf nfe nev neve nerr ncap ver; do
    [[ -n $v ]] || continue
    spec=$SPEC_DIR/$v/jvmti.xml
    [[ -f $spec ]] || { echo "skip $v: $spec not found"; continue; }
    specs=$((specs + 1))
    echo "== $v"
    mkdir -p "$out/$v/a" "$out/$v/b"
    if ! "$JVMTIGEN" -q -o "$out/$v/a" --json "$spec"; then
        bad "$v: jvmtigen --json failed"; continue
    fi
    json=$out/$v/a/jvmti.json
    [[ $(ls -A "$out/$v/a") == jvmti.json ]] || bad "$v: --json wrote more than jvmti.json: $(ls -A "$out/$v/a")"
    if python3 -m json.tool "$json" >/dev/null; then
        echo "   json.tool parses $(wc -c <"$json") bytes"
    else
        bad "$v: json.tool cannot parse $json"; continue
    fi
    if python3 "$out/facts.py" "$json" $nf $nfe $nev $neve $nerr $ncap $ver; then
        echo "   facts hold: $nf functions ($nfe elided), $nev events ($neve elided), $nerr errors, $ncap capabilities"
    else
        bad "$v: facts differ (above)"
    fi
    "$JVMTIGEN" -q -o "$out/$v/b" --json "$spec" && cmp -s "$json" "$out/$v/b/jvmti.json" \
        && echo "   a second run gives the same bytes" || bad "$v: two runs differ"
    if [[ $have_jsonschema -eq 1 ]]; then
        python3 "$out/validate.py" "$schema" "$json" && echo "   valid against $(basename "$schema")" \
            || bad "$v: not valid against the schema (above)"
    fi
done < <(tr '|' ' ' <<<"$FACTS")
[[ $specs -gt 0 ]] || { echo "SKIP: no spec in $SPEC_DIR (see spec/README.md)"; exit 77; }

# ---- escaping ------------------------------------------------------------
# A synopsis keeps its inner whitespace, so a tab must come out as \t; the
# description has quotes, a backslash and non-ASCII text (UTF-8 passes through).
esc=$out/escape
mkdir -p "$esc/out"
printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' '<specification label="x">' \
  '<title subtitle="v">T</title>' '<functionsection label="F"><category id="c" label="C">' \
  '<function id="Foo" num="1"><synopsis>Tab&#9;"quoted" back\slash</synopsis>' \
  '<description>Caf&#233; &#8594; &lt;ok&gt; &amp; "q" \ done&#127;</description>' \
  '<origin>new</origin><capabilities/><parameters/><errors/></function>' \
  '</category></functionsection><errorsection label="E"><errorcategory id="u" label="U">' \
  '<errorid id="JVMTI_ERROR_NONE" num="0">ok</errorid></errorcategory></errorsection>' \
  '<eventsection label="Ev"><event id="Tick" label="Tick" const="JVMTI_EVENT_TICK" num="50"><description>e</description>' \
  '<origin>new</origin><capabilities/><parameters/></event></eventsection><datasection/><issuessection label="I"/>' \
  '<changehistory id="ChangeHistory" update="x"/></specification>' >"$esc/spec.xml"
if "$JVMTIGEN" -q -o "$esc/out" --json "$esc/spec.xml"; then
    grep -qF '"Tab\t\"quoted\" back\\slash"' "$esc/out/jvmti.json" || bad "escape: synopsis not escaped as expected"
    python3 - "$esc/out/jvmti.json" <<'EOF' || bad "escape: strings do not round-trip"
import json, sys
f = json.load(open(sys.argv[1], encoding="utf-8"))["functions"][0]
ok = f["synopsis"] == 'Tab\t"quoted" back\\slash' and \
     f["description"] == 'Caf\u00e9 \u2192 <ok> & "q" \\ done\u007f'
print("   escaping: tab, quotes, backslash, UTF-8 round-trip" if ok else "  got %r / %r" % (f["synopsis"], f["description"]))
sys.exit(0 if ok else 1)
EOF
else
    bad "escape: jvmtigen --json failed on $esc/spec.xml"
fi

echo "json: $fail failures"
[[ $fail -eq 0 ]]
