/* patch_agent.c — an agent that touches the machinery, for
 * tests/e2e/patch.sh.
 *
 * - As async-profiler does, it writes its own hooks into its env's function
 *   table (RetransformClasses, GetLoadedClasses), keeping the old entries to
 *   call through; then calls both through the table.
 * - It lists the VM's extension functions and calls one that exists on
 *   HotSpot 17 and later (com.sun.hotspot.functions.IsClassUnloadingEnabled)
 *   and, where there is one, GetCarrierThread (JDK 21+) on its own thread.
 * - It lists the extension events, sets a callback for HotSpot's
 *   com.sun.hotspot.events.ClassUnload and enables it with
 *   SetEventNotificationMode, which HotSpot accepts.
 * Everything the VM returns is freed.  It prints
 * "patch_agent: hooks=N extension_calls=M" from Agent_OnUnload; any error
 * it did not expect is a FAILED line.
 */
#define AGENT_NAME "patch_agent"

#include <stdatomic.h>
#include <string.h>

#include "agent.h"

static jvmtiEnv *jvmti;
static atomic_int hooks, ext_calls;

static jvmtiError (JNICALL *orig_retransform)(jvmtiEnv *, jint, const jclass *);
static jvmtiError (JNICALL *orig_loaded)(jvmtiEnv *, jint *, jclass **);

static jvmtiError JNICALL my_retransform(jvmtiEnv *env, jint n, const jclass *classes)
{
    atomic_fetch_add(&hooks, 1);
    return orig_retransform(env, n, classes);
}

static jvmtiError JNICALL my_loaded(jvmtiEnv *env, jint *n, jclass **classes)
{
    atomic_fetch_add(&hooks, 1);
    return orig_loaded(env, n, classes);
}

static void free_params(jint n, jvmtiParamInfo *params)
{
    for (jint j = 0; j < n; j++)
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)params[j].name));
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)params));
}

static void extension_functions(jthread thread)
{
    jint n;
    jvmtiExtensionFunctionInfo *fi;

    TRY((*jvmti)->GetExtensionFunctions(jvmti, &n, &fi));
    for (jint k = 0; k < n; k++) {
        if (strcmp(fi[k].id, "com.sun.hotspot.functions.IsClassUnloadingEnabled") == 0) {
            jboolean on = JNI_FALSE;
            TRY(fi[k].func(jvmti, &on));
            atomic_fetch_add(&ext_calls, 1);
        } else if (strcmp(fi[k].id, "com.sun.hotspot.functions.GetCarrierThread") == 0) {
            jthread carrier = NULL;
            /* the VM's own answers (this env lacks can_support_virtual_threads,
               which a JDK 17 header cannot name): proof the real env got there */
            jvmtiError e = fi[k].func(jvmti, thread, &carrier);
            if (e != JVMTI_ERROR_NONE && e != JVMTI_ERROR_INVALID_THREAD && e != JVMTI_ERROR_MUST_POSSESS_CAPABILITY)
                agent_failed("GetCarrierThread", e);
            atomic_fetch_add(&ext_calls, 1);
        }
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)fi[k].id));
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)fi[k].short_description));
        free_params(fi[k].param_count, fi[k].params);
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)fi[k].errors));
    }
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)fi));
}

static void JNICALL on_class_unload(jvmtiEnv *env, ...)
{
    if (env != jvmti)
        agent_failed("ClassUnload (callback did not get the checked env)", 0);
}

static void extension_events(void)
{
    jint n;
    jvmtiExtensionEventInfo *ei;

    TRY((*jvmti)->GetExtensionEvents(jvmti, &n, &ei));
    for (jint k = 0; k < n; k++) {
        if (strcmp(ei[k].id, "com.sun.hotspot.events.ClassUnload") == 0) {
            TRY((*jvmti)->SetExtensionEventCallback(jvmti, ei[k].extension_event_index, on_class_unload));
            TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, (jvmtiEvent)ei[k].extension_event_index,
                                                   NULL));
        }
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)ei[k].id));
        TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)ei[k].short_description));
        free_params(ei[k].param_count, ei[k].params);
    }
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)ei));
}

static void JNICALL on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    struct jvmtiInterface_1_ *table = (struct jvmtiInterface_1_ *)(void *)*jvmti;
    jint n;
    jclass *classes, list;

    (void)env;
    /* the patch, as async-profiler writes it */
    orig_retransform = table->RetransformClasses;
    orig_loaded = table->GetLoadedClasses;
    table->RetransformClasses = my_retransform;
    table->GetLoadedClasses = my_loaded;

    TRY((*jvmti)->GetLoadedClasses(jvmti, &n, &classes));
    TRY((*jvmti)->Deallocate(jvmti, (unsigned char *)classes));
    list = (*jni)->FindClass(jni, "java/util/ArrayList");
    if (list == NULL)
        agent_failed("FindClass java/util/ArrayList", 0);
    else
        TRY((*jvmti)->RetransformClasses(jvmti, 1, &list));

    extension_functions(thread);
    extension_events();
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiCapabilities caps;
    jvmtiEventCallbacks cb;

    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    memset(&caps, 0, sizeof caps);
    caps.can_retransform_classes = 1;
    TRY((*jvmti)->AddCapabilities(jvmti, &caps));
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    TRY((*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    TRY((*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    (void)vm;
    fprintf(stderr, "%s: hooks=%d extension_calls=%d\n", AGENT_NAME, atomic_load(&hooks), atomic_load(&ext_calls));
}
