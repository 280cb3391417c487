#!/usr/bin/env bash
# fuzz-replay.sh — the fuzz target (tests/fuzz/fuzz_spec.c: load, lint,
# diff, every emitter) over every input we keep: the seed corpus, the
# malformed-spec corpus, the shared specs and each input that ever crashed
# the fuzzer (tests/fuzz/regress/).  Then the stylesheet target
# (tests/fuzz/fuzz_xsl.c, what --xsl does before transforming) over its
# seeds, its past crashes (tests/fuzz/xsl-regress/), OpenJDK's stylesheets
# and the test stylesheets of tests/cli/xsl.sh when that ran first.  Built by the same compiler and flags as
# the rest of the tests, so under ./configure --enable-sanitizers this is the
# corpus under ASan and UBSan.  Fails on a crash, a sanitizer report or an
# unreadable input.  Then the other targets (below) over their corpora.
# Exit 0 pass, 1 fail.
set -euo pipefail

: "${SPEC_DIR:?}" "${srcdir:?}" "${builddir:?}"
out=$builddir/tests/out/fuzz-replay
rm -rf "$out"
mkdir -p "$out"

inputs=("$srcdir/tests/fuzz/seeds" "$srcdir/tests/fuzz/regress" "$srcdir/spec/jdwpTransport.xml")
[[ -d $srcdir/tests/malformed ]] && inputs+=("$srcdir/tests/malformed")
for f in "$SPEC_DIR"/jdk{8,11,17,21,25}/jvmti.xml "$SPEC_DIR"/broken/*.xml; do
    [[ -f $f ]] && inputs+=("$f")
done

rc=0
JVMTIGEN_FUZZ_BASE=$srcdir/tests/fuzz/seeds/rich.xml \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} \
    "$builddir/tests/fuzz/fuzz_replay" "${inputs[@]}" >"$out/stdout" 2>"$out/stderr" || rc=$?
cat "$out/stdout"
if ((rc != 0)) || [[ -s $out/stderr ]]; then
    echo "FAIL: fuzz_replay exited $rc; stderr:"
    sed 's/^/   | /' "$out/stderr" | head -60
    exit 1
fi
n=$(sed -n 's/^fuzz_replay: \([0-9]*\) inputs ran.*/\1/p' "$out/stdout")
if [[ -z $n || $n -lt 3 ]]; then
    echo "FAIL: only '${n:-no}' inputs ran: the corpus is missing"
    exit 1
fi
echo "PASS: $n inputs through load, lint, diff and every emitter"

xsl_inputs=("$srcdir/tests/fuzz/xsl-seeds" "$srcdir/tests/fuzz/xsl-regress")
for f in "$SPEC_DIR"/../reference/openjdk/jdk*/xsl/*.xsl; do
    [[ -f $f ]] && xsl_inputs+=("$f")
done
rc=0
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} \
    "$builddir/tests/fuzz/fuzz_xsl_replay" "${xsl_inputs[@]}" >"$out/xsl.stdout" 2>"$out/xsl.stderr" || rc=$?
cat "$out/xsl.stdout"
if ((rc != 0)) || [[ -s $out/xsl.stderr ]]; then
    echo "FAIL: fuzz_xsl_replay exited $rc; stderr:"
    sed 's/^/   | /' "$out/xsl.stderr" | head -60
    exit 1
fi
n=$(sed -n 's/^fuzz_replay: \([0-9]*\) inputs ran.*/\1/p' "$out/xsl.stdout")
if [[ -z $n || $n -lt 2 ]]; then
    echo "FAIL: only '${n:-no}' stylesheets ran: the corpus is missing"
    exit 1
fi
echo "PASS: $n stylesheets through parse, repair and compile"

# The suppression files of libjvmticheck (suppress=FILE): every seed and
# past crash; a bad file must give one FILE:LINE message (the target aborts
# otherwise).
rc=0
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} \
    "$builddir/tests/fuzz/fuzz_suppress_replay" "$srcdir/tests/fuzz/suppress-seeds" "$srcdir/tests/fuzz/suppress-regress" \
    >"$out/suppress.stdout" 2>"$out/suppress.stderr" || rc=$?
cat "$out/suppress.stdout"
if ((rc != 0)) || [[ -s $out/suppress.stderr ]]; then
    echo "FAIL: fuzz_suppress_replay exited $rc; stderr:"
    sed 's/^/   | /' "$out/suppress.stderr" | head -60
    exit 1
fi
n=$(sed -n 's/^fuzz_replay: \([0-9]*\) inputs ran.*/\1/p' "$out/suppress.stdout")
if [[ -z $n || $n -lt 5 ]]; then
    echo "FAIL: only '${n:-no}' suppression files ran: the corpus is missing"
    exit 1
