/* jc_support.c — the out-of-line half of the generated wrappers' work:
 * reporting a violation, refusing a call (jc_errdoc.c judges the errors).
 * None of this runs on the hot path of a correct call. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_inline.h"
#include "jc_shim.h"
#include "jc_trace_phases.h"
#include "jc_version.h"
#include "jvmti_names.h"

/* More context for a message (issue 11): which phases a function is
 * allowed in, which callback a callback-unsafe call came from. */
static void jc_flag_context(enum jc_check_id id, int num, char *tail, size_t n)
{
    if (id == JC_CHK_phase) {
        size_t k = (size_t)snprintf(tail, n, " (allowed in:");
        for (size_t i = 0; i < JC_TRACE_NPHASES && k < n; i++)
            if (jc_fn_table[num].phases & JC_PHASE_BIT(jc_trace_phases[i].phase))
                k += (size_t)snprintf(tail + k, n - k, " %s", jc_trace_phases[i].word);
        if (k < n)
            snprintf(tail + k, n - k, ")");
    } else if (id == JC_CHK_callback_unsafe && jc_me()->restricted_in) {
        snprintf(tail, n, " (in the %s)", jc_me()->restricted_in);
    }
}

jvmtiError jc_flag(enum jc_check_id id, int num, const char *param, jvmtiError prescribed, jvmtiError bad,
                   const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof msg)
        jc_flag_context(id, num, msg + n, sizeof msg - (size_t)n);
    jc_violation(id, jc_fn_table[num].name, param, "%s", msg);
    return bad != JVMTI_ERROR_NONE ? bad : prescribed;
}

/* A refused call comes with the violation that refused it: a problem
 * whatever its error, traced under trace=problems too. */
bool jc_refused_traced(int num, jvmtiError err)
{
    jc_account(jc_me(), num, err, 0);
    unsigned t = jc_g.opt.trace;
    return t && jc_fn_selected[num]
           && ((t & JC_TRACE_CALLS) || (err != JVMTI_ERROR_NONE && (t & (JC_TRACE_ERRORS | JC_TRACE_PROBLEMS))));
}

void jc_refused_end(jc_rec *r, jvmtiError err)
{
    jc_rec_field_str(r, "refused", "not passed to the VM");
    jc_rec_error(r, err);
    jc_rec_end(r, jc_now_ns(), 0);
}

void jc_portability(jc_env *ce, int num)
{
    static _Atomic unsigned char noted[1024];   /* by slot; tables have ~160 */
    const jc_fn_info *fi = &jc_fn_table[num];
    if (num < 0 || num >= 1024 || atomic_exchange_explicit(&noted[num], 1, memory_order_relaxed))
        return;
    char since[16];
    jc_note(JC_NOTE_portability, fi->name, NULL,
            "%s is since %s, but the env asked GetEnv for 0x%x: fine on this VM, absent from older ones",
            fi->name, jc_version_text(fi->since, since, sizeof since), (unsigned)ce->version);
}

bool jc_phase_confirm(jc_env *ce, unsigned allowed)
{
    jvmtiPhase phase;
    if (JC_SHIM_FN(ce->real, GetPhase)(ce->real, &phase) != JVMTI_ERROR_NONE)
        return true;
    atomic_store_explicit(&jc_g.phase, (int)phase, memory_order_relaxed);
    return !(JC_PHASE_BIT(phase) & allowed);
}

const char *jc_phase_name(void)
{
    return jc_trace_phase_word((unsigned)atomic_load_explicit(&jc_g.phase, memory_order_relaxed));
}

void jc_rec_arg_caps(jc_rec *r, const char *name, const jvmtiCapabilities *caps)
{
    char buf[2048];
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; caps && i < jc_cap_count; i++) {
        if (!jvmti_capability_get(caps, i))
            continue;
        int k = snprintf(buf + n, sizeof buf - n, "%s%s", n ? "|" : "", jc_cap_names[i]);
        if (k < 0 || (size_t)k >= sizeof buf - n)
            break;
        n += (size_t)k;
    }
    jc_rec_arg_str(r, name, caps ? buf : NULL);
}

struct jc_start {
    jc_env *ce;
    jvmtiStartFunction proc;
    void *arg;
};

static void JNICALL start_trampoline(jvmtiEnv *real, JNIEnv *jni, void *arg)
{
    struct jc_start st = *(struct jc_start *)arg;
    (void)real;
    free(arg);
    st.proc((jvmtiEnv *)st.ce, jni, st.arg);
    jc_ref_set(JC_REF_ARG, (uintptr_t)st.arg, 0);  /* no longer held by the thread */
}

jvmtiError jc_hook_run_agent_thread(jc_env *ce, jthread thread, jvmtiStartFunction proc, const void *arg,
                                    jint priority)
{
    if (proc == NULL)   /* let the VM give its own answer */
        return (*ce->real)->RunAgentThread(ce->real, thread, proc, arg, priority);
    struct jc_start *st = malloc(sizeof *st);
    if (!st)
        return JVMTI_ERROR_OUT_OF_MEMORY;
    st->ce = ce;
    st->proc = proc;
    st->arg = (void *)(size_t)arg;  /* the VM passes it back as void * */
    /* the thread holds arg while proc runs (a root of the leak report) */
    jc_ref_set(JC_REF_ARG, 0, (uintptr_t)arg);
    jvmtiError err = (*ce->real)->RunAgentThread(ce->real, thread, start_trampoline, st, priority);
    if (err != JVMTI_ERROR_NONE) {
        jc_ref_set(JC_REF_ARG, (uintptr_t)arg, 0);
        free(st);
    }
    return err;
}
