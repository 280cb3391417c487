/* misuse_agent.c — an agent that makes every mistake libjvmticheck checks
 * for, at least once, for tests/e2e/misuse.sh.
 *
 * Run with check=strict, the wrapper refuses each bad call before it reaches
 * the VM, so the VM survives (a stack pointer handed to Deallocate, or a
 * call from inside a GC callback, would crash it otherwise).  What counts
 * is the violation record each mistake leaves (tests/e2e/misuse.expect
 * lists them) and the error strict returns, which must be the one the VM
 * itself answers (tests/e2e/strict-vm.sh).  Each mistake is commented with
 * the check id it must trigger, and made through one of two macros:
 *   PASSABLE(LABEL, call, ERR): the VM survives the call, so with the
 *     option "safe" (a run under check=off) it reaches the VM;
 *   SHIELDED(LABEL, call, ERR): it must never reach the VM (a stack
 *     pointer to Deallocate, a call from a GC or heap callback, a destroyed
 *     raw monitor); "safe" leaves it out;
 *   ACCEPTED(LABEL, call, ERR): the VM survives it but does not refuse it
 *     (HotSpot takes any event mode but JVMTI_ENABLE as JVMTI_DISABLE):
 *     with "safe" the answer expected is JVMTI_ERROR_NONE.
 * Each prints "misuse_agent: mistake passable|shielded|accepted LABEL ->
 * ERR", LABEL being "Function:what", and a FAILED line when ERR is not the
 * answer.
 * Options, joined by '+': deep (references of the wrong kind), safe (only
 * the passable mistakes), or busy alone (only the busy raw monitor destroy).
 */
#define AGENT_NAME "misuse_agent"

#include <stdbool.h>
#include <string.h>

#include "agent.h"

static jvmtiEnv *jvmti;
static volatile int gc_seen;
static bool safe_only;      /* option safe: no shielded mistake */

static void mistake(const char *kind, const char *label, jvmtiError got, jvmtiError want, const char *call)
{
    fprintf(stderr, "%s: mistake %s %s -> %d\n", AGENT_NAME, kind, label, (int)got);
    if (got != want) {
        char what[256];
        snprintf(what, sizeof what, "%s (expected %d)", call, (int)want);
        agent_failed(what, got);
    }
}

