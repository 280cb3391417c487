/* po_out.h — write a PO file (a template, or a catalog with translations)
 * through libgettextpo, for `jvmtigen pot` and `jvmtigen align`. */
#ifndef JVMTIGEN_I18N_PO_OUT_H
#define JVMTIGEN_I18N_PO_OUT_H

#include <stdbool.h>

typedef struct jt_po_out jt_po_out;

/* LANGUAGE NULL: a template (its header fuzzy, as xgettext writes one);
 * else a catalog for that language. */
jt_po_out *jt_po_out_new(const char *language);
/* One entry; a second (ctx, msgid) only adds its reference.  MSGSTR NULL:
 * untranslated.  COMMENT: the "#." line; NOTE: a translator's "#" line. */
void jt_po_out_add(jt_po_out *p, const char *ctx, const char *msgid, const char *msgstr, bool fuzzy,
                   const char *comment, const char *note, const char *file, int line);
/* To OUT (NULL: standard output), whole or not at all; 0 or 1 after one
 * message. */
int jt_po_out_write(jt_po_out *p, const char *out);
void jt_po_out_free(jt_po_out *p);

#endif
