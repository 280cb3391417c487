/* jc_vthreads.c — which thread a record belongs to, when it may be a
 * virtual one (JDK 21 and later).
 *
 * A record names its thread by the OS thread's name; a virtual thread runs
 * on a carrier, whose name ("ForkJoinPool-1-worker-1", cut to 15 bytes) is
 * not the thread the agent sees.  So on a VM whose JVMTI is 21 or later,
 * a record asks, through the runtime's private env: GetCurrentThread, JNI
 * IsVirtualThread, and for a virtual thread its name (GetThreadInfo) and
 * id (the tid field of java.lang.Thread, read with JNI, no Java code run),
 * cached per OS thread while the same virtual thread stays mounted there.
 * Only where that is safe: in the live phase, on a thread attached to the
 * VM with no exception pending, outside the callbacks that allow only
 * callback-safe functions, never recursively.  Anywhere else, and on older
 * VMs, the OS thread name as before (no cost).
 *
 * Asking costs some 40 ns a record, so it is asked only on threads that
 * can carry virtual threads: the first record of an OS thread that is not
 * running a virtual one looks at its Java thread's class and superclasses
 * (their signatures: nothing is loaded, no Java code runs, since this
 * happens inside a record); unless one is jdk.internal.misc.CarrierThread
 * (the class of the JDK's carriers, 21 to 25), the OS thread never
 * carries one and is not asked again.
 *
 * IsVirtualThread is JNI 21's, the entry right after GetModule in the JNI
 * function table; libjvmticheck is built against an older jni.h, so it is
 * found by that position, and used only when the VM's JNI says 21 or later.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* strdup, O_CLOEXEC under -std=c11 */
#endif
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "jc_jvmti.h"
#include "jc_shim.h"
#include "jc_version.h"

#define JC_JNI_VERSION_21 0x00150000
#define JC_JVMTI_MAJOR_21 21

static JavaVM *vt_vm;
static jvmtiEnv *vt_env;
static bool vt_on;
static jfieldID tid_field;
static bool tid_tried;
#define CARRIER_SIG "Ljdk/internal/misc/CarrierThread;"

static _Thread_local bool tl_busy;
static _Thread_local jobject tl_vthread;   /* global ref of the cached one */
static _Thread_local char tl_vname[64];
static _Thread_local long long tl_vtid;

void jc_vthreads_init(JavaVM *vm, jvmtiEnv *own)
{
    jint v = 0;
    if (JC_SHIM_FN(own, GetVersionNumber)(own, &v) != JVMTI_ERROR_NONE)
        return;
    vt_vm = vm;
    vt_env = own;
    vt_on = jc_version_major(v) >= JC_JVMTI_MAJOR_21;
}

typedef jboolean (JNICALL *jc_is_virtual_fn)(JNIEnv *, jobject);

static jboolean is_virtual(JNIEnv *jni, jobject t)
{
    if ((*jni)->GetVersion(jni) < JC_JNI_VERSION_21)
        return JNI_FALSE;
    void *const *table = (void *const *)(const void *)*jni;
    void *p = table[offsetof(struct JNINativeInterface_, GetModule) / sizeof(void *) + 1];
    jc_is_virtual_fn fn;
    if (p == NULL)
        return JNI_FALSE;
    memcpy(&fn, &p, sizeof fn);
    return fn(jni, t);
}

static void learn(JNIEnv *jni, jthread t)
{
    jvmtiThreadInfo info;
    memset(&info, 0, sizeof info);
    tl_vname[0] = '\0';
    if (JC_SHIM_FN(vt_env, GetThreadInfo)(vt_env, t, &info) == JVMTI_ERROR_NONE) {
        snprintf(tl_vname, sizeof tl_vname, "%s", info.name ? info.name : "");
        JC_SHIM_FN(vt_env, Deallocate)(vt_env, (unsigned char *)info.name);
        if (info.thread_group)
            (*jni)->DeleteLocalRef(jni, info.thread_group);
        if (info.context_class_loader)
            (*jni)->DeleteLocalRef(jni, info.context_class_loader);
    }
    if (!tid_tried) {
        jclass c = (*jni)->GetObjectClass(jni, t);
        tid_field = c ? (*jni)->GetFieldID(jni, c, "tid", "J") : NULL;
        if ((*jni)->ExceptionCheck(jni))
            (*jni)->ExceptionClear(jni);
        if (c)
            (*jni)->DeleteLocalRef(jni, c);
        tid_tried = true;
    }
    tl_vtid = tid_field ? (long long)(*jni)->GetLongField(jni, t, tid_field) : -1;
    if (tl_vthread)
        (*jni)->DeleteGlobalRef(jni, tl_vthread);
    tl_vthread = (*jni)->NewGlobalRef(jni, t);
}

int jc_java_thread_name(char *buf, size_t len)
{
    JNIEnv *jni = NULL;
    jthread t = NULL;
    int rc = -1;
    if (!vt_env || tl_busy || jc_me()->restricted_depth
        || atomic_load_explicit(&jc_g.phase, memory_order_relaxed) != JVMTI_PHASE_LIVE)
        return -1;
    tl_busy = true;
    if ((*vt_vm)->GetEnv(vt_vm, (void **)&jni, JNI_VERSION_1_6) != JNI_OK) {
        rc = 0;             /* not attached: a native thread keeps its OS name */
        goto out;
    }
    if ((*jni)->ExceptionCheck(jni))
        goto out;
    if (JC_SHIM_FN(vt_env, GetCurrentThread)(vt_env, &t) != JVMTI_ERROR_NONE || t == NULL) {
        rc = 0;
        goto out;
    }
    rc = 0;
    if (!(vt_on && is_virtual(jni, t))) {
        jvmtiThreadInfo info;
        memset(&info, 0, sizeof info);
        if (JC_SHIM_FN(vt_env, GetThreadInfo)(vt_env, t, &info) == JVMTI_ERROR_NONE) {
            if (info.name && info.name[0]) {
                snprintf(buf, len, "%s", info.name);
                rc = 1;
            }
            JC_SHIM_FN(vt_env, Deallocate)(vt_env, (unsigned char *)info.name);
            if (info.thread_group)
                (*jni)->DeleteLocalRef(jni, info.thread_group);
            if (info.context_class_loader)
                (*jni)->DeleteLocalRef(jni, info.context_class_loader);
        }
    }
    (*jni)->DeleteLocalRef(jni, t);
out:
    tl_busy = false;
    return rc;
}

