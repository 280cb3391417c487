/* helper_agent.c — a C agent whose JVMTI calls go through helpers of its
 * own, as real agents' do (libjdwp's jvmtiAllocate), for
 * tests/e2e/callsite.sh.  Lines that matter carry a marker comment
 * "MISTAKE:<id>"; the test greps the line numbers from here.
 *
 * - my_get_phase wraps GetPhase and is called with NULL from two places:
 *   the violation is at the helper's line (the helper is the agent's own
 *   code); stack=2 tells the two callers apart.
 * - my_alloc wraps Allocate, and three places leak what it returns: two
 *   blocks from a loop in leak_a, one from leak_b, one from leak_c (always
 *   inlined into on_vm_init).  By default each is a leak record of its own
 *   whose stack names the caller.
 *
 * Built -O2: the helpers are noinline and noclone (so their names are their
 * own), each function does something after its last call (so no call is a
 * tail call, which leaves no frame of the caller), and no two functions are
 * the same (gcc's identical code folding would make them one).  No block is kept
 * where the shim could see it (that would make it "referenced").
 */
#define AGENT_NAME "helper_agent"

#include "agent.h"

static jvmtiEnv *jvmti;
static volatile int calls, rounds = 2;

static __attribute__((noinline, noclone)) jvmtiError my_get_phase(jvmtiPhase *phase)
{
    jvmtiError err = (*jvmti)->GetPhase(jvmti, phase); /* MISTAKE:helper */
    calls++;
    return err;
}

static __attribute__((noinline, noclone)) void *my_alloc(jlong size)
{
    unsigned char *p = NULL;
    jvmtiError err = (*jvmti)->Allocate(jvmti, size, &p); /* MISTAKE:alloc */
    calls++;
    return err == JVMTI_ERROR_NONE ? p : NULL;
}

static __attribute__((noinline, noclone)) void phase_from_a(void)
{
    EXPECT(my_get_phase(NULL), JVMTI_ERROR_NULL_POINTER); /* MISTAKE:caller_a */
    calls++;
}

static __attribute__((noinline, noclone)) void phase_from_b(void)
{
    EXPECT(my_get_phase(NULL), JVMTI_ERROR_NULL_POINTER); /* MISTAKE:caller_b */
    calls += 2;
}

static __attribute__((noinline, noclone)) void leak_a(void)
{
    for (int i = 0; i < rounds; i++)
        (void)my_alloc(16); /* MISTAKE:leak_a */
    calls++;
}

static __attribute__((noinline, noclone)) void leak_b(void)
{
    (void)my_alloc(32); /* MISTAKE:leak_b */
    calls++;
}

static inline __attribute__((always_inline)) void leak_c(void)
{
    (void)my_alloc(64); /* MISTAKE:leak_c */
    calls++;
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env, (void)jni, (void)thread;
    phase_from_a();
    phase_from_b();
    leak_a();
    leak_b();
    leak_c(); /* MISTAKE:leak_c_caller */
    calls++;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEventCallbacks cb;

    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    return JNI_OK;
}
