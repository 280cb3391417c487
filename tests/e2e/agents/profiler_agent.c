/* profiler_agent.c — an agent used the way async-profiler is: attached once
 * to start it and once more to stop it, the same library both times, for
 * tests/e2e/loads.sh.
 *
 *   start  takes an env (once, kept in a static as async-profiler does: the
 *          "stop" attach finds it there), counts ThreadStart events
 *   stop   asks the phase through an env of its own attach's VM, stops
 *          counting through the kept env and prints
 *          "profiler_agent: stopped, N threads started"; refused (JNI_ERR)
 *          when not started
 *   fail   makes a few calls, then refuses (JNI_ERR), leaving its env
 *          behind as a careless agent would (no callbacks: nothing of the
 *          agent runs later)
 *   fail-bad  the same, after a call that breaks the spec (GetPhase with a
 *          NULL phase_ptr)
 */
#define AGENT_NAME "profiler_agent"

#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>

#include "agent.h"

static jvmtiEnv *kept;              /* the "start" attach's env */
static atomic_bool running;
static atomic_long threads_started;

static void JNICALL on_thread_start(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env, (void)jni, (void)thread;
    atomic_fetch_add(&threads_started, 1);
}

/* The header's JVMTI version, or 1.2 on a VM older than the header (JDK 8),
 * as agents built against a newer jvmti.h do. */
static jint get_env(JavaVM *vm, jvmtiEnv **env)
{
    if ((*vm)->GetEnv(vm, (void **)env, JVMTI_VERSION) == JNI_OK)
        return JNI_OK;
    return (*vm)->GetEnv(vm, (void **)env, JVMTI_VERSION_1_2);
}

static jint start(JavaVM *vm)
{
    if (kept == NULL && get_env(vm, &kept) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadStart = on_thread_start;
    TRY((*kept)->SetEventCallbacks(kept, &cb, (jint)sizeof cb));
    atomic_store(&threads_started, 0);
    TRY((*kept)->SetEventNotificationMode(kept, JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, NULL));
    atomic_store(&running, true);
    fprintf(stderr, "profiler_agent: started\n");
    return JNI_OK;
}

static jint stop(JavaVM *vm)
{
    if (!atomic_load(&running)) {
        fprintf(stderr, "profiler_agent: not started\n");
        return JNI_ERR;
    }
    jvmtiEnv *own;
    jvmtiPhase phase;
    if (get_env(vm, &own) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    TRY((*own)->GetPhase(own, &phase));
    if (phase != JVMTI_PHASE_LIVE)
        agent_failed("GetPhase (not live)", phase);
    TRY((*own)->DisposeEnvironment(own));
    TRY((*kept)->SetEventNotificationMode(kept, JVMTI_DISABLE, JVMTI_EVENT_THREAD_START, NULL));
    atomic_store(&running, false);
    fprintf(stderr, "profiler_agent: stopped, %ld threads started\n", atomic_load(&threads_started));
    return JNI_OK;
}

static jint fail(JavaVM *vm, bool bad)
{
    jvmtiEnv *env;
    jvmtiPhase phase;
    jint count;
    jclass *classes;
    if (get_env(vm, &env) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    TRY((*env)->GetPhase(env, &phase));
    if (bad)
        EXPECT((*env)->GetPhase(env, NULL), JVMTI_ERROR_NULL_POINTER);
    TRY((*env)->GetLoadedClasses(env, &count, &classes));
    TRY((*env)->Deallocate(env, (unsigned char *)classes));
    fprintf(stderr, "profiler_agent: failing on purpose\n");
    return JNI_ERR;
}

JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    const char *o = options != NULL ? options : "";
    if (strcmp(o, "start") == 0)
        return start(vm);
    if (strcmp(o, "stop") == 0)
        return stop(vm);
    if (strcmp(o, "fail") == 0 || strcmp(o, "fail-bad") == 0)
        return fail(vm, strcmp(o, "fail-bad") == 0);
    fprintf(stderr, "profiler_agent: options must be start, stop, fail or fail-bad, not '%s'\n", o);
    return JNI_ERR;
}
