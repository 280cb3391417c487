/* ctype.h — the C spelling of model types, shared by every emitter that
 * writes C (jvmti.h, the wrapper). */
#ifndef JVMTIGEN_CTYPE_H
#define JVMTIGEN_CTYPE_H

#include <stddef.h>

#include "model/model.h"

/* Writes e.g. "const jvmtiCapabilities*" into buf; returns buf.  A varargs
 * type spells as "" (its param id is "..."). */
const char *jt_c_type(const jt_type *t, char *buf, size_t len);

#endif
