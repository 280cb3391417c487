/* jc_runtime.h — the contract between the generated wrapper and the
 * hand-written runtime of libjvmticheck.
 *
 * `jvmtigen --wrapper` writes jvmticheck_gen.c: one wrapper per function of
 * the spec's table, one trampoline per event, and the metadata tables below
 * (jc_fn_table, jc_event_table, jc_wrapped_interface).  Everything that does
 * not depend on the spec lives in the runtime (the .c files of gen/runtime): option
 * parsing, trace records and sinks, allocation tracking, the per-env state,
 * and the shim agent.
 *
 * Hot path: a wrapped call with check=on,trace=none does a few loads and
 * compares (phase, capabilities, NULLs) and calls the real function.  No
 * JVMTI call of our own, no lock, no allocation.
 */
#ifndef JVMTICHECK_RUNTIME_H
#define JVMTICHECK_RUNTIME_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jvmti.h"

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

/* ---- metadata the generator writes ------------------------------------- */

/* Phases as bits, so "allowed in" is one AND.  Values of jvmtiPhase are
 * 1, 2, 6, 4, 8: JC_PHASE_BIT maps them. */
#define JC_PHASE_BIT(p) (1u << ((p) & 15))

/* An error a function documents, and since when: the version of the oldest
 * spec the generator knew (the wrapper's own and --history's) that
 * documents it for the function.  An error the VM returns is judged
 * against the spec of the VM's own version (jc_errdoc.c). */
typedef struct jc_error_doc {
    jvmtiError err;
    jint since;                 /* JVMTI_VERSION_x, no micro */
    const char *name;           /* JVMTI_ERROR_x, as the documenting spec names it */
    bool outcome;               /* an expected outcome of the function, not a
                                   misuse (the generator's rule over the spec's
                                   error categories): trace=problems hides it */
} jc_error_doc;

typedef struct jc_fn_info {
    const char *name;           /* NULL for reserved slots */
    int num;
    unsigned phases;            /* OR of JC_PHASE_BIT(JVMTI_PHASE_x) allowed */
    bool callbacksafe;
    jint since;                 /* JVMTI_VERSION_x of its since */
    const int *caps;            /* required capability indexes, -1 ended */
    const jc_error_doc *errors; /* documented in any known spec: listed +
                                   universal + derived from params; ends
                                   with a NONE entry */
    size_t nerrors;
} jc_fn_info;

typedef struct jc_event_info {
    const char *name;           /* "VMInit"; NULL for reserved numbers */
    int num;
    bool thread_filtered;       /* filtered="thread": may be enabled per thread */
    const int *caps;            /* required capability indexes, -1 ended */
    bool restricts_calls;       /* GC start/finish, ObjectFree: only
                                   callbacksafe functions may be called */
    jint since;                 /* JVMTI_VERSION_x of its since (0: 1.0) */
} jc_event_info;

extern const jc_fn_info jc_fn_table[];
extern const int jc_fn_max;             /* highest slot */
/* The JVMTI version of the spec the wrapper was generated from. */
extern const jint jc_spec_version;
/* The versions of the specs whose documented errors jc_fn_table carries
 * (the wrapper's own and jvmtigen --history's), oldest first. */
extern const jint jc_known_specs[];
extern const int jc_known_spec_count;
extern const jc_event_info jc_event_table[];    /* index num - jc_event_min */
extern const int jc_event_min, jc_event_max;
extern const char *const jc_cap_names[];
extern const int jc_cap_count;
/* The generated function table: our wrapper in every slot. */
extern const struct jvmtiInterface_1_ jc_wrapped_interface;
/* Our trampolines, one per event (NULL where no event). */
extern const jvmtiEventCallbacks jc_event_trampolines;
/* Which functions (by slot) and events (by num - jc_event_min) the only=
 * option selects for tracing.  Generated; jc_init() must call
 * jc_selection_init() once the options are parsed. */
extern bool jc_fn_selected[];
extern bool jc_event_selected[];
void jc_selection_init(void);

