/* jc_state.c — the runtime's global state: options and sink (jc_init), the
 * registry of checked envs, violations and the end-of-run summary.
 *
 * Design:
 * - jc_init runs once, under a lock; later calls with the same option
 *   string succeed and change nothing (the shim and a jvmti_check_wrap
 *   caller may both get there), a different string is refused: options are
 *   read without locks on every call, so they never change once set.
 *   jc_g.active is set last, after the options and the sink.
 * - The envs themselves are jc_envs.c's.
 * - Counters are relaxed atomics: they are statistics, read at the end.
 * - jc_report_summary runs once (an atomic flag): VMDeath, Agent_OnUnload
 *   and DisposeEnvironment may all ask for it.  Leaks are reported first so
 *   the leak check's count is in the summary.
 * - A child of fork() that exits without exec runs the atexit handlers it
 *   inherited, on counts it inherited: the parent's calls, violations and
 *   blocks.  Its own end would repeat the parent's report (and apply its
 *   exitcode=), so a child says nothing at its end (jc_forked_child: the
 *   pid differs from the one the options were set in); its records of the
 *   calls it made itself still go to the log.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* strdup under -std=c11 */
#endif
#include <pthread.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jc_callsite.h"
#include "jc_internal.h"
#include "jc_quote.h"
#include "jvmti_names.h"

jc_state jc_g;

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

/* ---- initialisation ---------------------------------------------------------- */

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static char *init_text;         /* the options jc_g was set from */
static pid_t init_pid;          /* the process they were set in */

bool jc_forked_child(void)
{
    return init_pid != 0 && getpid() != init_pid;
}

/* a and b name one file: the same name, the same device and inode where
 * both exist, or (where neither exists yet) the same name in the same
 * directory. */
