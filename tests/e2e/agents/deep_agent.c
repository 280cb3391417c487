/* deep_agent.c — the mistakes only check=deep catches, and the same
 * functions used correctly (tests/e2e/deep.sh, on tests/e2e/java/DeepTarget).
 *
 *   deep_agent.so=mistakes  makes each mistake once and prints what the call
 *                           returned: "deep_agent: LABEL = ERROR" (the test
 *                           compares check=strict+deep's answers with the
 *                           VM's own, check=off's)
 *   deep_agent.so=good      the same functions, used as the spec says, in
 *                           the same places; any unexpected error is a
 *                           FAILED line
 *
 * The mistakes: references that are no longer live (a local kept from an
 * earlier callback, a local of another thread's frame, deleted global
 * references), a String where a class loader belongs, native and abstract
 * methods where bytecodes are needed, a location past a method's end,
 * local variable slots and types that do not match the method's table
 * (and, in NoDebug, compiled without -g, one the VM refuses but the shim
 * cannot judge, and one past max_locals), packages that are not in
 * java.base, a raw monitor never created, watches and a breakpoint
 * cleared that were never set.
 *
 * Where: VMInit (no frame needed), a breakpoint at DeepTarget.target's
 * first bytecode (its params are live there, its `local` not yet), one at
 * NoDebug.work's, and an agent thread that lends a local reference of its
 * own frame to the main thread.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <jni.h>
#include <jvmti.h>

#define AGENT_NAME "deep_agent"
#include "agent.h"

static jvmtiEnv *jvmti;
static bool good;
static jmethodID target_m, work_m;
static jclass target_cls;           /* a global ref */
static jfieldID counter_f;
static jclass stale_cls;            /* mistakes: a local ref of VMInit's frame */
static jrawMonitorID gate;
static jclass lent_cls;             /* the agent thread's local ref */
static int lent_state;              /* 1: lent, 2: used, the thread may end */

