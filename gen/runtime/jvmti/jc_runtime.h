/* jc_runtime.h — the contract between the generated wrapper and the
 * hand-written runtime of libjvmticheck.
 *
 * `jvmtigen --wrapper` writes jvmticheck_gen.c: one wrapper per function of
 * the spec's table, one trampoline per event, and the metadata tables below
 * (jc_fn_table, jc_event_table, jc_wrapped_interface).  Everything that does
 * not depend on the spec lives in the runtime: the JVMTI tool (the .c files
 * of gen/runtime/jvmti: allocation tracking, the per-env state, the shim
 * agent) on the common layer (gen/runtime/common, jc_common.h: option
 * parsing, trace records and sinks).
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

#include "jc_common.h"
#include "jvmti.h"

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

/* ---- the interface and global state (jc_common.h) ------------------------ */

extern const jc_iface jc_iface_jvmti;

/* Initialise from options (opens the sink).  Returns 0, or -1 with err. */
int jc_init(const char *options, bool require_agent, char *err, size_t errlen);

/* ---- trace records of JVMTI (jc_names.c) --------------------------------- */

/* names=on (jc_names.c): a reference by name when accepted (the VM took
 * it: a successful call, an output, an event) and the moment is safe; else
 * as jc_rec_arg_ptr.  A field needs its class. */
void jc_rec_arg_class(jc_rec *r, const char *name, jclass k, bool accepted);
void jc_rec_arg_method(jc_rec *r, const char *name, jmethodID m, bool accepted);
void jc_rec_arg_field(jc_rec *r, const char *name, jclass k, jfieldID f, bool accepted);

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
