/* fuzz_dtcheck.c — libFuzzer target: one input is one DTCHECK_OPTIONS value
 * (the options of libdt_check.so, gen/transport/dtc_options.c).
 *
 * The value comes from the environment, so any bytes up to the first NUL:
 * good options are parsed into their fields (and an option not given
 * keeps its default), a bad one gives one message
 * "DTCHECK_OPTIONS: error: ..." on one line.  Anything else aborts (a
 * finding).  Built by scripts/fuzz.sh (FUZZ_TARGET=dtcheck) with
 * libFuzzer, and with replay.c as tests/fuzz_dtcheck_replay, which
 * tests/fuzz-replay.sh runs over tests/fuzz/dtcheck-seeds in every
 * `make check`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtc_options.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1), err[256] = "";
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = '\0';
    dtc_options o;
    dtc_options_default(&o);
    if (dtc_options_parse(s, &o, err, sizeof err) == 0) {
        if (!o.transport[0] || strlen(o.transport) >= sizeof o.transport || strlen(o.log) >= sizeof o.log
            || o.exitcode < -1 || o.exitcode > 255) {
            fprintf(stderr, "fuzz_dtcheck: parsed options out of range\n");
            abort();
        }
        /* an option the text does not name keeps its default */
        dtc_options d;
        dtc_options_default(&d);
        if ((!strstr(s, "format=") && o.jsonl != d.jsonl) || (!strstr(s, "halt=") && o.halt != d.halt)
            || (!strstr(s, "trace=") && o.trace != d.trace) || (!strstr(s, "exitcode=") && o.exitcode != d.exitcode)
            || (!strstr(s, "log=") && strcmp(o.log, d.log) != 0)
            || (!strstr(s, "transport=") && strcmp(o.transport, d.transport) != 0)) {
            fprintf(stderr, "fuzz_dtcheck: an option not given changed\n");
            abort();
        }
    } else if (strncmp(err, "DTCHECK_OPTIONS: error: ", 24) != 0 || strchr(err, '\n')) {
        fprintf(stderr, "fuzz_dtcheck: bad message '%s'\n", err);
        abort();
    }
    free(s);
    return 0;
}
