/* jc_deep_pairs.c — check=deep: clear_not_set, a watch or breakpoint
 * cleared that the env never set (ClearFieldAccessWatch of a field it does
 * not watch, ClearBreakpoint where it set none).
 *
 * The VM refuses such a Clear itself, without effect (NOT_FOUND), so the
 * call is always passed on; the check fires when the VM answers NOT_FOUND
 * and this env's own record agrees that it has no such watch or breakpoint
 * in force (as monitor_owner does with raw monitors).  The records: each
 * successful Set of a checked env adds (env, Set function, key), each
 * successful Clear removes it; the key is the call's params other than the
 * class (a jfieldID; a jmethodID and a jlocation).  HotSpot keeps watches
 * and breakpoints for the whole VM, so another env may clear this env's:
 * then the record says "set", the VM says NOT_FOUND, and nothing is
 * reported.  A jfieldID of an instance field is not unique across classes:
 * a record of the same id in another class also keeps the check silent.
 * So the records only ever make the check quieter than the VM.
 *
 * The records are a hash table under a mutex, grown as needed up to
 * MAX_RECORDS; past that nothing more is recorded and the check stops
 * reporting (a missing record could otherwise be a false alarm).  Only
 * with check=deep: otherwise the wrappers never call in here.
 */
#include <pthread.h>
#include <stdlib.h>

#include "jc_deep.h"

#define MAX_RECORDS (1u << 20)

typedef struct record {
    const jc_env *ce;       /* NULL: free; TOMB: removed */
    int set;
    uint64_t k1, k2;
} record;

static const jc_env tomb_env;
#define TOMB (&tomb_env)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static record *table;
static size_t cap, used;    /* used counts tombstones too */
static bool lost;           /* a Set could not be recorded: never report */

static size_t hash(const jc_env *ce, int set, uint64_t k1, uint64_t k2)
{
    uint64_t x = (uint64_t)(uintptr_t)ce ^ ((uint64_t)set << 48) ^ k1 * 0x9e3779b97f4a7c15ULL ^ (k2 << 17);
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

/* The record's slot, or NULL (lock held). */
static record *find(const jc_env *ce, int set, uint64_t k1, uint64_t k2)
{
    if (!table)
        return NULL;
    for (size_t i = hash(ce, set, k1, k2) & (cap - 1), n = 0; n < cap; n++, i = (i + 1) & (cap - 1)) {
        record *r = &table[i];
        if (!r->ce)
            return NULL;
        if (r->ce == ce && r->set == set && r->k1 == k1 && r->k2 == k2)
            return r;
    }
    return NULL;
}

/* Doubles the table (or makes it), dropping tombstones (lock held). */
static bool grow(void)
{
    size_t ncap = cap ? cap * 2 : 256;
    if (ncap > MAX_RECORDS)
        return false;
    record *nt = calloc(ncap, sizeof *nt);
    if (!nt)
        return false;
    size_t nused = 0;
    for (size_t i = 0; i < cap; i++) {
        record *r = &table[i];
        if (!r->ce || r->ce == TOMB)
            continue;
        size_t j = hash(r->ce, r->set, r->k1, r->k2) & (ncap - 1);
        while (nt[j].ce)
            j = (j + 1) & (ncap - 1);
        nt[j] = *r;
        nused++;
    }
    free(table);
    table = nt;
    cap = ncap;
    used = nused;
    return true;
}

void jc_deep_set(jc_env *ce, int set, uint64_t k1, uint64_t k2)
{
    pthread_mutex_lock(&lock);
    if (!lost && !find(ce, set, k1, k2)) {
        if ((used + 1) * 4 > cap * 3 && !grow()) {
            lost = true;
        } else {
            size_t i = hash(ce, set, k1, k2) & (cap - 1);
            while (table[i].ce && table[i].ce != TOMB)
                i = (i + 1) & (cap - 1);
            used += table[i].ce == NULL;
            table[i] = (record){ ce, set, k1, k2 };
        }
    }
    pthread_mutex_unlock(&lock);
}

void jc_deep_cleared(jc_env *ce, int set, uint64_t k1, uint64_t k2)
{
    pthread_mutex_lock(&lock);
    record *r = find(ce, set, k1, k2);
    if (r)
        r->ce = TOMB;
    pthread_mutex_unlock(&lock);
}

void jc_deep_unset(jc_env *ce, int num, int set, uint64_t k1, uint64_t k2)
{
    pthread_mutex_lock(&lock);
    bool report = !lost && !find(ce, set, k1, k2);
    pthread_mutex_unlock(&lock);
    if (report)
        jc_violation(JC_CHK_clear_not_set, jc_fn_table[num].name, NULL,
                     "nothing to clear: this env has no %s in force there (never set, or cleared already), and the "
                     "VM answers NOT_FOUND",
                     jc_fn_table[set].name);
}
