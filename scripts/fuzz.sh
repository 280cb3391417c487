#!/usr/bin/env bash
# fuzz.sh — build the libFuzzer target (tests/fuzz/fuzz_spec.c) with clang,
# ASan and UBSan, and run it for a fixed time over the seed corpus.
#
#     make fuzz                    # 600 s, the budget for a run by hand
#     make fuzz FUZZ_SECONDS=60    # what .ci/run does
#     make fuzz FUZZ_TARGET=xsl    # the stylesheet loading of --xsl
#                                  # (tests/fuzz/fuzz_xsl.c) instead
#     make fuzz FUZZ_TARGET=suppress  # libjvmticheck's suppression files
#                                  # (tests/fuzz/fuzz_suppress.c)
#     make fuzz FUZZ_TARGET=dtcheck  # DTCHECK_OPTIONS of libdt_check.so
#                                  # (tests/fuzz/fuzz_dtcheck.c)
#     make fuzz FUZZ_TARGET=trace  # the format=bin reader of
#                                  # `jvmtigen trace` (tests/fuzz/fuzz_trace.c)
#     make fuzz FUZZ_TARGET=po     # PO files of --translations and --lang
#                                  # (tests/fuzz/fuzz_po.c)
#     make fuzz FUZZ_TARGET=align  # translated-page text of jvmtigen align
#                                  # (tests/fuzz/fuzz_align.c)
#
# `make fuzz` passes the generator's sources and flags; by hand:
#     scripts/fuzz.sh SECONDS SRCDIR BUILDDIR SPEC_DIR SOURCE...
# (SOURCE paths relative to BUILDDIR if they exist there, else to SRCDIR;
# CPPFLAGS and LIBS from the environment).
#
# Seeds: the shared specs (jdk17, jdk8, broken), our own small specs
# (tests/fuzz/seeds, tests/malformed) and every past crash (tests/fuzz/regress).
# New inputs accumulate in BUILDDIR/fuzz/corpus across runs.  Prints one
# line of figures; on a crash prints the input's path and exits 1: copy the
# input into tests/fuzz/regress/ (tests/fuzz/replay.sh then replays it in
# every `make check`) and fix the bug.  Exit 77 when clang cannot build a
# libFuzzer target (packages clang and libclang-rt-14-dev).
set -euo pipefail

if (($# < 5)); then
    echo "usage: $0 SECONDS SRCDIR BUILDDIR SPEC_DIR SOURCE..." >&2
    exit 2
fi
seconds=$1 srcdir=$(cd "$2" && pwd) builddir=$(cd "$3" && pwd) spec_dir=$4
shift 4

target=${FUZZ_TARGET:-spec}
case $target in
spec) dict=$srcdir/tests/fuzz/jvmti.dict regress=$srcdir/tests/fuzz/regress ;;
xsl) dict=$srcdir/tests/fuzz/xsl.dict regress=$srcdir/tests/fuzz/xsl-regress ;;
suppress) dict=$srcdir/tests/fuzz/suppress.dict regress=$srcdir/tests/fuzz/suppress-regress ;;
trace) dict=/dev/null regress=$srcdir/tests/fuzz/trace-seeds ;;
dtcheck) dict=/dev/null regress=$srcdir/tests/fuzz/dtcheck-seeds ;;
po) dict=/dev/null regress=$srcdir/tests/fuzz/po-regress ;;
align) dict=/dev/null regress=$srcdir/tests/fuzz/align-regress ;;
*) echo "FUZZ_TARGET=$target: expected spec, xsl, suppress, trace, dtcheck, po or align" >&2; exit 2 ;;
esac
work=$builddir/fuzz
[[ $target == spec ]] || work=$builddir/fuzz-$target
mkdir -p "$work/obj" "$work/corpus" "$work/seeds" "$work/crashes"
rm -f "$work/obj"/*.o     # objects of an earlier run (or of files since renamed)
CLANG=${CLANG:-clang}
san=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
cflags=(-g -O1 -std=c11 "${san[@]}" -I"$srcdir/gen" -I"$builddir/gen")
read -r -a cppflags <<<"${CPPFLAGS:-}"
read -r -a libs <<<"${LIBS:-}"

# Can this clang build a libFuzzer target at all?
probe=$work/probe.c
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$probe"
if ! "$CLANG" -fsanitize=fuzzer "$probe" -o "$work/probe" 2>"$work/probe.log"; then
    echo "SKIP: $CLANG cannot link a libFuzzer target (install clang and libclang-rt-14-dev):"
    sed 's/^/   /' "$work/probe.log" | head -5
    exit 77
fi

# Compile the generator's .c files (not main.c) and the target, two at a time.
sources=()
# The suppression parser is one file of the runtime, not the generator.
[[ $target == suppress ]] && set -- "gen/runtime/common/jc_suppress.c"
# So is the option parser, the shim's and libdt_check.so's (DTCHECK_OPTIONS).
[[ $target == dtcheck ]] && set -- "gen/runtime/common/jc_options.c" && cflags+=(-I"$srcdir/gen/runtime/common" -I"$srcdir/gen/runtime/jvmti")
for s in "$@"; do
    [[ $s == *.c && $s != */main.c ]] || continue
    if [[ -f $builddir/$s ]]; then sources+=("$builddir/$s"); else sources+=("$srcdir/$s"); fi
