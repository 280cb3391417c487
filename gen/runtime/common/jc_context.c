/* jc_context.c — one report per context.  A context is (check, function,
 * param, call site): a missing capability hit 158 times from one line of
 * the agent is one problem, shown repeat= times (default once) and counted.
 *
 * Design:
 * - A bounded table (MAX_CONTEXTS) under one mutex, reached only from the
 *   slow path (a violation).  Past the bound a violation has no context and
 *   is simply shown, as before.
 * - fn and param are strings of the generated tables or literals of the
 *   hooks; they are compared by content, the site by pointer (jc_callsite.c
 *   interns sites).
 * - Whether a suppression matches is decided once, when the context is
 *   first seen; a suppressed context counts its occurrences apart.
 * - At the end, the contexts shown fewer times than they occurred get a
 *   summary record with their count; with summary=on every context does,
 *   sorted by count (largest first).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"
#include "jc_internal.h"

struct jc_context {
    const char *check;          /* its name (any interface's) */
    const char *fn, *param;
    const jc_site *site;
    _Atomic uint64_t count;
    unsigned id;
    bool suppressed;
};

#define MAX_CONTEXTS 4096

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static jc_context contexts[MAX_CONTEXTS];
static size_t ncontexts, nshown;
static _Atomic uint64_t suppressed_hits;

static bool same(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

jc_context *jc_context_get(const char *check, const char *fn, const char *param, const jc_site *site)
{
    jc_context *cx = NULL;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < ncontexts; i++) {
        jc_context *c = &contexts[i];
        if (same(c->check, check) && c->site == site && same(c->fn, fn) && same(c->param, param)) {
            cx = c;
            break;
        }
    }
    if (!cx && ncontexts < MAX_CONTEXTS) {
        cx = &contexts[ncontexts++];
        *cx = (jc_context){ .check = check, .fn = fn, .param = param, .site = site };
        cx->suppressed = jc_suppress_active() && jc_suppress_match(check ? check : "?", fn, site);
        if (!cx->suppressed)
            cx->id = (unsigned)++nshown;
    }
    pthread_mutex_unlock(&lock);
    if (cx && cx->suppressed)
        atomic_fetch_add_explicit(&suppressed_hits, 1, memory_order_relaxed);
    return cx;
}

uint64_t jc_context_hit(jc_context *cx)
{
    return atomic_fetch_add_explicit(&cx->count, 1, memory_order_relaxed) + 1;
}

unsigned jc_context_id(const jc_context *cx) { return cx->id; }
bool jc_context_suppressed(const jc_context *cx) { return cx->suppressed; }

size_t jc_context_count(void)
{
    pthread_mutex_lock(&lock);
    size_t n = nshown;
    pthread_mutex_unlock(&lock);
    return n;
}

uint64_t jc_context_suppressed_count(void)
{
    return atomic_load_explicit(&suppressed_hits, memory_order_relaxed);
}

static int by_count(const void *a, const void *b)
{
    const jc_context *x = *(const jc_context *const *)a, *y = *(const jc_context *const *)b;
    uint64_t cx = atomic_load_explicit(&x->count, memory_order_relaxed);
    uint64_t cy = atomic_load_explicit(&y->count, memory_order_relaxed);
    return cx != cy ? (cx < cy ? 1 : -1) : (x->id > y->id) - (x->id < y->id);
}

void jc_context_report(uint64_t now)
{
    static jc_context *order[MAX_CONTEXTS];
    size_t n = 0;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < ncontexts; i++) {
        jc_context *c = &contexts[i];
        uint64_t count = atomic_load_explicit(&c->count, memory_order_relaxed);
        if (!c->suppressed && (jc_g.opt.summary || count > jc_g.opt.repeat))
            order[n++] = c;
    }
    qsort(order, n, sizeof order[0], by_count);
    for (size_t i = 0; i < n; i++) {
        jc_context *c = order[i];
        uint64_t count = atomic_load_explicit(&c->count, memory_order_relaxed);
        jc_rec *r = jc_rec_begin(JC_REC_SUMMARY, c->fn ? c->fn : "?");
        jc_rec_field_str(r, "type", "context");
        jc_rec_field_str(r, "check", c->check ? c->check : "?");
        if (c->param)
            jc_rec_field_str(r, "param", c->param);
        jc_rec_field_str(r, "site", jc_site_text(c->site));
        jc_rec_field_int(r, "context", (long long)c->id);
        jc_rec_field_int(r, "count", (long long)count);
        jc_rec_field_int(r, "shown", (long long)(count < jc_g.opt.repeat ? count : jc_g.opt.repeat));
        jc_rec_end(r, now, 0);
    }
    pthread_mutex_unlock(&lock);
}

void jc_context_reset(void)
{
    pthread_mutex_lock(&lock);
    ncontexts = nshown = 0;
    atomic_store(&suppressed_hits, 0);
    pthread_mutex_unlock(&lock);
}
