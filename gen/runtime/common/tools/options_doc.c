/* options_doc.c — jvmticheck-options, a build-time tool: the shim's
 * options table (jc_options.c) as documentation, so that the man page and
 * the docs are made from the rows the parser uses and never copied by hand.
 *
 *   jvmticheck-options check
 *       every row has a help line and a default, and each default that is
 *       a value (a word, a number) parses to what the parser sets when the
 *       option is not given;
 *   jvmticheck-options man <doc/jvmticheck.7.in >doc/jvmticheck.7
 *       each line "@OPTION NAME@" becomes the option's .TP entry (the
 *       option and its words or argument, its help line, its default); the
 *       page's own prose may follow it.  Every shim option must have
 *       exactly one such line (make runs this);
 *   jvmticheck-options md jvmti|transport <doc/PAGE.md >PAGE.new
 *       the lines between the page's markers "<!-- options table -->" and
 *       "<!-- end of options table -->" become the interface's table
 *       (tests/docs/options-doc.sh fails while a page differs from this).
 *
 * Not installed; linked with jc_options.c alone, as the launcher is; kept
 * out of the runtime's own folder (the e2e helper compiles all of it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_option_doc.h"

#define MD_BEGIN "<!-- options table -->"
#define MD_END "<!-- end of options table -->"

static const char *prog = "jvmticheck-options";

static bool is_word(const jc_option_doc *d, const char *s)
{
    for (size_t i = 0; d->words[i]; i++)
        if (strcmp(d->words[i], s) == 0)
            return true;
    return false;
}

static bool is_number(const char *s)
{
    return *s && strspn(s, "0123456789") == strlen(s);
}

/* ---- check ---------------------------------------------------------------- */

static int same_options(const jc_options *a, const jc_options *b)
{
    return a->format == b->format && a->trace == b->trace && a->check == b->check && a->deep == b->deep
           && a->leaks == b->leaks && a->summary == b->summary && a->addresses == b->addresses
           && a->portability == b->portability && a->halt == b->halt && a->repeat == b->repeat
           && a->stack == b->stack && a->gen_suppressions == b->gen_suppressions && a->names == b->names
           && a->help == b->help && a->exitcode == b->exitcode;
}

