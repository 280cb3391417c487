/* cli.c — parse jvmtigen's command line (see cli.h).
 *
 * The output selection flags (--header, --tables, ...) come from the
 * emitter table, so adding an emitter adds its flag and its --help line. */
#include "cmd/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "util/suggest.h"
#include "util/path.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.0"
#endif

enum { OPT_MAJOR = 1000, OPT_LINT, OPT_STDOUT, OPT_HELP, OPT_VERSION, OPT_XSL, OPT_PARAM, OPT_XSL_OUTPUT,
       OPT_EMITTER_BASE = 2000 };

/* Options of the HTML page (kept together, apart from the rest). */
enum { OPT_HTML_PLAIN = 3000, OPT_DOC_BASE, OPT_LANG, OPT_TRANSLATIONS };
#define HTML_OPTIONS                                                          \
    { "html-plain", no_argument, NULL, OPT_HTML_PLAIN },                      \
    { "doc-base", required_argument, NULL, OPT_DOC_BASE },                    \
    { "lang", required_argument, NULL, OPT_LANG },                            \
    { "translations", required_argument, NULL, OPT_TRANSLATIONS },
static const char html_usage[] =
    "      --html-plain         --html: the spec alone, without jvmtigen's additions\n"
    "                           (badges, jvmticheck check ids, search box)\n"
    "      --doc-base=URL       --html: base URL of the JDK documentation's specs/\n"
    "                           directory for the spec's links into it (default:\n"
    "                           docs.oracle.com for the spec's JDK); empty: relative\n"
    "                           links, for a page inside a JDK docs bundle\n"
    "      --lang=LL            --html: the page's own words (headings, captions,\n"
    "                           fixed sentences, search) in language LL (zh_CN)\n"
    "      --translations=FILE.po\n"
    "                           --html: the spec's prose from FILE.po where it has\n"
    "                           a current translation (see jvmtigen pot); with\n"
    "                           --lint: list its stale entries and those whose\n"
    "                           identifiers differ from the English\n";

/* The wrapper's option: the specs of other versions. */
enum { OPT_HISTORY = 3100 };
static const char wrapper_usage[] =
    "      --history=SPEC.xml   --wrapper: the spec of another JVM TI version\n"
    "                           (repeatable), so that an error the running VM\n"
    "                           returns is judged against its own version's spec\n";

void jt_cli_usage(FILE *f)
{
    fputs("Usage: jvmtigen [OPTIONS] SPEC.xml\n"
          "       jvmtigen --xsl=STYLESHEET [--param NAME=VALUE]... (--stdout | [-o DIR]\n"
          "                --xsl-output=NAME) SPEC.xml\n"
          "       jvmtigen -IN SPEC.xml -XSL STYLESHEET -OUT FILE [-PARAM NAME VALUE]...\n"
          "                (OpenJDK jvmtiGen's options: TOOL_JVMTI_GEN=jvmtigen)\n", f);
    for (int i = 0; i < jt_ncommands; i++)
        fprintf(f, "       jvmtigen %s %s\n", jt_commands[i].name, jt_commands[i].synopsis);
    fputs("Generate jvmti.h, name tables and more from the JVMTI specification (jvmti.xml);\n"
          "or report what changed between two versions of it (diff: exit 0 same, 1\n"
          "different, 2 error); write a site of several versions' pages (site), the\n"
          "gettext template of the spec's prose (pot), or print a recording of the\n"
          "jvmticheck shim (trace).  jvmtigen COMMAND --help tells more.\n\n"
          "Outputs (none given: all of them):\n", f);
    for (int i = 0; i < jt_nemitters; i++)
        fprintf(f, "      --%-16s %s (%s)\n", jt_emitters[i].option, jt_emitters[i].help,
                jt_emitters[i].outputs);
    fputs("\nOptions:\n"
          "  -o, --output-dir=DIR     write outputs into DIR (default: out)\n"
          "      --stdout             write the one output selected (a single file) to\n"
          "                           standard output instead\n"
          "      --major-version=N    JDK feature version the outputs declare, as the OpenJDK\n"
          "                           build's -PARAM majorversion; also picks that JDK's\n"
          "                           header conventions (default: from the spec:\n"
          "                           <specification majorversion> or its change history)\n"
          "      --lint               load and check the spec only; write nothing\n"
          "  -q, --quiet              do not print warnings\n"
          "      --xsl=STYLESHEET     apply an XSLT stylesheet to the spec, as OpenJDK's\n"
          "                           jvmtiGen does (its one output: --stdout, or\n"
          "                           --xsl-output=NAME in DIR)\n"
          "      --param NAME=VALUE   a string parameter of the stylesheet (repeatable)\n"
          "      --xsl-output=NAME    the file name of the stylesheet's output\n"
          "  -IN SPEC.xml -XSL STYLESHEET -OUT FILE [-PARAM NAME VALUE]...\n"
          "                           OpenJDK jvmtiGen's options, for its build's\n"
          "                           TOOL_JVMTI_GEN (JDK 8: XSLT): --xsl with -o and\n"
          "                           --xsl-output from FILE, whose directory is made;\n"
          "                           an input that is not a spec (the build's other\n"
          "                           XML) is transformed as it is\n", f);
    fputs(html_usage, f);
    fputs(wrapper_usage, f);
    fputs("      --help               print this help and exit\n"
          "      --version            print the version and exit\n\n"
          "Exit status: 0 success, 1 bad spec or stylesheet, or failed write; 2 bad usage.\n", f);
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("jvmtigen: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'jvmtigen --help' for more information.\n", stderr);
    return JT_EXIT_USAGE;
}

