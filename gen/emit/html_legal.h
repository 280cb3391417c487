/* html_legal.h — the spec's copyright and licence text, for the footer of
 * jvmti.html.  The spec carries them in its leading XML comment (the
 * model's spec->copyright, verbatim); this splits that comment into the
 * copyright notice (its first paragraph, when that names a copyright) and
 * the licence text after it, each with the comment's indentation removed.
 * Kept apart from emit_html.c as plain string work, so it is unit-tested
 * without a page. */
#ifndef JVMTIGEN_HTML_LEGAL_H
#define JVMTIGEN_HTML_LEGAL_H

typedef struct jt_legal {
    char *notice;       /* "Copyright (c) 2002, 2021, Oracle ..."; "" if none */
    char *licence;      /* the rest; "" if none */
} jt_legal;

/* Splits COMMENT (may be NULL).  Returns 0, or -1 when out of memory.
 * Free with jt_legal_free. */
int jt_legal_split(const char *comment, jt_legal *out);
void jt_legal_free(jt_legal *l);

#endif
