/* jc_vm.c — the running VM as the shim sees it: its JVMTI version, which
 * functions its table really holds, and calls through slots our spec does
 * not know.
 *
 * One libjvmticheck, generated from the newest spec, runs on every HotSpot
 * from 8 on.  So the wrapper must never jump to a function the VM lacks:
 * an agent built against a newer jvmti.h calls SuspendAllVirtualThreads
 * on JDK 17, whose slot 118 is NULL.  jc_vm_learn, run once with the first
 * real env, reads GetVersionNumber and the VM's table and marks a slot
 * absent when its function is newer (`since`) than the VM, or when the VM's
 * slot is NULL.  The generated wrapper tests jc_fn_absent[slot] first (one
 * load, one compare) and an absent function goes to jc_absent: a `version`
 * violation and JC_ERROR_ABSENT, the call never made.
 *
 * The reverse, a VM newer than our spec: a slot our spec leaves reserved
 * may hold a function there.  The generated table points every reserved
 * slot at a small forwarder that lands in jc_unknown_slot, which calls the
 * VM's own entry with the real env and the arguments as they came, and
 * traces the call as "slotN".  It cannot know the signature, so it relies
 * on the platform's calling convention (SysV x86-64, AArch64): integer and
 * pointer arguments in order in registers, then on the stack, which we pass
 * on as seven words after env (no JVMTI function has more than five after
 * env); floating-point arguments in their own registers, which nothing
 * between the agent's call and the VM's touches (no floating-point code,
 * no call, before the forwarding call).  The VM's table is only read up to
 * the last slot it is known to have, so an older VM's shorter table is
 * never read past its end, nor any VM's past the spec's last slot: an
 * agent built against a newer header may call slots after it, and each
 * env has JC_TABLE_EXTRA more whose forwarders refuse the call (`version`,
 * JC_ERROR_ABSENT) instead of jumping to whatever follows the table.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* strdup, O_CLOEXEC under -std=c11 */
#endif
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "jc_inline.h"
#include "jc_jvmti.h"
#include "jc_shim.h"
#include "jc_version.h"

static int vm_slot_limit;       /* the VM's table holds slots 1..this */


/* The running VM's JDK by its JVMTI version (JDK 9 and later share their
 * major; 1.x is JDK 8 or older, taken as 8).  For facts that hold on some
 * JDKs only (gen/model/vm_errors.c): a bound of 0 is open; false before
 * the VM is known. */
bool jc_vm_jdk_in(int from, int to)
{
    jint v = jc_vm_version();
    if (v == 0)
        return false;
    int jdk = jc_version_jdk(v);
    return (from == 0 || jdk >= from) && (to == 0 || jdk <= to);
}

static void *vm_slot(jvmtiEnv *real, int slot)
{
    void *const *table = (void *const *)(const void *)*real;
    return slot >= 1 && slot <= vm_slot_limit ? table[slot - 1] : NULL;
}

/* A call the options time or trace whatever its result, or to a function
 * the VM lacks, needs the full wrapper; the rest may take the fast path,
 * in the call slot when anything is traced (as jc_call_enter decides).
 * Written before the envs that could call exist (jc_init, jc_vm_learn
 * under its lock). */
void jc_fn_paths_update(void)
{
    const unsigned t = jc_g.opt.trace;
    for (int slot = 1; slot <= jc_fn_max; slot++) {
        enum jc_path p = JC_PATH_FAST;
        if (jc_fn_absent[slot] || jc_g.opt.summary)
            p = JC_PATH_FULL;
        else if (t && jc_fn_selected[slot])
            p = (t & JC_TRACE_CALLS) ? JC_PATH_FULL : JC_PATH_SLOT;
        jc_fn_path[slot] = (unsigned char)p;
    }
}

void jc_vm_learn(jvmtiEnv *real)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static bool learned;
    jint v = 0;

    pthread_mutex_lock(&lock);
    if (learned || real == NULL) {
        pthread_mutex_unlock(&lock);
        return;
    }
    if (JC_SHIM_FN(real, GetVersionNumber)(real, &v) != JVMTI_ERROR_NONE || v == 0)
        v = jc_spec_version;    /* cannot tell: trust the spec */

    /* The table is known to reach the last slot of a function the VM's
     * version has; a VM as new as our spec or newer has all of ours. */
    int limit = 0;
    for (int slot = 1; slot <= jc_fn_max; slot++)
        if (jc_fn_table[slot].name && (unsigned)jc_fn_table[slot].since <= (unsigned)jc_version_mm(v))
            limit = slot;
    if (jc_version_mm(v) >= jc_version_mm(jc_spec_version))
        limit = jc_fn_max;
    vm_slot_limit = limit;

    for (int slot = 1; slot <= jc_fn_max; slot++) {
        const jc_fn_info *fi = &jc_fn_table[slot];
        if (fi->name)
            jc_fn_absent[slot] = (unsigned)fi->since > (unsigned)jc_version_mm(v) || vm_slot(real, slot) == NULL;
    }
    jc_fn_paths_update();
    jc_vm_version_set(v);
    learned = true;
    pthread_mutex_unlock(&lock);
    jc_header_write(real, v);

    if (jc_version_mm(v) > jc_version_mm(jc_spec_version)) {
        char vm[16], spec[16];
        jc_version_text(v, vm, sizeof vm);
        jc_version_text(jc_spec_version, spec, sizeof spec);
        jc_note(JC_NOTE_vm_newer, "GetVersionNumber", NULL,
                "the VM's JVMTI version %s is newer than the spec the shim was built from (%s): what that spec "
                "does not know is passed to the VM unchecked",
                vm, spec);
    }
}

