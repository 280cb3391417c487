/* jc_verdict.c — the end of a run: one verdict line on stderr, always
 * ("jvmticheck: 205 violations in 5 contexts, 1 leak site (158 blocks,
 * 6181 bytes); log /tmp/x.jsonl", "jvmticheck: no violations, 3 leak
 * sites (3 blocks, 57 bytes)" or "jvmticheck: no problems found (312
 * calls checked)": jc_verdict_format), so that a clean run cannot be mistaken for a shim that
 * was not loaded; exitcode=N (valgrind's --error-exitcode); halt=on (ASan's
 * halt_on_error); and the count of calls checked.
 *
 * Design:
 * - Calls are counted per thread (jc_count_call in jc_inline.h: a
 *   thread-local add, no shared cache line on the hot path); a thread's
 *   counter joins the list below on its first call and folds into the total
 *   when the thread exits.  The verdict adds the live counters up.
 * - The line is written with write(2) on fd 2, whatever log= says.
 * - exitcode=N acts at process exit (an atexit handler, registered when the
 *   options are set): the VM has run its shutdown, the report is written;
 *   stdio is flushed, then _exit(N).  Exit paths that skip atexit handlers
 *   (a crash, _exit) keep their own status, and so does a child of fork()
 *   (jc_forked_child: the problems counted are its parent's).
 * - halt=on stops in the violating call, after its record: the trace is
 *   flushed, one line names the violation and its call site, and the
 *   process exits with exitcode=N, or 1.
 * - A load of the shim that failed prints its verdict at once, if there
 *   were problems, and sets no exit status (jc_report_abandon); when the
 *   process loaded the shim more than once, each verdict names its load
 *   and agent.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jc_callsite.h"
#include "jc_internal.h"
#include "jc_quote.h"
#include "jc_sink.h"

typedef struct node {
    jc_thread *c;
    struct node *next;
} node;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static node *threads;
static _Atomic uint64_t exited_calls;
static pthread_key_t key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static bool key_ok;

static size_t leak_sites, leak_blocks, leak_bytes, leak_sites_suppressed;
static atomic_flag printed = ATOMIC_FLAG_INIT;
static atomic_bool abandoned;       /* the load failed: no exit status */

static void thread_exit(void *arg)
{
    jc_thread *c = arg;
    pthread_mutex_lock(&lock);
    for (node **pp = &threads; *pp; pp = &(*pp)->next)
        if ((*pp)->c == c) {
            node *dead = *pp;
            *pp = dead->next;
            free(dead);
            break;
        }
    atomic_fetch_add_explicit(&exited_calls, atomic_load_explicit(&c->calls, memory_order_relaxed),
                              memory_order_relaxed);
    atomic_store_explicit(&c->calls, 0, memory_order_relaxed);
    c->calls_registered = false;
    pthread_mutex_unlock(&lock);
}

static void make_key(void)
{
    key_ok = pthread_key_create(&key, thread_exit) == 0;
}

void jc_calls_register(jc_thread *me)
{
    me->calls_registered = true;       /* once per thread, even if what follows fails */
    pthread_once(&key_once, make_key);
    node *n = malloc(sizeof *n);
    if (!n || !key_ok) {
        free(n);
        return;
    }
    n->c = me;
    pthread_mutex_lock(&lock);
    n->next = threads;
    threads = n;
    pthread_mutex_unlock(&lock);
    pthread_setspecific(key, me);
}

uint64_t jc_calls_checked(void)
{
    pthread_mutex_lock(&lock);
    uint64_t n = atomic_load_explicit(&exited_calls, memory_order_relaxed);
    for (node *t = threads; t; t = t->next)
        n += atomic_load_explicit(&t->c->calls, memory_order_relaxed);
    pthread_mutex_unlock(&lock);
    return n;
}

void jc_verdict_leaks_suppressed(size_t sites)
{
    leak_sites_suppressed += sites;
}

void jc_verdict_leaks(size_t sites, size_t blocks, size_t bytes)
{
    leak_sites += sites;
    leak_blocks += blocks;
    leak_bytes += bytes;
}

/* The interface's violations, leaks apart (jc_iface_jvmti's counts). */
static uint64_t violations(void)
{
    return jc_g.iface && jc_g.iface->violations ? jc_g.iface->violations() : 0;
}

bool jc_verdict_problems(void)
{
    return violations() > 0 || leak_sites > 0;
}

static const char *s_if(uint64_t n) { return n == 1 ? "" : "s"; }

/* Who the line speaks for: the interface's word ("jvmticheck (load 2,
 * libfoo.so)" when the process loaded the shim more than once), or its
 * tool's. */