/* mistakes: what a call returned, for the test to compare */
static void said(const char *label, jvmtiError err)
{
    char *name = NULL;
    (*jvmti)->GetErrorName(jvmti, err, &name);
    fprintf(stderr, "deep_agent: %s = %s\n", label, name ? name : "?");
    if (name)
        (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
}

#define MISTAKE(label, call) said(label, (call))

static jmethodID static_method(JNIEnv *jni, jclass k, const char *name, const char *sig)
{
    jmethodID m = (*jni)->GetStaticMethodID(jni, k, name, sig);
    if (!m)
        agent_failed(name, 0);
    return m;
}

static void dealloc(void *p)
{
    if (p)
        (*jvmti)->Deallocate(jvmti, (unsigned char *)p);
}

/* ---- the agent thread: a local reference of its frame, lent ------------------ */

static void JNICALL lender(jvmtiEnv *env, JNIEnv *jni, void *arg)
{
    (void)arg;
    jclass k = (*jni)->FindClass(jni, "java/lang/String");  /* a local of this thread */
    TRY((*env)->RawMonitorEnter(env, gate));
    lent_cls = k;
    lent_state = 1;
    TRY((*env)->RawMonitorNotifyAll(env, gate));
    while (lent_state != 2)     /* the frame stays alive while main uses it */
        TRY((*env)->RawMonitorWait(env, gate, 0));
    TRY((*env)->RawMonitorExit(env, gate));
}

static void start_lender(JNIEnv *jni)
{
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID init = tc ? (*jni)->GetMethodID(jni, tc, "<init>", "(Ljava/lang/String;)V") : NULL;
    jstring name = (*jni)->NewStringUTF(jni, "deep-lender");
    jthread t = init && name ? (*jni)->NewObject(jni, tc, init, name) : NULL;
    if (!t) {
        agent_failed("making the lender thread", 0);
        return;
    }
    TRY((*jvmti)->RunAgentThread(jvmti, t, lender, NULL, JVMTI_THREAD_NORM_PRIORITY));
}

/* ---- VMInit: what needs no frame --------------------------------------------------- */

static void methods_and_locations(JNIEnv *jni)
{
    jmethodID nat = static_method(jni, target_cls, "neverBound", "()V");
    jclass shape = (*jni)->FindClass(jni, "DeepTarget$Shape");
    jmethodID abs = shape ? (*jni)->GetMethodID(jni, shape, "sides", "()I") : NULL;
    jint n = 0;
    jvmtiLocalVariableEntry *lv = NULL;
    jlocation start = 0, end = 0;
    unsigned char *code = NULL;
    if (!nat || !abs) {
        agent_failed("finding the native and abstract methods", 0);
        return;
    }
    TRY((*jvmti)->GetMethodLocation(jvmti, target_m, &start, &end));
    if (good) {
        TRY((*jvmti)->GetMaxLocals(jvmti, target_m, &n));
        TRY((*jvmti)->GetLocalVariableTable(jvmti, target_m, &n, &lv));
        for (jint i = 0; i < n; i++)
            dealloc(lv[i].name), dealloc(lv[i].signature), dealloc(lv[i].generic_signature);
        dealloc(lv);
        TRY((*jvmti)->GetBytecodes(jvmti, target_m, &n, &code));
        dealloc(code);
        TRY((*jvmti)->SetBreakpoint(jvmti, target_m, end));     /* the last bytecode */
        TRY((*jvmti)->ClearBreakpoint(jvmti, target_m, end));
        /* an abstract method answers, with no bytecodes (the spec has no error) */
        TRY((*jvmti)->GetMaxLocals(jvmti, abs, &n));
        return;
    }
    MISTAKE("native_GetMaxLocals", (*jvmti)->GetMaxLocals(jvmti, nat, &n));
    MISTAKE("native_GetLocalVariableTable", (*jvmti)->GetLocalVariableTable(jvmti, nat, &n, &lv));
    MISTAKE("native_GetBytecodes", (*jvmti)->GetBytecodes(jvmti, nat, &n, &code));
    MISTAKE("native_SetBreakpoint", (*jvmti)->SetBreakpoint(jvmti, nat, 0));
    MISTAKE("abstract_SetBreakpoint", (*jvmti)->SetBreakpoint(jvmti, abs, 0));
    MISTAKE("past_end_SetBreakpoint", (*jvmti)->SetBreakpoint(jvmti, target_m, end + 5));
}

static void references(JNIEnv *jni)
{
    char *sig = NULL;
    jlong size = 0;
    jclass k = (*jni)->FindClass(jni, "java/lang/String");
    jobject obj = (*jni)->NewStringUTF(jni, "an object");
    jobject module = NULL;
    if (good) {
        jclass g = (*jni)->NewGlobalRef(jni, k);
        jweak w = (*jni)->NewWeakGlobalRef(jni, k);
        TRY((*jvmti)->GetClassSignature(jvmti, g, &sig, NULL));
        dealloc(sig);
        TRY((*jvmti)->GetClassSignature(jvmti, w, &sig, NULL));     /* a weak ref, not cleared */
        dealloc(sig);
        TRY((*jvmti)->GetObjectSize(jvmti, obj, &size));
        (*jni)->DeleteGlobalRef(jni, g);
        (*jni)->DeleteWeakGlobalRef(jni, w);
        /* a local made before a PushLocalFrame is still live inside it */
        if ((*jni)->PushLocalFrame(jni, 4) == 0) {
            TRY((*jvmti)->GetClassSignature(jvmti, k, &sig, NULL));
            dealloc(sig);
            (*jni)->PopLocalFrame(jni, NULL);
        }
        /* the loader may be NULL (the boot loader) or a ClassLoader */
        TRY((*jvmti)->GetNamedModule(jvmti, NULL, "java/lang", &module));
        jobject loader = NULL;
        TRY((*jvmti)->GetClassLoader(jvmti, target_cls, &loader));
        TRY((*jvmti)->GetNamedModule(jvmti, loader, "java/lang", &module));
        return;
    }
    stale_cls = k;      /* used later, in a breakpoint: its frame has ended */
    jclass g = (*jni)->NewGlobalRef(jni, k);
    (*jni)->DeleteGlobalRef(jni, g);
    MISTAKE("deleted_global_class", (*jvmti)->GetClassSignature(jvmti, g, &sig, NULL));
    dealloc(sig);
    sig = NULL;
    jobject go = (*jni)->NewGlobalRef(jni, obj);
    (*jni)->DeleteGlobalRef(jni, go);
    MISTAKE("deleted_global_object", (*jvmti)->GetObjectSize(jvmti, go, &size));
    jobject popped = NULL;
    if ((*jni)->PushLocalFrame(jni, 4) == 0) {
        popped = (*jni)->FindClass(jni, "java/lang/Integer");
        (*jni)->PopLocalFrame(jni, NULL);
        MISTAKE("popped_frame_class", (*jvmti)->GetClassSignature(jvmti, popped, &sig, NULL));
        dealloc(sig);   /* the VM may accept it */
        sig = NULL;
    }
    MISTAKE("string_as_loader", (*jvmti)->GetNamedModule(jvmti, obj, "java/lang", &module));
}

static jobject module_of(JNIEnv *jni, jclass k)
{
    jclass cc = (*jni)->FindClass(jni, "java/lang/Class");
    jmethodID gm = cc ? (*jni)->GetMethodID(jni, cc, "getModule", "()Ljava/lang/Module;") : NULL;
    return gm ? (*jni)->CallObjectMethod(jni, k, gm) : NULL;
}

static void modules(JNIEnv *jni)
{
    jobject base = module_of(jni, (*jni)->FindClass(jni, "java/lang/String"));
    jobject unnamed = module_of(jni, target_cls);
    if (!base || !unnamed) {
        agent_failed("finding the modules", 0);
        return;
    }
    if (good) {
        TRY((*jvmti)->AddModuleExports(jvmti, base, "jdk.internal.misc", unnamed));
        TRY((*jvmti)->AddModuleOpens(jvmti, base, "java.lang", unnamed));
        /* every package of an unnamed module is open already: any name */
        TRY((*jvmti)->AddModuleExports(jvmti, unnamed, "no.such.pkg", base));
        return;
    }
    MISTAKE("package_not_in_module", (*jvmti)->AddModuleExports(jvmti, base, "no.such.pkg", unnamed));
    MISTAKE("package_internal_form", (*jvmti)->AddModuleOpens(jvmti, base, "java/lang", unnamed));
}

static void monitors(void)
{
    static long fake[8];    /* readable, and no monitor */
    jrawMonitorID m = NULL;
    if (good) {
        TRY((*jvmti)->CreateRawMonitor(jvmti, "deep good", &m));
        TRY((*jvmti)->RawMonitorEnter(jvmti, m));
        TRY((*jvmti)->RawMonitorExit(jvmti, m));
        TRY((*jvmti)->DestroyRawMonitor(jvmti, m));
        return;
    }
    MISTAKE("never_created_enter", (*jvmti)->RawMonitorEnter(jvmti, (jrawMonitorID)(void *)fake));
    MISTAKE("never_created_destroy", (*jvmti)->DestroyRawMonitor(jvmti, (jrawMonitorID)(void *)fake));
}

static void watches(void)
{
    if (good) {
        TRY((*jvmti)->SetFieldAccessWatch(jvmti, target_cls, counter_f));
        TRY((*jvmti)->ClearFieldAccessWatch(jvmti, target_cls, counter_f));
        TRY((*jvmti)->SetFieldModificationWatch(jvmti, target_cls, counter_f));
        TRY((*jvmti)->ClearFieldModificationWatch(jvmti, target_cls, counter_f));
        /* set again, cleared again: the record follows */
        TRY((*jvmti)->SetFieldAccessWatch(jvmti, target_cls, counter_f));
        TRY((*jvmti)->ClearFieldAccessWatch(jvmti, target_cls, counter_f));
        return;
    }
    MISTAKE("clear_access_never_set", (*jvmti)->ClearFieldAccessWatch(jvmti, target_cls, counter_f));
    TRY((*jvmti)->SetFieldModificationWatch(jvmti, target_cls, counter_f));
    TRY((*jvmti)->ClearFieldModificationWatch(jvmti, target_cls, counter_f));
    MISTAKE("clear_modification_twice", (*jvmti)->ClearFieldModificationWatch(jvmti, target_cls, counter_f));
    MISTAKE("clear_breakpoint_never_set", (*jvmti)->ClearBreakpoint(jvmti, target_m, 1));
}

static void JNICALL vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env, (void)thread;
    jclass k = (*jni)->FindClass(jni, "DeepTarget");
    jclass nd = (*jni)->FindClass(jni, "NoDebug");
    if (!k || !nd) {
        agent_failed("FindClass DeepTarget, NoDebug", 0);
        return;
    }
    target_cls = (*jni)->NewGlobalRef(jni, k);
    target_m = static_method(jni, k, "target", "(IJLjava/lang/String;Z[I)I");
    work_m = static_method(jni, nd, "work", "(ILjava/lang/Object;)I");
    counter_f = (*jni)->GetStaticFieldID(jni, k, "counter", "I");
    if (!target_m || !work_m || !counter_f)
        return;
    methods_and_locations(jni);
    references(jni);
    modules(jni);
    monitors();
    watches();
    TRY((*jvmti)->CreateRawMonitor(jvmti, "deep gate", &gate));
    if (!good)
        start_lender(jni);
    TRY((*jvmti)->SetBreakpoint(jvmti, target_m, 0));
    TRY((*jvmti)->SetBreakpoint(jvmti, work_m, 0));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
}

