/* align.c — `jvmtigen align [-o FILE.po] [--lang=LL] [--report=FILE]
 * SPEC.xml TEXT`: the units of `jvmtigen pot` with the translation the
 * text of a translated page gives them, as a PO catalog for
 * --translations.
 *
 * The placing is i18n/align.c's (its design is at its top); this file
 * reads the inputs, writes the catalog through i18n/po_out.c
 * (libgettextpo) and says how much was placed: per part of the spec, the
 * units placed with confidence, placed as fuzzy, and not placed.  A unit
 * not placed is left out of the catalog (the page shows its English); a
 * fuzzy one is written with the reason in a translator's comment, and
 * translates nothing until someone checks it and drops the flag.
 * --report writes one line per unit (tab-separated: msgctxt, part,
 * placed|fuzzy|missing, the text's line, the reason) for whoever checks. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "cmd/align.h"
#include "util/suggest.h"
#include "util/outfile.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "i18n/align.h"
#include "i18n/po_out.h"
#include "i18n/rtext.h"
#include "model/model.h"
#include "util/diag.h"
#include "util/path.h"

static int usage_error(const char *msg, const char *arg)
{
    return jt_usage_error("align", msg, arg);
}

static void usage(FILE *f)
{
    fputs("Usage: jvmtigen align [-o FILE.po] [--lang=LL] [--report=FILE] [-q] SPEC.xml TEXT\n"
          "Make a PO catalog for --translations from TEXT, the plain text of the spec's\n"
          "page in another language (in the page's order, without markup): each unit of\n"
          "`jvmtigen pot SPEC.xml` that can be tied to the text by what a translation\n"
          "does not translate (identifiers, numbers, prototypes, the tables' keys, the\n"
          "order of sections) gets that text, with the spec's markup put back.  A unit\n"
          "placed without confidence is marked fuzzy (with the reason); one not found is\n"
          "left out.  Prints how many units were placed, per part of the spec.\n\n"
          "Options:\n"
          "  -o, --output=FILE  write the catalog to FILE (default: standard output)\n"
          "      --lang=LL      the catalog's language (default: zh_CN)\n"
          "      --report=FILE  one line per unit: msgctxt, part, placed|fuzzy|missing,\n"
          "                     line in TEXT, reason (tab-separated)\n"
          "  -q, --quiet        do not print the loader's warnings nor the coverage\n"
          "      --help         print this help and exit\n\n"
          "Exit status: 0 written, 1 a spec or text that does not load or a failed write,\n"
          "2 bad usage.\n", f);
}

static int write_report(const jt_alignment *al, const char *path)
{
    if (jt_out_replaceable(path) != 0)
        return 1;
    char *tmp = malloc(strlen(path) + 16);
    if (!tmp)
        jt_fatal("out of memory");
    sprintf(tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        jt_diag(JT_DIAG_ERROR, path, 0, "cannot write the report");
        free(tmp);
        return 1;
    }
    for (size_t i = 0; i < al->n; i++) {
        const jt_aunit *u = &al->units[i];
        fprintf(f, "%s\t%s\t%s\t%d\t%s\n", u->ctx, jt_align_part_name(u->part),
                !u->msgstr ? "missing" : u->fuzzy ? "fuzzy" : "placed", u->text_line,
                u->msgstr && !u->fuzzy ? "" : u->why ? u->why : "");
    }
    int rc = 0;
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        jt_diag(JT_DIAG_ERROR, path, 0, "cannot write the report");
        unlink(tmp);
        rc = 1;
    }
    free(tmp);
    return rc;
}

static void print_coverage(const jt_alignment *al, FILE *f)
{
    size_t n[JT_NPARTS] = { 0 }, placed[JT_NPARTS] = { 0 }, fuzzy[JT_NPARTS] = { 0 };
    size_t tn = 0, tp = 0, tf = 0;
    for (size_t i = 0; i < al->n; i++) {
        const jt_aunit *u = &al->units[i];
        bool page = u->part != JT_PART_HIDDEN;     /* "all": the units on the page */
        n[u->part]++, tn += page;
        if (u->msgstr && !u->fuzzy)
            placed[u->part]++, tp += page;
        else if (u->msgstr)
            fuzzy[u->part]++, tf += page;
    }
    fprintf(f, "%-14s %6s %7s %6s %8s %8s\n", "part", "units", "placed", "fuzzy", "missing", "placed%");
    for (int p = 0; p < JT_NPARTS; p++)
        if (n[p] && p != JT_PART_HIDDEN)
            fprintf(f, "%-14s %6zu %7zu %6zu %8zu %7.1f%%\n", jt_align_part_name((jt_align_part)p), n[p],
                    placed[p], fuzzy[p], n[p] - placed[p] - fuzzy[p], 100.0 * (double)placed[p] / (double)n[p]);
    fprintf(f, "%-14s %6zu %7zu %6zu %8zu %7.1f%%\n", "all", tn, tp, tf, tn - tp - tf,
            tn ? 100.0 * (double)tp / (double)tn : 0.0);
    if (n[JT_PART_HIDDEN])      /* apart: the rendered page leaves them out */
        fprintf(f, "%-14s %6zu %7zu %6zu %8zu %7s\n", jt_align_part_name(JT_PART_HIDDEN), n[JT_PART_HIDDEN],
                placed[JT_PART_HIDDEN], fuzzy[JT_PART_HIDDEN],
                n[JT_PART_HIDDEN] - placed[JT_PART_HIDDEN] - fuzzy[JT_PART_HIDDEN], "-");
}