jvmtiError jc_absent(int num)
{
    const jc_fn_info *fi = &jc_fn_table[num];
    if (jc_g.opt.check != JC_CHECK_OFF) {
        char vm[16], since[16];
        jc_version_text(jc_vm_version(), vm, sizeof vm);
        jc_version_text(fi->since, since, sizeof since);
        if ((unsigned)fi->since > (unsigned)jc_version_mm(jc_vm_version()))
            jc_violation(JC_CHK_version, fi->name, NULL,
                         "the VM (JVMTI %s) does not have %s, which is since %s; not passed to the VM", vm, fi->name,
                         since);
        else
            jc_violation(JC_CHK_version, fi->name, NULL,
                         "the VM (JVMTI %s) has no entry for %s in its function table; not passed to the VM", vm,
                         fi->name);
    }
    return JC_ERROR_ABSENT;     /* the wrapper's r_<Function> traces the refusal */
}

/* A VM newer than our spec may have events our spec leaves out (after its
 * last one, or in a gap): the VM's own, which that spec cannot judge;
 * passed on unchecked, as the vm_newer note says. */
bool jc_vm_newer_event(int num)
{
    jint v = jc_vm_version();

    if (v == 0 || (unsigned)jc_version_mm(v) <= (unsigned)jc_version_mm(jc_spec_version))
        return false;
    return num > jc_event_max || (num >= jc_event_min && !jc_event_table[num - jc_event_min].name);
}

/* An event newer than the VM (its `since`): the VM does not know its
 * number and answers SetEventNotificationMode with INVALID_EVENT_TYPE, in
 * either mode; what the agent needs to hear is that (a `version`
 * violation), not the capability the event would need on a newer VM,
 * which this VM cannot grant either. */
bool jc_event_absent(int ev)
{
    jint vm = jc_vm_version();
    if (ev < jc_event_min || ev > jc_event_max)
        return false;
    const jc_event_info *info = &jc_event_table[ev - jc_event_min];
    if (!info->name || vm == 0 || (unsigned)info->since <= (unsigned)jc_version_mm(vm))
        return false;
    char vmv[16], since[16];
    jc_version_text(vm, vmv, sizeof vmv);
    jc_version_text(info->since, since, sizeof since);
    jc_violation(JC_CHK_version, "SetEventNotificationMode", "event_type",
                 "the VM's JVMTI %s lacks the event %s (%d), which is since %s: the VM knows no such event "
                 "(JVMTI_ERROR_INVALID_EVENT_TYPE)",
                 vmv, info->name, ev, since);
    return true;
}

typedef jvmtiError (JNICALL *jc_passed_fn)(jvmtiEnv *, void *, void *, void *, void *, void *, void *, void *);

static void trace_unknown(int slot, jvmtiError err, bool refused)
{
    char name[24];
    unsigned t = jc_g.opt.trace;
    snprintf(name, sizeof name, "slot%d", slot);
    if (!((t & JC_TRACE_CALLS) || (err != JVMTI_ERROR_NONE && (refused || jc_failure_traced(t, 0, err))))
        || !jc_options_selects(&jc_g.opt, name))
        return;
    jc_rec *r = jc_rec_begin(JC_REC_CALL, name);
    if (refused)
        jc_rec_field_str(r, "refused", "not passed to the VM");
    jc_rec_error(r, err);
    jc_rec_end(r, jc_now_ns(), 0);
}

jvmtiError jc_unknown_slot(jvmtiEnv *env, int slot, void *a1, void *a2, void *a3, void *a4, void *a5, void *a6,
                           void *a7)
{
    jc_env *ce = jc_env_of(env);
    void *p = vm_slot(ce->real, slot);
    jvmtiError err;

    if (p == NULL) {
        char name[24];
        snprintf(name, sizeof name, "slot%d", slot);
        if (jc_g.opt.check != JC_CHECK_OFF && slot > jc_fn_max)
            jc_violation(JC_CHK_version, name, NULL,
                         "slot %d is past the last one of the shim's spec (%d); not passed to the VM", slot,
                         jc_fn_max);
        else if (jc_g.opt.check != JC_CHECK_OFF)
            jc_violation(JC_CHK_version, name, NULL,
                         "neither the shim's spec nor the VM has a function in slot %d; not passed to the VM", slot);
        err = JC_ERROR_ABSENT;
        if (slot <= jc_fn_max)      /* the statistics end with the spec's table */
            jc_account(jc_me(), slot, err, 0);
        trace_unknown(slot, err, true);
        return err;
    }
    jc_passed_fn fn;
    memcpy(&fn, &p, sizeof fn);
    err = fn(ce->real, a1, a2, a3, a4, a5, a6, a7);
    if (slot <= jc_fn_max)
        jc_account(jc_me(), slot, err, 0);
    trace_unknown(slot, err, false);
    return err;
}
