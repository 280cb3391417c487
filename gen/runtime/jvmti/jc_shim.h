/* jc_shim.h — what the shim (jc_shim.c) and the hooks (jc_hooks.c) share
 * inside libjvmticheck; not installed, not part of the wrapper contract.
 *
 * JVMTI calls the runtime makes on its own behalf go straight to the real
 * env, not through the wrapper, so they are neither checked nor traced; they
 * are only counted (jc_fn_stats_table[slot].shim_calls), so that per-function
 * totals still add up to what the VM saw.  JC_SHIM_FN is the one way to
 * make such a call, so none goes uncounted.
 */
#ifndef JVMTICHECK_SHIM_H
#define JVMTICHECK_SHIM_H

#include <stddef.h>

#include "jc_runtime.h"

/* A function's slot is its spec number: the table's first entry is num 1. */
#define JC_SLOT(fn) ((int)(offsetof(struct jvmtiInterface_1_, fn) / sizeof(void *)) + 1)

/* JC_SHIM_FN(env, GetPhase)(env, &phase): fn of the raw env, counted. */
#define JC_SHIM_FN(env, fn) \
    (atomic_fetch_add_explicit(&jc_fn_stats_table[JC_SLOT(fn)].shim_calls, 1, memory_order_relaxed), \
     (*(env))->fn)

/* Creates the runtime's private env on vm (a real VM, never the wrapped
 * one): seeds jc_g.phase with GetPhase and follows VMStart, VMInit and
 * VMDeath; VMDeath also reports the summary.  Returns 0, or -1 with a
 * one-line message in err ("jvmticheck: ...", as jc_init's). */
int jc_track_phase(JavaVM *vm, char *err, size_t errlen);

/* jc_natives.c: reads the real agent's exported Java_ symbols (lib is its
 * dlopen handle); true when there are any, and the private env must then
 * follow ClassPrepare with jc_natives_class_prepare, which binds them. */
bool jc_natives_init(void *lib, const char *path);
void JNICALL jc_natives_class_prepare(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass);

/* jc_instance.c: the library loaded for good, and loaded more than once.
 * jc_instance_pin makes this library impossible to unload; jc_instance_begin
 * numbers this runtime's load (1 for the first in the process; a copy has
 * its number already) and returns it; jc_instance_forward gives a later load
 * (entry "Agent_OnLoad" or "Agent_OnAttach") to a new copy of the library
 * and returns what the copy's entry point returns; jc_instance_unload_copies
 * calls Agent_OnUnload of every copy made, once.  jc_instance_several: the
 * process has had more than one load; jc_instance_number: this one's. */
void jc_instance_pin(void);
int jc_instance_begin(void);
jint jc_instance_forward(const char *entry, JavaVM *vm, char *options, void *reserved);
void jc_instance_unload_copies(JavaVM *vm);
bool jc_instance_several(void);
int jc_instance_number(void);

#endif
