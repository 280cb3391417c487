/* memory_agent.c — JVMTI memory freed late and through other envs, all of
 * it legal, for tests/e2e/memory.sh: the shim must report nothing and
 * refuse nothing.
 *
 * - VMInit: env C, created there, gets the loaded classes and is disposed;
 *   env B frees C's array (the spec keeps a disposed env's memory valid
 *   and any env may Deallocate it).
 * - VMInit: env A allocates a block (Allocate) and a string
 *   (GetSystemProperty) that it frees only in Agent_OnUnload, through B and
 *   A: after VMDeath, after System.exit.
 * - an env L created in VMInit frees, in its VMDeath callback, what it got
 *   there (GetLoadedClasses, GetAllThreads).
 * Every call must return JVMTI_ERROR_NONE (else a FAILED line).
 */
#define AGENT_NAME "memory_agent"

#include <string.h>

#include "agent.h"

static JavaVM *jvm;
static jvmtiEnv *a, *b, *late;
static unsigned char *kept_block;
static char *kept_string;

static jvmtiEnv *new_env(void)
{
    jvmtiEnv *env = NULL;
    if ((*jvm)->GetEnv(jvm, (void **)&env, JVMTI_VERSION) != JNI_OK)
        agent_failed("GetEnv", 0);
    return env;
}

static void JNICALL on_late_vm_death(jvmtiEnv *env, JNIEnv *jni)
{
    jint n;
    jclass *classes;
    jthread *threads;
    (void)jni;
    TRY((*env)->GetLoadedClasses(env, &n, &classes));
    TRY((*env)->Deallocate(env, (unsigned char *)classes));
    TRY((*env)->GetAllThreads(env, &n, &threads));
    TRY((*env)->Deallocate(env, (unsigned char *)threads));
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    jvmtiEnv *c;
    jint n;
    jclass *classes;
    jvmtiEventCallbacks cb;

    (void)env, (void)jni, (void)thread;
    /* dispose, then free through another env */
    if ((c = new_env()) == NULL)
        return;
    TRY((*c)->GetLoadedClasses(c, &n, &classes));
    TRY((*c)->DisposeEnvironment(c));
    TRY((*b)->Deallocate(b, (unsigned char *)classes));

    /* kept until Agent_OnUnload */
    TRY((*a)->Allocate(a, 64, &kept_block));
    TRY((*a)->GetSystemProperty(a, "java.vm.name", &kept_string));

    /* an env made late, freeing in its VMDeath callback */
    if ((late = new_env()) == NULL)
        return;
    memset(&cb, 0, sizeof cb);
    cb.VMDeath = on_late_vm_death;
    TRY((*late)->SetEventCallbacks(late, &cb, (jint)sizeof cb));
    TRY((*late)->SetEventNotificationMode(late, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEventCallbacks cb;

    (void)options, (void)reserved;
    jvm = vm;
    if ((a = new_env()) == NULL || (b = new_env()) == NULL)
        return JNI_ERR;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    TRY((*a)->SetEventCallbacks(a, &cb, (jint)sizeof cb));
    TRY((*a)->SetEventNotificationMode(a, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    (void)vm;
    if (kept_block != NULL)
        TRY((*b)->Deallocate(b, kept_block));
    if (kept_string != NULL)
        TRY((*a)->Deallocate(a, (unsigned char *)kept_string));
    fprintf(stderr, "%s: unloaded\n", AGENT_NAME);
}
