/* vthread_agent.c — an agent that follows virtual threads (JDK 21+), built
 * against the JDK 25 jvmti.h, for tests/e2e-vthreads.sh.  With
 * can_support_virtual_threads it enables VirtualThreadStart and
 * VirtualThreadEnd and, in each, calls GetThreadInfo on the event's thread
 * (and frees the name).  It prints "vthread_agent: start=N end=M" from
 * Agent_OnUnload.  On a VM without virtual threads it says so and does
 * nothing more.
 */
#define AGENT_NAME "vthread_agent"

#include <stdatomic.h>
#include <string.h>

#include "agent.h"

static atomic_int starts, ends;

static void info(jvmtiEnv *env, JNIEnv *jni, jthread t)
{
    jvmtiThreadInfo ti;
    TRY((*env)->GetThreadInfo(env, t, &ti));
    TRY((*env)->Deallocate(env, (unsigned char *)ti.name));
    if (ti.thread_group)
        (*jni)->DeleteLocalRef(jni, ti.thread_group);
    if (ti.context_class_loader)
        (*jni)->DeleteLocalRef(jni, ti.context_class_loader);
}

static void JNICALL on_start(jvmtiEnv *env, JNIEnv *jni, jthread t)
{
    atomic_fetch_add(&starts, 1);
    info(env, jni, t);
}

static void JNICALL on_end(jvmtiEnv *env, JNIEnv *jni, jthread t)
{
    atomic_fetch_add(&ends, 1);
    info(env, jni, t);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *jvmti;
    jvmtiCapabilities pot, caps;
    jvmtiEventCallbacks cb;

    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_21) != JNI_OK) {
        fprintf(stderr, "%s: no JVMTI 21 here\n", AGENT_NAME);
        return JNI_OK;
    }
    memset(&pot, 0, sizeof pot);
    TRY((*jvmti)->GetPotentialCapabilities(jvmti, &pot));
    memset(&caps, 0, sizeof caps);
    caps.can_support_virtual_threads = pot.can_support_virtual_threads;
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));
    memset(&cb, 0, sizeof cb);
    cb.VirtualThreadStart = on_start;
    cb.VirtualThreadEnd = on_end;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VIRTUAL_THREAD_START, NULL));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VIRTUAL_THREAD_END, NULL));
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    (void)vm;
    fprintf(stderr, "%s: start=%d end=%d\n", AGENT_NAME, atomic_load(&starts), atomic_load(&ends));
}