static void verdict_who(char *buf, size_t len)
{
    if (jc_g.iface && jc_g.iface->verdict_who)
        jc_g.iface->verdict_who(buf, len);
    else
        snprintf(buf, len, "%s", jc_g.iface ? jc_g.iface->tool : "jvmticheck");
}


/* Notes shown (the interface's count). */
static uint64_t notes(void)
{
    return jc_g.iface && jc_g.iface->notes ? jc_g.iface->notes() : 0;
}

char *jc_verdict_format(const jc_verdict_counts *c, char *buf, size_t len)
{
    size_t k = 0;
#define ADD(...) (k += (size_t)snprintf(buf + k, k < len ? len - k : 0, __VA_ARGS__))
    const char *off = c->check_off ? ", check=off" : "";
    const char *who = c->who ? c->who : "jvmticheck";
    if (c->violations == 0 && c->leak_sites == 0)
        ADD("%s: no problems found (%llu call%s checked%s)", who, (unsigned long long)c->calls, s_if(c->calls),
            off);
    else if (c->violations == 0)
        ADD("%s: no violations%s", who, c->check_off ? " (check=off)" : "");
    else
        ADD("%s: %llu violation%s in %zu context%s", who, (unsigned long long)c->violations, s_if(c->violations),
            c->contexts, s_if(c->contexts));
    if (c->leak_sites)
        ADD(", %zu leak site%s (%zu block%s, %zu byte%s)", c->leak_sites, s_if(c->leak_sites), c->leak_blocks,
            s_if(c->leak_blocks), c->leak_bytes, s_if(c->leak_bytes));
    if (c->notes)
        ADD(", %llu note%s", (unsigned long long)c->notes, s_if(c->notes));
    if (c->suppressed || c->leak_sites_suppressed) {
        ADD("; suppressed");
        if (c->suppressed)
            ADD(" %llu violation%s%s", (unsigned long long)c->suppressed, s_if(c->suppressed),
                c->leak_sites_suppressed ? " and" : "");
        if (c->leak_sites_suppressed)
            ADD(" %zu leak site%s", c->leak_sites_suppressed, s_if(c->leak_sites_suppressed));
    }
    char q[300];
    if (c->log_path)
        ADD("; log %s", jc_quote(c->log_path, q, sizeof q));
#undef ADD
    if (len && k >= len)
        buf[len - 1] = '\0';
    return buf;
}

void jc_verdict_print(void)
{
    if (!jc_g.active || jc_forked_child() || atomic_flag_test_and_set(&printed))
        return;
    jc_verdict_counts c = {
        .violations = violations(), .suppressed = jc_context_suppressed_count(), .notes = notes(),
        .contexts = jc_context_count(), .leak_sites = leak_sites, .leak_blocks = leak_blocks,
        .leak_bytes = leak_bytes, .leak_sites_suppressed = leak_sites_suppressed,
        .check_off = jc_g.opt.check == JC_CHECK_OFF, .log_path = jc_g.opt.log_path,
    };
    if (!jc_verdict_problems())
        c.calls = jc_calls_checked();
    char line[1024];
    char who[300];
    verdict_who(who, sizeof who);
    c.who = who;
    jc_verdict_format(&c, line, sizeof line - 1);
    strcat(line, "\n");
    jc_say(line);
}

void jc_verdict_halt(const char *check, const char *fn, const char *site)
{
    char line[1024];
    jc_trace_flush_all();
    snprintf(line, sizeof line, "%s: halt=on: stopped at the first violation, [%s] %s at %s\n", jc_sink_tool(),
             check, fn ? fn : "?", site ? site : "?");
    jc_say(line);
    fflush(NULL);
    _exit(jc_g.opt.exitcode ? jc_g.opt.exitcode : 1);
}

static void at_exit(void)
{
    if (!jc_g.active || !jc_g.opt.exitcode || atomic_load(&abandoned) || jc_forked_child() || !jc_verdict_problems())
        return;
    jc_trace_flush_all();
    fflush(NULL);
    _exit(jc_g.opt.exitcode);
}

void jc_verdict_init(void)
{
    static atomic_flag registered = ATOMIC_FLAG_INIT;
    jc_site_warm_up();
    if (jc_g.opt.exitcode && !atomic_flag_test_and_set(&registered))
        atexit(at_exit);
}

void jc_verdict_abandon(void)
{
    atomic_store(&abandoned, true);
}

void jc_verdict_reset(void)
{
    atomic_store(&abandoned, false);
    leak_sites = leak_blocks = leak_bytes = leak_sites_suppressed = 0;
    atomic_flag_clear(&printed);
    atomic_store(&exited_calls, 0);
}
