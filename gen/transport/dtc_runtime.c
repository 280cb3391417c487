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
 * libjvmticheck's words.
 *
 * Nothing of the shim is copied here: the library links the shim's
 * runtime (libjcruntime) and runs it for another interface (dtc_iface
 * below: jdwpTransport's functions and errors, no phases, no events).  So
 * DTCHECK_OPTIONS is parsed by the shim's option table (the rows marked
 * for the transport, and transport=), records are the shim's (text,
 * jsonl, format=bin and record= through jc_bin.c, decoded by `jvmtigen
 * trace`), and a violation goes the shim's way (jc_report.c: call site,
 * context, suppress=, repeat=, only=, halt=on).  A packet is a record kind
 * of its own (JC_REC_PACKET); trace=calls traces calls and notes,
 * trace=events packets.  Packets are rare next to JVMTI calls: a mutex
 * guards the memory set; nothing here is on a hot path.
 *
 * A call after Close is not a mistake: the spec gives it a result (I/O
 * error or illegal state) because a reader thread may race a closing one,
 * and libjdwp's threads do.  Reading or writing before any connection
 * ever opened is.
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
#include <unistd.h>

#include "dtc_runtime.h"
#include "jc_callsite.h"
#include "jc_internal.h"
#include "jc_open.h"
#include "jc_quote.h"
#include "dtc_threads.h"
#include "jc_sink.h"

typedef struct dtc_env {
    const struct jdwpTransportNativeInterface_ *functions;  /* first, as the ABI wants */
    jdwpTransportEnv *real;
} dtc_env;

static bool options_bad;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static jdwpTransportCallback agent_cb;
static _Atomic unsigned long long seq, ncalls, nviolations, ndeviations;
static _Atomic unsigned long long read_cmds, read_replies, written_cmds, written_replies, read_eof;
static _Atomic unsigned long long unanswered_replies;
static atomic_bool listening, open_now, ever_open;
static _Atomic unsigned long long calls_after_close;
static atomic_flag verdict_done = ATOMIC_FLAG_INIT;
static atomic_bool real_loaded;     /* the real transport's OnLoad succeeded */

/* ---- the interface, as the shim's runtime sees it ------------------------ */

static const char *error_name(long long e)
{
    for (const dtc_error_name *n = dtc_error_names; n->name; n++)
        if (n->num == e)
            return n->name;
    return NULL;
}

static const char *fn_name(int fn)
{
    return fn > 0 && fn < dtc_nfns && dtc_fns[fn].name ? dtc_fns[fn].name : "?";
}

static int iface_fn_max(void) { return dtc_nfns - 1; }
static const char *iface_fn_name(int slot) { return slot > 0 && slot < dtc_nfns ? dtc_fns[slot].name : NULL; }

/* The check ids of doc/checks.tsv: what suppressions may name. */
static const char *const checks[] = {
    "not_open", "not_listening", "illegal_state", "null", "min", "packet_length", "packet_data", "packet_flags",
    "memory_callback", "free_unknown",
};

static const jc_iface dtc_iface = {
    .id = JC_IFACE_TRANSPORT,
    .tool = "dtcheck",
    .error_group = "jdwpTransportError",
    .error_name = error_name,
    .fn_max = iface_fn_max,
    .fn_name = iface_fn_name,
    .event_name = NULL,
    .phases = false,
    .started = NULL,
    .phase_name = dtc_phase_name,       /* for a crash record (dtc_threads.c) */
    .thread_name = dtc_thread_name,
    .checks = checks,
    .nchecks = sizeof checks / sizeof checks[0],
    .wrapper_header = "jdwpTransport.h",
    .wrapper_struct = "_jdwpTransportEnv",
};

static bool tracing(unsigned bit, const char *name)
{
    return jc_g.active && (jc_g.opt.trace & bit) && (!name || jc_options_selects(&jc_g.opt, name));
}

/* ---- notes and warnings ---------------------------------------------------- */