/* A parameter's name: NULL when fine, else a message format for the
 * option as typed. */
static const char *check_param_name(const jt_cli *cli, const char *name, size_t len)
{
    if (len == 0)
        return "%s: the parameter has no name";
    for (size_t i = 0; i < len; i++) {
        int c = (unsigned char)name[i];
        bool ok = c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                  (i > 0 && ((c >= '0' && c <= '9') || c == '-' || c == '.'));
        if (!ok)
            return "%s: the name is not an XSLT parameter name (letters, digits, _ - .)";
    }
    for (int i = 0; i < cli->nparams; i++)
        if (cli->params[i].name_len == len && memcmp(cli->params[i].name, name, len) == 0)
            return "%s: that parameter is already given";
    if (cli->nparams == JT_CLI_MAX_PARAMS)
        return "%s: too many parameters";
    return NULL;
}

/* --param NAME=VALUE: NULL when fine, else a message format for the value. */
static const char *check_param(const jt_cli *cli, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return "--param %s: expected NAME=VALUE";
    const char *bad = check_param_name(cli, arg, (size_t)(eq - arg));
    if (!bad)
        return NULL;
    static char fmt[160];
    snprintf(fmt, sizeof fmt, "--param %s", bad);
    return fmt;
}

/* ---- unknown options ------------------------------------------------- */
/* Every option word jvmtigen knows, for "did you mean": the long options,
 * -o and -q, and jvmtiGen's. */
static const char *const jvmtigen_words[] = { "-IN", "-XSL", "-OUT", "-PARAM", NULL };

static int unknown_word(const char *word, const char *const *known, size_t nknown, const char *among)
{
    size_t len = strcspn(word, "=");
    const char *near = jt_suggest(word, known, nknown);
    fprintf(stderr, "jvmtigen: error: unknown option %.*s", (int)len, word);
    if (near)
        fprintf(stderr, " (did you mean %s?)", near);
    fprintf(stderr, "%s\nTry 'jvmtigen --help' for more information.\n", among ? among : "");
    return JT_EXIT_USAGE;
}

/* ---- jvmtiGen's command line ----------------------------------------- */
/* OpenJDK's build runs $(TOOL_JVMTI_GEN) -IN SPEC -XSL STYLESHEET -OUT FILE
 * [-PARAM NAME VALUE]... (JDK 8: $(XSLT) ...): the same as --xsl with
 * -o and --xsl-output taken from FILE (its directory is created).  The
 * words must be exactly these; -q may go with them. */
static bool is_jvmtigen_word(const char *arg)
{
    for (size_t i = 0; jvmtigen_words[i]; i++)
        if (strcmp(arg, jvmtigen_words[i]) == 0)
            return true;
    return false;
}

