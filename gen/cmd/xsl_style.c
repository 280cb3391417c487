/* xsl_style.c — read, parse, repair and compile a stylesheet (see
 * xsl_style.h).
 *
 * Parsing is ours, not xsltParseStylesheetFile(), whose options load
 * external DTDs and substitute external entities: here the network is off,
 * an external DTD or entity is refused where it is declared (as the spec
 * loader does, model_build.c), and only internal entities are expanded,
 * within libxml2's limits.  xsl:import and xsl:include come back through
 * our loader (xsltSetLoaderFunc), which reads only files under the
 * stylesheet's own directory, so jvmtiLib.xsl beside jvmtiEnter.xsl loads
 * and nothing else does; document() goes through the same loader.
 *
 * Repair, for Java compatibility: OpenJDK's jvmtiEnter.xsl (JDK 9 to 26)
 * has a stray character in an xsl:choose.  Java's XSLT ignores text there;
 * libxslt stops with "xsl:when expected first" when it reaches that
 * xsl:choose (jvmtiEnterTrace.cpp does).  Such text is removed from the
 * tree before compiling, with a warning naming the file and line.
 */
#define _XOPEN_SOURCE 700         /* realpath, strdup */
#include "cmd/xsl_style.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/uri.h>
#include <libxml/xmlerror.h>
#include <libxslt/documents.h>
#include <libxslt/security.h>
#include <libxslt/xslt.h>
#include <libxslt/xsltutils.h>

#include "cmd/xsl_diag.h"
#include "util/diag.h"
#include "util/readfile.h"
#include "util/xml_guard.h"

static char *allowed_dir;      /* realpath of the stylesheet's directory; NULL: read nothing more */

/* ---- parsing --------------------------------------------------------- */
static void on_parse_error(void *ctx, xmlErrorPtr e)
{
    jt_xml_guard *ps = ctx;
    if (e->level == XML_ERR_WARNING || ps->nfatal++)
        return;
    char msg[512];
    snprintf(msg, sizeof msg, "%s", e->message ? e->message : "unknown XML error");
    for (char *p = msg; (p = strchr(p, '\n')); )
        *p = ' ';
    size_t n = strlen(msg);
    while (n && msg[n - 1] == ' ')
        msg[--n] = '\0';
    jt_diag(JT_DIAG_ERROR, ps->file, e->line, "not well-formed XML: %s", msg);
}

/* buf as an XML document named name (its base URI too), its names in dict
 * when given (libxslt wants a stylesheet's imports in the stylesheet's). */
static xmlDocPtr parse_as(const char *buf, size_t len, const char *name, xmlDictPtr dict,
                          const char *alone, int more_options)
{
    if (len > INT_MAX) {
        jt_diag(JT_DIAG_ERROR, name, 0, "is too large");
        return NULL;
    }
    jt_xml_guard ps = { name, alone, 0 };
    if (jt_xml_guard_attributes(buf, len, name, JT_XML_MAX_ATTRIBUTES) != 0)
        return NULL;
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt)
        jt_fatal("out of memory");
    if (dict) {
        xmlDictFree(ctxt->dict);
        ctxt->dict = dict;
        xmlDictReference(dict);
    }
    jt_xml_guard_install(ctxt, &ps);
    xmlStructuredErrorFunc old_handler = xmlStructuredError;
    void *old_ctx = xmlStructuredErrorContext;
    xmlSetStructuredErrorFunc(&ps, on_parse_error);
    /* NOENT: internal entities only, the external ones being refused above */
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, buf, (int)len, name, NULL,
                                      XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_NOENT | more_options);
    xmlSetStructuredErrorFunc(old_ctx, old_handler);
    if (doc && (ps.nfatal || !ctxt->wellFormed)) {
        if (!ps.nfatal)
            jt_diag(JT_DIAG_ERROR, name, 0, "cannot parse as XML");
        xmlFreeDoc(doc);
        doc = NULL;
    } else if (!doc && !ps.nfatal) {
        jt_diag(JT_DIAG_ERROR, name, 0, "cannot parse as XML");
    }
    xmlFreeParserCtxt(ctxt);
    return doc;
}

