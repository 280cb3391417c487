/* site.c — `jvmtigen site`: load every spec given, order them by version,
 * diff each with the one before (gen/analyze/diff.c), then write one
 * jvmti.html per version into DIR/LABEL/ (the HTML emitter, told about the
 * other versions and what changed in each) plus the index and the changes
 * pages (gen/emit/emit_site.c).  All files are published together at the
 * end, or none (util/outfile.h).
 *
 * LABEL is the JDK feature version for specs that carry one (JDK 9 and
 * later: major >= 9), else the spec's own version ("1.2.3" for JDK 8),
 * since before JDK 9 JVM TI numbered its versions apart from the JDK's. */
#include "cmd/site.h"
#include "util/suggest.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/diff.h"
#include "analyze/lint.h"
#include "emit/emit.h"
#include "emit/site.h"
#include "i18n/lang.h"
#include "i18n/prose.h"
#include "model/model.h"
#include "util/diag.h"
#include "util/outfile.h"
#include "model/version.h"

#define MAX_VERSIONS 32

typedef struct version {
    const char *path;
    jt_spec *spec;
    int major, minor, micro;
    char label[32];
} version;

static int usage_error(const char *msg, const char *arg)
{
    return jt_usage_error("site", msg, arg);
}

static void usage(FILE *f)
{
    fputs("Usage: jvmtigen site [-o DIR] [-q] [--html-plain] [--doc-base=URL] [--lang=LL]\n"
          "                     [--translations=FILE.po] SPEC.xml...\n"
          "Write the HTML page of each spec into DIR/VERSION/jvmti.html with a version\n"
          "switcher and \"changed in\" badges, DIR/changes-OLD-NEW.html for consecutive\n"
          "versions, and DIR/index.html.\n\n"
          "Options:\n"
          "  -o, --output-dir=DIR  where the site goes (default: site)\n"
          "  -q, --quiet           do not print the loader's warnings\n"
          "      --html-plain      pages of the spec alone (no badges, checks, search,\n"
          "                        legend); the version switcher stays\n"
          "      --doc-base=URL    base of the spec's links into the JDK docs (empty:\n"
          "                        relative), as for jvmtigen --html\n"
          "      --lang=LL         the pages' own words in language LL (zh_CN)\n"
          "      --translations=FILE.po\n"
          "                        the spec's prose from FILE.po where it has a current\n"
          "                        translation (one file may serve every version)\n"
          "      --help            print this help and exit\n\n"
          "Exit status: 0 written, 1 a spec that does not load or a failed write, 2 bad usage.\n", f);
}

static int by_version(const void *a, const void *b)
{
    const version *x = a, *y = b;
    if (x->major != y->major)
        return x->major < y->major ? -1 : 1;
    if (x->minor != y->minor)
        return x->minor < y->minor ? -1 : 1;
    return x->micro < y->micro ? -1 : x->micro > y->micro;
}

/* The changes that mark a definition "changed in" a version: kinds the
 * pages badge, and not the definition's arrival (its "since" says that). */
static bool badged(const jt_delta *d)
{
    static const char *const kinds[] = { "function", "event", "capability" };
    if (strcmp(d->change, "added") == 0 && !d->aspect)
        return false;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(d->kind, kinds[i]) == 0)
            return true;
    return false;
}

