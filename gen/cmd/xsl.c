/* xsl.c — `jvmtigen --xsl`: apply one of OpenJDK's jvmti stylesheets to a
 * spec, as its build's jvmtiGen tool does, but with libxslt, real exit
 * codes and all-or-nothing output.
 *
 * Steps: read the spec once; load it through our model (so a bad spec gets
 * our file:line messages and stops here); parse the same bytes again as the
 * tree the stylesheet sees; compile the stylesheet (xsl_style.c); run it
 * with the --param strings and the Java-like sort (xsl_collate.c); write
 * the result, serialized as it is written (a libxml2 output buffer whose
 * writes go to util/outfile, so the text is never held whole in memory and
 * a failed write keeps its errno: "No space left on device").
 *
 * Differences between libxslt and Java's XSLT (XSLTC, what jvmtiGen runs
 * on) met with OpenJDK's stylesheets, and how each is handled:
 *  - xsl:sort without lang: Java collates (en_US), libxslt compares code
 *    points.  Our sort function collates as Java does (xsl_collate.c).
 *  - a stray text node in xsl:choose (jvmtiEnter.xsl, JDK 9 to 26): Java
 *    ignores it, libxslt fails when it runs that xsl:choose.  Removed with
 *    a warning before compiling (xsl_style.c).
 *  - attribute defaults of the spec's internal DTD (since="1.0" ...): Java's
 *    DOM parser applies them, so the tree here is parsed with
 *    XML_PARSE_DTDATTR too.
 *  - parameters: jvmtiGen passes each -PARAM as a string, so --param values
 *    are quoted as strings, never evaluated as XPath.
 *  - xsl:message: Java prints it on stderr and goes on, or stops with
 *    terminate="yes"; here it is a warning, or an error that fails the run
 *    with no output (jvmtiGen left a partial file and exit 0).
 *  - output: the text method in UTF-8, no declaration, nothing added or
 *    taken away at the end: what both write (the golden tests compare
 *    bytes).
 *
 * jvmtiGen also transforms the build's other XML (JDK 8 and 11:
 * bytecodeInterpreterWithChecks.xml): an input whose root is not
 * <specification> skips the model and is parsed as safely as a
 * stylesheet (xsl_style.c).  jvmtiGen's -OUT FILE is split here into the
 * directory (made when missing) and the file name.
 */
#define _POSIX_C_SOURCE 200809L   /* strndup */
#include "cmd/xsl.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxslt/imports.h>
#include <libxslt/transform.h>
#include <libxslt/variables.h>
#include <libxslt/xsltInternals.h>
#include <libxslt/xsltutils.h>

#include "analyze/lint.h"
#include "cmd/xsl_collate.h"
#include "cmd/xsl_diag.h"
#include "cmd/xsl_style.h"
#include "model/model.h"
#include "util/diag.h"
#include "util/outfile.h"
#include "util/readfile.h"

/* The spec for the stylesheet, from the bytes the model was built from;
 * those passed the loader's checks (no external DTD or entity, no entity
 * reference), so this parse reads nothing else. */
static xmlDocPtr parse_spec(const char *buf, size_t len, const char *path)
{
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt)
        jt_fatal("out of memory");
    ctxt->sax->externalSubset = NULL;
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, buf, (int)len, path, NULL,
                                      XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_DTDATTR);
    if (doc && !ctxt->wellFormed) {
        xmlFreeDoc(doc);
        doc = NULL;
    }
    xmlFreeParserCtxt(ctxt);
    if (!doc)
        jt_diag(JT_DIAG_ERROR, path, 0, "cannot parse as XML for the stylesheet");
    return doc;
}

/* The parameters as libxslt's NULL-terminated name, value list, values
 * quoted as XPath strings by xsltQuoteUserParams(). */
static const char **param_list(const jt_cli *cli, char ***names)
{
    const char **list = calloc((size_t)cli->nparams * 2 + 1, sizeof *list);
    *names = calloc((size_t)cli->nparams + 1, sizeof **names);
    if (!list || !*names)
        jt_fatal("out of memory");
    for (int i = 0; i < cli->nparams; i++) {
        (*names)[i] = strndup(cli->params[i].name, cli->params[i].name_len);
        if (!(*names)[i])
            jt_fatal("out of memory");
        list[2 * i] = (*names)[i];
        list[2 * i + 1] = cli->params[i].value;
    }
    return list;
}

/* The name of the document's first element, or NULL when there is none
 * before an error (the loader then says what is wrong).  The reader reads
 * no DTD and substitutes no entity. */
static char *root_name(const char *buf, size_t len, const char *path)
{
    xmlTextReaderPtr r = xmlReaderForMemory(buf, (int)len, path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR |
                                            XML_PARSE_NOWARNING);
    if (!r)
        return NULL;
    char *name = NULL;
    while (xmlTextReaderRead(r) == 1)
        if (xmlTextReaderNodeType(r) == XML_READER_TYPE_ELEMENT) {
            const xmlChar *n = xmlTextReaderConstLocalName(r);
            name = n ? strdup((const char *)n) : NULL;
            break;
        }
    xmlFreeTextReader(r);
    return name;
}

/* The tree the stylesheet sees: a spec after our model's checks, or the
 * build's other XML as it is. */
