/* jc_monitors.c — the life, use and lock order of raw monitors.
 *
 * The wrappers of the raw monitor functions call in here before and after
 * the real call (emit_wrapper.c, hooks HOOK_MONITOR*).  Four checks:
 *
 *   monitor_destroyed     a monitor used after DestroyRawMonitor destroyed it
 *   monitor_owner         RawMonitorExit/Wait/Notify/NotifyAll without owning
 *                         it, DestroyRawMonitor of one another thread owns
 *   monitor_destroy_busy  DestroyRawMonitor while another thread is inside
 *                         RawMonitorEnter or RawMonitorWait on it
 *   monitor_order         a lock-order inversion: one thread entered B while
 *                         holding A, another enters A while holding B
 *                         (a potential deadlock, reported before the Enter)
 *
 * A check that fires must be a real violation, so each is built to err on
 * the side of silence:
 * - Ownership is the VM's to say.  The VM refuses a non-owner's Exit, Wait,
 *   Notify and Destroy without effect (the spec's NOT_MONITOR_OWNER), so
 *   those calls are always passed on; monitor_owner is reported when the VM
 *   says NOT_MONITOR_OWNER and this thread's own record agrees that it does
 *   not hold the monitor.  Monitors entered in callbacks, re-entered, or
 *   entered during OnLoad (which the spec hands to the main thread) need no
 *   special case.
 * - What a thread holds is thread-local (entered through a checked env,
 *   not during OnLoad), so the lock order needs no shared owner field.  An
 *   inversion is reported only when the reverse edge was made by another
 *   thread and no monitor held at both times guards them (a gate lock
 *   makes the two orders safe).  Direct inversions only (A-B, B-A), not
 *   longer cycles.
 * - A monitor the shim did not see created (another env, before wrapping)
 *   is unknown: nothing is reported about it.  A destroyed one stays known
 *   until a CreateRawMonitor through a checked env returns its address.
 *   With check=on, a use after destroy is reported only when the VM refuses
 *   it too (INVALID_MONITOR); check=strict refuses it without calling.
 * - "Busy" counts threads between entering our wrapper of Enter/Wait and
 *   leaving it: such a thread is blocked on, waiting on, about to use or
 *   just owning the monitor, so destroying it then is always a bug.  It is
 *   never passed on (under check=on too, as a bad Deallocate): HotSpot
 *   would exit the caller's hold and free the monitor under a thread that
 *   waits on it, a hang or a crash; the agent gets NOT_MONITOR_OWNER, the
 *   VM's own answer when another thread holds a monitor being destroyed.
 *
 * - monitor_invalid (check=deep): a monitor no CreateRawMonitor made, by
 *   the shim's records, which are complete only where the shim wrapped the
 *   agent from its start (the shim, not jvmti_check_wrap, which may come
 *   after monitors were made: jc_mon_all_seen says so) and while the table
 *   has room (once a monitor could not be recorded, never again).  The
 *   wrapper of CreateRawMonitor hands the agent a new monitor only after
 *   recording it, so no other thread of the agent can use it first.
 *   HotSpot reads such a handle's magic word unguarded: a wild pointer
 *   crashes it, so check=strict refuses the call (INVALID_MONITOR, the
 *   VM's answer for a readable non-monitor); check=deep reports it first
 *   and passes it on, as the VM would have been given it.
 *
 * Cost: a raw monitor call takes one global mutex around the bookkeeping
 * (never held across the VM's call); other functions pay nothing.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "jc_monitors.h"
#include "jc_inline.h"

#define MON_CAP 4096        /* monitors tracked at once (power of two) */
#define EDGE_CAP 8192       /* lock-order edges (power of two) */
#define HELD_CAP 16         /* monitors one thread holds, for the order */

typedef struct mon {
    const void *key;        /* the jrawMonitorID; NULL: free slot */
    unsigned gen;           /* bumped at each create: edges of an old life die */
    bool destroyed;
    _Atomic int busy;       /* threads inside our Enter/Wait wrapper */
    char name[48];
} mon;

typedef struct edge {
    const mon *from, *to;   /* NULL from: free slot */
    unsigned from_gen, to_gen;
    uint64_t thread[2];     /* two different threads that made it (0: none) */
    const mon *gate[HELD_CAP];  /* held at every time it was made */
    int ngate;
    bool reported;
} edge;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static mon mons[MON_CAP];
static bool all_seen;       /* every monitor the agent makes is recorded */
static bool mons_lost;      /* one could not be: monitor_invalid is off */
static edge edges[EDGE_CAP];

typedef struct held { mon *m; unsigned gen; int count; } held;
static _Thread_local held my_held[HELD_CAP];
static _Thread_local int my_nheld;
static _Thread_local bool my_overflow;     /* held more than HELD_CAP: order not tracked */
static _Thread_local uint64_t my_id;
static _Atomic uint64_t next_id = 1;

