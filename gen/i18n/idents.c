/* idents.c — identifiers of a unit of prose (see idents.h).
 *
 * The vocabulary is every name the spec declares, in a hash set; a unit is
 * parsed with libxml2 (as prose.c parses a msgstr: wrapped in one element,
 * no DTD, no network) and its visible text cut into ASCII words, each
 * looked up. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "i18n/idents.h"

#include <libxml/parser.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/diag.h"

struct jt_vocab {
    struct vslot { char *name; int cls; } *slots;
    size_t mask, n;
};

static size_t hash_n(const char *s, size_t n)
{
    size_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static void vocab_put(jt_vocab *v, const char *name, int cls);

static void vocab_grow(jt_vocab *v)
{
    size_t old = v->slots ? v->mask + 1 : 0;
    struct vslot *os = v->slots;
    size_t size = old ? old * 2 : 1024;
    v->slots = calloc(size, sizeof *v->slots);
    if (!v->slots)
        jt_fatal("out of memory");
    v->mask = size - 1;
    v->n = 0;
    for (size_t i = 0; i < old; i++)
        if (os[i].name) {
            vocab_put(v, os[i].name, os[i].cls);
            free(os[i].name);
        }
    free(os);
}

static void vocab_put(jt_vocab *v, const char *name, int cls)
{
    if (!name || !*name)
        return;
    size_t len = strlen(name);
    /* a name that is one capitalised word ("Allocate", "Breakpoint",
     * "Exception") is also an English word, in a title above all: counted
     * only as code, as a lowercase parameter's name is */
    if (cls == 2 && len > 1 && name[0] >= 'A' && name[0] <= 'Z') {
        bool word = true;
        for (size_t i = 1; i < len && word; i++)
            word = name[i] >= 'a' && name[i] <= 'z';
        if (word)
            cls = 1;
    }
    for (size_t i = 0; i < len; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return;             /* not one word: never seen as one */
    }
    if ((v->n + 1) * 2 > v->mask + 1)
        vocab_grow(v);
    size_t h = hash_n(name, len) & v->mask;
    for (; v->slots[h].name; h = (h + 1) & v->mask)
        if (strcmp(v->slots[h].name, name) == 0) {
            if (cls > v->slots[h].cls)
                v->slots[h].cls = cls;
            return;
        }
    v->slots[h].name = strdup(name);
    if (!v->slots[h].name)
        jt_fatal("out of memory");
    v->slots[h].cls = cls;
    v->n++;
}

int jt_vocab_class(const jt_vocab *v, const char *tok, size_t len)
{
    for (size_t h = hash_n(tok, len) & v->mask; v->slots[h].name; h = (h + 1) & v->mask)
        if (strncmp(v->slots[h].name, tok, len) == 0 && v->slots[h].name[len] == '\0')
            return v->slots[h].cls;
    return 0;
}

/* A parameter's name that is a plain lowercase word ("thread", "klass")
 * reads as English too. */
static int param_class(const char *id)
{
    for (const char *p = id; *p; p++)
        if (!(*p >= 'a' && *p <= 'z'))
            return 2;
    return 1;
}

static void put_params(jt_vocab *v, const jt_param *ps, size_t n)
{
    for (size_t i = 0; i < n; i++)
        vocab_put(v, ps[i].id, param_class(ps[i].id));
}

jt_vocab *jt_vocab_new(const jt_spec *s)
{
    jt_vocab *v = calloc(1, sizeof *v);
    if (!v)
        jt_fatal("out of memory");
    vocab_grow(v);
    for (size_t i = 0; i < s->nfunctions; i++) {
        vocab_put(v, s->functions[i]->id, 2);
        put_params(v, s->functions[i]->params, s->functions[i]->nparams);
    }
    for (size_t i = 0; i < s->ncallbacks; i++) {
        vocab_put(v, s->callbacks[i]->id, 2);
        put_params(v, s->callbacks[i]->params, s->callbacks[i]->nparams);
    }
    for (size_t i = 0; i < s->nevents; i++) {
        vocab_put(v, s->events[i]->id, 2);
        vocab_put(v, s->events[i]->const_name, 2);
        put_params(v, s->events[i]->params, s->events[i]->nparams);
    }
    for (size_t i = 0; i < s->ntypedefs; i++) {
        vocab_put(v, s->typedefs[i]->id, 2);
        put_params(v, s->typedefs[i]->fields, s->typedefs[i]->nfields);
    }
    for (size_t i = 0; i < s->nconstants; i++) {
        vocab_put(v, s->constants[i]->id, 2);
        for (size_t k = 0; k < s->constants[i]->nconstants; k++)
            vocab_put(v, s->constants[i]->constants[k].id, 2);
    }
    for (size_t i = 0; i < s->nerrors; i++)
        vocab_put(v, s->errors[i]->id, 2);
    for (size_t i = 0; i < s->ncapabilities; i++)
        vocab_put(v, s->capabilities[i].id, 2);
    for (size_t i = 0; i < s->nbasetypes; i++)
        vocab_put(v, s->basetypes[i]->id, 2);
    return v;
}

void jt_vocab_free(jt_vocab *v)
{
    if (!v)
        return;
    for (size_t i = 0; v->slots && i <= v->mask; i++)
        free(v->slots[i].name);
    free(v->slots);
    free(v);
}

/* ---- a unit's identifiers ---------------------------------------------------- */

