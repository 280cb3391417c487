/* cli.h — command-line parsing for jvmtigen (kept out of main.c so it can be
 * unit-tested and so main.c stays a short list of steps). */
#ifndef JVMTIGEN_CLI_H
#define JVMTIGEN_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "emit/emit.h"

#define JT_EXIT_OK 0
#define JT_EXIT_FAIL 1      /* bad spec, failed write */
#define JT_EXIT_USAGE 2     /* bad command line */

#define JT_CLI_MAX_EMITTERS 16
#define JT_CLI_MAX_PARAMS 32
#define JT_CLI_MAX_HISTORY 16

typedef struct jt_cli {
    const char *spec_path;
    const char *outdir;             /* default "out" */
    int major_version;              /* 0: from the spec */
    bool lint;                      /* load and check only */
    bool quiet;                     /* no warnings */
    bool to_stdout;                 /* the one selected output to stdout */
    bool selected[JT_CLI_MAX_EMITTERS]; /* by index into jt_emitters; none = all */
    bool any_selected;
    /* --xsl: apply a stylesheet instead of the emitters (cmd/xsl.h) */
    const char *xsl_path;
    const char *xsl_output;         /* file name in outdir; NULL with --stdout */
    const char *params[JT_CLI_MAX_PARAMS];  /* "NAME=VALUE", as given */
    int nparams;
    jt_html_options html;           /* --html-plain, --doc-base */
    /* --history=SPEC.xml: other versions' specs, for --wrapper's judgement
     * of the errors a VM of another version returns */
    const char *history[JT_CLI_MAX_HISTORY];
    int nhistory;
} jt_cli;

/* Parses argv.  Returns -1 to go on, or an exit status: JT_EXIT_OK after
 * --help/--version, JT_EXIT_USAGE after a message on a bad command line. */
int jt_cli_parse(jt_cli *cli, int argc, char **argv);
void jt_cli_usage(FILE *f);

#endif
