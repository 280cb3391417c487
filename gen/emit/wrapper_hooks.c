/* wrapper_hooks.c — the hooks of the checked wrapper as data: one row of
 * code per kind of hook (a column per step of the full wrapper) and one row
 * per function naming its kind.  Why rows and not `if (hook == ...)` at
 * each step: what a hook adds reads in one place, a new hook is a row, and
 * put_function stays the same four steps for every function.  The runtime
 * functions the code calls are declared in gen/runtime/jvmti/jc_runtime.h. */
#include <string.h>

#include "emit/wrapper_hooks.h"

/* Add/RelinquishCapabilities: refresh after success. */
static const jt_hook_code caps_changed = { .at = {
    [JT_HOOK_ON_SUCCESS] = "        jc_hook_caps_changed(ce);\n",
} };

/* GetCapabilities: its output is the truth. */
static const jt_hook_code caps_out = { .at = {
    [JT_HOOK_ON_SUCCESS] = "        jc_env_set_caps(ce, capabilities_ptr);\n",
} };

/* SetEventCallbacks: substitute trampolines. */
static const jt_hook_code set_callbacks = { .at = {
    [JT_HOOK_CALL] = "    jvmtiError err = jc_hook_set_event_callbacks(ce, callbacks, size_of_callbacks);\n",
} };

/* SetEventNotificationMode: event checks. */
static const jt_hook_code event_mode = { .at = {
    [JT_HOOK_BEFORE] = "    { jvmtiError e = jc_hook_check_event_mode(ce, mode, event_type, event_thread);\n"
                 "      if (e != JVMTI_ERROR_NONE) return r_$id(e$args); }\n",
} };

/* Deallocate: only memory JVMTI handed out. */
static const jt_hook_code deallocate = { .at = {
    [JT_HOOK_BEFORE] = "    if (mem != NULL && jc_tracking() && !jc_hook_deallocate(ce, $num, mem))\n"
                 "        return r_$id(JVMTI_ERROR_ILLEGAL_ARGUMENT$args);\n",
} };

/* Allocate: track the block. */
static const jt_hook_code allocate = { .at = {
    [JT_HOOK_TRACKING] = "        if (mem_ptr && *mem_ptr) jc_alloc_fresh(ce, *mem_ptr, (size_t)size);\n",
} };

/* RunAgentThread: the thread gets the checked env. */
static const jt_hook_code run_agent_thread = { .at = {
    [JT_HOOK_CALL] = "    jvmtiError err = jc_hook_run_agent_thread(ce, thread, proc, arg, priority);\n",
} };

/* DisposeEnvironment: note table patches first. */
static const jt_hook_code dispose = { .at = {
    [JT_HOOK_BEFORE] = "    jc_hook_dispose(ce);\n",
    [JT_HOOK_ON_SUCCESS] = "        jc_env_disposed(ce);\n",
} };

/* GetExtensionFunctions: trampolines for the VM's. */
static const jt_hook_code ext_functions = { .at = {
    [JT_HOOK_ON_SUCCESS] = "        jc_hook_extension_functions(ce, *extension_count_ptr, *extensions);\n",
} };

/* SetExtensionEventCallback: a trampoline. */
static const jt_hook_code ext_event_cb = { .at = {
    [JT_HOOK_CALL] = "    jvmtiError err = jc_hook_set_extension_event_callback(ce, extension_event_index, callback);\n",
} };

/* CreateRawMonitor: the monitor's life begins.  The VM writes the new
 * monitor into monitor_made, and the agent sees it only once
 * jc_mon_created knows it: another thread of the agent that reads the
 * agent's variable can never use a monitor the shim has not yet seen made
 * (monitor_invalid). */
