/* jc_deep_module.c — check=deep: module_package, a package name that is no
 * package of the module given beside it (AddModuleExports, AddModuleOpens:
 * "If the package pkg_name does not belong to the module").
 *
 * Asked before the call, of the module itself through JNI: Module.isNamed(),
 * Module.getPackages().contains(name), Module.getName() for the message.
 * That runs a little Java code (as HotSpot's own AddModuleExports does: it
 * calls jdk.internal.module.Modules), in a local frame of its own, only in
 * the live phase, on an attached thread with no exception pending, outside
 * callbacks that allow only callback-safe functions, and only for a valid
 * reference to a java.lang.Module.  An exception in it means "do not know".
 *
 * Only a named module is checked.  An unnamed module's packages are those
 * of the classes its loader has defined so far, a set that grows, and
 * HotSpot accepts any name for it (every package of an unnamed module is
 * exported and open already): nothing to judge there.
 *
 * The names are Java's, dotted ("java.lang"), as Module.getPackages() and
 * HotSpot take them; one in internal form ("java/lang") is no package of
 * any module, and HotSpot refuses it too (ILLEGAL_ARGUMENT).
 */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "jc_deep.h"
#include "jc_inline.h"

static _Atomic(jmethodID) is_named, get_packages, get_name, set_contains;

static jmethodID method(JNIEnv *jni, _Atomic(jmethodID) *cache, const char *cls, const char *name, const char *sig)
{
    jmethodID m = atomic_load(cache);
    jclass k;
    if (m || !(k = jc_deep_class(jni, cls)))
        return m;
    m = (*jni)->GetMethodID(jni, k, name, sig);
    if (!m)
        (*jni)->ExceptionClear(jni);
    else
        atomic_store(cache, m);
    return m;
}

jvmtiError jc_deep_package(jc_env *ce, int num, const char *param, jobject module, const char *pkg,
                           jvmtiError error, jvmtiError bad)
{
    JNIEnv *jni = jc_deep_jni(ce);
    if (bad != JVMTI_ERROR_NONE || !jni || !module || !pkg || !jc_deep_live(jni, module))
        return bad;
    jclass mod = jc_deep_class(jni, "java/lang/Module");
    jmethodID named = method(jni, &is_named, "java/lang/Module", "isNamed", "()Z");
    jmethodID packages = method(jni, &get_packages, "java/lang/Module", "getPackages", "()Ljava/util/Set;");
    jmethodID mname = method(jni, &get_name, "java/lang/Module", "getName", "()Ljava/lang/String;");
    jmethodID contains = method(jni, &set_contains, "java/util/Set", "contains", "(Ljava/lang/Object;)Z");
    if (!mod || !named || !packages || !mname || !contains || !(*jni)->IsInstanceOf(jni, module, mod))
        return bad;
    if ((*jni)->PushLocalFrame(jni, 8) != 0) {
        (*jni)->ExceptionClear(jni);
        return bad;
    }
    bool missing = false;
    char name[128] = "?";
    if ((*jni)->CallBooleanMethod(jni, module, named) && !(*jni)->ExceptionCheck(jni)) {
        jobject set = (*jni)->CallObjectMethod(jni, module, packages);
        jstring s = set && !(*jni)->ExceptionCheck(jni) ? (*jni)->NewStringUTF(jni, pkg) : NULL;
        if (s && !(*jni)->ExceptionCheck(jni))
            missing = !(*jni)->CallBooleanMethod(jni, set, contains, s) && !(*jni)->ExceptionCheck(jni);
        jstring n = missing ? (*jni)->CallObjectMethod(jni, module, mname) : NULL;
        if (n && !(*jni)->ExceptionCheck(jni)) {
            const char *c = (*jni)->GetStringUTFChars(jni, n, NULL);
            if (c) {
                snprintf(name, sizeof name, "%s", c);
                (*jni)->ReleaseStringUTFChars(jni, n, c);
            }
        }
    }
    if ((*jni)->ExceptionCheck(jni)) {
        (*jni)->ExceptionClear(jni);
        missing = false;
    }
    (*jni)->PopLocalFrame(jni, NULL);
    if (!missing)
        return bad;
    return jc_flag(JC_CHK_module_package, num, param, error, bad, "\"%s\" is no package of module %s%s", pkg, name,
                   strchr(pkg, '/') ? " (package names are dotted here: a.b.c)" : "");
}