static xmlDocPtr parse(const char *buf, size_t len, const char *name, xmlDictPtr dict)
{
    return parse_as(buf, len, name, dict, "a stylesheet is read alone", 0);
}

/* The input of a transform that is not a spec (the OpenJDK build's other
 * XML): parsed as safely as a stylesheet, with the attribute defaults of
 * its internal DTD applied, as Java's DOM parser does. */
xmlDocPtr jt_xsl_parse_input(const char *buf, size_t len, const char *name)
{
    return parse_as(buf, len, name, NULL, "the input is read alone", XML_PARSE_DTDATTR);
}

/* ---- the xsl:choose repair ------------------------------------------- */
static bool is_xsl(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && n->ns && xmlStrEqual(n->ns->href, XSLT_NAMESPACE) &&
           xmlStrEqual(n->name, (const xmlChar *)name);
}

static bool ws(xmlChar c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static bool blank(const xmlChar *s)
{
    for (; s && *s; s++)
        if (!ws(*s))
            return false;
    return true;
}

/* The line of a text node's first non-blank character: libxml2 records the
 * line the text ends on. */
static int text_line(const xmlNode *t)
{
    int line = (int)xmlGetLineNo(t);
    const xmlChar *s = t->content;
    while (ws(*s))
        s++;
    for (; *s; s++)
        if (*s == '\n')
            line--;
    return line;
}

static void drop_stray_choose_text(xmlDocPtr doc, const char *file)
{
    xmlNode *root = xmlDocGetRootElement(doc), *n = root;
    while (n) {
        if (is_xsl(n, "choose")) {
            for (xmlNode *c = n->children, *next; c; c = next) {
                next = c->next;
                if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && !blank(c->content)) {
                    const xmlChar *s = c->content;
                    while (ws(*s))
                        s++;
                    int len = 0;
                    while (s[len] && s[len] != '\n' && len < 40)
                        len++;
                    jt_diag(JT_DIAG_WARNING, file, text_line(c),
                            "text \"%.*s\" inside <xsl:choose> ignored (only xsl:when and xsl:otherwise "
                            "belong there; Java's XSLT ignores it, libxslt would fail on it)",
                            len, (const char *)s);
                    xmlUnlinkNode(c);
                    xmlFreeNode(c);
                }
            }
        }
        if (n->type == XML_ELEMENT_NODE && n->children) {
            n = n->children;
            continue;
        }
        while (n && n != root && !n->next)
            n = n->parent;
        n = n && n != root ? n->next : NULL;
    }
}

/* ---- what may be read ------------------------------------------------ */
/* The real path of uri when it names a local file under allowed_dir;
 * else NULL, with the reason in why. */
static char *confined(const char *uri, char *why, size_t n)
{
    const char *path = uri;
    xmlURIPtr u = xmlParseURI(uri);
    if (u && u->scheme) {
        if (strcmp(u->scheme, "file") != 0 || (u->server && *u->server) || !u->path) {
            snprintf(why, n, "not read: only local files beside the stylesheet are (no network)");
            xmlFreeURI(u);
            return NULL;
        }
        path = u->path;
    }
    char *real = realpath(path, NULL);
    int err = errno;
    xmlFreeURI(u);
    if (!real) {
        snprintf(why, n, "cannot read: %s", strerror(err));
        return NULL;
    }
    size_t len = allowed_dir ? strlen(allowed_dir) : 0;
    if (!allowed_dir || strncmp(real, allowed_dir, len) != 0 || (real[len] != '/' && strcmp(allowed_dir, "/") != 0)) {
        snprintf(why, n, "not read: outside %s, the stylesheet's directory (imports, includes "
                 "and document() read only files there)", allowed_dir ? allowed_dir : "(none)");
        free(real);
        return NULL;
    }
    return real;
}

/* libxslt's loader, for xsl:import/xsl:include (ctxt: the stylesheet) and
 * document() (ctxt: the transformation).  A refusal is reported where the
 * instruction is, and fails the run. */
