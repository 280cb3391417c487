/* jc_envs.c — the registry of checked envs: from the VM's env to ours in
 * O(1), on every event, without a lock; disposed envs freed.
 *
 * Events arrive with the VM's env; the trampolines need our jc_env.  A list
 * walked per event made env churn quadratic (20 000 created and disposed
 * envs: 1 M events took a minute), so:
 * - An open-addressing map from the VM's env pointer to ours, read without
 *   a lock: a reader loads the current table and probes until it finds the
 *   key or an empty slot.  Writers (new env, dispose) hold env_lock.  A new
 *   entry's value is stored before its key, so a reader that sees the key
 *   sees the value.  A disposed env's entry keeps its key with a NULL value
 *   (the VM may hand out the same address again: it is then reused).  When
 *   the table is half full it is rebuilt twice as large without the NULL
 *   entries, and published; old tables are kept (a reader may still be in
 *   one) and freed only by jc_envs_reset: their total is less than the
 *   current one's.
 * - Live envs are also on a doubly linked list, for the end-of-run checks.
 * - A disposed env is not freed at once: an event callback may still be
 *   running with it on another thread, and the agent may still (wrongly)
 *   call through it.  It waits in a ring of the last JC_QUARANTINE
 *   disposed envs and is freed when pushed out.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* strdup, O_CLOEXEC under -std=c11 */
#endif
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "jc_jvmti.h"

#define JC_QUARANTINE 256

typedef struct slot {
    _Atomic(jvmtiEnv *) key;
    _Atomic(jc_env *) val;
} slot;

typedef struct map {
    size_t cap;                 /* a power of two */
    struct map *older;          /* retired tables, freed at reset */
    slot s[];
} map;

static pthread_mutex_t env_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(map *) cur;
static size_t used;             /* keys in cur, NULL values included */
static jc_env *live_head;       /* under env_lock */
static size_t live_count;
static jc_env *quarantine[JC_QUARANTINE];
static size_t quarantine_next;

static size_t hash(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

jc_env *jc_env_find(jvmtiEnv *real)
{
    map *m = atomic_load_explicit(&cur, memory_order_acquire);
    if (m == NULL || real == NULL)
        return NULL;
    size_t mask = m->cap - 1;
    for (size_t i = hash(real) & mask;; i = (i + 1) & mask) {
        jvmtiEnv *k = atomic_load_explicit(&m->s[i].key, memory_order_acquire);
        if (k == NULL)
            return NULL;
        if (k == real)
            return atomic_load_explicit(&m->s[i].val, memory_order_acquire);
    }
}

/* The slot of key in m, or the empty one where it goes (under env_lock). */
static slot *slot_for(map *m, jvmtiEnv *key)
{
    size_t mask = m->cap - 1;
    size_t i = hash(key) & mask;
    while (1) {
        jvmtiEnv *k = atomic_load_explicit(&m->s[i].key, memory_order_relaxed);
        if (k == NULL || k == key)
            return &m->s[i];
        i = (i + 1) & mask;
    }
}

static map *map_new(size_t cap)
{
    map *m = calloc(1, sizeof *m + cap * sizeof(slot));
    if (m)
        m->cap = cap;
    return m;
}

/* Room for one more key (under env_lock); false when out of memory. */
static bool make_room(void)
{
    map *m = atomic_load_explicit(&cur, memory_order_relaxed);
    if (m != NULL && (used + 1) * 2 <= m->cap)
        return true;
    size_t cap = 64;
    while ((live_count + 1) * 4 > cap)      /* rebuilt a quarter full at most */
        cap *= 2;
    map *n = map_new(cap);
    if (n == NULL)
        return false;
    used = 0;
    for (size_t i = 0; m != NULL && i < m->cap; i++) {
        jc_env *v = atomic_load_explicit(&m->s[i].val, memory_order_relaxed);
        if (v == NULL)
            continue;
        slot *sl = slot_for(n, v->real);
        atomic_store_explicit(&sl->val, v, memory_order_relaxed);
        atomic_store_explicit(&sl->key, v->real, memory_order_relaxed);
        used++;
    }
    n->older = m;
    atomic_store_explicit(&cur, n, memory_order_release);
    return true;
}

jc_env *jc_env_new(JavaVM *vm, jvmtiEnv *real, jint version)
{
    jc_env *ce = calloc(1, sizeof *ce);
    if (!ce)
        return NULL;
    jc_env_copy_template(ce);
    ce->functions = &ce->table;
    ce->real = real;
    ce->vm = vm;
    ce->version = version;
    pthread_mutex_lock(&env_lock);
    if (!make_room()) {
        pthread_mutex_unlock(&env_lock);
        free(ce);
        return NULL;
    }
    slot *sl = slot_for(atomic_load_explicit(&cur, memory_order_relaxed), real);
    if (atomic_load_explicit(&sl->key, memory_order_relaxed) == NULL)
        used++;
    atomic_store_explicit(&sl->val, ce, memory_order_release);
    atomic_store_explicit(&sl->key, real, memory_order_release);
    ce->next = live_head;
    if (live_head)
        live_head->prev = ce;
    live_head = ce;
    live_count++;
    pthread_mutex_unlock(&env_lock);
    return ce;
}

void jc_env_disposed(jc_env *ce)
{
    pthread_mutex_lock(&env_lock);
    map *m = atomic_load_explicit(&cur, memory_order_relaxed);
    if (m != NULL) {
        slot *sl = slot_for(m, ce->real);
        if (atomic_load_explicit(&sl->val, memory_order_relaxed) == ce)
            atomic_store_explicit(&sl->val, NULL, memory_order_release);
    }
    if (ce->prev)
        ce->prev->next = ce->next;
    else if (live_head == ce)
        live_head = ce->next;
    if (ce->next)
        ce->next->prev = ce->prev;
    ce->next = ce->prev = NULL;
    live_count--;
    jc_env *old = quarantine[quarantine_next];
    quarantine[quarantine_next] = ce;
    quarantine_next = (quarantine_next + 1) % JC_QUARANTINE;
    pthread_mutex_unlock(&env_lock);
    free(old);
}

void jc_env_each(void (*fn)(jc_env *))
{
    pthread_mutex_lock(&env_lock);
    for (jc_env *ce = live_head; ce; ce = ce->next)
        fn(ce);
    pthread_mutex_unlock(&env_lock);
}

size_t jc_env_live_count(void)
{
    pthread_mutex_lock(&env_lock);
    size_t n = live_count;
    pthread_mutex_unlock(&env_lock);
    return n;
}

void jc_envs_reset(void)
{
    pthread_mutex_lock(&env_lock);
    for (jc_env *ce = live_head, *next; ce; ce = next) {
        next = ce->next;
        free(ce);
    }
    live_head = NULL;
    live_count = 0;
    for (size_t i = 0; i < JC_QUARANTINE; i++) {
        free(quarantine[i]);
        quarantine[i] = NULL;
    }
    quarantine_next = 0;
    for (map *m = atomic_exchange(&cur, NULL), *older; m; m = older) {
        older = m->older;
        free(m);
    }
    used = 0;
    pthread_mutex_unlock(&env_lock);
}
