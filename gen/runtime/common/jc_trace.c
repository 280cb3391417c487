/* jc_trace.c — trace records (jc_rec_*) and the sink they are written to.
 *
 * A record is one line, text or JSON, built in a buffer of the calling
 * thread and written, whole, to a file opened O_APPEND (or stderr) under
 * the sink's lock, so lines of concurrent threads never interleave (see
 * "the sink" for pipes, failures and exit).  No lock is held across a real
 * call.  Lines look like
 *
 *   [t=123 thread=main tid=4242 phase=live] call GetThreadState(thread=0x7f.., thread_state_ptr=0x7f..) -> out(thread_state_ptr=JVMTI_THREAD_STATE_ALIVE) = JVMTI_ERROR_NONE dur=120ns
 *   {"kind":"call","name":"GetThreadState","thread":"main","tid":4242,"phase":"live","args":{...},"out":{...},"error":"JVMTI_ERROR_NONE","t_ns":123,"dur_ns":120}
 *
 * Design:
 * - Records nest: a call may be open while the VM posts an event on the
 *   same thread (RedefineClasses -> ClassFileLoadHook), whose callback makes
 *   calls of its own.  So each thread has a small stack of records, each
 *   with buffers that grow once and are then reused: no malloc per record
 *   in steady state.  They are freed when the thread exits.  Deeper nesting
 *   than the stack, or an allocation failure, drops the record (NULL is a
 *   valid jc_rec * everywhere), never the program.
 * - The start time is known only at jc_rec_end, but the text format shows
 *   it first: the body leaves PREFIX_ROOM bytes free in front, and "[t=N "
 *   is copied there at the end.  JSON puts t_ns and dur_ns last instead.
 *   The error and the extra fields are kept apart (r->error, the tail) so
 *   they may be given in any order and still come out after the args.
 * - The two formats differ only in punctuation, kept in one table
 *   (syntaxes[], jc_trace_syntax.c: `jvmtigen trace` writes the same);
 *   the code that walks a record is shared.
 * - Strings come from the VM in modified UTF-8 (NUL as C0 80, supplementary
 *   characters as two encoded surrogates): those become \u escapes, any
 *   other invalid byte U+FFFD, so every line is valid UTF-8 and JSON.
 *   A string longer than STR_MAX bytes is cut, with "..." added.
 * - The thread name is pthread_getname_np, cached per thread (HotSpot
 *   names its threads, cut to 15 bytes), until the live phase: then a Java
 *   thread's whole Java name, asked once per thread of the interface
 *   (jc_iface.thread_name: the JVMTI tool's jc_java_thread_name says where
 *   it is safe to ask; a thread that is no Java thread keeps its OS name).  A thread renamed
 *   later keeps its name, but for one rename: HotSpot posts ThreadStart on
 *   a new thread before it gives the OS thread its name (until then the
 *   creator's, inherited), so the ThreadStart trampoline calls
 *   jc_trace_thread_renamed() when it is done and the next record reads
 *   the name again.
 * - Under format=bin and record= the same calls also collect the record's
 *   items raw for the recording (jc_bin.c); with format=bin the log gets
 *   only the records other than calls and events.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* pthread_getname_np */
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "jc_bintrace.h"
#include "jc_internal.h"
#include "jc_sink.h"
#include "jc_trace_syntax.h"

#define REC_DEPTH 8         /* records open at once on one thread */
#define PREFIX_ROOM 32      /* "[t=18446744073709551615 " fits */
#define STR_MAX 65536       /* bytes of one string value kept */

typedef struct buf {
    char *p;
    size_t len, cap;
} buf;

enum group { GRP_NONE, GRP_ARGS, GRP_OUT };

struct jc_rec {
    buf body;               /* from PREFIX_ROOM: header, args, outs */
    buf tail;               /* extra fields, written after the error */
    enum jc_rec_kind kind;
    enum jc_format fmt;
    enum group group;
    bool first;             /* nothing yet in the open group */
    bool has_error;
    bool broken;            /* out of memory: dropped at the end */
    int error;                  /* the interface's error_group */
    bool to_text;           /* a line for the log */
    bool to_bin;            /* items for the recording (format=bin, record=) */
    jc_bin_rec bin;
    struct recstack *stack; /* the thread's, which holds this record */
};

/* ---- the two formats ------------------------------------------------------ */

/* The punctuation of each, the kind words and the bare-word rule:
 * jc_trace_syntax.c, which `jvmtigen trace` shares (the phase words are
 * the interface's, jc_phase_word below). */