/* ---- the running VM ---------------------------------------------------------

 * One shim runs on every VM.  The first env (jc_vm_learn, from jc_env_new)
 * reads the VM's version and its function table once and marks in
 * jc_fn_absent the slots of functions the VM does not have: newer than it
 * (`since`), or a NULL slot in its table.  Their wrappers never call the VM
 * (jc_absent).  Slots our spec leaves reserved go to jc_unknown_slot, which
 * passes the call to the VM's own entry when it has one there. */
extern unsigned char jc_fn_absent[];            /* by slot; generated size */
/* By slot, what a call's wrapper may skip (jc_fn_paths_update sets it
 * from jc_g.opt, jc_fn_selected and jc_fn_absent, each time one of them
 * is set: before any env exists, and when the first env meets the VM):
 *   JC_PATH_FAST  nothing is traced or timed: the fast path;
 *   JC_PATH_SLOT  only a failing call is traced (trace=problems, errors, events):
 *                 the fast path, the call in its thread's slot (jc_crash.c);
 *   JC_PATH_FULL  every call is traced (trace=calls), timed (summary=on),
 *                 or the VM lacks the function: the full wrapper. */
enum jc_path { JC_PATH_FAST = 0, JC_PATH_SLOT = 1, JC_PATH_FULL = 2 };
extern unsigned char jc_fn_path[];
void jc_fn_paths_update(void);
void jc_vm_learn(jvmtiEnv *real);
jint jc_vm_version(void);                       /* 0 before jc_vm_learn */
void jc_vm_version_set(jint v);                 /* jc_vm_learn's (jc_vm_version.c) */
/* SetEventNotificationMode of event ev, newer than the VM: reports the
 * version violation and returns true (the VM answers
 * JVMTI_ERROR_INVALID_EVENT_TYPE); false when the VM has ev, or its
 * version is not known yet. */
bool jc_event_absent(int ev);
/* The error an absent function returns (doc/shim.md, Checks: version). */
#define JC_ERROR_ABSENT JVMTI_ERROR_NOT_AVAILABLE
/* Reports the version violation; returns JC_ERROR_ABSENT, which the wrapper
 * refuses (traced with its arguments). */
jvmtiError jc_absent(int num);
/* An event number our spec lacks that a VM newer than it may have. */
bool jc_vm_newer_event(int num);
/* A call through a reserved slot of our spec: up to 7 register-sized
 * arguments after env are passed on unchanged (see jc_vm.c). */
jvmtiError jc_unknown_slot(jvmtiEnv *env, int slot, void *a1, void *a2, void *a3, void *a4, void *a5,
                           void *a6, void *a7);

/* ---- per-environment state ---------------------------------------------- */

#define JC_TABLE_EXTRA 32

typedef struct jc_env {
    const struct jvmtiInterface_1_ *functions;  /* first: a jc_env IS a jvmtiEnv; = &table */
    jvmtiEnv *real;
    JavaVM *vm;
    jint version;               /* asked for in GetEnv */
    _Atomic uint64_t caps[2];   /* possessed capabilities, bit i = index i */
    jvmtiEventCallbacks agent_cb;   /* what the agent asked for */
    struct jc_env *next, *prev; /* in the registry's list of live envs */
    /* This env's own function table, writable as HotSpot's is: the
     * generated wrappers, and a forwarder in every slot the spec leaves
     * reserved (jc_slot_forwarders). */
    struct jvmtiInterface_1_ table;
    /* Right after it, slots past the spec's last (an agent built against a
     * newer header may call there): forwarders that refuse (jc_vm.c). */
    void (*table_extra[JC_TABLE_EXTRA])(void);
    /* Slots whose patch was noted (table_patch), bit slot-1. */
#define JC_PATCH_WORDS 4
    uint64_t patch_noted[JC_PATCH_WORDS];
    /* The agent's extension event callbacks, by jc_event_min - 1 - index. */
    jvmtiExtensionEvent ext_cb[8];
    /* Its last SetEnvironmentLocalStorage: a root of the leak report. */
    const void *els;
} jc_env;

