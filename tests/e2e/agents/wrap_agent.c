/* wrap_agent.c — an agent that links libjvmticheck and wraps its own env
 * with jvmti_check_wrap(), for tests/e2e/wrap.sh.  Its agent options are
 * handed to jvmti_check_wrap as they are.
 *
 * It wraps in Agent_OnLoad, before its VMInit callback exists, and calls
 * live-phase functions from VMInit: the phase must be live by then even
 * though the VM tells this agent's env about VMInit before the runtime's.
 * One deliberate mistake (a NULL out pointer) shows the checks are on.
 * A string it gets in VMInit is freed only in Agent_OnUnload, after the
 * runtime's leak report at VMDeath (a wrapping agent's runtime has no
 * unload of its own): counted as a leak, then accepted with a note.
 */
#define AGENT_NAME "wrap_agent"

#include <string.h>

#include "agent.h"
#include "jvmticheck.h"

static jvmtiEnv *jvmti;
static char *kept;

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    jint count, state;
    jthread *threads;

    (void)jni;
    if (env != jvmti)
        agent_failed("VMInit (callback did not get the checked env)", 0);
    TRY((*jvmti)->GetThreadState(jvmti, thread, &state));
    TRY((*jvmti)->GetAllThreads(jvmti, &count, &threads));
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)threads));
    TRY((*jvmti)->GetSystemProperty(jvmti, "java.vm.name", &kept));
    /* null_pointer: thread_state_ptr */
    (void)(*jvmti)->GetThreadState(jvmti, thread, NULL);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *raw;
    jvmtiEventCallbacks cb;

    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&raw, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    jvmti = jvmti_check_wrap(vm, raw, options);
    if (jvmti == NULL)
        return JNI_ERR;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    (void)vm;
    if (kept != NULL)
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)kept));
}
