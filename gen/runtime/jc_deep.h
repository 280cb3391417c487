/* jc_deep.h — check=deep object kinds (jc_deep.c). */
#ifndef JVMTICHECK_DEEP_H
#define JVMTICHECK_DEEP_H

#include <stdbool.h>

#include "jc_runtime.h"

/* False only when obj is a valid local or global reference to an object
 * that is not an instance of class_name ("java/lang/Thread"). */
bool jc_deep_kind_ok(jc_env *ce, jobject obj, const char *class_name);

#endif
