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

/* A stylesheet parameter: --param NAME=VALUE or -PARAM NAME VALUE. */
typedef struct jt_xsl_param {
    const char *name;               /* name_len bytes (not NUL-terminated with --param) */
    size_t name_len;
    const char *value;
} jt_xsl_param;

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
    const char *xsl_out_path;       /* jvmtiGen's -OUT FILE: dir and name in one */
    jt_xsl_param params[JT_CLI_MAX_PARAMS];
    int nparams;
    jt_html_options html;           /* --html-plain, --doc-base */
    /* --history=SPEC.xml: other versions' specs, for --wrapper's judgement
     * of the errors a VM of another version returns */
    const char *history[JT_CLI_MAX_HISTORY];
    int nhistory;
} jt_cli;

/* Parses argv: jvmtigen's own options, or OpenJDK jvmtiGen's (-IN SPEC
 * -XSL STYLESHEET -OUT FILE [-PARAM NAME VALUE]...), which a build passes
 * to its TOOL_JVMTI_GEN.  Returns -1 to go on, or an exit status:
 * JT_EXIT_OK after --help/--version, JT_EXIT_USAGE after a message on a
 * bad command line (an unknown option is named, with the closest known one). */
int jt_cli_parse(jt_cli *cli, int argc, char **argv);
void jt_cli_usage(FILE *f);

#endif
