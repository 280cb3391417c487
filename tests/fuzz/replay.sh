#!/usr/bin/env bash
# replay.sh — every fuzz target of tests/fuzz/, built as a plain program over
# files (replay.c), run over every input we keep for it: the seed corpus and
# each input that ever crashed the fuzzer (NAME-regress/), and for the spec
# target also the malformed-spec corpus and the shared specs, for the
# stylesheet target OpenJDK's stylesheets.  Built by the same compiler and
# flags as the rest of the tests, so under ./configure --enable-sanitizers
# this is the corpus under ASan and UBSan.  Fails on a crash, a sanitizer
# report, an unreadable input or a corpus that is missing.  The targets are
# the rows of `targets` below: a new one is a row and its in_NAME inputs.
# Exit 0 pass, 1 fail.
set -euo pipefail

: "${SPEC_DIR:?}" "${srcdir:?}" "${builddir:?}"
out=$builddir/tests/out/fuzz-replay
rm -rf "$out"
mkdir -p "$out"
fz=$srcdir/tests/fuzz

# Each target's inputs (directories are read whole by replay.c).
# spec: load, lint, diff, every emitter.
in_spec=("$fz/seeds" "$fz/regress" "$srcdir/spec/jdwpTransport.xml")
# the malformed corpus: its files, not its runner or the harness's logs
# beside it (an in-tree build writes malformed.log and .trs there)
for f in "$srcdir"/tests/malformed/*; do
    case $f in *.sh | *.log | *.trs) continue ;; esac
    [[ -f $f ]] && in_spec+=("$f")
done
for f in "$SPEC_DIR"/jdk{8,11,17,21,25}/jvmti.xml "$SPEC_DIR"/broken/*.xml; do
    [[ -f $f ]] && in_spec+=("$f")
done
# xsl: what --xsl does before transforming.
in_xsl=("$fz/xsl-seeds" "$fz/xsl-regress")
for f in "$SPEC_DIR"/../reference/openjdk/jdk*/xsl/*.xsl; do
    [[ -f $f ]] && in_xsl+=("$f")
done
# suppress: libjvmticheck's suppress=FILE; a bad file must give one
# FILE:LINE message (the target aborts otherwise).
in_suppress=("$fz/suppress-seeds" "$fz/suppress-regress")
# trace: the format=bin reader of `jvmtigen trace` (a whole recording, one
# cut short, one with a bad record).
in_trace=("$fz/trace-seeds")
# dtcheck: DTCHECK_OPTIONS of libdt_check.so, good and bad option strings,
# each parsed or refused with one message.
in_dtcheck=("$fz/dtcheck-seeds")
# po: the PO files of --translations and --lang (good files, one per kind of
# bad file), past crashes, and the project's own catalogs; a bad file must
# give exactly one message.
in_po=("$fz/po-seeds" "$fz/po-regress" "$srcdir"/po/*.po "$srcdir"/tests/html/*.po)
# align: the translated-page text of `jvmtigen align` (a page of the seed
# spec in Chinese, blank, CRLF, repeated keys, a BOM, a NUL byte, cut
# UTF-8); a bad text must give exactly one message, a unit placed with
# confidence its English's identifiers.
in_align=("$fz/align-seeds" "$fz/align-regress")

# One row per target: the program tests/fuzz/fuzz_NAME_replay (NAME "spec"
# is tests/fuzz/fuzz_replay), its inputs in_NAME, the fewest inputs that
# prove the corpus is there, what an input is, and what the pass says.
targets=(
    "spec|3|inputs|inputs through load, lint, diff and every emitter"
    "xsl|2|stylesheets|stylesheets through parse, repair and compile"
    "suppress|5|suppression files|suppression files through the parser"
    "trace|3|recordings|recordings through the reader of jvmtigen trace"
    "dtcheck|5|option strings|DTCHECK_OPTIONS strings through the parser"
    "po|8|PO files|PO files through libgettextpo, the translated markup and the templates"
    "align|6|texts|translated-page texts through the reader and the alignment"
)

# The seed spec the spec, po and align targets load their input beside.
export JVMTIGEN_FUZZ_BASE=$fz/seeds/rich.xml
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

for row in "${targets[@]}"; do
    IFS='|' read -r name min noun passed <<<"$row"
    prog=fuzz_${name}_replay
    [[ $name == spec ]] && prog=fuzz_replay
    declare -n inputs=in_$name
    rc=0
    "$builddir/tests/fuzz/$prog" "${inputs[@]}" >"$out/$name.stdout" 2>"$out/$name.stderr" || rc=$?
    unset -n inputs
    cat "$out/$name.stdout"
    if ((rc != 0)) || [[ -s $out/$name.stderr ]]; then
        echo "FAIL: $prog exited $rc; stderr:"
        sed 's/^/   | /' "$out/$name.stderr" | head -60
        exit 1
    fi
    n=$(sed -n 's/^fuzz_replay: \([0-9]*\) inputs ran.*/\1/p' "$out/$name.stdout")
    if [[ -z $n || $n -lt $min ]]; then
        echo "FAIL: only '${n:-no}' $noun ran: the corpus is missing"
        exit 1
    fi
    echo "PASS: $n $passed"
done
