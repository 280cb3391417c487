/* newer_agent.c — an agent built against the JDK 25 jvmti.h (the one
 * jvmtigen generates from the JDK 25 spec), for tests/e2e/versions.sh.
 *
 * It asks GetEnv for JVMTI 11, which JDK 11 and later grant (JDK 8: 1.2,
 * agent_get_env), enables VirtualThreadStart (an event since 21: on an
 * older VM a `version` violation, not a missing capability), and in
 * VMInit calls functions that are newer than JDK 17 (SuspendAllVirtualThreads
 * and ResumeAllVirtualThreads since 21, ClearAllFramePops since 25): three
 * right, two wrong (a negative count; a missing capability, through a
 * second env that has none).  On JDK 17 none of them exists: through the
 * shim the VM must survive and each call be reported.  Last, it calls
 * slot 160, past every JVMTI table so far, as an agent built for a future
 * JDK might.  The agent itself
 * judges nothing: the test reads the trace.  It prints each result as
 * "newer_agent: NAME -> ERROR" so the test can compare with what the
 * agent got.
 *
 * With the option "events" it does instead what an agent for a newer JDK
 * does on an older one with events: it asks GetEnv for JVMTI 1.2 (JDK 8 on
 * grant it), adds the capabilities the VM offers, and in VMInit enables
 * and disables SampledObjectAlloc (since 11) and VirtualThreadStart (since
 * 21), which a JDK 8 (both) or 17 (the second) does not know.
 */
#define AGENT_NAME "newer_agent"

#include <string.h>

#include "agent.h"

/* (a JDK 17 jvmti.h has no ClearAllFramePops: the build fails) */

static jvmtiEnv *jvmti, *bare;
static int events_mode;

static void report(const char *what, jvmtiError err)
{
    fprintf(stderr, "%s: %s -> %d\n", AGENT_NAME, what, (int)err);
}

static void JNICALL on_vm_init_events(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env, (void)jni, (void)thread;
    report("EnableSampledObjectAlloc",
           (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, NULL));
    report("DisableSampledObjectAlloc",
           (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, NULL));
    report("EnableVirtualThreadStart",
           (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VIRTUAL_THREAD_START, NULL));
    report("DisableVirtualThreadStart",
           (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_VIRTUAL_THREAD_START, NULL));
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env, (void)jni, (void)thread;
    report("SuspendAllVirtualThreads", (*jvmti)->SuspendAllVirtualThreads(jvmti, 0, NULL));
    report("ResumeAllVirtualThreads", (*jvmti)->ResumeAllVirtualThreads(jvmti, 0, NULL));
    report("ClearAllFramePops", (*jvmti)->ClearAllFramePops(jvmti, NULL));
    /* wrong: a negative count, a capability the env lacks */
    report("SuspendAllVirtualThreads", (*jvmti)->SuspendAllVirtualThreads(jvmti, -1, NULL));
    report("ClearAllFramePops", (*bare)->ClearAllFramePops(bare, NULL));
    /* an agent built for a future JDK: slot 160, past every table so far
       (only ever run through the shim, which has room there) */
    {
        typedef jvmtiError (JNICALL *slot_fn)(jvmtiEnv *);
        slot_fn const *slots = (slot_fn const *)(const void *)*jvmti;
        report("slot160", slots[159](jvmti));
    }
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiCapabilities pot, caps;
    jvmtiEventCallbacks cb;
    jint version = 0;

    (void)reserved;
    events_mode = options != NULL && strcmp(options, "events") == 0;
    version = events_mode ? JVMTI_VERSION_1_2 : JVMTI_VERSION_11;
    if (agent_get_env(vm, &jvmti, version) != JNI_OK
        || agent_get_env(vm, &bare, version) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    TRY((*jvmti)->GetVersionNumber(jvmti, &version));
    fprintf(stderr, "%s: VM JVMTI version 0x%x\n", AGENT_NAME, (unsigned)version);

    /* what the VM offers of what the calls need (JDK 17 has no
     * can_support_virtual_threads) */
    memset(&pot, 0, sizeof pot);
    TRY((*jvmti)->GetPotentialCapabilities(jvmti, &pot));
    memset(&caps, 0, sizeof caps);
    caps.can_suspend = pot.can_suspend;
    caps.can_generate_frame_pop_events = pot.can_generate_frame_pop_events;
    caps.can_support_virtual_threads = pot.can_support_virtual_threads;
    caps.can_generate_sampled_object_alloc_events = pot.can_generate_sampled_object_alloc_events;
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));

    memset(&cb, 0, sizeof cb);
    cb.VMInit = events_mode ? on_vm_init_events : on_vm_init;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    if (!events_mode)
        report("VirtualThreadStart", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE,
                                                                        JVMTI_EVENT_VIRTUAL_THREAD_START, NULL));
    return JNI_OK;
}
