/* cpp_agent.cpp — a C++ agent with mistakes at known lines, for
 * tests/e2e/callsite.sh, which builds it with g++ and clang++ at -O0 and
 * -O2.  It calls JVMTI only through jvmti.h's C++ inline wrappers
 * (jvmti->GetPhase(...)): at -O2 the compiler inlines them into the
 * functions below, at -O0 it keeps one out-of-line copy of each, shared by
 * every call.  Either way each report must name this file's line and the
 * demangled function.  Each mistake's line carries a marker comment
 * "MISTAKE:<id>"; the test greps the line numbers from here.
 *
 * The four GetPhase mistakes are in four functions (two members, a
 * function in a namespace, a template), so four contexts and four
 * suppressible sites.  ownedMonitors is always inlined, so stack=2 shows
 * an inlined frame of the agent's own.  Every mistake is harmless under
 * check=on (the VM answers with an error, which expect() checks); and as
 * expect() uses each result, no JVMTI call is a tail call (a tail call
 * leaves no frame of its function to name).
 */
#include <cstdio>
#include <cstring>

#include <jvmti.h>

namespace {

jvmtiEnv *jvmti;

void expect(jvmtiError got, jvmtiError want, const char *what)
{
    if (got != want)
        std::fprintf(stderr, "cpp_agent: FAILED %s: error %d, expected %d\n", what, (int)got, (int)want);
}

inline __attribute__((always_inline)) void ownedMonitors(jvmtiEnv *env, jthread thread)
{
    jint count = 0;
    jobject *monitors = nullptr;
    jvmtiError err = env->GetOwnedMonitorInfo(thread, &count, &monitors); /* MISTAKE:capability */
    expect(err, JVMTI_ERROR_MUST_POSSESS_CAPABILITY, "GetOwnedMonitorInfo");
}

}  // namespace

class Checker {
public:
    explicit Checker(jvmtiEnv *env) : env_(env) {}
    __attribute__((noinline)) void phaseA();
    __attribute__((noinline)) void phaseB();
    __attribute__((noinline)) void monitors(jthread thread);
    __attribute__((noinline)) void leakProperty();

private:
    jvmtiEnv *env_;
};

void Checker::phaseA()
{
    expect(env_->GetPhase(nullptr), JVMTI_ERROR_NULL_POINTER, "GetPhase A"); /* MISTAKE:phase_a */
}

void Checker::phaseB()
{
    expect(env_->GetPhase(nullptr), JVMTI_ERROR_NULL_POINTER, "GetPhase B"); /* MISTAKE:phase_b */
}

void Checker::monitors(jthread thread)
{
    ownedMonitors(env_, thread); /* MISTAKE:capability_caller */
}

void Checker::leakProperty()
{
    char *value = nullptr;
    expect(env_->GetSystemProperty("java.vm.name", &value), JVMTI_ERROR_NONE, "GetSystemProperty"); /* MISTAKE:leak */
}

namespace probe {

__attribute__((noinline)) void phaseC(jvmtiEnv *env)
{
    expect(env->GetPhase(nullptr), JVMTI_ERROR_NULL_POINTER, "GetPhase C"); /* MISTAKE:phase_c */
}

template <int N> __attribute__((noinline)) void phaseT(jvmtiEnv *env)
{
    expect(env->GetPhase(nullptr), JVMTI_ERROR_NULL_POINTER, "GetPhase T"); /* MISTAKE:phase_t */
}

}  // namespace probe

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env, (void)jni;
    Checker checker(jvmti);
    checker.phaseA();
    checker.phaseB();
    probe::phaseC(jvmti);
    probe::phaseT<3>(jvmti);
    checker.monitors(thread);
    checker.leakProperty();
}

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options, (void)reserved;
    if (vm->GetEnv(reinterpret_cast<void **>(&jvmti), JVMTI_VERSION) != JNI_OK) {
        std::fprintf(stderr, "cpp_agent: FAILED GetEnv\n");
        return JNI_ERR;
    }
    jint count = 0;
    jclass *classes = nullptr;
    expect(jvmti->GetLoadedClasses(&count, &classes), JVMTI_ERROR_WRONG_PHASE, "GetLoadedClasses"); /* MISTAKE:phase */
    jvmtiEventCallbacks cb;
    std::memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    expect(jvmti->SetEventCallbacks(&cb, (jint)sizeof cb), JVMTI_ERROR_NONE, "SetEventCallbacks");
    expect(jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr), JVMTI_ERROR_NONE,
           "SetEventNotificationMode");
    return JNI_OK;
}