/* A default that is a value must be what the parser sets without the option. */
static int check_default(const jc_option_doc *d, enum jc_iface_id iface)
{
    const char *v = jc_option_doc_default(d, iface);
    if (!(d->ifaces & iface) || !(is_word(d, v) || (d->arg && strcmp(d->arg, "N") == 0 && is_number(v))))
        return 0;
    char text[200], err[400];
    snprintf(text, sizeof text, "%s=%s", d->name, v);
    jc_options none, given;
    if (jc_options_parse_for(iface, "", false, &none, err, sizeof err) != 0
        || jc_options_parse_for(iface, text, false, &given, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s: %s\n", prog, text, err);
        return 1;
    }
    int bad = !same_options(&none, &given);
    if (bad)
        fprintf(stderr, "%s: row '%s': its default '%s' is not what the parser sets without it%s\n", prog,
                d->name, v, iface == JC_IFACE_TRANSPORT ? " (libdt_check)" : "");
    jc_options_free(&none);
    jc_options_free(&given);
    return bad;
}

static int check(void)
{
    int bad = 0;
    jc_option_doc d;
    for (size_t i = 0; jc_option_doc_at(i, &d); i++) {
        if (!d.help || !*d.help) {
            fprintf(stderr, "%s: row '%s' has no help text\n", prog, d.name);
            bad = 1;
        }
        if (!d.dflt || !*d.dflt) {
            fprintf(stderr, "%s: row '%s' has no default\n", prog, d.name);
            bad = 1;
        }
        if (!d.arg && !d.words[0]) {
            fprintf(stderr, "%s: row '%s' has neither an argument nor words\n", prog, d.name);
            bad = 1;
        }
        if (bad)
            continue;
        bad |= check_default(&d, JC_IFACE_JVMTI) | check_default(&d, JC_IFACE_TRANSPORT);
    }
    return bad;
}

/* ---- man ------------------------------------------------------------------ */

/* Text for roff: a backslash as \e, '-' as \- (a minus, not a hyphen). */
static void roff(const char *s)
{
    for (; *s; s++)
        fputs(*s == '\\' ? "\\e" : *s == '-' ? "\\-" : (char[2]){ *s, 0 }, stdout);
}

/* The option in bold, an argument's metavariables in italics, its
 * brackets roman: \fBonly=\fIGLOB\fR[\fB+\fIGLOB\fR...] */
static void man_label(const jc_option_doc *d)
{
    printf("\\fB%s", d->name);
    if (d->arg && !*d->arg) {
        printf("\\fR\n");
        return;
    }
    printf("=");
    if (!d->arg) {
        printf("\\fR{");
        for (size_t i = 0; d->words[i]; i++)
            printf("%s\\fB%s\\fR", i ? "|" : "", d->words[i]);
        printf("}\n");
        return;
    }
    char font = 'B';
    for (const char *p = d->arg; *p; p++) {
        char want = (*p >= 'A' && *p <= 'Z') ? 'I' : (*p == '+' || *p == '=') ? 'B' : 'R';
        if (want != font)
            printf("\\f%c", font = want);
        roff((char[2]){ *p, 0 });
    }
    printf("\\fR\n");
}

static void man_entry(const jc_option_doc *d)
{
    printf(".TP\n");
    man_label(d);
    char first[2] = { (char)(d->help[0] >= 'a' && d->help[0] <= 'z' ? d->help[0] - 'a' + 'A' : d->help[0]), 0 };
    roff(first);
    roff(d->help + 1);
    printf(".\nDefault: ");
    roff(jc_option_doc_default(d, JC_IFACE_JVMTI));
    printf(".\n");
}

static int find_row(const char *name, size_t n, jc_option_doc *d)
{
    for (size_t i = 0; jc_option_doc_at(i, d); i++)
        if ((d->ifaces & JC_IFACE_JVMTI) && strlen(d->name) == n && strncmp(d->name, name, n) == 0)
            return (int)i;
    return -1;
}

static int man(const char *in)
{
    int seen[64] = { 0 }, bad = 0;
    char line[4096];
    for (unsigned lineno = 1; fgets(line, sizeof line, stdin); lineno++) {
        jc_option_doc d;
        if (strncmp(line, "@OPTION ", 8) != 0) {
            fputs(line, stdout);
            continue;
        }
        const char *name = line + 8, *end = strchr(name, '@');
        int i = end ? find_row(name, (size_t)(end - name), &d) : -1;
        if (i < 0 || i >= 64) {
            fprintf(stderr, "%s:%u: error: '%.*s' is no option of the shim's table (gen/runtime/common/jc_options.c)\n", in,
                    lineno, (int)strcspn(name, "@\n"), name);
            bad = 1;
        } else if (seen[i]++) {
            fprintf(stderr, "%s:%u: error: option '%s' is already described\n", in, lineno, d.name);
            bad = 1;
        } else
            man_entry(&d);
    }
    jc_option_doc d;
    for (size_t i = 0; jc_option_doc_at(i, &d); i++)
        if ((d.ifaces & JC_IFACE_JVMTI) && i < 64 && !seen[i]) {
            fprintf(stderr, "%s: error: option '%s' has no line '@OPTION %s@'\n", in, d.name, d.name);
            bad = 1;
        }
    return bad;
}

/* ---- md ------------------------------------------------------------------- */

/* A table cell's text: a '|' would end the cell. */
static void md(const char *s)
{
    for (; *s; s++)
        fputs(*s == '|' ? "\\|" : (char[2]){ *s, 0 }, stdout);
}

static void md_row(const jc_option_doc *d, enum jc_iface_id iface)
{
    printf("| `");
    md(d->name);
    if (!d->arg || *d->arg)
        printf("=");
    if (d->arg)
        md(d->arg);
    printf("` | ");
    if (d->arg)
        md(d->expected);
    for (size_t i = 0; !d->arg && d->words[i]; i++)
        printf("%s`%s`", i ? ", " : "", d->words[i]);
    if (d->joined)
        printf(", or several joined by `+`");
    const char *v = jc_option_doc_default(d, iface);
    printf(is_word(d, v) || is_number(v) ? " | `" : " | ");
    md(v);
    printf(is_word(d, v) || is_number(v) ? "` | " : " | ");
    md(d->help);
    printf(" |\n");
}

static int markdown(const char *which)
{
    enum jc_iface_id iface = strcmp(which, "jvmti") == 0 ? JC_IFACE_JVMTI
                             : strcmp(which, "transport") == 0 ? JC_IFACE_TRANSPORT : 0;
    if (!iface) {
        fprintf(stderr, "%s: md: unknown interface '%s' (expected jvmti or transport)\n", prog, which);
        return 2;
    }
    char line[8192];
    int state = 0;              /* 0 before the table, 1 in it, 2 after */
    while (fgets(line, sizeof line, stdin)) {
        if (state == 1 && strncmp(line, MD_END, strlen(MD_END)) != 0)
            continue;
        fputs(line, stdout);
        if (state == 0 && strncmp(line, MD_BEGIN, strlen(MD_BEGIN)) == 0) {
            state = 1;
            printf("| option | values | default | what it does |\n|---|---|---|---|\n");
            jc_option_doc d;
            for (size_t i = 0; jc_option_doc_at(i, &d); i++)
                if (d.ifaces & iface)
                    md_row(&d, iface);
        } else if (state == 1)
            state = 2;
    }
    if (state != 2) {
        fprintf(stderr, "%s: md: no '%s' ... '%s' lines in the page\n", prog, MD_BEGIN, MD_END);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "check") == 0)
        return check();
    if (argc >= 2 && argc <= 3 && strcmp(argv[1], "man") == 0)
        return man(argc == 3 ? argv[2] : "<stdin>");
    if (argc == 3 && strcmp(argv[1], "md") == 0)
        return markdown(argv[2]);
    fprintf(stderr, "usage: %s check | man [NAME] <IN >OUT | md jvmti|transport <PAGE >OUT\n", prog);
    return 2;
}