/* ---- breakpoints: frames and their locals ------------------------------------------- */

static void at_target(JNIEnv *jni, jthread thread)
{
    jint i = 0;
    jlong l = 0;
    jfloat f = 0;
    jdouble d = 0;
    jobject o = NULL;
    char *sig = NULL;
    if (good) {
        /* target(int a, long b, String s, boolean flag, int[] arr): slots
         * 0, 1-2, 3, 4, 5; the current thread as NULL or as itself */
        TRY((*jvmti)->GetLocalInt(jvmti, NULL, 0, 0, &i));
        TRY((*jvmti)->GetLocalLong(jvmti, thread, 0, 1, &l));
        TRY((*jvmti)->GetLocalObject(jvmti, thread, 0, 3, &o));
        TRY((*jvmti)->GetLocalInt(jvmti, thread, 0, 4, &i));          /* a boolean */
        TRY((*jvmti)->GetLocalObject(jvmti, thread, 0, 5, &o));       /* an array */
        TRY((*jvmti)->GetClassSignature(jvmti, (*jni)->GetObjectClass(jni, o), &sig, NULL));
        dealloc(sig);
        TRY((*jvmti)->SetLocalInt(jvmti, thread, 0, 0, 1));           /* a's own value */
        TRY((*jvmti)->SetLocalLong(jvmti, NULL, 0, 1, 2));
        TRY((*jvmti)->GetLocalObject(jvmti, thread, 0, 3, &o));
        TRY((*jvmti)->SetLocalObject(jvmti, thread, 0, 3, o));
        return;
    }
    /* references whose frames are gone or another thread's */
    MISTAKE("stale_local_class", (*jvmti)->GetClassSignature(jvmti, stale_cls, &sig, NULL));
    dealloc(sig);
    sig = NULL;
    TRY((*jvmti)->RawMonitorEnter(jvmti, gate));
    while (lent_state != 1)
        TRY((*jvmti)->RawMonitorWait(jvmti, gate, 0));
    MISTAKE("other_thread_local_class", (*jvmti)->GetClassSignature(jvmti, lent_cls, &sig, NULL));
    dealloc(sig);
    lent_state = 2;
    TRY((*jvmti)->RawMonitorNotifyAll(jvmti, gate));
    TRY((*jvmti)->RawMonitorExit(jvmti, gate));
    /* slots and types */
    MISTAKE("long_slot_as_int", (*jvmti)->GetLocalInt(jvmti, thread, 0, 1, &i));
    MISTAKE("int_slot_as_object", (*jvmti)->GetLocalObject(jvmti, NULL, 0, 0, &o));
    MISTAKE("long_slot_as_double", (*jvmti)->GetLocalDouble(jvmti, thread, 0, 1, &d));
    MISTAKE("set_string_slot_as_int", (*jvmti)->SetLocalInt(jvmti, thread, 0, 3, 7));
    MISTAKE("set_int_slot_as_float", (*jvmti)->SetLocalFloat(jvmti, thread, 0, 0, 1.5f));
    MISTAKE("slot_not_live_yet", (*jvmti)->GetLocalInt(jvmti, thread, 0, 6, &i));
    MISTAKE("slot_past_all", (*jvmti)->GetLocalFloat(jvmti, thread, 0, 40, &f));
    (void)l;
}