static const jc_trace_syntax *const syntaxes[] = {
    [JC_FMT_TEXT] = &jc_trace_text,
    [JC_FMT_JSONL] = &jc_trace_jsonl,
};

static const jc_trace_syntax *sx(const jc_rec *r) { return syntaxes[r->fmt]; }
static bool is_text(const jc_rec *r) { return r->fmt == JC_FMT_TEXT; }

/* ---- per-thread state ----------------------------------------------------- */

/* The thread's open records, in one block (see tname_block below). */
static _Thread_local struct recstack {
    jc_rec recs[REC_DEPTH];
    int depth;
    bool registered;
} tl_rs;

static inline struct recstack *recstack(void)
{
    struct recstack *k = &tl_rs;
    __asm__("" : "+r"(k));
    return k;
}
/* The thread's name, in one block reached with one __tls_get_addr (the
 * empty asm keeps the compiler from computing its address at each use):
 * it is read for every record. */
static _Thread_local struct tname {
    bool named;
    bool java_named;            /* name is the Java name (or asking failed) */
    char name[64];
} tl_tn;

static inline struct tname *tname_block(void)
{
    struct tname *n = &tl_tn;
    __asm__("" : "+r"(n));
    return n;
}

static pthread_key_t cleanup_key;
static pthread_once_t cleanup_once = PTHREAD_ONCE_INIT;
static bool cleanup_ok;

static void free_thread_buffers(void *unused)
{
    (void)unused;
    for (int i = 0; i < REC_DEPTH; i++) {
        struct recstack *k = recstack();
        free(k->recs[i].body.p);
        free(k->recs[i].tail.p);
        jc_bin_rec_free(&k->recs[i].bin);
        k->recs[i] = (jc_rec){ .kind = JC_REC_CALL };
    }
    recstack()->depth = 0;
    recstack()->registered = false;
}

static void make_cleanup_key(void)
{
    cleanup_ok = pthread_key_create(&cleanup_key, free_thread_buffers) == 0;
}

/* The thread's buffers are freed at its exit (key destructors run on the
 * exiting thread, so they see its _Thread_local records). */
static void register_thread(struct recstack *k)
{
    if (k->registered)
        return;
    k->registered = true;
    pthread_once(&cleanup_once, make_cleanup_key);
    if (cleanup_ok)
        pthread_setspecific(cleanup_key, &k->registered);
}

static _Thread_local long tl_tid;

/* The OS thread id (gettid), in every record: threads with one name (the
 * native threads an agent starts inherit its creator's) stay apart. */
static long thread_id(void)
{
    if (!tl_tid)
        tl_tid = (long)syscall(SYS_gettid);
    return tl_tid;
}

/* The thread's name into its call slot (jc_crash.c's), for the crash
 * records of a call in progress. */
static void slot_named(const char *name)
{
    jc_call_slot *s = jc_me()->call;
    if (s) {
        size_t n = strnlen(name, sizeof s->name - 1);
        memcpy(s->name, name, n);
        s->name[n] = '\0';
    }
}

static const char *thread_name(void)
{
    struct tname *n = tname_block();
    if (!n->named) {
        if (pthread_getname_np(pthread_self(), n->name, sizeof n->name) != 0 || !n->name[0])
            snprintf(n->name, sizeof n->name, "tid-%ld", thread_id());
        n->named = true;
        n->java_named = false;
        slot_named(n->name);
        jc_bin_thread_renamed(n->name, false);
    }
    /* the Java name, whole (the OS name is cut to 15 bytes), once the VM
     * can be asked (the interface's thread_name says when) */
    if (!n->java_named && jc_g.iface && jc_g.iface->thread_name) {
        int got = jc_g.iface->thread_name(n->name, sizeof n->name);
        if (got >= 0)
            n->java_named = true;
        if (got > 0)
            slot_named(n->name);
        if (got >= 0)       /* asked: the name stays as it is now */
            jc_bin_thread_renamed(n->name, true);
    }
    return n->name;
}

const char *jc_trace_thread_name(void)
{
    return thread_name();
}

void jc_trace_thread_renamed(void)
{
    tname_block()->named = false;
    if (jc_bin_active)
        jc_bin_thread_renamed(NULL, false);
}

const char *jc_phase_word(int phase)
{
    const char *n = jc_g.iface && jc_g.iface->phase_name ? jc_g.iface->phase_name(phase) : NULL;
    return n ? n : "unknown";
}

