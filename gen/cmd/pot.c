/* pot.c — `jvmtigen pot [-o FILE] SPEC.xml` and `jvmtigen pot --ui`.
 *
 * The messages come from the same walks the HTML emitter translates with
 * (i18n/prose.c's units of the spec's prose; the {{_text}} and {{text}}
 * messages of the templates), so a template never lists what the page
 * does not look up.  The file is written by libgettextpo, in the layout
 * msginit and msgmerge expect: a fuzzy header, one entry per (msgctxt,
 * msgid), where it comes from as a "#:" reference and what it is as a
 * "#." comment.  No date in the header: two runs give the same bytes.
 * The writing itself is i18n/po_out.c's, shared with `jvmtigen align`. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "cmd/pot.h"
#include "util/suggest.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit/template.h"
#include "i18n/po_out.h"
#include "i18n/prose.h"
#include "model/model.h"
#include "util/diag.h"
#include "util/outfile.h"
#include "util/path.h"


static const char *const ui_templates[] = { "jvmti.html.tmpl", "site.html.tmpl" };

static int usage_error(const char *msg, const char *arg)
{
    return jt_usage_error("pot", msg, arg);
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

/* ---- the two templates --------------------------------------------------------- */

typedef struct prose_arg {
    jt_po_out *p;
    const char *file;
} prose_arg;

static void add_unit(void *arg, const char *ctx, const char *msgid, const char *what, int line)
{
    prose_arg *a = arg;
    jt_po_out_add(a->p, ctx, msgid, NULL, false, what, NULL, a->file, line);
}

static int prose_pot(const char *spec_path, const char *out, bool quiet)
{
    jt_load_options lo = { .quiet_warnings = quiet };
    jt_spec *spec = jt_spec_load(spec_path, &lo);
    if (!spec)
        return 1;
    jt_po_out *p = jt_po_out_new(NULL);
    prose_arg a = { p, jt_basename(spec_path) };
    jt_prose_units(spec, add_unit, &a);
    int rc = jt_po_out_write(p, out);
    jt_po_out_free(p);
    jt_spec_free(spec);
    return rc;
}

static int ui_pot(const char *out)
{
    jt_po_out *p = jt_po_out_new(NULL);
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
            jt_po_out_add(p, m[k].ctx, m[k].msgid, NULL, false,
                          m[k].ctx ? "a sentence of the page: keep its {{slots}} and markup" : NULL, NULL,
                          m[k].file, m[k].line);
    }
    if (rc == 0)
        rc = jt_po_out_write(p, out);
    for (size_t i = 0; i < sizeof ui_templates / sizeof *ui_templates; i++)
        jt_tpl_free(ts[i]);
    jt_po_out_free(p);
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
