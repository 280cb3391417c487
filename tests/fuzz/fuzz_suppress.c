/* fuzz_suppress.c — libFuzzer target: one input is one suppression file
 * (suppress=FILE of libjvmticheck, gen/runtime/common/jc_suppress.c).
 *
 * The file comes from outside, so its parser takes any bytes: a good file
 * gives rules that are then matched once, a bad one a single message that
 * must read "NAME:LINE: error: ..." on one line.  Anything else aborts
 * (a finding).  Built by scripts/fuzz.sh (FUZZ_TARGET=suppress) with
 * libFuzzer, and with replay.c as tests/fuzz/fuzz_suppress_replay, which
 * tests/fuzz/replay.sh runs over tests/fuzz/suppress-seeds and
 * tests/fuzz/suppress-regress in every `make check`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"
#include "jc_runtime.h"       /* JC_CHECK_IDS */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The suppression code's only links to call sites: a stand-in site of two
 * frames (a C++ one, then a C one) for any jc_site pointer, none for NULL. */
const char *jc_site_module(const jc_site *s) { return s ? "bug_agent.so" : ""; }
unsigned jc_site_suppress_frames(const jc_site *s) { return s ? 2 : 0; }
bool jc_site_frame_name(const jc_site *s, unsigned k, const char **symbol, const char **function)
{
    static const char *const names[][2] = { { "_ZN5Agent6onInitEv", "Agent::onInit()" }, { "on_vm_init", "on_vm_init" } };
    if (!s || k >= 2)
        return false;
    *symbol = names[k][0];
    *function = names[k][1];
    return true;
}

/* The check ids rules may name: JVMTI's, as the shim's jc_init sets them. */
static const char *const check_ids[] = {
#define FUZZ_CHECK_NAME(id) #id,
    JC_CHECK_IDS(FUZZ_CHECK_NAME)
#undef FUZZ_CHECK_NAME
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    jc_suppress_checks(check_ids, sizeof check_ids / sizeof check_ids[0], "null_pointer, phase, capability, bad_deallocate, leak");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512] = "";
    if (jc_suppress_parse("fuzz.supp", (const char *)data, size, err, sizeof err) == 0) {
        const jc_site *site = (const jc_site *)&site;   /* any non-NULL pointer */
        (void)jc_suppress_match("null_pointer", "GetPhase", site);
        (void)jc_suppress_match("leak", "GetClassSignature", NULL);
        char line[1024];
        jc_suppress_line(line, sizeof line, "phase", "GetLoadedClasses", NULL);
        jc_suppress_line(line, sizeof line, "leak", "Allocate", site);
    } else if (strncmp(err, "fuzz.supp:", 10) != 0 || !strstr(err, ": error: ") || strchr(err, '\n')) {
        fprintf(stderr, "fuzz_suppress: bad message '%s'\n", err);
        abort();
    }
    jc_suppress_reset();
    return 0;
}