/* ---- buffers ------------------------------------------------------------------ */

static bool reserve(jc_rec *r, buf *b, size_t n)
{
    if (r->broken)
        return false;
    if (b->cap - b->len >= n)
        return true;
    size_t cap = b->cap ? b->cap : 512;
    while (cap - b->len < n)
        cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        r->broken = true;
        return false;
    }
    register_thread(r->stack);
    b->p = p;
    b->cap = cap;
    return true;
}

static void put(jc_rec *r, buf *b, const char *s, size_t n)
{
    if (n > 0 && reserve(r, b, n)) {
        memcpy(b->p + b->len, s, n);
        b->len += n;
    }
}

static void put_s(jc_rec *r, buf *b, const char *s) { put(r, b, s, strlen(s)); }

static void put_u64(jc_rec *r, buf *b, unsigned long long v)
{
    char d[24];
    int i = (int)sizeof d;
    do
        d[--i] = (char)('0' + v % 10);
    while (v /= 10);
    put(r, b, d + i, sizeof d - (size_t)i);
}

static void put_i64(jc_rec *r, buf *b, long long v)
{
    if (v < 0)
        put_s(r, b, "-");
    put_u64(r, b, v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v);
}

/* Shortest of %.15g..%.17g that reads back as v, with the locale's decimal
 * point (the JVM calls setlocale) turned into '.'. */
