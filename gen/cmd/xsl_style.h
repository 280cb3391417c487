/* xsl_style.h — load and compile an XSLT stylesheet, safely, the way
 * OpenJDK's jvmtiGen would accept it.
 *
 * The stylesheet is outside input.  It is read by us (util/readfile.h),
 * parsed without the network, without an external DTD or external
 * entities; its xsl:import/xsl:include and document() may read files under
 * its own directory only, and a transform may write nothing.  Before
 * compiling, text that Java's XSLT ignores but libxslt rejects is dropped
 * with a warning (see xsl_style.c). */
#ifndef JVMTIGEN_XSL_STYLE_H
#define JVMTIGEN_XSL_STYLE_H

#include <stddef.h>

#include <libxslt/xsltInternals.h>

/* The compiled stylesheet at path, or NULL after "file:line: error:"
 * messages.  Free with xsltFreeStylesheet(). */
xsltStylesheetPtr jt_xsl_style_load(const char *path);
/* The same from memory: name is its file name in messages and the base of
 * its relative imports; they are confined to dir (NULL: read none). */
xsltStylesheetPtr jt_xsl_style_load_memory(const char *buf, size_t len, const char *name,
                                           const char *dir);
/* An input document that is not a spec, parsed as safely as a stylesheet
 * (internal DTD only, its attribute defaults applied), or NULL after
 * "file:line: error:" messages. */
xmlDocPtr jt_xsl_parse_input(const char *buf, size_t len, const char *name);
/* Apply the confinement to a transform: no writing, no network, reading
 * only under the stylesheet's directory.  0 on success. */
int jt_xsl_style_secure(xsltTransformContextPtr ctxt);

#endif