static xmlDocPtr load_doc(const xmlChar *uri, xmlDictPtr dict, int options, void *ctxt, xsltLoadType type)
{
    (void)options;
    bool style = type == XSLT_LOAD_STYLESHEET;
    char why[PATH_MAX + 200];
    char *real = confined((const char *)uri, why, sizeof why);
    if (!real) {
        char msg[sizeof why + 600];
        snprintf(msg, sizeof msg, "%.500s: %s", (const char *)uri, why);
        if (style || !ctxt)
            jt_xsl_diag_note(msg);
        else
            xsltTransformError(ctxt, NULL, NULL, "%s\n", msg);
        return NULL;
    }
    size_t len;
    char *buf = jt_read_file(real, &len, style ? "an XSLT stylesheet" : "an XML document");
    free(real);
    if (!buf) {
        if (!style && ctxt)
            xsltTransformError(ctxt, NULL, NULL, "document(): %s not loaded\n", (const char *)uri);
        return NULL;
    }
    xmlDocPtr doc = parse(buf, len, (const char *)uri, dict);
    free(buf);
    if (!doc && !style && ctxt)
        xsltTransformError(ctxt, NULL, NULL, "document(): %s not loaded\n", (const char *)uri);
    if (doc && style)
        drop_stray_choose_text(doc, (const char *)uri);
    return doc;
}

static int forbid(xsltSecurityPrefsPtr sec, xsltTransformContextPtr ctxt, const char *value)
{
    (void)sec, (void)ctxt, (void)value;
    return 0;
}

static xsltSecurityPrefsPtr prefs(void)
{
    static xsltSecurityPrefsPtr sec;
    if (!sec) {
        sec = xsltNewSecurityPrefs();
        if (!sec)
            jt_fatal("out of memory");
        /* reading local files: our loader decides (confined()) */
        xsltSetSecurityPrefs(sec, XSLT_SECPREF_WRITE_FILE, forbid);
        xsltSetSecurityPrefs(sec, XSLT_SECPREF_CREATE_DIRECTORY, forbid);
        xsltSetSecurityPrefs(sec, XSLT_SECPREF_READ_NETWORK, forbid);
        xsltSetSecurityPrefs(sec, XSLT_SECPREF_WRITE_NETWORK, forbid);
        xsltSetDefaultSecurityPrefs(sec);
    }
    return sec;
}

int jt_xsl_style_secure(xsltTransformContextPtr ctxt)
{
    return xsltSetCtxtSecurityPrefs(prefs(), ctxt);
}

/* ---- loading --------------------------------------------------------- */
xsltStylesheetPtr jt_xsl_style_load_memory(const char *buf, size_t len, const char *name, const char *dir)
{
    free(allowed_dir);
    allowed_dir = dir ? realpath(dir, NULL) : NULL;
    prefs();
    xsltSetLoaderFunc(load_doc);
    xmlDocPtr doc = parse(buf, len, name, NULL);
    if (!doc)
        return NULL;
    drop_stray_choose_text(doc, name);
    jt_xsl_diag_begin(name);
    xsltStylesheetPtr style = xsltParseStylesheetDoc(doc);
    int failed = !style || style->errors;
    if (style && style->errors) {
        xsltFreeStylesheet(style);      /* frees doc too */
        style = NULL;
    } else if (!style) {
        xmlFreeDoc(doc);                /* not taken on failure */
    }
    if (jt_xsl_diag_end(failed) == 0 && failed)
        jt_diag(JT_DIAG_ERROR, name, 0, "not a usable XSLT stylesheet");
    return style;
}

xsltStylesheetPtr jt_xsl_style_load(const char *path)
{
    size_t len;
    char *buf = jt_read_file(path, &len, "an XSLT stylesheet");
    if (!buf)
        return NULL;
    char *dir = strdup(path);
    if (!dir)
        jt_fatal("out of memory");
    char *slash = strrchr(dir, '/');
    if (!slash)
        strcpy(dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    xsltStylesheetPtr style = jt_xsl_style_load_memory(buf, len, path, dir);
    free(dir);
    free(buf);
    return style;
}
