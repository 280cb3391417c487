/* jc_internal.h — what the files of the runtime's common layer share, and
 * what a tool on it (jvmti/, gen/transport/) may call besides jc_common.h:
 * no JVMTI type here either (the JVMTI tool's own is jvmti/jc_jvmti.h).
 *
 * The unit tests use jc_reset() to start each case from a clean runtime.
 */
#ifndef JVMTICHECK_INTERNAL_H
#define JVMTICHECK_INTERNAL_H

#include <sys/types.h>
#include <unistd.h>

#include "jc_common.h"
#include "jc_sink.h"        /* jc_sink_open, jc_sink_close, jc_trace_crashing */

/* ---- jc_trace.c ---------------------------------------------------------- */

/* Write every thread's batched trace lines now (summary, unload, exit). */
void jc_trace_flush_all(void);
/* fn runs at process exit before the trace's last flush, after which
 * nothing is written (libdt_check's verdict). */
void jc_trace_before_exit(void (*fn)(void));
/* A violation record: text "VIOLATION [check] fn", jsonl "check":"...". */
jc_rec *jc_rec_begin_violation(const char *check, const char *fn);
/* The same for a note or warning (JC_REC_NOTE, JC_REC_WARNING). */
jc_rec *jc_rec_begin_labelled(enum jc_rec_kind kind, const char *check, const char *fn);

/* The crash path: stops all other writing, writes every thread's batched
 * whole lines, and returns the sink's fd for the last records (-1: none). */
int jc_trace_crash_flush(void);

/* ---- jc_bin.c ------------------------------------------------------------- */

/* Creates the recording at path (format=bin, record=).  0, or -1 with a
 * message.  addresses: the addresses= option, kept in the header; ring:
 * ring= (0: none), the bytes of records kept (jc_bin_ring.c). */
int jc_bin_open(const char *path, bool addresses, uint64_t ring, char *err, size_t errlen);

/* One record of the trace API on its way into the recording: its items,
 * collected raw (jc_trace.c holds one per open jc_rec). */
typedef struct jc_bin_rec {
    unsigned char *p;
    size_t len, cap;
    unsigned kind, num;
    uint32_t name, label, thread;
    unsigned char *claimed;     /* the call's entered record */
    struct bin_tls *t;          /* the recording thread's state (jc_bin.c) */
    bool out;                   /* the next item starts the outputs */
    bool broken;
} jc_bin_rec;
/* thread: the name records show (a virtual thread's), NULL: the calling
 * thread's own. */
/* The recording's kind (JC_BIN_K_*) of each record kind. */
extern const unsigned char jc_bin_kinds[JC_REC_PACKET + 1];
void jc_bin_begin(jc_bin_rec *b, enum jc_rec_kind kind, const char *name, const char *label, const char *thread);
void jc_bin_item(jc_bin_rec *b, unsigned type, const char *key, const char *group, uint64_t value);
void jc_bin_item_str(jc_bin_rec *b, unsigned type, const char *key, const char *s);
void jc_bin_vthread(jc_bin_rec *b, const char *carrier, const char *vname, long long vtid);
void jc_bin_end(jc_bin_rec *b, bool has_error, int err, uint64_t t_ns, uint64_t dur_ns);
void jc_bin_rec_free(jc_bin_rec *b);
/* Starts one of the runtime's own threads (jc_own_thread.c): detached,
 * every signal blocked, named "<tool>-<role>"; false when it could not be
 * started. */
bool jc_start_own_thread(void *(*fn)(void *), const char *role);
/* Chunks the threads hold mapped now (the unit tests). */
int jc_bin_chunks_held(void);
/* The calling thread exits: its last chunk is unmapped. */
void jc_bin_thread_exit(void);
/* The word records (and the crash path's) show for a value of jc_g.phase:
 * the interface's phase_name, "unknown" where it has none (jc_trace.c). */
const char *jc_phase_word(int phase);
/* The calling thread's name as records show it (jc_trace.c). */
const char *jc_trace_thread_name(void);
/* The recorder asks names through fn (jc_trace_thread_name, given by
 * jc_init.c before any recording opens): the recorder needs nothing of
 * the trace writer, which writes into it. */
void jc_bin_thread_namer(const char *(*fn)(void));
/* jc_trace.c has (re)written the calling thread's name into buf (NULL:
 * the same buffer); final: it will not change again (its Java name). */
void jc_bin_thread_renamed(const char *buf, bool final);

/* ---- jc_crash.c ---------------------------------------------------------- */

/* Per thread, the call in progress, so that a crash inside it is recorded
 * (jc_inline.h's jc_call_enter/jc_call_leave set it; jc_trace.c names the
 * thread in it). */
/* Installs the SIGABRT handler that writes the crash records (jc_init). */
void jc_crash_init(void);

/* ---- jc_init.c ------------------------------------------------------------ */

/* True in a child of fork() that did not exec (a process other than the
 * one the options were set in): the run's end (summary, leak report,
 * verdict, exitcode=) is the parent's alone; the child ends without them,
 * with its own exit status.  Its records still go to the log. */
extern pid_t jc_init_pid;      /* the process the options were set in (jc_state.c) */
static inline bool jc_forked_child(void)
{
    return jc_init_pid != 0 && getpid() != jc_init_pid;
}

/* The option string the runtime was set from ("" before jc_init). */
const char *jc_options_text(void);

/* Back to the state before jc_init (jc_init.c): sink closed, options
 * freed, and the interface's own state (jc_iface.reset: counters, envs and
 * tracked blocks) forgotten.  For unit tests only: not safe while
 * another thread traces or calls through a wrapped env. */
void jc_reset(void);

#endif
