/* jc_alloc.c — which JVMTI-allocated blocks the agent still holds.
 *
 * Every function that hands out memory (allocbuf, allocallocbuf, Allocate)
 * records the block here; Deallocate removes it.  What is left when an env
 * is disposed or the VM dies is a leak, reported per producing function
 * and parameter ("GetClassSignature signature_ptr: 120 blocks, 4 KiB") so
 * a leak in a loop is one line, not thousands.
 *
 * Design:
 * - One open-addressing hash map (linear probing, deletion by backward
 *   shift so there are no tombstones) under one mutex.  Only functions
 *   that allocate or free take it; cheap functions never come here.
 * - fn and param are kept as pointers: they are string literals of the
 *   generated code.
 * - A block we failed to record (out of memory) makes us unable to call a
 *   Deallocate of an unknown pointer bad; from then on release() says yes.
 * - A leak report does not forget the blocks it reports: it marks them.
 *   The agent may still free them (in Agent_OnUnload, from a thread that
 *   outlives VMDeath: libjdwp does), and such a Deallocate is right, so
 *   release() tells it apart (JC_RELEASE_LATE) from a bad one.
 * - Blocks belong to no env in particular: any env may free what another
 *   allocated, a disposed one's included (the spec keeps them valid).
 * - Leak records are written under the mutex: it is not on any hot path,
 *   and the groups live in a static table that the mutex protects.
 * - Each block keeps its allocation site (the agent's call, jc_callsite.c),
 *   captured before the mutex is taken; a group is (function, param,
 *   site), and groups are reported largest first (bytes), each with its
 *   site, so the loop that leaks most comes first.  A suppression rule
 *   with check "leak" matches a group by its producing function and site.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"
#include "jc_internal.h"

typedef struct block {
    const void *p;              /* NULL: free slot */
    size_t bytes;
    const char *fn, *param;
    jc_env *env;
    const jc_site *site;        /* the agent's call that got it */
    bool reported;              /* counted by a leak report already */
} block;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static block *tab;
static size_t cap;              /* 0 or a power of two */
static size_t used;
static size_t untracked;        /* blocks lost to out of memory */