fi
echo "PASS: $n suppression files through the parser"
# The format=bin reader of `jvmtigen trace` (tests/fuzz/fuzz_trace.c) over
# its seeds: a whole recording, one cut short, one with a bad record.
rc=0
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} \
    "$builddir/tests/fuzz/fuzz_trace_replay" "$srcdir/tests/fuzz/trace-seeds" >"$out/trace.stdout" 2>"$out/trace.stderr" || rc=$?
cat "$out/trace.stdout"
if ((rc != 0)) || [[ -s $out/trace.stderr ]]; then
    echo "FAIL: fuzz_trace_replay exited $rc; stderr:"
    sed 's/^/   | /' "$out/trace.stderr" | head -60
    exit 1
fi
n=$(sed -n 's/^fuzz_replay: \([0-9]*\) inputs ran.*/\1/p' "$out/trace.stdout")
if [[ -z $n || $n -lt 3 ]]; then
    echo "FAIL: only '${n:-no}' recordings ran: the corpus is missing"
    exit 1
fi
echo "PASS: $n recordings through the reader of jvmtigen trace"
# DTCHECK_OPTIONS of libdt_check.so (tests/fuzz/fuzz_dtcheck.c): good and
# bad option strings, each parsed or refused with one message.
rc=0
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} \
    "$builddir/tests/fuzz/fuzz_dtcheck_replay" "$srcdir/tests/fuzz/dtcheck-seeds" >"$out/dtcheck.stdout" 2>"$out/dtcheck.stderr" || rc=$?
cat "$out/dtcheck.stdout"
if ((rc != 0)) || [[ -s $out/dtcheck.stderr ]]; then
    echo "FAIL: fuzz_dtcheck_replay exited $rc; stderr:"
    sed 's/^/   | /' "$out/dtcheck.stderr" | head -60
    exit 1
fi
n=$(sed -n 's/^fuzz_replay: \([0-9]*\) inputs ran.*/\1/p' "$out/dtcheck.stdout")
if [[ -z $n || $n -lt 5 ]]; then
    echo "FAIL: only '${n:-no}' option strings ran: the corpus is missing"
    exit 1
fi
echo "PASS: $n DTCHECK_OPTIONS strings through the parser"

# The PO files of --translations and --lang (tests/fuzz/fuzz_po.c): the
# seeds (good files, one per kind of bad file), past crashes, and the
# project's own catalogs; a bad file must give exactly one message.
rc=0
JVMTIGEN_FUZZ_BASE=$srcdir/tests/fuzz/seeds/rich.xml \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} \
    "$builddir/tests/fuzz/fuzz_po_replay" "$srcdir/tests/fuzz/po-seeds" "$srcdir/tests/fuzz/po-regress" \
    "$srcdir"/po/*.po "$srcdir"/tests/html/*.po >"$out/po.stdout" 2>"$out/po.stderr" || rc=$?
cat "$out/po.stdout"
if ((rc != 0)) || [[ -s $out/po.stderr ]]; then
    echo "FAIL: fuzz_po_replay exited $rc; stderr:"
    sed 's/^/   | /' "$out/po.stderr" | head -60
    exit 1
fi
n=$(sed -n 's/^fuzz_replay: \([0-9]*\) inputs ran.*/\1/p' "$out/po.stdout")
if [[ -z $n || $n -lt 8 ]]; then
    echo "FAIL: only '${n:-no}' PO files ran: the corpus is missing"
    exit 1
fi
echo "PASS: $n PO files through libgettextpo, the translated markup and the templates"

# The translated-page text of `jvmtigen align` (tests/fuzz/fuzz_align.c):
# the seeds (a page of the seed spec in Chinese, blank, CRLF, repeated
# keys, a BOM, a NUL byte, cut UTF-8) and past crashes; a bad text must give
# exactly one message, a unit placed with confidence its English's
# identifiers.
rc=0
JVMTIGEN_FUZZ_BASE=$srcdir/tests/fuzz/seeds/rich.xml \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} \
    "$builddir/tests/fuzz/fuzz_align_replay" "$srcdir/tests/fuzz/align-seeds" "$srcdir/tests/fuzz/align-regress" \
    >"$out/align.stdout" 2>"$out/align.stderr" || rc=$?
cat "$out/align.stdout"
if ((rc != 0)) || [[ -s $out/align.stderr ]]; then
    echo "FAIL: fuzz_align_replay exited $rc; stderr:"
    sed 's/^/   | /' "$out/align.stderr" | head -60
    exit 1
fi
n=$(sed -n 's/^fuzz_replay: \([0-9]*\) inputs ran.*/\1/p' "$out/align.stdout")
if [[ -z $n || $n -lt 6 ]]; then
    echo "FAIL: only '${n:-no}' texts ran: the corpus is missing"
    exit 1
fi
echo "PASS: $n translated-page texts through the reader and the alignment"
