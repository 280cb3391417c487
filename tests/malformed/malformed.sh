#!/usr/bin/env bash
# malformed.sh — jvmtigen must refuse every malformed spec of the corpus,
# cleanly.
#
# The corpus is tests/malformed/: one small file per failure class, each a
# copy of base-valid.xml broken in one way (the control case base-valid must
# load, which proves the others are broken only where intended).  The table
# tests/malformed/CASES has one row per case; adding a case is a file and a
# row, no code.  Inputs too big or too odd to store (deep nesting, a 20 MB
# attribute, a FIFO, a directory...) are made here at run time by the
# gen_KIND functions below, into $builddir/tests/out/malformed/.
#
# For every case jvmtigen runs into a fresh, empty output directory, under
# `timeout 30` and, unless JT_SANITIZED is set (1 or yes: ASan needs a huge
# address space), `ulimit -v 2000000`, and must
#   - exit with the expected code (never a crash, a timeout or a sanitizer
#     report),
#   - print the expected text on stderr, on one line ("*" in the table
#     matches anything in between: "name.xml:12: error:*lacks"),
#   - leave the output directory empty: no output, no temporary file,
#   - when the row names a canary (a file's text, or a literal), show it
#     nowhere: not on stdout, not on stderr, not in any output.
# Exit 0 pass, 1 fail.
set -uo pipefail

: "${JVMTIGEN:?}" "${srcdir:?}" "${builddir:?}"
corpus=$srcdir/tests/malformed
out=$builddir/tests/out/malformed
rm -rf "$out"
gen=$out/inputs
mkdir -p "$gen"
base=$corpus/base-valid.xml
INTRO='A spec small enough to read.'     # a sentence of base-valid.xml to replace

# ---- generated inputs: gen_KIND PATH makes the input at PATH ---------------
# (or prints "skip: why" and returns 1).

# splice CLASS MARKER PAYLOAD-FILE [PROLOG-FILE]: base-valid.xml with MARKER
# replaced by the payload, its two-line comment by one naming the failure
# class, and, if given, the prolog (a DOCTYPE) after that comment.
splice() {
    local class=$1 marker=$2 payload=$3 prolog=${4:-/dev/null}
    printf '<!-- malformed corpus, made by tests/malformed/malformed.sh: %s.\n' "$class"
    printf '     Otherwise base-valid.xml; jvmtigen must refuse it (exit 1). -->\n'
    cat "$prolog"
    tail -n +3 "$base" | awk -v m="$marker" -v pf="$payload" '
        { i = index($0, m) }
        i { printf "%s", substr($0, 1, i - 1)
            while ((getline l < pf) > 0) printf "%s", l
            print substr($0, i + length(m)); next }
        { print }'
}
repeat() { awk -v s="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }

gen_empty() { : >"$1"; }
gen_directory() { mkdir -p "$1"; }
gen_missing() { rm -f "$1"; }
gen_unreadable() {
    if [[ $(id -u) == 0 ]]; then echo "skip: root reads any file"; return 1; fi
    cp "$base" "$1" && chmod 000 "$1"
}
gen_fifo() { mkfifo "$1"; }         # would block forever if opened for reading
gen_device() {
    [[ -c /dev/zero ]] || { echo "skip: no /dev/zero"; return 1; }
    ln -s /dev/zero "$1"             # would never end if read
}
gen_gzip() {
    command -v gzip >/dev/null || { echo "skip: no gzip"; return 1; }
    gzip -c "$base" >"$1"            # libxml2 alone would inflate it
}
gen_deep_nesting() {                 # 100000 nested elements in prose
    { repeat '<p>' 100000; printf deep; repeat '</p>' 100000; } >"$1.payload"
    splice "100000 nested elements" "$INTRO" "$1.payload" >"$1"
}
gen_huge_attribute() {               # a 20 MB attribute value
    head -c 20000000 /dev/zero | tr '\0' a >"$1.payload"
    splice "a 20 MB attribute value" 'for tests' "$1.payload" >"$1"
}
gen_many_attributes() {             # 200000 attributes on one element
    awk 'BEGIN { for (i = 0; i < 200000; i++) printf "a%d=\"x\" ", i; printf "subtitle=" }' >"$1.payload"
    splice "200000 attributes on one element (quadratic in libxml2)" 'subtitle=' "$1.payload" >"$1"
}
gen_huge_name() {                    # a 100000-character element name
    { printf '<'; repeat a 100000; printf '/>'; } >"$1.payload"
    splice "an element name of 100000 characters" "$INTRO" "$1.payload" >"$1"
}
gen_quadratic() {                    # 50000 references to a 50 kB entity: 2.5 GB
    { printf '<!DOCTYPE spec [\n<!ENTITY q "'; repeat x 50000; printf '">\n]>\n'; } >"$1.prolog"
    repeat '&q;' 50000 >"$1.payload"
    splice "50000 references to a 50 kB entity" "$INTRO" "$1.payload" "$1.prolog" >"$1"
}
gen_xxe_fifo() {                     # an external entity naming a FIFO
    mkfifo "$1.fifo"
    printf '<!DOCTYPE spec [\n<!ENTITY f SYSTEM "file://%s">\n]>\n' "$1.fifo" >"$1.prolog"
    printf '&f;' >"$1.payload"
    splice "an external entity naming a FIFO (opening it would hang)" "$INTRO" "$1.payload" "$1.prolog" >"$1"
}
gen_external_dtd_fifo() {            # an external DTD that is a FIFO
    mkfifo "$1.fifo"
    printf '<!DOCTYPE spec SYSTEM "file://%s">\n' "$1.fifo" >"$1.prolog"
    printf '%s' "$INTRO" >"$1.payload"
    splice "an external DTD that is a FIFO (opening it would hang)" "$INTRO" "$1.payload" "$1.prolog" >"$1"
}

# ---- checks ---------------------------------------------------------------
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }

