/* jc_common.h — the runtime's common layer (gen/runtime/common/) as a tool
 * sees it: the options, the interface a tool describes (jc_iface, the only
 * way from common/ to a tool), the global state, the per-thread block,
 * trace records, the call in progress, a violation's way to the trace.
 *
 * Nothing here is of one interface: no JVMTI or JNI type, no generated
 * header (tests/structure/runtime-layers.sh keeps it so).  The JVMTI tool's
 * contract with its generated wrapper is jvmti/jc_runtime.h, which
 * includes this; libdt_check's is gen/transport/dtc_runtime.h.
 */
#ifndef JVMTICHECK_COMMON_H
#define JVMTICHECK_COMMON_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- options ------------------------------------------------------------ */

enum jc_format { JC_FMT_TEXT, JC_FMT_JSONL, JC_FMT_BIN };
enum jc_check { JC_CHECK_OFF, JC_CHECK_ON, JC_CHECK_STRICT };
enum jc_trace_bits {            /* trace=all is calls|events|errors */
    JC_TRACE_CALLS = 1,         /* every call */
    JC_TRACE_EVENTS = 2,        /* every event */
    JC_TRACE_ERRORS = 4,        /* every failing call */
    JC_TRACE_PROBLEMS = 8       /* failing calls whose error is no expected
                                   outcome of the function (default) */
};

typedef struct jc_options {
    enum jc_format format;
    unsigned trace;             /* jc_trace_bits */
    enum jc_check check;
    bool leaks, summary, addresses;
    bool portability;           /* show portability notes (default on) */
    bool deep;                  /* check=deep / strict+deep: ask the VM (jc_deep.h) */
    char *log_path;             /* NULL: stderr */
    char *record_path;          /* record=FILE: a format=bin recording besides the log */
    uint64_t ring;              /* ring=SIZE: a flight recording of SIZE bytes (0: the whole run) */
    char **only;                /* globs over function/event names; NULL: all */
    size_t nonly;
    char *agent_path;           /* shim only: the real agent */
    char *agent_options;        /* verbatim, may hold commas; NULL: none */
    /* Diagnostics (issue 11): the verdict, call sites, contexts. */
    int exitcode;               /* exit with this when anything was reported; 0: the VM's own */
    bool halt;                  /* stop at the first violation */
    unsigned repeat;            /* occurrences of one context shown (default 1) */
    unsigned stack;             /* frames of a call site shown (default 1) */
    char *suppress_path;        /* suppression file; NULL: none */
    bool gen_suppressions;      /* print a ready suppression line per context */
    bool help;                  /* print the option reference, exit */
    int names;                  /* references as names (jc_names.c); -1 while parsing: by format */
    char *transport;            /* libdt_check only: the real transport (NAME or PATH) */
} jc_options;

/* The interfaces the runtime checks: JVMTI (libjvmticheck) and jdwpTransport
 * (libdt_check).  Bits: an option row names the ones that take it. */
enum jc_iface_id { JC_IFACE_JVMTI = 1, JC_IFACE_TRANSPORT = 2 };

/* Parses "trace=all,log=x,...,agent=/p/lib.so=opts".  agent= comes last and
 * takes the rest verbatim.  Returns 0, or -1 with a one-line message in err.
 * require_agent: the shim needs agent=, jvmti_check_wrap() must not get it. */
int jc_options_parse(const char *text, bool require_agent, jc_options *out, char *err, size_t errlen);
/* The same for one interface: its options, its defaults, its word in
 * messages (jc_options_parse is this for JC_IFACE_JVMTI). */
int jc_options_parse_for(enum jc_iface_id iface, const char *text, bool require_agent, jc_options *out, char *err,
                         size_t errlen);
void jc_options_free(jc_options *o);
/* fnmatch(3) over o->only; true when o->only is empty. */
bool jc_options_selects(const jc_options *o, const char *name);

/* ---- global state --------------------------------------------------------- */

/* What the records and recordings of an interface name, and what starts
 * with it (jvmti/jc_iface.c has JVMTI's; gen/transport/dtc_runtime.c the
 * transport's).  The trace writer, the recorder, the crash path, the
 * verdict and the option parser read it instead of assuming JVMTI: it is
 * the only way from common/ to a tool. */
