/* prose.h — the spec's prose in another language (--translations=FILE.po,
 * jvmtigen pot).
 *
 * A unit of translation is one piece of prose of one element: a
 * description, a label or a synopsis.  Its msgctxt is the element's anchor
 * on the page ("GetThreadState", "GetThreadState.thread",
 * "jvmtiCapabilities.can_tag_objects"; what a function says about one of
 * its capabilities or errors: "GetOwnedMonitorInfo/can_get_owned_monitor_info",
 * "GetThreadState/JVMTI_ERROR_INVALID_THREAD"), its msgid the English as it is in
 * jvmti.xml: the spec's own XML markup (<code>, <functionlink id="X"/>,
 * <p/> ...), whitespace collapsed outside <example> and <pre>, the body of
 * a nested <intro> and the rows of a <constants> group left out (each is a
 * unit of its own) and shown as an empty element.  A translator keeps the
 * markup; the msgstr is parsed with libxml2 into the same tree the loader
 * builds, and its links and placeholders take their targets from the
 * English text's elements of the same name and attributes.
 *
 * The units come from the model at run time (nothing is stored), so a
 * spec whose English changed makes the old entry stale: it no longer
 * matches, the page shows the English, and --lint lists it. */
#ifndef JVMTIGEN_I18N_PROSE_H
#define JVMTIGEN_I18N_PROSE_H

#include <stdbool.h>
#include <stdio.h>

#include "i18n/catalog.h"
#include "model/model.h"

/* One unit: ctx and msgid as above; what: "description", "label", ... for
 * the translator; line: where the element is in the spec. */
typedef void (*jt_prose_visit)(void *arg, const char *ctx, const char *msgid, const char *what, int line);

/* Every unit of the spec, in document order (empty prose left out). */
void jt_prose_units(const jt_spec *s, jt_prose_visit fn, void *arg);

typedef struct jt_prose jt_prose;

/* The translations CAT holds for SPEC's prose.  NULL after one
 * "FILE.po:LINE: error:" message when a translation's markup is not
 * well-formed XML. */
jt_prose *jt_prose_load(const jt_spec *spec, jt_catalog *cat);
void jt_prose_free(jt_prose *p);

/* The translated tree for the English description D, or D itself. */
const jt_doc *jt_prose_doc(const jt_prose *p, const jt_doc *d);
/* The translation of a label or synopsis, or ENGLISH itself. */
const char *jt_prose_label(const jt_prose *p, const char *ctx, const char *english);

/* Lists (as warnings at the PO file's lines, when REPORT) the entries that
 * match no unit of the spec any more; returns how many there are. */
int jt_prose_stale(const jt_prose *p, bool report);

#endif