static size_t home(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

/* The slot holding p, or the free slot where it would go. */
static size_t find(const void *p)
{
    size_t i = home(p);
    while (tab[i].p && tab[i].p != p)
        i = (i + 1) & (cap - 1);
    return i;
}

static bool grow(void)
{
    size_t ncap = cap ? cap * 2 : 256;
    block *old = tab, *ntab = calloc(ncap, sizeof *ntab);
    if (!ntab)
        return false;
    size_t ocap = cap;
    tab = ntab;
    cap = ncap;
    for (size_t i = 0; i < ocap; i++)
        if (old[i].p)
            tab[find(old[i].p)] = old[i];
    free(old);
    return true;
}

/* Empties slot i, moving later entries of its run back so that every entry
 * stays reachable from its home slot. */
static void remove_at(size_t i)
{
    size_t mask = cap - 1;
    for (size_t j = (i + 1) & mask; tab[j].p; j = (j + 1) & mask) {
        size_t k = home(tab[j].p);
        bool k_in_gap = i <= j ? (i < k && k <= j) : (i < k || k <= j);
        if (!k_in_gap) {
            tab[i] = tab[j];
            i = j;
        }
    }
    tab[i] = (block){ 0 };
    used--;
}

void jc_alloc_track(jc_env *ce, const void *p, size_t bytes, const char *fn, const char *param)
{
    if (!p)
        return;
    const jc_site *site = jc_g.opt.leaks ? jc_site_capture() : NULL;
    pthread_mutex_lock(&lock);
    if ((used + 1) * 2 > cap && !grow()) {
        untracked++;
    } else {
        size_t i = find(p);
        used += tab[i].p == NULL;   /* a known p: the VM reused it, we missed a free */
        tab[i] = (block){ p, bytes, fn, param, ce, site, false };
    }
    pthread_mutex_unlock(&lock);
}

enum jc_release jc_alloc_release(jc_env *ce, const void *p)
{
    (void)ce;       /* any env may free what another allocated */
    if (!p)
        return JC_RELEASE_OK;
    pthread_mutex_lock(&lock);
    enum jc_release r = untracked > 0 ? JC_RELEASE_OK : JC_RELEASE_UNKNOWN;
    if (cap && tab[find(p)].p == p) {
        size_t i = find(p);
        r = tab[i].reported ? JC_RELEASE_LATE : JC_RELEASE_OK;
        remove_at(i);
    }
    pthread_mutex_unlock(&lock);
    return r;
}

/* ---- leak reports ------------------------------------------------------------------ */

#define MAX_GROUPS 4096         /* (fn, param, site): a spec has ~100 (fn, param) */

typedef struct group {
    const char *fn, *param;
    const jc_site *site;
    size_t count, bytes;
} group;

static group groups[MAX_GROUPS];    /* under lock */

static int strcmp0(const char *a, const char *b)
{
    return a == b ? 0 : !a ? -1 : !b ? 1 : strcmp(a, b);
}

/* Largest first; then by name, for a stable order. */
static int group_cmp(const void *a, const void *b)
{
    const group *x = a, *y = b;
    if (x->bytes != y->bytes)
        return x->bytes < y->bytes ? 1 : -1;
    int c = strcmp0(x->fn, y->fn);
    return c ? c : strcmp0(x->param, y->param);
}

/* Adds b to its group; the last group takes whatever does not fit. */
static void add_to_groups(size_t *ngroups, const block *b)
{
    size_t g = 0;
    while (g < *ngroups
           && (groups[g].site != b->site || strcmp0(groups[g].fn, b->fn) || strcmp0(groups[g].param, b->param)))
        g++;
    if (g == *ngroups) {
        if (g == MAX_GROUPS)
            g--;
        else
            groups[(*ngroups)++] = (group){ b->fn, b->param, b->site, 0, 0 };
    }
    groups[g].count++;
    groups[g].bytes += b->bytes;
}

static void emit_leak(const group *g, uint64_t now)
{
    jc_rec *r = jc_rec_begin(JC_REC_LEAK, g->fn ? g->fn : "?");
    if (g->param)
        jc_rec_field_str(r, "param", g->param);
    jc_rec_field_int(r, "count", (long long)g->count);
    jc_rec_field_int(r, "bytes", (long long)g->bytes);
    if (g->site) {
        jc_rec_field_str(r, "site", jc_site_text(g->site));
        if (jc_g.opt.stack > 1)
            jc_rec_field_str(r, "stack", jc_site_stack_text(g->site));
    }
    if (jc_g.opt.gen_suppressions) {
        char line[512];
        jc_suppress_line(line, sizeof line, "leak", g->fn, g->site);
        jc_rec_field_str(r, "suppression", line);
    }
    jc_rec_end(r, now, 0);
}

static bool suppressed(const group *g)
{
    return jc_suppress_active()
           && jc_suppress_match("leak", g->fn, jc_site_module(g->site), jc_site_symbol(g->site));
}

size_t jc_alloc_report_leaks(jc_env *ce)
{
    size_t ngroups = 0, nblocks = 0;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < cap; i++)
        if (tab[i].p && !tab[i].reported && (!ce || tab[i].env == ce)) {
            add_to_groups(&ngroups, &tab[i]);
            nblocks++;
            tab[i].reported = true;
        }
    if (jc_g.opt.leaks && nblocks > 0) {
        size_t sites = 0, blocks = 0, bytes = 0;
        qsort(groups, ngroups, sizeof groups[0], group_cmp);
        uint64_t now = jc_now_ns();
        for (size_t g = 0; g < ngroups; g++) {
            if (suppressed(&groups[g])) {
                jc_verdict_leaks_suppressed(1);
                continue;
            }
            sites++;
            blocks += groups[g].count;
            bytes += groups[g].bytes;
            emit_leak(&groups[g], now);
        }
        atomic_fetch_add_explicit(&jc_check_counts[JC_CHK_leak], blocks, memory_order_relaxed);
        jc_verdict_leaks(sites, blocks, bytes);
    }
    pthread_mutex_unlock(&lock);
    return nblocks;
}

void jc_alloc_reset(void)
{
    pthread_mutex_lock(&lock);
    free(tab);
    tab = NULL;
    cap = used = untracked = 0;
    pthread_mutex_unlock(&lock);
}
