/* crash_agent.c — an agent that dies inside a JVMTI call while other
 * threads are busy calling, or that forks, for tests/e2e/trace-safe.sh.
 *
 * Options: MODE[,busy=N][,counts=PATH], MODE "crash", "kill", "fork" or
 * "ring:CALLS:FILE".
 * At VMInit it attaches N native threads (4 unless busy= says; pthreads,
 * named busy-N) that each call SetThreadLocalStorage(NULL, k) for
 * k = 1, 2, 3, ... without end, so the trace of each is a run of
 * consecutive k a test can check for gaps.  With counts=PATH each busy
 * thread stores, after each call returned, its thread id and that k in
 * its slot of PATH, mapped shared (two 64-bit words per thread, in the
 * order the threads were made): the file outlives the process however it
 * dies, so a test can tell which calls had returned when it died (every
 * one of them must be in the trace).  Then, on the VMInit thread:
 * - crash: after 300 ms, GetPhase with a bad non-NULL pointer: the VM
 *   writes through it, crashes (hs_err) and aborts; the call never returns.
 * - kill: a thread named "waiter" (attached) enters a raw monitor and
 *   waits on it without end (inside RawMonitorWait); after 300 ms the
 *   VMInit thread sends the process SIGKILL: nothing of ours runs after.
 * - fork: after 300 ms, fork(); the child makes one call (GetTime) and
 *   exits with exit(0) (atexit handlers run); the parent waits for it,
 *   checks that it exited 0, stops the busy threads and returns: the VM
 *   exits normally.  With "violate" too, the VMInit thread first calls
 *   GetPhase(NULL), a null_pointer violation, before the fork.
 * - ring:CALLS:FILE (a flight recording, ring=): once the busy threads
 *   have made CALLS calls in all, they stop calling (and stay, holding
 *   their chunks, as threads a crash catches), FILE gets each one's last
 *   k ("busy-N K" lines, the agent's own count), then GetPhase with a bad
 *   pointer crashes the VM as in crash.
 */
#define AGENT_NAME "crash_agent"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "agent.h"

#define BUSY_MAX 64

static JavaVM *the_vm;
static jvmtiEnv *jvmti;
static int mode_crash, mode_kill, violate;
static int nbusy = 4;
static volatile int64_t *counts;     /* [2 * i]: tid, [2 * i + 1]: k returned */
static int mode_ring;
static long ring_calls;
static char ring_file[4096];
static _Atomic uintptr_t last_k[BUSY_MAX];     /* ring: each busy thread's last k */
static atomic_int stopped;
static jrawMonitorID waiter_mon;
static atomic_bool stop;
static pthread_t busy[BUSY_MAX];

static void *busy_main(void *arg)
{
    char name[16];
    snprintf(name, sizeof name, "busy-%d", (int)(intptr_t)arg);
    pthread_setname_np(pthread_self(), name);
    JNIEnv *jni;
    JavaVMAttachArgs a = { JNI_VERSION_1_8, name, NULL };
    if ((*the_vm)->AttachCurrentThread(the_vm, (void **)&jni, &a) != JNI_OK) {
        agent_failed("AttachCurrentThread", 0);
        return NULL;
    }
    int me = (int)(intptr_t)arg;
    if (counts)
        counts[2 * me] = (int64_t)syscall(SYS_gettid);
    for (uintptr_t k = 1; !atomic_load(&stop); k++) {
        (*jvmti)->SetThreadLocalStorage(jvmti, NULL, (const void *)k);
        atomic_store_explicit(&last_k[me], k, memory_order_relaxed);
        if (counts)
            counts[2 * me + 1] = (int64_t)k;
    }
    if (mode_ring) {            /* alive, its chunk held, until the crash */
        atomic_fetch_add(&stopped, 1);
        for (;;)
            pause();
    }
    (*the_vm)->DetachCurrentThread(the_vm);
    return NULL;
}

static void *waiter_main(void *arg)
{
    (void)arg;
    pthread_setname_np(pthread_self(), "waiter");
    JNIEnv *jni;
    JavaVMAttachArgs a = { JNI_VERSION_1_8, "waiter", NULL };
    if ((*the_vm)->AttachCurrentThread(the_vm, (void **)&jni, &a) != JNI_OK) {
        agent_failed("AttachCurrentThread", 0);
        return NULL;
    }
    (*jvmti)->RawMonitorEnter(jvmti, waiter_mon);
    for (;;)
        (*jvmti)->RawMonitorWait(jvmti, waiter_mon, 0);
    return NULL;
}