# has_line FILE PATTERN: some line of FILE holds the pieces of PATTERN
# (split at "*") in order.
has_line() {
    local line rest p parts
    IFS='*' read -r -a parts <<<"$2"
    while IFS= read -r line; do
        rest=$line
        for p in "${parts[@]}"; do
            [[ $rest == *"$p"* ]] || continue 2
            rest=${rest#*"$p"}
        done
        return 0
    done <"$1"
    return 1
}

run_limited() {     # run_limited OUTDIR INPUT OPTIONS...: jvmtigen in bounds
    local dir=$1 input=$2; shift 2
    (
        case ${JT_SANITIZED:-no} in ''|no|0) ulimit -v 2000000 ;; esac
        exec timeout 30 "$JVMTIGEN" "$@" -o "$dir/out" "$input"
    ) >"$dir/stdout" 2>"$dir/stderr"
}

pass=0 fail=0 skip=0 total=0
while IFS='|' read -r name input code want opts never; do
    name=$(trim "$name")
    [[ -n $name && $name != \#* ]] || continue
    input=$(trim "$input") code=$(trim "$code") want=$(trim "$want")
    opts=$(trim "${opts:-}") never=$(trim "${never:-}")
    total=$((total + 1))
    dir=$out/$name
    mkdir -p "$dir/out"

    case $input in
    @GEN:*)
        kind=${input#@GEN:}
        path=$gen/$name.xml
        [[ $kind == directory ]] && path=$gen/$name.d
        if ! why=$("gen_${kind//-/_}" "$path"); then
            echo "-- $name: ${why:-cannot make the input}"
            skip=$((skip + 1)); continue
        fi ;;
    @SPEC:*)
        path=${SPEC_DIR:-}/${input#@SPEC:}
        if [[ -z ${SPEC_DIR:-} || ! -f $path ]]; then
            echo "-- $name: skip: $path not found (see spec/README.md)"
            skip=$((skip + 1)); continue
        fi ;;
    *)  path=$corpus/$input ;;
    esac

    read -r -a argv <<<"$opts"
    echo "== $name: jvmtigen${opts:+ $opts} -o $dir/out $input"
    rc=0
    start=$SECONDS
    run_limited "$dir" "$path" "${argv[@]}" || rc=$?
    secs=$((SECONDS - start))

    problems=()
    if ((rc == 124)); then
        problems+=("timed out (30 s)")
    elif ((rc > 128)); then
        problems+=("crashed: exit $rc (signal $((rc - 128)))")
    elif [[ $rc != "$code" ]]; then
        problems+=("exit code $rc, expected $code")
    fi
    if grep -qE 'Sanitizer|runtime error:' "$dir/stderr"; then
        problems+=("sanitizer report on stderr")
    fi
    [[ -z $want ]] || has_line "$dir/stderr" "$want" || problems+=("stderr lacks '$want'")
    left=$(find "$dir/out" -mindepth 1 | head -5)
    if ((code != 0)); then
        [[ -z $left ]] || problems+=("output left behind: ${left//$'\n'/ }")
    elif [[ -z $left && " ${argv[*]} " != *" --lint "* ]]; then
        problems+=("no output written")
    fi
    if [[ -n $never ]]; then
        canary=$never
        if [[ $never == @FILE:* ]]; then
            f=${never#@FILE:}
            [[ $f == /* ]] || f=$corpus/$f
            canary=$(awk 'NR == 1 { print $1; exit }' "$f" 2>/dev/null)   # its first word
        fi
        canary=$(trim "$canary")
        if ((${#canary} < 8)); then
            echo "   note: canary '$canary' too short to look for; not checked"
        elif grep -rqF -- "$canary" "$dir/stdout" "$dir/stderr" "$dir/out"; then
            problems+=("the canary ($never) leaked into stdout, stderr or outputs")
        fi
    fi

    if ((${#problems[@]} == 0)); then
        msg=$(grep -m1 -F ': error: ' "$dir/stderr")
        echo "   ok (${secs}s, exit $rc): ${msg#"${path%/*}/"}"
        pass=$((pass + 1))
    else
        for p in "${problems[@]}"; do echo "FAIL: $name: $p"; done
        echo "   stderr was:"; head -c 2000 "$dir/stderr" | head -10 | sed 's/^/   | /'
        fail=$((fail + 1))
    fi
    # generated inputs can be big: keep only what a failure needs
    ((${#problems[@]} == 0)) && rm -rf "$gen/$name".* 2>/dev/null
    [[ -d $gen/$name.d ]] && rm -rf "$gen/$name.d"
done <"$corpus/CASES"

echo "malformed: $total cases, $pass passed, $fail failed, $skip skipped"
((fail == 0 && pass > 0))
