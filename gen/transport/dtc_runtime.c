/* dtc_runtime.c — libdt_check.so: a JDWP transport that checks and traces
 * the real one.
 *
 * libjdwp loads it like any transport (-agentlib:jdwp=transport=dt_check,
 * with this library on its search path).  Its jdwpTransport_OnLoad loads
 * the real transport (dt_socket from the JDK that loaded libjdwp, or the
 * one DTCHECK_OPTIONS transport= names), hands that transport memory
 * routines of ours that wrap the agent's (to see which blocks came from
 * them), and gives libjdwp an env whose table is the generated wrappers
 * (jdwpTransportcheck_gen.c, from spec/jdwpTransport.xml).
 *
 * The wrappers call the hooks below: the spec's rules on call order (read
 * and write only on a connection, Accept only while listening), packets'
 * length, data and flags fields, memory the transport returns (from the
 * allocation routine), and the error values.  Every call and every packet
 * is one record (id, flags, command set and command by name, length,
 * the reply's error code), then one verdict line at exit, in
 * libjvmticheck's words.  Records are text lines, or JSON lines under
 * format=jsonl with the shim's field names (kind, name, thread, tid,
 * args, error, check, message, t_ns, dur_ns); either way they go through
 * the shim's sink (gen/runtime/jc_sink.c: whole lines, pipe-safe, one
 * message when a write fails), not a copy of it.  Packets are rare next
 * to JVMTI calls: a mutex guards the memory set and the contexts; nothing
 * here is on a hot path.
 *
 * A call after Close is not a mistake: the spec gives it a result (I/O
 * error or illegal state) because a reader thread may race a closing one,
 * and libjdwp's threads do.  Reading or writing before any connection
 * ever opened is.
 *
 * DTCHECK_OPTIONS (comma separated, dtc_options.c): transport=NAME|PATH
 * (dt_socket), log=FILE (stderr; %p the pid), format=text|jsonl (text),
 * trace=on|off (on), exitcode=N (the process exit status when there were
 * violations; default: unchanged), halt=on|off (off: on, exit at the
 * first violation).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "dtc_options.h"
#include "dtc_runtime.h"
#include "jc_sink.h"


typedef struct dtc_env {
    const struct jdwpTransportNativeInterface_ *functions;  /* first, as the ABI wants */
    jdwpTransportEnv *real;
} dtc_env;

static dtc_options opt;
static bool options_bad;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char *log_path;          /* log= with %p expanded; NULL: stderr */
static jdwpTransportCallback agent_cb;
static _Atomic unsigned long long seq, ncalls, nviolations, ndeviations;
static _Atomic unsigned long long read_cmds, read_replies, written_cmds, written_replies, read_eof;
static _Atomic unsigned long long unanswered_replies;
static atomic_bool listening, open_now, ever_open;
static _Atomic unsigned long long calls_after_close;
/* Contexts, as the shim's verdict counts them: here a (check, function)
 * pair, the call sites of a transport's caller being all in libjdwp. */
typedef struct context { const char *check, *fn; } context;
static context contexts[128];
static size_t ncontexts;
static atomic_flag verdict_done = ATOMIC_FLAG_INIT;

/* ---- output ------------------------------------------------------------- */

/* A text line, to the sink (jc_sink.c) whole. */
static void out_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void out_line(const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if (n > (int)sizeof buf - 2)
        n = (int)sizeof buf - 2;
    buf[n++] = '\n';
    jc_sink_write(buf, (size_t)n);
}

static long tid(void) { return (long)syscall(SYS_gettid); }

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static const char *thread_name(void)
{
    static _Thread_local char name[64];
    if (!name[0] && (pthread_getname_np(pthread_self(), name, sizeof name) != 0 || !name[0]))
        snprintf(name, sizeof name, "tid-%ld", tid());
    return name;
}

/* A JSON line (format=jsonl): built in a buffer, strings escaped by the
 * shim's escaper, written whole; one that does not fit is dropped. */
typedef struct jrec {
    char b[8192];
    size_t n;
    bool cut;
} jrec;

static void j_put(void *ctx, const char *s, size_t n)
{
    jrec *r = ctx;
    if (r->cut || r->n + n > sizeof r->b - 2) {
        r->cut = true;
        return;
    }
    memcpy(r->b + r->n, s, n);
    r->n += n;
}

static void j_raw(jrec *r, const char *s) { j_put(r, s, strlen(s)); }

static void j_str(jrec *r, const char *s)
{
    if (!s) {
        j_raw(r, "null");
        return;
    }
    j_raw(r, "\"");
    jc_json_escape(s, 1024, j_put, r);
    j_raw(r, "\"");
}

static void j_key(jrec *r, const char *key)
{
    j_raw(r, ",");
    j_str(r, key);
    j_raw(r, ":");
}

