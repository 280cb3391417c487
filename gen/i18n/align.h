/* align.h — place a translated page's plain text on the spec's units of
 * prose (`jvmtigen align`).  The design is at the top of align.c. */
#ifndef JVMTIGEN_I18N_ALIGN_H
#define JVMTIGEN_I18N_ALIGN_H

#include <stdbool.h>
#include <stddef.h>

#include "i18n/rtext.h"
#include "model/model.h"

/* The parts of the spec coverage is counted by. */
typedef enum jt_align_part {
    JT_PART_SECTIONS, JT_PART_FUNCTIONS, JT_PART_PARAMETERS, JT_PART_EVENTS,
    JT_PART_TYPES, JT_PART_CAPABILITIES, JT_PART_ERRORS, JT_PART_HISTORY,
    JT_PART_HIDDEN,             /* units the rendered page leaves out (the
                                   spec's issues): no text can have them */
    JT_NPARTS
} jt_align_part;

typedef struct jt_aunit {
    char *ctx, *msgid;
    const char *what;           /* as `jvmtigen pot` says it */
    int line;                   /* in the spec */
    jt_align_part part;
    char *msgstr;               /* NULL: not placed */
    bool fuzzy;                 /* placed without confidence */
    const char *why;            /* fuzzy or not placed: the reason */
    int text_line;              /* where it was found in the text; 0 */
} jt_aunit;

typedef struct jt_alignment {
    jt_aunit *units;            /* in the order of `jvmtigen pot` */
    size_t n;
} jt_alignment;

jt_alignment *jt_align(const jt_spec *spec, const jt_rtext *text);
void jt_alignment_free(jt_alignment *a);

const char *jt_align_part_name(jt_align_part p);

#endif
