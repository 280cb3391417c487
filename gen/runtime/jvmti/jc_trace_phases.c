/* jc_trace_phases.c — JVMTI's phase words, shared by the shim and
 * `jvmtigen trace` (see jc_trace_phases.h). */
#include <stddef.h>

#include "jc_trace_phases.h"

/* jvmtiPhase's values (jvmti.h): the generator has no jvmti.h to include. */
const struct jc_trace_phase jc_trace_phases[JC_TRACE_NPHASES] = {
    { 1, "onload" }, { 2, "primordial" }, { 6, "start" }, { 4, "live" }, { 8, "dead" },
};

const char *jc_trace_phase_word(unsigned phase)
{
    for (size_t i = 0; i < JC_TRACE_NPHASES; i++)
        if (jc_trace_phases[i].phase == phase)
            return jc_trace_phases[i].word;
    return "unknown";
}