typedef struct jc_iface {
    enum jc_iface_id id;        /* its option rows */
    const char *tool;           /* "jvmticheck": the word in front of messages */
    const char *error_group;    /* "jvmtiError": the group of jc_rec_error's value */
    const char *(*error_name)(long long e);     /* NULL when it has none */
    int (*fn_max)(void);        /* function slots 1..fn_max(), for recordings */
    const char *(*fn_name)(int slot);           /* NULL for an empty slot */
    const char *(*event_name)(long long e);     /* NULL: no events */
    bool phases;                /* records show the phase (phase_name's word) */
    void (*started)(void);      /* after the options are set; NULL: nothing */
    /* The word for a value of jc_g.phase (records, the crash path); NULL:
     * "unknown". */
    const char *(*phase_name)(int phase);
    /* The name of v in a group other than error_group (an event, a
     * constant), NULL when it has none; NULL: no such groups. */
    const char *(*value_name)(const char *group, long long v);
    /* v of a bit-set group as "A|B" into buf (as snprintf: the length it
     * needs; 0 when group is no bit set); NULL: none. */
    size_t (*bits_format)(const char *group, long long v, char *buf, size_t len);
    /* The constant groups recordings carry, for the decoder: group g's
     * name, kind (0 enum, 1 bits, 2 other) and size, then its constants;
     * NULL: none. */
    int (*constant_groups)(void);
    const char *(*constant_group)(int g, unsigned *kind, int *count);
    const char *(*constant)(int g, int k, long long *value);
    /* True when err is an expected outcome of function slot fn (then
     * trace=problems hides its failure); NULL: none is. */
    bool (*error_expected)(int fn, int err);
    /* The calling thread's name as the interface's host knows it (the VM's
     * Java name), as jc_java_thread_name says: 1 written to buf, 0 none,
     * -1 ask again later; NULL: OS names only. */
    int (*thread_name)(char *buf, size_t len);
    /* True when the calling thread is a virtual thread (its name, id);
     * NULL: none ever is. */
    bool (*vthread_current)(const char **name, long long *tid);
    /* The end of a run: violations and notes counted, and who the verdict
     * line speaks for ("jvmticheck (load 2, libfoo.so)"); NULL: 0, 0 and
     * the tool. */
    uint64_t (*violations)(void);
    uint64_t (*notes)(void);
    void (*verdict_who)(char *buf, size_t len);
    /* jc_reset (tests): forget the interface's own state; NULL: none. */
    void (*reset)(void);
    const char *const *checks;  /* check ids suppressions may name */
    size_t nchecks;
    const char *checks_example; /* "null_pointer, phase": a few, for messages; NULL: none */
    /* The interface's header and its C++ env struct ("jvmti.h",
     * "_jvmtiEnv"): the header's inline member wrappers are not the
     * caller's code, and call sites skip them (jc_symbolize.c).  NULL: none. */
    const char *wrapper_header, *wrapper_struct;
    /* A function of the module that implements the interface (the VM's
     * "JNI_CreateJavaVM"): a leak's site keeps the caller's frames up to
     * that module's (jc_callsite.c).  NULL: up to the first frame outside
     * the caller's own module. */
    const char *host_symbol;
} jc_iface;

typedef struct jc_state {
    jc_options opt;
    _Atomic int phase;          /* jvmtiPhase, tracked by the shim's own env */
    bool active;                /* options parsed, sink open */
    const jc_iface *iface;      /* set with the options (jc_iface_jvmti by jc_init) */
} jc_state;

extern jc_state jc_g;

/* Initialise for an interface from options (opens the sink): 0, or -1
 * with a one-line message in err (jvmti/jc_runtime.h's jc_init is this
 * for jc_iface_jvmti). */
int jc_init_iface(const jc_iface *iface, const char *options, bool require_agent, char *err, size_t errlen);

struct jc_call_slot;

/* What the wrappers read of the calling thread on every call, in one block.
 * In a dlopen()ed library every thread-local variable a function reaches
 * costs a __tls_get_addr call, so a wrapper takes this block's address
 * once (jc_me) and reaches its fields through it; and the block lives in
 * static TLS where glibc gives us some (jc_thread.c), where that address
 * is one load from the thread pointer, with no call at all. */
typedef struct jc_thread {
    /* inside a callback where only callback-safe functions may be called
     * (heap iteration callbacks, GC start/finish, ObjectFree) ... */
    int restricted_depth;
    /* ... and which one ("GarbageCollectionStart event callback",
     * "IterateThroughHeap callback"), for callback_unsafe messages */
    const char *restricted_in;
    /* the slot of the call this thread is in (jc_crash.c), NULL until its
     * first traced call */
    struct jc_call_slot *call;
    /* calls checked, for the verdict (jc_verdict.c), registered on the
     * thread's first call so that the verdict can add them up */
    _Atomic uint64_t calls;
    bool calls_registered;
    /* format=bin: the thread's recording state (jc_bin.c), NULL until its
     * first record */
    struct bin_tls *bin;
    /* jc_vthreads.c: 1 the OS thread may carry virtual threads, -1 it
     * never does (not asked again), 0 not known yet */
    signed char vt_carrier;
} jc_thread;

extern _Thread_local jc_thread jc_self;

/* The thread pointer, where the compiler can read it (x86_64: %fs:0).
 * Without it every block is jc_self. */
