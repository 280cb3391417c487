/* xsl_collate.h — xsl:sort the way OpenJDK's jvmtiGen sorts.
 *
 * jvmtiGen runs on Java's XSLT (XSLTC), which compares text sort keys with
 * java.text.Collator for the default locale (en_US in the OpenJDK build),
 * not by code point as libxslt does: "VirtualThreadEnd" sorts before
 * "VMDeath" there.  jt_collate() is that comparison, jt_xsl_sort() the
 * libxslt sort function that uses it. */
#ifndef JVMTIGEN_XSL_COLLATE_H
#define JVMTIGEN_XSL_COLLATE_H

#include <libxslt/xsltInternals.h>

/* <0, 0, >0 as a sorts before, with, after b under Java's en_US Collator
 * (strength TERTIARY, no decomposition).  Exact for ASCII; other
 * characters (UTF-8) come after all of ASCII, by code point. */
int jt_collate(const char *a, const char *b);

/* An xsltSortFunc (xsltSetCtxtSortFunc): sorts ctxt->nodeList by the
 * nbsorts xsl:sort elements, text keys with jt_collate(), numbers as Java's
 * Double.compareTo() (NaN last), ties in the order the nodes came. */
void jt_xsl_sort(xsltTransformContextPtr ctxt, xmlNodePtr *sorts, int nbsorts);

#endif
