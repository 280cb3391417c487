/* jc_deep.c — check=deep: is a reference argument the kind of object its
 * parameter needs (a java.lang.Thread for a jthread, a ThreadGroup, a
 * Class, a Module)?  The generated wrappers call jc_deep_kind_ok() only
 * when deep checks are on, for the params checks.c gives an object_kind
 * check (the class name comes from the model).
 *
 * Never wrong, never a crash: the answer is "fine" whenever it cannot be
 * known safely.  The reference is first given to JNI GetObjectRefType,
 * which HotSpot answers from the handle's address alone (handle blocks of
 * the thread, its frames, and the global/weak storage read with SafeFetch),
 * so a garbage or foreign reference is never dereferenced; only a valid
 * local or global reference reaches IsInstanceOf.  Skipped on threads
 * without a JNIEnv, outside the live phase, inside callbacks that allow
 * only callback-safe functions (no JNI there), and while an exception is
 * pending.  The classes are global refs made once, on first need.
 *
 * Cost (scripts/bench-wrapper.sh prints it): per checked reference a
 * GetEnv, a GetObjectRefType and an IsInstanceOf, each a VM transition:
 * some tens of nanoseconds where check=on costs a few loads.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <stdatomic.h>
#include <string.h>

#include "jc_deep.h"

#define NCLASSES 8

static struct {
    _Atomic(const char *) name;     /* the string from the generated code */
    _Atomic(jclass) klass;          /* a global ref; NULL: not made yet */
    _Atomic bool absent;            /* FindClass failed (no Module on JDK 8) */
} classes[NCLASSES];

static jclass class_of(JNIEnv *jni, const char *name)
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

bool jc_deep_kind_ok(jc_env *ce, jobject obj, const char *class_name)
{
    JNIEnv *jni = NULL;
    if (!obj || jc_me()->restricted_depth ||
        atomic_load_explicit(&jc_g.phase, memory_order_relaxed) != JVMTI_PHASE_LIVE || !ce->vm ||
        (*ce->vm)->GetEnv(ce->vm, (void **)&jni, JNI_VERSION_1_6) != JNI_OK || !jni)
        return true;
    if ((*jni)->ExceptionCheck(jni))
        return true;
    jclass k = class_of(jni, class_name);
    if (!k)
        return true;
    jobjectRefType t = (*jni)->GetObjectRefType(jni, obj);
    if (t != JNILocalRefType && t != JNIGlobalRefType)
        return true;    /* invalid, or weak (may be cleared): not touched */
    return (*jni)->IsInstanceOf(jni, obj, k) != JNI_FALSE;
}
