/* jc_summary.c — the end of a JVMTI run: the summary records (summary=on:
 * per function, event, check and note), the leak report (leaks=on), the
 * contexts shown fewer times than they occurred, and the verdict line
 * (common/jc_verdict.c), once; or, for a load that failed, its verdict
 * alone (jc_report_abandon).
 *
 * jc_report_summary runs once (an atomic flag): VMDeath, Agent_OnUnload
 * and DisposeEnvironment may all ask for it.  Leaks are reported first so
 * the leak check's count is in the summary.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"
#include "jc_jvmti.h"

static atomic_flag summary_done = ATOMIC_FLAG_INIT;

static uint64_t load(_Atomic uint64_t *v) { return atomic_load_explicit(v, memory_order_relaxed); }

/* A row of the function table: the agent's calls and the shim's own,
 * apart; rows by the agent's count, largest first, then by the shim's,
 * then by slot. */
typedef struct fn_row {
    int slot;
    uint64_t calls, errors, total, shim;
    uint64_t expected;          /* of errors, expected outcomes (not shown under trace=problems) */
} fn_row;

static int fn_row_cmp(const void *a, const void *b)
{
    const fn_row *x = a, *y = b;
    if (x->calls != y->calls)
        return x->calls < y->calls ? 1 : -1;
    if (x->shim != y->shim)
        return x->shim < y->shim ? 1 : -1;
    return x->slot - y->slot;
}

static void summarize_functions(uint64_t now)
{
    fn_row *rows = calloc((size_t)jc_fn_max + 1, sizeof *rows);
    size_t n = 0;
    if (!rows)
        return;
    for (int slot = 0; slot <= jc_fn_max; slot++) {
        jc_fn_stats *s = &jc_fn_stats_table[slot];
        fn_row row = { slot, load(&s->calls), load(&s->errors), load(&s->total_ns), load(&s->shim_calls),
                       load(&s->expected) };
        if (row.calls || row.shim)
            rows[n++] = row;
    }
    qsort(rows, n, sizeof *rows, fn_row_cmp);
    for (size_t i = 0; i < n; i++) {
        const fn_row *row = &rows[i];
        char unknown[24];
        const char *name = jc_fn_table[row->slot].name;
        if (name == NULL)
            snprintf(unknown, sizeof unknown, "slot%d", row->slot), name = unknown;
        jc_rec *r = jc_rec_begin(JC_REC_SUMMARY, name);
        jc_rec_field_str(r, "type", "function");
        jc_rec_field_int(r, "calls", (long long)row->calls);
        jc_rec_field_int(r, "errors", (long long)row->errors);
        jc_rec_field_int(r, "expected_errors", (long long)row->expected);
        jc_rec_field_int(r, "total_ns", (long long)row->total);
        jc_rec_field_int(r, "mean_ns", row->calls ? (long long)(row->total / row->calls) : 0);
        jc_rec_field_int(r, "shim_calls", (long long)row->shim);
        jc_rec_end(r, now, 0);
    }
    free(rows);
}

typedef struct count_row {
    const char *name;
    uint64_t count;
} count_row;

static int count_row_cmp(const void *a, const void *b)
{
    const count_row *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return strcmp(x->name, y->name);
}

/* Summary records of one type, largest count first. */
static void summarize_counts(count_row *rows, size_t n, const char *type, uint64_t now)
{
    qsort(rows, n, sizeof *rows, count_row_cmp);
    for (size_t i = 0; i < n; i++) {
        jc_rec *r = jc_rec_begin(JC_REC_SUMMARY, rows[i].name);
        jc_rec_field_str(r, "type", type);
        jc_rec_field_int(r, "count", (long long)rows[i].count);
        jc_rec_end(r, now, 0);
    }
}

static void summarize_events(uint64_t now)
{
    count_row *rows = calloc((size_t)(jc_event_max - jc_event_min + 1), sizeof *rows);
    size_t n = 0;
    if (!rows)
        return;
    for (int num = jc_event_min; num <= jc_event_max; num++) {
        uint64_t c = load(&jc_event_counts[num - jc_event_min]);
        if (c > 0 && jc_event_table[num - jc_event_min].name)
            rows[n++] = (count_row){ jc_event_table[num - jc_event_min].name, c };
    }
    summarize_counts(rows, n, "event", now);
    free(rows);
}

static void summarize_checks(uint64_t now)
{
    count_row checks[JC_CHK_COUNT], notes[JC_NOTE_COUNT];
    size_t nc = 0, nn = 0;
    for (int id = 0; id < JC_CHK_COUNT; id++)
        if (load(&jc_check_counts[id]) > 0)
            checks[nc++] = (count_row){ jc_check_names[id], load(&jc_check_counts[id]) };
    for (int id = 0; id < JC_NOTE_COUNT; id++)
        if (load(&jc_note_counts[id]) > 0)
            notes[nn++] = (count_row){ jc_note_names[id], load(&jc_note_counts[id]) };
    summarize_counts(checks, nc, "check", now);
    summarize_counts(notes, nn, "note", now);
}

static void check_table(jc_env *ce)
{
    jc_env_check_table(ce, jc_env_template());
}

void jc_report_summary(void)
{
    /* JVMTI's end report (another interface has its own: libdt_check's
     * verdict), even when a private env's VMDeath asks for it */
    if (!jc_g.active || jc_g.iface->id != JC_IFACE_JVMTI || jc_forked_child()
        || atomic_flag_test_and_set(&summary_done))
        return;
    jc_trace_flush_all();
    jc_env_each(check_table);
    if (jc_g.opt.leaks)
        jc_alloc_report_leaks(NULL);
    if (jc_g.opt.summary) {
        uint64_t now = jc_now_ns();
        summarize_functions(now);
        summarize_events(now);
        summarize_checks(now);
    }
    jc_context_report(jc_now_ns());
    jc_trace_flush_all();
    jc_verdict_print();
}

/* A failed load is one line on stderr, the failure's own; only when its
 * agent's calls broke the spec before it failed (a refused call may be why
 * it failed) does its verdict follow.  Leaks are not looked for, the
 * summary is not written, and nothing is left to do at exit. */
void jc_report_abandon(void)
{
    if (!jc_g.active || atomic_flag_test_and_set(&summary_done))
        return;
    jc_trace_flush_all();
    if (jc_verdict_problems())
        jc_verdict_print();
    jc_verdict_abandon();
}


void jc_summary_reset(void)
{
    atomic_flag_clear(&summary_done);
}
