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

if command -v hyperfine >/dev/null && [[ ${BENCH_HYPERFINE:-1} != 0 ]]; then
    echo
    hyperfine --style basic --warmup 1 --runs "$runs" -N \
        -n "jvmtigen --header --hpp --tables" "${gen_cmd[*]@Q}" \
        -n "xmllint --noout" "${lint_cmd[*]@Q}"
fi
