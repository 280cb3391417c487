/* rtext.h — a translated page as plain text (`jvmtigen align`'s input).
 *
 * The text of a rendered page in another language, as a publisher gets it
 * from a translation: no markup, no anchors, line breaks wherever the
 * extraction put them.  The reader only checks and normalises it (UTF-8,
 * line ends, identifiers broken across a line) and indexes its lines;
 * what the text means is i18n/align.c's business. */
#ifndef JVMTIGEN_I18N_RTEXT_H
#define JVMTIGEN_I18N_RTEXT_H

#include <stddef.h>

typedef struct jt_rtext {
    const char *path;
    char *text;             /* normalised, NUL-terminated */
    size_t len;
    size_t *line_start;     /* offset of each line in text */
    size_t nlines;
    int *orig_line;         /* the input's line number of each line */
} jt_rtext;

/* Reads PATH.  NULL after one "PATH:LINE: error: ..." message when the file
 * cannot be read, is empty, is not UTF-8 or holds a NUL byte. */
jt_rtext *jt_rtext_load(const char *path);
/* The same from memory (DATA need not be NUL-terminated); PATH names it in
 * messages. */
jt_rtext *jt_rtext_parse(const char *path, const char *data, size_t len);
void jt_rtext_free(jt_rtext *t);

/* The line holding offset OFF (0-based index into line_start). */
size_t jt_rtext_line_of(const jt_rtext *t, size_t off);

#endif