static const char *const opaque_elements[] = {
    "constants", "intro", "functionphaselist", "eventphaselist", "example", "pre",
};
static const char *const link_elements[] = {
    "code", "functionlink", "eventlink", "paramlink", "fieldlink", "datalink",
    "typelink", "errorlink", "internallink", "externallink",
};

bool jt_ident_opaque_element(const char *name)
{
    for (size_t i = 0; i < sizeof opaque_elements / sizeof *opaque_elements; i++)
        if (!strcmp(name, opaque_elements[i]))
            return true;
    return false;
}

bool jt_ident_link_element(const char *name)
{
    for (size_t i = 0; i < sizeof link_elements / sizeof *link_elements; i++)
        if (!strcmp(name, link_elements[i]))
            return true;
    return false;
}

typedef struct strlist {
    char **s;
    size_t n, cap;
} strlist;

static void sl_add(strlist *l, const char *s, size_t n)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->s = realloc(l->s, l->cap * sizeof *l->s);
        if (!l->s)
            jt_fatal("out of memory");
    }
    l->s[l->n] = strndup(s, n);
    if (!l->s[l->n])
        jt_fatal("out of memory");
    l->n++;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* sorted, unique, joined by SEP; frees the strings */
static char *sl_join(strlist *l, const char *sep)
{
    if (l->n)
        qsort(l->s, l->n, sizeof *l->s, cmp_str);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        jt_fatal("out of memory");
    const char *prev = NULL;
    bool first = true;
    for (size_t i = 0; i < l->n; i++) {
        if (!prev || strcmp(prev, l->s[i]) != 0) {
            if (!first)
                fputs(sep, f);
            fputs(l->s[i], f);
            first = false;
        }
        prev = l->s[i];
    }
    fclose(f);
    for (size_t i = 0; i < l->n; i++)
        free(l->s[i]);
    free(l->s);
    return buf;
}

static bool word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static void scan_text(const jt_vocab *v, const char *t, bool marked, strlist *ids)
{
    for (const char *p = t; *p;) {
        if (!word_char(*p)) {
            p++;
            continue;
        }
        const char *q = p;
        while (word_char(*q))
            q++;
        int cls = jt_vocab_class(v, p, (size_t)(q - p));
        if (cls == 2 || (cls == 1 && marked))
            sl_add(ids, p, (size_t)(q - p));
        else if (cls == 0) {
            /* a name with a word glued on ("JVMTI_ERROR_NULL_POINTERmodule",
             * as a page's text runs table cells together): the longest
             * name of six or more characters the word starts with, then
             * the rest as a word of its own */
            const char *e = q;
            while (e - p >= 6 && jt_vocab_class(v, p, (size_t)(e - p)) != 2)
                e--;
            if (e - p >= 6 && e < q) {
                sl_add(ids, p, (size_t)(e - p));
                p = e;
                continue;
            }
        }
        p = q;
    }
}

static void walk(const jt_vocab *v, const xmlNode *n, bool marked, strlist *ids, strlist *holders)
{
    for (; n; n = n->next) {
        if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
            scan_text(v, (const char *)n->content, marked, ids);
            continue;
        }
        if (n->type != XML_ELEMENT_NODE)
            continue;
        const char *name = (const char *)n->name;
        if (jt_ident_opaque_element(name)) {
            char *buf = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&buf, &len);
            if (!f)
                jt_fatal("out of memory");
            fputs(name, f);
            for (const xmlAttr *a = n->properties; a; a = a->next) {
                xmlChar *val = xmlGetProp(n, a->name);
                fprintf(f, " %s=%s", (const char *)a->name, val ? (const char *)val : "");
                xmlFree(val);
            }
            fclose(f);
            sl_add(holders, buf, len);
            free(buf);
            continue;
        }
        bool link = jt_ident_link_element(name);
        if (link && !n->children && strcmp(name, "code") != 0 && strcmp(name, "externallink") != 0) {
            xmlChar *id = xmlGetProp(n, (const xmlChar *)"id");
            if (id)
                scan_text(v, (const char *)id, true, ids);
            xmlFree(id);
            continue;
        }
        walk(v, n->children, marked || link, ids, holders);
    }
}

static void ignore_error(void *ctx, xmlErrorPtr err)
{
    (void)ctx, (void)err;
}

bool jt_unit_idents(const jt_vocab *v, const char *fragment, char **ids, char **holders)
{
    size_t len = strlen(fragment);
    if (len > INT_MAX - 32)
        return false;
    char *wrapped = malloc(len + 20);
    if (!wrapped)
        jt_fatal("out of memory");
    memcpy(wrapped, "<msgstr>", 8);
    memcpy(wrapped + 8, fragment, len);
    memcpy(wrapped + 8 + len, "</msgstr>", 10);
    xmlParserCtxtPtr pc = xmlNewParserCtxt();
    if (!pc)
        jt_fatal("out of memory");
    xmlSetStructuredErrorFunc(NULL, ignore_error);
    xmlDocPtr x = xmlCtxtReadMemory(pc, wrapped, (int)(len + 17), "unit", "UTF-8",
                                    XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR);
    xmlSetStructuredErrorFunc(NULL, NULL);
    bool ok = x && pc->wellFormed && !x->intSubset && xmlDocGetRootElement(x);
    if (ok) {
        strlist il = { 0 }, hl = { 0 };
        walk(v, xmlDocGetRootElement(x)->children, false, &il, &hl);
        *ids = sl_join(&il, " ");
        *holders = sl_join(&hl, " | ");
    }
    xmlFreeDoc(x);
    xmlFreeParserCtxt(pc);
    free(wrapped);
    return ok;
}
