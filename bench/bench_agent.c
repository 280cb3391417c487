/* bench_agent.c — measures the cost of a cheap JVMTI call, for
 * scripts/bench-wrapper.sh.  Loaded directly it times the VM's own
 * GetPhase/GetThreadState; loaded through libjvmticheck.so it times them
 * through the checked wrapper, so the difference is our per-call cost.
 * Options: "N[:ROUNDS]" — calls per function (default 5000000), timed in
 * ROUNDS rounds of N / ROUNDS calls (default 1); the fastest round is the
 * figure (the one least disturbed by other work on a shared machine).
 * Prints one line per function: "bench <name> <calls> <ns_per_call>". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jvmti.h>

static long calls = 5000000;
static long rounds = 1;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void JNICALL on_vm_init(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread)
{
    (void)jni;
    jvmtiPhase phase;
    jint state;
    /* warm up, then measure */
    for (long i = 0; i < calls / 10; i++)
        (*jvmti)->GetPhase(jvmti, &phase);
    long per = calls / rounds;
    double best_phase = 0, best_state = 0;
    for (long r = 0; r < rounds; r++) {
        double t0 = now_ns();
        for (long i = 0; i < per; i++)
            (*jvmti)->GetPhase(jvmti, &phase);
        double t1 = now_ns();
        for (long i = 0; i < per; i++)
            (*jvmti)->GetThreadState(jvmti, thread, &state);
        double t2 = now_ns();
        double p = (t1 - t0) / (double)per, s = (t2 - t1) / (double)per;
        if (r == 0 || p < best_phase)
            best_phase = p;
        if (r == 0 || s < best_state)
            best_state = s;
    }
    printf("bench GetPhase %ld %.2f\n", calls, best_phase);
    printf("bench GetThreadState %ld %.2f\n", calls, best_state);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    jvmtiEnv *jvmti;
    if (options && *options) {
        char *end;
        calls = strtol(options, &end, 10);
        if (*end == ':')
            rounds = strtol(end + 1, &end, 10);
        if (calls <= 0 || rounds <= 0 || rounds > calls) {
            fprintf(stderr, "bench_agent: options are N[:ROUNDS], 0 < ROUNDS <= N\n");
            return JNI_ERR;
        }
    }
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK)
        return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    if ((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb) != JVMTI_ERROR_NONE)
        return 1;
    if ((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL) != JVMTI_ERROR_NONE)
        return 1;
    return 0;
}