static void put_double(jc_rec *r, buf *b, double v)
{
    if (!isfinite(v)) {
        const char *q = sx(r)->sym_quote;
        put_s(r, b, q);
        put_s(r, b, isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
        put_s(r, b, q);
        return;
    }
    char d[64];
    jc_format_double(d, v);
    put_s(r, b, d);
}

/* ---- strings ------------------------------------------------------------------ */

static void rec_put(void *ctx, const char *s, size_t n)
{
    struct { jc_rec *r; buf *b; } *c = ctx;
    put(c->r, c->b, s, n);
}

/* The inside of a JSON string for s (jc_sink.c). */
static void put_escaped(jc_rec *r, buf *b, const char *s)
{
    struct { jc_rec *r; buf *b; } c = { r, b };
    jc_json_escape(s, STR_MAX, rec_put, &c);
}

static void put_quoted(jc_rec *r, buf *b, const char *s, const char *quote)
{
    if (!s) {
        put_s(r, b, sx(r)->null);
        return;
    }
    put_s(r, b, quote);
    put_escaped(r, b, s);
    put_s(r, b, quote);
}

/* A name or string value: bare in text when possible, quoted otherwise. */
static void put_word(jc_rec *r, buf *b, const char *s)
{
    if (s && is_text(r) && jc_trace_bare(s, strlen(s)))
        put_s(r, b, s);
    else
        put_quoted(r, b, s, "\"");
}

static void put_key(jc_rec *r, buf *b, const char *key)
{
    put_s(r, b, sx(r)->key_open);
    if (is_text(r))
        put_s(r, b, key ? key : "?");
    else
        put_escaped(r, b, key ? key : "?");
    put_s(r, b, sx(r)->key_close);
}

/* ---- the sink ------------------------------------------------------------------- */

/* The sink itself (open, close, whole-line writes, failure) is jc_sink.c. */
static void sink_write(const char *p, size_t n) { jc_sink_write(p, n); }


/* ---- batching -----------------------------------------------------------------
 * With trace=calls or trace=events a JVM makes millions of records; one
 * write(2) each would cap throughput near 300k lines/s.  So each thread
 * collects whole lines in its own batch and writes it with one write(2)
 * when it passes BATCH_FLUSH bytes, when a violation, leak or summary
 * record arrives (those are wanted at once), when the thread exits, and in
 * jc_trace_flush_all() (summary, unload, process exit).  A batch holds only
 * whole lines, so lines still never interleave; the lock on a batch is only
 * ever contended by a flush-all. */

#define BATCH_FLUSH (32 * 1024)

typedef struct batch {
    pthread_mutex_t mu;
    char *p;
    size_t len, cap;
    struct batch *next;
} batch;

static _Thread_local batch *tl_batch;
static batch *all_batches;
static pthread_mutex_t batches_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t batch_key;
static pthread_once_t batch_once = PTHREAD_ONCE_INIT;
static bool batch_key_ok;

static void batch_flush_locked(batch *b)
{
    if (b->len) {
        sink_write(b->p, b->len);
        b->len = 0;
    }
}

static void batch_thread_exit(void *arg)
{
    batch *b = arg;
    pthread_mutex_lock(&batches_mu);
    for (batch **pp = &all_batches; *pp; pp = &(*pp)->next)
        if (*pp == b) {
            *pp = b->next;
            break;
        }
    pthread_mutex_unlock(&batches_mu);
    pthread_mutex_lock(&b->mu);
    batch_flush_locked(b);
    pthread_mutex_unlock(&b->mu);
    pthread_mutex_destroy(&b->mu);
    free(b->p);
    free(b);
    tl_batch = NULL;
}

/* Records reach the log within FLUSH_MS while the VM runs: a thread of
 * ours flushes every batch that often (a batch of an idle thread would
 * otherwise wait for its thread's exit). */
#define FLUSH_MS 100

static void *flusher(void *unused)
{
    (void)unused;
    const struct timespec tick = { 0, FLUSH_MS * 1000000L };
    for (;;) {
        nanosleep(&tick, NULL);
        jc_trace_flush_all();
    }
    return NULL;
}

static void start_flusher(void)
{
    jc_start_own_thread(flusher, "log");
}

/* fork(): the child gets copies of every batch, which the parent will
 * write: the child forgets them (and has no flusher; its own later records
 * go out at its exit).  The locks are taken around fork so that the child
 * does not inherit one held by a thread it does not have. */
static void fork_prepare(void)
{
    pthread_mutex_lock(&batches_mu);
    pthread_mutex_lock(jc_sink_mutex());
}

static void fork_parent(void)
{
    pthread_mutex_unlock(jc_sink_mutex());
    pthread_mutex_unlock(&batches_mu);
}

static void fork_child(void)
{
    tl_tid = 0;                     /* the child's thread has an id of its own */
    for (batch *b = all_batches; b; b = b->next) {
        pthread_mutex_init(&b->mu, NULL);
        b->len = 0;
    }
    pthread_mutex_unlock(jc_sink_mutex());
    pthread_mutex_unlock(&batches_mu);
}

/* At exit (atexit): the last flush, after which nothing is written.  The
 * VM's threads still run while the process exits and are killed wherever
 * they are, maybe inside a write(2), which the kernel then cuts short: the
 * log would end with a torn line.  So the sink's lock is taken (a write in
 * progress ends first), every batch written, and jc_trace_crashing set
 * before the lock is let go: later records are dropped, whole. */
static void (*_Atomic last_words)(void);

void jc_trace_before_exit(void (*fn)(void))
{
    atomic_store(&last_words, fn);
}

static void flush_at_exit(void)
{
    void (*fn)(void) = atomic_exchange(&last_words, NULL);
    if (fn)
        fn();                       /* its records still go out */
    pthread_mutex_lock(&batches_mu);
    pthread_mutex_lock(jc_sink_mutex());
    int fd = atomic_load(&jc_sink_fd);
    for (batch *b = all_batches; b; b = b->next) {
        pthread_mutex_lock(&b->mu);
        if (fd >= 0 && b->len && !atomic_load(&jc_trace_crashing))
            jc_sink_write_locked(fd, b->p, b->len);
        fd = atomic_load(&jc_sink_fd);
        b->len = 0;
        pthread_mutex_unlock(&b->mu);
    }
    atomic_store(&jc_trace_crashing, true);
    pthread_mutex_unlock(jc_sink_mutex());
    pthread_mutex_unlock(&batches_mu);
}

static void batch_setup(void)
{
    batch_key_ok = pthread_key_create(&batch_key, batch_thread_exit) == 0;
    atexit(flush_at_exit);
    pthread_atfork(fork_prepare, fork_parent, fork_child);
    start_flusher();
}

static batch *thread_batch(void)
{
    if (tl_batch)
        return tl_batch;
    pthread_once(&batch_once, batch_setup);
    batch *b = calloc(1, sizeof *b);
    if (!b || !batch_key_ok) {
        free(b);
        return NULL;
    }
    pthread_mutex_init(&b->mu, NULL);
    pthread_mutex_lock(&batches_mu);
    b->next = all_batches;
    all_batches = b;
    pthread_mutex_unlock(&batches_mu);
    pthread_setspecific(batch_key, b);
    return tl_batch = b;
}

void jc_trace_flush_all(void)
{
    pthread_mutex_lock(&batches_mu);
    for (batch *b = all_batches; b; b = b->next) {
        pthread_mutex_lock(&b->mu);
        batch_flush_locked(b);
        pthread_mutex_unlock(&b->mu);
    }
    pthread_mutex_unlock(&batches_mu);
}

/* Write one line: batched under high-volume tracing, else at once. */
static void emit_line(const char *p, size_t n, enum jc_rec_kind kind)
{
    bool urgent = kind != JC_REC_CALL && kind != JC_REC_EVENT && kind != JC_REC_PACKET;
    batch *b = (jc_g.opt.trace & (JC_TRACE_CALLS | JC_TRACE_EVENTS)) ? thread_batch() : NULL;
    if (!b) {
        sink_write(p, n);
        return;
    }
    pthread_mutex_lock(&b->mu);
    if (atomic_load_explicit(&jc_trace_crashing, memory_order_relaxed)) {
        pthread_mutex_unlock(&b->mu);       /* after exit's last flush: dropped, whole */
        return;
    }
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 2 * BATCH_FLUSH;
        while (cap < b->len + n)
            cap *= 2;
        char *q = realloc(b->p, cap);
        if (!q) {
            batch_flush_locked(b);
            pthread_mutex_unlock(&b->mu);
            sink_write(p, n);
            return;
        }
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->len, p, n);
    b->len += n;
    if (urgent || b->len >= BATCH_FLUSH || atomic_load_explicit(&jc_sink_dying, memory_order_relaxed))
        batch_flush_locked(b);
    pthread_mutex_unlock(&b->mu);
}

