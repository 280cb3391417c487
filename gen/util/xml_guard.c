/* xml_guard.c — refuses external DTDs and entities where they are declared
 * (see xml_guard.h).  The hooks wrap libxml2's own tree builder: what is
 * allowed (an internal subset, an internal entity) goes on to it unchanged. */
#include "util/xml_guard.h"

#include <stdbool.h>

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