#define PASSABLE(label, call, want) mistake("passable", label, (call), want, #call)
#define ACCEPTED(label, call, want) \
    mistake("accepted", label, (call), safe_only ? JVMTI_ERROR_NONE : (want), #call)
#define SHIELDED(label, call, want) \
    do { \
        if (!safe_only) \
            mistake("shielded", label, (call), want, #call); \
    } while (0)

static void JNICALL on_gc_start(jvmtiEnv *env)
{
    jthread thread;

    (void)env;
    if (gc_seen++ == 0)  /* callback_unsafe: GetCurrentThread is not callback safe */
        SHIELDED("GetCurrentThread:gc", (*jvmti)->GetCurrentThread(jvmti, &thread), JVMTI_ERROR_ACCESS_DENIED);
}

static jclass heap_klass;

static jint JNICALL on_heap_object(jlong class_tag, jlong size, jlong *tag_ptr, jint length, void *user_data)
{
    char *sig;

    (void)class_tag, (void)size, (void)tag_ptr, (void)length, (void)user_data;
    /* callback_unsafe: inside a heap iteration only callback-safe functions */
    SHIELDED("GetClassSignature:heap", (*jvmti)->GetClassSignature(jvmti, heap_klass, &sig, NULL),
             JVMTI_ERROR_ACCESS_DENIED);
    return JVMTI_VISIT_ABORT;
}

static jthread heap_thread;

static jint JNICALL on_heap_reference(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info,
                                      jlong class_tag, jlong referrer_class_tag, jlong size,
                                      jlong *tag_ptr, jlong *referrer_tag_ptr, jint length, void *user_data)
{
    jint state;

    (void)kind, (void)info, (void)class_tag, (void)referrer_class_tag, (void)size;
    (void)tag_ptr, (void)referrer_tag_ptr, (void)length, (void)user_data;
    /* callback_unsafe: GetThreadState from inside FollowReferences */
    SHIELDED("GetThreadState:heap", (*jvmti)->GetThreadState(jvmti, heap_thread, &state), JVMTI_ERROR_ACCESS_DENIED);
    return JVMTI_VISIT_ABORT;
}

static void JNICALL never_run(jvmtiEnv *env, JNIEnv *jni, void *arg)
{
    (void)env, (void)jni, (void)arg;
}

/* A new, unstarted java.lang.Thread (NULL, with a FAILED line, if none). */
static jthread new_thread(JNIEnv *jni)
{
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID init = tc ? (*jni)->GetMethodID(jni, tc, "<init>", "()V") : NULL;
    jthread t = init ? (*jni)->NewObject(jni, tc, init) : NULL;
    if (!t)
        agent_failed("new Thread()", 0);
    return t;
}

/* The mistakes whose rule the spec states in a parameter's type or in the
 * function's documented errors; strict must return the error the VM
 * answers (one of those the spec allows), and the VM never sees the call. */
static void spec_rules(JNIEnv *jni, jthread thread, jclass klass)
{
    jint count;
    jobject *modules;
    jboolean modifiable;
    jmethodID method;
    jlocation location;
    jthread unstarted = new_thread(jni);

    TRY((*jvmti)->GetAllModules(jvmti, &count, &modules));
    /* null_pointer: module params are <ptrtype> that are not nullok: NULL_POINTER */
    PASSABLE("AddModuleReads:module", (*jvmti)->AddModuleReads(jvmti, NULL, modules[0]), JVMTI_ERROR_NULL_POINTER);
    PASSABLE("AddModuleExports:module", (*jvmti)->AddModuleExports(jvmti, NULL, "java/lang", modules[0]),
             JVMTI_ERROR_NULL_POINTER);
    PASSABLE("AddModuleOpens:to_module", (*jvmti)->AddModuleOpens(jvmti, modules[0], "java/lang", NULL),
             JVMTI_ERROR_NULL_POINTER);
    PASSABLE("IsModifiableModule:module", (*jvmti)->IsModifiableModule(jvmti, NULL, &modifiable),
             JVMTI_ERROR_NULL_POINTER);
    /* null_pointer: a NULL service is NULL_POINTER (not INVALID_CLASS) */
    PASSABLE("AddModuleUses:service", (*jvmti)->AddModuleUses(jvmti, modules[0], NULL), JVMTI_ERROR_NULL_POINTER);
    PASSABLE("AddModuleProvides:service", (*jvmti)->AddModuleProvides(jvmti, modules[0], NULL, klass),
             JVMTI_ERROR_NULL_POINTER);
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)modules));
    /* null_pointer: the object to tag ("is not an object"); the exception
     * to throw, where the spec allows NULL_POINTER too and HotSpot answers it */
    PASSABLE("SetTag:object", (*jvmti)->SetTag(jvmti, NULL, 1), JVMTI_ERROR_INVALID_OBJECT);
    PASSABLE("StopThread:exception", (*jvmti)->StopThread(jvmti, thread, NULL), JVMTI_ERROR_NULL_POINTER);
    /* enum_value: GenerateEvents takes two events; others are ILLEGAL_ARGUMENT */
    PASSABLE("GenerateEvents:VMInit", (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_VM_INIT),
             JVMTI_ERROR_ILLEGAL_ARGUMENT);
    PASSABLE("GenerateEvents:1000", (*jvmti)->GenerateEvents(jvmti, (jvmtiEvent)1000), JVMTI_ERROR_ILLEGAL_ARGUMENT);
    /* min_value: a frame depth is not negative */
    PASSABLE("GetFrameLocation:depth", (*jvmti)->GetFrameLocation(jvmti, thread, -1, &method, &location),
             JVMTI_ERROR_ILLEGAL_ARGUMENT);
    /* range: a priority outside JVMTI_THREAD_MIN_PRIORITY..MAX_PRIORITY, of
     * a thread not yet started (the only mistake in the call: HotSpot
     * answers INVALID_THREAD for a running one before it looks at the
     * priority) */
    if (unstarted)
        PASSABLE("RunAgentThread:priority",
                 (*jvmti)->RunAgentThread(jvmti, unstarted, never_run, NULL, JVMTI_THREAD_MAX_PRIORITY + 1),
                 JVMTI_ERROR_INVALID_PRIORITY);
    /* range: a negative sampling interval ("is less than zero") */
    PASSABLE("SetHeapSamplingInterval:sampling_interval", (*jvmti)->SetHeapSamplingInterval(jvmti, -1),
             JVMTI_ERROR_ILLEGAL_ARGUMENT);
}