int jt_site_main(int argc, char **argv)
{
    enum { OPT_PLAIN = 1000, OPT_DOC_BASE, OPT_LANG, OPT_TRANSLATIONS };
    static const struct option opts[] = {
        { "output-dir", required_argument, NULL, 'o' },
        { "quiet", no_argument, NULL, 'q' },
        { "help", no_argument, NULL, 'h' },
        { "html-plain", no_argument, NULL, OPT_PLAIN },
        { "doc-base", required_argument, NULL, OPT_DOC_BASE },
        { "lang", required_argument, NULL, OPT_LANG },
        { "translations", required_argument, NULL, OPT_TRANSLATIONS },
        { NULL, 0, NULL, 0 },
    };
    const char *dir = "site";
    bool quiet = false;
    jt_html_options html = { 0 };
    opterr = 0;
    optind = 1;
    int ch;
    int prev = optind;
    for (; (ch = getopt_long(argc, argv, ":o:q", opts, NULL)) != -1; prev = optind) {
        switch (ch) {
        case 'o':
            if (!*optarg)
                return usage_error("--output-dir needs a directory", NULL);
            dir = optarg;
            break;
        case 'q':
            quiet = true;
            break;
        case 'h':
            usage(stdout);
            return 0;
        case OPT_PLAIN:
            html.plain = true;
            break;
        case OPT_DOC_BASE:
            html.doc_base_set = true;
            html.doc_base = optarg;
            break;
        case OPT_LANG:
            if (!*optarg)
                return usage_error("--lang needs a language (en, zh_CN)", NULL);
            html.lang = optarg;
            break;
        case OPT_TRANSLATIONS:
            if (!*optarg)
                return usage_error("--translations needs a PO file", NULL);
            html.translations = optarg;
            break;
        case ':':
            return usage_error("option needs a value: ", argv[optind - 1]);
        default:
            return usage_error(jt_unknown_option(argc, argv, prev, opts, "o:q", NULL), NULL);
        }
    }
    int n = argc - optind;
    if (n < 1)
        return usage_error("no SPEC.xml given", NULL);
    if (n > MAX_VERSIONS)
        return usage_error("too many specs (at most 32)", NULL);

    jt_catalog *ui = NULL, *tcat = NULL;
    int rc = html.lang ? jt_lang_load(html.lang, &ui) : 0;
    if (rc != 0)
        return rc;
    if (html.translations && !(tcat = jt_catalog_load(html.translations))) {
        jt_catalog_free(ui);
        return 1;
    }
    html.ui = ui;
    version v[MAX_VERSIONS] = { 0 };
    jt_prose *prose[MAX_VERSIONS] = { 0 };
    jt_load_options lo = { .quiet_warnings = quiet };
    rc = 1;
    jt_delta_list deltas[MAX_VERSIONS] = { 0 };
    jt_site_change *changes = NULL;
    size_t nchanges = 0;
    for (int i = 0; i < n; i++) {
        v[i].path = argv[optind + i];
        v[i].spec = jt_spec_load(v[i].path, &lo);
        if (!v[i].spec)
            goto out;
        if (jt_lint_at(v[i].spec, JT_DIAG_ERROR) != 0) {
            jt_diag(JT_DIAG_ERROR, v[i].path, 0, "not generating from a spec with errors (--lint lists all findings)");
            goto out;
        }
        jt_spec_version(v[i].spec, 0, &v[i].major, &v[i].minor, &v[i].micro);
        jt_version_label(v[i].label, sizeof v[i].label, v[i].major, v[i].minor, v[i].micro);
    }
    qsort(v, (size_t)n, sizeof v[0], by_version);
    for (int i = 0; i < n && tcat; i++)
        if (!(prose[i] = jt_prose_load(v[i].spec, tcat)))
            goto out;
    int stale = tcat ? jt_prose_stale(prose[0], false) : 0;
    if (stale)
        jt_diag(JT_DIAG_WARNING, html.translations, 0,
                "%d entr%s no English of any of the specs: the pages show the English there "
                "(jvmtigen --lint --translations lists them for one spec)", stale, stale == 1 ? "y matches" : "ies match");
    for (int i = 1; i < n; i++)
        if (strcmp(v[i].label, v[i - 1].label) == 0) {
            jt_diag(JT_DIAG_ERROR, v[i].path, 0, "version %s given twice (also %s)", v[i].label, v[i - 1].path);
            goto out;
        }

    const char *labels[MAX_VERSIONS];
    size_t counts[MAX_VERSIONS] = { 0 };
    for (int i = 0; i < n; i++)
        labels[i] = v[i].label;
    for (int i = 1; i < n; i++) {
        jt_diff_specs(v[i - 1].spec, v[i].spec, &deltas[i]);
        counts[i] = deltas[i].n;
        for (size_t k = 0; k < deltas[i].n; k++) {
            if (!badged(&deltas[i].items[k]))
                continue;
            jt_site_change *grown = realloc(changes, (nchanges + 1) * sizeof *changes);
            if (!grown) {
                jt_diag(JT_DIAG_ERROR, NULL, 0, "out of memory");
                goto out;
            }
            changes = grown;
            changes[nchanges++] = (jt_site_change){ deltas[i].items[k].kind, deltas[i].items[k].name, i };
        }
    }

    if (jt_out_dir(dir) != 0)         /* with its parents */
        goto out;
    int ok = 1;
    jt_site_info site = { labels, n, 0, changes, nchanges };
    for (int i = 0; i < n && ok; i++) {
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/%s", dir, v[i].label);
        if (jt_out_dir(sub) != 0) {
            ok = 0;
            break;
        }
        site.current = i;
        jt_emit_ctx ctx = { .spec = v[i].spec, .outdir = sub, .html = html };
        ctx.major = v[i].major, ctx.minor = v[i].minor, ctx.micro = v[i].micro;
        ctx.html.site = &site;
        ctx.html.prose = prose[i];
        if (jt_emit_html(&ctx) != 0)
            ok = 0;
    }
    for (int i = 1; i < n && ok; i++)
        if (jt_emit_site_changes(dir, &site, i, &deltas[i], ui) != 0)
            ok = 0;
    if (ok && jt_emit_site_index(dir, &site, counts, ui) != 0)
        ok = 0;
    rc = jt_out_finish(ok) == 0 && ok ? 0 : 1;
out:
    for (int i = 0; i < n; i++) {
        jt_delta_list_free(&deltas[i]);
        jt_prose_free(prose[i]);
        jt_spec_free(v[i].spec);
    }
    free(changes);
    jt_catalog_free(tcat);
    jt_catalog_free(ui);
    return rc;
}
