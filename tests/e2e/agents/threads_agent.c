/* threads_agent.c — many threads calling through the checked env at once,
 * for tests/e2e/threads.sh.
 *
 * MonitorContendedEnter/Entered arrive on every Java thread that fights for
 * a lock; each callback makes two JVMTI calls.  The agent counts every call
 * it makes and every contention event it gets, and at VMDeath writes the
 * counts to the file named by its options (out=PATH), so the test can check
 * that the trace holds exactly one record for each.
 */
#define AGENT_NAME "threads_agent"

#include <stdatomic.h>
#include <string.h>

#include "agent.h"

static jvmtiEnv *jvmti;
static const char *out_path;
static atomic_long calls, enters, entereds;

/* Every JVMTI call of this agent goes through CALL, so none goes uncounted. */
#define CALL(fn, ...) (atomic_fetch_add(&calls, 1), (*jvmti)->fn(jvmti, __VA_ARGS__))

static void look_at_current_thread(void)
{
    jthread thread;
    jint state;

    TRY(CALL(GetCurrentThread, &thread));
    TRY(CALL(GetThreadState, thread, &state));
    if (!(state & JVMTI_THREAD_STATE_ALIVE))
        agent_failed("GetThreadState (current thread not alive)", state);
}

static void JNICALL on_contended_enter(jvmtiEnv *env, JNIEnv *jni, jthread thread, jobject object)
{
    (void)env, (void)jni, (void)thread, (void)object;
    atomic_fetch_add(&enters, 1);
    look_at_current_thread();
}

static void JNICALL on_contended_entered(jvmtiEnv *env, JNIEnv *jni, jthread thread, jobject object)
{
    (void)env, (void)jni, (void)thread, (void)object;
    atomic_fetch_add(&entereds, 1);
    look_at_current_thread();
}

/* The Java program has joined its threads: no callback runs any more. */
static void JNICALL on_vm_death(jvmtiEnv *env, JNIEnv *jni)
{
    FILE *f;

    (void)env, (void)jni;
    f = fopen(out_path, "w");
    if (f == NULL) {
        agent_failed("fopen of the count file", 0);
        return;
    }
    fprintf(f, "calls %ld\nMonitorContendedEnter %ld\nMonitorContendedEntered %ld\n",
            atomic_load(&calls), atomic_load(&enters), atomic_load(&entereds));
    fclose(f);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    static const jvmtiEvent events[] = {
        JVMTI_EVENT_VM_DEATH, JVMTI_EVENT_MONITOR_CONTENDED_ENTER, JVMTI_EVENT_MONITOR_CONTENDED_ENTERED,
    };
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;

    (void)reserved;
    if (agent_init_with_out(vm, options, &jvmti, &out_path) != JNI_OK)
        return JNI_ERR;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_monitor_events = 1;
    TRY(CALL(AddCapabilities, &caps));
    memset(&cb, 0, sizeof cb);
    cb.VMDeath = on_vm_death;
    cb.MonitorContendedEnter = on_contended_enter;
    cb.MonitorContendedEntered = on_contended_entered;
    TRY(CALL(SetEventCallbacks, &cb, (jint)sizeof cb));
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        TRY(CALL(SetEventNotificationMode, JVMTI_ENABLE, events[i], NULL));
    return JNI_OK;
}