static const jt_hook_code mon_create = { .at = {
    [JT_HOOK_REAL_CALL] = "    jrawMonitorID monitor_made = NULL;\n"
                 "    jvmtiError err = (*ce->real)->$id(ce->real, name, monitor_ptr ? &monitor_made : NULL);\n",
    [JT_HOOK_ON_SUCCESS] = "        if (monitor_ptr) { jc_mon_created(monitor_made, name); *monitor_ptr = monitor_made; }\n",
} };

/* Raw monitor use: jc_monitors.c; $op is what the function does to its
 * monitor (jc_monitors.h). */
static const jt_hook_code monitor = { .at = {
    [JT_HOOK_BEFORE] = "    jc_mon_call mc;\n    { jvmtiError e = jc_mon_before($num, $op, monitor, &mc);\n"
                 "      if (e != JVMTI_ERROR_NONE) return r_$id(e$args); }\n",
    [JT_HOOK_AFTER] = "    jc_mon_after($num, $op, monitor, &mc, err);\n",
} };

/* SetTag: a tag may hold a JVMTI block (leak report); the value it had is
 * asked only while some block is held so. */
static const jt_hook_code set_tag = { .at = {
    [JT_HOOK_BEFORE] = "    const uintptr_t ref_old = jc_ref_held(JC_REF_TAG) ? (uintptr_t)jc_ref_old_tag(ce, object) : 0;\n",
    [JT_HOOK_ON_SUCCESS] = "        jc_ref_set(JC_REF_TAG, ref_old, (uintptr_t)tag);\n",
} };

/* SetThreadLocalStorage: the same for a thread's slot. */
static const jt_hook_code set_tls = { .at = {
    [JT_HOOK_BEFORE] = "    const uintptr_t ref_old = jc_ref_held(JC_REF_TLS) ? jc_ref_old_tls(ce, thread) : 0;\n",
    [JT_HOOK_ON_SUCCESS] = "        jc_ref_set(JC_REF_TLS, ref_old, (uintptr_t)data);\n",
} };

/* SetEnvironmentLocalStorage: the env's slot. */
static const jt_hook_code set_els = { .at = {
    [JT_HOOK_ON_SUCCESS] = "        ce->els = data;\n",
} };

static const jt_hook hooks[] = {
    { "AddCapabilities", &caps_changed, NULL },
    { "RelinquishCapabilities", &caps_changed, NULL },
    { "GetCapabilities", &caps_out, NULL },
    { "SetEventCallbacks", &set_callbacks, NULL },
    { "SetEventNotificationMode", &event_mode, NULL },
    { "Deallocate", &deallocate, NULL },
    { "Allocate", &allocate, NULL },
    { "RunAgentThread", &run_agent_thread, NULL },
    { "DisposeEnvironment", &dispose, NULL },
    { "GetExtensionFunctions", &ext_functions, NULL },
    { "SetExtensionEventCallback", &ext_event_cb, NULL },
    { "CreateRawMonitor", &mon_create, NULL },
    { "DestroyRawMonitor", &monitor, "JC_MON_DESTROY" },
    { "RawMonitorEnter", &monitor, "JC_MON_ENTER" },
    { "RawMonitorExit", &monitor, "JC_MON_EXIT" },
    { "RawMonitorWait", &monitor, "JC_MON_WAIT" },
    { "RawMonitorNotify", &monitor, "JC_MON_NOTIFY" },
    { "RawMonitorNotifyAll", &monitor, "JC_MON_NOTIFY" },
    { "SetTag", &set_tag, NULL },
    { "SetThreadLocalStorage", &set_tls, NULL },
    { "SetEnvironmentLocalStorage", &set_els, NULL },
};

const jt_hook *jt_hook_of(const jt_function *f)
{
    for (size_t i = 0; i < sizeof hooks / sizeof *hooks; i++)
        if (strcmp(hooks[i].fn, f->id) == 0)
            return &hooks[i];
    return NULL;
}

const char *jt_hook_at(const jt_hook *hook, jt_hook_step step)
{
    return hook ? hook->code->at[step] : NULL;
}