static xmlDocPtr load_input(const jt_cli *cli, const char *buf, size_t len)
{
    char *root = len <= INT_MAX ? root_name(buf, len, cli->spec_path) : NULL;
    bool spec = !root || strcmp(root, "specification") == 0;
    free(root);
    if (!spec)
        return jt_xsl_parse_input(buf, len, cli->spec_path);
    jt_load_options lo = { .quiet_warnings = cli->quiet };
    jt_spec *model = jt_spec_load_memory(buf, len, cli->spec_path, &lo);
    if (!model)
        return NULL;
    int lint_errors = jt_lint_at(model, JT_DIAG_ERROR);
    jt_spec_free(model);
    if (lint_errors) {
        jt_diag(JT_DIAG_ERROR, cli->spec_path, 0, "not generating from a spec with errors (--lint lists all findings)");
        return NULL;
    }
    return parse_spec(buf, len, cli->spec_path);
}

/* Run style over doc: the result tree, or NULL after messages. */
static xmlDocPtr transform(const jt_cli *cli, xsltStylesheetPtr style, xmlDocPtr doc)
{
    xsltTransformContextPtr ctxt = xsltNewTransformContext(style, doc);
    if (!ctxt)
        jt_fatal("out of memory");
    jt_xsl_diag_begin(cli->xsl_path);
    jt_xsl_diag_watch(ctxt);
    xsltSetCtxtSortFunc(ctxt, jt_xsl_sort);
    int failed = jt_xsl_style_secure(ctxt) != 0;
    char **names;
    const char **params = param_list(cli, &names);
    if (!failed && xsltQuoteUserParams(ctxt, params) != 0)
        failed = 1;
    xmlDocPtr result = NULL;
    if (!failed)
        result = xsltApplyStylesheetUser(style, doc, NULL, NULL, NULL, ctxt);
    failed = failed || !result || ctxt->state != XSLT_STATE_OK;
    if (jt_xsl_diag_end(failed) == 0 && failed)
        jt_diag(JT_DIAG_ERROR, cli->xsl_path, 0, "the transformation failed");
    if (failed) {
        xmlFreeDoc(result);
        result = NULL;
    }
    xsltFreeTransformContext(ctxt);
    for (int i = 0; i < cli->nparams; i++)
        free(names[i]);
    free(names);
    free(params);
    return result;
}

/* libxml2's output buffer writes through these into the jt_out. */
static int write_to_out(void *ctx, const char *buf, int len)
{
    jt_out *o = ctx;
    return jt_out_write(o, buf, (size_t)len) == 0 ? len : -1;
}

static int close_out(void *ctx)
{
    (void)ctx;      /* jt_out_commit() closes it */
    return 0;
}

/* Serializes result as the stylesheet's xsl:output says, into o. */
static void serialize(xsltStylesheetPtr style, xmlDocPtr result, jt_out *o)
{
    const xmlChar *encoding;
    XSLT_GET_IMPORT_PTR(encoding, style, encoding)
    xmlCharEncodingHandlerPtr encoder = NULL;
    if (encoding) {
        encoder = xmlFindCharEncodingHandler((const char *)encoding);
        if (encoder && xmlStrEqual((const xmlChar *)encoder->name, (const xmlChar *)"UTF-8"))
            encoder = NULL;
    }
    xmlOutputBufferPtr buf = xmlOutputBufferCreateIO(write_to_out, close_out, o, encoder);
    if (!buf)
        jt_fatal("out of memory");
    if (xsltSaveResultTo(buf, result, style) < 0)
        jt_out_fail(o);
    if (xmlOutputBufferClose(buf) < 0)
        jt_out_fail(o);
}

static int write_output(const jt_cli *cli, xsltStylesheetPtr style, xmlDocPtr result)
{
    const char *dir = cli->outdir, *name = cli->to_stdout ? "stdout" : cli->xsl_output;
    char *owned = NULL;
    if (cli->xsl_out_path) {            /* jvmtiGen's -OUT dir/name */
        const char *slash = strrchr(cli->xsl_out_path, '/');
        name = slash ? slash + 1 : cli->xsl_out_path;
        dir = !slash ? "." : slash == cli->xsl_out_path ? "/"
              : (owned = strndup(cli->xsl_out_path, (size_t)(slash - cli->xsl_out_path)));
        if (!dir)
            jt_fatal("out of memory");
    }
    int rc = -1;
    if (cli->to_stdout)
        jt_out_to_stdout();
    else if (jt_out_dir(dir) != 0)
        goto done;
    jt_out *o = jt_out_open(dir, name);
    if (!o)
        goto done;
    serialize(style, result, o);
    int ok = jt_out_commit(o) == 0;
    rc = jt_out_finish(ok);
done:
    free(owned);
    return rc;
}

int jt_xsl_run(const jt_cli *cli)
{
    size_t len;
    char *buf = jt_read_file(cli->spec_path, &len, JT_SPEC_EXPECTED);
    if (!buf)
        return JT_EXIT_FAIL;
    xmlDocPtr doc = load_input(cli, buf, len);
    free(buf);
    if (!doc)
        return JT_EXIT_FAIL;
    xsltStylesheetPtr style = jt_xsl_style_load(cli->xsl_path);
    int rc = JT_EXIT_FAIL;
    if (style) {
        xmlDocPtr result = transform(cli, style, doc);
        if (result && write_output(cli, style, result) == 0)
            rc = JT_EXIT_OK;
        xmlFreeDoc(result);
        xsltFreeStylesheet(style);
    }
    xmlFreeDoc(doc);
    xsltCleanupGlobals();
    return rc;
}
