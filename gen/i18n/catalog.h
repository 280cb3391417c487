/* catalog.h — a gettext PO file in memory: the page's own words (--lang)
 * or the spec's prose in another language (--translations).
 *
 * Files are read by libgettextpo, GNU gettext's own PO reader, never by a
 * parser of ours.  A message is keyed by its context (msgctxt; NULL when
 * it has none) and its English text (msgid).  Fuzzy, untranslated
 * (empty msgstr) and obsolete entries translate nothing, as in gettext.
 * Each entry remembers whether it was asked for, so that the entries the
 * spec no longer has (stale ones) can be listed with their line. */
#ifndef JVMTIGEN_I18N_CATALOG_H
#define JVMTIGEN_I18N_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

typedef struct jt_catalog jt_catalog;

typedef struct jt_cat_entry {
    const char *ctx;            /* msgctxt or NULL */
    const char *msgid;
    const char *msgstr;         /* NULL when it translates nothing */
    int line;                   /* where the entry is in the file */
    bool used;                  /* its (ctx, msgid) was looked up */
} jt_cat_entry;

/* Reads PATH.  NULL after one "PATH:LINE: error: ..." message when the file
 * cannot be read, is not a PO file gettext accepts, or is not UTF-8. */
jt_catalog *jt_catalog_load(const char *path);
void jt_catalog_free(jt_catalog *c);
const char *jt_catalog_path(const jt_catalog *c);
/* The catalog's language: its header's Language field, else the file's
 * base name without .po ("zh_CN"). */
const char *jt_catalog_lang(const jt_catalog *c);

/* The translation of (ctx, msgid), or NULL; marks the entry used. */
const char *jt_catalog_get(jt_catalog *c, const char *ctx, const char *msgid);
/* The entry of (ctx, msgid), translated or not, or NULL; marks it used. */
const jt_cat_entry *jt_catalog_find(jt_catalog *c, const char *ctx, const char *msgid);

/* Entries in file order (the header entry, msgid "", is left out). */
size_t jt_catalog_count(const jt_catalog *c);
const jt_cat_entry *jt_catalog_entry(const jt_catalog *c, size_t i);

#endif
