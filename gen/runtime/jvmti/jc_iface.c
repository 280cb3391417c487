/* jc_iface.c — JVMTI as the runtime sees it (jc_iface_jvmti): what its
 * records and recordings name (the generated tables jc_fn_table and
 * jvmti_names), what starts with its options (the only= tables, the
 * crash handler), the Java names of threads, what its verdict counts and
 * what jc_reset forgets.  libdt_check describes jdwpTransport the same way
 * (gen/transport/dtc_runtime.c), so the trace writer, the recorder, the
 * crash path, the verdict and the option parser (common/) serve both
 * without knowing either: this table is the only way from common/ to the
 * JVMTI tool. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "jc_jvmti.h"
#include "jc_inline.h"
#include "jc_path.h"
#include "jc_shim.h"
#include "jc_trace_phases.h"
#include "jvmti_names.h"

static const char *error_name(long long e)
{
    return e < -2147483647 - 1 || e > 2147483647 ? NULL : jvmti_error_name((jvmtiError)e);
}

static const char *event_name(long long e)
{
    return e < -2147483647 - 1 || e > 2147483647 ? NULL : jvmti_event_name((jvmtiEvent)e);
}

static const char *fn_name(int slot)
{
    return slot >= 1 && slot <= jc_fn_max ? jc_fn_table[slot].name : NULL;
}

static int fn_max(void) { return jc_fn_max; }

static void started(void)
{
    jc_selection_init();        /* the generated only= tables, from jc_g.opt */
    jc_fn_paths_update();       /* which wrappers may take their fast path */
    jc_crash_init();            /* a crash inside a call leaves its record */
}

static const char *phase_name(int phase)
{
    return phase < 0 ? NULL : jc_trace_phase_word((unsigned)phase);
}
_Static_assert(JVMTI_PHASE_ONLOAD == 1 && JVMTI_PHASE_PRIMORDIAL == 2 && JVMTI_PHASE_START == 6
               && JVMTI_PHASE_LIVE == 4 && JVMTI_PHASE_DEAD == 8, "jc_trace_phases' values are jvmtiPhase's");

/* Groups that are not <constants> in the spec but have name tables, then
 * the spec's <constants>. */
static const char *value_name(const char *group, long long v)
{
    if (strcmp(group, "jvmtiError") == 0)
        return error_name(v);
    if (strcmp(group, "jvmtiEvent") == 0)
        return event_name(v);
    return jvmti_constant_name(group, (jlong)v);
}

static size_t bits_format(const char *group, long long v, char *buf, size_t len)
{
    return jvmti_bits_format(group, (jlong)v, buf, len);
}

static int constant_groups(void) { return jvmti_constant_group_count; }

static const char *constant_group(int g, unsigned *kind, int *count)
{
    const jvmti_constant_group *grp = jvmti_constant_groups[g];
    *kind = grp->kind == JVMTI_CONSTANTS_BITS ? 1 : grp->kind == JVMTI_CONSTANTS_ENUM ? 0 : 2;
    *count = grp->count;
    return grp->name;
}

static const char *constant(int g, int k, long long *value)
{
    *value = (long long)jvmti_constant_groups[g]->constants[k].value;
    return jvmti_constant_groups[g]->constants[k].name;
}

static bool error_expected(int fn, int err) { return jc_error_expected(fn, (jvmtiError)err); }

/* "jvmticheck", or, when the process loaded the shim more than once, which
 * load and agent ("jvmticheck (load 2, libfoo.so)"): each load has a
 * verdict of its own (jc_instance.c). */
static void verdict_who(char *buf, size_t len)
{
    const char *agent = jc_g.opt.agent_path;
    if (!jc_instance_several() || !agent) {
        snprintf(buf, len, "jvmticheck");
        return;
    }
    snprintf(buf, len, "jvmticheck (load %d, %s)", jc_instance_number(), jc_base_name(agent));
}

static void reset(void)
{
    jc_checks_reset();
    jc_summary_reset();
    jc_envs_reset();
    jc_alloc_reset();
    jc_names_reset();
}

const jc_iface jc_iface_jvmti = {
    .id = JC_IFACE_JVMTI,
    .tool = "jvmticheck",
    .error_group = "jvmtiError",
    .error_name = error_name,
    .fn_max = fn_max,
    .fn_name = fn_name,
    .event_name = event_name,
    .phases = true,
    .started = started,
    .checks = jc_check_names,
    .nchecks = JC_CHK_COUNT,
    .checks_example = "null_pointer, phase, capability, bad_deallocate, leak",
    .wrapper_header = "jvmti.h",
    .wrapper_struct = "_jvmtiEnv",
    .host_symbol = "JNI_CreateJavaVM",
    .phase_name = phase_name,
    .value_name = value_name,
    .bits_format = bits_format,
    .constant_groups = constant_groups,
    .constant_group = constant_group,
    .constant = constant,
    .error_expected = error_expected,
    .thread_name = jc_java_thread_name,
    .vthread_current = jc_vthread_current,
    .violations = jc_checks_violations,
    .notes = jc_checks_notes,
    .verdict_who = verdict_who,
    .reset = reset,
};

int jc_init(const char *options, bool require_agent, char *err, size_t errlen)
{
    return jc_init_iface(&jc_iface_jvmti, options, require_agent, err, errlen);
}