/* ---- raw monitors: their life, owner and lock order ----------------------------- */

static jrawMonitorID sync_mon, mon_a, mon_b, mon_c, mon_d, mon_gate, mon_owned, mon_busy;
static int stage;   /* guarded by sync_mon */

static void wait_stage(int s)
{
    TRY((*jvmti)->RawMonitorEnter(jvmti, sync_mon));
    while (stage < s)
        TRY((*jvmti)->RawMonitorWait(jvmti, sync_mon, 0));
    TRY((*jvmti)->RawMonitorExit(jvmti, sync_mon));
}

static void set_stage(int s)
{
    TRY((*jvmti)->RawMonitorEnter(jvmti, sync_mon));
    stage = s;
    TRY((*jvmti)->RawMonitorNotifyAll(jvmti, sync_mon));
    TRY((*jvmti)->RawMonitorExit(jvmti, sync_mon));
}

static void enter_both(jrawMonitorID first, jrawMonitorID second)
{
    TRY((*jvmti)->RawMonitorEnter(jvmti, first));
    TRY((*jvmti)->RawMonitorEnter(jvmti, second));
    TRY((*jvmti)->RawMonitorExit(jvmti, second));
    TRY((*jvmti)->RawMonitorExit(jvmti, first));
}

static void JNICALL monitor_worker(jvmtiEnv *env, JNIEnv *jni, void *arg)
{
    (void)env, (void)jni;
    switch ((int)(size_t)arg) {
    case 1:     /* a then b; under the gate, c then d */
        enter_both(mon_a, mon_b);
        TRY((*jvmti)->RawMonitorEnter(jvmti, mon_gate));
        enter_both(mon_c, mon_d);
        TRY((*jvmti)->RawMonitorExit(jvmti, mon_gate));
        set_stage(1);
        break;
    case 2:     /* after thread 1 (no real deadlock ever happens) */
        wait_stage(1);
        /* monitor_order: b then a, the reverse of thread 1's order */
        enter_both(mon_b, mon_a);
        /* d then c under the same gate as thread 1's c then d: safe, no report */
        TRY((*jvmti)->RawMonitorEnter(jvmti, mon_gate));
        enter_both(mon_d, mon_c);
        TRY((*jvmti)->RawMonitorExit(jvmti, mon_gate));
        set_stage(2);
        break;
    case 3:     /* owns mon_owned while the VMInit thread tries to destroy it */
        TRY((*jvmti)->RawMonitorEnter(jvmti, mon_owned));
        set_stage(3);
        wait_stage(4);
        TRY((*jvmti)->RawMonitorExit(jvmti, mon_owned));
        set_stage(5);
        break;
    case 4:     /* waits on mon_busy while the VMInit thread, owning it, destroys it */
        TRY((*jvmti)->RawMonitorEnter(jvmti, mon_busy));
        set_stage(6);
        /* until notified: the VMInit thread enters mon_busy only once this
         * thread waits, so it is inside RawMonitorWait when the destroy comes */
        TRY((*jvmti)->RawMonitorWait(jvmti, mon_busy, 0));
        TRY((*jvmti)->RawMonitorExit(jvmti, mon_busy));
        set_stage(7);
        break;
    }
}

static void start_worker(JNIEnv *jni, int role)
{
    jthread t = new_thread(jni);
    if (!t)
        return;
    TRY((*jvmti)->RunAgentThread(jvmti, t, monitor_worker, (void *)(size_t)role, JVMTI_THREAD_NORM_PRIORITY));
}

static void destroy_busy(JNIEnv *jni);