/* A note of the trace (trace=calls, only= over fn): label says what it is
 * about ("listening", "handshake", ...), a string constant. */
static void note(const char *label, const char *fn, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void note(const char *label, const char *fn, const char *fmt, ...)
{
    if (!tracing(JC_TRACE_CALLS, fn))
        return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    jc_rec *r = jc_rec_begin_labelled(JC_REC_NOTE, label, fn);
    jc_rec_field_str(r, "message", msg);
    jc_rec_end(r, jc_now_ns(), 0);
}

/* A warning about loading the transport, whatever trace= says. */
static void warning(const char *fn, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warning(const char *fn, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    jc_rec *r = jc_rec_begin_labelled(JC_REC_WARNING, "transport", fn);
    jc_rec_field_str(r, "message", msg);
    jc_rec_end(r, jc_now_ns(), 0);
}

/* A violation: the shim's way (jc_report.c), counted unless suppressed. */
static void vviolation(const char *check, const char *fn, const char *param, const char *fmt, va_list ap)
{
    if (jc_report_violation(check, fn, param, fmt, ap))
        atomic_fetch_add(&nviolations, 1);
}

static void violation(const char *check, const char *fn, const char *param, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void violation(const char *check, const char *fn, const char *param, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vviolation(check, fn, param, fmt, ap);
    va_end(ap);
}

/* ---- the verdict -------------------------------------------------------- */

static const char *s_if(unsigned long long n) { return n == 1 ? "" : "s"; }

/* At exit (before the trace's last flush) or unload: contexts shown fewer
 * times than they occurred, the packets, the verdict line (a summary
 * record, and on stderr always, as the shim's), then exitcode=. */
static void verdict(void)
{
    /* a child of fork() ends with its own status and no verdict: the
     * counts are its parent's (jc_forked_child) */
    if (!jc_g.active || jc_forked_child() || atomic_flag_test_and_set(&verdict_done))
        return;
    jc_trace_flush_all();
    uint64_t now = jc_now_ns();
    jc_context_report(now);
    unsigned long long v = nviolations, c = ncalls, d = ndeviations, supp = jc_context_suppressed_count();
    size_t cx = jc_context_count();
    jc_rec *r = jc_rec_begin(JC_REC_SUMMARY, "packets");
    jc_rec_field_int(r, "read_commands", (long long)read_cmds);
    jc_rec_field_int(r, "read_replies", (long long)read_replies);
    jc_rec_field_int(r, "read_end_of_stream", (long long)read_eof);
    jc_rec_field_int(r, "written_replies", (long long)written_replies);
    jc_rec_field_int(r, "written_commands", (long long)written_cmds);
    jc_rec_field_int(r, "calls_after_close", (long long)calls_after_close);
    jc_rec_end(r, now, 0);
    /* the shim's verdict line, with the transport's deviations after it */
    char line[1024], dev[160] = "", sup[80] = "", logs[600] = "";
    if (d)
        snprintf(dev, sizeof dev, "; the transport deviated from the spec %llu time%s (undocumented_error warnings)",
                 d, s_if(d));
    if (supp)
        snprintf(sup, sizeof sup, "; suppressed %llu violation%s", supp, s_if(supp));
    char q[300];
    if (jc_g.opt.log_path)
        snprintf(logs, sizeof logs, "; log %s", jc_quote(jc_g.opt.log_path, q, sizeof q));
    if (v == 0 && !real_loaded)
        snprintf(line, sizeof line, "dtcheck: nothing checked (the real transport did not load)%s", logs);
    else if (v == 0)
        snprintf(line, sizeof line, "dtcheck: no problems found (%llu call%s checked)%s%s%s", c, s_if(c), sup, dev,
                 logs);
    else
        snprintf(line, sizeof line, "dtcheck: %llu violation%s in %zu context%s%s%s%s", v, s_if(v), cx, s_if(cx), sup,
                 dev, logs);
    r = jc_rec_begin(JC_REC_SUMMARY, "verdict");
    jc_rec_field_int(r, "violations", (long long)v);
    jc_rec_field_int(r, "contexts", (long long)cx);
    jc_rec_field_int(r, "calls", (long long)c);
    jc_rec_field_int(r, "deviations", (long long)d);
    jc_rec_field_int(r, "suppressed", (long long)supp);
    jc_rec_field_str(r, "message", line);
    jc_rec_end(r, now, 0);
    jc_trace_flush_all();
    size_t n = strlen(line);
    line[n] = '\n';
    line[n + 1] = '\0';
    jc_say(line);
    if (v && jc_g.opt.exitcode) {
        fflush(NULL);
        _exit(jc_g.opt.exitcode);
    }
}

__attribute__((destructor)) static void at_unload(void) { verdict(); }

/* ---- options ------------------------------------------------------------ */

static void parse_options(void)
{
    char err[1024];
    if (jc_init_iface(&dtc_iface, getenv("DTCHECK_OPTIONS"), false, err, sizeof err) != 0) {
        /* one line, "dtcheck: ...", as the shim's for its options */
        char line[sizeof err + 1];
        snprintf(line, sizeof line, "%s\n", err);
        jc_say(line);
        options_bad = true;
    }
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
        violation("free_unknown", "free", NULL,
                  "the transport frees %p, which the allocation routine did not give it (or it freed already): not "
                  "passed on", p);
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

static void arg(dtc_call *c, const char *name, int type, long long v, const void *p, const char *s)
{
    if (c->nargs >= DTC_MAX_ARGS)
        return;
    dtc_arg *a = &c->args[c->nargs++];
    a->name = name;
    a->type = type;
    a->v = v;
    a->p = p;
    a->null = type == DTC_ARG_STR && !s;
    if (s)
        snprintf(a->s, sizeof a->s, "%s", s);
}

void dtc_enter(dtc_call *c, jdwpTransportEnv *env, int fn)
{
    (void)env;
    c->fn = fn;
    c->seq = atomic_fetch_add(&seq, 1) + 1;
    c->nargs = 0;
    c->failed_check = false;
    c->t0 = jc_now_ns();
    atomic_fetch_add(&ncalls, 1);
}

void dtc_arg_long(dtc_call *c, const char *name, long long v) { arg(c, name, DTC_ARG_INT, v, NULL, NULL); }
void dtc_arg_ptr(dtc_call *c, const char *name, const void *v) { arg(c, name, DTC_ARG_PTR, 0, v, NULL); }
void dtc_arg_str(dtc_call *c, const char *name, const char *v) { arg(c, name, DTC_ARG_STR, 0, NULL, v); }
void dtc_args_done(dtc_call *c) { (void)c; }

void dtc_violation(dtc_call *c, const char *check, const char *param, const char *fmt, ...)
{
    c->failed_check = true;
    va_list ap;
    va_start(ap, fmt);
    vviolation(check, fn_name(c->fn), param, fmt, ap);
    va_end(ap);
}

/* The call's record, as the shim's: the arguments, then the error by name
 * (or "result" for a function without one, IsOpen), "refused" when we did
 * not pass it on, and "seq", the order calls began (a call's record is
 * written when it returns).  trace=calls, or trace=errors when it failed;
 * only= over the function's name. */
static void call_record(dtc_call *c, bool has_error, int v, bool refused)
{
    bool failed = (has_error && v != JDWPTRANSPORT_ERROR_NONE) || c->failed_check;
    /* no spec tells a transport's expected outcomes: trace=problems
     * shows every failed call, as trace=errors does */
    if (!tracing(failed ? JC_TRACE_CALLS | JC_TRACE_ERRORS | JC_TRACE_PROBLEMS : JC_TRACE_CALLS, fn_name(c->fn)))
        return;
    uint64_t t = jc_now_ns();
    jc_rec *r = jc_rec_begin(JC_REC_CALL, fn_name(c->fn));
    for (int i = 0; i < c->nargs; i++) {
        const dtc_arg *a = &c->args[i];
        if (a->type == DTC_ARG_INT)
            jc_rec_arg_int(r, a->name, a->v);
        else if (a->type == DTC_ARG_PTR)
            jc_rec_arg_ptr(r, a->name, a->p);
        else
            jc_rec_arg_str(r, a->name, a->null ? NULL : a->s);
    }
    if (has_error)
        jc_rec_error(r, (int)v);
    else
        jc_rec_field_int(r, "result", v);
    if (refused)
        jc_rec_field_str(r, "refused", "yes");
    jc_rec_field_int(r, "seq", (long long)c->seq);
    jc_rec_end(r, c->t0, t - c->t0);
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
    /* The transport's own deviation, not its caller's mistake: a warning
     * and a count of its own, apart from the violations.  (dt_socket
     * answers a StopListening when not listening with ILLEGAL_STATE; the
     * spec says that call does nothing and returns no error.) */
    if (!listed(dtc_universal_errors, error) && !listed(dtc_fns[c->fn].errors, error)) {
        atomic_fetch_add(&ndeviations, 1);
        if (!jc_g.active || jc_g.opt.trace == 0 || !jc_options_selects(&jc_g.opt, fn_name(c->fn)))
            return;
        char msg[512];
        snprintf(msg, sizeof msg, "the transport returned %s (%d), which the spec does not list for %s",
                 error_name(error) ? error_name(error) : "a value no error has", error, fn_name(c->fn));
        jc_rec *r = jc_rec_begin_labelled(JC_REC_WARNING, "undocumented_error", fn_name(c->fn));
        jc_rec_field_int(r, "error", error);
        jc_rec_field_str(r, "message", msg);
        jc_rec_field_int(r, "seq", (long long)c->seq);
        jc_rec_end(r, jc_now_ns(), 0);
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

/* A packet's record: named "CommandSet.Command" ("?" for a part unknown;
 * "?" for a reply to no command we saw), with its direction ("in": read
 * from the debugger), type, id, length, flags, the command set and
 * command, and a reply's error code and its name.  trace=events; only=
 * over the packet's name or the call's. */
static void packet_record(const dtc_call *c, bool in, bool reply, const jdwpPacket *p, bool known, int set, int cmd)
{
    char name[128];
    const char *sn = dtc_command_set_name(set), *cn = dtc_command_name(set, cmd);
    snprintf(name, sizeof name, "%s.%s", sn ? sn : "?", cn ? cn : "?");
    if (!tracing(JC_TRACE_EVENTS, NULL)
        || !(jc_options_selects(&jc_g.opt, known ? name : "?") || jc_options_selects(&jc_g.opt, fn_name(c->fn))))
        return;
    jc_rec *r = jc_rec_begin(JC_REC_PACKET, known ? name : "?");
    jc_rec_field_str(r, "dir", in ? "in" : "out");
    jc_rec_field_str(r, "type", reply ? "reply" : "command");
    jc_rec_field_int(r, "id", p->type.cmd.id);
    jc_rec_field_int(r, "len", p->type.cmd.len);
    jc_rec_field_int(r, "flags", (unsigned char)p->type.cmd.flags);
    if (known) {
        jc_rec_field_int(r, "command_set", set);
        jc_rec_field_int(r, "command", cmd);
    }
    if (reply) {
        const char *en = dtc_jdwp_error_name(p->type.reply.errorCode);
        jc_rec_field_int(r, "error_code", p->type.reply.errorCode);
        jc_rec_field_str(r, "error", en ? en : "?");
    }
    jc_rec_field_int(r, "seq", (long long)c->seq);
    jc_rec_end(r, jc_now_ns(), 0);
}

static void trace_packet(const dtc_call *c, bool in, const jdwpPacket *p, pending *cmds_in, pending *replies_to)
{
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
        if (!known)
            atomic_fetch_add(&unanswered_replies, 1);
        packet_record(c, in, true, p, known, set, cmd);
    } else {
        const jdwpCmdPacket *k = &p->type.cmd;
        pending *q = &cmds_in[(unsigned)k->id % 1024];
        pthread_mutex_lock(&lock);
        *q = (pending){ k->id, k->cmdSet, k->cmd, true };
        pthread_mutex_unlock(&lock);
        packet_record(c, in, false, p, true, (unsigned char)k->cmdSet, (unsigned char)k->cmd);
    }
}

/* ---- the contract hooks ------------------------------------------------- */

int dtc_pre_GetCapabilities(dtc_call *c, JDWPTransportCapabilities *caps) { (void)c; (void)caps; return -1; }
void dtc_post_GetCapabilities(dtc_call *c, jdwpTransportError r, JDWPTransportCapabilities *caps)
{
    if (r == JDWPTRANSPORT_ERROR_NONE)
        note("capabilities", fn_name(c->fn), "capabilities: timeout attach %d, accept %d, handshake %d",
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
        note("handshake", fn_name(c->fn), "connected to %s, handshake done (\"JDWP-Handshake\" both ways)", address);
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
        note("listening", fn_name(c->fn), "listening at %s", *actual ? *actual : "(null)");
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
        note("handshake", fn_name(c->fn), "debugger accepted, handshake done (\"JDWP-Handshake\" both ways)");
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
        note("end_of_stream", fn_name(c->fn), "end of stream: the debugger closed the connection");
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
    trace_packet(c, true, pkt, from_debugger, from_vm);
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
    trace_packet(c, false, pkt, from_vm, from_debugger);
}

int dtc_pre_GetLastError(dtc_call *c, char **msg) { (void)c; (void)msg; return -1; }
void dtc_post_GetLastError(dtc_call *c, jdwpTransportError r, char **msg)
{
    if (r != JDWPTRANSPORT_ERROR_NONE)
        return;
    note("last_error", fn_name(c->fn), "last error: %s", *msg ? *msg : "(null)");
    handed_over(c, "error", *msg);
}

int dtc_pre_SetTransportConfiguration(dtc_call *c, jdwpTransportConfiguration *config)
{
    note("configuration", fn_name(c->fn), "configuration: allowed_peers=%s",
         config->allowed_peers ? config->allowed_peers : "(any)");
    return -1;
}
void dtc_post_SetTransportConfiguration(dtc_call *c, jdwpTransportError r, jdwpTransportConfiguration *config)
{
    (void)c; (void)r; (void)config;
}

/* ---- the entry point ---------------------------------------------------- */

/* transport=NAME: lib<NAME>.so beside the libjdwp that called us (the
 * agent's alloc routine lives there); a PATH with a slash as it is.  NULL,
 * with why in err, when it cannot be loaded: also when the file is no
 * regular file (a FIFO would block dlopen's open(2) for good, jc_open.h). */
static void *load_real(void *agent_fn, char *path, size_t len, char *err, size_t errlen)
{
    if (strchr(jc_g.opt.transport, '/')) {
        snprintf(path, len, "%s", jc_g.opt.transport);
    } else {
        Dl_info info;
        const char *dir = ".";
        char buf[512];
        if (dladdr(agent_fn, &info) && info.dli_fname && strrchr(info.dli_fname, '/')) {
            snprintf(buf, sizeof buf, "%s", info.dli_fname);
            *strrchr(buf, '/') = '\0';
            dir = buf;
        }
        snprintf(path, len, "%s/lib%s.so", dir, jc_g.opt.transport);
    }
    struct stat st;
    int fd = jc_open_kind(path, O_RDONLY, 0, JC_KIND_REG, &st);
    if (fd < 0 && errno == 0) {
        snprintf(err, errlen, "it is %s (expected a shared library)", jc_file_kind_name(st.st_mode));
        return NULL;
    }
    if (fd >= 0)
        close(fd);
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        snprintf(err, errlen, "%s", dlerror());
    return lib;
}

/* True when fn is in this library (libdt_check itself, loaded again by
 * its own path or another name of it). */
static bool is_ours(void *fn)
{
    Dl_info a, b;
    return dladdr(fn, &a) && dladdr((void *)dtc_entry_jdwpTransport_OnLoad, &b) && a.dli_fbase == b.dli_fbase;
}

jint dtc_entry_jdwpTransport_OnLoad(JavaVM *jvm, jdwpTransportCallback *callback, jint version,
                                    jdwpTransportEnv **env)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, parse_options);
    if (options_bad)
        return JNI_ERR;     /* the message is out; libjdwp says the transport failed */
    atexit(verdict);
    jc_trace_before_exit(verdict);  /* the trace's own last flush may come first */
    /* the real transport dereferences every one of them (dt_socket: jvm) */
    if (!jvm || !callback || !callback->alloc || !callback->free || !env) {
        const char *what = !jvm ? "jvm" : !env ? "env" : "callback or one of its routines";
        violation("null", "jdwpTransport_OnLoad", what, "%s is NULL: not passed to the transport, JNI_ERR returned",
                  what);
        return JNI_ERR;
    }
    agent_cb = *callback;   /* the struct lives only for this call */
    /* Java thread names in records, as the shim's (jc_trace.c asks them
     * through a private env while the VM is live): that env follows the
     * phase (dtc_threads.c).  Without one, OS names. */
    static atomic_flag phase_tracked = ATOMIC_FLAG_INIT;
    char err[512];
    if (!atomic_flag_test_and_set(&phase_tracked) && dtc_threads_init(jvm, err, sizeof err) != 0)
        warning("jdwpTransport_OnLoad", "%s: threads keep their OS names in records", err);
    if (version != JDWPTRANSPORT_VERSION_1_0 && version != JDWPTRANSPORT_VERSION_1_1)
        note("version", "jdwpTransport_OnLoad", "jdwpTransport_OnLoad: version 0x%08x is none the spec defines",
             (unsigned)version);
    char path[1100], why[600] = "";
    void *lib = load_real((void *)callback->alloc, path, sizeof path, why, sizeof why);
    jdwpTransport_OnLoad_t real_onload = lib ? (jdwpTransport_OnLoad_t)dlsym(lib, "jdwpTransport_OnLoad") : NULL;
    if (lib && !real_onload)
        snprintf(why, sizeof why, "no jdwpTransport_OnLoad");
    /* transport= naming libdt_check: it would load and wrap itself, again
     * and again, until the stack ran out */
    if (real_onload && is_ours((void *)real_onload)) {
        real_onload = NULL;
        snprintf(why, sizeof why, "that is libdt_check itself (transport= names the transport to check, "
                 "such as dt_socket)");
    }
    if (!real_onload) {
        /* on stderr whatever log= says (libjdwp's own message names no
         * cause), and in a log file as a warning record */
        char q[300], qw[700], line[1100];
        snprintf(line, sizeof line, "dtcheck: cannot load the real transport %s: %s\n", jc_quote(path, q, sizeof q),
                 jc_quote(why, qw, sizeof qw));
        jc_say(line);
        if (jc_g.opt.log_path)
            warning("jdwpTransport_OnLoad", "cannot load the real transport %s: %s", path, why);
        return JNI_ERR;
    }
    static jdwpTransportCallback ours = { dtc_alloc, dtc_free };
    jdwpTransportEnv *real = NULL;
    jint rc = real_onload(jvm, &ours, version, &real);
    if (rc == JNI_OK)
        atomic_store(&real_loaded, true);
    note("loaded", "jdwpTransport_OnLoad", "jdwpTransport_OnLoad(version=0x%08x) -> %s: %d", (unsigned)version, path, rc);
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