/* ---- records ---------------------------------------------------------------------- */

/* A record goes to the log (format=text or jsonl; under format=bin, the
 * records other than calls and events, on stderr as text) and to the
 * recording (format=bin, record=). */
static jc_rec *push(enum jc_rec_kind kind)
{
    struct recstack *k = recstack();
    if (!jc_g.active || k->depth >= REC_DEPTH || (unsigned)kind > JC_REC_PACKET)
        return NULL;
    bool to_text = atomic_load_explicit(&jc_sink_fd, memory_order_relaxed) >= 0
                   && !(jc_g.opt.format == JC_FMT_BIN
                        && (kind == JC_REC_CALL || kind == JC_REC_EVENT || kind == JC_REC_PACKET));
    if (!to_text && !jc_bin_active)
        return NULL;
    jc_rec *r = &k->recs[k->depth++];
    r->stack = k;
    r->to_text = to_text;
    r->to_bin = jc_bin_active;
    if (r->to_bin)
        register_thread(k);
    r->kind = kind;
    r->fmt = jc_g.opt.format == JC_FMT_JSONL ? JC_FMT_JSONL : JC_FMT_TEXT;
    r->group = GRP_NONE;
    r->first = true;
    r->has_error = r->broken = false;
    r->body.len = r->tail.len = 0;
    if (to_text && reserve(r, &r->body, PREFIX_ROOM))
        r->body.len = PREFIX_ROOM;
    return r;
}

/* The part known at the start: who, where, what. */
static void put_header(jc_rec *r, const char *name, const char *label, const char *bin_label)
{
    buf *b = &r->body;
    const char *vname = NULL;
    long long vtid = -1;
    bool virt = jc_g.iface->vthread_current && jc_g.iface->vthread_current(&vname, &vtid);
    if (r->to_bin) {
        jc_bin_begin(&r->bin, r->kind, name, bin_label, virt ? vname : NULL);
        if (virt)
            jc_bin_vthread(&r->bin, thread_name(), vname, vtid);
    }
    if (!r->to_text)
        return;
    const char *phase = jc_phase_word(atomic_load_explicit(&jc_g.phase, memory_order_relaxed));
    if (is_text(r)) {
        put_s(r, b, "thread=");
        put_word(r, b, virt ? vname : thread_name());
        if (virt) {
            put_s(r, b, " vthread=");
            put_i64(r, b, vtid);
        }
        put_s(r, b, " tid=");
        put_i64(r, b, thread_id());
        if (jc_g.iface->phases) {
            put_s(r, b, " phase=");
            put_s(r, b, phase);
        }
        put_s(r, b, "] ");
        put_s(r, b, jc_trace_kind_word(sx(r), jc_bin_kinds[r->kind]));
        if (label) {
            put_s(r, b, " [");
            put_s(r, b, label);
            put_s(r, b, "]");
        }
        put_s(r, b, " ");
        put_word(r, b, name ? name : "?");
        return;
    }
    put_s(r, b, "{\"kind\":\"");
    put_s(r, b, jc_trace_kind_word(sx(r), jc_bin_kinds[r->kind]));
    put_s(r, b, "\",\"name\":");
    put_quoted(r, b, name ? name : "?", "\"");
    put_s(r, b, ",\"thread\":");
    put_quoted(r, b, virt ? vname : thread_name(), "\"");
    if (virt) {
        put_s(r, b, ",\"virtual\":true,\"thread_id\":");
        put_i64(r, b, vtid);
        put_s(r, b, ",\"carrier\":");
        put_quoted(r, b, thread_name(), "\"");
    }
    put_s(r, b, ",\"tid\":");
    put_i64(r, b, thread_id());
    if (jc_g.iface->phases) {
        put_s(r, b, ",\"phase\":\"");
        put_s(r, b, phase);
        put_s(r, b, "\"");
    }
}

