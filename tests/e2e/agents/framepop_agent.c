/* framepop_agent.c — an agent that asks twice for the same frame's pop, for
 * tests/e2e/errdoc.sh: an error documented only by a newer spec.
 *
 * JDK 25's spec documents JVMTI_ERROR_DUPLICATE for NotifyFramePop ("there
 * is already a frame pop event request at the specified depth"); the JDK 17
 * and 21 specs do not.  The agent sets a breakpoint at the start of
 * Hello.main (found with GetClassMethods when Hello is prepared) and, there,
 * calls NotifyFramePop(NULL, 0) twice.  It prints
 * "framepop_agent: NotifyFramePop -> FIRST SECOND" with both errors.
 */
#define AGENT_NAME "framepop_agent"

#include <string.h>

#include "agent.h"

static void JNICALL on_prepare(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass)
{
    char *sig = NULL;
    jint n = 0;
    jmethodID *methods = NULL;

    (void)jni, (void)thread;
    TRY((*env)->GetClassSignature(env, klass, &sig, NULL));
    if (sig && strcmp(sig, "LHello;") == 0) {
        TRY((*env)->GetClassMethods(env, klass, &n, &methods));
        for (jint i = 0; i < n; i++) {
            char *name = NULL;
            TRY((*env)->GetMethodName(env, methods[i], &name, NULL, NULL));
            if (name && strcmp(name, "main") == 0)
                TRY((*env)->SetBreakpoint(env, methods[i], 0));
            TRY((*env)->Deallocate(env, (unsigned char *)name));
        }
        TRY((*env)->Deallocate(env, (unsigned char *)methods));
    }
    TRY((*env)->Deallocate(env, (unsigned char *)sig));
}

static void JNICALL on_breakpoint(jvmtiEnv *env, JNIEnv *jni, jthread thread, jmethodID method, jlocation loc)
{
    (void)jni, (void)thread;
    jvmtiError first = (*env)->NotifyFramePop(env, NULL, 0);
    jvmtiError second = (*env)->NotifyFramePop(env, NULL, 0);
    fprintf(stderr, "%s: NotifyFramePop -> %d %d\n", AGENT_NAME, (int)first, (int)second);
    TRY((*env)->ClearBreakpoint(env, method, loc));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *jvmti;
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;

    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    memset(&caps, 0, sizeof caps);
    caps.can_generate_breakpoint_events = 1;
    caps.can_generate_frame_pop_events = 1;
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));
    memset(&cb, 0, sizeof cb);
    cb.ClassPrepare = on_prepare;
    cb.Breakpoint = on_breakpoint;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    return JNI_OK;
}
