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
 * - Each block keeps its allocation site (the agent's call, and the
 *   callers in the agent's module up to JC_LEAK_FRAMES frames:
 *   jc_site_capture_leak), captured before the mutex is taken; a group is
 *   (function, param, site), so one allocation helper called from three
 *   places is three groups, and groups are reported largest first (bytes),
 *   each with its site and, when it has more than one frame, its stack, so
 *   the loop that leaks most comes first.  A suppression rule with check
 *   "leak" matches a group by its producing function and site.
 * - Still referenced (issue 11, item 5), valgrind's "still reachable": at
 *   the report, a block whose start address is held where we can see it is
 *   not a leak.  Roots: object tags and thread-local storage (counted per
 *   block as the wrappers see SetTag, SetThreadLocalStorage, ObjectFree
 *   and heap callbacks change them: jc_ref_moved), the argument of each
 *   agent thread still running (RunAgentThread), env-local storage (each
 *   live env's last SetEnvironmentLocalStorage), and the words of the
 *   agent's writable data segments (jc_reach.c).  Then, transitively, the
 *   words of every block so held, breadth first from the roots in address
 *   order.  Env-local storage and every scanned word hold a block by a
 *   pointer to its start or into it (valgrind's "possibly lost" is held
 *   here: C keeps &block->member; the record says "pointer":"interior");
 *   found by binary search in the blocks sorted by address, built at the
 *   report.  Tags, thread-local storage and thread arguments are counted
 *   as they are set, by start only (a containment search on every SetTag
 *   would cost the hot path).  Such blocks are written as "referenced"
 *   summary records (where they are held), not as leaks, and the verdict
 *   does not count them.
 * - Identical runs give the same report: Allocate's blocks are zeroed
 *   (jc_alloc_fresh) so no stale word left from the memory's earlier use
 *   holds a block by chance, and groups sort on to their site's text.
 * - The wrappers' hot path only compares a tag or storage value with the
 *   lowest and highest address ever tracked (jc_alloc_lo, jc_alloc_hi), and
 *   asks the VM for the value it replaces only while some block is held
 *   that way (jc_ref_count).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"
#include "jc_jvmti.h"
#include "jc_reach.h"
#include "jc_shim.h"

typedef struct block {
    const void *p;              /* NULL: free slot */
    size_t bytes;
    const char *fn, *param;
    jc_env *env;
    const jc_site *site;        /* the agent's call that got it */
    bool reported;              /* counted by a leak report already */
    unsigned char held;         /* enum held, set by classify() */
    bool interior;              /* held only through a pointer into its middle */
    const char *held_by;        /* the module or the holding block's producer */
    uint32_t refs[JC_REF_KINDS];    /* object tags and TLS slots holding p */
} block;

/* Where a block is still held (the report's "held" field). */
enum held { HELD_NONE, HELD_TAG, HELD_TLS, HELD_ARG, HELD_ELS, HELD_DATA, HELD_BLOCK };
static const char *const held_names[] = { "", "object tag", "thread-local storage", "agent thread argument",
                                          "env-local storage", "data of ", "block from " };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static block *tab;
static size_t cap;              /* 0 or a power of two */
static size_t used;
static size_t untracked;        /* blocks lost to out of memory */

_Atomic uint64_t jc_ref_count[JC_REF_KINDS];
_Atomic uintptr_t jc_alloc_lo = UINTPTR_MAX, jc_alloc_hi;

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

/* A block leaves the table: the tags and storage slots that held it no
 * longer hold a block we know. */
static void drop_refs(block *b)
{
    if (!b->p)
        return;
    for (int k = 0; k < JC_REF_KINDS; k++)
        if (b->refs[k])
            atomic_fetch_sub_explicit(&jc_ref_count[k], b->refs[k], memory_order_relaxed);
}

/* The tracked block starting at v, or NULL (under lock). */
static block *lookup(uintptr_t v)
{
    if (!cap || !v)
        return NULL;
    block *b = &tab[find((const void *)v)];
    return b->p ? b : NULL;
}

void jc_ref_moved(enum jc_ref_kind k, uintptr_t old, uintptr_t now)
{
    pthread_mutex_lock(&lock);
    block *b = lookup(old);
    if (b && b->refs[k]) {
        b->refs[k]--;
        atomic_fetch_sub_explicit(&jc_ref_count[k], 1, memory_order_relaxed);
    }
    if ((b = lookup(now)) != NULL && b->refs[k] < UINT32_MAX) {
        b->refs[k]++;
        atomic_fetch_add_explicit(&jc_ref_count[k], 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&lock);
}

jlong jc_ref_old_tag(jc_env *ce, jobject object)
{
    jlong tag = 0;
    if (object == NULL || JC_SHIM_FN(ce->real, GetTag)(ce->real, object, &tag) != JVMTI_ERROR_NONE)
        return 0;
    return tag;
}

uintptr_t jc_ref_old_tls(jc_env *ce, jthread thread)
{
    void *data = NULL;
    if (JC_SHIM_FN(ce->real, GetThreadLocalStorage)(ce->real, thread, &data) != JVMTI_ERROR_NONE)
        return 0;
    return (uintptr_t)data;
}

void jc_alloc_track(jc_env *ce, const void *p, size_t bytes, const char *fn, const char *param)
{
    if (!p)
        return;
    const jc_site *site = jc_g.opt.leaks ? jc_site_capture_leak() : NULL;
    pthread_mutex_lock(&lock);
    if ((used + 1) * 2 > cap && !grow()) {
        untracked++;
    } else {
        size_t i = find(p);
        used += tab[i].p == NULL;   /* a known p: the VM reused it, we missed a free */
        drop_refs(&tab[i]);
        tab[i] = (block){ p, bytes, fn, param, ce, site, false, HELD_NONE, false, NULL, { 0 } };
        uintptr_t a = (uintptr_t)p;
        if (a < atomic_load_explicit(&jc_alloc_lo, memory_order_relaxed))
            atomic_store_explicit(&jc_alloc_lo, a, memory_order_relaxed);
        if (a > atomic_load_explicit(&jc_alloc_hi, memory_order_relaxed))
            atomic_store_explicit(&jc_alloc_hi, a, memory_order_relaxed);
    }
    pthread_mutex_unlock(&lock);
}

void jc_alloc_fresh(jc_env *ce, void *p, size_t bytes)
{
    if (jc_g.opt.leaks)
        memset(p, 0, bytes);
    jc_alloc_track(ce, p, bytes, "Allocate", "mem_ptr");
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
        drop_refs(&tab[i]);
        remove_at(i);
    }
    pthread_mutex_unlock(&lock);
    return r;
}

/* ---- still referenced: what holds each block at the report ---------------------------- */

#define MAX_ELS 256             /* env-local storage values looked at */
#define MAX_MODULE_NAMES 16
#define SCAN_CHUNK 65536

static const void *els_values[MAX_ELS];     /* under lock */
static size_t nels;
static char module_names[MAX_MODULE_NAMES][128];

static void collect_els(jc_env *ce)
{
    if (ce->els && nels < MAX_ELS)
        els_values[nels++] = ce->els;
}

static const char *intern_module(const char *name)
{
    for (size_t i = 0; i < MAX_MODULE_NAMES; i++) {
        if (!module_names[i][0])
            snprintf(module_names[i], sizeof module_names[i], "%s", name);
        if (strcmp(module_names[i], name) == 0)
            return module_names[i];
    }
    return "an agent module";
}

typedef struct scan {
    size_t *work;               /* indexes of held blocks whose words are not read yet */
    size_t nwork;
    size_t *by_start;           /* indexes of the blocks, by start address */
    size_t nblocks;
    uintptr_t end;              /* the highest block end */
    const block *self;          /* the block being read: its own words do not hold it */
} scan;

/* Held: the first place found wins (roots, then the data, then blocks,
 * each in a fixed order); a start pointer found later still clears
 * `interior`, so a block counts as held through its middle only when no
 * place holds its start. */
static void hold(scan *sc, block *b, enum held how, const char *by, bool interior)
{
    if (b->held != HELD_NONE) {
        b->interior &= interior;
        return;
    }
    b->held = (unsigned char)how;
    b->held_by = by;
    b->interior = interior;
    if (sc->work)
        sc->work[sc->nwork++] = (size_t)(b - tab);
}

static int by_start_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)tab[*(const size_t *)a].p, y = (uintptr_t)tab[*(const size_t *)b].p;
    return x < y ? -1 : x > y;
}