jc_rec *jc_rec_begin(enum jc_rec_kind kind, const char *name)
{
    jc_rec *r = push(kind);
    if (r)
        put_header(r, name, NULL, NULL);
    return r;
}

jc_rec *jc_rec_begin_violation(const char *check, const char *fn)
{
    return jc_rec_begin_labelled(JC_REC_VIOLATION, check, fn);
}

jc_rec *jc_rec_begin_labelled(enum jc_rec_kind kind, const char *check, const char *fn)
{
    jc_rec *r = push(kind);
    if (!r)
        return NULL;
    put_header(r, fn, is_text(r) ? check : NULL, check);
    if (!is_text(r) && r->to_text) {
        /* the log's "check" field; the recording has it as the label */
        bool to_bin = r->to_bin;
        r->to_bin = false;
        jc_rec_field_str(r, "check", check);
        r->to_bin = to_bin;
    }
    return r;
}

/* Opens the args group if need be, separates, writes the key. */
static buf *arg(jc_rec *r, const char *name)
{
    buf *b = &r->body;
    if (r->group == GRP_NONE) {
        put_s(r, b, sx(r)->args_open);
        r->group = GRP_ARGS;
    } else if (!r->first) {
        put_s(r, b, sx(r)->sep);
    }
    r->first = false;
    put_key(r, b, name);
    return b;
}

/* The recording takes the value raw; true when the log wants a line. */
static bool bin_raw(jc_rec *r, unsigned type, const char *name, const char *group, uint64_t v)
{
    if (!r)
        return false;
    if (r->to_bin)
        jc_bin_item(&r->bin, type, name, group, v);
    return r->to_text;
}

void jc_rec_arg_int(jc_rec *r, const char *name, long long v)
{
    if (bin_raw(r, JC_BIN_I_INT, name, NULL, (uint64_t)v))
        put_i64(r, arg(r, name), v);
}

void jc_rec_arg_uint(jc_rec *r, const char *name, unsigned long long v)
{
    if (bin_raw(r, JC_BIN_I_UINT, name, NULL, v))
        put_u64(r, arg(r, name), v);
}

void jc_rec_arg_double(jc_rec *r, const char *name, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    if (bin_raw(r, JC_BIN_I_DOUBLE, name, NULL, bits))
        put_double(r, arg(r, name), v);
}

void jc_rec_arg_bool(jc_rec *r, const char *name, int v)
{
    if (bin_raw(r, JC_BIN_I_BOOL, name, NULL, v != 0))
        put_s(r, arg(r, name), v ? "true" : "false");
}

void jc_rec_arg_str(jc_rec *r, const char *name, const char *s)
{
    if (!r)
        return;
    if (r->to_bin)
        jc_bin_item_str(&r->bin, JC_BIN_I_STR, name, s);
    if (r->to_text)
        put_quoted(r, arg(r, name), s, "\"");
}

/* A symbol (name, pointer, number shown as text): quoted in JSON only. */
static void put_sym(jc_rec *r, buf *b, const char *s)
{
    put_s(r, b, sx(r)->sym_quote);
    put_s(r, b, s);
    put_s(r, b, sx(r)->sym_quote);
}

void jc_rec_arg_ptr(jc_rec *r, const char *name, const void *p)
{
    if (!bin_raw(r, JC_BIN_I_PTR, name, NULL, (uint64_t)(uintptr_t)p))
        return;
    buf *b = arg(r, name);
    if (!p) {
        put_s(r, b, sx(r)->null);
    } else if (!jc_g.opt.addresses) {
        put_sym(r, b, "0xPTR");     /* so that two runs diff cleanly */
    } else {
        char hex[24];
        snprintf(hex, sizeof hex, "0x%llx", (unsigned long long)(uintptr_t)p);
        put_sym(r, b, hex);
    }
}

