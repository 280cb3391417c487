/* fuzz_dtcheck.c — libFuzzer target: one input is one DTCHECK_OPTIONS value
 * (the options of libdt_check.so), parsed as libdt_check parses it: by the
 * shim's option table for the transport's rows
 * (jc_options_parse_for(JC_IFACE_TRANSPORT), gen/runtime/common/jc_options.c).
 *
 * The value comes from the environment, so any bytes up to the first NUL:
 * good options are parsed into their fields (and an option not given
 * keeps the transport's default), a bad one gives one message
 * "dtcheck: ..." on one line, with no control character (what it quotes of
 * the input is escaped: \n, \x1b), and leaves nothing to free.  An option only
 * the JVMTI shim has (check=, agent=) is refused.  Anything else aborts
 * (a finding).  Built by scripts/fuzz.sh (FUZZ_TARGET=dtcheck) with
 * libFuzzer, and with replay.c as tests/fuzz/fuzz_dtcheck_replay, which
 * tests/fuzz/replay.sh runs over tests/fuzz/dtcheck-seeds in every
 * `make check`.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_runtime.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

/* A byte no one-line message may hold: a control character (a newline
 * would split the line, ESC start a terminal escape). */
static bool has_control(const char *m)
{
    for (const unsigned char *p = (const unsigned char *)m; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            return true;
    return false;
}

static void finding(const char *what, const char *s)
{
    fprintf(stderr, "fuzz_dtcheck: %s: '%.200s'\n", what, s);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1), err[1024] = "";
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = '\0';
    jc_options o, d;
    if (jc_options_parse_for(JC_IFACE_TRANSPORT, "", false, &d, err, sizeof err) != 0)
        finding("the empty string is refused", s);
    if (jc_options_parse_for(JC_IFACE_TRANSPORT, s, false, &o, err, sizeof err) == 0) {
        if (!o.transport || !o.transport[0] || o.exitcode < 0 || o.exitcode > 255 || o.repeat < 1 || o.stack < 1
            || o.stack > 32 || o.agent_path || o.format > JC_FMT_BIN)
            finding("parsed options out of range", s);
        /* an option the text does not name keeps its default */
        if ((!strstr(s, "format=") && o.format != d.format) || (!strstr(s, "halt=") && o.halt != d.halt)
            || (!strstr(s, "trace=") && o.trace != d.trace) || (!strstr(s, "exitcode=") && o.exitcode != d.exitcode)
            || (!strstr(s, "log=") && o.log_path) || (!strstr(s, "repeat=") && o.repeat != d.repeat)
            || (!strstr(s, "transport=") && strcmp(o.transport, d.transport) != 0)
            || (!strstr(s, "only=") && o.nonly))
            finding("an option not given changed", s);
        if (strstr(s, "check=") == s || strstr(s, ",check=") || strstr(s, "agent=") == s || strstr(s, ",agent="))
            finding("a JVMTI-only option was taken", s);
        jc_options_free(&o);
    } else if (strncmp(err, "dtcheck: ", 9) != 0 || has_control(err)) {
        finding("bad message", err);
    } else if (o.log_path || o.nonly || o.agent_path) {
        finding("a refused parse left something to free", s);
    }
    jc_options_free(&d);
    free(s);
    return 0;
}