/* The block whose [start, start + bytes) holds v, or NULL. */
static block *containing(const scan *sc, uintptr_t v)
{
    size_t lo = 0, hi = sc->nblocks;
    while (lo < hi) {                   /* the first block starting after v */
        size_t mid = lo + (hi - lo) / 2;
        if ((uintptr_t)tab[sc->by_start[mid]].p <= v)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    block *b = &tab[sc->by_start[lo - 1]];
    return v - (uintptr_t)b->p < b->bytes ? b : NULL;
}

/* What the value v holds: the block it starts (interior false), or the
 * one it points into (interior true). */
static block *held_by_value(const scan *sc, uintptr_t v, bool *interior)
{
    block *b = lookup(v);
    *interior = false;
    if (!b && sc->by_start && (b = containing(sc, v)) != NULL)
        *interior = true;
    return b;
}

/* Every aligned word of [buf, buf+n) (copied from address at) that points
 * to the start or into a tracked block holds it. */
static void scan_words(scan *sc, const unsigned char *buf, size_t n, uintptr_t at, enum held how, const char *by)
{
    uintptr_t lo = atomic_load_explicit(&jc_alloc_lo, memory_order_relaxed);
    uintptr_t hi = sc->end;
    size_t skip = (sizeof(uintptr_t) - at % sizeof(uintptr_t)) % sizeof(uintptr_t);
    for (size_t off = skip; off + sizeof(uintptr_t) <= n; off += sizeof(uintptr_t)) {
        uintptr_t v;
        memcpy(&v, buf + off, sizeof v);
        if (v < lo || v > hi)
            continue;
        bool interior;
        block *b = held_by_value(sc, v, &interior);
        if (b && b != sc->self)
            hold(sc, b, how, by, interior);
    }
}

static unsigned char chunk[SCAN_CHUNK];     /* under lock */

static void scan_segment(const void *start, size_t bytes, const char *module, void *arg)
{
    scan *sc = arg;
    const char *name = intern_module(module);
    for (size_t off = 0; off < bytes; off += SCAN_CHUNK) {
        size_t n = bytes - off < SCAN_CHUNK ? bytes - off : SCAN_CHUNK;
        if (jc_reach_read_segment((const char *)start + off, chunk, n))
            scan_words(sc, chunk, n, (uintptr_t)start + off, HELD_DATA, name);
    }
}

static void scan_block(scan *sc, const block *b)
{
    sc->self = b;
    const void *p = b->p;
    size_t bytes = b->bytes;
    const char *by = b->fn;
    for (size_t off = 0; off < bytes; off += SCAN_CHUNK) {
        size_t n = bytes - off < SCAN_CHUNK ? bytes - off : SCAN_CHUNK;
        if (!jc_reach_read((const char *)p + off, chunk, n))
            return;
        scan_words(sc, chunk, n, (uintptr_t)p + off, HELD_BLOCK, by);
    }
}

/* Sets held on every block: roots first (blocks in address order, not
 * the hash table's), then what held blocks point to. */
static void classify(void)
{
    scan sc = { malloc((used + 1) * sizeof(size_t)), 0, malloc((used + 1) * sizeof(size_t)), 0, 0, NULL };
    for (size_t i = 0; i < cap; i++) {
        tab[i].held = HELD_NONE;
        tab[i].interior = false;
        if (tab[i].p && sc.by_start) {
            sc.by_start[sc.nblocks++] = i;
            uintptr_t end = (uintptr_t)tab[i].p + (tab[i].bytes ? tab[i].bytes - 1 : 0);
            if (end > sc.end)
                sc.end = end;
        }
    }
    if (sc.by_start)
        qsort(sc.by_start, sc.nblocks, sizeof *sc.by_start, by_start_cmp);
    else
        sc.end = atomic_load_explicit(&jc_alloc_hi, memory_order_relaxed);
    size_t n = sc.by_start ? sc.nblocks : cap;
    for (size_t k = 0; k < n; k++) {
        block *b = &tab[sc.by_start ? sc.by_start[k] : k];
        if (!b->p)
            continue;
        if (b->refs[JC_REF_TAG])
            hold(&sc, b, HELD_TAG, NULL, false);
        else if (b->refs[JC_REF_TLS])
            hold(&sc, b, HELD_TLS, NULL, false);
        else if (b->refs[JC_REF_ARG])
            hold(&sc, b, HELD_ARG, NULL, false);
    }
    for (size_t i = 0; i < nels; i++) {
        bool interior;
        block *b = held_by_value(&sc, (uintptr_t)els_values[i], &interior);
        if (b)
            hold(&sc, b, HELD_ELS, NULL, interior);
    }
    jc_reach_segments(scan_segment, &sc);
    /* breadth first, in the order found: a block's holder does not hang
     * on the order of the hash table */
    for (size_t next = 0; sc.work && next < sc.nwork; next++)
        scan_block(&sc, &tab[sc.work[next]]);
    free(sc.work);
    free(sc.by_start);
}

/* ---- leak reports ------------------------------------------------------------------ */

#define MAX_GROUPS 4096         /* (fn, param, site, held): a spec has ~100 (fn, param) */

typedef struct group {
    const char *fn, *param;
    const jc_site *site;
    unsigned char held;
    bool interior;
    const char *held_by;
    size_t count, bytes;
} group;

static group groups[MAX_GROUPS];    /* under lock */

static int strcmp0(const char *a, const char *b)
{
    return a == b ? 0 : !a ? -1 : !b ? 1 : strcmp(a, b);
}

/* Leaks before the still referenced; largest first; then by name, for a
 * stable order. */
static int group_cmp(const void *a, const void *b)
{
    const group *x = a, *y = b;
    if ((x->held != HELD_NONE) != (y->held != HELD_NONE))
        return x->held != HELD_NONE ? 1 : -1;
    if (x->bytes != y->bytes)
        return x->bytes < y->bytes ? 1 : -1;
    int c = strcmp0(x->fn, y->fn);
    if (!c)
        c = strcmp0(x->param, y->param);
    if (!c && x->site != y->site)
        c = !x->site ? -1 : !y->site ? 1 : strcmp(jc_site_stack_text(x->site), jc_site_stack_text(y->site));
    if (!c)
        c = x->held != y->held ? (x->held < y->held ? -1 : 1) : strcmp0(x->held_by, y->held_by);
    return c ? c : (int)x->interior - (int)y->interior;
}

/* Adds b to its group; the last group takes whatever does not fit. */
static void add_to_groups(size_t *ngroups, const block *b)
{
    size_t g = 0;
    while (g < *ngroups
           && (groups[g].site != b->site || groups[g].held != b->held || groups[g].held_by != b->held_by
               || groups[g].interior != b->interior || strcmp0(groups[g].fn, b->fn)
               || strcmp0(groups[g].param, b->param)))
        g++;
    if (g == *ngroups) {
        if (g == MAX_GROUPS)
            g--;
        else
            groups[(*ngroups)++] = (group){ b->fn, b->param, b->site, b->held, b->interior, b->held_by, 0, 0 };
    }
    groups[g].count++;
    groups[g].bytes += b->bytes;
}

static void put_site(jc_rec *r, const jc_site *site)
{
    if (site) {
        jc_rec_field_str(r, "site", jc_site_text(site));
        if (jc_site_frame_count(site) > 1)
            jc_rec_field_str(r, "stack", jc_site_stack_text(site));
    }
}

static void emit_leak(const group *g, uint64_t now)
{
    jc_rec *r = jc_rec_begin(JC_REC_LEAK, g->fn ? g->fn : "?");
    if (g->param)
        jc_rec_field_str(r, "param", g->param);
    jc_rec_field_int(r, "count", (long long)g->count);
    jc_rec_field_int(r, "bytes", (long long)g->bytes);
    put_site(r, g->site);
    if (jc_g.opt.gen_suppressions) {
        char line[1024];
        jc_suppress_line(line, sizeof line, "leak", g->fn, g->site);
        jc_rec_field_str(r, "suppression", line);
    }
    jc_rec_end(r, now, 0);
}

/* A group of blocks still held: a summary record, "held" says where. */
static void emit_referenced(const group *g, uint64_t now)
{
    char held[192];
    snprintf(held, sizeof held, "%s%s", held_names[g->held], g->held_by ? g->held_by : "");
    jc_rec *r = jc_rec_begin(JC_REC_SUMMARY, g->fn ? g->fn : "?");
    jc_rec_field_str(r, "type", "referenced");
    if (g->param)
        jc_rec_field_str(r, "param", g->param);
    jc_rec_field_str(r, "held", held);
    /* valgrind's "possibly lost": only a pointer into its middle holds it */
    if (g->interior)
        jc_rec_field_str(r, "pointer", "interior");
    jc_rec_field_int(r, "count", (long long)g->count);
    jc_rec_field_int(r, "bytes", (long long)g->bytes);
    put_site(r, g->site);
    jc_rec_end(r, now, 0);
}

static bool suppressed(const group *g)
{
    return jc_suppress_active()
           && jc_suppress_match("leak", g->fn, g->site);
}

size_t jc_alloc_report_leaks(jc_env *ce)
{
    size_t ngroups = 0, nblocks = 0;
    pthread_mutex_lock(&lock);
    nels = 0;
    pthread_mutex_unlock(&lock);
    jc_env_each(collect_els);   /* the registry's lock, not under ours */
    pthread_mutex_lock(&lock);
    if (jc_g.opt.leaks && used > 0)
        classify();
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
            if (groups[g].held != HELD_NONE) {
                emit_referenced(&groups[g], now);
                continue;
            }
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
    cap = used = untracked = nels = 0;
    for (int k = 0; k < JC_REF_KINDS; k++)
        atomic_store(&jc_ref_count[k], 0);
    atomic_store(&jc_alloc_lo, UINTPTR_MAX);
    atomic_store(&jc_alloc_hi, 0);
    pthread_mutex_unlock(&lock);
    jc_reach_reset();
}
