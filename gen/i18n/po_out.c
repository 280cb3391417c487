/* po_out.c — write a PO file through libgettextpo (see po_out.h).
 *
 * libgettextpo writes the file in the layout msginit and msgmerge expect:
 * a header, one entry per (msgctxt, msgid), where it comes from as a "#:"
 * reference and what it is as a "#." comment.  No date in the header: two
 * runs give the same bytes.  The file is written beside its destination
 * and renamed into place when complete (or copied to standard output once
 * complete), so a failure leaves nothing behind. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "i18n/po_out.h"

#include <gettext-po.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/diag.h"
#include "util/outfile.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.0"
#endif

static bool write_failed;

static void xerror(int severity, po_message_t m, const char *file, size_t line, size_t column, int multiline,
                   const char *text)
{
    (void)m, (void)line, (void)column, (void)multiline;
    if (severity == PO_SEVERITY_WARNING)
        return;
    jt_diag(JT_DIAG_ERROR, file, 0, "%s", text ? text : "cannot write the PO file");
    write_failed = true;
    if (severity == PO_SEVERITY_FATAL_ERROR)
        exit(1);
}

static void xerror2(int severity, po_message_t m1, const char *f1, size_t l1, size_t c1, int ml1,
                    const char *t1, po_message_t m2, const char *f2, size_t l2, size_t c2, int ml2,
                    const char *t2)
{
    (void)m2, (void)f2, (void)l2, (void)c2, (void)ml2, (void)t2;
    xerror(severity, m1, f1, l1, c1, ml1, t1);
}

static const struct po_xerror_handler handler = { xerror, xerror2 };

struct jt_po_out {
    po_file_t file;
    po_message_iterator_t it;
    /* (ctx, msgid) -> message, to add a second reference, not a duplicate */
    struct seen { char *key; po_message_t m; } *seen;
    size_t nseen, mask;
};

static size_t hash_str(const char *s)
{
    size_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

static void grow(jt_po_out *p)
{
    size_t size = p->mask ? (p->mask + 1) * 2 : 1024;
    struct seen *old = p->seen;
    size_t oldsize = p->mask ? p->mask + 1 : 0;
    p->seen = calloc(size, sizeof *p->seen);
    if (!p->seen)
        jt_fatal("out of memory");
    p->mask = size - 1;
    for (size_t i = 0; i < oldsize; i++)
        if (old[i].key) {
            size_t h = hash_str(old[i].key) & p->mask;
            while (p->seen[h].key)
                h = (h + 1) & p->mask;
            p->seen[h] = old[i];
        }
    free(old);
}

jt_po_out *jt_po_out_new(const char *language)
{
    jt_po_out *p = calloc(1, sizeof *p);
    if (!p)
        jt_fatal("out of memory");
    p->file = po_file_create();
    p->it = po_message_iterator(p->file, NULL);
    po_message_t h = po_message_create();
    po_message_set_msgid(h, "");
    char header[1024];
    snprintf(header, sizeof header,
             "Project-Id-Version: jvmtigen " PACKAGE_VERSION "\n"
             "Report-Msgid-Bugs-To: \n"
             "PO-Revision-Date: %s\n"
             "Last-Translator: %s\n"
             "Language-Team: %s\n"
             "Language: %s\n"
             "MIME-Version: 1.0\n"
             "Content-Type: text/plain; charset=UTF-8\n"
             "Content-Transfer-Encoding: 8bit\n",
             language ? "" : "YEAR-MO-DA HO:MI+ZONE", language ? "jvmtigen align" : "FULL NAME <EMAIL@ADDRESS>",
             language ? language : "LANGUAGE <LL@li.org>", language ? language : "");
    po_message_set_msgstr(h, header);
    po_message_set_fuzzy(h, language ? 0 : 1);
    po_message_insert(p->it, h);
    grow(p);
    return p;
}

void jt_po_out_add(jt_po_out *p, const char *ctx, const char *msgid, const char *msgstr, bool fuzzy,
                   const char *comment, const char *note, const char *file, int line)
{
    size_t klen = (ctx ? strlen(ctx) : 0) + strlen(msgid) + 3;
    char *key = malloc(klen);
    if (!key)
        jt_fatal("out of memory");
    snprintf(key, klen, "%s%c%s", ctx ? ctx : "", ctx ? '\4' : '\5', msgid);
    size_t h = hash_str(key) & p->mask;
    for (; p->seen[h].key; h = (h + 1) & p->mask)
        if (strcmp(p->seen[h].key, key) == 0) {
            po_message_add_filepos(p->seen[h].m, file, (size_t)line);
            free(key);
            return;
        }
    po_message_t m = po_message_create();
    if (ctx)
        po_message_set_msgctxt(m, ctx);
    po_message_set_msgid(m, msgid);
    po_message_set_msgstr(m, msgstr ? msgstr : "");
    if (msgstr && fuzzy)
        po_message_set_fuzzy(m, 1);
    if (comment)
        po_message_set_extracted_comments(m, comment);
    if (note)
        po_message_set_comments(m, note);
    po_message_add_filepos(m, file, (size_t)line);
    po_message_insert(p->it, m);
    p->seen[h] = (struct seen){ key, m };
    if (++p->nseen * 2 > p->mask)
        grow(p);
}

void jt_po_out_free(jt_po_out *p)
{
    if (!p)
        return;
    for (size_t i = 0; i <= p->mask; i++)
        free(p->seen[i].key);
    free(p->seen);
    po_message_iterator_free(p->it);
    po_file_free(p->file);
    free(p);
}

int jt_po_out_write(jt_po_out *p, const char *out)
{
    write_failed = false;
    if (!out) {
        char tmp[] = "/tmp/jvmtigen-po-XXXXXX";
        int fd = mkstemp(tmp);
        if (fd < 0) {
            jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot create a temporary file");
            return 1;
        }
        close(fd);
        po_file_write(p->file, tmp, &handler);
        int rc = 1;
        FILE *f = write_failed ? NULL : fopen(tmp, "rb");
        if (f) {
            char buf[65536];
            size_t n;
            rc = 0;
            while ((n = fread(buf, 1, sizeof buf, f)) > 0)
                if (fwrite(buf, 1, n, stdout) != n)
                    rc = 1;
            fclose(f);
            if (fflush(stdout) != 0 || ferror(stdout))
                rc = 1;
            if (rc)
                jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot write the PO file to standard output");
        }
        unlink(tmp);
        return rc;
    }
    if (jt_out_replaceable(out) != 0)
        return 1;
    /* the file's folder, with its parents, as -o DIR of jvmtigen makes one */
    const char *slash = strrchr(out, '/');
    if (slash && slash > out) {
        char *dir = strndup(out, (size_t)(slash - out));
        if (!dir)
            jt_fatal("out of memory");
        int made = jt_out_dir(dir);
        free(dir);
        if (made != 0)
            return 1;
    }
    size_t n = strlen(out) + 16;
    char *tmp = malloc(n);
    if (!tmp)
        jt_fatal("out of memory");
    snprintf(tmp, n, "%s.tmp%ld", out, (long)getpid());
    po_file_write(p->file, tmp, &handler);
    int rc = 0;
    if (write_failed || rename(tmp, out) != 0) {
        if (!write_failed)
            jt_diag(JT_DIAG_ERROR, out, 0, "cannot write the PO file");
        unlink(tmp);
        rc = 1;
    }
    free(tmp);
    return rc;
}
