/* pot.c — `jvmtigen pot [-o FILE] SPEC.xml` and `jvmtigen pot --ui`.
 *
 * The messages come from the same walks the HTML emitter translates with
 * (i18n/prose.c's units of the spec's prose; the {{_text}} and {{text}}
 * messages of the templates), so a template never lists what the page
 * does not look up.  The file is written by libgettextpo, in the layout
 * msginit and msgmerge expect: a fuzzy header, one entry per (msgctxt,
 * msgid), where it comes from as a "#:" reference and what it is as a
 * "#." comment.  No date in the header: two runs give the same bytes.
 *
 * The file is written beside its destination and renamed into place when
 * complete (or written to standard output once complete), so a failure
 * leaves nothing behind. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "cmd/pot.h"
#include "util/suggest.h"

#include <getopt.h>
#include <gettext-po.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit/template.h"
#include "i18n/prose.h"
#include "model/model.h"
#include "util/diag.h"
#include "util/outfile.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.0"
#endif

static const char *const ui_templates[] = { "jvmti.html.tmpl", "site.html.tmpl" };

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "jvmtigen pot: error: %s%s\nTry 'jvmtigen pot --help' for more information.\n", msg,
            arg ? arg : "");
    return 2;
}

static void usage(FILE *f)
{
    fputs("Usage: jvmtigen pot [-o FILE] [-q] SPEC.xml\n"
          "       jvmtigen pot --ui [-o FILE]\n"
          "Write the gettext template (POT) of the spec's prose: one entry per\n"
          "description, title and label, msgctxt its anchor on the page, msgid its\n"
          "English with the spec's markup; translate it into FILE.po (msginit) and\n"
          "give it to --translations=FILE.po.  With --ui: the template of the page's\n"
          "own words (headings, captions, fixed sentences, search), for --lang.\n\n"
          "Options:\n"
          "  -o, --output=FILE  write FILE (default: standard output)\n"
          "      --ui           the page's own words instead of a spec's prose\n"
          "  -q, --quiet        do not print the loader's warnings\n"
          "      --help         print this help and exit\n\n"
          "Exit status: 0 written, 1 a spec that does not load or a failed write, 2 bad usage.\n", f);
}

/* ---- writing through libgettextpo ------------------------------------------ */

static bool write_failed;

static void xerror(int severity, po_message_t m, const char *file, size_t line, size_t column, int multiline,
                   const char *text)
{
    (void)m, (void)line, (void)column, (void)multiline;
    if (severity == PO_SEVERITY_WARNING)
        return;
    jt_diag(JT_DIAG_ERROR, file, 0, "%s", text ? text : "cannot write the template");
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

typedef struct pot {
    po_file_t file;
    po_message_iterator_t it;
    /* (ctx, msgid) -> message, to add a second reference, not a duplicate */
    struct seen { char *key; po_message_t m; } *seen;
    size_t nseen, mask;
} pot;

static size_t hash_str(const char *s)
{
    size_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

static void pot_grow(pot *p)
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

static void pot_init(pot *p)
{
    memset(p, 0, sizeof *p);
    p->file = po_file_create();
    p->it = po_message_iterator(p->file, NULL);
    po_message_t h = po_message_create();
    po_message_set_msgid(h, "");
    po_message_set_msgstr(h, "Project-Id-Version: jvmtigen " PACKAGE_VERSION "\n"
                             "Report-Msgid-Bugs-To: \n"
                             "PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\n"
                             "Last-Translator: FULL NAME <EMAIL@ADDRESS>\n"
                             "Language-Team: LANGUAGE <LL@li.org>\n"
                             "Language: \n"
                             "MIME-Version: 1.0\n"
                             "Content-Type: text/plain; charset=UTF-8\n"
                             "Content-Transfer-Encoding: 8bit\n");
    po_message_set_fuzzy(h, 1);
    po_message_insert(p->it, h);
    pot_grow(p);
}

static void pot_add(pot *p, const char *ctx, const char *msgid, const char *comment, const char *file, int line)
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
    po_message_set_msgstr(m, "");
    if (comment)
        po_message_set_extracted_comments(m, comment);
    po_message_add_filepos(m, file, (size_t)line);
    po_message_insert(p->it, m);
    p->seen[h] = (struct seen){ key, m };
    if (++p->nseen * 2 > p->mask)
        pot_grow(p);
}

static void pot_free(pot *p)
{
    for (size_t i = 0; i <= p->mask; i++)
        free(p->seen[i].key);
    free(p->seen);
    po_message_iterator_free(p->it);
    po_file_free(p->file);
}

/* To OUT (NULL: standard output), whole or not at all. */
static int pot_write(pot *p, const char *out)
{
    write_failed = false;
    if (!out) {
        char tmp[] = "/tmp/jvmtigen-pot-XXXXXX";
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
                jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot write the template to standard output");
        }
        unlink(tmp);
        return rc;
    }
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
            jt_diag(JT_DIAG_ERROR, out, 0, "cannot write the template");
        unlink(tmp);
        rc = 1;
    }
    free(tmp);
    return rc;
}

