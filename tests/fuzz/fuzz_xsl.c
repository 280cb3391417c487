/* fuzz_xsl.c — libFuzzer target: one input is one XSLT stylesheet.
 *
 * `jvmtigen --xsl` reads a stylesheet from outside, so the path it takes
 * through our code is fuzzed: read from memory, parse with our hardened
 * options, drop stray xsl:choose text, compile with libxslt through our
 * loader and error collector (jt_xsl_style_load_memory).  No directory is
 * given, so every xsl:import, xsl:include and document() is refused and
 * nothing but the input is read.  The transformation itself is not run: a
 * stylesheet may loop for as long as it likes, which is XSLT, not a bug.
 *
 * Built like fuzz_spec.c: by scripts/fuzz.sh (FUZZ_TARGET=xsl) with
 * libFuzzer, and with replay.c as tests/fuzz/fuzz_xsl_replay for `make check`.
 */
#include <stdint.h>
#include <stdlib.h>

#include <libxslt/xsltInternals.h>

#include "cmd/xsl_style.h"
#include "util/diag.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    jt_diag_set_silent(1);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jt_diag_reset();
    xsltStylesheetPtr style = jt_xsl_style_load_memory((const char *)data, size, "fuzz.xsl", NULL);
    if (style)
        xsltFreeStylesheet(style);
    return 0;
}
