/* xml_guard.h — the parser set-up every XML input of ours shares (the spec,
 * a stylesheet): nothing outside the file is ever opened.
 *
 * libxml2 reads an external DTD or entity when asked to validate or expand;
 * the network option alone does not stop a local file or a FIFO being
 * opened.  So an external DTD or entity is refused where it is declared,
 * as an error at the parser's line, and never reaches the tree; the
 * caller's own error handler sees nfatal and stays quiet after it. */
#ifndef JT_XML_GUARD_H
#define JT_XML_GUARD_H

#include <libxml/parser.h>

typedef struct jt_xml_guard {
    const char *file;       /* named in messages */
    const char *dtd_why;    /* the end of the external-DTD message: why we read only this file */
    int nfatal;             /* refusals, and the caller's fatal errors */
} jt_xml_guard;

/* Hooks g's refusals into ctxt's SAX handler; ctxt->_private becomes g,
 * so g must outlive the parse. */
void jt_xml_guard_install(xmlParserCtxtPtr ctxt, jt_xml_guard *g);

/* Refuses, with a message at its line, a document that has an element with
 * more than max attributes (counted high, before parsing: libxml2 would
 * spend quadratic time on it); 0 when there is none. */
#define JT_XML_MAX_ATTRIBUTES 1024
int jt_xml_guard_attributes(const char *buf, size_t len, const char *file, long max);

#endif
