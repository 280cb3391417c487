#!/usr/bin/env bash
# bad-input.sh — jvmtigen must refuse a bad command line cleanly.
#
# Data-driven, in the manner of curl's test cases: each row of CASES below is
# one case, and adding one needs no new code.  For every case jvmtigen runs
# into a fresh, empty output directory and must
#   - exit with the expected code,
#   - print the expected substring on stderr (messages follow the
#     "file:line: error: what" format of gen/util/diag.h),
#   - leave the output directory empty: no output, no temporary files.
# Bad input files (missing, empty, truncated, not XML, a directory...) are
# the malformed-spec corpus's: tests/malformed/CASES, run by malformed.sh.
# Exit 0 pass, 1 fail.
set -euo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}"
out=$builddir/tests/out/bad-input
rm -rf "$out"
in=$out/inputs
mkdir -p "$in"

# name | expected exit code | expected stderr substring | arguments after -o DIR
# (@IN@ stands for the inputs directory, @SPEC_DIR@ for the shared specs).
CASES='
bad-option   | 2 | --no-such-option                 | --no-such-option @SPEC_DIR@/jdk17/jvmti.xml
no-input     | 2 | jvmtigen                         |
stdout-all   | 2 | --stdout needs exactly one output | --stdout @SPEC_DIR@/jdk17/jvmti.xml
stdout-two   | 2 | --tables writes more than one file | --stdout --tables @SPEC_DIR@/jdk17/jvmti.xml
history-alone | 2 | --history goes with --wrapper    | --header --history=@SPEC_DIR@/jdk25/jvmti.xml @SPEC_DIR@/jdk21/jvmti.xml
history-empty | 2 | --history needs a spec file      | --wrapper --history= @SPEC_DIR@/jdk21/jvmti.xml
history-broken | 1 | truncated-jvmti.xml:323: error: | --wrapper --history=@SPEC_DIR@/broken/truncated-jvmti.xml @SPEC_DIR@/jdk21/jvmti.xml
typo-jvmtigen-in | 2 | unknown option -in (did you mean -IN?) | -in @SPEC_DIR@/jdk17/jvmti.xml
typo-long    | 2 | unknown option --heder (did you mean --header?) | --heder @SPEC_DIR@/jdk17/jvmti.xml
typo-one-dash | 2 | unknown option -header (did you mean --header?) | -header @SPEC_DIR@/jdk17/jvmti.xml
typo-swapped | 2 | unknown option --hedaer (did you mean --header?) | --hedaer=1 @SPEC_DIR@/jdk17/jvmti.xml
short-unknown-after-spec | 2 | unknown option -qz | @SPEC_DIR@/jdk17/jvmti.xml -qz
short-unknown-last | 2 | unknown option -z | -q @SPEC_DIR@/jdk17/jvmti.xml -z
long-ambiguous | 2 | option --h is ambiguous: | --h @SPEC_DIR@/jdk17/jvmti.xml
'

trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }

pass=0 fail=0
while IFS='|' read -r name code want args; do
    name=$(trim "$name")
    [[ -n $name ]] || continue
    code=$(trim "$code") want=$(trim "$want") args=$(trim "$args")
    dir=$out/$name
    mkdir -p "$dir/out"
    # Split first, substitute after, so paths with spaces stay one argument.
    read -r -a argv <<<"$args"
    argv=("${argv[@]//@IN@/$in}")
    argv=("${argv[@]//@SPEC_DIR@/$SPEC_DIR}")

    echo "== $name: jvmtigen -o $dir/out ${argv[*]}"
    echo "   expect exit $code, stderr containing '$want', $dir/out empty"
    rc=0
    "$JVMTIGEN" -o "$dir/out" "${argv[@]}" >"$dir/stdout" 2>"$dir/stderr" || rc=$?
    problems=()
    [[ $rc == "$code" ]] || problems+=("exit code $rc, expected $code")
    grep -qF -- "$want" "$dir/stderr" || problems+=("stderr lacks '$want'")
    left=$(find "$dir/out" -mindepth 1 | head -5)
    [[ -z $left ]] || problems+=("output left behind: ${left//$'\n'/ }")

    if ((${#problems[@]} == 0)); then
        echo "   ok: $(head -1 "$dir/stderr")"
        pass=$((pass + 1))
    else
        for p in "${problems[@]}"; do echo "FAIL: $name: $p"; done
        echo "   stderr was:"; sed 's/^/   | /' "$dir/stderr" | head -10
        fail=$((fail + 1))
    fi
done <<<"$CASES"

# --help and --version: exit 0 and say who they are, on stdout.
for opt in --help --version; do
    echo "== jvmtigen $opt: expect exit 0 and 'jvmtigen' on stdout"
    rc=0
    "$JVMTIGEN" "$opt" >"$out/stdout$opt" 2>"$out/stderr$opt" || rc=$?
    if [[ $rc == 0 ]] && grep -qF jvmtigen "$out/stdout$opt"; then
        echo "   ok: $(head -1 "$out/stdout$opt")"
        pass=$((pass + 1))
    else
        echo "FAIL: jvmtigen $opt: exit $rc, stdout:"; sed 's/^/   | /' "$out/stdout$opt" | head -5
        fail=$((fail + 1))
    fi
done

echo "bad-input: $pass passed, $fail failed"
((fail == 0))
