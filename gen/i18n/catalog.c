/* catalog.c — read a PO file with libgettextpo into a hash table (see
 * catalog.h).
 *
 * libgettextpo reports a problem through its xerror handler and still
 * returns a file, so the handler keeps the first problem and loading fails
 * when there was any: one message, file:line, as for a bad spec.
 *
 * libgettextpo does not tell where a message sits in the file, and lint's
 * list of stale entries needs that line.  Messages come in file order and
 * every message (the header and obsolete "#~" entries too) has exactly one
 * line that begins with the keyword "msgid" (continuations begin with '"',
 * comments with '#'), so the Nth message is at the Nth such line, or at the
 * "msgctxt" line just before it.  That is a count of keyword lines over a
 * file libgettextpo has already accepted, not a second parser. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* strcasecmp */
#endif
#include "i18n/catalog.h"

#include <gettext-po.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/arena.h"
#include "util/diag.h"
#include "util/readfile.h"
#include "util/path.h"

struct jt_catalog {
    jt_arena *a;
    const char *path;
    const char *lang;
    jt_cat_entry *entries;
    size_t n;
    size_t *index;              /* open addressing: entry number + 1 */
    size_t mask;
};

/* ---- libgettextpo's problems: the first one, as file:line ---------------- */

static struct {
    bool failed;
    char message[512];
    char file[256];
    size_t line;
} first_problem;

static void note_problem(int severity, const char *file, size_t line, const char *text)
{
    if (severity == PO_SEVERITY_WARNING || first_problem.failed)
        return;
    first_problem.failed = true;
    snprintf(first_problem.file, sizeof first_problem.file, "%s", file ? file : "");
    first_problem.line = file && line != (size_t)-1 ? line : 0;
    snprintf(first_problem.message, sizeof first_problem.message, "%s", text ? text : "not a PO file");
    /* one line: the multi-line texts gettext writes end in a newline */
    for (char *p = first_problem.message; *p; p++)
        if (*p == '\n')
            *p = *(p + 1) ? ' ' : '\0';
}

static void xerror(int severity, po_message_t m, const char *file, size_t line, size_t column, int multiline,
                   const char *text)
{
    (void)m, (void)column, (void)multiline;
    note_problem(severity, file, line, text);
    /* PO_SEVERITY_FATAL_ERROR must not return: libgettextpo's readers only
     * report fatal errors for out-of-memory, after which we cannot go on. */
    if (severity == PO_SEVERITY_FATAL_ERROR)
        jt_fatal("%s: %s", file ? file : "PO file", text ? text : "fatal error");
}

static void xerror2(int severity, po_message_t m1, const char *f1, size_t l1, size_t c1, int ml1,
                    const char *t1, po_message_t m2, const char *f2, size_t l2, size_t c2, int ml2,
                    const char *t2)
{
    (void)m2, (void)f2, (void)l2, (void)c2, (void)ml2, (void)t2;
    xerror(severity, m1, f1, l1, c1, ml1, t1);
}

static const struct po_xerror_handler handler = { xerror, xerror2 };

/* ---- the table ------------------------------------------------------------ */