static int parse_jvmtigen(jt_cli *cli, int argc, char **argv)
{
    static const char *const known[] = { "-IN", "-XSL", "-OUT", "-PARAM", "-q" };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = strcmp(a, "-IN") == 0    ? &cli->spec_path
                            : strcmp(a, "-XSL") == 0 ? &cli->xsl_path
                            : strcmp(a, "-OUT") == 0 ? &cli->xsl_out_path
                                                     : NULL;
        if (slot) {
            if (*slot)
                return usage_error("%s given twice", a);
            if (i + 1 >= argc || !*argv[i + 1])
                return usage_error(strcmp(a, "-OUT") == 0 ? "%s needs a file to write"
                                                          : "%s needs a file to read", a);
            *slot = argv[++i];
        } else if (strcmp(a, "-PARAM") == 0) {
            if (i + 2 >= argc)
                return usage_error("%s needs a name and a value (-PARAM NAME VALUE)", a);
            const char *name = argv[i + 1];
            const char *bad = check_param_name(cli, name, strlen(name));
            if (bad) {
                char shown[200];
                snprintf(shown, sizeof shown, "-PARAM %.150s", name);
                return usage_error(bad, shown);
            }
            cli->params[cli->nparams++] = (jt_xsl_param){ name, strlen(name), argv[i + 2] };
            i += 2;
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            cli->quiet = true;
        } else if (a[0] == '-' && a[1]) {
            return unknown_word(a, known, sizeof known / sizeof known[0],
                                ": with jvmtiGen's options, only -IN FILE, -XSL FILE, -OUT FILE, "
                                "-PARAM NAME VALUE and -q");
        } else {
            return usage_error("unexpected argument %s (jvmtiGen's options: -IN SPEC.xml -XSL "
                               "STYLESHEET -OUT FILE [-PARAM NAME VALUE]...)", a);
        }
    }
    const char *missing = !cli->spec_path ? "-IN SPEC.xml" : !cli->xsl_path ? "-XSL STYLESHEET"
                        : !cli->xsl_out_path ? "-OUT FILE" : NULL;
    if (missing)
        return usage_error("jvmtiGen's options need %s (-IN, -XSL and -OUT go together)", missing);
    size_t len = strlen(cli->xsl_out_path);
    const char *base = jt_basename(cli->xsl_out_path);
    if (cli->xsl_out_path[len - 1] == '/' || !strcmp(base, ".") || !strcmp(base, ".."))
        return usage_error("-OUT %s: expected a file, not a directory", cli->xsl_out_path);
    return -1;
}

/* The --xsl command: one output, its own options only. */
static int check_xsl(jt_cli *cli)
{
    if (!cli->xsl_path)
        return usage_error("%s", cli->nparams ? "--param needs --xsl=STYLESHEET"
                                              : "--xsl-output needs --xsl=STYLESHEET");
    if (cli->any_selected)
        return usage_error("%s", "--xsl writes one output, the stylesheet's: no --header, --html ... with it");
    if (cli->lint || cli->major_version)
        return usage_error("%s", cli->lint ? "--xsl and --lint do not go together"
                                           : "--xsl takes no --major-version (pass --param majorversion=N)");
    if (cli->to_stdout == (cli->xsl_output != NULL))
        return usage_error("%s", cli->to_stdout ? "--xsl: --stdout or --xsl-output=NAME, not both"
                                                : "--xsl needs --stdout or --xsl-output=NAME");
    return -1;
}

