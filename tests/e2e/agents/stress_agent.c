/* stress_agent.c — tens of thousands of JVMTI calls a second from many Java
 * threads at once, while events fire on them, for tests/e2e/stress.sh.
 *
 * The Java program (tests/e2e/java/Stress.java) declares
 *
 *     static native int hammer(int n);
 *
 * which this agent binds with RegisterNatives when class Stress is
 * prepared.  hammer makes exactly n JVMTI calls on the calling thread, a
 * fixed mix of cheap functions (thread state and info, frames, a raw
 * monitor shared by all threads, tags, thread-local storage, Allocate and
 * Deallocate), and returns n.  Meanwhile the program's threads fight for a
 * lock and wait on it, so monitor and thread events arrive on all of them;
 * each of those callbacks makes a few calls of its own.
 *
 * Every JVMTI call goes through CALL, which counts it per function, so none
 * goes uncounted, and on a thread named stress-N also per thread, the
 * calls of its ThreadStart callback included (the trace names a thread by
 * its Java name, which it has in ThreadStart already); every callback
 * counts itself per event.  At VMDeath the counts go
 * to the file named by the options (out=PATH), one "KIND NAME N" line each,
 * so that the test can compare them with the trace:
 *
 *     call GetThreadState 40123      calls per function
 *     event MonitorWait 1604         callbacks per event
 *     thread stress-7 GetTag 625     calls per stress thread and function
 *     hammer stress-7 10000          calls made inside hammer per thread
 *     total calls 651234             all calls
 *     total hammer 640000            calls made inside hammer
 *     total stress_threads 64        stress-N threads ThreadStart saw
 *     total failures 0               calls that returned an error
 *
 * A failed call prints "stress_agent: FAILED ..." (the first few only).
 */
#define AGENT_NAME "stress_agent"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "agent.h"

/* The functions this agent calls: CALL accepts no other. */
#define STRESS_FUNCTIONS(X) \
    X(AddCapabilities) X(SetEventCallbacks) X(SetEventNotificationMode) \
    X(CreateRawMonitor) X(DestroyRawMonitor) X(GetClassSignature) \
    X(GetCurrentThread) X(GetThreadState) X(GetThreadInfo) X(Deallocate) \
    X(GetFrameCount) X(GetStackTrace) X(RawMonitorEnter) X(RawMonitorExit) \
    X(SetTag) X(GetTag) X(Allocate) X(SetThreadLocalStorage) \
    X(GetThreadLocalStorage) X(GetPhase) X(GetTime)

/* The events it asks for (VMDeath only writes the counts: not counted). */
#define STRESS_EVENTS(X) \
    X(ClassPrepare, CLASS_PREPARE) X(ThreadStart, THREAD_START) X(ThreadEnd, THREAD_END) \
    X(MonitorWait, MONITOR_WAIT) X(MonitorWaited, MONITOR_WAITED) \
    X(MonitorContendedEnter, MONITOR_CONTENDED_ENTER) \
    X(MonitorContendedEntered, MONITOR_CONTENDED_ENTERED)

#define FN_ENUM(fn) FN_##fn,
#define FN_NAME(fn) #fn,
#define EV_ENUM(ev, EV) EV_##ev,
#define EV_NAME(ev, EV) #ev,
#define EV_NUMBER(ev, EV) JVMTI_EVENT_##EV,

enum { STRESS_FUNCTIONS(FN_ENUM) N_FUNCTIONS };
enum { STRESS_EVENTS(EV_ENUM) N_EVENTS };
static const char *const fn_names[N_FUNCTIONS] = { STRESS_FUNCTIONS(FN_NAME) };
static const char *const ev_names[N_EVENTS] = { STRESS_EVENTS(EV_NAME) };
static const jvmtiEvent ev_numbers[N_EVENTS] = { STRESS_EVENTS(EV_NUMBER) };

static jvmtiEnv *jvmti;
static const char *out_path;
static jrawMonitorID shared_monitor;     /* entered by every hammer thread */
static atomic_long fn_calls[N_FUNCTIONS];
static atomic_long ev_calls[N_EVENTS];
static atomic_long hammer_calls, failures;
static atomic_int registered;           /* hammer bound to Stress */

