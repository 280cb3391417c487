/* good_agent.c — a well-behaved JVMTI agent for tests/e2e/good.sh.
 *
 * Uses many functions and events the way the spec says to: asks only for
 * potential capabilities, calls each function in a phase that allows it
 * (asking GetPhase where events span phases), only callback-safe functions
 * in GC callbacks, and deallocates everything the VM hands out, but for
 * the signatures of the Workload classes, which it keeps as their classes'
 * tags and frees at ObjectFree, as libjdwp does.  Under libjvmticheck it
 * must cause no violation and no leak, and those signatures are "still
 * referenced" by object tags at the end.
 */
#define AGENT_NAME "good_agent"

#include <stdint.h>
#include <string.h>

#include "agent.h"

static jvmtiEnv *jvmti;
static jrawMonitorID lock;
static int gc_count;            /* under lock */

static int is_live(void)
{
    jvmtiPhase phase;

    TRY((*jvmti)->GetPhase(jvmti, &phase));
    return phase == JVMTI_PHASE_LIVE;
}

static void thread_info(JNIEnv *jni, jthread thread)
{
    jvmtiThreadInfo info;
    jint state;

    TRY((*jvmti)->GetThreadInfo(jvmti, thread, &info));
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)info.name));
    if (info.thread_group != NULL)
        (*jni)->DeleteLocalRef(jni, info.thread_group);
    if (info.context_class_loader != NULL)
        (*jni)->DeleteLocalRef(jni, info.context_class_loader);
    TRY((*jvmti)->GetThreadState(jvmti, thread, &state));
}

/* Methods, fields, names, lines and the source file of one of the test's classes. */
static void class_details(jclass klass)
{
    jint count;
    jmethodID *methods;
    char *source;

    TRY((*jvmti)->GetClassMethods(jvmti, klass, &count, &methods));
    for (jint i = 0; i < count; i++) {
        char *name, *sig;
        jint nlines;
        jvmtiLineNumberEntry *lines;
        jboolean native;

        TRY((*jvmti)->GetMethodName(jvmti, methods[i], &name, &sig, NULL));
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)name));
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)sig));
        TRY((*jvmti)->IsMethodNative(jvmti, methods[i], &native));
        if (!native && (*jvmti)->GetLineNumberTable(jvmti, methods[i], &nlines, &lines) == JVMTI_ERROR_NONE)
            TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)lines));
    }
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)methods));

    jfieldID *fields;
    TRY((*jvmti)->GetClassFields(jvmti, klass, &count, &fields));
    for (jint i = 0; i < count; i++) {
        char *name;

        TRY((*jvmti)->GetFieldName(jvmti, klass, fields[i], &name, NULL, NULL));
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)name));
    }
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)fields));
    if ((*jvmti)->GetSourceFileName(jvmti, klass, &source) == JVMTI_ERROR_NONE)
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)source));
}

static void JNICALL on_class_prepare(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass)
{
    char *sig, *generic;
    jint status;

    (void)env, (void)jni, (void)thread;
    TRY((*jvmti)->GetClassSignature(jvmti, klass, &sig, &generic));
    TRY((*jvmti)->GetClassStatus(jvmti, klass, &status));
    if (strncmp(sig, "LWorkload", 9) == 0) {
        jlong old = 0;
        class_details(klass);
        TRY((*jvmti)->GetTag(jvmti, klass, &old));
        if (old == 0) {     /* kept as the class's tag, freed at ObjectFree */
            TRY((*jvmti)->SetTag(jvmti, klass, (jlong)(intptr_t)sig));
            sig = NULL;
        }
    }
    if (sig != NULL)
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)sig));
    if (generic != NULL)
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)generic));
}

static void JNICALL on_thread_start(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env;
    if (is_live())      /* threads started in the start phase come too */
        thread_info(jni, thread);
}

static void JNICALL on_thread_end(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    jlong tag;

    (void)env, (void)jni;
    TRY((*jvmti)->GetTag(jvmti, thread, &tag));
}

/* A class whose tag is its signature is gone (threads are tagged 42). */
static void JNICALL on_object_free(jvmtiEnv *env, jlong tag)
{
    (void)env;
    if (tag != 0 && tag != 42)
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)(intptr_t)tag));
}

/* Only callback-safe functions here: raw monitors and timers. */
static void JNICALL on_gc_start(jvmtiEnv *env)
{
    jlong now;

    (void)env;
    TRY((*jvmti)->GetTime(jvmti, &now));
    TRY((*jvmti)->RawMonitorEnter(jvmti, lock));
    gc_count++;
    TRY((*jvmti)->RawMonitorExit(jvmti, lock));
}

static void JNICALL on_gc_finish(jvmtiEnv *env)
{
    (void)env;
    TRY((*jvmti)->RawMonitorEnter(jvmti, lock));
    TRY((*jvmti)->RawMonitorNotifyAll(jvmti, lock));
    TRY((*jvmti)->RawMonitorExit(jvmti, lock));
}

static void all_threads(JNIEnv *jni)
{
    jint count;
    jthread *threads;

    TRY((*jvmti)->GetAllThreads(jvmti, &count, &threads));
    for (jint i = 0; i < count; i++) {
        thread_info(jni, threads[i]);
        (*jni)->DeleteLocalRef(jni, threads[i]);
    }
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)threads));
}

