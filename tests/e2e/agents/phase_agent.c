/* phase_agent.c — an agent whose calls land in every phase, for
 * tests/e2e/phase.sh: the shim must report a `phase` violation exactly
 * when the VM itself refuses the call with JVMTI_ERROR_WRONG_PHASE.
 *
 * - can_generate_early_vmstart: HotSpot enters the start phase early (and
 *   would post VMStart only to this env, which does not ask for it, as the
 *   time-faking agents that taught us this did not); NativeMethodBind comes
 *   in the primordial, start and live phases.  Each NativeMethodBind calls
 *   GetMethodName and GetMethodDeclaringClass (start or live) and, for
 *   the first binds, GetLoadedClasses (live only): some of these fail with
 *   WRONG_PHASE, legitimately.
 * - an env created in VMInit (after the shim's own) whose VMDeath callback
 *   calls GetLoadedClasses and GetAllThreads and frees what they return:
 *   the VM is still live there.
 * The agent counts its calls and the WRONG_PHASE answers it got and prints
 * "phase_agent: calls=N wrong_phase=M" from Agent_OnUnload; any other
 * error is a FAILED line.
 */
#define AGENT_NAME "phase_agent"

#include <stdatomic.h>
#include <string.h>

#include "agent.h"

static JavaVM *jvm;
static jvmtiEnv *jvmti, *late;
static atomic_int calls, wrong_phase, binds;

/* A call's answer: NONE, or WRONG_PHASE (counted), else a failure. */
static int answer(const char *what, jvmtiError e)
{
    atomic_fetch_add(&calls, 1);
    if (e == JVMTI_ERROR_WRONG_PHASE)
        atomic_fetch_add(&wrong_phase, 1);
    else if (e != JVMTI_ERROR_NONE)
        agent_failed(what, e);
    return e == JVMTI_ERROR_NONE;
}

static void loaded_classes(jvmtiEnv *env)
{
    jint n;
    jclass *classes;
    if (answer("GetLoadedClasses", (*env)->GetLoadedClasses(env, &n, &classes)))
        TRY((*env)->Deallocate(env, (unsigned char *)classes));
}

static void JNICALL on_bind(jvmtiEnv *env, JNIEnv *jni, jthread thread, jmethodID method, void *address,
                            void **new_address_ptr)
{
    char *name;
    jclass klass;
    jvmtiPhase phase;

    (void)jni, (void)thread, (void)address, (void)new_address_ptr;
    TRY((*env)->GetPhase(env, &phase));
    if (answer("GetMethodName", (*env)->GetMethodName(env, method, &name, NULL, NULL)))
        TRY((*env)->Deallocate(env, (unsigned char *)name));
    answer("GetMethodDeclaringClass", (*env)->GetMethodDeclaringClass(env, method, &klass));
    if (atomic_fetch_add(&binds, 1) < 40)
        loaded_classes(env);
}

static void JNICALL on_late_vm_death(jvmtiEnv *env, JNIEnv *jni)
{
    jint n;
    jthread *threads;
    (void)jni;
    loaded_classes(env);
    if (answer("GetAllThreads", (*env)->GetAllThreads(env, &n, &threads)))
        TRY((*env)->Deallocate(env, (unsigned char *)threads));
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    jvmtiEventCallbacks cb;
    (void)jni, (void)thread;
    loaded_classes(env);
    if ((*jvm)->GetEnv(jvm, (void **)&late, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv (late)", 0);
        return;
    }
    memset(&cb, 0, sizeof cb);
    cb.VMDeath = on_late_vm_death;
    TRY((*late)->SetEventCallbacks(late, &cb, (jint)sizeof cb));
    TRY((*late)->SetEventNotificationMode(late, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;

    (void)options, (void)reserved;
    jvm = vm;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    memset(&caps, 0, sizeof caps);
    caps.can_generate_early_vmstart = 1;
    caps.can_generate_native_method_bind_events = 1;
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.NativeMethodBind = on_bind;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_NATIVE_METHOD_BIND, NULL));
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    (void)vm;
    fprintf(stderr, "%s: calls=%d wrong_phase=%d\n", AGENT_NAME, atomic_load(&calls), atomic_load(&wrong_phase));
}
