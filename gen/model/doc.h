/* doc.h — helpers over the description trees kept in the model (jt_doc). */
#ifndef JVMTIGEN_DOC_H
#define JVMTIGEN_DOC_H

#include <stddef.h>

#include "model/model.h"

/* Plain text of a description: markup dropped (<jvmti/> becomes "JVM TI"),
 * whitespace runs collapsed to one space, trimmed.  Returns a malloc'd
 * string the caller frees. */
char *jt_doc_plain_text(const jt_doc *d);

#endif