static void loaded_classes(JNIEnv *jni)
{
    jint count;
    jclass *classes;

    TRY((*jvmti)->GetLoadedClasses(jvmti, &count, &classes));
    for (jint i = 0; i < count; i++) {
        char *sig;
        jobject loader;

        TRY((*jvmti)->GetClassSignature(jvmti, classes[i], &sig, NULL));
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)sig));
        TRY((*jvmti)->GetClassLoader(jvmti, classes[i], &loader));
        if (loader != NULL)
            (*jni)->DeleteLocalRef(jni, loader);
        (*jni)->DeleteLocalRef(jni, classes[i]);
    }
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)classes));
}

static void stack_of(jthread thread)
{
    jvmtiFrameInfo frames[16];
    jint count, depth;

    TRY((*jvmti)->GetFrameCount(jvmti, thread, &depth));
    TRY((*jvmti)->GetStackTrace(jvmti, thread, 0, 16, frames, &count));
    for (jint i = 0; i < count; i++) {
        char *name;
        jclass klass;

        TRY((*jvmti)->GetMethodName(jvmti, frames[i].method, &name, NULL, NULL));
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)name));
        TRY((*jvmti)->GetMethodDeclaringClass(jvmti, frames[i].method, &klass));
    }
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    jthread current;
    jlong size, tag;
    jint hash, ngroups;
    jthreadGroup *groups;
    jvmtiThreadGroupInfo ginfo;
    jrawMonitorID scratch;

    (void)env;
    /* lock stays: GC callbacks may use it until the very end. */
    TRY((*jvmti)->CreateRawMonitor(jvmti, "good_agent scratch", &scratch));
    TRY((*jvmti)->RawMonitorEnter(jvmti, scratch));
    TRY((*jvmti)->RawMonitorWait(jvmti, scratch, 1));
    TRY((*jvmti)->RawMonitorExit(jvmti, scratch));
    TRY((*jvmti)->DestroyRawMonitor(jvmti, scratch));

    TRY((*jvmti)->GetCurrentThread(jvmti, &current));
    thread_info(jni, current);
    stack_of(current);
    TRY((*jvmti)->SetTag(jvmti, thread, 42));
    TRY((*jvmti)->GetTag(jvmti, thread, &tag));
    if (tag != 42)
        agent_failed("GetTag (tag 42 not read back)", 0);
    TRY((*jvmti)->GetObjectSize(jvmti, thread, &size));
    TRY((*jvmti)->GetObjectHashCode(jvmti, thread, &hash));
    all_threads(jni);
    loaded_classes(jni);

    TRY((*jvmti)->GetTopThreadGroups(jvmti, &ngroups, &groups));
    for (jint i = 0; i < ngroups; i++) {
        TRY((*jvmti)->GetThreadGroupInfo(jvmti, groups[i], &ginfo));
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)ginfo.name));
        if (ginfo.parent != NULL)
            (*jni)->DeleteLocalRef(jni, ginfo.parent);
    }
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)groups));

    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, NULL));
}

static void JNICALL on_vm_death(jvmtiEnv *env, JNIEnv *jni)
{
    (void)env, (void)jni;
    TRY((*jvmti)->RawMonitorEnter(jvmti, lock));
    fprintf(stderr, "good_agent: %d garbage collections\n", gc_count);
    TRY((*jvmti)->RawMonitorExit(jvmti, lock));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    static const jvmtiEvent events[] = {
        JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH, JVMTI_EVENT_THREAD_START,
        JVMTI_EVENT_CLASS_PREPARE, JVMTI_EVENT_GARBAGE_COLLECTION_START,
        JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, JVMTI_EVENT_OBJECT_FREE,
    };
    jvmtiCapabilities potential, want;
    jvmtiEventCallbacks cb;
    jvmtiPhase phase;
    jint version;
    jvmtiJlocationFormat format;
    char *vm_name;

    (void)options, (void)reserved;
    if (agent_get_env(vm, &jvmti, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    TRY((*jvmti)->GetPhase(jvmti, &phase));
    if (phase != JVMTI_PHASE_ONLOAD)
        agent_failed("GetPhase (not onload)", phase);
    TRY((*jvmti)->GetVersionNumber(jvmti, &version));
    TRY((*jvmti)->GetJLocationFormat(jvmti, &format));
    TRY((*jvmti)->GetSystemProperty(jvmti, "java.vm.name", &vm_name));
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)vm_name));

    TRY((*jvmti)->GetPotentialCapabilities(jvmti, &potential));
    memset(&want, 0, sizeof want);
    want.can_tag_objects = potential.can_tag_objects;
    want.can_get_source_file_name = potential.can_get_source_file_name;
    want.can_get_line_numbers = potential.can_get_line_numbers;
    want.can_generate_garbage_collection_events = potential.can_generate_garbage_collection_events;
    want.can_generate_object_free_events = potential.can_generate_object_free_events;
    if (!want.can_tag_objects || !want.can_generate_garbage_collection_events
        || !want.can_generate_object_free_events) {
        agent_failed("GetPotentialCapabilities (tagging or GC events missing)", 0);
        return JNI_ERR;
    }
    TRY((*jvmti)->AddCapabilities(jvmti, &want));
    TRY((*jvmti)->CreateRawMonitor(jvmti, "good_agent", &lock));

    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    cb.ThreadStart = on_thread_start;
    cb.ThreadEnd = on_thread_end;
    cb.ClassPrepare = on_class_prepare;
    cb.GarbageCollectionStart = on_gc_start;
    cb.GarbageCollectionFinish = on_gc_finish;
    cb.ObjectFree = on_object_free;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, events[i], NULL));
    return JNI_OK;
}
