/* bug_agent.c — an agent with planted bugs at known lines, for
 * tests/e2e/diag.sh: each bug's line carries a marker comment "BUG:<id>",
 * and the test finds the line numbers with grep, so the expected file:line
 * values come from this source, not from the shim.
 *
 * Every bug is harmless to the VM under check=on (the VM answers with an
 * error, or the shim refuses the call): the run exits 0 unless exitcode=
 * or halt= say otherwise.  noinline keeps each function a frame of its own,
 * so stack=2 shows leak_twice <- on_vm_init.
 */
#define AGENT_NAME "bug_agent"

#include "agent.h"

static jvmtiEnv *jvmti;

static __attribute__((noinline)) void free_stack_pointer(void)
{
    unsigned char on_stack[8];
    (void)(*jvmti)->Deallocate(jvmti, on_stack); /* BUG:bad_deallocate */
}

static __attribute__((noinline)) void leak_twice(jclass klass)
{
    char *sig;
    for (int i = 0; i < 3; i++)
        (void)(*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL); /* BUG:leak3 */
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    jint count;
    jobject *monitors;
    char *name;

    (void)env;
    for (int i = 0; i < 5; i++)
        (void)(*jvmti)->GetOwnedMonitorInfo(jvmti, thread, &count, &monitors); /* BUG:capability */
    free_stack_pointer();
    leak_twice((*jni)->GetObjectClass(jni, thread));
    (void)(*jvmti)->GetSystemProperty(jvmti, "java.vm.name", &name); /* BUG:leak1 */
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEventCallbacks cb;
    jint count;
    jclass *classes;

    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    (void)(*jvmti)->GetPhase(jvmti, NULL); /* BUG:null_pointer */
    (void)(*jvmti)->GetLoadedClasses(jvmti, &count, &classes); /* BUG:phase */
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    return JNI_OK;
}