static uint64_t self_id(void)
{
    if (!my_id)
        my_id = atomic_fetch_add(&next_id, 1);
    return my_id;
}

static size_t hash_ptr(const void *p, size_t cap)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

/* The record of monitor key (lock held); create: claim a slot if absent. */
static mon *find(const void *key, bool create)
{
    size_t i = hash_ptr(key, MON_CAP);
    for (size_t n = 0; n < MON_CAP; n++, i = (i + 1) & (MON_CAP - 1)) {
        if (mons[i].key == key)
            return &mons[i];
        if (!mons[i].key) {
            if (!create)
                return NULL;
            mons[i].key = key;
            return &mons[i];
        }
    }
    return NULL;    /* full: unknown from now on */
}

static held *my_entry(const mon *m)
{
    for (int i = 0; i < my_nheld; i++)
        if (my_held[i].m == m && my_held[i].gen == m->gen)
            return &my_held[i];
    return NULL;
}

static void my_drop(const mon *m)
{
    for (int i = 0; i < my_nheld; i++)
        if (my_held[i].m == m) {
            my_held[i] = my_held[--my_nheld];
            break;
        }
    if (my_nheld == 0)
        my_overflow = false;
}

static edge *find_edge(const mon *from, const mon *to, bool create)
{
    size_t i = hash_ptr((const char *)from + ((uintptr_t)to << 4), EDGE_CAP);
    for (size_t n = 0; n < EDGE_CAP; n++, i = (i + 1) & (EDGE_CAP - 1)) {
        edge *e = &edges[i];
        if (e->from == from && e->to == to && e->from_gen == from->gen && e->to_gen == to->gen)
            return e;
        if (!e->from) {
            if (!create)
                return NULL;
            *e = (edge){ .from = from, .to = to, .from_gen = from->gen, .to_gen = to->gen, .ngate = -1 };
            return e;
        }
    }
    return NULL;
}

static bool in_gate(const edge *e, const mon *m)
{
    for (int i = 0; i < e->ngate; i++)
        if (e->gate[i] == m)
            return true;
    return false;
}

static bool jc_phase_is_onload(void)
{
    return atomic_load_explicit(&jc_g.phase, memory_order_relaxed) == JVMTI_PHASE_ONLOAD;
}

/* ---- the order, before an Enter ---------------------------------------------- */

typedef struct inversion { char held[48], entered[48]; bool found; } inversion;

static void order_before_enter(mon *m, inversion *inv)
{
    uint64_t me = self_id();
    if (my_overflow || my_entry(m))
        return;     /* re-entry adds no order */
    for (int i = 0; i < my_nheld; i++) {
        mon *h = my_held[i].m;
        if (h == m || my_held[i].gen != h->gen)
            continue;
        /* the reverse order, made by another thread, with no common gate */
        edge *r = find_edge(m, h, false);
        if (r && !r->reported && ((r->thread[0] && r->thread[0] != me) || (r->thread[1] && r->thread[1] != me))) {
            bool gated = false;
            for (int k = 0; k < my_nheld && !gated; k++)
                gated = my_held[k].m != h && in_gate(r, my_held[k].m);
            if (!gated) {
                r->reported = true;
                snprintf(inv->held, sizeof inv->held, "%s", h->name);
                snprintf(inv->entered, sizeof inv->entered, "%s", m->name);
                inv->found = true;
            }
        }
        /* this order: h then m, gated by what else is held */
        edge *e = find_edge(h, m, true);
        if (!e)
            continue;
        if (e->thread[0] == 0)
            e->thread[0] = me;
        else if (e->thread[0] != me && e->thread[1] == 0)
            e->thread[1] = me;
        if (e->ngate < 0) {
            e->ngate = 0;
            for (int k = 0; k < my_nheld; k++)
                if (my_held[k].m != h)
                    e->gate[e->ngate++] = my_held[k].m;
        } else {
            int n = 0;
            for (int k = 0; k < e->ngate; k++) {
                bool still = false;
                for (int j = 0; j < my_nheld; j++)
                    still |= my_held[j].m == e->gate[k] && my_held[j].m != h;
                if (still)
                    e->gate[n++] = e->gate[k];
            }
            e->ngate = n;
        }
    }
}

/* ---- the hooks ------------------------------------------------------------------ */

void jc_mon_all_seen(void)
{
    pthread_mutex_lock(&lock);
    all_seen = true;
    pthread_mutex_unlock(&lock);
}

void jc_mon_created(const void *monitor, const char *name)
{
    if (!monitor)
        return;
    pthread_mutex_lock(&lock);
    mon *m = find(monitor, true);
    if (!m)
        mons_lost = true;
    if (m) {
        m->gen++;
        m->destroyed = false;
        atomic_store(&m->busy, 0);
        snprintf(m->name, sizeof m->name, "%s", name ? name : "?");
    }
    pthread_mutex_unlock(&lock);
}

