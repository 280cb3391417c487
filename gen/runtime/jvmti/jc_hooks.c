/* jc_hooks.c — the few functions whose wrappers need more than "check, call,
 * trace" (the public jvmti_check_wrap() is jc_wrap.c's).
 *
 * - Capabilities: the wrapper checks capabilities against a copy in the
 *   jc_env (no JVMTI call per check); jc_hook_caps_changed refreshes it from
 *   the VM after anything that may change them.
 * - Events: the VM must call our trampolines, not the agent, so that the
 *   agent's callbacks get the checked env and are traced.  The agent's
 *   callbacks are kept in the jc_env and the VM gets a trampoline for each
 *   one the agent set, and only those (so the VM's own "is anyone
 *   listening" tests stay exact).
 * - SetEventNotificationMode: checks that need the event table.
 * - Deallocate: only memory JVMTI handed out goes to the VM; memory freed
 *   after the leak report is fine.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"
#include "jc_reach.h"
#include "jc_runtime.h"
#include "jc_shim.h"
#include "jvmticheck.h"

/* ---- capabilities --------------------------------------------------------------- */

void jc_hook_caps_changed(jc_env *ce)
{
    jvmtiCapabilities caps;

    memset(&caps, 0, sizeof caps);
    if (JC_SHIM_FN(ce->real, GetCapabilities)(ce->real, &caps) == JVMTI_ERROR_NONE)
        jc_env_set_caps(ce, &caps);
}

/* ---- event callbacks ---------------------------------------------------------------- */

/* jvmtiEventCallbacks is nothing but function pointers, one per event
 * number from JVMTI_MIN_EVENT_TYPE_VAL on, so it is handled slot by slot. */
typedef void (*jc_slot)(void);
enum { JC_NSLOTS = sizeof(jvmtiEventCallbacks) / sizeof(jc_slot) };
_Static_assert(sizeof(jvmtiEventCallbacks) % sizeof(jc_slot) == 0, "jvmtiEventCallbacks holds only pointers");

static jc_slot jc_slot_get(const jvmtiEventCallbacks *cb, int i)
{
    jc_slot f;

    memcpy(&f, (const char *)cb + i * sizeof f, sizeof f);
    return f;
}

static void jc_slot_set(jvmtiEventCallbacks *cb, int i, jc_slot f)
{
    memcpy((char *)cb + i * sizeof f, &f, sizeof f);
}

/* In front of the agent's VMStart and VMInit: the phase changes before the
 * agent's callback runs, whichever env the VM happens to tell first (the
 * private env of jc_shim.c is told after the agent's). */
static void JNICALL jc_phase_vm_start(jvmtiEnv *env, JNIEnv *jni)
{
    atomic_store(&jc_g.phase, JVMTI_PHASE_START);
    jc_event_trampolines.VMStart(env, jni);
}

static void JNICALL jc_phase_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    atomic_store(&jc_g.phase, JVMTI_PHASE_LIVE);
    jc_event_trampolines.VMInit(env, jni, thread);
}

/* The callbacks the VM gets in place of the agent's: a trampoline where
 * the agent has a callback, NULL elsewhere. */
static void jc_trampolines_for(const jvmtiEventCallbacks *agent, jvmtiEventCallbacks *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < JC_NSLOTS; i++)
        if (jc_slot_get(agent, i) != NULL)
            jc_slot_set(out, i, jc_slot_get(&jc_event_trampolines, i));
    if (agent->VMStart != NULL)
        out->VMStart = jc_phase_vm_start;
    if (agent->VMInit != NULL)
        out->VMInit = jc_phase_vm_init;
}

/* ce->agent_cb is read by trampolines on other threads while this runs, so
 * it changes one slot at a time (never through a cleared state) and before
 * the VM is told; trampolines skip a slot found NULL. */
static void jc_store_agent_callbacks(jc_env *ce, const jvmtiEventCallbacks *cb)
{
    for (int i = 0; i < JC_NSLOTS; i++)
        jc_slot_set(&ce->agent_cb, i, jc_slot_get(cb, i));
}