/* Per stress thread: its name and its calls per function.  Only the thread
 * itself writes its slot; VMDeath reads them after the program has joined
 * the threads. */
#define MAX_SLOTS 1024
typedef struct slot {
    char name[64];
    atomic_long calls[N_FUNCTIONS];
    atomic_long hammer;                 /* of those, made inside hammer */
} slot;
static slot slots[MAX_SLOTS];
static atomic_int nslots;
static _Thread_local slot *tl_slot;     /* set at the end of ThreadStart */

/* Calls of this thread before it has its slot (in ThreadStart). */
static _Thread_local long tl_early[N_FUNCTIONS];

static void count_call(int fn)
{
    atomic_fetch_add(&fn_calls[fn], 1);
    if (tl_slot != NULL)
        atomic_fetch_add_explicit(&tl_slot->calls[fn], 1, memory_order_relaxed);
    else
        tl_early[fn]++;
}

/* Every JVMTI call of this agent goes through CALL, so none goes uncounted. */
#define CALL(fn, ...) (count_call(FN_##fn), (*jvmti)->fn(jvmti, __VA_ARGS__))

#define MAX_REPORTED 10

/* OK(call): call must return JVMTI_ERROR_NONE; reports the first few that
 * do not, counts them all (a broken run would flood stderr otherwise). */
