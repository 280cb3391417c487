/* jc_iface.c — JVMTI as the runtime sees it (jc_iface_jvmti): what its
 * records and recordings name (the generated tables jc_fn_table and
 * jvmti_names), and what starts with its options (the only= tables, the
 * crash handler).  libdt_check describes jdwpTransport the same way
 * (gen/transport/dtc_runtime.c), so the trace writer, the recorder and the
 * option parser serve both without knowing either. */
#include "jc_internal.h"
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

const jc_iface jc_iface_jvmti = {
    .id = JC_IFACE_JVMTI,
    .tool = "jvmticheck",
    .error_group = "jvmtiError",
    .error_name = error_name,
    .fn_max = fn_max,
    .fn_name = fn_name,
    .event_name = event_name,
    .constants = true,
    .phases = true,
    .started = started,
    .wrapper_header = "jvmti.h",
    .wrapper_struct = "_jvmtiEnv",
    .host_symbol = "JNI_CreateJavaVM",
};
