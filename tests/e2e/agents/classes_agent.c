/* classes_agent.c — what a sampling profiler (async-profiler) does with
 * classes, for tests/e2e/quiet.sh: it asks every class for its methods and
 * fields as soon as the class is loaded, before it is prepared, and again
 * when it is prepared, and asks every method of a prepared class for its
 * line numbers; at VMInit it asks every class loaded so far for its
 * methods and fields.  So it meets, many times, the errors the spec documents as
 * normal outcomes of those functions and handles them:
 * JVMTI_ERROR_CLASS_NOT_PREPARED (GetClassMethods, GetClassFields in
 * ClassLoad), JVMTI_ERROR_NATIVE_METHOD and JVMTI_ERROR_ABSENT_INFORMATION
 * (GetLineNumberTable of a native or abstract method).  No misuse: the
 * shim must print none of them by default.
 *
 * Option "misuse": besides, one real mistake at VMInit, RawMonitorExit of a
 * monitor the thread never entered (JVMTI_ERROR_NOT_MONITOR_OWNER), which
 * the default must still print.
 *
 * At Agent_OnUnload it prints, per function and error other than NONE,
 * "classes_agent: FUNCTION ERROR COUNT", what it got, for the test to
 * compare with the trace.
 */
#define AGENT_NAME "classes_agent"

#include <stdatomic.h>

#include "agent.h"

static jvmtiEnv *jvmti;
static int misuse;

enum { F_METHODS, F_FIELDS, F_LINES, F_EXIT, NFN };
static const char *const fn_names[NFN] = { "GetClassMethods", "GetClassFields", "GetLineNumberTable",
                                           "RawMonitorExit" };
#define MAX_ERR 128
static _Atomic unsigned long results[NFN][MAX_ERR];

static void note(int fn, jvmtiError err)
{
    if (err > 0 && err < MAX_ERR)
        atomic_fetch_add(&results[fn][err], 1);
}

static void lines_of(jvmtiEnv *env, jmethodID m)
{
    jint n = 0;
    jvmtiLineNumberEntry *table = NULL;
    jvmtiError err = (*env)->GetLineNumberTable(env, m, &n, &table);
    note(F_LINES, err);
    if (err == JVMTI_ERROR_NONE)
        (*env)->Deallocate(env, (unsigned char *)table);
    else if (err != JVMTI_ERROR_ABSENT_INFORMATION && err != JVMTI_ERROR_NATIVE_METHOD)
        agent_failed("GetLineNumberTable", err);
}

/* Methods and fields of klass; line numbers too when it is prepared.  A
 * class not prepared yet answers CLASS_NOT_PREPARED: fine, it comes again
 * in ClassPrepare. */
static void inspect(jvmtiEnv *env, jclass klass, int prepared)
{
    jint n = 0;
    jmethodID *methods = NULL;
    jfieldID *fields = NULL;
    jvmtiError err = (*env)->GetClassMethods(env, klass, &n, &methods);
    note(F_METHODS, err);
    if (err == JVMTI_ERROR_NONE) {
        for (jint i = 0; prepared && i < n; i++)
            lines_of(env, methods[i]);
        (*env)->Deallocate(env, (unsigned char *)methods);
    } else if (err != JVMTI_ERROR_CLASS_NOT_PREPARED) {
        agent_failed("GetClassMethods", err);
    }
    err = (*env)->GetClassFields(env, klass, &n, &fields);
    note(F_FIELDS, err);
    if (err == JVMTI_ERROR_NONE)
        (*env)->Deallocate(env, (unsigned char *)fields);
    else if (err != JVMTI_ERROR_CLASS_NOT_PREPARED)
        agent_failed("GetClassFields", err);
}

static void JNICALL on_class_load(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass)
{
    (void)jni, (void)thread;
    inspect(env, klass, 0);
}

static void JNICALL on_class_prepare(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass)
{
    (void)jni, (void)thread;
    inspect(env, klass, 1);
}

/* At VMInit, as a profiler started late does: every class loaded so far,
 * prepared or not. */
static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    jrawMonitorID mon;
    jint n = 0;
    jclass *classes = NULL;
    (void)thread;
    TRY((*env)->GetLoadedClasses(env, &n, &classes));
    for (jint i = 0; i < n; i++) {
        inspect(env, classes[i], 0);
        (*jni)->DeleteLocalRef(jni, classes[i]);
    }
    (*env)->Deallocate(env, (unsigned char *)classes);
    if (!misuse)
        return;
    TRY((*env)->CreateRawMonitor(env, "profiler", &mon));
    note(F_EXIT, (*env)->RawMonitorExit(env, mon));     /* never entered */
    TRY((*env)->DestroyRawMonitor(env, mon));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;

    (void)reserved;
    misuse = options != NULL && strcmp(options, "misuse") == 0;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    memset(&caps, 0, sizeof caps);
    caps.can_get_line_numbers = 1;
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));
    memset(&cb, 0, sizeof cb);
    cb.ClassLoad = on_class_load;
    cb.ClassPrepare = on_class_prepare;
    cb.VMInit = on_vm_init;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, NULL));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    (void)vm;
    for (int f = 0; f < NFN; f++)
        for (int e = 1; e < MAX_ERR; e++) {
            unsigned long n = atomic_load(&results[f][e]);
            if (n)
                fprintf(stderr, "%s: %s %d %lu\n", AGENT_NAME, fn_names[f], e, n);
        }
}