static void j_field_str(jrec *r, const char *key, const char *v) { j_key(r, key); j_str(r, v); }

static void j_field_int(jrec *r, const char *key, long long v)
{
    char d[24];
    snprintf(d, sizeof d, "%lld", v);
    j_key(r, key);
    j_raw(r, d);
}

/* kind and name first, as the shim's records; seq 0: none. */
static void j_begin(jrec *r, const char *kind, const char *name, unsigned long long seq)
{
    r->n = 0;
    r->cut = false;
    j_raw(r, "{\"kind\":");
    j_str(r, kind);
    j_field_str(r, "name", name);
    j_field_str(r, "thread", thread_name());
    j_field_int(r, "tid", tid());
    if (seq)
        j_field_int(r, "seq", (long long)seq);
}

static void j_end(jrec *r, uint64_t t_ns, long long dur_ns)
{
    j_field_int(r, "t_ns", (long long)(t_ns ? t_ns : now_ns()));
    if (dur_ns >= 0)
        j_field_int(r, "dur_ns", dur_ns);
    if (r->cut)
        return;
    r->b[r->n++] = '}';
    r->b[r->n++] = '\n';
    jc_sink_write(r->b, r->n);
}

/* A message about call seq (0: none) of function fn: text
 * "dtcheck: #seq msg", JSON a record of its kind ("note", or "warning"
 * for what goes wrong in the transport's loading). */
static void vmessage(const char *kind, unsigned long long seq, const char *fn, const char *fmt, va_list ap)
{
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (!opt.jsonl) {
        if (seq)
            out_line("dtcheck: #%llu %s", seq, msg);
        else
            out_line("dtcheck: %s", msg);
        return;
    }
    jrec r;
    j_begin(&r, kind, fn, seq);
    j_field_str(&r, "message", msg);
    j_end(&r, 0, -1);
}