int jt_align_main(int argc, char **argv)
{
    enum { OPT_HELP = 1000, OPT_LANG, OPT_REPORT };
    static const struct option opts[] = {
        { "output", required_argument, NULL, 'o' },
        { "lang", required_argument, NULL, OPT_LANG },
        { "report", required_argument, NULL, OPT_REPORT },
        { "quiet", no_argument, NULL, 'q' },
        { "help", no_argument, NULL, OPT_HELP },
        { 0 },
    };
    const char *out = NULL, *lang = "zh_CN", *report = NULL;
    bool quiet = false;
    opterr = 0;
    optind = 1;
    int c, prev = optind;
    for (; (c = getopt_long(argc, argv, ":o:q", opts, NULL)) != -1; prev = optind) {
        switch (c) {
        case 'o':
            if (!*optarg)
                return usage_error("-o needs a file name", NULL);
            out = optarg;
            break;
        case OPT_LANG:
            if (!*optarg || strspn(optarg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-@") !=
                                strlen(optarg))
                return usage_error("--lang needs a language code such as zh_CN, not ", optarg);
            lang = optarg;
            break;
        case OPT_REPORT:
            if (!*optarg)
                return usage_error("--report needs a file name", NULL);
            report = optarg;
            break;
        case 'q':
            quiet = true;
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
    if (optind + 2 > argc)
        return usage_error(optind >= argc ? "no SPEC.xml given" : "no TEXT given (the translated page's text)",
                           NULL);
    if (optind + 2 < argc)
        return usage_error("one SPEC.xml and one TEXT; unexpected ", argv[optind + 2]);
    const char *spec_path = argv[optind], *text_path = argv[optind + 1];

    jt_rtext *text = jt_rtext_load(text_path);
    if (!text)
        return 1;
    jt_load_options lo = { .quiet_warnings = quiet };
    jt_spec *spec = jt_spec_load(spec_path, &lo);
    if (!spec) {
        jt_rtext_free(text);
        return 1;
    }
    jt_alignment *al = jt_align(spec, text);

    jt_po_out *po = jt_po_out_new(lang);
    const char *base = jt_basename(spec_path);
    for (size_t i = 0; i < al->n; i++) {
        const jt_aunit *u = &al->units[i];
        if (!u->msgstr)
            continue;
        char note[300];
        if (u->fuzzy)
            snprintf(note, sizeof note, "jvmtigen align: %s (text line %d)", u->why ? u->why : "not sure",
                     u->text_line);
        else
            snprintf(note, sizeof note, "jvmtigen align: text line %d", u->text_line);
        jt_po_out_add(po, u->ctx, u->msgid, u->msgstr, u->fuzzy, u->what, note, base, u->line);
    }
    int rc = jt_po_out_write(po, out);
    if (rc == 0 && report)
        rc = write_report(al, report);
    if (rc == 0 && !quiet)
        print_coverage(al, stderr);
    jt_po_out_free(po);
    jt_alignment_free(al);
    jt_spec_free(spec);
    jt_rtext_free(text);
    return rc;
}