static size_t hash_key(const char *ctx, const char *msgid)
{
    size_t h = 2166136261u;
    for (const char *s = ctx ? ctx : ""; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    h = (h ^ (ctx ? 4u : 5u)) * 16777619u;
    for (const char *s = msgid; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static bool same(const jt_cat_entry *e, const char *ctx, const char *msgid)
{
    if ((e->ctx == NULL) != (ctx == NULL))
        return false;
    return (!ctx || strcmp(e->ctx, ctx) == 0) && strcmp(e->msgid, msgid) == 0;
}

static void build_index(jt_catalog *c)
{
    size_t size = 16;
    while (size < c->n * 2)
        size *= 2;
    c->index = jt_alloc(c->a, size * sizeof *c->index);
    c->mask = size - 1;
    for (size_t i = 0; i < c->n; i++) {
        size_t h = hash_key(c->entries[i].ctx, c->entries[i].msgid) & c->mask;
        while (c->index[h])
            h = (h + 1) & c->mask;
        c->index[h] = i + 1;
    }
}

/* Line of each message (see the top of this file); lines[k] for the k-th
 * message counting the header, 0 when the count does not add up. */
static int *message_lines(jt_arena *a, const char *text, size_t len, size_t nmessages)
{
    int *lines = jt_alloc(a, (nmessages + 1) * sizeof *lines);
    size_t k = 0;
    int line = 1, ctx_line = 0;
    for (size_t i = 0; i < len; line++) {
        const char *s = text + i;
        const char *nl = memchr(s, '\n', len - i);
        size_t n = nl ? (size_t)(nl - s) : len - i;
        i += n + 1;
        /* an obsolete entry ("#~ msgid ...") is a message too; "#~|" is
         * its previous msgid, a comment */
        if (n > 2 && s[0] == '#' && s[1] == '~' && s[2] != '|') {
            s += 2, n -= 2;
            while (n && (*s == ' ' || *s == '\t'))
                s++, n--;
        }
        if (n > 7 && strncmp(s, "msgctxt", 7) == 0 && (s[7] == ' ' || s[7] == '\t'))
            ctx_line = line;
        else if (n > 5 && strncmp(s, "msgid", 5) == 0 && (s[5] == ' ' || s[5] == '\t')) {
            if (k < nmessages)
                lines[k] = ctx_line ? ctx_line : line;
            k++;
            ctx_line = 0;
        }
    }
    if (k != nmessages)
        memset(lines, 0, (nmessages + 1) * sizeof *lines);
    return lines;
}

/* The header's charset, when it names one that is not UTF-8. */
static const char *bad_charset(const char *header)
{
    static char cs[64];
    const char *p = header ? strstr(header, "charset=") : NULL;
    if (!p)
        return NULL;
    p += 8;
    size_t n = strcspn(p, " \t\n;");
    if (n >= sizeof cs)
        n = sizeof cs - 1;
    memcpy(cs, p, n);
    cs[n] = '\0';
    if (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "utf8") || !strcasecmp(cs, "CHARSET") ||
        !strcasecmp(cs, "ASCII") || !strcasecmp(cs, "US-ASCII"))
        return NULL;
    return cs;
}

static const char *header_language(jt_arena *a, const char *header, const char *path)
{
    const char *p = header ? strstr(header, "Language: ") : NULL;
    if (p && (p == header || p[-1] == '\n')) {
        p += 10;
        size_t n = strcspn(p, " \t\n");
        if (n)
            return jt_strndup(a, p, n);
    }
    const char *base = jt_basename(path);
    size_t n = strlen(base);
    return jt_strndup(a, base, n > 3 && strcmp(base + n - 3, ".po") == 0 ? n - 3 : n);
}

/* The header entry's text (owned by F), or NULL.  Not
 * po_file_domain_header(): it returns a copy, which its documentation does
 * not say the caller must free. */
static const char *header_of(po_file_t f)
{
    const char *h = NULL;
    po_message_iterator_t it = po_message_iterator(f, NULL);
    for (po_message_t m; (m = po_next_message(it)) != NULL;)
        if (!po_message_msgctxt(m) && !*po_message_msgid(m) && !po_message_is_obsolete(m)) {
            h = po_message_msgstr(m);
            break;
        }
    po_message_iterator_free(it);
    return h;
}

jt_catalog *jt_catalog_load(const char *path)
{
    /* read first: libgettextpo says nothing when the file cannot be
     * opened, and the lines of the messages are counted in the text */
    size_t len = 0;
    char *text = jt_read_file(path, &len, "a PO file");
    if (!text)
        return NULL;
    memset(&first_problem, 0, sizeof first_problem);
    po_file_t f = po_file_read(path, &handler);
    if (!f || first_problem.failed) {
        if (first_problem.failed)
            jt_diag(JT_DIAG_ERROR, *first_problem.file ? first_problem.file : path, (int)first_problem.line,
                    "%s (expected a PO file as GNU gettext reads it)", first_problem.message);
        else
            jt_diag(JT_DIAG_ERROR, path, 0, "not a PO file gettext can read");
        if (f)
            po_file_free(f);
        free(text);
        return NULL;
    }
    const char *header = header_of(f);
    const char *cs = bad_charset(header);
    if (cs) {
        jt_diag(JT_DIAG_ERROR, path, 1, "the PO file's charset is %s (expected UTF-8)", cs);
        po_file_free(f);
        free(text);
        return NULL;
    }

    jt_catalog *c = calloc(1, sizeof *c);
    if (!c)
        jt_fatal("out of memory");
    c->a = jt_arena_new();
    c->path = jt_strdup(c->a, path);
    c->lang = header_language(c->a, header, path);

    size_t total = 0;
    po_message_iterator_t it = po_message_iterator(f, NULL);
    for (po_message_t m; (m = po_next_message(it)) != NULL;)
        total++;
    po_message_iterator_free(it);

    int *lines = message_lines(c->a, text, len, total);
    free(text);

    c->entries = jt_alloc(c->a, (total + 1) * sizeof *c->entries);
    it = po_message_iterator(f, NULL);
    size_t k = 0;
    for (po_message_t m; (m = po_next_message(it)) != NULL; k++) {
        const char *id = po_message_msgid(m);
        const char *ctx = po_message_msgctxt(m);
        if (po_message_is_obsolete(m) || (!ctx && !*id))
            continue;                   /* #~ entries, the header */
        jt_cat_entry *e = &c->entries[c->n++];
        e->ctx = ctx ? jt_strdup(c->a, ctx) : NULL;
        e->msgid = jt_strdup(c->a, id);
        const char *str = po_message_msgstr(m);
        if (str && *str && !po_message_is_fuzzy(m) && !po_message_msgid_plural(m))
            e->msgstr = jt_strdup(c->a, str);
        e->line = lines[k];
    }
    po_message_iterator_free(it);
    po_file_free(f);
    build_index(c);
    return c;
}

void jt_catalog_free(jt_catalog *c)
{
    if (!c)
        return;
    jt_arena_free(c->a);
    free(c);
}

const char *jt_catalog_path(const jt_catalog *c) { return c->path; }
const char *jt_catalog_lang(const jt_catalog *c) { return c->lang; }

const jt_cat_entry *jt_catalog_find(jt_catalog *c, const char *ctx, const char *msgid)
{
    for (size_t h = hash_key(ctx, msgid) & c->mask; c->index[h]; h = (h + 1) & c->mask) {
        jt_cat_entry *e = &c->entries[c->index[h] - 1];
        if (same(e, ctx, msgid)) {
            e->used = true;
            return e;
        }
    }
    return NULL;
}

const char *jt_catalog_get(jt_catalog *c, const char *ctx, const char *msgid)
{
    const jt_cat_entry *e = jt_catalog_find(c, ctx, msgid);
    return e ? e->msgstr : NULL;
}

size_t jt_catalog_count(const jt_catalog *c) { return c->n; }
const jt_cat_entry *jt_catalog_entry(const jt_catalog *c, size_t i) { return &c->entries[i]; }
