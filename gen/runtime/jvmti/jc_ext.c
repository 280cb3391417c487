/* jc_ext.c — what the spec only frames and the VM fills in: extension
 * functions and events, and agents that patch their env's function table.
 *
 * - Extension functions (HotSpot's GetCarrierThread, IsClassUnloadingEnabled,
 *   ...) take the VM's own env.  GetExtensionFunctions hands the agent, in
 *   place of each function, a trampoline from a fixed pool that puts the
 *   real env in and passes the rest on (the same calling-convention
 *   reasoning as jc_unknown_slot, jc_vm.c; the VM's functions are
 *   variadic, so they are called through a variadic pointer), and traces
 *   the call under the function's id.
 * - Extension events: an extension event number given to
 *   SetEventNotificationMode is accepted where the VM lists it
 *   (GetExtensionEvents, asked once, on the slow path) and noted
 *   (extension_event), not reported.  SetExtensionEventCallback gets a
 *   trampoline that hands the agent's callback the checked env.
 * - Table patches: each env's table is its own and writable (async-profiler
 *   writes hooks into it, as into HotSpot's).  A slot found changed is
 *   noted once (table_patch); looking costs a compare per slot, and is done
 *   only at DisposeEnvironment and at the end.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* strdup, O_CLOEXEC under -std=c11 */
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_inline.h"
#include "jc_jvmti.h"
#include "jc_shim.h"

/* ---- extension functions ---------------------------------------------------- */

#define JC_EXT_POOL 32

typedef jvmtiError (JNICALL *jc_ext_fn)(jvmtiEnv *, ...);

static pthread_mutex_t ext_lock = PTHREAD_MUTEX_INITIALIZER;
static jvmtiExtensionFunction ext_real[JC_EXT_POOL];
static char *ext_id[JC_EXT_POOL];
static int ext_used;

static jvmtiError jc_ext_call(jvmtiEnv *env, int i, void *a1, void *a2, void *a3, void *a4, void *a5, void *a6,
                              void *a7)
{
    jvmtiEnv *real = jc_is_checked(env) ? jc_env_of(env)->real : env;
    jc_ext_fn fn;
    jvmtiExtensionFunction p = ext_real[i];
    memcpy(&fn, &p, sizeof fn);
    jvmtiError err = fn(real, a1, a2, a3, a4, a5, a6, a7);
    unsigned t = jc_g.opt.trace;
    const char *name = ext_id[i] ? ext_id[i] : "extension";
    if (((t & JC_TRACE_CALLS) || (err != JVMTI_ERROR_NONE && jc_failure_traced(t, 0, err)))
        && jc_options_selects(&jc_g.opt, name)) {
        jc_rec *r = jc_rec_begin(JC_REC_CALL, name);
        jc_rec_error(r, err);
        jc_rec_end(r, jc_now_ns(), 0);
    }
    return err;
}

#define JC_EXT_TRAMP(i) \
    static jvmtiError JNICALL ext_tramp_##i(jvmtiEnv *env, void *a1, void *a2, void *a3, void *a4, void *a5, \
                                           void *a6, void *a7) \
    { \
        return jc_ext_call(env, i, a1, a2, a3, a4, a5, a6, a7); \
    }
#define JC_EXT_8(X, b) X(b##0) X(b##1) X(b##2) X(b##3) X(b##4) X(b##5) X(b##6) X(b##7)
JC_EXT_8(JC_EXT_TRAMP, 0)
JC_EXT_8(JC_EXT_TRAMP, 1)
JC_EXT_8(JC_EXT_TRAMP, 2)
JC_EXT_8(JC_EXT_TRAMP, 3)
#define JC_EXT_NAME(i) ext_tramp_##i,
typedef jvmtiError (JNICALL *jc_ext_tramp)(jvmtiEnv *, void *, void *, void *, void *, void *, void *, void *);
static const jc_ext_tramp ext_tramps[JC_EXT_POOL] = {
    JC_EXT_8(JC_EXT_NAME, 0) JC_EXT_8(JC_EXT_NAME, 1) JC_EXT_8(JC_EXT_NAME, 2) JC_EXT_8(JC_EXT_NAME, 3)
};

/* The trampoline for fn (id names it in traces); fn itself when the pool
 * is full: it then gets our env, which is what the VM would misread, so
 * the pool is larger than any VM's list (HotSpot 25 has 7). */
static jvmtiExtensionFunction ext_trampoline(jvmtiExtensionFunction fn, const char *id)
{
    int i;
    jvmtiExtensionFunction out = fn;
    pthread_mutex_lock(&ext_lock);
    for (i = 0; i < ext_used && ext_real[i] != fn; i++)
        ;
    if (i == ext_used && ext_used < JC_EXT_POOL) {
        ext_real[i] = fn;
        ext_id[i] = id ? strdup(id) : NULL;
        ext_used++;
    }
    if (i < ext_used)
        memcpy(&out, &ext_tramps[i], sizeof out);
    pthread_mutex_unlock(&ext_lock);
    return out;
}

void jc_hook_extension_functions(jc_env *ce, jint count, jvmtiExtensionFunctionInfo *infos)
{
    (void)ce;
    for (jint k = 0; infos != NULL && k < count; k++)
        if (infos[k].func != NULL)
            infos[k].func = ext_trampoline(infos[k].func, infos[k].id);
}

/* ---- extension events ---------------------------------------------------------- */

#define JC_EXT_EVENTS 64
static struct {
    int index;
    char *id;
    bool noted;
} ext_events[JC_EXT_EVENTS];
static int ext_nevents = -1;    /* -1: not asked yet */