/* Generated: the forwarder of each reserved slot and of the JC_TABLE_EXTRA
 * slots after the last (NULL elsewhere), jc_fn_max + JC_TABLE_EXTRA + 1. */
extern void (*const jc_slot_forwarders[])(void);
/* True when env is a checked env (its table is its own, right after it):
 * reads only the env's first word. */
static inline bool jc_is_checked(jvmtiEnv *env)
{
    return (const void *)*env == (const void *)&((jc_env *)(void *)env)->table;
}

static inline jc_env *jc_env_of(jvmtiEnv *e) { return (jc_env *)(void *)e; }
static inline bool jc_has_cap(const jc_env *ce, int i)
{
    return (atomic_load_explicit(&ce->caps[i >> 6], memory_order_relaxed) >> (i & 63)) & 1;
}
/* Set ce->caps from a jvmtiCapabilities (after Add/Relinquish/GetCapabilities). */
void jc_env_set_caps(jc_env *ce, const jvmtiCapabilities *caps);

/* Creates the checked env around real (registers it for summary and leaks). */
jc_env *jc_env_new(JavaVM *vm, jvmtiEnv *real, jint version);
/* The checked env wrapping real, or NULL (events arrive with the real env):
 * O(1), no lock. */
jc_env *jc_env_find(jvmtiEnv *real);
/* After a successful DisposeEnvironment: ce leaves the registry, and is
 * freed later (jc_envs.c says when). */
void jc_env_disposed(jc_env *ce);

/* ---- global state --------------------------------------------------------- */

/* What the records and recordings of an interface name, and what starts
 * with it (jc_iface.c has JVMTI's; gen/transport/dtc_runtime.c the
 * transport's).  The trace writer, the recorder and the option parser
 * read it instead of assuming JVMTI. */
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
    const char *const *checks;  /* check ids suppressions may name; NULL: JVMTI's */
    size_t nchecks;
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
extern const jc_iface jc_iface_jvmti;

typedef struct jc_state {
    jc_options opt;
    _Atomic int phase;          /* jvmtiPhase, tracked by the shim's own env */
    bool active;                /* options parsed, sink open */
    const jc_iface *iface;      /* set with the options (jc_iface_jvmti by jc_init) */
} jc_state;

extern jc_state jc_g;

/* Initialise from options (opens the sink).  Returns 0, or -1 with err. */
int jc_init(const char *options, bool require_agent, char *err, size_t errlen);
/* The same for an interface (jc_init is this for jc_iface_jvmti). */
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
/* names=on (jc_names.c): a reference by name when accepted (the VM took
 * it: a successful call, an output, an event) and the moment is safe; else
 * as jc_rec_arg_ptr.  A field needs its class. */
void jc_rec_arg_class(jc_rec *r, const char *name, jclass k, bool accepted);
void jc_rec_arg_method(jc_rec *r, const char *name, jmethodID m, bool accepted);
void jc_rec_arg_field(jc_rec *r, const char *name, jclass k, jfieldID f, bool accepted);
void jc_rec_out(jc_rec *r);         /* args that follow are outputs */
void jc_rec_error(jc_rec *r, jvmtiError e);
void jc_rec_field_str(jc_rec *r, const char *key, const char *value);  /* extra top-level key */
void jc_rec_field_int(jc_rec *r, const char *key, long long value);
/* Writes the line: t_ns is a monotonic start time, dur_ns its duration. */
void jc_rec_end(jc_rec *r, uint64_t t_ns, uint64_t dur_ns);

uint64_t jc_now_ns(void);           /* CLOCK_MONOTONIC */

/* ---- the call in progress (jc_crash.c) ------------------------------------- */

/* Per thread: the slot number of the JVMTI call it is in (0: none), so that
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
void jc_bin_leave(jc_thread *me, int num, jvmtiError err);

/* ---- checks --------------------------------------------------------------- */