/* A note the trace shows (trace=on only). */
static void note(unsigned long long seq, const char *fn, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void note(unsigned long long seq, const char *fn, const char *fmt, ...)
{
    if (!opt.trace)
        return;
    va_list ap;
    va_start(ap, fmt);
    vmessage("note", seq, fn, fmt, ap);
    va_end(ap);
}

/* A warning, shown whatever trace= says. */
static void warning(const char *fn, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warning(const char *fn, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage("warning", 0, fn, fmt, ap);
    va_end(ap);
}

static const char *error_name(int e)
{
    for (const dtc_error_name *n = dtc_error_names; n->name; n++)
        if (n->num == e)
            return n->name;
    return NULL;
}

static void halt_now(const char *check, const char *fn);

/* A violation: counted, its context counted, its record written (text is
 * the line given, JSON the fields), then halt=on acts. */
static void violation_record(unsigned long long seq, const char *check, const char *fn, const char *param,
                             const char *msg, const char *text)
{
    atomic_fetch_add(&nviolations, 1);
    pthread_mutex_lock(&lock);
    size_t i = 0;
    while (i < ncontexts && !(strcmp(contexts[i].check, check) == 0 && strcmp(contexts[i].fn, fn) == 0))
        i++;
    if (i == ncontexts && ncontexts < sizeof contexts / sizeof contexts[0])
        contexts[ncontexts++] = (context){ check, fn };
    pthread_mutex_unlock(&lock);
    if (!opt.jsonl) {
        out_line("%s", text);
    } else {
        jrec r;
        j_begin(&r, "violation", fn, seq);
        j_field_str(&r, "check", check);
        if (param)
            j_field_str(&r, "param", param);
        j_field_str(&r, "message", msg);
        j_end(&r, 0, -1);
    }
    if (opt.halt)
        halt_now(check, fn);
}

/* ---- the verdict -------------------------------------------------------- */


static const char *s_if(unsigned long long n) { return n == 1 ? "" : "s"; }

static void verdict(void)
{
    if (atomic_flag_test_and_set(&verdict_done))
        return;
    unsigned long long v = nviolations, c = ncalls, d = ndeviations;
    pthread_mutex_lock(&lock);
    size_t cx = ncontexts;
    pthread_mutex_unlock(&lock);
    if (!opt.jsonl) {
        char packets[256];
        snprintf(packets, sizeof packets,
                 "packets: %llu read (%llu commands, %llu replies, %llu end of stream), %llu written (%llu replies, %llu commands)",
                 read_cmds + read_replies, read_cmds, read_replies, read_eof, written_cmds + written_replies,
                 written_replies, written_cmds);
        if (calls_after_close)
            snprintf(packets + strlen(packets), sizeof packets - strlen(packets), "; I/O calls after Close: %llu",
                     (unsigned long long)calls_after_close);
        out_line("dtcheck: %s", packets);
    } else {
        jrec r;
        j_begin(&r, "summary", "packets", 0);
        j_field_int(&r, "read_commands", (long long)read_cmds);
        j_field_int(&r, "read_replies", (long long)read_replies);
        j_field_int(&r, "read_end_of_stream", (long long)read_eof);
        j_field_int(&r, "written_replies", (long long)written_replies);
        j_field_int(&r, "written_commands", (long long)written_cmds);
        j_field_int(&r, "calls_after_close", (long long)calls_after_close);
        j_end(&r, 0, -1);
    }
    /* the shim's verdict line, with the transport's deviations after it */
    char line[1024], dev[160] = "", logs[600] = "";
    if (d)
        snprintf(dev, sizeof dev, "; the transport deviated from the spec %llu time%s (deviation records)", d,
                 s_if(d));
    if (log_path)
        snprintf(logs, sizeof logs, "; log %s", log_path);
    if (v == 0)
        snprintf(line, sizeof line, "dtcheck: no problems found (%llu call%s checked)%s%s", c, s_if(c), dev, logs);
    else
        snprintf(line, sizeof line, "dtcheck: %llu violation%s in %zu context%s%s%s", v, s_if(v), cx,
                 s_if(cx), dev, logs);
    if (!opt.jsonl) {
        out_line("%s", line);
    } else {
        jrec r;
        j_begin(&r, "summary", "verdict", 0);
        j_field_int(&r, "violations", (long long)v);
        j_field_int(&r, "contexts", (long long)cx);
        j_field_int(&r, "calls", (long long)c);
        j_field_int(&r, "deviations", (long long)d);
        j_field_str(&r, "message", line);
        j_end(&r, 0, -1);
    }
    /* on stderr too when the log is a file (or JSON), as the shim's */
    if (log_path || opt.jsonl) {
        size_t n = strlen(line);
        line[n] = '\n';
        line[n + 1] = '\0';
        jc_say(line);
    }
    if (v && opt.exitcode >= 0)
        _exit(opt.exitcode);
}

/* halt=on: after the first violation's record, one line on stderr, and
 * the exit (exitcode=N, else 1). */
static void halt_now(const char *check, const char *fn)
{
    char line[512];
    snprintf(line, sizeof line, "dtcheck: halt=on: stopped at the first violation, [%s] %s\n", check, fn);
    jc_say(line);
    _exit(opt.exitcode > 0 ? opt.exitcode : 1);
}

__attribute__((destructor)) static void at_unload(void) { verdict(); }

/* ---- options ------------------------------------------------------------ */

static void parse_options(void)
{
    char err[600];
    dtc_options_default(&opt);
    if (dtc_options_parse(getenv("DTCHECK_OPTIONS"), &opt, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        options_bad = true;
        return;
    }
    jc_sink_set_tool("dtcheck");
    if (*opt.log && ((log_path = strdup(opt.log)) == NULL || jc_expand_pid(&log_path) != 0)) {
        free(log_path);
        log_path = NULL;
    }
    if (log_path && jc_sink_open(log_path, err, sizeof err) != 0) {
        fprintf(stderr, "%s; tracing to stderr\n", err);
        free(log_path);
        log_path = NULL;
    }
    if (!log_path)
        (void)jc_sink_open(NULL, err, sizeof err);
}

/* ---- memory from the agent's routines ----------------------------------- */

/* Blocks the transport got from alloc and still holds: an open-addressing
 * set of addresses (tombstones on removal), grown when half full. */
static uintptr_t *blocks;
static size_t nblocks_cap, nblocks_used;
static _Atomic unsigned long long nallocs, nfrees;
#define TOMB ((uintptr_t)1)

static size_t slot_of(uintptr_t p, size_t cap) { return (size_t)((p >> 4) * 0x9E3779B97F4A7C15ull) & (cap - 1); }

static void set_add_locked(uintptr_t p)
{
    if ((nblocks_used + 1) * 2 > nblocks_cap) {
        size_t ncap = nblocks_cap ? nblocks_cap * 2 : 256;
        uintptr_t *nb = calloc(ncap, sizeof *nb);
        if (!nb)
            return;
        size_t used = 0;
        for (size_t i = 0; i < nblocks_cap; i++)
            if (blocks[i] > TOMB) {
                size_t j = slot_of(blocks[i], ncap);
                while (nb[j])
                    j = (j + 1) & (ncap - 1);
                nb[j] = blocks[i];
                used++;
            }
        free(blocks);
        blocks = nb;
        nblocks_cap = ncap;
        nblocks_used = used;
    }
    size_t j = slot_of(p, nblocks_cap);
    while (blocks[j] > TOMB)
        j = (j + 1) & (nblocks_cap - 1);
    blocks[j] = p;
    nblocks_used++;
}

/* Removes p; false when it was not there. */
static bool set_remove(const void *ptr)
{
    uintptr_t p = (uintptr_t)ptr;
    bool found = false;
    pthread_mutex_lock(&lock);
    if (nblocks_cap)
        for (size_t j = slot_of(p, nblocks_cap), k = 0; blocks[j] && k < nblocks_cap;
             j = (j + 1) & (nblocks_cap - 1), k++)
            if (blocks[j] == p) {
                blocks[j] = TOMB;
                found = true;
                break;
            }
    pthread_mutex_unlock(&lock);
    return found;
}

static void *dtc_alloc(jint n)
{
    void *p = agent_cb.alloc ? agent_cb.alloc(n) : NULL;
    if (p) {
        atomic_fetch_add(&nallocs, 1);
        pthread_mutex_lock(&lock);
        set_add_locked((uintptr_t)p);
        pthread_mutex_unlock(&lock);
    }
    return p;
}

static void dtc_free(void *p)
{
    if (!p)
        return;
    if (!set_remove(p)) {
        char msg[256], text[300];
        snprintf(msg, sizeof msg, "the transport frees %p, which the allocation routine did not give it (or it freed "
                 "already): not passed on", p);
        snprintf(text, sizeof text, "dtcheck: violation [free_unknown] t%ld: %s", tid(), msg);
        violation_record(0, "free_unknown", "free", NULL, msg, text);
        return;
    }
    atomic_fetch_add(&nfrees, 1);
    agent_cb.free(p);
}

/* Memory the transport hands its caller must come from alloc; once handed
 * over, the caller frees it with its own routine. */
static void handed_over(dtc_call *c, const char *what, const void *p)
{
    if (p && !set_remove(p))
        dtc_violation(c, "memory_callback", what, "%s (%p) was not allocated with the agent's allocation routine", what,
                      p);
}

/* ---- the call record ---------------------------------------------------- */

static void put(dtc_call *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(dtc_call *c, const char *fmt, ...)
{
    if (c->len >= (int)sizeof c->line - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(c->line + c->len, sizeof c->line - (size_t)c->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        c->len += n;
    if (c->len > (int)sizeof c->line - 1)
        c->len = (int)sizeof c->line - 1;
}

static const char *fn_name(int fn)
{
    return fn > 0 && fn < dtc_nfns && dtc_fns[fn].name ? dtc_fns[fn].name : "?";
}

void dtc_enter(dtc_call *c, jdwpTransportEnv *env, int fn)
{
    (void)env;
    c->fn = fn;
    c->seq = atomic_fetch_add(&seq, 1) + 1;
    c->len = 0;
    c->alen = 0;
    c->args[0] = '\0';
    c->failed_check = false;
    c->t0 = opt.jsonl ? now_ns() : 0;
    atomic_fetch_add(&ncalls, 1);
    put(c, "dtcheck: #%llu t%ld %s(", c->seq, tid(), fn_name(fn));
}

/* The JSON args of the call (format=jsonl): ",\"name\":value" each. */
static void jarg(dtc_call *c, const char *name, const char *json_value)
{
    if (!opt.jsonl)
        return;
    int n = snprintf(c->args + c->alen, sizeof c->args - (size_t)c->alen, "%s\"%s\":%s", c->alen ? "," : "", name,
                     json_value);
    if (n > 0 && c->alen + n < (int)sizeof c->args)
        c->alen += n;
    else
        c->args[c->alen] = '\0';    /* cut at an argument */
}

static void sep(dtc_call *c)
{
    if (c->line[c->len - 1] != '(')
        put(c, ", ");
}

void dtc_arg_long(dtc_call *c, const char *name, long long v)
{
    sep(c);
    put(c, "%s=%lld", name, v);
    char d[24];
    snprintf(d, sizeof d, "%lld", v);
    jarg(c, name, d);
}
void dtc_arg_ptr(dtc_call *c, const char *name, const void *v)
{
    sep(c);
    put(c, "%s=%p", name, v);
    char d[32];
    snprintf(d, sizeof d, v ? "\"%p\"" : "null", v);
    jarg(c, name, d);
}
void dtc_arg_str(dtc_call *c, const char *name, const char *v)
{
    sep(c);
    if (v)
        put(c, "%s=\"%.200s\"", name, v);
    else
        put(c, "%s=NULL", name);
    if (opt.jsonl) {
        jrec r = { .n = 0 };
        j_str(&r, v);
        r.b[r.cut ? 0 : r.n] = '\0';
        jarg(c, name, r.cut ? "null" : r.b);
    }
}
void dtc_args_done(dtc_call *c) { put(c, ")"); }

void dtc_violation(dtc_call *c, const char *check, const char *param, const char *fmt, ...)
{
    char msg[512], text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    c->failed_check = true;
    snprintf(text, sizeof text, "dtcheck: violation [%s] #%llu t%ld %s%s%s: %s", check, c->seq, tid(), fn_name(c->fn),
             param ? " param " : "", param ? param : "", msg);
    violation_record(c->seq, check, fn_name(c->fn), param, msg, text);
}

/* The call's record: text "... = RESULT", JSON a "call" record with the
 * error's name ("error") or the value of a function without one
 * ("result"). */
static void call_record(dtc_call *c, bool has_error, int v, bool refused)
{
    if (!opt.trace)
        return;
    const char *n = has_error ? error_name(v) : NULL;
    if (!opt.jsonl) {
        if (n)
            out_line("%.*s = %s%s", c->len, c->line, n, refused ? " (refused)" : "");
        else
            out_line("%.*s = %d%s", c->len, c->line, v, refused ? " (refused)" : "");
        return;
    }
    jrec r;
    j_begin(&r, "call", fn_name(c->fn), c->seq);
    j_raw(&r, ",\"args\":{");
    j_raw(&r, c->args);
    j_raw(&r, "}");
    if (n)
        j_field_str(&r, "error", n);
    else
        j_field_int(&r, has_error ? "error" : "result", v);
    if (refused)
        j_raw(&r, ",\"refused\":true");
    uint64_t t = now_ns();
    j_end(&r, c->t0, (long long)(t - c->t0));
}

int dtc_refused(dtc_call *c, int error)
{
    call_record(c, true, error, true);
    return error;
}

int dtc_refuse(dtc_call *c, const char *check, const char *param, int error)
{
    dtc_violation(c, check, param, "%s is NULL, which the spec does not allow: not passed to the transport, %s returned",
                  param, error_name(error) ? error_name(error) : "0");
    call_record(c, true, error, true);
    return error;
}

static bool listed(const int *list, int e)
{
    for (; *list >= 0; list++)
        if (*list == e)
            return true;
    return false;
}

void dtc_result(dtc_call *c, int error)
{
    call_record(c, true, error, false);
    /* The transport's own deviation, not its caller's mistake: a record
     * and a count of its own, apart from the violations.  (dt_socket
     * answers a StopListening when not listening with ILLEGAL_STATE; the
     * spec says that call does nothing and returns no error.) */
    if (!listed(dtc_universal_errors, error) && !listed(dtc_fns[c->fn].errors, error)) {
        atomic_fetch_add(&ndeviations, 1);
        char msg[512];
        snprintf(msg, sizeof msg, "the transport returned %s (%d), which the spec does not list for %s",
                 error_name(error) ? error_name(error) : "a value no error has", error, fn_name(c->fn));
        if (!opt.jsonl) {
            out_line("dtcheck: deviation [undocumented_error] #%llu t%ld %s: %s", c->seq, tid(), fn_name(c->fn), msg);
        } else {
            jrec r;
            j_begin(&r, "deviation", fn_name(c->fn), c->seq);
            j_field_str(&r, "check", "undocumented_error");
            j_field_int(&r, "error", error);
            j_field_str(&r, "message", msg);
            j_end(&r, 0, -1);
        }
    }
}

void dtc_result_value(dtc_call *c, int value)
{
    call_record(c, false, value, false);
}

const struct jdwpTransportNativeInterface_ *dtc_real(jdwpTransportEnv *env)
{
    return *((dtc_env *)env)->real;
}

jdwpTransportEnv *dtc_real_env(jdwpTransportEnv *env) { return ((dtc_env *)env)->real; }

/* ---- packets ------------------------------------------------------------ */

/* Commands waiting for their reply, by id: to name a reply by the command
 * it answers.  Separate for each direction. */
typedef struct pending { jint id; jbyte set, cmd; bool used; } pending;
static pending from_debugger[1024], from_vm[1024];

static void describe(char *buf, size_t len, int set, int cmd)
{
    const char *sn = dtc_command_set_name(set), *cn = dtc_command_name(set, cmd);
    snprintf(buf, len, "%s.%s (%d,%d)", sn ? sn : "?", cn ? cn : "?", set, cmd);
}

/* A packet's record in JSON: "name" is "CommandSet.Command" ("?" parts
 * unknown; a reply to no command we saw: null), "dir" "in" (read from the
 * debugger) or "out". */
static void packet_json(const dtc_call *c, const char *dir, bool reply, const jdwpPacket *p, bool known, int set,
                        int cmd)
{
    char name[128];
    const char *sn = dtc_command_set_name(set), *cn = dtc_command_name(set, cmd);
    snprintf(name, sizeof name, "%s.%s", sn ? sn : "?", cn ? cn : "?");
    jrec r;
    j_begin(&r, "packet", known ? name : NULL, c->seq);
    j_field_str(&r, "dir", dir[0] == '<' ? "in" : "out");
    j_field_str(&r, "type", reply ? "reply" : "command");
    j_field_int(&r, "id", p->type.cmd.id);
    j_field_int(&r, "len", p->type.cmd.len);
    j_field_int(&r, "flags", (unsigned char)p->type.cmd.flags);
    if (known) {
        j_field_int(&r, "command_set", set);
        j_field_int(&r, "command", cmd);
    }
    if (reply) {
        const char *en = dtc_jdwp_error_name(p->type.reply.errorCode);
        j_field_int(&r, "error_code", p->type.reply.errorCode);
        j_field_str(&r, "error", en);
    }
    j_end(&r, 0, -1);
}

/* dir: "<-" read from the debugger, "->" written to it. */
static void trace_packet(const dtc_call *c, const char *dir, const jdwpPacket *p, pending *cmds_in,
                         pending *replies_to)
{
    char what[160];
    int set = 0, cmd = 0;
    if (p->type.cmd.flags & JDWPTRANSPORT_FLAGS_REPLY) {
        const jdwpReplyPacket *r = &p->type.reply;
        pending *q = &replies_to[(unsigned)r->id % 1024];
        pthread_mutex_lock(&lock);
        bool known = q->used && q->id == r->id;
        if (known) {
            set = (unsigned char)q->set;
            cmd = (unsigned char)q->cmd;
            q->used = false;
        }
        pthread_mutex_unlock(&lock);
        if (known) {
            describe(what, sizeof what, set, cmd);
        } else {
            snprintf(what, sizeof what, "to an unknown command");
            atomic_fetch_add(&unanswered_replies, 1);
        }
        const char *en = dtc_jdwp_error_name(r->errorCode);
        if (opt.trace && opt.jsonl)
            packet_json(c, dir, true, p, known, set, cmd);
        else if (opt.trace)
            out_line("dtcheck: #%llu packet %s reply id=%d len=%d flags=0x%02x error=%d%s%s %s", c->seq, dir, r->id,
                     r->len, (unsigned char)r->flags, r->errorCode, en ? " " : "", en ? en : "", what);
    } else {
        const jdwpCmdPacket *k = &p->type.cmd;
        pending *q = &cmds_in[(unsigned)k->id % 1024];
        pthread_mutex_lock(&lock);
        *q = (pending){ k->id, k->cmdSet, k->cmd, true };
        pthread_mutex_unlock(&lock);
        set = (unsigned char)k->cmdSet;
        cmd = (unsigned char)k->cmd;
        describe(what, sizeof what, set, cmd);
        if (opt.trace && opt.jsonl)
            packet_json(c, dir, false, p, true, set, cmd);
        else if (opt.trace)
            out_line("dtcheck: #%llu packet %s command id=%d len=%d flags=0x%02x %s", c->seq, dir, k->id, k->len,
                     (unsigned char)k->flags, what);
    }
}

/* ---- the contract hooks ------------------------------------------------- */

int dtc_pre_GetCapabilities(dtc_call *c, JDWPTransportCapabilities *caps) { (void)c; (void)caps; return -1; }
void dtc_post_GetCapabilities(dtc_call *c, jdwpTransportError r, JDWPTransportCapabilities *caps)
{
    if (r == JDWPTRANSPORT_ERROR_NONE)
        note(c->seq, fn_name(c->fn), "capabilities: timeout attach %d, accept %d, handshake %d",
                 caps->can_timeout_attach, caps->can_timeout_accept, caps->can_timeout_handshake);
}

int dtc_pre_Attach(dtc_call *c, const char *address, jlong t1, jlong t2)
{
    (void)address; (void)t1; (void)t2;
    if (atomic_load(&listening) || atomic_load(&open_now))
        dtc_violation(c, "illegal_state", NULL, "Attach while %s",
                      atomic_load(&open_now) ? "a connection is open" : "listening (StartListening was called)");
    return -1;
}
void dtc_post_Attach(dtc_call *c, jdwpTransportError r, const char *address, jlong t1, jlong t2)
{
    (void)address; (void)t1; (void)t2;
    if (r == JDWPTRANSPORT_ERROR_NONE) {
        atomic_store(&open_now, true);
        atomic_store(&ever_open, true);
        note(c->seq, fn_name(c->fn), "connected to %s, handshake done (\"JDWP-Handshake\" both ways)", address);
    }
}

int dtc_pre_StartListening(dtc_call *c, const char *address, char **actual)
{
    (void)address; (void)actual;
    if (atomic_load(&listening) || atomic_load(&open_now))
        dtc_violation(c, "illegal_state", NULL, "StartListening while %s",
                      atomic_load(&open_now) ? "a connection is open" : "already listening");
    return -1;
}
void dtc_post_StartListening(dtc_call *c, jdwpTransportError r, const char *address, char **actual)
{
    (void)address;
    if (r != JDWPTRANSPORT_ERROR_NONE)
        return;
    atomic_store(&listening, true);
    if (actual) {
        note(c->seq, fn_name(c->fn), "listening at %s", *actual ? *actual : "(null)");
        handed_over(c, "actual_address", *actual);
    }
}

int dtc_pre_StopListening(dtc_call *c) { (void)c; return -1; }
void dtc_post_StopListening(dtc_call *c, jdwpTransportError r)
{
    (void)c;
    if (r == JDWPTRANSPORT_ERROR_NONE)
        atomic_store(&listening, false);
}

int dtc_pre_Accept(dtc_call *c, jlong t1, jlong t2)
{
    (void)t1; (void)t2;
    if (!atomic_load(&listening))
        dtc_violation(c, "not_listening", NULL, "Accept while the transport is not listening (StartListening first)");
    else if (atomic_load(&open_now))
        dtc_violation(c, "illegal_state", NULL, "Accept while a connection is open");
    return -1;
}
void dtc_post_Accept(dtc_call *c, jdwpTransportError r, jlong t1, jlong t2)
{
    (void)t1; (void)t2;
    if (r == JDWPTRANSPORT_ERROR_NONE) {
        atomic_store(&open_now, true);
        atomic_store(&ever_open, true);
        note(c->seq, fn_name(c->fn), "debugger accepted, handshake done (\"JDWP-Handshake\" both ways)");
    }
}

int dtc_pre_IsOpen(dtc_call *c) { (void)c; return -1; }
void dtc_post_IsOpen(dtc_call *c, jboolean r) { (void)c; (void)r; }

int dtc_pre_Close(dtc_call *c) { (void)c; return -1; }
void dtc_post_Close(dtc_call *c, jdwpTransportError r)
{
    (void)c; (void)r;
    atomic_store(&open_now, false);
}

static void io_state(dtc_call *c)
{
    if (!atomic_load(&ever_open))
        dtc_violation(c, "not_open", NULL, "%s before any connection was opened (Attach or Accept first)",
                      fn_name(c->fn));
    else if (!atomic_load(&open_now))
        atomic_fetch_add(&calls_after_close, 1);
}

int dtc_pre_ReadPacket(dtc_call *c, jdwpPacket *pkt) { (void)pkt; io_state(c); return -1; }
void dtc_post_ReadPacket(dtc_call *c, jdwpTransportError r, jdwpPacket *pkt)
{
    if (r != JDWPTRANSPORT_ERROR_NONE)
        return;
    jint len = pkt->type.cmd.len;
    if (len == 0) {
        atomic_fetch_add(&read_eof, 1);
        note(c->seq, fn_name(c->fn), "end of stream: the debugger closed the connection");
        return;
    }
    const jbyte *data = pkt->type.cmd.flags & JDWPTRANSPORT_FLAGS_REPLY ? pkt->type.reply.data : pkt->type.cmd.data;
    if (len < JDWP_HEADER_SIZE)
        dtc_violation(c, "packet_length", "pkt", "the transport returned a packet of length %d (below %d) as success",
                      len, JDWP_HEADER_SIZE);
    else if (len > JDWP_HEADER_SIZE && !data)
        dtc_violation(c, "packet_data", "pkt", "the transport returned %d bytes of data at NULL", len - JDWP_HEADER_SIZE);
    handed_over(c, "pkt data", data);
    if (pkt->type.cmd.flags & JDWPTRANSPORT_FLAGS_REPLY)
        atomic_fetch_add(&read_replies, 1);
    else
        atomic_fetch_add(&read_cmds, 1);
    trace_packet(c, "<-", pkt, from_debugger, from_vm);
}

int dtc_pre_WritePacket(dtc_call *c, const jdwpPacket *pkt)
{
    io_state(c);
    jint len = pkt->type.cmd.len;
    jbyte flags = pkt->type.cmd.flags;
    const jbyte *data = flags & JDWPTRANSPORT_FLAGS_REPLY ? pkt->type.reply.data : pkt->type.cmd.data;
    if (len < JDWP_HEADER_SIZE)
        dtc_violation(c, "packet_length", "pkt", "packet length %d is below the header's %d", len, JDWP_HEADER_SIZE);
    else if (len > JDWP_HEADER_SIZE && !data) {
        /* the spec's answer is ILLEGAL_ARGUMENT; dt_socket (JDK 17, 25)
         * reads the NULL instead and crashes: refused here */
        dtc_violation(c, "packet_data", "pkt",
                      "packet length %d promises %d bytes of data, and data is NULL: not passed to the transport, "
                      "JDWPTRANSPORT_ERROR_ILLEGAL_ARGUMENT returned", len, len - JDWP_HEADER_SIZE);
        return JDWPTRANSPORT_ERROR_ILLEGAL_ARGUMENT;
    }
    if ((unsigned char)flags != JDWPTRANSPORT_FLAGS_NONE && (unsigned char)flags != JDWPTRANSPORT_FLAGS_REPLY)
        dtc_violation(c, "packet_flags", "pkt", "flags 0x%02x are neither a command's (0) nor a reply's (0x80)",
                      (unsigned char)flags);
    return -1;
}
void dtc_post_WritePacket(dtc_call *c, jdwpTransportError r, const jdwpPacket *pkt)
{
    (void)c;
    if (r != JDWPTRANSPORT_ERROR_NONE || pkt->type.cmd.len < JDWP_HEADER_SIZE)
        return;
    if (pkt->type.cmd.flags & JDWPTRANSPORT_FLAGS_REPLY)
        atomic_fetch_add(&written_replies, 1);
    else
        atomic_fetch_add(&written_cmds, 1);
    trace_packet(c, "->", pkt, from_vm, from_debugger);
}

int dtc_pre_GetLastError(dtc_call *c, char **msg) { (void)c; (void)msg; return -1; }
void dtc_post_GetLastError(dtc_call *c, jdwpTransportError r, char **msg)
{
    if (r != JDWPTRANSPORT_ERROR_NONE)
        return;
    note(c->seq, fn_name(c->fn), "last error: %s", *msg ? *msg : "(null)");
    handed_over(c, "error", *msg);
}

int dtc_pre_SetTransportConfiguration(dtc_call *c, jdwpTransportConfiguration *config)
{
    note(c->seq, fn_name(c->fn), "configuration: allowed_peers=%s",
         config->allowed_peers ? config->allowed_peers : "(any)");
    return -1;
}
void dtc_post_SetTransportConfiguration(dtc_call *c, jdwpTransportError r, jdwpTransportConfiguration *config)
{
    (void)c; (void)r; (void)config;
}

/* ---- the entry point ---------------------------------------------------- */

/* transport=NAME: lib<NAME>.so beside the libjdwp that called us (the
 * agent's alloc routine lives there); a PATH with a slash as it is. */
static void *load_real(void *agent_fn, char *path, size_t len)
{
    if (strchr(opt.transport, '/')) {
        snprintf(path, len, "%s", opt.transport);
    } else {
        Dl_info info;
        const char *dir = ".";
        char buf[512];
        if (dladdr(agent_fn, &info) && info.dli_fname && strrchr(info.dli_fname, '/')) {
            snprintf(buf, sizeof buf, "%s", info.dli_fname);
            *strrchr(buf, '/') = '\0';
            dir = buf;
        }
        snprintf(path, len, "%s/lib%s.so", dir, opt.transport);
    }
    return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

jint dtc_entry_jdwpTransport_OnLoad(JavaVM *jvm, jdwpTransportCallback *callback, jint version,
                                    jdwpTransportEnv **env)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, parse_options);
    if (options_bad)
        return JNI_ERR;     /* the message is out; libjdwp says the transport failed */
    atexit(verdict);
    /* the real transport dereferences every one of them (dt_socket: jvm) */
    if (!jvm || !callback || !callback->alloc || !callback->free || !env) {
        const char *what = !jvm ? "jvm" : !env ? "env" : "callback or one of its routines";
        char msg[256], text[320];
        snprintf(msg, sizeof msg, "%s is NULL: not passed to the transport, JNI_ERR returned", what);
        snprintf(text, sizeof text, "dtcheck: violation [null] jdwpTransport_OnLoad: %s", msg);
        violation_record(0, "null", "jdwpTransport_OnLoad", what, msg, text);
        return JNI_ERR;
    }
    agent_cb = *callback;   /* the struct lives only for this call */
    if (version != JDWPTRANSPORT_VERSION_1_0 && version != JDWPTRANSPORT_VERSION_1_1)
        note(0, "jdwpTransport_OnLoad", "jdwpTransport_OnLoad: version 0x%08x is none the spec defines",
             (unsigned)version);
    char path[1100];
    void *lib = load_real((void *)callback->alloc, path, sizeof path);
    jdwpTransport_OnLoad_t real_onload = lib ? (jdwpTransport_OnLoad_t)dlsym(lib, "jdwpTransport_OnLoad") : NULL;
    if (!real_onload) {
        warning("jdwpTransport_OnLoad", "cannot load the real transport %s: %s", path,
                lib ? "no jdwpTransport_OnLoad" : dlerror());
        return JNI_ERR;
    }
    static jdwpTransportCallback ours = { dtc_alloc, dtc_free };
    jdwpTransportEnv *real = NULL;
    jint rc = real_onload(jvm, &ours, version, &real);
    note(0, "jdwpTransport_OnLoad", "jdwpTransport_OnLoad(version=0x%08x) -> %s: %d", (unsigned)version, path, rc);
    if (rc != JNI_OK)
        return rc;
    dtc_env *e = calloc(1, sizeof *e);
    if (!e)
        return JNI_ENOMEM;
    e->functions = &dtc_wrapped_table;
    e->real = real;
    *env = (jdwpTransportEnv *)e;
    return JNI_OK;
}