static void raw_monitors(JNIEnv *jni)
{
    jrawMonitorID dead, idle;

    /* monitor_destroyed: entered after DestroyRawMonitor (strict refuses it) */
    TRY((*jvmti)->CreateRawMonitor(jvmti, "dead", &dead));
    TRY((*jvmti)->DestroyRawMonitor(jvmti, dead));
    SHIELDED("RawMonitorEnter:destroyed", (*jvmti)->RawMonitorEnter(jvmti, dead), JVMTI_ERROR_INVALID_MONITOR);
    /* monitor_owner: exit, notify, wait without owning (the VM refuses them) */
    TRY((*jvmti)->CreateRawMonitor(jvmti, "idle", &idle));
    EXPECT((*jvmti)->RawMonitorExit(jvmti, idle), JVMTI_ERROR_NOT_MONITOR_OWNER);
    EXPECT((*jvmti)->RawMonitorNotify(jvmti, idle), JVMTI_ERROR_NOT_MONITOR_OWNER);
    EXPECT((*jvmti)->RawMonitorWait(jvmti, idle, 1), JVMTI_ERROR_NOT_MONITOR_OWNER);
    /* right: re-entry, and destroying a monitor this thread holds (the spec
     * exits it first) */
    TRY((*jvmti)->RawMonitorEnter(jvmti, idle));
    TRY((*jvmti)->RawMonitorEnter(jvmti, idle));
    TRY((*jvmti)->RawMonitorNotifyAll(jvmti, idle));
    TRY((*jvmti)->RawMonitorExit(jvmti, idle));
    TRY((*jvmti)->DestroyRawMonitor(jvmti, idle));

    TRY((*jvmti)->CreateRawMonitor(jvmti, "sync", &sync_mon));
    TRY((*jvmti)->CreateRawMonitor(jvmti, "a", &mon_a));
    TRY((*jvmti)->CreateRawMonitor(jvmti, "b", &mon_b));
    TRY((*jvmti)->CreateRawMonitor(jvmti, "c", &mon_c));
    TRY((*jvmti)->CreateRawMonitor(jvmti, "d", &mon_d));
    TRY((*jvmti)->CreateRawMonitor(jvmti, "gate", &mon_gate));
    TRY((*jvmti)->CreateRawMonitor(jvmti, "owned", &mon_owned));
    /* monitor_order between two agent threads, one after the other */
    start_worker(jni, 1);
    start_worker(jni, 2);
    wait_stage(2);
    /* monitor_owner: destroying a monitor another thread owns */
    start_worker(jni, 3);
    wait_stage(3);
    EXPECT((*jvmti)->DestroyRawMonitor(jvmti, mon_owned), JVMTI_ERROR_NOT_MONITOR_OWNER);
    set_stage(4);
    wait_stage(5);
    TRY((*jvmti)->DestroyRawMonitor(jvmti, mon_owned));
    destroy_busy(jni);
}

/* monitor_destroy_busy: destroying a monitor this thread owns while
 * another waits on it (never passed on, under check=on too: the VM would
 * free it under the waiter); then notify, and destroy it once the waiter
 * is gone.  Needs sync_mon. */
static void destroy_busy(JNIEnv *jni)
{
    TRY((*jvmti)->CreateRawMonitor(jvmti, "busy", &mon_busy));
    start_worker(jni, 4);
    wait_stage(6);
    TRY((*jvmti)->RawMonitorEnter(jvmti, mon_busy));
    SHIELDED("DestroyRawMonitor:busy", (*jvmti)->DestroyRawMonitor(jvmti, mon_busy), JVMTI_ERROR_NOT_MONITOR_OWNER);
    TRY((*jvmti)->RawMonitorNotifyAll(jvmti, mon_busy));
    TRY((*jvmti)->RawMonitorExit(jvmti, mon_busy));
    wait_stage(7);
    TRY((*jvmti)->DestroyRawMonitor(jvmti, mon_busy));
}

/* check=deep (misuse_agent.so=deep): references of the wrong kind, each
 * a valid reference to a live object.  Only made when asked: without deep
 * checks they would reach the VM, which need not survive all of them. */
static bool deep_mistakes;