int jt_cli_parse(jt_cli *cli, int argc, char **argv)
{
    static const struct option fixed[] = {
        { "output-dir", required_argument, NULL, 'o' },
        { "major-version", required_argument, NULL, OPT_MAJOR },
        { "lint", no_argument, NULL, OPT_LINT },
        { "stdout", no_argument, NULL, OPT_STDOUT },
        { "quiet", no_argument, NULL, 'q' },
        { "help", no_argument, NULL, OPT_HELP },
        { "version", no_argument, NULL, OPT_VERSION },
        { "xsl", required_argument, NULL, OPT_XSL },
        { "param", required_argument, NULL, OPT_PARAM },
        { "xsl-output", required_argument, NULL, OPT_XSL_OUTPUT },
        { "history", required_argument, NULL, OPT_HISTORY },
        HTML_OPTIONS
    };
    enum { NFIXED = sizeof fixed / sizeof fixed[0] };
    struct option opts[NFIXED + JT_CLI_MAX_EMITTERS + 1];    /* + emitters + end */
    int nopts = NFIXED;
    memcpy(opts, fixed, sizeof fixed);
    for (int i = 0; i < jt_nemitters && i < JT_CLI_MAX_EMITTERS; i++)
        opts[nopts++] = (struct option){ jt_emitters[i].option, no_argument, NULL, OPT_EMITTER_BASE + i };
    opts[nopts] = (struct option){ 0 };

    memset(cli, 0, sizeof *cli);
    cli->outdir = "out";
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (is_jvmtigen_word(argv[i]))
            return parse_jvmtigen(cli, argc, argv);
    opterr = 0;
    optind = 1;
    int c, prev = optind;
    while ((c = getopt_long(argc, argv, ":o:q", opts, NULL)) != -1) {
        switch (c) {
        case 'o':
            if (!*optarg)
                return usage_error("%s", "--output-dir needs a directory");
            cli->outdir = optarg;
            break;
        case 'q':
            cli->quiet = true;
            break;
        case OPT_MAJOR: {
            char *end;
            long v = strtol(optarg, &end, 10);
            if (*end || v < 1 || v > 4095)
                return usage_error("--major-version=%s: expected a JDK feature version (1..4095)", optarg);
            cli->major_version = (int)v;
            break;
        }
        case OPT_LINT:
            cli->lint = true;
            break;
        case OPT_STDOUT:
            cli->to_stdout = true;
            break;
        case OPT_XSL:
            if (cli->xsl_path)
                return usage_error("%s", "--xsl given twice (one stylesheet a run)");
            if (!*optarg)
                return usage_error("%s", "--xsl needs a stylesheet file");
            cli->xsl_path = optarg;
            break;
        case OPT_PARAM: {
            const char *bad = check_param(cli, optarg);
            if (bad)
                return usage_error(bad, optarg);
            cli->params[cli->nparams++] = (jt_xsl_param){ optarg, strcspn(optarg, "="),
                                                          strchr(optarg, '=') + 1 };
            break;
        }
        case OPT_XSL_OUTPUT:
            if (!*optarg || strchr(optarg, '/') || !strcmp(optarg, ".") || !strcmp(optarg, ".."))
                return usage_error("--xsl-output=%s: expected a file name (the directory is -o DIR)", optarg);
            cli->xsl_output = optarg;
            break;
        case OPT_HELP:
            jt_cli_usage(stdout);
            return JT_EXIT_OK;
        case OPT_VERSION:
            printf("jvmtigen %s\n", PACKAGE_VERSION);
            return JT_EXIT_OK;
        case OPT_HTML_PLAIN:
            cli->html.plain = true;
            break;
        case OPT_DOC_BASE:
            cli->html.doc_base_set = true;
            cli->html.doc_base = optarg;
            break;
        case OPT_HISTORY:
            if (!*optarg)
                return usage_error("%s", "--history needs a spec file");
            if (cli->nhistory == JT_CLI_MAX_HISTORY)
                return usage_error("--history=%s: too many specs", optarg);
            cli->history[cli->nhistory++] = optarg;
            break;
        case OPT_LANG:
            if (!*optarg)
                return usage_error("%s", "--lang needs a language (en, zh_CN)");
            cli->html.lang = optarg;
            break;
        case OPT_TRANSLATIONS:
            if (!*optarg)
                return usage_error("%s", "--translations needs a PO file");
            cli->html.translations = optarg;
            break;
        case ':':
            return usage_error("option %s needs a value", argv[optind - 1]);
        case '?':
            return usage_error("%s", jt_unknown_option(argc, argv, prev, opts, "o:q", jvmtigen_words));
        default:
            if (c >= OPT_EMITTER_BASE && c < OPT_EMITTER_BASE + jt_nemitters) {
                cli->selected[c - OPT_EMITTER_BASE] = true;
                cli->any_selected = true;
            }
            break;
        }
        prev = optind;
    }
    if (optind >= argc)
        return usage_error("%s", "no SPEC.xml given");
    if (optind + 1 < argc)
        return usage_error("unexpected argument %s (one SPEC.xml at a time)", argv[optind + 1]);
    cli->spec_path = argv[optind];
    if (cli->xsl_path || cli->nparams || cli->xsl_output)
        return check_xsl(cli);
    if (cli->to_stdout) {
        int n = 0, one = -1;
        for (int i = 0; i < jt_nemitters; i++)
            if (cli->selected[i])
                n++, one = i;
        if (n != 1)
            return usage_error("%s", "--stdout needs exactly one output option (--header, --html ...)");
        if (strchr(jt_emitters[one].outputs, ' '))
            return usage_error("--stdout: --%s writes more than one file", jt_emitters[one].option);
    }
    if (!cli->any_selected)
        for (int i = 0; i < jt_nemitters; i++)
            cli->selected[i] = true;
    bool wrapper = false;
    for (int i = 0; i < jt_nemitters; i++)
        wrapper |= cli->selected[i] && strcmp(jt_emitters[i].option, "wrapper") == 0;
    if (cli->nhistory && !wrapper)
        return usage_error("%s", "--history goes with --wrapper (the other outputs take no history)");
    return -1;
}
