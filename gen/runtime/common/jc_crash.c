/* jc_crash.c — the call in progress on each thread, and the records a
 * crash leaves: when the VM dies inside a call, that call is the last
 * record of its thread.
 *
 * Design:
 * - Records are made when a call returns (they hold its outputs and error),
 *   so a call that never returns would leave none.  Instead of writing an
 *   "enter" record before every call (a second record per call), each
 *   thread keeps the slot number of the call it is in, in a slot of its
 *   own: one thread-local store before the call and one after
 *   (jc_call_enter / jc_call_leave in jc_inline.h), no formatting, no lock.
 *   Nested calls (a call from an event callback inside a call) keep the
 *   outer number on the wrapper's stack and put it back.
 * - Slots live in a list that is only ever added to (a thread's slot is
 *   reused by a later thread, never freed), so a signal handler may walk it
 *   without a lock.
 * - The crash path is SIGABRT: HotSpot handles SIGSEGV, SIGBUS, SIGFPE and
 *   SIGILL itself (implicit null checks, safepoint polls: most of them are
 *   no crash at all), and when one is a crash it writes hs_err and then
 *   calls abort().  So the runtime never takes those signals from the VM;
 *   its SIGABRT handler, installed over whatever was there, writes every
 *   thread's batched lines, then one "enter" record per thread that is
 *   inside a call, and chains to the previous handler (or dies of the
 *   signal, as it would have).  The other threads run on until the process
 *   is gone: from the handler on, each of their records is written at once
 *   (jc_sink_dying), so the log holds every call that returned.  It formats
 *   with its own digits only: async-signal-safe but for the bounded lock
 *   tries of the sink (jc_lock_for).
 * - SIGXFSZ (jc_sink_signals, in jc_sink.c with the sink): a log past
 *   `ulimit -f` raises it, and its default action
 *   kills the process.  When no one handles it (the disposition is SIG_DFL
 *   when the sink opens) the runtime ignores it, so the write fails with
 *   EFBIG and the trace stops with a message; a handler of the VM or the
 *   agent is left alone.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* pthread_getname_np */
#endif
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "jc_internal.h"
#include "jc_trace_syntax.h"

static jc_call_slot *_Atomic slots;         /* added to at the head only */
static pthread_mutex_t slots_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t slot_key;
static pthread_once_t slot_once = PTHREAD_ONCE_INIT;
static bool slot_key_ok;

static void slot_release(void *arg)
{
    jc_call_slot *s = arg;
    atomic_store(&s->fn, 0);
    atomic_store(&s->used, false);
    jc_me()->call = NULL;
}

static void make_slot_key(void)
{
    slot_key_ok = pthread_key_create(&slot_key, slot_release) == 0;
}

jc_call_slot *jc_call_slot_new(void)
{
    pthread_once(&slot_once, make_slot_key);
    if (!slot_key_ok)
        return NULL;
    pthread_mutex_lock(&slots_mu);
    jc_call_slot *s = atomic_load(&slots);
    while (s && atomic_load(&s->used))
        s = s->next;
    if (!s && (s = calloc(1, sizeof *s)) != NULL) {
        s->next = atomic_load(&slots);
        atomic_store(&slots, s);
    }
    if (s) {
        atomic_store(&s->fn, 0);
        s->tid = (long)syscall(SYS_gettid);
        if (pthread_getname_np(pthread_self(), s->name, sizeof s->name) != 0)
            s->name[0] = '\0';
        atomic_store(&s->used, true);
    }
    pthread_mutex_unlock(&slots_mu);
    if (s) {
        pthread_setspecific(slot_key, s);
        jc_me()->call = s;
    }
    return s;
}

/* ---- the crash records ----------------------------------------------------------- */

typedef struct out {
    char b[512];
    size_t n;
} out;

static void o_s(out *o, const char *s)
{
    while (*s && o->n < sizeof o->b - 2)
        o->b[o->n++] = *s++;
}

static void o_u(out *o, unsigned long long v)
{
    char d[24];
    int i = (int)sizeof d;
    d[--i] = '\0';
    do
        d[--i] = (char)('0' + v % 10);
    while (v /= 10);
    o_s(o, d + i);
}

