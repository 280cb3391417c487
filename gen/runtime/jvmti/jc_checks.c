/* jc_checks.c — the JVMTI tool's checks and notes: their names and counts
 * (data the summary and the verdict read), and the two calls the checks
 * make, jc_violation and jc_note.  A violation's way to the trace is
 * common/jc_report.c's; what is counted here is JVMTI's alone.
 * Counters are relaxed atomics: they are statistics, read at the end.
 */
#include <stdarg.h>
#include <stdio.h>

#include "jc_jvmti.h"

const char *const jc_check_names[JC_CHK_COUNT] = {
#define JC_NAME_ID(id) #id,
    JC_CHECK_IDS(JC_NAME_ID)
#undef JC_NAME_ID
};
_Atomic uint64_t jc_check_counts[JC_CHK_COUNT];

const char *const jc_note_names[JC_NOTE_COUNT] = {
#define JC_NAME_NOTE(id) #id,
    JC_NOTE_IDS(JC_NAME_NOTE)
#undef JC_NAME_NOTE
};
_Atomic uint64_t jc_note_counts[JC_NOTE_COUNT];

/* Counted unless a suppression takes it; the rest is jc_report.c's. */
void jc_violation(enum jc_check_id id, const char *fn, const char *param, const char *fmt, ...)
{
    if ((unsigned)id >= JC_CHK_COUNT)
        return;
    va_list ap;
    va_start(ap, fmt);
    bool reported = jc_report_violation(jc_check_names[id], fn, param, fmt, ap);
    va_end(ap);
    if (reported)
        atomic_fetch_add_explicit(&jc_check_counts[id], 1, memory_order_relaxed);
}

void jc_note(enum jc_note_id id, const char *fn, const char *param, const char *fmt, ...)
{
    if ((unsigned)id >= JC_NOTE_COUNT)
        return;
    atomic_fetch_add_explicit(&jc_note_counts[id], 1, memory_order_relaxed);
    if (!jc_g.active || jc_g.opt.trace == 0 || (id == JC_NOTE_portability && !jc_g.opt.portability)
        || (fn && !jc_options_selects(&jc_g.opt, fn)))
        return;
    char msg[512] = "";
    va_list ap;
    va_start(ap, fmt);
    if (fmt)
        vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    jc_rec *r = jc_rec_begin_labelled(id == JC_NOTE_vm_newer ? JC_REC_WARNING : JC_REC_NOTE, jc_note_names[id], fn);
    if (param)
        jc_rec_field_str(r, "param", param);
    jc_rec_field_str(r, "message", msg);
    jc_rec_end(r, jc_now_ns(), 0);
}


/* For the verdict (jc_iface_jvmti): violations, leaks apart ... */
uint64_t jc_checks_violations(void)
{
    uint64_t n = 0;
    for (int id = 0; id < JC_CHK_COUNT; id++)
        if (id != JC_CHK_leak)
            n += atomic_load_explicit(&jc_check_counts[id], memory_order_relaxed);
    return n;
}

/* ... and notes shown: all but the portability notes portability=off hides. */
uint64_t jc_checks_notes(void)
{
    uint64_t n = 0;
    for (int id = 0; id < JC_NOTE_COUNT; id++)
        if (id != JC_NOTE_portability || jc_g.opt.portability)
            n += atomic_load_explicit(&jc_note_counts[id], memory_order_relaxed);
    return n;
}

void jc_checks_reset(void)
{
    for (int id = 0; id < JC_CHK_COUNT; id++)
        atomic_store(&jc_check_counts[id], 0);
    for (int id = 0; id < JC_NOTE_COUNT; id++)
        atomic_store(&jc_note_counts[id], 0);
}
