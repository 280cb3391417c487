/* jc_deep.h — check=deep: the checks that ask the VM (jc_deep.c,
 * jc_deep_frames.c, jc_deep_module.c, jc_deep_pairs.c).  The generated
 * wrappers call these only when jc_g.opt.deep is set.  The ones called
 * before the real call report through jc_flag and return bad with their
 * error folded in (strict mode refuses the call with it); they do nothing
 * when bad already holds an error (the call has another problem, and the
 * VM is not asked about its arguments). */
#ifndef JVMTICHECK_DEEP_H
#define JVMTICHECK_DEEP_H

#include <stdbool.h>
#include <stdint.h>

#include "jc_runtime.h"

/* ---- jc_deep.c: the common part -------------------------------------------- */

/* The runtime's private env (jc_shim.c's), which the deep checks ask. */
void jc_deep_init(JavaVM *vm, jvmtiEnv *own);
jvmtiEnv *jc_deep_env(void);
/* The calling thread's JNIEnv when the VM may be asked now: the live
 * phase, an attached thread, no callback that allows only callback-safe
 * functions, no exception pending; NULL otherwise. */
JNIEnv *jc_deep_jni(jc_env *ce);
/* obj is a valid local or global reference (GetObjectRefType: never
 * touches a dead one). */
bool jc_deep_live(JNIEnv *jni, jobject obj);
/* A global reference to a class ("java/lang/Module"), made once; NULL
 * when the VM has none. */
jclass jc_deep_class(JNIEnv *jni, const char *name);

/* stale_ref (stale: its error, NONE: not checked) and object_kind
 * (java_class: the class obj must be an instance of, NULL: none). */
jvmtiError jc_deep_ref(jc_env *ce, int num, const char *param, jobject obj, const char *java_class,
                       jvmtiError stale, jvmtiError kind, jvmtiError bad);

/* ---- jc_deep_frames.c ---------------------------------------------------------- */

/* native_method: m is native where the spec wants bytecodes. */
jvmtiError jc_deep_native(jc_env *ce, int num, const char *param, jmethodID m, jvmtiError bad);
/* location: loc is not within m's bytecodes (m native or abstract: none). */
jvmtiError jc_deep_location(jc_env *ce, int num, const char *param, jmethodID m, jlocation loc, jvmtiError bad);
/* local_slot, local_type: after the VM refused a local variable's access
 * with err (INVALID_SLOT or TYPE_MISMATCH), what the frame's method's
 * local variable table says of slot; types: the JVM type letters the
 * function takes ("ISCBZ"), "" when not checked. */
void jc_deep_local(jc_env *ce, int num, const char *param, jthread thread, jint depth, jint slot,
                   const char *types, jvmtiError err);

/* ---- jc_deep_module.c ------------------------------------------------------------ */

/* module_package: pkg is no package of the named module. */
jvmtiError jc_deep_package(jc_env *ce, int num, const char *param, jobject module, const char *pkg,
                           jvmtiError error, jvmtiError bad);

/* ---- jc_deep_pairs.c -------------------------------------------------------------- */

/* clear_not_set: the function set (a Set function's slot) succeeded with
 * key (k1, k2); its Clear succeeded; its Clear (slot num) got NOT_FOUND. */
void jc_deep_set(jc_env *ce, int set, uint64_t k1, uint64_t k2);
void jc_deep_cleared(jc_env *ce, int set, uint64_t k1, uint64_t k2);
void jc_deep_unset(jc_env *ce, int num, int set, uint64_t k1, uint64_t k2);

#endif