/* The name of v in group; NULL when it has none. */
static const char *value_name(const char *group, long long v)
{
    if (!group)
        return NULL;
    /* the error type of the interface being checked */
    if (jc_g.iface && jc_g.iface->error_name && strcmp(group, jc_g.iface->error_group) == 0)
        return jc_g.iface->error_name(v);
    /* its other groups: events, constants (jc_iface_jvmti's) */
    return jc_g.iface && jc_g.iface->value_name ? jc_g.iface->value_name(group, v) : NULL;
}

/* v as its name, or as a number (quoted in JSON, like the names). */
static void put_value_name(jc_rec *r, buf *b, const char *group, long long v)
{
    const char *n = value_name(group, v);
    put_s(r, b, sx(r)->sym_quote);
    if (n)
        put_s(r, b, n);
    else
        put_i64(r, b, v);
    put_s(r, b, sx(r)->sym_quote);
}

void jc_rec_arg_enum(jc_rec *r, const char *name, const char *group, long long v)
{
    if (bin_raw(r, JC_BIN_I_ENUM, name, group, (uint64_t)v))
        put_value_name(r, arg(r, name), group, v);
}

void jc_rec_arg_bits(jc_rec *r, const char *name, const char *group, long long v)
{
    if (!bin_raw(r, JC_BIN_I_BITS, name, group, (uint64_t)v))
        return;
    buf *b = arg(r, name);
    size_t (*format)(const char *, long long, char *, size_t) = jc_g.iface ? jc_g.iface->bits_format : NULL;
    size_t n = group && format ? format(group, v, NULL, 0) : 0;
    if (n == 0) {           /* not a <constants> group */
        put_value_name(r, b, group, v);
        return;
    }
    put_s(r, b, sx(r)->sym_quote);
    if (reserve(r, b, n + 1)) {
        format(group, v, b->p + b->len, n + 1);
        b->len += n;
    }
    put_s(r, b, sx(r)->sym_quote);
}

/* c as (modified) UTF-8, then escaped like any string. */
void jc_rec_arg_char(jc_rec *r, const char *name, int c)
{
    if (!bin_raw(r, JC_BIN_I_CHAR, name, NULL, (uint64_t)(int64_t)c))
        return;
    unsigned long cp = c < 0 ? (unsigned char)c : (unsigned long)c;
    char u[5] = { 0 };
    if (cp == 0)
        memcpy(u, "\xC0\x80", 2);
    else if (cp < 0x80)
        u[0] = (char)cp;
    else if (cp < 0x800)
        u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F));
    else if (cp < 0x10000)
        u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[2] = (char)(0x80 | (cp & 0x3F));
    else
        memcpy(u, "\xEF\xBF\xBD", 3);   /* not a char: jchar is 16 bits */
    put_quoted(r, arg(r, name), u, sx(r)->char_quote);
}

void jc_rec_out(jc_rec *r)
{
    if (!r || r->group == GRP_OUT)
        return;
    if (r->to_bin)
        jc_bin_item(&r->bin, JC_BIN_I_OUT, NULL, NULL, 0);
    if (!r->to_text) {
        r->group = GRP_OUT;
        return;
    }
    put_s(r, &r->body, r->group == GRP_NONE ? sx(r)->args_empty : sx(r)->group_close);
    put_s(r, &r->body, sx(r)->out_open);
    r->group = GRP_OUT;
    r->first = true;
}

void jc_rec_error(jc_rec *r, int e)
{
    if (r) {
        r->has_error = true;
        r->error = e;
    }
}

void jc_rec_field_str(jc_rec *r, const char *key, const char *value)
{
    if (!r)
        return;
    if (r->to_bin)
        jc_bin_item_str(&r->bin, JC_BIN_I_FIELD_STR, key, value);
    if (!r->to_text)
        return;
    put_s(r, &r->tail, sx(r)->field_sep);
    put_key(r, &r->tail, key);
    put_word(r, &r->tail, value);
}

void jc_rec_field_int(jc_rec *r, const char *key, long long value)
{
    if (!bin_raw(r, JC_BIN_I_FIELD_INT, key, NULL, (uint64_t)value))
        return;
    put_s(r, &r->tail, sx(r)->field_sep);
    put_key(r, &r->tail, key);
    put_i64(r, &r->tail, value);
}

