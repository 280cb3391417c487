/* jc_jvmti.h — what the JVMTI tool's own files (jvmti/) share and the
 * generated wrapper does not need (its contract is jc_runtime.h); with
 * the common layer's jc_internal.h. */
#ifndef JVMTICHECK_JVMTI_H
#define JVMTICHECK_JVMTI_H

#include "jc_internal.h"
#include "jc_runtime.h"

/* ---- jc_envs.c ----------------------------------------------------------- */

/* Calls fn on every live env, under the registry's lock. */
void jc_env_each(void (*fn)(jc_env *));
/* How many envs are live (not disposed). */
size_t jc_env_live_count(void);
/* Frees every env and table (tests). */
void jc_envs_reset(void);

/* ---- jc_vthreads.c ------------------------------------------------------- */

/* Starts naming virtual threads in records when the VM is JVMTI 21+; own is
 * the runtime's private env. */
void jc_vthreads_init(JavaVM *vm, jvmtiEnv *own);
/* The calling platform thread's Java name into buf (cut to len - 1
 * bytes): 1; 0 when it has none (not a Java thread, a virtual thread's
 * carrier); -1 when it cannot be asked now (not the live phase, inside a
 * callback that allows only callback-safe functions, no JNIEnv, an
 * exception pending): ask again later. */
int jc_java_thread_name(char *buf, size_t len);
/* True when the calling thread is a virtual thread (then *name and *tid
 * are its name and id); false: a platform thread, or it cannot be told. */
bool jc_vthread_current(const char **name, long long *tid);

/* ---- jc_names.c ---------------------------------------------------------- */

/* names=on asks the runtime's private env (own) about references. */
void jc_names_init(JavaVM *vm, jvmtiEnv *own);
void jc_names_reset(void);
/* "java.lang.String.indexOf(I)I" of m, asked of the private env (cached);
 * false when it cannot be known now (the caller checks the moment is safe). */
bool jc_names_method(jmethodID m, char *buf, size_t len);

/* ---- jc_header.c --------------------------------------------------------- */

/* The run header record, once, from jc_vm_learn (real: the first env). */
void jc_header_write(jvmtiEnv *real, jint vm_version);

/* ---- jc_alloc.c ---------------------------------------------------------- */

/* Forgets every tracked block (tests). */
void jc_alloc_reset(void);

/* ---- jc_checks.c, jc_summary.c (JVMTI) ------------------------------------ */

/* For jc_iface_jvmti: violations (leaks apart) and notes shown, for the
 * verdict; jc_reset's part. */
uint64_t jc_checks_violations(void);
uint64_t jc_checks_notes(void);
void jc_checks_reset(void);
void jc_summary_reset(void);

/* A load that failed: its trace so far is written, its verdict too when
 * its agent broke the spec; jc_report_summary does nothing after it (the
 * runtime stays loaded). */
void jc_report_abandon(void);

/* ---- jc_env_table.c (JVMTI) ------------------------------------------------ */

/* What a new env's table holds (wrappers, and forwarders in reserved slots). */
const struct jvmtiInterface_1_ *jc_env_template(void);
/* Fills ce's table and the extra slots after it from the template. */
void jc_env_copy_template(jc_env *ce);

#endif