jvmtiError jc_hook_set_event_callbacks(jc_env *ce, const jvmtiEventCallbacks *cb, jint size)
{
    jvmtiEventCallbacks agent, old, ours;
    jvmtiError e;

    if (size < 0)   /* the VM's ILLEGAL_ARGUMENT; nothing changes */
        return (*ce->real)->SetEventCallbacks(ce->real, cb, size);

    /* An agent built against an older header passes a shorter struct; a
     * newer one a longer, whose extra events we cannot wrap. */
    memset(&agent, 0, sizeof agent);
    if (cb != NULL)
        memcpy(&agent, cb, (size_t)size < sizeof agent ? (size_t)size : sizeof agent);
    old = ce->agent_cb;
    jc_store_agent_callbacks(ce, &agent);

    jc_trampolines_for(&agent, &ours);
    e = (*ce->real)->SetEventCallbacks(ce->real, cb != NULL ? &ours : NULL,
                                       cb != NULL ? (jint)sizeof ours : size);
    if (e != JVMTI_ERROR_NONE)
        jc_store_agent_callbacks(ce, &old);
    return e;
}

/* ---- SetEventNotificationMode ----------------------------------------------------- */

jvmtiError jc_hook_check_event_mode(jc_env *ce, jvmtiEventMode mode, jvmtiEvent ev, jthread thread)
{
    const jc_event_info *info;
    jvmtiError strict = JVMTI_ERROR_NONE;

    /* A bad mode or event number is the generated enum checks' to report. */
    if (jc_g.opt.check == JC_CHECK_OFF || (mode != JVMTI_ENABLE && mode != JVMTI_DISABLE)
        || (int)ev < jc_event_min || (int)ev > jc_event_max)
        return JVMTI_ERROR_NONE;
    info = &jc_event_table[ev - jc_event_min];
    if (info->name == NULL)
        return JVMTI_ERROR_NONE;
    /* an event the VM's version lacks: no capability or thread can help */
    if (jc_event_absent((int)ev))
        return jc_g.opt.check == JC_CHECK_STRICT ? JVMTI_ERROR_INVALID_EVENT_TYPE : JVMTI_ERROR_NONE;

    /* Only enabling needs the capability: disabling is always harmless. */
    if (mode == JVMTI_ENABLE) {
        for (const int *c = info->caps; c != NULL && *c >= 0; c++) {
            if (jc_has_cap(ce, *c))
                continue;
            jc_violation(JC_CHK_event_capability, "SetEventNotificationMode", "event_type",
                         "enabling %s needs capability %s", info->name, jc_cap_names[*c]);
            strict = JVMTI_ERROR_MUST_POSSESS_CAPABILITY;
            break;
        }
    }
    /* The VM refuses a thread for global events in either mode. */
    if (thread != NULL && !info->thread_filtered) {
        jc_violation(JC_CHK_thread_filter, "SetEventNotificationMode", "event_thread",
                     "%s is a global event: it cannot be %s for one thread", info->name,
                     mode == JVMTI_ENABLE ? "enabled" : "disabled");
        if (strict == JVMTI_ERROR_NONE)
            strict = JVMTI_ERROR_ILLEGAL_ARGUMENT;
    }
    return jc_g.opt.check == JC_CHECK_STRICT ? strict : JVMTI_ERROR_NONE;
}

/* ---- DisposeEnvironment ------------------------------------------------------------ */

/* A disposed env's blocks stay valid, and any env may free them, so a
 * dispose reports nothing: what is never freed is a leak at the end. */

/* ---- Deallocate -------------------------------------------------------------------- */

bool jc_hook_deallocate(jc_env *ce, int num, const void *mem)
{
    static atomic_flag late_shown = ATOMIC_FLAG_INIT;
    const char *name = jc_fn_table[num].name;

    switch (jc_alloc_release(ce, mem)) {
    case JC_RELEASE_OK:
        return true;
    case JC_RELEASE_LATE:
        if (!atomic_flag_test_and_set(&late_shown))
            jc_note(JC_NOTE_late_deallocate, name, "mem",
                    "%p freed after the leak report, which counted it; accepted (later ones are only counted)",
                    mem);
        else
            atomic_fetch_add_explicit(&jc_note_counts[JC_NOTE_late_deallocate], 1, memory_order_relaxed);
        return true;
    case JC_RELEASE_UNKNOWN:
    default:
        if (jc_g.opt.check == JC_CHECK_OFF)     /* check=off refuses nothing */
            return true;
        jc_violation(JC_CHK_bad_deallocate, name, "mem",
                     "%p was not allocated by JVMTI or is already freed; not passed on", mem);
        return false;
    }
}

/* ---- public API ------------------------------------------------------------------ */
