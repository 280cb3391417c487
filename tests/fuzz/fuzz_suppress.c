/* fuzz_suppress.c — libFuzzer target: one input is one suppression file
 * (suppress=FILE of libjvmticheck, gen/runtime/jc_suppress.c).
 *
 * The file comes from outside, so its parser takes any bytes: a good file
 * gives rules that are then matched once, a bad one a single message that
 * must read "NAME:LINE: error: ..." on one line.  Anything else aborts
 * (a finding).  Built by scripts/fuzz.sh (FUZZ_TARGET=suppress) with
 * libFuzzer, and with replay.c as tests/fuzz_suppress_replay, which
 * tests/fuzz-replay.sh runs over tests/fuzz/suppress-seeds and
 * tests/fuzz/suppress-regress in every `make check`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* jc_suppress_line's only links to call sites: none here. */
const char *jc_site_module(const jc_site *s) { (void)s; return "bug_agent.so"; }
const char *jc_site_symbol(const jc_site *s) { (void)s; return "on_vm_init"; }

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512] = "";
    if (jc_suppress_parse("fuzz.supp", (const char *)data, size, err, sizeof err) == 0) {
        (void)jc_suppress_match("null_pointer", "GetPhase", "bug_agent.so", "Agent_OnLoad");
        (void)jc_suppress_match("leak", "GetClassSignature", "", "");
        char line[512];
        jc_suppress_line(line, sizeof line, "phase", "GetLoadedClasses", NULL);
    } else if (strncmp(err, "fuzz.supp:", 10) != 0 || !strstr(err, ": error: ") || strchr(err, '\n')) {
        fprintf(stderr, "fuzz_suppress: bad message '%s'\n", err);
        abort();
    }
    jc_suppress_reset();
    return 0;
}
