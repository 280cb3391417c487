/* ident_lint.c — `jvmtigen --lint --translations=FILE.po`: the entries of a
 * catalog whose translation names other identifiers than its English.
 *
 * A translation keeps the API's names as they are (i18n/idents.h says
 * which words count and why), so a translated unit that drops, adds or
 * misspells a function, parameter, constant, error or type name is wrong
 * whatever its prose says: most often it is another unit's translation
 * (a misplaced line of an aligned text, a copy-paste).  The check is the
 * one `jvmtigen align` makes before it calls a unit placed, applied here to
 * any catalog, hand-written or aligned; fuzzy and empty entries translate
 * nothing and are not checked.  One warning per entry, at its line, naming
 * the identifiers only one side has. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "i18n/ident_lint.h"

#include <stdlib.h>
#include <string.h>

#include "i18n/idents.h"
#include "util/diag.h"

/* The words of sorted, space-separated list A that are not in B, appended
 * to OUT (at most CAP bytes, "..." when cut). */
static void only_in(const char *a, const char *b, char *out, size_t cap)
{
    size_t used = strlen(out);
    const char *p = a;
    while (*p) {
        const char *e = strchr(p, ' ');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        bool found = false;
        for (const char *q = b; *q && !found;) {
            const char *qe = strchr(q, ' ');
            size_t qn = qe ? (size_t)(qe - q) : strlen(q);
            found = qn == n && memcmp(p, q, n) == 0;
            q = qe ? qe + 1 : q + qn;
        }
        if (!found && n) {
            if (used + n + 5 >= cap) {
                if (used + 4 < cap)
                    strcpy(out + used, "...");
                return;
            }
            if (used)
                out[used++] = ' ';
            memcpy(out + used, p, n);
            used += n;
            out[used] = '\0';
        }
        p = e ? e + 1 : p + n;
    }
}

int jt_ident_lint(const jt_spec *spec, const jt_catalog *cat, bool report)
{
    jt_vocab *v = jt_vocab_new(spec);
    int bad = 0;
    for (size_t i = 0; i < jt_catalog_count(cat); i++) {
        const jt_cat_entry *e = jt_catalog_entry(cat, i);
        if (!e->msgstr || !e->ctx)
            continue;           /* untranslated, fuzzy, or the page's own words */
        char *ids_en = NULL, *h_en = NULL, *ids_tr = NULL, *h_tr = NULL;
        if (!jt_unit_idents(v, e->msgid, &ids_en, &h_en))
            continue;           /* not the spec's markup: not a unit of the spec's prose */
        if (!jt_unit_idents(v, e->msgstr, &ids_tr, &h_tr)) {
            free(ids_en), free(h_en);
            continue;           /* its markup is jt_prose_load's to refuse */
        }
        bool same = strcmp(ids_en, ids_tr) == 0 && strcmp(h_en, h_tr) == 0;
        if (!same) {
            bad++;
            if (report) {
                char lost[400] = "", extra[400] = "";
                only_in(ids_en, ids_tr, lost, sizeof lost);
                only_in(ids_tr, ids_en, extra, sizeof extra);
                jt_diag(JT_DIAG_WARNING, jt_catalog_path(cat), e->line,
                        "[translation-identifiers] msgctxt \"%s\": the translation names other identifiers "
                        "than the English (only in the English: %s; only in the translation: %s%s)",
                        e->ctx, *lost ? lost : "none", *extra ? extra : "none",
                        strcmp(h_en, h_tr) != 0 ? "; and the elements copied as they are differ" : "");
            }
        }
        free(ids_en), free(h_en), free(ids_tr), free(h_tr);
    }
    jt_vocab_free(v);
    return bad;
}