static void object_kinds(jthread thread, jclass klass)
{
    jint state, count;
    jvmtiThreadGroupInfo info;
    char *sig;
    jobject *modules;

    if (!deep_mistakes)
        return;
    /* object_kind: a jclass where a jthread belongs */
    PASSABLE("GetThreadState:thread", (*jvmti)->GetThreadState(jvmti, (jthread)klass, &state),
             JVMTI_ERROR_INVALID_THREAD);
    /* object_kind: a thread where a thread group belongs */
    SHIELDED("GetThreadGroupInfo:group", (*jvmti)->GetThreadGroupInfo(jvmti, (jthreadGroup)thread, &info),
             JVMTI_ERROR_INVALID_THREAD_GROUP);
    /* object_kind: a thread where a class belongs */
    PASSABLE("GetClassSignature:kind", (*jvmti)->GetClassSignature(jvmti, (jclass)thread, &sig, NULL),
             JVMTI_ERROR_INVALID_CLASS);
    /* object_kind: a class where a module belongs */
    TRY((*jvmti)->GetAllModules(jvmti, &count, &modules));
    PASSABLE("AddModuleReads:kind", (*jvmti)->AddModuleReads(jvmti, klass, modules[0]), JVMTI_ERROR_INVALID_MODULE);
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)modules));
    /* null_pointer with a good class: refused, so names=on must not name it */
    PASSABLE("GetClassMethods:methods_ptr", (*jvmti)->GetClassMethods(jvmti, klass, &count, NULL),
             JVMTI_ERROR_NULL_POINTER);
    /* right kinds: no report */
    TRY((*jvmti)->GetThreadState(jvmti, thread, &state));
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    jvmtiHeapCallbacks heap_cb;
    jvmtiFrameInfo frames[4];
    jint count;
    jobject *monitors;
    unsigned char on_stack[16];
    char *sig, *leaked;
    jclass klass;

    (void)env;
    /* min_value: max_frame_count must be >= 0 */
    PASSABLE("GetStackTrace:max_frame_count", (*jvmti)->GetStackTrace(jvmti, thread, 0, -1, frames, &count),
             JVMTI_ERROR_ILLEGAL_ARGUMENT);
    /* capability: needs can_get_owned_monitor_info, never added */
    PASSABLE("GetOwnedMonitorInfo:capability", (*jvmti)->GetOwnedMonitorInfo(jvmti, thread, &count, &monitors),
             JVMTI_ERROR_MUST_POSSESS_CAPABILITY);
    /* thread_filter: VMInit is a global event, it takes no thread */
    PASSABLE("SetEventNotificationMode:event_thread",
             (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, thread),
             JVMTI_ERROR_ILLEGAL_ARGUMENT);

    /* bad_deallocate, twice: memory JVMTI never handed out, and a double free */
    SHIELDED("Deallocate:stack", (*jvmti)->Deallocate(jvmti, on_stack), JVMTI_ERROR_ILLEGAL_ARGUMENT);
    klass = (*jni)->GetObjectClass(jni, thread);
    TRY((*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL));
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)sig));
    SHIELDED("Deallocate:twice", (*jvmti)->Deallocate(jvmti, (unsigned char *)sig), JVMTI_ERROR_ILLEGAL_ARGUMENT);
    /* bad_deallocate: a pointer into the middle of a JVMTI block */
    TRY((*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL));
    SHIELDED("Deallocate:interior", (*jvmti)->Deallocate(jvmti, (unsigned char *)sig + 1),
             JVMTI_ERROR_ILLEGAL_ARGUMENT);
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)sig));
    /* null_pointer: out pointers that are NULL */
    PASSABLE("GetThreadInfo:info_ptr", (*jvmti)->GetThreadInfo(jvmti, thread, NULL), JVMTI_ERROR_NULL_POINTER);
    PASSABLE("GetFrameCount:count_ptr", (*jvmti)->GetFrameCount(jvmti, thread, NULL), JVMTI_ERROR_NULL_POINTER);
    PASSABLE("GetClassSignature:klass", (*jvmti)->GetClassSignature(jvmti, NULL, &sig, NULL), JVMTI_ERROR_INVALID_CLASS);
    /* enum_value: out-of-range events and heap filters */
    PASSABLE("SetEventNotificationMode:event_type",
             (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, (jvmtiEvent)1000, NULL),
             JVMTI_ERROR_INVALID_EVENT_TYPE);
    /* ... and a NULL callback beside the bad filter (null_pointer too):
     * HotSpot checks the pointer first (its entry code), so strict returns
     * NULL_POINTER */
    PASSABLE("IterateOverHeap:object_filter", (*jvmti)->IterateOverHeap(jvmti, (jvmtiHeapObjectFilter)42, NULL, NULL),
             JVMTI_ERROR_NULL_POINTER);
    /* null_pointer twice: the object (the function's own check: "not an
     * object") and the callback (HotSpot's entry: NULL_POINTER, first) */
    PASSABLE("IterateOverObjectsReachableFromObject:object",
             (*jvmti)->IterateOverObjectsReachableFromObject(jvmti, NULL, NULL, NULL), JVMTI_ERROR_NULL_POINTER);
    spec_rules(jni, thread, klass);
    raw_monitors(jni);
    object_kinds(thread, klass);
    /* leak: never deallocated */
    TRY((*jvmti)->GetClassSignature(jvmti, klass, &leaked, NULL));

    heap_klass = klass;
    memset(&heap_cb, 0, sizeof heap_cb);
    heap_cb.heap_iteration_callback = on_heap_object;
    TRY((*jvmti)->IterateThroughHeap(jvmti, 0, NULL, &heap_cb, NULL));
    heap_thread = thread;
    memset(&heap_cb, 0, sizeof heap_cb);
    heap_cb.heap_reference_callback = on_heap_reference;
    TRY((*jvmti)->FollowReferences(jvmti, 0, NULL, NULL, &heap_cb, NULL));
}

