/* bench_overhead.c — what check=on,trace=none adds to a cheap JVMTI call,
 * measured in one process, for scripts/bench-wrapper.sh.
 *
 * Timing the direct call and the checked one in two JVM runs (as the rest
 * of bench-wrapper.sh does) puts the whole run-to-run noise of a shared
 * machine (often ±10 ns here) into a difference of a few ns.  This agent
 * links libjvmticheck, wraps its own env with jvmti_check_wrap and, in
 * VMInit, times the raw env and the checked env in alternating rounds of
 * the same loop on the same thread.  The fastest round of each is the
 * figure least disturbed by other work; the median is printed beside it.
 *
 * Options: "N[:ROUNDS[:OPTIONS]]" — calls per round (default 2000000),
 * rounds (default 15), the wrapper's options (default
 * check=on,trace=none,leaks=off).  Prints lines
 * "overhead <function> <direct_min> <checked_min> <direct_median> <checked_median>"
 * in ns per call.  Asserts nothing. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jvmti.h>

#include "jvmticheck.h"

#define MAX_ROUNDS 101

static long calls = 2000000;
static int rounds = 15;
static char wrap_options[256] = "check=on,trace=none,leaks=off";
static jvmtiEnv *raw_env, *checked_env;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double loop_phase(jvmtiEnv *e)
{
    jvmtiPhase phase;
    double t0 = now_ns();
    for (long i = 0; i < calls; i++)
        (*e)->GetPhase(e, &phase);
    return (now_ns() - t0) / (double)calls;
}

static double loop_state(jvmtiEnv *e, jthread thread)
{
    jint state;
    double t0 = now_ns();
    for (long i = 0; i < calls; i++)
        (*e)->GetThreadState(e, thread, &state);
    return (now_ns() - t0) / (double)calls;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *fn, double *direct, double *checked)
{
    qsort(direct, (size_t)rounds, sizeof *direct, by_value);
    qsort(checked, (size_t)rounds, sizeof *checked, by_value);
    printf("overhead %s %.2f %.2f %.2f %.2f\n", fn, direct[0], checked[0], direct[rounds / 2],
           checked[rounds / 2]);
}

static void JNICALL on_vm_init(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread)
{
    (void)jvmti;
    (void)jni;
    static double d[MAX_ROUNDS], c[MAX_ROUNDS];
    loop_phase(raw_env);        /* warm up both */
    loop_phase(checked_env);
    for (int r = 0; r < rounds; r++) {
        d[r] = loop_phase(raw_env);
        c[r] = loop_phase(checked_env);
    }
    report("GetPhase", d, c);
    for (int r = 0; r < rounds; r++) {
        d[r] = loop_state(raw_env, thread);
        c[r] = loop_state(checked_env, thread);
    }
    report("GetThreadState", d, c);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    if (options && *options) {
        char *end;
        calls = strtol(options, &end, 10);
        if (*end == ':')
            rounds = (int)strtol(end + 1, &end, 10);
        if (*end == ':')
            snprintf(wrap_options, sizeof wrap_options, "%s", end + 1);
        if (calls <= 0 || rounds <= 0 || rounds > MAX_ROUNDS) {
            fprintf(stderr, "bench_overhead: options are N[:ROUNDS[:OPTIONS]] (1 <= ROUNDS <= %d)\n",
                    MAX_ROUNDS);
            return JNI_ERR;
        }
    }
    if ((*vm)->GetEnv(vm, (void **)&raw_env, JVMTI_VERSION_11) != JNI_OK)
        return JNI_ERR;
    checked_env = jvmti_check_wrap(vm, raw_env, wrap_options);
    if (!checked_env)
        return JNI_ERR;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    if ((*checked_env)->SetEventCallbacks(checked_env, &cb, (jint)sizeof cb) != JVMTI_ERROR_NONE)
        return JNI_ERR;
    if ((*checked_env)->SetEventNotificationMode(checked_env, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL)
        != JVMTI_ERROR_NONE)
        return JNI_ERR;
    return JNI_OK;
}