/* A quoted string, JSON-escaped; bytes past ASCII become '?' (an OS name is
 * cut at 15 bytes, maybe inside a character). */
static void o_q(out *o, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    o_s(o, "\"");
    for (; *s && o->n < sizeof o->b - 10; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            o->b[o->n++] = '\\';
            o->b[o->n++] = (char)c;
        } else if (c < 0x20) {
            char e[7] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15], 0 };
            o_s(o, e);
        } else {
            o->b[o->n++] = c < 0x80 ? (char)c : '?';
        }
    }
    o_s(o, "\"");
}

static const char *signal_word(int sig)
{
    return sig == SIGABRT ? "SIGABRT" : "signal";
}

/* One "enter" record: the call s's thread was in when the process died. */
static void write_enter(const jc_call_slot *s, int fn, int sig, unsigned long long t)
{
    out o = { .n = 0 };
    const jc_iface *ifc = jc_g.iface;
    const char *name = ifc && fn > 0 && fn <= ifc->fn_max() && ifc->fn_name(fn) ? ifc->fn_name(fn) : "?";
    char tname[40];
    memcpy(tname, s->name, sizeof s->name);
    tname[sizeof s->name - 1] = '\0';
    if (!tname[0]) {
        out t = { .n = 0 };
        o_s(&t, "tid-");
        o_u(&t, (unsigned long long)s->tid);
        t.b[t.n] = '\0';
        memcpy(tname, t.b, t.n + 1);
    }
    const char *phase = jc_phase_word(atomic_load(&jc_g.phase));
    if (jc_g.opt.format == JC_FMT_JSONL) {
        o_s(&o, "{\"kind\":\"enter\",\"name\":\"");
        o_s(&o, name);
        o_s(&o, "\",\"thread\":");
        o_q(&o, tname);
        o_s(&o, ",\"tid\":");
        o_u(&o, (unsigned long long)s->tid);
        o_s(&o, ",\"phase\":\"");
        o_s(&o, phase);
        o_s(&o, "\",\"crash\":\"");
        o_s(&o, signal_word(sig));
        o_s(&o, "\",\"t_ns\":");
        o_u(&o, t);
        o_s(&o, "}");
    } else {
        o_s(&o, "[t=");
        o_u(&o, t);
        o_s(&o, " thread=");
        if (jc_trace_bare(tname, strlen(tname)))
            o_s(&o, tname);
        else
            o_q(&o, tname);
        o_s(&o, " tid=");
        o_u(&o, (unsigned long long)s->tid);
        o_s(&o, " phase=");
        o_s(&o, phase);
        o_s(&o, "] enter ");
        o_s(&o, name);
        o_s(&o, " crash=");
        o_s(&o, signal_word(sig));
    }
    o.b[o.n++] = '\n';
    jc_sink_write(o.b, o.n);        /* other threads still write: one at a time */
}

static struct sigaction old_abrt;
static atomic_bool crash_installed;

static void on_abort(int sig, siginfo_t *si, void *uc)
{
    int saved = errno;
    int fd = jc_trace_crash_flush();
    if (fd >= 0) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        unsigned long long t = (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
        for (jc_call_slot *s = atomic_load(&slots); s; s = s->next) {
            int fn = atomic_load(&s->fn);
            if (atomic_load(&s->used) && fn > 0)
                write_enter(s, fn, sig, t);
        }
    }
    errno = saved;
    if (old_abrt.sa_flags & SA_SIGINFO) {
        if (old_abrt.sa_sigaction)
            old_abrt.sa_sigaction(sig, si, uc);
    } else if (old_abrt.sa_handler != SIG_DFL && old_abrt.sa_handler != SIG_IGN) {
        old_abrt.sa_handler(sig);
    } else {
        /* die of the signal, as without us: blocked while we run, it is
         * delivered when we return */
        sigaction(SIGABRT, &old_abrt, NULL);
        if (old_abrt.sa_handler == SIG_DFL)
            raise(sig);
    }
}

void jc_crash_init(void)
{
    if (!jc_g.opt.trace || atomic_exchange(&crash_installed, true))
        return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_abort;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGABRT, &sa, &old_abrt) != 0)
        atomic_store(&crash_installed, false);
}
