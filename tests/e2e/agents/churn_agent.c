/* churn_agent.c — env churn, for tests/e2e/churn.sh: 10 000 envs created
 * and disposed in Agent_OnLoad, then MethodEntry on one env that stays.
 * Through the shim each event looks up the checked env of the VM's env:
 * that lookup must not grow with the disposed envs.  From VMDeath it prints
 * "churn_agent: envs=N events=M ns_per_event=T", T being the time from
 * VMInit to VMDeath over the events (the test prints it; no threshold).
 */
#define AGENT_NAME "churn_agent"

#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "agent.h"

#define CYCLES 10000

static atomic_long events;
static struct timespec t_init;

static long long elapsed_ns(const struct timespec *since)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)(now.tv_sec - since->tv_sec) * 1000000000LL + (now.tv_nsec - since->tv_nsec);
}

static void JNICALL on_method_entry(jvmtiEnv *env, JNIEnv *jni, jthread thread, jmethodID method)
{
    (void)env, (void)jni, (void)thread, (void)method;
    atomic_fetch_add_explicit(&events, 1, memory_order_relaxed);
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env, (void)jni, (void)thread;
    clock_gettime(CLOCK_MONOTONIC, &t_init);
    TRY((*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL));
}

static void JNICALL on_vm_death(jvmtiEnv *env, JNIEnv *jni)
{
    long long ns = elapsed_ns(&t_init);
    long n = atomic_load(&events);
    (void)jni;
    TRY((*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_METHOD_ENTRY, NULL));
    fprintf(stderr, "%s: envs=%d events=%ld ns_per_event=%lld\n", AGENT_NAME, CYCLES, n, n ? ns / n : 0);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *env, *tmp;
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;

    (void)options, (void)reserved;
    for (int i = 0; i < CYCLES; i++) {
        if ((*vm)->GetEnv(vm, (void **)&tmp, JVMTI_VERSION) != JNI_OK) {
            agent_failed("GetEnv (churn)", i);
            return JNI_ERR;
        }
        TRY((*tmp)->DisposeEnvironment(tmp));
    }
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    TRY((*env)->AddCapabilities(env, &caps));
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    cb.MethodEntry = on_method_entry;
    TRY((*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb));
    TRY((*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    TRY((*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL));
    return JNI_OK;
}
