/* jc_deep.c — check=deep: what only the VM's state can tell, and when it
 * is safe to ask.  This file holds the common part and the references:
 *
 *   stale_ref    a reference argument that is no live reference (a local
 *                one used after the frame that made it ended, or made by
 *                another thread; a deleted global one)
 *   object_kind  a live reference to an object of the wrong class (a
 *                jclass where a jthread belongs, a String as a class loader)
 *
 * The other deep checks are in jc_deep_frames.c (methods, locations, local
 * variables), jc_deep_module.c (a module's packages), jc_deep_pairs.c
 * (watches and breakpoints cleared that were never set) and jc_monitors.c
 * (raw monitors never created).  The generated wrappers call them only
 * when jc_g.opt.deep is set, for the params checks.c gives those checks.
 *
 * Never wrong, never a crash: the answer is "fine" whenever it cannot be
 * known safely.  The VM is asked only in the live phase, on a thread with
 * a JNIEnv, outside callbacks that allow only callback-safe functions, with
 * no exception pending (jc_deep_jni).  JVMTI questions go to the runtime's
 * private env (jc_shim.c), never the agent's, and are counted as the
 * shim's own calls.  A reference is first given to JNI GetObjectRefType,
 * which HotSpot answers from the handle's address alone (the thread's
 * handle blocks, the frames of its native methods, and the global and weak
 * storage read with SafeFetch), so a dead or foreign reference is never
 * dereferenced; only a valid local or global one reaches IsInstanceOf.  A
 * weak reference is left alone (it is valid until the GC clears it).  A
 * stale local reference whose slot the current frame has reused looks
 * live to the VM: not caught.
 *
 * Cost (scripts/bench-wrapper.sh prints it): per checked reference a
 * GetEnv, a GetObjectRefType and, for a kind, an IsInstanceOf, each a VM
 * transition: some tens of nanoseconds where check=on costs a few loads.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <stdatomic.h>
#include <string.h>

#include "jc_deep.h"
#include "jc_inline.h"

static JavaVM *deep_vm;
static _Atomic(jvmtiEnv *) deep_own;

void jc_deep_init(JavaVM *vm, jvmtiEnv *own)
{
    deep_vm = vm;
    atomic_store(&deep_own, own);
}

jvmtiEnv *jc_deep_env(void)
{
    return atomic_load_explicit(&deep_own, memory_order_acquire);
}

JNIEnv *jc_deep_jni(jc_env *ce)
{
    JNIEnv *jni = NULL;
    JavaVM *vm = ce && ce->vm ? ce->vm : deep_vm;
    if (jc_me()->restricted_depth || atomic_load_explicit(&jc_g.phase, memory_order_relaxed) != JVMTI_PHASE_LIVE ||
        !vm || (*vm)->GetEnv(vm, (void **)&jni, JNI_VERSION_1_6) != JNI_OK || !jni)
        return NULL;
    return (*jni)->ExceptionCheck(jni) ? NULL : jni;
}

bool jc_deep_live(JNIEnv *jni, jobject obj)
{
    jobjectRefType t = (*jni)->GetObjectRefType(jni, obj);
    return t == JNILocalRefType || t == JNIGlobalRefType;
}

#define NCLASSES 16

static struct {
    _Atomic(const char *) name;     /* the string from the generated code */
    _Atomic(jclass) klass;          /* a global ref; NULL: not made yet */
    _Atomic bool absent;            /* FindClass failed (no Module on JDK 8) */
} classes[NCLASSES];

jclass jc_deep_class(JNIEnv *jni, const char *name)
{
    for (int i = 0; i < NCLASSES; i++) {
        const char *n = atomic_load(&classes[i].name);
        if (!n) {
            const char *expected = NULL;
            if (!atomic_compare_exchange_strong(&classes[i].name, &expected, name))
                n = expected;
            else
                n = name;
        }
        if (n != name && strcmp(n, name) != 0)
            continue;
        jclass k = atomic_load(&classes[i].klass);
        if (k || atomic_load(&classes[i].absent))
            return k;
        jclass local = (*jni)->FindClass(jni, name);
        if (!local) {
            (*jni)->ExceptionClear(jni);
            atomic_store(&classes[i].absent, true);
            return NULL;
        }
        jclass global = (*jni)->NewGlobalRef(jni, local);
        (*jni)->DeleteLocalRef(jni, local);
        jclass none = NULL;
        if (!global)
            return NULL;
        if (!atomic_compare_exchange_strong(&classes[i].klass, &none, global)) {
            (*jni)->DeleteGlobalRef(jni, global);
            return none;
        }
        return global;
    }
    return NULL;
}

jvmtiError jc_deep_ref(jc_env *ce, int num, const char *param, jobject obj, const char *java_class,
                       jvmtiError stale, jvmtiError kind, jvmtiError bad)
{
    JNIEnv *jni = jc_deep_jni(ce);
    if (!obj || !jni)
        return bad;
    jobjectRefType t = (*jni)->GetObjectRefType(jni, obj);
    if (t == JNIInvalidRefType) {
        if (stale == JVMTI_ERROR_NONE)
            return bad;
        return jc_flag(JC_CHK_stale_ref, num, param, stale, bad,
                       "%s is not a live reference in this thread: a local reference used after the frame that "
                       "made it ended (keep a global one: NewGlobalRef), one another thread made, or a deleted "
                       "global reference",
                       param);
    }
    if (!java_class || (t != JNILocalRefType && t != JNIGlobalRefType))
        return bad;     /* weak: may be cleared, not touched */
    jclass k = jc_deep_class(jni, java_class);
    if (!k || (*jni)->IsInstanceOf(jni, obj, k) != JNI_FALSE)
        return bad;
    return jc_flag(JC_CHK_object_kind, num, param, kind, bad, "%s is not a %s", param, java_class);
}