/* Can the platform thread t carry virtual threads?  (Not virtual itself.) */
static bool may_carry(JNIEnv *jni, jthread t)
{
    bool carrier = false;
    jclass c = (*jni)->GetObjectClass(jni, t);
    for (int depth = 0; c && !carrier && depth < 16; depth++) {
        char *sig = NULL;
        if (JC_SHIM_FN(vt_env, GetClassSignature)(vt_env, c, &sig, NULL) == JVMTI_ERROR_NONE && sig) {
            carrier = strcmp(sig, CARRIER_SIG) == 0;
            JC_SHIM_FN(vt_env, Deallocate)(vt_env, (unsigned char *)sig);
        }
        jclass up = (*jni)->GetSuperclass(jni, c);
        (*jni)->DeleteLocalRef(jni, c);
        c = up;
    }
    if (c)
        (*jni)->DeleteLocalRef(jni, c);
    return carrier;
}

bool jc_vthread_current(const char **name, long long *tid)
{
    JNIEnv *jni = NULL;
    jthread t = NULL;
    bool virt = false;

    if (!vt_on)
        return false;
    jc_thread *me = jc_me();
    if (me->vt_carrier < 0 || tl_busy || me->restricted_depth
        || atomic_load_explicit(&jc_g.phase, memory_order_relaxed) != JVMTI_PHASE_LIVE)
        return false;
    tl_busy = true;
    if ((*vt_vm)->GetEnv(vt_vm, (void **)&jni, JNI_VERSION_1_6) != JNI_OK || (*jni)->ExceptionCheck(jni)
        || JC_SHIM_FN(vt_env, GetCurrentThread)(vt_env, &t) != JVMTI_ERROR_NONE || t == NULL)
        goto out;
    virt = is_virtual(jni, t);
    if (!virt && me->vt_carrier == 0)
        me->vt_carrier = may_carry(jni, t) ? 1 : -1;
    if (virt) {
        me->vt_carrier = 1;
        if (!(tl_vthread && (*jni)->IsSameObject(jni, t, tl_vthread)))
            learn(jni, t);
    }
    (*jni)->DeleteLocalRef(jni, t);
    *name = tl_vname;
    *tid = tl_vtid;
out:
    tl_busy = false;
    return virt;
}

/* ---- what the spec says of virtual threads (checks.c) -----------------------
 * virtual_thread: a thread the spec says may not be virtual (RunAgentThread),
 * asked before the call, for those functions only.  True only when known:
 * on a VM of JVMTI 21 or later, in the live phase, outside the callbacks
 * that allow only callback-safe functions, on a thread with a JNIEnv and no
 * exception pending, for a valid local or global reference (JNI
 * GetObjectRefType first, as jc_deep.c does, so a bad one is never
 * touched) that IsVirtualThread says is virtual. */
bool jc_vthread_is(jthread t)
{
    JNIEnv *jni = NULL;
    if (!vt_on || t == NULL || jc_me()->restricted_depth
        || atomic_load_explicit(&jc_g.phase, memory_order_relaxed) != JVMTI_PHASE_LIVE
        || (*vt_vm)->GetEnv(vt_vm, (void **)&jni, JNI_VERSION_1_6) != JNI_OK || (*jni)->ExceptionCheck(jni))
        return false;
    jobjectRefType rt = (*jni)->GetObjectRefType(jni, t);
    if (rt != JNILocalRefType && rt != JNIGlobalRefType)
        return false;
    return is_virtual(jni, t) != JNI_FALSE;
}

/* virtual_thread_unsupported: the VM answered a function the spec lets it
 * not support on a virtual thread with that error; when the thread (NULL:
 * the current one) is virtual, a note, once per function. */
void jc_vthread_unsupported(int num, jthread t)
{
    static _Atomic unsigned char noted[1024];
    jthread cur = NULL;
    if (num < 0 || num >= 1024 || atomic_load_explicit(&noted[num], memory_order_relaxed) || !vt_on || tl_busy)
        return;
    tl_busy = true;
    if (t == NULL && JC_SHIM_FN(vt_env, GetCurrentThread)(vt_env, &cur) == JVMTI_ERROR_NONE)
        t = cur;
    bool virt = jc_vthread_is(t);
    if (cur) {
        JNIEnv *jni = NULL;
        if ((*vt_vm)->GetEnv(vt_vm, (void **)&jni, JNI_VERSION_1_6) == JNI_OK)
            (*jni)->DeleteLocalRef(jni, cur);
    }
    tl_busy = false;
    if (virt && !atomic_exchange_explicit(&noted[num], 1, memory_order_relaxed))
        jc_note(JC_NOTE_virtual_thread_unsupported, jc_fn_table[num].name, NULL,
                "this VM does not support %s on a virtual thread (the spec allows it not to) and returned its "
                "documented error",
                jc_fn_table[num].name);
}