#define OK(call) \
    do { \
        jvmtiError ok_err_ = (call); \
        if (ok_err_ != JVMTI_ERROR_NONE) \
            failed(#call, ok_err_); \
    } while (0)

static void failed(const char *what, int err)
{
    if (atomic_fetch_add(&failures, 1) < MAX_REPORTED)
        agent_failed(what, err);
}

static void count_event(int ev)
{
    atomic_fetch_add(&ev_calls[ev], 1);
}

/* ---- hammer ----------------------------------------------------------------- */

#define CYCLE 16                /* calls in one round of hammer_cycle */

/* One round of the mix: exactly CYCLE calls, leaving nothing held (monitor
 * exited, memory deallocated, local references deleted). */
static void hammer_cycle(JNIEnv *jni, jlong tag_value)
{
    jthread thread;
    jint state = 0, frames = 0, depth = 0;
    jvmtiThreadInfo info;
    jvmtiFrameInfo stack[16];
    jlong tag = 0, now;
    unsigned char *mem = NULL;
    void *tls = NULL, *mine = tl_slot;
    jvmtiPhase phase;

    OK(CALL(GetCurrentThread, &thread));                            /* 1 */
    OK(CALL(GetThreadState, thread, &state));                       /* 2 */
    if (!(state & JVMTI_THREAD_STATE_ALIVE))
        failed("GetThreadState (current thread not alive)", state);
    memset(&info, 0, sizeof info);
    OK(CALL(GetThreadInfo, thread, &info));                         /* 3 */
    if (info.name == NULL || strcmp(info.name, tl_slot->name) != 0)
        failed("GetThreadInfo (not the name ThreadStart saw)", 0);
    OK(CALL(Deallocate, (unsigned char *)info.name));               /* 4 */
    if (info.thread_group != NULL)
        (*jni)->DeleteLocalRef(jni, info.thread_group);
    if (info.context_class_loader != NULL)
        (*jni)->DeleteLocalRef(jni, info.context_class_loader);
    OK(CALL(GetFrameCount, thread, &frames));                       /* 5 */
    OK(CALL(GetStackTrace, thread, 0, 16, stack, &depth));          /* 6 */
    if (frames < 2 || depth < 1)
        failed("GetFrameCount/GetStackTrace (no Java frames under hammer)", frames);
    OK(CALL(RawMonitorEnter, shared_monitor));                      /* 7 */
    OK(CALL(SetTag, thread, tag_value));                            /* 8 */
    OK(CALL(GetTag, thread, &tag));                                 /* 9 */
    OK(CALL(RawMonitorExit, shared_monitor));                       /* 10 */
    if (tag != tag_value)
        failed("GetTag (not the tag just set)", 0);
    OK(CALL(Allocate, 48, &mem));                                   /* 11 */
    if (mem != NULL)
        memset(mem, 0x5a, 48);
    OK(CALL(Deallocate, mem));                                      /* 12 */
    OK(CALL(SetThreadLocalStorage, NULL, mine));                    /* 13 */
    OK(CALL(GetThreadLocalStorage, NULL, &tls));                    /* 14 */
    if (tls != mine)
        failed("GetThreadLocalStorage (not what was set)", 0);
    OK(CALL(GetPhase, &phase));                                     /* 15 */
    if (phase != JVMTI_PHASE_LIVE)
        failed("GetPhase (not live)", phase);
    OK(CALL(GetTime, &now));                                        /* 16 */
    (*jni)->DeleteLocalRef(jni, thread);
}

/* Stress.hammer(n): exactly n calls on this thread; returns n. */
static jint JNICALL hammer(JNIEnv *jni, jclass cls, jint n)
{
    static atomic_long next_tag = 1;
    jlong tag_value = atomic_fetch_add(&next_tag, 1);
    jint done = 0;
    jlong now;

    (void)cls;
    if (tl_slot == NULL) {
        failed("hammer (not on a stress- thread that ThreadStart saw)", 0);
        return 0;
    }
    for (; n - done >= CYCLE; done += CYCLE)
        hammer_cycle(jni, tag_value);
    for (; done < n; done++)
        OK(CALL(GetTime, &now));
    atomic_fetch_add(&hammer_calls, done);
    atomic_fetch_add_explicit(&tl_slot->hammer, done, memory_order_relaxed);
    return done;
}

/* ---- events ------------------------------------------------------------------- */

static void look_at_current_thread(void)
{
    jthread thread;
    jint state;

    OK(CALL(GetCurrentThread, &thread));
    OK(CALL(GetThreadState, thread, &state));
    if (!(state & JVMTI_THREAD_STATE_ALIVE))
        failed("GetThreadState (current thread not alive)", state);
}

/* Binds hammer when Stress is prepared, then stops listening. */
static void JNICALL on_class_prepare(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass)
{
    static const JNINativeMethod methods[] = {
        { "hammer", "(I)I", (void *)hammer },
    };
    char *sig = NULL;

    (void)env, (void)thread;
    count_event(EV_ClassPrepare);
    if (atomic_load(&registered))
        return;
    OK(CALL(GetClassSignature, klass, &sig, NULL));
    if (sig != NULL && strcmp(sig, "LStress;") == 0 && !atomic_exchange(&registered, 1)) {
        if ((*jni)->RegisterNatives(jni, klass, methods, 1) != JNI_OK)
            failed("RegisterNatives of Stress.hammer", 0);
        OK(CALL(SetEventNotificationMode, JVMTI_DISABLE, JVMTI_EVENT_CLASS_PREPARE, NULL));
    }
    if (sig != NULL)
        OK(CALL(Deallocate, (unsigned char *)sig));
}

/* A stress thread gets its slot last, and the calls made here with it. */
static void JNICALL on_thread_start(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    jvmtiThreadInfo info;
    slot *mine = NULL;

    (void)env;
    memset(tl_early, 0, sizeof tl_early);
    count_event(EV_ThreadStart);
    look_at_current_thread();
    memset(&info, 0, sizeof info);
    OK(CALL(GetThreadInfo, thread, &info));
    if (info.name != NULL && strncmp(info.name, "stress-", 7) == 0) {
        int i = atomic_fetch_add(&nslots, 1);
        if (i < MAX_SLOTS) {
            mine = &slots[i];
            snprintf(mine->name, sizeof mine->name, "%s", info.name);
        } else {
            failed("ThreadStart (more than MAX_SLOTS stress threads)", i);
        }
    }
    if (info.name != NULL)
        OK(CALL(Deallocate, (unsigned char *)info.name));
    if (info.thread_group != NULL)
        (*jni)->DeleteLocalRef(jni, info.thread_group);
    if (info.context_class_loader != NULL)
        (*jni)->DeleteLocalRef(jni, info.context_class_loader);
    for (int i = 0; mine && i < N_FUNCTIONS; i++)
        atomic_fetch_add_explicit(&mine->calls[i], tl_early[i], memory_order_relaxed);
    tl_slot = mine;
}

static void JNICALL on_thread_end(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env, (void)jni, (void)thread;
    count_event(EV_ThreadEnd);
    look_at_current_thread();
}

static void JNICALL on_monitor_wait(jvmtiEnv *env, JNIEnv *jni, jthread thread, jobject object, jlong timeout)
{
    (void)env, (void)jni, (void)thread, (void)object, (void)timeout;
    count_event(EV_MonitorWait);
    look_at_current_thread();
}

static void JNICALL on_monitor_waited(jvmtiEnv *env, JNIEnv *jni, jthread thread, jobject object, jboolean timed_out)
{
    (void)env, (void)jni, (void)thread, (void)object, (void)timed_out;
    count_event(EV_MonitorWaited);
    look_at_current_thread();
}

static void JNICALL on_contended_enter(jvmtiEnv *env, JNIEnv *jni, jthread thread, jobject object)
{
    (void)env, (void)jni, (void)thread, (void)object;
    count_event(EV_MonitorContendedEnter);
    look_at_current_thread();
}

static void JNICALL on_contended_entered(jvmtiEnv *env, JNIEnv *jni, jthread thread, jobject object)
{
    (void)env, (void)jni, (void)thread, (void)object;
    count_event(EV_MonitorContendedEntered);
    look_at_current_thread();
}

/* The Java program has joined its threads: no hammer runs any more. */
static void JNICALL on_vm_death(jvmtiEnv *env, JNIEnv *jni)
{
    FILE *f;
    long total = 0;

    (void)env, (void)jni;
    OK(CALL(DestroyRawMonitor, shared_monitor));
    f = fopen(out_path, "w");
    if (f == NULL) {
        agent_failed("fopen of the count file", 0);
        return;
    }
    for (int i = 0; i < N_FUNCTIONS; i++) {
        long n = atomic_load(&fn_calls[i]);
        total += n;
        if (n > 0)
            fprintf(f, "call %s %ld\n", fn_names[i], n);
    }
    for (int i = 0; i < N_EVENTS; i++)
        fprintf(f, "event %s %ld\n", ev_names[i], atomic_load(&ev_calls[i]));
    int n = atomic_load(&nslots);
    n = n < MAX_SLOTS ? n : MAX_SLOTS;
    for (int s = 0; s < n; s++) {
        fprintf(f, "hammer %s %ld\n", slots[s].name, atomic_load(&slots[s].hammer));
        for (int i = 0; i < N_FUNCTIONS; i++)
            if (atomic_load(&slots[s].calls[i]) > 0)
                fprintf(f, "thread %s %s %ld\n", slots[s].name, fn_names[i], atomic_load(&slots[s].calls[i]));
    }
    fprintf(f, "total calls %ld\ntotal hammer %ld\ntotal stress_threads %d\ntotal failures %ld\n", total,
            atomic_load(&hammer_calls), n, atomic_load(&failures));
    fclose(f);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;

    (void)reserved;
    if (agent_init_with_out(vm, options, &jvmti, &out_path) != JNI_OK)
        return JNI_ERR;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_monitor_events = 1;
    caps.can_tag_objects = 1;
    OK(CALL(AddCapabilities, &caps));
    OK(CALL(CreateRawMonitor, "stress_shared", &shared_monitor));
    memset(&cb, 0, sizeof cb);
    cb.VMDeath = on_vm_death;
    cb.ClassPrepare = on_class_prepare;
    cb.ThreadStart = on_thread_start;
    cb.ThreadEnd = on_thread_end;
    cb.MonitorWait = on_monitor_wait;
    cb.MonitorWaited = on_monitor_waited;
    cb.MonitorContendedEnter = on_contended_enter;
    cb.MonitorContendedEntered = on_contended_entered;
    OK(CALL(SetEventCallbacks, &cb, (jint)sizeof cb));
    OK(CALL(SetEventNotificationMode, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL));
    for (int i = 0; i < N_EVENTS; i++)
        OK(CALL(SetEventNotificationMode, JVMTI_ENABLE, ev_numbers[i], NULL));
    return atomic_load(&failures) == 0 ? JNI_OK : JNI_ERR;
}