/* Asks the VM once, through the real env, which extension events it has. */
static void learn_extension_events(jvmtiEnv *real)
{
    jint n = 0;
    jvmtiExtensionEventInfo *infos = NULL;
    ext_nevents = 0;
    if (JC_SHIM_FN(real, GetExtensionEvents)(real, &n, &infos) != JVMTI_ERROR_NONE || infos == NULL)
        return;
    for (jint k = 0; k < n; k++) {
        if (ext_nevents < JC_EXT_EVENTS) {
            ext_events[ext_nevents].index = infos[k].extension_event_index;
            ext_events[ext_nevents].id = infos[k].id ? strdup(infos[k].id) : NULL;
            ext_nevents++;
        }
        for (jint j = 0; j < infos[k].param_count && infos[k].params; j++)
            JC_SHIM_FN(real, Deallocate)(real, (unsigned char *)infos[k].params[j].name);
        JC_SHIM_FN(real, Deallocate)(real, (unsigned char *)infos[k].params);
        JC_SHIM_FN(real, Deallocate)(real, (unsigned char *)infos[k].id);
        JC_SHIM_FN(real, Deallocate)(real, (unsigned char *)infos[k].short_description);
    }
    JC_SHIM_FN(real, Deallocate)(real, (unsigned char *)infos);
}

bool jc_extension_event(jc_env *ce, int num, const char *fn)
{
    bool found = false, note = false;
    const char *id = NULL;
    /* (not an extension event, but as unknown to our spec: a newer VM's) */
    if (jc_vm_newer_event(num))
        return true;
    pthread_mutex_lock(&ext_lock);
    if (ext_nevents < 0)
        learn_extension_events(ce->real);
    for (int k = 0; k < ext_nevents; k++)
        if (ext_events[k].index == num) {
            found = true;
            note = !ext_events[k].noted;
            ext_events[k].noted = true;
            id = ext_events[k].id;
            break;
        }
    pthread_mutex_unlock(&ext_lock);
    if (note)
        jc_note(JC_NOTE_extension_event, fn, "event_type",
                "%d is no event of the spec but this VM's extension event %s: accepted, as the VM accepts it "
                "(other VMs may not)",
                num, id ? id : "?");
    return found;
}

/* The agent's extension event callbacks, per env, for the extension event
 * numbers just below the spec's first event (HotSpot's are there). */
#define JC_EXT_EV_SLOTS 8
static void jc_ext_event_dispatch(int k, jvmtiEnv *real, void *a1, void *a2, void *a3, void *a4, void *a5,
                                  void *a6, void *a7)
{
    jc_env *ce = jc_env_find(real);
    if (ce == NULL || ce->ext_cb[k] == NULL)
        return;
    jvmtiExtensionEvent cb = ce->ext_cb[k];
    void (JNICALL *fn)(jvmtiEnv *, ...);
    memcpy(&fn, &cb, sizeof fn);
    fn((jvmtiEnv *)ce, a1, a2, a3, a4, a5, a6, a7);
}

#define JC_EXT_EV_TRAMP(k) \
    static void JNICALL ext_ev_tramp_##k(jvmtiEnv *real, void *a1, void *a2, void *a3, void *a4, void *a5, \
                                         void *a6, void *a7) \
    { \
        jc_ext_event_dispatch(k, real, a1, a2, a3, a4, a5, a6, a7); \
    }
JC_EXT_8(JC_EXT_EV_TRAMP, )
#define JC_EXT_EV_NAME(k) ext_ev_tramp_##k,
typedef void (JNICALL *jc_ext_ev_tramp)(jvmtiEnv *, void *, void *, void *, void *, void *, void *, void *);
static const jc_ext_ev_tramp ext_ev_tramps[JC_EXT_EV_SLOTS] = { JC_EXT_8(JC_EXT_EV_NAME, ) };

jvmtiError jc_hook_set_extension_event_callback(jc_env *ce, jint index, jvmtiExtensionEvent callback)
{
    int k = jc_event_min - 1 - (int)index;
    if (k < 0 || k >= JC_EXT_EV_SLOTS)      /* not where we can wrap: as it is */
        return (*ce->real)->SetExtensionEventCallback(ce->real, index, callback);
    jvmtiExtensionEvent old = ce->ext_cb[k], ours = NULL;
    ce->ext_cb[k] = callback;
    if (callback != NULL)
        memcpy(&ours, &ext_ev_tramps[k], sizeof ours);
    jvmtiError err = (*ce->real)->SetExtensionEventCallback(ce->real, index, ours);
    if (err != JVMTI_ERROR_NONE)
        ce->ext_cb[k] = old;
    return err;
}

/* ---- table patches ---------------------------------------------------------------- */

void jc_env_check_table(jc_env *ce, const struct jvmtiInterface_1_ *expected)
{
    void *const *now = (void *const *)(const void *)&ce->table;
    void *const *want = (void *const *)(const void *)expected;
    for (int slot = 1; slot <= jc_fn_max && slot <= 64 * JC_PATCH_WORDS; slot++) {
        uint64_t bit = (uint64_t)1 << ((slot - 1) & 63);
        if (now[slot - 1] == want[slot - 1] || (ce->patch_noted[(slot - 1) >> 6] & bit))
            continue;
        ce->patch_noted[(slot - 1) >> 6] |= bit;
        char name[24];
        const char *fn = jc_fn_table[slot].name;
        if (fn == NULL)
            snprintf(name, sizeof name, "slot%d", slot), fn = name;
        jc_note(JC_NOTE_table_patch, fn, NULL,
                "the agent put %p into its env's table in place of %s (slot %d): its hook is called; "
                "what it calls through is checked",
                now[slot - 1], fn, slot);
    }
}

/* DisposeEnvironment, before the real call: patches of ce's table. */
void jc_hook_dispose(jc_env *ce)
{
    jc_env_check_table(ce, jc_env_template());
}