static bool same_file(const char *a, const char *b)
{
    if (!a || !b)
        return false;
    if (strcmp(a, b) == 0)
        return true;
    struct stat sa, sb;
    bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (ea || eb)
        return ea && eb && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    const char *ba = strrchr(a, '/'), *bb = strrchr(b, '/');
    if (strcmp(ba ? ba + 1 : a, bb ? bb + 1 : b) != 0)
        return false;
    char da[4096], db[4096];
    snprintf(da, sizeof da, "%.*s", ba ? (int)(ba - a + 1) : 1, ba ? a : ".");
    snprintf(db, sizeof db, "%.*s", bb ? (int)(bb - b + 1) : 1, bb ? b : ".");
    return stat(da, &sa) == 0 && stat(db, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Two of log=, record= and suppress= naming one file: the recording would
 * replace the log or the suppressions, the log be appended to them. */
static int files_clash(const jc_options *o, const char *tool, char *err, size_t errlen)
{
    const char *const names[] = { "log", "record", "suppress" };
    const char *const paths[] = { o->log_path, o->record_path, o->suppress_path };
    for (size_t i = 0; i < 3; i++)
        for (size_t j = i + 1; j < 3; j++)
            if (same_file(paths[i], paths[j])) {
                snprintf(err, errlen, "%s: %s= and %s= name the same file '%s' (each needs its own: one would destroy the other)",
                         tool, names[i], names[j], paths[i]);
                return -1;
            }
    return 0;
}

static int init_locked(const jc_iface *iface, const char *text, bool require_agent, char *err, size_t errlen)
{
    jc_options o;
    char *copy = strdup(text);
    if (!copy) {
        snprintf(err, errlen, "jvmticheck: out of memory");
        return -1;
    }
    jc_g.iface = iface;
    jc_sink_set_tool(iface->tool);
    jc_suppress_checks(iface->checks, iface->nchecks);
    jc_suppress_tool(iface->tool);
    if (jc_options_parse_for(iface->id, text, require_agent, &o, err, errlen) != 0) {
        free(copy);
        return -1;
    }
    /* format=bin: calls go to the recording at log=, the rest to stderr */
    if (o.format == JC_FMT_BIN && !o.log_path) {
        snprintf(err, errlen, "%s: format=bin needs log=FILE (the recording)", iface->tool);
        goto fail;
    }
    if (o.format == JC_FMT_BIN && o.record_path) {
        snprintf(err, errlen, "%s: record=FILE goes with format=text or jsonl (format=bin records at log=)",
                 iface->tool);
        goto fail;
    }
    if (jc_expand_pid(&o.log_path) != 0 || jc_expand_pid(&o.record_path) != 0) {
        snprintf(err, errlen, "%s: out of memory", iface->tool);
        goto fail;
    }
    if (files_clash(&o, iface->tool, err, errlen) != 0)
        goto fail;
    if (o.ring && o.format != JC_FMT_BIN && !o.record_path) {
        snprintf(err, errlen, "%s: ring= is the size of a recording: it goes with format=bin or record=", iface->tool);
        goto fail;
    }
    if ((o.format == JC_FMT_BIN && jc_bin_open(o.log_path, o.addresses, o.ring, err, errlen) != 0) ||
        (o.record_path && jc_bin_open(o.record_path, o.addresses, o.ring, err, errlen) != 0) ||
        (o.suppress_path && jc_suppress_load(o.suppress_path, err, errlen) != 0) ||
        jc_sink_open(o.format == JC_FMT_BIN ? NULL : o.log_path, err, errlen) != 0)
        goto fail;
    jc_sink_set_json(o.format == JC_FMT_JSONL);
    jc_g.opt = o;
    init_text = copy;
    init_pid = getpid();
    if (iface->started)
        iface->started();       /* JVMTI: the only= tables, the crash handler */
    atomic_thread_fence(memory_order_release);
    jc_g.active = true;
    jc_verdict_init();          /* exitcode=, the unwinder for call sites */
    return 0;

fail:
    jc_options_free(&o);
    free(copy);
    return -1;
}

const char *jc_options_text(void)
{
    return init_text ? init_text : "";
}

int jc_init(const char *options, bool require_agent, char *err, size_t errlen)
{
    return jc_init_iface(&jc_iface_jvmti, options, require_agent, err, errlen);
}

int jc_init_iface(const jc_iface *iface, const char *options, bool require_agent, char *err, size_t errlen)
{
    const char *text = options ? options : "";
    int rc = 0;
    if (err && errlen)
        err[0] = '\0';
    pthread_mutex_lock(&init_lock);
    if (!jc_g.active)
        rc = init_locked(iface, text, require_agent, err, errlen);
    else if (strcmp(init_text, text) != 0) {
        char q[400];
        snprintf(err, errlen, "%s: already initialised with other options ('%s')", jc_g.iface->tool,
                 jc_quote(init_text, q, sizeof q));
        rc = -1;
    }
    pthread_mutex_unlock(&init_lock);
    return rc;
}

/* ---- envs --------------------------------------------------------------------------- */

/* What every env's table holds at first: the generated wrappers, and the
 * forwarders in the slots the spec leaves reserved. */
static struct {
    struct jvmtiInterface_1_ table;
    void (*extra[JC_TABLE_EXTRA])(void);
} jc_template;
static pthread_once_t jc_template_once = PTHREAD_ONCE_INIT;
_Static_assert(offsetof(jc_env, table_extra) == offsetof(jc_env, table) + sizeof(struct jvmtiInterface_1_),
               "the extra slots follow the table");
_Static_assert(sizeof jc_template == sizeof(struct jvmtiInterface_1_) + JC_TABLE_EXTRA * sizeof(void *),
               "the template is the table and the extra slots");

static void jc_env_template_init(void)
{
    jc_template.table = jc_wrapped_interface;
    for (int slot = 1; slot <= jc_fn_max + JC_TABLE_EXTRA; slot++)
        if (jc_slot_forwarders[slot] != NULL)
            memcpy((char *)&jc_template + (size_t)(slot - 1) * sizeof(void *), &jc_slot_forwarders[slot],
                   sizeof(void *));
}

const struct jvmtiInterface_1_ *jc_env_template(void)
{
    pthread_once(&jc_template_once, jc_env_template_init);
    return &jc_template.table;
}

void jc_env_copy_template(jc_env *ce)
{
    pthread_once(&jc_template_once, jc_env_template_init);
    memcpy(&ce->table, &jc_template, sizeof jc_template);
}

void jc_hook_dispose(jc_env *ce)
{
    jc_env_check_table(ce, jc_env_template());
}

void jc_env_set_caps(jc_env *ce, const jvmtiCapabilities *caps)
{
    uint64_t bits[2] = { 0, 0 };
    int n = jc_cap_count < jvmti_capability_count ? jc_cap_count : jvmti_capability_count;
    for (int i = 0; i < n && i < 128; i++)
        if (jvmti_capability_get(caps, i))
            bits[i >> 6] |= (uint64_t)1 << (i & 63);
    atomic_store_explicit(&ce->caps[0], bits[0], memory_order_relaxed);
    atomic_store_explicit(&ce->caps[1], bits[1], memory_order_relaxed);
}

/* ---- violations ------------------------------------------------------------------ */

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

/* ---- summary ---------------------------------------------------------------------- */

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

/* ---- tests ------------------------------------------------------------------------- */

void jc_reset(void)
{
    jc_trace_flush_all();
    pthread_mutex_lock(&init_lock);
    jc_g.active = false;
    jc_bin_active = false;
    jc_sink_close();
    jc_options_free(&jc_g.opt);
    free(init_text);
    init_text = NULL;
    init_pid = 0;
    atomic_store(&jc_g.phase, 0);
    pthread_mutex_unlock(&init_lock);
    for (int id = 0; id < JC_CHK_COUNT; id++)
        atomic_store(&jc_check_counts[id], 0);
    for (int id = 0; id < JC_NOTE_COUNT; id++)
        atomic_store(&jc_note_counts[id], 0);
    atomic_flag_clear(&summary_done);
    jc_envs_reset();
    jc_alloc_reset();
    jc_context_reset();
    jc_suppress_reset();
    jc_site_reset();
    jc_verdict_reset();
    jc_names_reset();
}
