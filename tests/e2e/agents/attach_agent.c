/* attach_agent.c — an agent loaded into a running VM (Agent_OnAttach), for
 * tests/e2e/attach.sh.  It prints the options it got, so the test can see
 * they arrived verbatim through the shim, then works in the live phase:
 * the phase must already be live when its entry point runs.
 */
#define AGENT_NAME "attach_agent"

#include <string.h>

#include "agent.h"

static jvmtiEnv *jvmti;

static void JNICALL on_vm_death(jvmtiEnv *env, JNIEnv *jni)
{
    jint count;
    jthread *threads;

    (void)env, (void)jni;
    TRY((*jvmti)->GetAllThreads(jvmti, &count, &threads));
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)threads));
}

JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM *vm, char *options, void *reserved)
{
    jvmtiPhase phase;
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;
    jint count;
    jclass *classes;

    (void)reserved;
    fprintf(stderr, "attach_agent: options '%s'\n", options != NULL ? options : "(null)");
    if (agent_get_env(vm, &jvmti, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    TRY((*jvmti)->GetPhase(jvmti, &phase));
    if (phase != JVMTI_PHASE_LIVE)
        agent_failed("GetPhase (not live)", phase);
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;   /* may be added in the live phase */
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));
    TRY((*jvmti)->GetLoadedClasses(jvmti, &count, &classes));
    if (count > 0)
        TRY((*jvmti)->SetTag(jvmti, classes[0], 7));
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)classes));
    memset(&cb, 0, sizeof cb);
    cb.VMDeath = on_vm_death;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL));
    return JNI_OK;
}