/* Closes the groups; adds the error, the extra fields and the times. */
static void finish(jc_rec *r, uint64_t t_ns, uint64_t dur_ns)
{
    buf *b = &r->body;
    bool has_args = r->kind == JC_REC_CALL || r->kind == JC_REC_EVENT;
    if (r->group != GRP_NONE)
        put_s(r, b, sx(r)->group_close);
    else if (has_args)
        put_s(r, b, sx(r)->args_empty);
    if (r->has_error) {
        put_s(r, b, is_text(r) ? " = " : ",\"error\":");
        put_value_name(r, b, jc_g.iface->error_group, r->error);
    }
    if (is_text(r) && has_args) {
        put_s(r, b, " dur=");
        put_u64(r, b, dur_ns);
        put_s(r, b, "ns");
    }
    put(r, b, r->tail.p, r->tail.len);
    if (!is_text(r)) {
        put_s(r, b, ",\"t_ns\":");
        put_u64(r, b, t_ns);
        put_s(r, b, ",\"dur_ns\":");
        put_u64(r, b, dur_ns);
        put_s(r, b, "}");
    }
    put_s(r, b, "\n");
}

/* The line from its first byte: text's "[t=N " goes in the room left in
 * front of the body. */
static const char *line_start(jc_rec *r, uint64_t t_ns)
{
    char pre[PREFIX_ROOM];
    int n = is_text(r) ? snprintf(pre, sizeof pre, "[t=%llu ", (unsigned long long)t_ns) : 0;
    char *start = r->body.p + PREFIX_ROOM - n;
    memcpy(start, pre, (size_t)n);
    return start;
}

static void pop(jc_rec *r)
{
    struct recstack *k = r->stack;
    if (r >= k->recs && r < k->recs + k->depth)
        k->depth = (int)(r - k->recs);
}

void jc_rec_end(jc_rec *r, uint64_t t_ns, uint64_t dur_ns)
{
    if (!r)
        return;
    int saved = errno;          /* the agent may look at errno after our write */
    if (!t_ns && (r->to_text || !r->bin.claimed))
        t_ns = jc_now_ns();     /* not timed (the wrapper times only when asked) */
    if (r->to_bin)
        jc_bin_end(&r->bin, r->has_error, r->error, t_ns, dur_ns);
    if (!r->to_text) {
        pop(r);
        errno = saved;
        return;
    }
    finish(r, t_ns, dur_ns);
    if (!r->broken) {
        const char *start = line_start(r, t_ns);
        emit_line(start, (size_t)(r->body.p + r->body.len - start), r->kind);
    }
    pop(r);
    errno = saved;
}

/* ---- the crash path ------------------------------------------------------------
 * jc_crash.c's SIGABRT handler (the VM aborts after its error report) calls
 * this.  From then on (jc_sink_dying) every record goes out at once, with
 * what its thread had batched before it (emit_line), so that the other
 * threads' calls up to the moment the process is gone reach the log; here
 * every batch is written as it stands.  Nothing here waits on a lock for
 * ever: the locks are tried for a while (the process is dying; a thread
 * that holds a lock may be the one that crashed); the sink's lock is then
 * done without, a batch's is not (below). */

int jc_trace_crash_flush(void)
{
    if (atomic_exchange(&jc_sink_dying, true) || atomic_load(&jc_trace_crashing))
        return -1;                      /* a second time, or after exit's last flush */
    bool list_locked = jc_lock_for(&batches_mu, 1000);
    for (batch *b = all_batches; b; b = b->next) {
        /* A batch whose lock stays taken is its owner's to write: the owner
         * is inside emit_line, which writes all it has now that
         * jc_sink_dying is set.  Touching it unlocked would race with the
         * owner's append (len reset under its memcpy: a stale, torn head
         * of the buffer written later, two records on one line). */
        if (!jc_lock_for(&b->mu, 1000))
            continue;
        size_t n = b->len;
        while (n > 0 && b->p[n - 1] != '\n')   /* whole lines only */
            n--;
        if (n > 0)
            sink_write(b->p, n);
        b->len = 0;
        pthread_mutex_unlock(&b->mu);
    }
    if (list_locked)
        pthread_mutex_unlock(&batches_mu);
    return atomic_load(&jc_sink_fd);
}