/* Stable check ids (also in doc/checks.tsv and the HTML docs). */
#define JC_CHECK_IDS(X) \
    X(null_pointer) X(min_value) X(enum_value) X(capability) X(event_capability) \
    X(thread_filter) X(phase) X(callback_unsafe) X(version) X(bad_deallocate) \
    X(leak) X(undocumented_error) X(range) \
    X(monitor_destroyed) X(monitor_owner) X(monitor_destroy_busy) X(monitor_order) X(object_kind) \
    X(virtual_thread) \
    X(stale_ref) X(native_method) X(location) X(local_slot) X(local_type) X(module_package) \
    X(monitor_invalid) X(clear_not_set)

enum jc_check_id {
#define JC_ENUM_ID(id) JC_CHK_##id,
    JC_CHECK_IDS(JC_ENUM_ID)
#undef JC_ENUM_ID
    JC_CHK_COUNT
};
extern const char *const jc_check_names[JC_CHK_COUNT];

/* Notes: facts worth knowing that are no violation (never refused, not
 * counted as problems); and one warning.  Stable ids, like the checks'. */
#define JC_NOTE_IDS(X) \
    X(portability) X(late_deallocate) X(table_patch) X(extension_event) X(vm_newer) \
    X(unjudged_error) X(virtual_thread_unsupported)

enum jc_note_id {
#define JC_ENUM_NOTE(id) JC_NOTE_##id,
    JC_NOTE_IDS(JC_ENUM_NOTE)
#undef JC_ENUM_NOTE
    JC_NOTE_COUNT
};
extern const char *const jc_note_names[JC_NOTE_COUNT];
extern _Atomic uint64_t jc_note_counts[JC_NOTE_COUNT];

/* A note (a warning for vm_newer): counted, and traced unless trace=none
 * (portability ones also unless portability=off). */
