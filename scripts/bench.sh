#!/usr/bin/env bash
# bench.sh — how long jvmtigen takes next to just parsing the same XML.
#
#   scripts/bench.sh [JVMTIGEN [SPEC.xml]]      (make bench passes both)
#
# Times `jvmtigen --header --hpp --tables` (both headers a VM build needs and
# the name tables) and `xmllint --noout` on the spec,
# 11 runs each, and prints the medians and their ratio: xmllint is the floor
# any libxml2-based tool pays, so the ratio is our own cost.  Prints figures
# and asserts nothing.  With hyperfine installed, its summary follows.
#
# Then `jvmtigen --xsl` on OpenJDK 25's stylesheets and spec (the four
# .h/.hpp/.cpp outputs of its GensrcJvmti step, when
# SPEC_DIR/../reference/openjdk/jdk25 is there), beside xsltproc (package
# xsltproc) on the same stylesheet and parameters, and beside the JDK's own
# XSLT engine, which OpenJDK's jvmtiGen runs on (bench/XsltRun.java, when
# javac is installed; a JVM start per output, as in the OpenJDK build).
# Each other tool's output is compared with ours: xsltproc sorts by code
# point and rejects jvmtiEnter.xsl, Java should give the same bytes.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
jvmtigen=${1:-./jvmtigen}
spec=${2:-$here/../../shared/spec/jdk25/jvmti.xml}
runs=${BENCH_RUNS:-11}

for f in "$jvmtigen" "$spec"; do
    [[ -e $f ]] || { echo "bench: $f not found" >&2; exit 1; }
done
command -v xmllint >/dev/null || { echo "bench: xmllint not found (apt-get install libxml2-utils)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gen_cmd=("$jvmtigen" -q -o "$tmp" --header --hpp --tables "$spec")
lint_cmd=(xmllint --noout "$spec")
html_cmd=("$jvmtigen" -q -o "$tmp" --html "$spec")
load_cmd=("$jvmtigen" --lint -q "$spec")

# median_ms CMD...: run CMD $runs times (after one warm-up), print the median
# wall time in milliseconds with two decimals.
median_ms() {
    local i t0 t1 times=()
    "$@" >/dev/null
    for ((i = 0; i < runs; i++)); do
        t0=$(date +%s%N)
        "$@" >/dev/null
        t1=$(date +%s%N)
        times+=($((t1 - t0)))
    done
    printf '%s\n' "${times[@]}" | sort -n |
        awk '{ t[NR] = $1 } END { m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2;
                                  printf "%.2f\n", m / 1e6 }'
}

gen_ms=$(median_ms "${gen_cmd[@]}")
lint_ms=$(median_ms "${lint_cmd[@]}")
html_ms=$(median_ms "${html_cmd[@]}")
load_ms=$(median_ms "${load_cmd[@]}" || true)

echo "spec: $spec ($(wc -c <"$spec") bytes), median of $runs runs"
printf '  %-44s %10s ms\n' "jvmtigen --header --hpp --tables" "$gen_ms"
printf '  %-44s %10s ms\n' "xmllint --noout" "$lint_ms"
awk -v g="$gen_ms" -v l="$lint_ms" 'BEGIN { if (l > 0) printf "  ratio jvmtigen / xmllint: %.2f   (target <= 2)\n", g / l }'
printf '  %-44s %10s ms   (target <= 100 ms)\n' "jvmtigen --html (load + jvmti.html)" "$html_ms"
printf '  %-44s %10s ms\n' "jvmtigen --lint (load and checks only)" "$load_ms"

# ---- --xsl ------------------------------------------------------------------
spec_dir=$(cd "$(dirname "$spec")/.." && pwd)
ref=$spec_dir/../reference/openjdk/jdk25
spec25=$spec_dir/jdk25/jvmti.xml
echo
if [[ ! -d $ref/xsl || ! -f $spec25 ]]; then
    echo "--xsl: skipped ($ref/xsl or $spec25 not found)"
else
    java_runs=$((runs < 3 ? runs : 3))
    have_java=0
    if command -v javac >/dev/null && command -v java >/dev/null &&
        javac -d "$tmp/java" "$here/../bench/XsltRun.java" 2>"$tmp/javac.log"; then
        have_java=1
    fi
    echo "--xsl: OpenJDK 25's stylesheets on spec/jdk25, median of $runs runs (java: $java_runs)"
    printf '  %-20s %16s %26s %30s\n' output "jvmtigen --xsl" "xsltproc" "java XSLTC (jvmtiGen's)"
    # output stylesheet params (GensrcJvmti.gmk of JDK 25)
    while read -r output xsl params; do
        args=() sargs=() jargs=()
        for p in $params; do
            args+=(--param "$p") sargs+=(--stringparam "${p%%=*}" "${p#*=}") jargs+=("${p%%=*}" "${p#*=}")
        done
        ours=("$jvmtigen" -q --xsl="$ref/xsl/$xsl" "${args[@]}" --stdout "$spec25")
        "${ours[@]}" >"$tmp/ours.$output"
        ours_ms=$(median_ms "${ours[@]}")
        x_col="not installed"
        if command -v xsltproc >/dev/null; then
            xp=(xsltproc --nonet "${sargs[@]}" "$ref/xsl/$xsl" "$spec25")
            if "${xp[@]}" >"$tmp/xp.$output" 2>/dev/null; then
                x_ms=$(median_ms "${xp[@]}")
                cmp -s "$tmp/xp.$output" "$tmp/ours.$output" && same="same" || same="differs"
                x_col="$x_ms ms ($same)"
            else
                x_col="fails (exit $?)"
            fi
        fi
        j_col="no javac"
        if ((have_java)); then
            jv=(java -Duser.language=en -Duser.country=US -cp "$tmp/java" XsltRun "$spec25" "$ref/xsl/$xsl" "$tmp/java.$output" "${jargs[@]}")
            if "${jv[@]}" 2>/dev/null; then
                j_ms=$(runs=$java_runs median_ms "${jv[@]}")
                cmp -s "$tmp/java.$output" "$tmp/ours.$output" && same="same" || same="differs"
                j_col="$j_ms ms ($same)"
            else
                j_col="fails"
            fi
        fi
        printf '  %-20s %13s ms %26s %30s\n' "$output" "$ours_ms" "$x_col" "$j_col"
    done <<'EOF'
jvmti.h jvmtiH.xsl majorversion=25
jvmtiEnv.hpp jvmtiHpp.xsl majorversion=25
jvmtiEnter.cpp jvmtiEnter.xsl majorversion=25 interface=jvmti
jvmtiEnterTrace.cpp jvmtiEnter.xsl majorversion=25 interface=jvmti trace=Trace
EOF
fi

if command -v hyperfine >/dev/null && [[ ${BENCH_HYPERFINE:-1} != 0 ]]; then
    echo
    hyperfine --style basic --warmup 1 --runs "$runs" -N \
        -n "jvmtigen --header --hpp --tables" "${gen_cmd[*]@Q}" \
        -n "xmllint --noout" "${lint_cmd[*]@Q}"
fi