#if defined(__has_builtin)
#if __has_builtin(__builtin_thread_pointer) && (defined(__x86_64__) || defined(__aarch64__))
#define JC_THREAD_POINTER 1
#endif
#endif
#ifndef JC_THREAD_POINTER
#define JC_THREAD_POINTER 0
#endif

/* The block's offset from the thread pointer when it is in static TLS
 * (jc_thread.c sets it before any other code of ours runs, never after);
 * 0: it is jc_self. */
extern ptrdiff_t jc_tls_off;
/* Whether the blocks are in static TLS (for the run header). */
bool jc_thread_static(void);

/* The calling thread's block; the empty asm keeps the compiler from
 * computing the address again at each use. */
static inline jc_thread *jc_me(void)
{
    jc_thread *t;
#if JC_THREAD_POINTER
    const ptrdiff_t off = jc_tls_off;
    if (__builtin_expect(off != 0, 1))
        t = (jc_thread *)(void *)((char *)__builtin_thread_pointer() + off);
    else
#endif
        t = &jc_self;
    __asm__("" : "+r"(t));
    return t;
}

/* ---- trace records -------------------------------------------------------- */

enum jc_rec_kind { JC_REC_CALL, JC_REC_EVENT, JC_REC_VIOLATION, JC_REC_LEAK, JC_REC_SUMMARY, JC_REC_NOTE,
                   JC_REC_WARNING, JC_REC_HEADER,
                   JC_REC_PACKET    /* a JDWP packet through a transport (libdt_check) */ };

/* A record is built in a thread-local buffer and written with one write(2),
 * so lines from concurrent threads never interleave and no lock is held
 * across a real call. */
typedef struct jc_rec jc_rec;

/* The names of arguments and extra fields (name, key) and the groups given
 * to the calls below are string constants: format=bin knows them by their
 * address (jc_bin.c).  Values and record names may be any string. */
jc_rec *jc_rec_begin(enum jc_rec_kind kind, const char *name);
/* The VM renames the calling thread after this event (see the wrapper's
 * event trampolines): the next record reads its name again. */
void jc_trace_thread_renamed(void);
void jc_rec_arg_int(jc_rec *r, const char *name, long long v);
void jc_rec_arg_uint(jc_rec *r, const char *name, unsigned long long v);
void jc_rec_arg_double(jc_rec *r, const char *name, double v);
void jc_rec_arg_bool(jc_rec *r, const char *name, int v);
void jc_rec_arg_str(jc_rec *r, const char *name, const char *s);     /* quoted, NULL ok */
void jc_rec_arg_ptr(jc_rec *r, const char *name, const void *p);     /* placeholder when addresses=off */
void jc_rec_arg_enum(jc_rec *r, const char *name, const char *group, long long v);  /* by name */
void jc_rec_arg_bits(jc_rec *r, const char *name, const char *group, long long v);
void jc_rec_arg_char(jc_rec *r, const char *name, int c);
void jc_rec_out(jc_rec *r);         /* args that follow are outputs */
void jc_rec_error(jc_rec *r, int e);      /* the interface's error_group */
void jc_rec_field_str(jc_rec *r, const char *key, const char *value);  /* extra top-level key */
void jc_rec_field_int(jc_rec *r, const char *key, long long value);
/* Writes the line: t_ns is a monotonic start time, dur_ns its duration. */
void jc_rec_end(jc_rec *r, uint64_t t_ns, uint64_t dur_ns);

uint64_t jc_now_ns(void);           /* CLOCK_MONOTONIC */

/* ---- the call in progress (jc_crash.c) ------------------------------------- */

/* Per thread: the slot number of the call it is in (0: none), so that
 * the crash path can record a call that never returned. */
typedef struct jc_call_slot {
    _Atomic int fn;
    long tid;                   /* gettid */
    char name[32];              /* the thread's name as the trace knows it */
    struct jc_call_slot *next;
    atomic_bool used;           /* a live thread owns it */
} jc_call_slot;

/* The calling thread's slot, made on its first traced call (NULL: none). */
jc_call_slot *jc_call_slot_new(void);
/* format=bin or record= (jc_bin.c): a call's record before it is made,
 * completed after (its arguments come through jc_rec_* if it is traced). */
extern bool jc_bin_active;
void jc_bin_enter(jc_thread *me, int num);
void jc_bin_leave(jc_thread *me, int num, int err);

/* ---- violations ----------------------------------------------------------- */

/* Its way to the trace, for any interface (jc_report.c): the call site,
 * the context (suppressed, or counted and shown repeat= times where only=
 * and trace= allow), the record, halt=on.  check is the check's name (a
 * string constant).  false when a suppression took it (not to be counted). */
bool jc_report_violation(const char *check, const char *fn, const char *param, const char *fmt, va_list ap);

#endif