/* ---- the two templates --------------------------------------------------------- */

typedef struct prose_arg {
    pot *p;
    const char *file;
} prose_arg;

static void add_unit(void *arg, const char *ctx, const char *msgid, const char *what, int line)
{
    prose_arg *a = arg;
    pot_add(a->p, ctx, msgid, what, a->file, line);
}

static int prose_pot(const char *spec_path, const char *out, bool quiet)
{
    jt_load_options lo = { .quiet_warnings = quiet };
    jt_spec *spec = jt_spec_load(spec_path, &lo);
    if (!spec)
        return 1;
    pot p;
    pot_init(&p);
    const char *base = strrchr(spec_path, '/');
    prose_arg a = { &p, base ? base + 1 : spec_path };
    jt_prose_units(spec, add_unit, &a);
    int rc = pot_write(&p, out);
    pot_free(&p);
    jt_spec_free(spec);
    return rc;
}

static int ui_pot(const char *out)
{
    pot p;
    pot_init(&p);
    jt_tpl *ts[sizeof ui_templates / sizeof *ui_templates] = { 0 };
    int rc = 0;
    for (size_t i = 0; i < sizeof ui_templates / sizeof *ui_templates && rc == 0; i++) {
        ts[i] = jt_tpl_load(ui_templates[i]);
        if (!ts[i]) {
            rc = 1;
            break;
        }
        const jt_tpl_message *m = jt_tpl_messages(ts[i]);
        for (size_t k = 0; k < jt_tpl_nmessages(ts[i]); k++)
            pot_add(&p, m[k].ctx, m[k].msgid,
                    m[k].ctx ? "a sentence of the page: keep its {{slots}} and markup" : NULL, m[k].file,
                    m[k].line);
    }
    if (rc == 0)
        rc = pot_write(&p, out);
    for (size_t i = 0; i < sizeof ui_templates / sizeof *ui_templates; i++)
        jt_tpl_free(ts[i]);
    pot_free(&p);
    return rc;
}

int jt_pot_main(int argc, char **argv)
{
    enum { OPT_HELP = 1000, OPT_UI };
    static const struct option opts[] = {
        { "output", required_argument, NULL, 'o' },
        { "ui", no_argument, NULL, OPT_UI },
        { "quiet", no_argument, NULL, 'q' },
        { "help", no_argument, NULL, OPT_HELP },
        { 0 },
    };
    const char *out = NULL;
    bool ui = false, quiet = false;
    opterr = 0;
    optind = 1;
    int c;
    int prev = optind;
    for (; (c = getopt_long(argc, argv, ":o:q", opts, NULL)) != -1; prev = optind) {
        switch (c) {
        case 'o':
            if (!*optarg)
                return usage_error("-o needs a file name", NULL);
            out = optarg;
            break;
        case 'q':
            quiet = true;
            break;
        case OPT_UI:
            ui = true;
            break;
        case OPT_HELP:
            usage(stdout);
            return 0;
        case ':':
            return usage_error("option needs a value: ", argv[optind - 1]);
        default:
            return usage_error(jt_unknown_option(argc, argv, prev, opts, "o:q", NULL), NULL);
        }
    }
    if (ui) {
        if (optind < argc)
            return usage_error("--ui takes no SPEC.xml: the page's words are in jvmtigen's templates", NULL);
        return ui_pot(out);
    }
    if (optind >= argc)
        return usage_error("no SPEC.xml given", NULL);
    if (optind + 1 < argc)
        return usage_error("one SPEC.xml at a time; unexpected ", argv[optind + 1]);
    return prose_pot(argv[optind], out, quiet);
}
