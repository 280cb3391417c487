/* xml_guard.c — refuses external DTDs and entities where they are declared
 * (see xml_guard.h).  The hooks wrap libxml2's own tree builder: what is
 * allowed (an internal subset, an internal entity) goes on to it unchanged. */
#include "util/xml_guard.h"

#include <stdbool.h>
#include <string.h>

#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>

#include "util/diag.h"

static void refuse(void *ctx, const char *fmt, const char *what, const char *why)
{
    xmlParserCtxtPtr ctxt = ctx;
    jt_xml_guard *g = ctxt->_private;
    g->nfatal++;
    jt_diag(JT_DIAG_ERROR, g->file, ctxt->input ? ctxt->input->line : 0, fmt, what, why);
}

static void on_internal_subset(void *ctx, const xmlChar *name, const xmlChar *ext_id,
                               const xmlChar *sys_id)
{
    if (ext_id || sys_id) {
        xmlParserCtxtPtr ctxt = ctx;
        const jt_xml_guard *g = ctxt->_private;
        refuse(ctx, "external DTD \"%.200s\" is not allowed: %s", (const char *)(sys_id ? sys_id : ext_id),
               g->dtd_why);
    }
    xmlSAX2InternalSubset(ctx, name, NULL, NULL);     /* the internal subset only */
}

static void on_entity_decl(void *ctx, const xmlChar *name, int type, const xmlChar *public_id,
                           const xmlChar *system_id, xmlChar *content)
{
    if (system_id || public_id || type == XML_EXTERNAL_GENERAL_PARSED_ENTITY ||
        type == XML_EXTERNAL_GENERAL_UNPARSED_ENTITY || type == XML_EXTERNAL_PARAMETER_ENTITY) {
        bool pe = type == XML_INTERNAL_PARAMETER_ENTITY || type == XML_EXTERNAL_PARAMETER_ENTITY;
        refuse(ctx, pe ? "external entity %%%s; is not allowed: %s" : "external entity &%s; is not allowed: %s",
               (const char *)name, "external entities are never read");
        return;
    }
    xmlSAX2EntityDecl(ctx, name, type, public_id, system_id, content);
}

static void on_unparsed_entity_decl(void *ctx, const xmlChar *name, const xmlChar *public_id,
                                    const xmlChar *system_id, const xmlChar *notation)
{
    (void)public_id, (void)system_id, (void)notation;
    refuse(ctx, "external entity &%s; is not allowed: %s", (const char *)name,
           "external entities are never read");
}

void jt_xml_guard_install(xmlParserCtxtPtr ctxt, jt_xml_guard *g)
{
    ctxt->_private = g;
    ctxt->sax->internalSubset = on_internal_subset;
    ctxt->sax->externalSubset = NULL;     /* loads nothing without DTDLOAD; be sure */
    ctxt->sax->entityDecl = on_entity_decl;
    ctxt->sax->unparsedEntityDecl = on_unparsed_entity_decl;
}

/* ---- too many attributes ----------------------------------------------------
 * libxml2 (2.9) compares each attribute of a start tag with all the ones
 * before it, so one element with 200 000 attributes keeps the parser busy
 * for minutes.  No libxml2 option bounds that, so the bytes are looked at
 * first: this is not a parser, only an upper bound on the attributes of each
 * start tag (its '=' signs outside quotes), skipping comments, CDATA,
 * processing instructions and declarations.  Anything it miscounts is
 * counted high, and the limit is far above any real spec or stylesheet. */

static const char *skip_past(const char *p, const char *end, const char *mark)
{
    size_t n = strlen(mark);
    for (; p + n <= end; p++)
        if (memcmp(p, mark, n) == 0)
            return p + n;
    return end;
}

/* From just after '<' to just after the '>' that ends the markup, quotes
 * honoured; *eq counts the '=' outside them, *nl the newlines. */
static const char *scan_tag(const char *p, const char *end, long *eq, int *nl)
{
    char quote = 0;
    for (; p < end; p++) {
        if (*p == '\n')
            (*nl)++;
        if (quote) {
            if (*p == quote)
                quote = 0;
        } else if (*p == '"' || *p == '\'') {
            quote = *p;
        } else if (*p == '=') {
            (*eq)++;
        } else if (*p == '>') {
            return p + 1;
        }
    }
    return end;
}

static int count_newlines(const char *p, const char *end)
{
    int n = 0;
    for (; p < end; p++)
        n += *p == '\n';
    return n;
}

int jt_xml_guard_attributes(const char *buf, size_t len, const char *file, long max)
{
    const char *p = buf, *end = buf + len;
    int line = 1;
    while (p < end) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        if (!lt)
            break;
        line += count_newlines(p, lt);
        const char *q = lt + 1;
        long eq = 0;
        int nl = 0;
        if (end - q >= 3 && memcmp(q, "!--", 3) == 0)
            p = skip_past(q + 3, end, "-->");
        else if (end - q >= 8 && memcmp(q, "![CDATA[", 8) == 0)
            p = skip_past(q + 8, end, "]]>");
        else if (q < end && *q == '?')
            p = skip_past(q + 1, end, "?>");
        else {
            p = scan_tag(q, end, &eq, &nl);
            if (q < end && *q != '!' && *q != '/' && eq > max) {
                jt_diag(JT_DIAG_ERROR, file, line,
                        "an element has more than %ld attributes (jvmtigen's limit: the XML parser compares "
                        "them pairwise, which would take hours)", max);
                return -1;
            }
            line += nl;
            continue;
        }
        line += count_newlines(q, p);
    }
    return 0;
}
