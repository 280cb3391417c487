/* dtc_threads.c — Java thread names in libdt_check's records.
 *
 * libdt_check links the runtime's common layer only, not the JVMTI tool:
 * the names of its threads ("JDWP Transport Listener: dt_socket") are asked
 * here, of a private JVMTI env of its own, as the shim asks them (the VM's
 * name, whole; the OS name is cut to 15 bytes).  The env follows the phase
 * (VMStart, VMInit, VMDeath into jc_g.phase, which also puts the phase in a
 * crash record), and a name is asked only in the live phase, on a thread
 * attached to the VM with no exception pending, never recursively.
 * Elsewhere the thread keeps its OS name.  The transport's threads are
 * libjdwp's platform threads: no virtual thread is looked for.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "dtc_threads.h"
#include "jc_internal.h"
#include "jvmti.h"            /* its own env: the VM's interface, not our wrapper */
#include "../runtime/jvmti/jc_trace_phases.h"

static JavaVM *vm;
static jvmtiEnv *env;
static _Thread_local bool busy;

static void JNICALL on_vm_start(jvmtiEnv *e, JNIEnv *jni)
{
    (void)e, (void)jni;
    atomic_store(&jc_g.phase, JVMTI_PHASE_START);
}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread thread)
{
    (void)e, (void)jni, (void)thread;
    atomic_store(&jc_g.phase, JVMTI_PHASE_LIVE);
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *jni)
{
    (void)e, (void)jni;
    atomic_store(&jc_g.phase, JVMTI_PHASE_DEAD);
}

int dtc_threads_init(JavaVM *jvm, char *err, size_t errlen)
{
    static const jvmtiEvent events[] = { JVMTI_EVENT_VM_START, JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH };
    jvmtiEnv *e = NULL;
    jint rc = (*jvm)->GetEnv(jvm, (void **)&e, JVMTI_VERSION_1_0);
    if (rc != JNI_OK) {
        snprintf(err, errlen, "jvmticheck: cannot get a JVMTI environment to follow the phase (GetEnv returned %d)",
                 (int)rc);
        return -1;
    }
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMStart = on_vm_start;
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    jvmtiError x = (*e)->SetEventCallbacks(e, &cb, (jint)sizeof cb);
    for (size_t i = 0; x == JVMTI_ERROR_NONE && i < sizeof events / sizeof events[0]; i++)
        x = (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, events[i], NULL);
    if (x != JVMTI_ERROR_NONE) {
        snprintf(err, errlen, "jvmticheck: cannot enable the VM start, init and death events (error %d)", (int)x);
        (*e)->DisposeEnvironment(e);
        return -1;
    }
    jvmtiPhase phase;
    x = (*e)->GetPhase(e, &phase);
    if (x != JVMTI_ERROR_NONE) {
        snprintf(err, errlen, "jvmticheck: GetPhase failed with error %d", (int)x);
        return -1;
    }
    atomic_store(&jc_g.phase, phase);
    vm = jvm;
    env = e;
    return 0;
}

int dtc_thread_name(char *buf, size_t len)
{
    JNIEnv *jni = NULL;
    jthread t = NULL;
    int rc = -1;
    if (!env || busy || atomic_load_explicit(&jc_g.phase, memory_order_relaxed) != JVMTI_PHASE_LIVE)
        return -1;
    busy = true;
    if ((*vm)->GetEnv(vm, (void **)&jni, JNI_VERSION_1_6) != JNI_OK) {
        rc = 0;             /* not attached: a native thread keeps its OS name */
        goto out;
    }
    if ((*jni)->ExceptionCheck(jni))
        goto out;
    rc = 0;
    if ((*env)->GetCurrentThread(env, &t) != JVMTI_ERROR_NONE || t == NULL)
        goto out;
    jvmtiThreadInfo info;
    memset(&info, 0, sizeof info);
    if ((*env)->GetThreadInfo(env, t, &info) == JVMTI_ERROR_NONE) {
        if (info.name && info.name[0]) {
            snprintf(buf, len, "%s", info.name);
            rc = 1;
        }
        (*env)->Deallocate(env, (unsigned char *)info.name);
        if (info.thread_group)
            (*jni)->DeleteLocalRef(jni, info.thread_group);
        if (info.context_class_loader)
            (*jni)->DeleteLocalRef(jni, info.context_class_loader);
    }
    (*jni)->DeleteLocalRef(jni, t);
out:
    busy = false;
    return rc;
}

const char *dtc_phase_name(int phase)
{
    return phase < 0 ? NULL : jc_trace_phase_word((unsigned)phase);
}