void jc_note(enum jc_note_id id, const char *fn, const char *param, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Report a violation of check id in function/event fn, about param (may be
 * NULL).  Counts it, and traces it unless trace=none. */
void jc_violation(enum jc_check_id id, const char *fn, const char *param, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Its way to the trace, for any interface (jc_report.c): the call site,
 * the context (suppressed, or counted and shown repeat= times where only=
 * and trace= allow), the record, halt=on.  check is the check's name (a
 * string constant).  false when a suppression took it (not to be counted). */
bool jc_report_violation(const char *check, const char *fn, const char *param, const char *fmt, va_list ap);

/* ---- statistics ----------------------------------------------------------- */

typedef struct jc_fn_stats {
    _Atomic uint64_t calls, errors, total_ns;
    _Atomic uint64_t expected;      /* errors that are expected outcomes (jc_error_expected) */
    _Atomic uint64_t shim_calls;    /* made by the shim itself, not the agent */
} jc_fn_stats;

extern jc_fn_stats jc_fn_stats_table[];         /* by slot, sized by generator */
extern _Atomic uint64_t jc_check_counts[JC_CHK_COUNT];
extern _Atomic uint64_t jc_event_counts[];      /* by num - jc_event_min */

/* Prints the summary (summary=on) and leak reports (leaks=on); called at
 * VMDeath / DisposeEnvironment / Agent_OnUnload, once. */
void jc_report_summary(void);

/* ---- JVMTI-allocated memory ------------------------------------------------ */

/* Track a block the VM handed out (allocbuf, allocallocbuf and its inner
 * arrays, allocfieldbuf fields, Allocate). fn/param name the producer. */
void jc_alloc_track(jc_env *ce, const void *p, size_t bytes, const char *fn, const char *param);
/* Allocate's block: zeroed (with leaks=on: no stale pointer in it can
 * hold another block at the report), then tracked. */
void jc_alloc_fresh(jc_env *ce, void *p, size_t bytes);
/* Forget a block: JC_RELEASE_UNKNOWN (false) when it was never handed out
 * or is already freed; JC_RELEASE_LATE when a leak report counted it. */
enum jc_release { JC_RELEASE_UNKNOWN = 0, JC_RELEASE_OK = 1, JC_RELEASE_LATE = 2 };
enum jc_release jc_alloc_release(jc_env *ce, const void *p);
/* Report every block still held by ce (or by all envs when ce is NULL) and
 * not reported yet as a leak, and mark it reported; returns the count. */
size_t jc_alloc_report_leaks(jc_env *ce);

/* Where the agent keeps a block that the leak report cannot read from
 * memory: object tags, thread-local storage, and the argument of an agent
 * thread that is still running (RunAgentThread's arg).  The wrappers of SetTag,
 * SetThreadLocalStorage, the ObjectFree trampoline and the heap callbacks
 * say what value a tag or slot had and has now; jc_ref_count[k] counts the
 * blocks so held, and while it is 0 the wrappers ask the VM nothing (the
 * replaced value cannot be a block).  The hot path compares a value with
 * the lowest and highest address ever tracked. */
enum jc_ref_kind { JC_REF_TAG, JC_REF_TLS, JC_REF_ARG /* RunAgentThread's arg, while proc runs */, JC_REF_KINDS };
extern _Atomic uint64_t jc_ref_count[JC_REF_KINDS];
extern _Atomic uintptr_t jc_alloc_lo, jc_alloc_hi;
void jc_ref_moved(enum jc_ref_kind k, uintptr_t old, uintptr_t now);
/* The value being replaced, asked of the VM (counted as the shim's call). */
jlong jc_ref_old_tag(jc_env *ce, jobject object);
uintptr_t jc_ref_old_tls(jc_env *ce, jthread thread);
static inline bool jc_ref_held(enum jc_ref_kind k)
{
    return jc_g.opt.leaks && atomic_load_explicit(&jc_ref_count[k], memory_order_relaxed) != 0;
}
static inline bool jc_alloc_near(uintptr_t v)
{
    return v >= atomic_load_explicit(&jc_alloc_lo, memory_order_relaxed)
           && v <= atomic_load_explicit(&jc_alloc_hi, memory_order_relaxed);
}
/* A tag or slot changed from old to now (old: 0 when unknown). */
static inline void jc_ref_set(enum jc_ref_kind k, uintptr_t old, uintptr_t now)
{
    if (jc_g.opt.leaks && old != now && (jc_alloc_near(old) || jc_alloc_near(now)))
        jc_ref_moved(k, old, now);
}

/* ---- hooks the generated wrappers call for functions with extra meaning --- */

/* After a successful AddCapabilities / RelinquishCapabilities /
 * GetCapabilities: refresh ce->caps from the VM's view. */
void jc_hook_caps_changed(jc_env *ce);
/* SetEventCallbacks: remember the agent's, pass our trampolines instead. */
jvmtiError jc_hook_set_event_callbacks(jc_env *ce, const jvmtiEventCallbacks *cb, jint size);
/* SetEventNotificationMode: event_capability and thread_filter checks;
 * returns JVMTI_ERROR_NONE or the error strict mode returns. */
jvmtiError jc_hook_check_event_mode(jc_env *ce, jvmtiEventMode mode, jvmtiEvent ev, jthread thread);
/* DisposeEnvironment, before the real call: notes patches of ce's table. */
void jc_hook_dispose(jc_env *ce);
/* Notes (once per slot) the slots of ce's table that differ from expected. */
void jc_env_check_table(jc_env *ce, const struct jvmtiInterface_1_ *expected);
/* GetExtensionFunctions, after success: trampolines in place of the VM's
 * functions, so that they get the real env. */
void jc_hook_extension_functions(jc_env *ce, jint count, jvmtiExtensionFunctionInfo *infos);
/* SetExtensionEventCallback: the callback gets the checked env. */
jvmtiError jc_hook_set_extension_event_callback(jc_env *ce, jint index, jvmtiExtensionEvent callback);
/* num is no event of the spec: true when it is one of the VM's extension
 * events (noted once, extension_event), asked of the VM on first need, or
 * may be an event of a VM newer than the spec (jc_vm_newer_event). */
bool jc_extension_event(jc_env *ce, int num, const char *fn);
/* Deallocate: whether mem may go to the VM (false: refuse it). */
bool jc_hook_deallocate(jc_env *ce, int num, const void *mem);

/* ---- public API (installed header jvmticheck.h) --------------------------- */

jvmtiEnv *jvmti_check_wrap(JavaVM *vm, jvmtiEnv *env, const char *options);

#endif