done
sources+=("$srcdir/tests/fuzz/fuzz_$target.c")
echo "fuzz: compiling ${#sources[@]} files with $CLANG ${san[*]}"
running=0
for src in "${sources[@]}"; do
    "$CLANG" "${cflags[@]}" "${cppflags[@]}" -fsanitize=fuzzer-no-link \
        -c "$src" -o "$work/obj/$(o="${src#"$srcdir"/}"; o=${o%.c}; echo "${o//\//_}").o" &   # by path: gen/cmd/align.c and gen/i18n/align.c are two
    if ((++running >= 2)); then wait -n; running=$((running - 1)); fi
done
wait
"$CLANG" "${cflags[@]}" -fsanitize=fuzzer "$work"/obj/*.o "${libs[@]}" -o "$work/fuzz_$target"

# Seeds: libFuzzer reads directories, so copy the single files into one.
rm -f "$work/seeds"/*
if [[ $target == spec ]]; then
    seed_files=("$spec_dir"/jdk17/jvmti.xml "$spec_dir"/jdk8/jvmti.xml "$spec_dir"/broken/*.xml "$srcdir"/spec/jdwpTransport.xml
        "$srcdir"/tests/fuzz/seeds/* "$srcdir"/tests/malformed/*.xml "$regress"/*)
elif [[ $target == trace ]]; then
    seed_files=("$srcdir"/tests/fuzz/trace-seeds/*)
elif [[ $target == dtcheck ]]; then
    seed_files=("$srcdir"/tests/fuzz/dtcheck-seeds/*)
elif [[ $target == po ]]; then
    seed_files=("$srcdir"/tests/fuzz/po-seeds/* "$srcdir"/po/*.po "$srcdir"/tests/html/*.po "$regress"/*)
elif [[ $target == align ]]; then
    seed_files=("$srcdir"/tests/fuzz/align-seeds/* "$regress"/*)
elif [[ $target == xsl ]]; then
    seed_files=("$spec_dir"/../reference/openjdk/jdk*/xsl/*.xsl "$srcdir"/tests/fuzz/xsl-seeds/* "$regress"/*)
else
    seed_files=("$srcdir"/tests/fuzz/suppress-seeds/* "$regress"/*)
fi
for f in "${seed_files[@]}"; do
    [[ -f $f ]] || continue
    name=${f#"$srcdir"/} name=${name#"$spec_dir"/}
    cp "$f" "$work/seeds/${name//\//_}"
done
nseeds=$(find "$work/seeds" -type f | wc -l)
echo "fuzz: $nseeds seeds; running for $seconds s (inputs kept in $work/corpus)"

log=$work/last-run.log
rc=0
(
    cd "$work"
    JVMTIGEN_FUZZ_BASE=$srcdir/tests/fuzz/seeds/rich.xml \
        ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
        LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$srcdir/tests/lsan-libgettextpo.supp:print_suppressions=0} \
        "./fuzz_$target" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
        ${dict:+$([[ $dict != /dev/null ]] && echo "-dict=$dict")} -artifact_prefix="$work/crashes/" \
        -print_final_stats=1 corpus seeds
) >"$log" 2>&1 || rc=$?

# Figures: executions from the final stats, coverage from the last status line.
stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
status=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$status")
ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$status")
corp=$(sed -n 's/.* corp: \([0-9]*\)\/\([0-9a-zA-Z]*\).*/\1 inputs, \2/p' <<<"$status")
echo "fuzz: ${seconds} s, $(stat number_of_executed_units) executions" \
    "($(stat average_exec_per_sec)/s), coverage ${cov:-?} edges / ${ft:-?} features," \
    "corpus ${corp:-?}, peak RSS $(stat peak_rss_mb) MB"

if ((rc != 0)); then
    echo "fuzz: FAILED (exit $rc); the end of $log:"
    tail -40 "$log"
    for c in "$work"/crashes/*; do
        [[ -f $c ]] && echo "fuzz: input that fails: $c (copy it into ${regress#"$srcdir"/}/)"
    done
    exit 1
fi
echo "fuzz: no crash, no leak, no hang"
