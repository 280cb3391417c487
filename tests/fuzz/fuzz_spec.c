/* fuzz_spec.c — libFuzzer target: one input is one jvmti.xml.
 *
 * Runs the whole generator on it the way `jvmtigen` would: load (parse,
 * build, resolve) from memory, lint, every emitter, and the spec differ
 * (the input against itself, and against a baseline spec when
 * JVMTIGEN_FUZZ_BASE names one).  Outputs go to a private scratch directory
 * and are thrown away (jt_out_finish(0) unlinks them), so a run leaves
 * nothing behind.  Diagnostics are counted but not printed.
 *
 * Built two ways: with clang -fsanitize=fuzzer by scripts/fuzz.sh, and with
 * tests/fuzz/replay.c as a plain program that feeds it files (the corpus and
 * past crashes), which is how `make check` runs it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/diag.h"
#include "analyze/diff.h"
#include "emit/emit.h"
#include "analyze/lint.h"
#include "model/model.h"
#include "util/outfile.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char scratch[] = "/tmp/jvmtigen-fuzz-XXXXXX";
static jt_spec *baseline;

static void remove_scratch(void)
{
    rmdir(scratch);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    if (!mkdtemp(scratch)) {
        perror("fuzz_spec: mkdtemp");
        exit(1);
    }
    atexit(remove_scratch);
    jt_diag_set_silent(1);
    const char *base = getenv("JVMTIGEN_FUZZ_BASE");
    if (base && *base) {
        jt_load_options o = { .quiet_warnings = true };
        baseline = jt_spec_load(base, &o);
        if (!baseline) {
            fprintf(stderr, "fuzz_spec: JVMTIGEN_FUZZ_BASE=%s does not load\n", base);
            exit(1);
        }
    }
    return 0;
}

static void diff(const jt_spec *old, const jt_spec *new_)
{
    jt_delta_list l = { 0 };
    jt_diff_specs(old, new_, &l);
    jt_delta_list_free(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jt_load_options o = { .quiet_warnings = true };
    jt_diag_reset();
    jt_spec *spec = jt_spec_load_memory((const char *)data, size, "fuzz.xml", &o);
    if (!spec)
        return 0;
    int errors = jt_lint(spec);
    diff(spec, spec);
    if (baseline) {
        diff(baseline, spec);
        diff(spec, baseline);
    }
    /* as jvmtigen: the emitters only see a spec without lint errors */
    if (errors == 0) {
        jt_emit_ctx ctx = { .spec = spec, .outdir = scratch };
        jt_spec_version(spec, 0, &ctx.major, &ctx.minor, &ctx.micro);
        for (int i = 0; i < jt_nemitters; i++)
            (void)jt_emitters[i].run(&ctx);
        (void)jt_out_finish(0);
    }
    jt_spec_free(spec);
    return 0;
}
