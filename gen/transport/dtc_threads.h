/* dtc_threads.h — libdt_check's private JVMTI env (dtc_threads.c): the
 * phase and the Java names of the threads its records name. */
#ifndef DTC_THREADS_H
#define DTC_THREADS_H

#include <stddef.h>

#include "jni.h"

/* Creates the env on jvm and follows the phase from now on: 0, or -1 with
 * a one-line message in err. */
int dtc_threads_init(JavaVM *jvm, char *err, size_t errlen);
/* jc_iface.thread_name: 1 the calling thread's Java name is in buf, 0 it
 * has none, -1 it cannot be asked now. */
int dtc_thread_name(char *buf, size_t len);
/* jc_iface.phase_name: the word for a JVMTI phase (jc_trace_phases.h). */
const char *dtc_phase_name(int phase);

#endif