/* misuse_agent.so=busy: only the busy destroy, for a run under check=on
 * (the other mistakes are made only where strict refuses them). */
static void JNICALL on_vm_init_busy(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env, (void)thread;
    TRY((*jvmti)->CreateRawMonitor(jvmti, "sync", &sync_mon));
    destroy_busy(jni);
    fprintf(stderr, "%s: busy destroy done\n", AGENT_NAME);
}

static jint busy_only(void)
{
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init_busy;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    return JNI_OK;
}

/* WORD is one of the '+'-joined options. */
static bool has_option(const char *options, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = options; p && *p; p = strchr(p, '+') ? strchr(p, '+') + 1 : NULL)
        if (strncmp(p, word, n) == 0 && (p[n] == '\0' || p[n] == '+'))
            return true;
    return false;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *old;
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;
    jint count;
    jclass *classes;
    jthread *threads;

    (void)reserved;
    deep_mistakes = has_option(options, "deep");
    safe_only = has_option(options, "safe");
    if (agent_get_env(vm, &jvmti, JVMTI_VERSION) != JNI_OK
        || (*vm)->GetEnv(vm, (void **)&old, JVMTI_VERSION_1_2) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    if (options && strcmp(options, "busy") == 0)
        return busy_only();

    /* null_pointer: phase_ptr */
    PASSABLE("GetPhase:phase_ptr", (*jvmti)->GetPhase(jvmti, NULL), JVMTI_ERROR_NULL_POINTER);
    /* phase: GetLoadedClasses and GetAllThreads are live-phase only */
    PASSABLE("GetLoadedClasses:phase", (*jvmti)->GetLoadedClasses(jvmti, &count, &classes), JVMTI_ERROR_WRONG_PHASE);
    PASSABLE("GetAllThreads:phase", (*jvmti)->GetAllThreads(jvmti, &count, &threads), JVMTI_ERROR_WRONG_PHASE);
    /* enum_value: no such verbose flag, no such event mode */
    PASSABLE("SetVerboseFlag:flag", (*jvmti)->SetVerboseFlag(jvmti, (jvmtiVerboseFlag)99, JNI_TRUE),
             JVMTI_ERROR_ILLEGAL_ARGUMENT);
    ACCEPTED("SetEventNotificationMode:mode",
             (*jvmti)->SetEventNotificationMode(jvmti, (jvmtiEventMode)7, JVMTI_EVENT_VM_INIT, NULL),
             JVMTI_ERROR_ILLEGAL_ARGUMENT);
    /* event_capability: SingleStep needs can_generate_single_step_events */
    PASSABLE("SetEventNotificationMode:event_capability",
             (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, NULL),
             JVMTI_ERROR_MUST_POSSESS_CAPABILITY);
    /* portability (a note): SetHeapSamplingInterval is since 11, old asked for 1.2
       (it also lacks can_generate_sampled_object_alloc_events) */
    PASSABLE("SetHeapSamplingInterval:capability", (*old)->SetHeapSamplingInterval(old, 1024),
             JVMTI_ERROR_MUST_POSSESS_CAPABILITY);

    memset(&caps, 0, sizeof caps);
    caps.can_generate_garbage_collection_events = 1;
    caps.can_tag_objects = 1;
    caps.can_signal_thread = 1;
    caps.can_generate_sampled_object_alloc_events = 1;
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.GarbageCollectionStart = on_gc_start;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_START, NULL));
    return JNI_OK;
}
