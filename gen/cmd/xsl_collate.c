/* xsl_collate.c — xsl:sort as OpenJDK's jvmtiGen sorts (see
 * xsl_collate.h): text keys compared with util/collate.h's
 * jt_collate_java(), numbers by value, ties kept in the order the
 * nodes came (XSLT's stable sort; XSLTC falls back to document order).
 * libxslt's own sort compares text by code point, hence this function.
 */
#include "cmd/xsl_collate.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxslt/templates.h>
#include <libxslt/xsltutils.h>

#include "util/collate.h"
#include "util/diag.h"

typedef struct {
    bool number, descending;
    xmlChar **text;     /* per node, for text keys */
    double *num;        /* per node, for number keys */
} sort_level;

static const sort_level *cur_levels;    /* for qsort's comparator */
static int cur_nlevels;

/* By value; a key that is not a number (NaN) first, as XSLT 1.0 says.
 * (OpenJDK's stylesheets sort only numeric num attributes, so what XSLTC
 * does with NaN was not compared.) */
static int cmp_number(double x, double y)
{
    bool nx = isnan(x), ny = isnan(y);
    if (nx || ny)
        return nx && ny ? 0 : nx ? -1 : 1;
    return x < y ? -1 : x > y ? 1 : 0;
}

static int cmp_index(const void *pa, const void *pb)
{
    int i = *(const int *)pa, j = *(const int *)pb;
    for (int k = 0; k < cur_nlevels; k++) {
        const sort_level *l = &cur_levels[k];
        int c = l->number ? cmp_number(l->num[i], l->num[j])
                          : jt_collate_java(l->text[i] ? (const char *)l->text[i] : "",
                                       l->text[j] ? (const char *)l->text[j] : "");
        if (c)
            return l->descending ? -c : c;
    }
    return i < j ? -1 : i > j;      /* stable: ties keep their order */
}

/* An attribute of xsl:sort that may be an attribute value template: its
 * precomputed value, or evaluated now; want is the value that sets the flag. */
static bool sort_flag(xsltTransformContextPtr ctxt, xmlNodePtr sort, const xmlChar *pre, int has,
                      bool pre_flag, const char *attr, const char *want)
{
    if (pre || !has)
        return pre_flag;
    xmlChar *v = xsltEvalAttrValueTemplate(ctxt, sort, (const xmlChar *)attr, NULL);
    bool flag = v && xmlStrEqual(v, (const xmlChar *)want);
    xmlFree(v);
    return flag;
}

/* The keys of one xsl:sort for every node of the list, evaluated with each
 * node as the context node; false after an XPath error (reported). */
static bool compute_keys(xsltTransformContextPtr ctxt, xmlNodePtr sort, xsltStylePreCompPtr comp,
                         xmlNodeSetPtr list, sort_level *l)
{
    xmlXPathContextPtr xp = ctxt->xpathCtxt;
    xmlNodePtr old_node = ctxt->node, old_inst = ctxt->inst, old_xnode = xp->node;
    int old_pos = xp->proximityPosition, old_size = xp->contextSize, old_nsnr = xp->nsNr;
    xmlNsPtr *old_ns = xp->namespaces;
    int n = list->nodeNr;
    bool ok = true;

    if (l->number)
        l->num = calloc((size_t)n, sizeof *l->num);
    else
        l->text = calloc((size_t)n, sizeof *l->text);
    if (!l->num && !l->text)
        jt_fatal("out of memory");
    ctxt->inst = sort;
    xp->namespaces = comp->nsList;
    xp->nsNr = comp->nsNr;
    for (int i = 0; i < n && ok; i++) {
        ctxt->node = xp->node = list->nodeTab[i];
        xp->proximityPosition = i + 1;
        xp->contextSize = n;
        xmlXPathObjectPtr v = xmlXPathCompiledEval(comp->comp, xp);
        if (!v) {
            xsltTransformError(ctxt, NULL, sort, "xsl:sort: cannot evaluate select=\"%s\"\n",
                               comp->select ? (const char *)comp->select : "");
            ok = false;
            break;
        }
        if (l->number)
            l->num[i] = xmlXPathCastToNumber(v);
        else
            l->text[i] = xmlXPathCastToString(v);
        xmlXPathFreeObject(v);
    }
    ctxt->node = old_node;
    ctxt->inst = old_inst;
    xp->node = old_xnode;
    xp->proximityPosition = old_pos;
    xp->contextSize = old_size;
    xp->namespaces = old_ns;
    xp->nsNr = old_nsnr;
    return ok;
}

/* case-order and lang are ignored: OpenJDK's stylesheets use neither, and
 * the collator already puts lower case first. */
void jt_xsl_sort(xsltTransformContextPtr ctxt, xmlNodePtr *sorts, int nbsorts)
{
    xmlNodeSetPtr list = ctxt->nodeList;
    if (!list || list->nodeNr <= 1 || nbsorts <= 0)
        return;
    int n = list->nodeNr;
    sort_level *levels = calloc((size_t)nbsorts, sizeof *levels);
    int *idx = malloc((size_t)n * sizeof *idx);
    xmlNodePtr *nodes = malloc((size_t)n * sizeof *nodes);
    if (!levels || !idx || !nodes)
        jt_fatal("out of memory");
    bool ok = true;
    for (int k = 0; k < nbsorts && ok; k++) {
        xsltStylePreCompPtr comp = sorts[k]->psvi;
        if (!comp || !comp->comp) {
            xsltTransformError(ctxt, NULL, sorts[k], "xsl:sort: not compiled (no select?)\n");
            ok = false;
            break;
        }
        levels[k].number = sort_flag(ctxt, sorts[k], comp->stype, comp->has_stype, comp->number,
                                     "data-type", "number");
        levels[k].descending = sort_flag(ctxt, sorts[k], comp->order, comp->has_order, comp->descending,
                                         "order", "descending");
        ok = compute_keys(ctxt, sorts[k], comp, list, &levels[k]);
    }
    if (ok) {
        for (int i = 0; i < n; i++)
            idx[i] = i;
        cur_levels = levels;
        cur_nlevels = nbsorts;
        qsort(idx, (size_t)n, sizeof *idx, cmp_index);
        cur_levels = NULL;
        for (int i = 0; i < n; i++)
            nodes[i] = list->nodeTab[idx[i]];
        memcpy(list->nodeTab, nodes, (size_t)n * sizeof *nodes);
    } else if (ctxt->state == XSLT_STATE_OK) {
        ctxt->state = XSLT_STATE_STOPPED;
    }
    for (int k = 0; levels && k < nbsorts; k++) {
        if (levels[k].text)
            for (int i = 0; i < n; i++)
                xmlFree(levels[k].text[i]);
        free(levels[k].text);
        free(levels[k].num);
    }
    free(levels);
    free(idx);
    free(nodes);
}
