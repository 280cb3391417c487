/* misuse_agent.c — an agent that makes every mistake libjvmticheck checks
 * for, at least once, for tests/e2e-misuse.sh.
 *
 * Run with check=strict, the wrapper refuses each bad call before it reaches
 * the VM, so the VM survives (a stack pointer handed to Deallocate, or a
 * call from inside a GC callback, would crash it otherwise).  Return values
 * are ignored: what counts is the violation record each mistake leaves, and
 * tests/data/misuse.expect lists them.  Each mistake is commented with the
 * check id it must trigger.
 */
#define AGENT_NAME "misuse_agent"

#include <string.h>

#include "agent.h"

static jvmtiEnv *jvmti;
static volatile int gc_seen;

static void JNICALL on_gc_start(jvmtiEnv *env)
{
    jthread thread;

    (void)env;
    if (gc_seen++ == 0)  /* callback_unsafe: GetCurrentThread is not callback safe */
        (void)(*jvmti)->GetCurrentThread(jvmti, &thread);
}

static jclass heap_klass;

static jint JNICALL on_heap_object(jlong class_tag, jlong size, jlong *tag_ptr, jint length, void *user_data)
{
    char *sig;

    (void)class_tag, (void)size, (void)tag_ptr, (void)length, (void)user_data;
    /* callback_unsafe: inside a heap iteration only callback-safe functions */
    (void)(*jvmti)->GetClassSignature(jvmti, heap_klass, &sig, NULL);
    return JVMTI_VISIT_ABORT;
}

static jthread heap_thread;

static jint JNICALL on_heap_reference(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info,
                                      jlong class_tag, jlong referrer_class_tag, jlong size,
                                      jlong *tag_ptr, jlong *referrer_tag_ptr, jint length, void *user_data)
{
    jint state;

    (void)kind, (void)info, (void)class_tag, (void)referrer_class_tag, (void)size;
    (void)tag_ptr, (void)referrer_tag_ptr, (void)length, (void)user_data;
    /* callback_unsafe: GetThreadState from inside FollowReferences */
    (void)(*jvmti)->GetThreadState(jvmti, heap_thread, &state);
    return JVMTI_VISIT_ABORT;
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    jvmtiHeapCallbacks heap_cb;
    jvmtiFrameInfo frames[4];
    jint count;
    jobject *monitors;
    unsigned char on_stack[16];
    char *sig, *leaked;
    jclass klass;

    (void)env;
    /* min_value: max_frame_count must be >= 0 */
    (void)(*jvmti)->GetStackTrace(jvmti, thread, 0, -1, frames, &count);
    /* capability: needs can_get_owned_monitor_info, never added */
    (void)(*jvmti)->GetOwnedMonitorInfo(jvmti, thread, &count, &monitors);
    /* thread_filter: VMInit is a global event, it takes no thread */
    (void)(*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, thread);

    /* bad_deallocate, twice: memory JVMTI never handed out, and a double free */
    (void)(*jvmti)->Deallocate(jvmti, on_stack);
    klass = (*jni)->GetObjectClass(jni, thread);
    TRY((*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL));
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)sig));
    (void)(*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    /* bad_deallocate: a pointer into the middle of a JVMTI block */
    TRY((*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL));
    (void)(*jvmti)->Deallocate(jvmti, (unsigned char *)sig + 1);
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)sig));
    /* null_pointer: out pointers that are NULL */
    (void)(*jvmti)->GetThreadInfo(jvmti, thread, NULL);
    (void)(*jvmti)->GetFrameCount(jvmti, thread, NULL);
    (void)(*jvmti)->GetClassSignature(jvmti, NULL, &sig, NULL);
    /* enum_value: out-of-range events and heap filters */
    (void)(*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, (jvmtiEvent)1000, NULL);
    (void)(*jvmti)->IterateOverHeap(jvmti, (jvmtiHeapObjectFilter)42, NULL, NULL);
    /* leak: never deallocated */
    TRY((*jvmti)->GetClassSignature(jvmti, klass, &leaked, NULL));

    heap_klass = klass;
    memset(&heap_cb, 0, sizeof heap_cb);
    heap_cb.heap_iteration_callback = on_heap_object;
    TRY((*jvmti)->IterateThroughHeap(jvmti, 0, NULL, &heap_cb, NULL));
    heap_thread = thread;
    memset(&heap_cb, 0, sizeof heap_cb);
    heap_cb.heap_reference_callback = on_heap_reference;
    TRY((*jvmti)->FollowReferences(jvmti, 0, NULL, NULL, &heap_cb, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *old;
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;
    jint count;
    jclass *classes;
    jthread *threads;

    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK
        || (*vm)->GetEnv(vm, (void **)&old, JVMTI_VERSION_1_2) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }

    /* null_pointer: phase_ptr */
    (void)(*jvmti)->GetPhase(jvmti, NULL);
    /* phase: GetLoadedClasses and GetAllThreads are live-phase only */
    (void)(*jvmti)->GetLoadedClasses(jvmti, &count, &classes);
    (void)(*jvmti)->GetAllThreads(jvmti, &count, &threads);
    /* enum_value: no such verbose flag, no such event mode */
    (void)(*jvmti)->SetVerboseFlag(jvmti, (jvmtiVerboseFlag)99, JNI_TRUE);
    (void)(*jvmti)->SetEventNotificationMode(jvmti, (jvmtiEventMode)7, JVMTI_EVENT_VM_INIT, NULL);
    /* event_capability: SingleStep needs can_generate_single_step_events */
    (void)(*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, NULL);
    /* portability (a note): SetHeapSamplingInterval is since 11, old asked for 1.2
       (it also lacks can_generate_sampled_object_alloc_events) */
    (void)(*old)->SetHeapSamplingInterval(old, 1024);

    memset(&caps, 0, sizeof caps);
    caps.can_generate_garbage_collection_events = 1;
    caps.can_tag_objects = 1;
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.GarbageCollectionStart = on_gc_start;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_START, NULL));
    return JNI_OK;
}