jvmtiError jc_mon_before(int num, enum jc_mon_op op, const void *monitor, jc_mon_call *call)
{
    memset(call, 0, sizeof *call);
    if (!monitor || jc_g.opt.check == JC_CHECK_OFF)
        return JVMTI_ERROR_NONE;
    const char *fn = jc_fn_table[num].name;
    inversion inv = { .found = false };
    int busy = 0;
    char name[48] = "";
    pthread_mutex_lock(&lock);
    mon *m = find(monitor, false);
    bool never = !m && jc_g.opt.deep && all_seen && !mons_lost;
    if (m) {
        call->known = true;
        snprintf(name, sizeof name, "%s", m->name);
        call->destroyed = m->destroyed;
        call->held = my_entry(m) != NULL;
        if (!m->destroyed) {
            if (op == JC_MON_ENTER && !jc_phase_is_onload())
                order_before_enter(m, &inv);
            if (op == JC_MON_ENTER || op == JC_MON_WAIT) {
                atomic_fetch_add(&m->busy, 1);
                call->busy_counted = true;
            }
            if (op == JC_MON_DESTROY)
                busy = atomic_load(&m->busy);
        }
    }
    pthread_mutex_unlock(&lock);
    if (never) {
        jc_violation(JC_CHK_monitor_invalid, fn, "monitor",
                     "%p is no raw monitor: no CreateRawMonitor made it%s", monitor,
                     jc_g.opt.check == JC_CHECK_STRICT ? "; not passed to the VM" : "");
        return jc_g.opt.check == JC_CHECK_STRICT ? JVMTI_ERROR_INVALID_MONITOR : JVMTI_ERROR_NONE;
    }
    if (!m)
        return JVMTI_ERROR_NONE;
    snprintf(call->name, sizeof call->name, "%s", name);
    if (call->destroyed && jc_g.opt.check == JC_CHECK_STRICT) {
        jc_violation(JC_CHK_monitor_destroyed, fn, "monitor", "raw monitor \"%s\" was destroyed by DestroyRawMonitor",
                     name);
        return JVMTI_ERROR_INVALID_MONITOR;
    }
    if (inv.found)
        jc_violation(JC_CHK_monitor_order, fn, "monitor",
                     "lock-order inversion: entering raw monitor \"%s\" while holding \"%s\"; another thread "
                     "entered them in the other order (a potential deadlock)",
                     inv.entered, inv.held);
    if (busy > 0) {     /* the VM would free what those threads use: never passed on */
        jc_violation(JC_CHK_monitor_destroy_busy, fn, "monitor",
                     "raw monitor \"%s\" is destroyed while %d other thread(s) enter or wait on it; not passed "
                     "to the VM",
                     name, busy);
        return JVMTI_ERROR_NOT_MONITOR_OWNER;
    }
    return JVMTI_ERROR_NONE;
}

void jc_mon_after(int num, enum jc_mon_op op, const void *monitor, jc_mon_call *call, jvmtiError err)
{
    if (!call->known)
        return;
    const char *fn = jc_fn_table[num].name;
    bool tracked_enter = false;
    pthread_mutex_lock(&lock);
    mon *m = find(monitor, false);
    if (m) {
        if (call->busy_counted)
            atomic_fetch_sub(&m->busy, 1);
        if (op == JC_MON_ENTER && err == JVMTI_ERROR_NONE && !jc_phase_is_onload()) {
            held *h = my_entry(m);
            if (h)
                h->count++;
            else if (my_nheld < HELD_CAP)
                my_held[my_nheld++] = (held){ m, m->gen, 1 }, tracked_enter = true;
            else
                my_overflow = true;
        }
        if (op == JC_MON_EXIT && err == JVMTI_ERROR_NONE) {
            held *h = my_entry(m);
            if (h && --h->count == 0)
                my_drop(m);
        }
        if (op == JC_MON_DESTROY && err == JVMTI_ERROR_NONE) {
            my_drop(m);
            m->destroyed = true;
        }
    }
    pthread_mutex_unlock(&lock);
    (void)tracked_enter;
    if (call->destroyed && err == JVMTI_ERROR_INVALID_MONITOR)
        jc_violation(JC_CHK_monitor_destroyed, fn, "monitor", "raw monitor \"%s\" was destroyed by DestroyRawMonitor",
                     call->name);
    if (err == JVMTI_ERROR_NOT_MONITOR_OWNER && !call->held && !call->destroyed)
        jc_violation(JC_CHK_monitor_owner, fn, "monitor",
                     op == JC_MON_DESTROY ? "raw monitor \"%s\" is owned by another thread"
                                          : "this thread does not own raw monitor \"%s\"",
                     call->name);
}
