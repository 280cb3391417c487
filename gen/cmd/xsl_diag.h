/* xsl_diag.h — libxslt's and libxml2's messages as our diagnostics.
 *
 * libxslt prints through a printf-like callback, in pieces: a location
 * line ("compilation error: file F line N element E") and then the message.
 * Here the pieces are gathered into whole lines, each given the location it
 * belongs to, and kept until the phase (compiling, transforming) is over:
 * only then is it known whether they were errors (the phase failed) or
 * warnings, and each becomes one "file:line: level: message" line. */
#ifndef JVMTIGEN_XSL_DIAG_H
#define JVMTIGEN_XSL_DIAG_H

#include <libxslt/xsltInternals.h>

#include "util/diag.h"

/* Start collecting; file is the location of messages that carry none. */
void jt_xsl_diag_begin(const char *file);
/* Also collect a transform's messages; a non-terminating xsl:message is a
 * warning whatever the outcome (OpenJDK's stylesheets print progress
 * that way), one that terminates an error. */
void jt_xsl_diag_watch(xsltTransformContextPtr ctxt);
/* A message of ours while compiling (an import that may not be read): it
 * takes the place of libxslt's next location line, the xsl:import's. */
void jt_xsl_diag_note(const char *text);
/* Print what was collected, at level failed ? error : warning, and stop
 * collecting.  Returns how many lines were printed at error level. */
int jt_xsl_diag_end(int failed);

#endif
