/* jc_inline.h — the small decisions every generated wrapper makes on its hot
 * path, inline so that check=on,trace=none costs a few loads and compares.
 * The slow parts (reporting, formatting) are calls into jc_support.c. */
#ifndef JVMTICHECK_INLINE_H
#define JVMTICHECK_INLINE_H

#include "jc_runtime.h"

/* Time calls only when someone will read the figure. */
static inline bool jc_timing(void)
{
    /* format=bin times its records itself (jc_bin.c) */
    return jc_g.opt.summary || ((jc_g.opt.trace & JC_TRACE_CALLS) && jc_g.opt.format != JC_FMT_BIN);
}

/* JVMTI memory is tracked when leaks are reported or Deallocate checked. */
static inline bool jc_tracking(void)
{
    return jc_g.opt.leaks || jc_g.opt.check != JC_CHECK_OFF;
}

/* Calls checked, for the verdict (jc_verdict.c): a per-thread counter,
 * registered on the thread's first call.  Only this thread writes it; the
 * verdict reads it, hence the relaxed atomic load and store (no lock
 * prefix on the hot path). */
void jc_calls_register(jc_thread *me);
static inline void jc_count_registered(jc_thread *me)
{
    atomic_store_explicit(&me->calls, atomic_load_explicit(&me->calls, memory_order_relaxed) + 1,
                          memory_order_relaxed);
}
static inline void jc_count_call(jc_thread *me)
{
    if (__builtin_expect(!me->calls_registered, 0))
        jc_calls_register(me);
    jc_count_registered(me);
}

/* err, returned by function num, is one the spec documents for it as an
 * expected outcome (CLASS_NOT_PREPARED of GetClassMethods, THREAD_NOT_ALIVE,
 * ABSENT_INFORMATION, ...), not a misuse (jc_errdoc.c).  false for num 0
 * or past the table (extension functions, slots our spec does not know). */
bool jc_error_expected(int num, jvmtiError err);

/* A failed call (err not NONE) of num is traced: every one under
 * trace=errors; under trace=problems (the default) those whose error is
 * no expected outcome. */
static inline bool jc_failure_traced(unsigned t, int num, jvmtiError err)
{
    return (t & JC_TRACE_ERRORS) || ((t & JC_TRACE_PROBLEMS) && !jc_error_expected(num, err));
}

static inline void jc_account(jc_thread *me, int num, jvmtiError err, uint64_t dur)
{
    jc_count_call(me);
    if (!jc_g.opt.summary)
        return;
    jc_fn_stats *st = &jc_fn_stats_table[num];
    atomic_fetch_add_explicit(&st->calls, 1, memory_order_relaxed);
    if (err != JVMTI_ERROR_NONE) {
        atomic_fetch_add_explicit(&st->errors, 1, memory_order_relaxed);
        if (jc_error_expected(num, err))
            atomic_fetch_add_explicit(&st->expected, 1, memory_order_relaxed);
    }
    atomic_fetch_add_explicit(&st->total_ns, dur, memory_order_relaxed);
}

static inline bool jc_traced(int num, jvmtiError err)
{
    unsigned t = jc_g.opt.trace;
    if (!t || !jc_fn_selected[num])
        return false;
    if (t & JC_TRACE_CALLS)
        return true;
    return err != JVMTI_ERROR_NONE && jc_failure_traced(t, num, err);
}

/* Before the real call: this thread is in call num (returns the number to
 * put back after it, -1 when not tracing).  A store, no formatting. */
static inline int jc_call_enter(jc_thread *me, int num)
{
    if (!jc_g.opt.trace || !jc_fn_selected[num])
        return -1;
    jc_call_slot *s = me->call;
    if (!s && !(s = jc_call_slot_new()))
        return -1;
    int prev = atomic_load_explicit(&s->fn, memory_order_relaxed);
    atomic_store_explicit(&s->fn, num, memory_order_release);
    if (jc_bin_active)
        jc_bin_enter(me, num);
    return prev;
}

static inline void jc_call_leave(jc_thread *me, int num, int prev, jvmtiError err)
{
    jc_call_slot *s;
    if (prev >= 0 && (s = me->call) != NULL) {
        atomic_store_explicit(&s->fn, prev, memory_order_release);
        if (jc_bin_active)
            jc_bin_leave(me, num, err);
    }
}

/* Report a violation of check id by the call in slot num and fold its
 * prescribed error into bad (the first one wins). */
jvmtiError jc_flag(enum jc_check_id id, int num, const char *param, jvmtiError prescribed, jvmtiError bad,
                   const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* The running VM's JDK is from..to (0: no bound): the error strict
 * returns where HotSpot's answer differs by JDK (gen/model/vm_errors.c). */
bool jc_vm_jdk_in(int from, int to);
/* A call strict mode (or a hook, or jc_absent) refuses: the generated
 * r_<Function> accounts it (jc_refused_traced, true when it is to be
 * traced), writes its inputs and ends the record (jc_refused_end). */
bool jc_refused_traced(int num, jvmtiError err);
void jc_refused_end(jc_rec *r, jvmtiError err);
/* undocumented_error: err is neither universal nor documented for num. */
void jc_check_documented(int num, jvmtiError err);
/* portability: the env asked GetEnv for a version older than num's
 * `since`; a note, once per function. */
void jc_portability(jc_env *ce, int num);
/* virtual_thread: t is known to be a virtual thread (jc_vthreads.c). */
bool jc_vthread_is(jthread t);
/* virtual_thread_unsupported: num returned the error its spec gives when
 * the VM does not support a virtual thread there; t NULL: the current
 * thread.  A note when the thread is virtual, once per function. */
void jc_vthread_unsupported(int num, jthread t);
/* The phase we follow says a call is not allowed (allowed: a mask of
 * JC_PHASE_BIT); ask the VM's GetPhase, which is the truth, and follow it.
 * True when the VM's phase does not allow the call either. */
bool jc_phase_confirm(jc_env *ce, unsigned allowed);
/* The current phase's name, for messages. */
const char *jc_phase_name(void);
/* RunAgentThread: start proc through a trampoline that hands it the checked
 * env instead of the real one, so the agent thread's calls are checked. */
jvmtiError jc_hook_run_agent_thread(jc_env *ce, jthread thread, jvmtiStartFunction proc, const void *arg,
                                    jint priority);
/* A jvmtiCapabilities as the list of capability names it holds. */
void jc_rec_arg_caps(jc_rec *r, const char *name, const jvmtiCapabilities *caps);

#endif