static void sleep_ms(long ms)
{
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&t, NULL);
}

static void JNICALL vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)jni;
    (void)thread;
    for (int i = 0; i < nbusy; i++)
        pthread_create(&busy[i], NULL, busy_main, (void *)(intptr_t)i);
    if (mode_kill) {
        pthread_t w;
        if ((*env)->CreateRawMonitor(env, "waiter", &waiter_mon) != JVMTI_ERROR_NONE)
            agent_failed("CreateRawMonitor", 0);
        pthread_create(&w, NULL, waiter_main, NULL);
    }
    if (mode_ring) {
        for (;;) {
            uintptr_t sum = 0;
            for (int i = 0; i < nbusy; i++)
                sum += atomic_load(&last_k[i]);
            if (sum >= (uintptr_t)ring_calls)
                break;
            sleep_ms(5);
        }
        atomic_store(&stop, true);
        while (atomic_load(&stopped) < nbusy)
            sleep_ms(1);
        FILE *f = fopen(ring_file, "w");
        if (!f)
            agent_failed("fopen", 0);
        for (int i = 0; f && i < nbusy; i++)
            fprintf(f, "busy-%d %lu\n", i, (unsigned long)atomic_load(&last_k[i]));
        if (f)
            fclose(f);
        mode_crash = 1;
    } else {
        sleep_ms(300);
    }
    if (mode_kill) {
        kill(getpid(), SIGKILL);
        for (;;)
            pause();
    }
    if (mode_crash) {
        (*env)->GetPhase(env, (jvmtiPhase *)(uintptr_t)8);    /* the VM writes there */
        fprintf(stderr, "crash_agent: FAILED to crash\n");
        return;
    }
    if (violate)
        (*env)->GetPhase(env, NULL);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        jlong t;
        (*env)->GetTime(env, &t);
        exit(0);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
        agent_failed("fork", pid < 0 ? -1 : st);
    atomic_store(&stop, true);
    for (int i = 0; i < nbusy; i++)
        pthread_join(busy[i], NULL);
}

/* counts=PATH: a file of BUSY_MAX slots, mapped shared. */
static bool map_counts(const char *path)
{
    size_t len = 2 * BUSY_MAX * sizeof(int64_t);
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
    void *p = fd >= 0 && ftruncate(fd, (off_t)len) == 0 ? mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                                                        : MAP_FAILED;
    if (fd >= 0)
        close(fd);
    if (p == MAP_FAILED) {
        fprintf(stderr, "crash_agent: cannot map %s\n", path);
        return false;
    }
    counts = p;
    return true;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    the_vm = vm;
    char opts[1024];
    snprintf(opts, sizeof opts, "%s", options ? options : "");
    for (char *save = NULL, *o = strtok_r(opts, ",", &save); o; o = strtok_r(NULL, ",", &save)) {
        bool ok = true;
        if (strcmp(o, "crash") == 0)
            mode_crash = 1;
        else if (strcmp(o, "kill") == 0)
            mode_kill = 1;
        else if (sscanf(o, "ring:%ld:%4095s", &ring_calls, ring_file) == 2)
            ok = mode_ring = ring_calls > 0;
        else if (strcmp(o, "violate") == 0)
            violate = 1;
        else if (strncmp(o, "busy=", 5) == 0)
            ok = (nbusy = atoi(o + 5)) > 0 && nbusy <= BUSY_MAX;
        else if (strncmp(o, "counts=", 7) == 0)
            ok = map_counts(o + 7);
        else
            ok = strcmp(o, "fork") == 0;
        if (!ok) {
            fprintf(stderr, "crash_agent: bad option '%s'\n", o);
            return JNI_ERR;
        }
    }
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK)
        return JNI_ERR;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = vm_init;
    if ((*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb) != JVMTI_ERROR_NONE
        || (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL) != JVMTI_ERROR_NONE)
        return JNI_ERR;
    return JNI_OK;
}
