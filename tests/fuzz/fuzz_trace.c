/* fuzz_trace.c — libFuzzer target: the reader of format=bin recordings
 * (`jvmtigen trace`, gen/trace/) on any bytes, in both output
 * formats.  A recording is outside input (a crash cuts it, anyone can hand
 * one over): bad bytes must give a message, never a crash or an overread.
 * Replayed over tests/fuzz/trace-seeds/ in `make check`
 * (tests/fuzz/replay.sh); fuzzed by `make fuzz FUZZ_TARGET=trace`. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "trace/trace.h"
#include "util/diag.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* the messages are expected (and counted); libFuzzer's own figures
     * and any sanitizer report still reach stderr */
    jt_diag_set_silent(1);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (int f = JT_TRACE_TEXT; f <= JT_TRACE_CHROME; f++) {
        char *out;
        size_t n;
        if (jt_trace_decode(data, size, "fuzz", (enum jt_trace_fmt)f, &out, &n) == 0)
            free(out);
    }
    return 0;
}
