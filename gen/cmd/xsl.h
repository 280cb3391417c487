/* xsl.h — `jvmtigen --xsl=STYLESHEET`: OpenJDK's GensrcJvmti step (its
 * jvmtiGen tool) done with libxslt. */
#ifndef JVMTIGEN_XSL_H
#define JVMTIGEN_XSL_H

#include "cmd/cli.h"

/* Load cli->spec_path through the model (a bad spec stops here), apply
 * cli->xsl_path with cli->params, write the result to cli->xsl_output in
 * cli->outdir or to standard output, whole or not at all.  Returns the
 * exit status (JT_EXIT_OK or JT_EXIT_FAIL). */
int jt_xsl_run(const jt_cli *cli);

#endif
