/* keep_agent.c — JVMTI blocks an agent keeps on purpose, and three it
 * really loses, for tests/e2e/reach.sh: the leak report must call only the
 * lost ones leaks and list the kept ones as still referenced, each with
 * where it is held.  All in the VMInit callback:
 *
 *   kept in a static variable      GetSystemProperty(java.vm.name)  data of keep_agent.so
 *   kept in an object tag          GetClassSignature(Object)        object tag
 *   kept in env-local storage      Allocate(64)                     env-local storage
 *   kept inside that block         GetTopThreadGroups               block from Allocate
 *   kept in thread-local storage   GetSystemProperty(java.home)     thread-local storage
 *   kept in a tag a heap callback  Allocate(32)                     object tag
 *   set (IterateThroughHeap's tag_ptr, on a Thread)
 *
 *   lost: only ever in a local     GetErrorName  (lose_local)
 *   lost: a tag set, then cleared  GetErrorName  (lose_tag)
 *   lost: a TLS slot overwritten   GetErrorName  (lose_tls)
 *
 * The three losses are in functions of their own, so that each leak record
 * has its own call site.  Built with -O1 -g; the kept pointers are volatile
 * so that no store is optimised away.
 */
#define AGENT_NAME "keep_agent"

#include <stdint.h>

#include "agent.h"

static char *volatile kept_static;

__attribute__((noinline)) static void lose_local(jvmtiEnv *env)
{
    char *name = NULL;
    TRY((*env)->GetErrorName(env, JVMTI_ERROR_INVALID_THREAD, &name));
    if (name == NULL || name[0] != 'J')
        agent_failed("GetErrorName gave no name", 0);
}

__attribute__((noinline)) static void lose_tag(jvmtiEnv *env, jclass klass)
{
    char *name = NULL;
    TRY((*env)->GetErrorName(env, JVMTI_ERROR_INVALID_CLASS, &name));
    TRY((*env)->SetTag(env, klass, (jlong)(intptr_t)name));
    TRY((*env)->SetTag(env, klass, 0));
}

__attribute__((noinline)) static void lose_tls(jvmtiEnv *env)
{
    char *name = NULL;
    TRY((*env)->GetErrorName(env, JVMTI_ERROR_INVALID_OBJECT, &name));
    TRY((*env)->SetThreadLocalStorage(env, NULL, name));
}

/* IterateThroughHeap over Threads: the first one's tag becomes the block. */
static jint JNICALL tag_one(jlong class_tag, jlong size, jlong *tag_ptr, jint length, void *user_data)
{
    void **block = user_data;
    (void)class_tag, (void)size, (void)length;
    if (*block == NULL || *tag_ptr != 0)
        return 0;
    *tag_ptr = (jlong)(intptr_t)*block;
    *block = NULL;
    return JVMTI_VISIT_ABORT;
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)thread;
    jclass object = (*jni)->FindClass(jni, "java/lang/Object");
    jclass string = (*jni)->FindClass(jni, "java/lang/String");
    if (object == NULL || string == NULL) {
        agent_failed("FindClass", 0);
        return;
    }

    char *vm_name = NULL;
    TRY((*env)->GetSystemProperty(env, "java.vm.name", &vm_name));
    kept_static = vm_name;

    char *sig = NULL;
    TRY((*env)->GetClassSignature(env, object, &sig, NULL));
    TRY((*env)->SetTag(env, object, (jlong)(intptr_t)sig));

    void **holder = NULL;
    TRY((*env)->Allocate(env, 64, (unsigned char **)&holder));
    if (holder != NULL) {
        jint n = 0;
        jthreadGroup *groups = NULL;
        TRY((*env)->GetTopThreadGroups(env, &n, &groups));
        holder[0] = groups;
        holder[1] = NULL;
        TRY((*env)->SetEnvironmentLocalStorage(env, holder));
    }

    jclass thread_class = (*jni)->FindClass(jni, "java/lang/Thread");
    void *heap_block = NULL;
    jvmtiHeapCallbacks hcb;
    memset(&hcb, 0, sizeof hcb);
    hcb.heap_iteration_callback = tag_one;
    TRY((*env)->Allocate(env, 32, (unsigned char **)&heap_block));
    if (thread_class != NULL)
        TRY((*env)->IterateThroughHeap(env, 0, thread_class, &hcb, &heap_block));
    if (heap_block != NULL)
        agent_failed("IterateThroughHeap tagged no Thread", 0);

    lose_local(env);
    lose_tag(env, string);
    lose_tls(env);      /* overwritten just below: lost */
    char *home = NULL;
    TRY((*env)->GetSystemProperty(env, "java.home", &home));
    TRY((*env)->SetThreadLocalStorage(env, NULL, home));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *env;
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;

    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION) != JNI_OK)
        return JNI_ERR;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    TRY((*env)->AddCapabilities(env, &caps));
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    TRY((*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb));
    TRY((*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    return JNI_OK;
}