static void at_work(jthread thread)
{
    jint i = 0;
    jobject o = NULL;
    /* NoDebug.work(int a, Object o), no local variable table: max_locals 3 */
    if (good) {
        TRY((*jvmti)->GetLocalInt(jvmti, thread, 0, 0, &i));
        TRY((*jvmti)->GetLocalObject(jvmti, thread, 0, 1, &o));
        return;
    }
    /* the VM refuses it (its own frame map), the shim has no table: silent */
    MISTAKE("nodebug_int_slot_as_object", (*jvmti)->GetLocalObject(jvmti, thread, 0, 0, &o));
    MISTAKE("nodebug_slot_past_max_locals", (*jvmti)->GetLocalInt(jvmti, thread, 0, 7, &i));
}

static void JNICALL breakpoint(jvmtiEnv *env, JNIEnv *jni, jthread thread, jmethodID method, jlocation location)
{
    (void)env, (void)location;
    if (method == target_m)
        at_target(jni, thread);
    else if (method == work_m)
        at_work(thread);
}

/* DeepTarget.framed(Object), in both modes: its class and argument are
 * references of the native method's frame (the interpreter's, then the
 * compiled wrapper's), live; so is the current thread JVMTI returns. */
JNIEXPORT jint JNICALL Java_DeepTarget_framed(JNIEnv *jni, jclass cls, jobject o)
{
    char *sig = NULL;
    jlong size = 0;
    jthread t = NULL;
    jint state = 0;
    TRY((*jvmti)->GetClassSignature(jvmti, cls, &sig, NULL));
    dealloc(sig);
    TRY((*jvmti)->GetObjectSize(jvmti, o, &size));
    TRY((*jvmti)->GetCurrentThread(jvmti, &t));
    TRY((*jvmti)->GetThreadState(jvmti, t, &state));
    (*jni)->DeleteLocalRef(jni, t);
    return 0;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    if (!options || (strcmp(options, "good") != 0 && strcmp(options, "mistakes") != 0)) {
        fprintf(stderr, "deep_agent: options must be good or mistakes\n");
        return JNI_ERR;
    }
    good = strcmp(options, "good") == 0;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_access_local_variables = 1;
    caps.can_generate_breakpoint_events = 1;
    caps.can_get_bytecodes = 1;
    caps.can_generate_field_access_events = 1;
    caps.can_generate_field_modification_events = 1;
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = vm_init;
    cb.Breakpoint = breakpoint;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    return JNI_OK;
}
