/* vthread_agent.c — an agent that follows virtual threads (JDK 21+), built
 * against the JDK 25 jvmti.h, for tests/e2e/vthreads.sh.  With
 * can_support_virtual_threads it enables VirtualThreadStart and
 * VirtualThreadEnd and, in each, calls GetThreadInfo on the event's thread
 * (and frees the name).  It prints "vthread_agent: start=N end=M" from
 * Agent_OnUnload.  On a VM without virtual threads it says so and does
 * nothing more.
 *
 * With the option "misuse" it also does what the spec says of virtual
 * threads (tests/e2e/vthreads.sh): in VMInit, RunAgentThread with an
 * unstarted virtual thread (made through JNI: Thread.ofVirtual().unstarted),
 * which the spec forbids, printing "vthread_agent: RunAgentThread -> ERR";
 * in the first VirtualThreadStart, GetCurrentThreadCpuTime and
 * GetThreadCpuTime of the event's thread, which the VM need not support on
 * a virtual thread, printing "vthread_agent: cpu time -> ERR ERR".
 */
#define AGENT_NAME "vthread_agent"

#include <stdatomic.h>
#include <string.h>

#include "agent.h"

static atomic_int starts, ends;
static int misuse;
static atomic_int cpu_asked;

static void JNICALL never_run(jvmtiEnv *env, JNIEnv *jni, void *arg)
{
    (void)env, (void)jni, (void)arg;
    fprintf(stderr, "%s: FAILED: an agent thread ran on a virtual thread\n", AGENT_NAME);
}

/* An unstarted virtual thread: Thread.ofVirtual().unstarted(new Thread()). */
static jobject unstarted_virtual(JNIEnv *jni)
{
    jclass thr = (*jni)->FindClass(jni, "java/lang/Thread");
    jclass builder = (*jni)->FindClass(jni, "java/lang/Thread$Builder");
    if (!thr || !builder)
        return NULL;
    jmethodID of_virtual = (*jni)->GetStaticMethodID(jni, thr, "ofVirtual", "()Ljava/lang/Thread$Builder$OfVirtual;");
    jmethodID unstarted = (*jni)->GetMethodID(jni, builder, "unstarted", "(Ljava/lang/Runnable;)Ljava/lang/Thread;");
    jmethodID init = (*jni)->GetMethodID(jni, thr, "<init>", "()V");
    if (!of_virtual || !unstarted || !init)
        return NULL;
    jobject b = (*jni)->CallStaticObjectMethod(jni, thr, of_virtual);
    jobject task = (*jni)->NewObject(jni, thr, init);
    return b && task ? (*jni)->CallObjectMethod(jni, b, unstarted, task) : NULL;
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread main_thread)
{
    (void)main_thread;
    jobject vt = unstarted_virtual(jni);
    if (!vt) {
        agent_failed("Thread.ofVirtual().unstarted()", 0);
        (*jni)->ExceptionClear(jni);
        return;
    }
    jvmtiError err = (*env)->RunAgentThread(env, vt, never_run, NULL, JVMTI_THREAD_NORM_PRIORITY);
    fprintf(stderr, "%s: RunAgentThread -> %d\n", AGENT_NAME, (int)err);
}

static void cpu_time(jvmtiEnv *env, jthread t)
{
    jlong ns = 0;
    if (atomic_exchange(&cpu_asked, 1))
        return;
    jvmtiError cur = (*env)->GetCurrentThreadCpuTime(env, &ns);
    jvmtiError any = (*env)->GetThreadCpuTime(env, t, &ns);
    fprintf(stderr, "%s: cpu time -> %d %d\n", AGENT_NAME, (int)cur, (int)any);
}

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
    if (misuse)
        cpu_time(env, t);
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

    (void)reserved;
    misuse = options && strcmp(options, "misuse") == 0;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_21) != JNI_OK) {
        fprintf(stderr, "%s: no JVMTI 21 here\n", AGENT_NAME);
        return JNI_OK;
    }
    memset(&pot, 0, sizeof pot);
    TRY((*jvmti)->GetPotentialCapabilities(jvmti, &pot));
    memset(&caps, 0, sizeof caps);
    caps.can_support_virtual_threads = pot.can_support_virtual_threads;
    if (misuse) {
        caps.can_get_current_thread_cpu_time = pot.can_get_current_thread_cpu_time;
        caps.can_get_thread_cpu_time = pot.can_get_thread_cpu_time;
    }
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));
    memset(&cb, 0, sizeof cb);
    cb.VirtualThreadStart = on_start;
    cb.VirtualThreadEnd = on_end;
    cb.VMInit = misuse ? on_vm_init : NULL;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VIRTUAL_THREAD_START, NULL));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VIRTUAL_THREAD_END, NULL));
    if (misuse)
        TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    (void)vm;
    fprintf(stderr, "%s: start=%d end=%d\n", AGENT_NAME, atomic_load(&starts), atomic_load(&ends));
}
