/* xsl_collate.h — xsl:sort the way OpenJDK's jvmtiGen sorts.
 *
 * jvmtiGen runs on Java's XSLT (XSLTC), which compares text sort keys with
 * java.text.Collator for the default locale (en_US in the OpenJDK build),
 * not by code point as libxslt does: "VirtualThreadEnd" sorts before
 * "VMDeath" there.  That comparison is util/collate.h's; jt_xsl_sort() is
 * the libxslt sort function that uses it. */
#ifndef JVMTIGEN_XSL_COLLATE_H
#define JVMTIGEN_XSL_COLLATE_H

#include <libxslt/xsltInternals.h>

/* An xsltSortFunc (xsltSetCtxtSortFunc): sorts ctxt->nodeList by the
 * nbsorts xsl:sort elements, text keys with jt_collate_java(), numbers by
 * value with a key that is not a number first, ties in the order the
 * nodes came. */
void jt_xsl_sort(xsltTransformContextPtr ctxt, xmlNodePtr *sorts, int nbsorts);

#endif
