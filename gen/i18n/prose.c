/* prose.c — units of the spec's prose, their msgids, and the translated
 * trees (see prose.h).
 *
 * The walk over the model (units) is the one list of what is translatable:
 * `jvmtigen pot` writes it, the HTML emitter looks each unit up, and lint
 * compares a PO file against it.  Translated markup is read by libxml2
 * (no DTD, no network, no entities but the five predefined ones). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "i18n/prose.h"

#include <libxml/parser.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/diag.h"

/* ---- msgid: a description as the spec's markup ---------------------------- */

typedef struct ser {
    FILE *f;
    int pre;            /* inside <example>/<pre>: whitespace kept */
    bool space;         /* a collapsed space is pending */
    bool any;           /* something was written */
} ser;

static void ser_char(ser *w, char c)
{
    if (w->space && w->any)
        fputc(' ', w->f);
    w->space = false;
    w->any = true;
    fputc(c, w->f);
}

static void ser_str(ser *w, const char *s)
{
    for (; *s; s++)
        ser_char(w, *s);
}

static void ser_text(ser *w, const char *s, bool attr)
{
    for (; *s; s++) {
        char c = *s;
        if (!w->pre && !attr && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
            w->space = true;
            continue;
        }
        switch (c) {
        case '&': ser_str(w, "&amp;"); break;
        case '<': ser_str(w, "&lt;"); break;
        case '>': ser_str(w, "&gt;"); break;
        case '"': if (attr) { ser_str(w, "&quot;"); break; } /* fall through */
        default: ser_char(w, c);
        }
    }
}

static bool keeps_space(const char *name) { return !strcmp(name, "example") || !strcmp(name, "pre"); }

static void ser_doc(ser *w, const jt_doc *d)
{
    for (; d; d = d->next) {
        if (!d->name) {
            ser_text(w, d->text ? d->text : "", false);
            continue;
        }
        if (!strcmp(d->name, "elide"))
            continue;                   /* not part of the spec's text */
        ser_char(w, '<');
        ser_str(w, d->name);
        for (size_t i = 0; i < d->nattrs; i++) {
            ser_char(w, ' ');
            ser_str(w, d->attrs[i].name);
            ser_str(w, "=\"");
            ser_text(w, d->attrs[i].value ? d->attrs[i].value : "", true);
            ser_char(w, '"');
        }
        /* a nested intro and a constants group are units of their own */
        bool placeholder = !strcmp(d->name, "intro") || !strcmp(d->name, "constants");
        if (placeholder || !d->children) {
            ser_str(w, "/>");
            continue;
        }
        ser_char(w, '>');
        bool keep = keeps_space(d->name);
        if (keep) {
            if (w->space && w->any)
                fputc(' ', w->f);
            w->space = false;
        }
        w->pre += keep;
        ser_doc(w, d->children);
        w->pre -= keep;
        if (keep)
            w->space = false;
        ser_str(w, "</");
        ser_str(w, d->name);
        ser_char(w, '>');
    }
}

/* malloc'd; "" for no prose */
static char *doc_msgid(const jt_doc *d)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        jt_fatal("out of memory");
    ser w = { f, 0, false, false };
    ser_doc(&w, d);
    fclose(f);
    return buf;
}

/* ---- the units --------------------------------------------------------------- */

typedef void (*unit_fn)(void *arg, const char *ctx, const jt_doc *doc, const char *label, const char *what,
                        int line);

static void params(unit_fn fn, void *arg, const char *owner, const jt_param *ps, size_t n, const char *what)
{
    char ctx[512];
    for (size_t i = 0; i < n; i++) {
        snprintf(ctx, sizeof ctx, "%s.%s", owner, ps[i].id);
        fn(arg, ctx, ps[i].description, NULL, what, ps[i].line);
    }
}

/* What a function or event says about one of its capabilities or errors:
 * msgctxt "Owner/can_tag_objects", "Owner/JVMTI_ERROR_INVALID_THREAD" (the
 * rows have no anchor of their own). */
static void uses(unit_fn fn, void *arg, const char *owner, const jt_cap_use *caps, size_t ncaps,
                 const jt_error_use *errs, size_t nerrs)
{
    char ctx[512];
    for (size_t i = 0; i < ncaps; i++) {
        snprintf(ctx, sizeof ctx, "%s/%s", owner, caps[i].id);
        fn(arg, ctx, caps[i].description, NULL, "capability's effect here", caps[i].line);
    }
    for (size_t i = 0; i < nerrs; i++) {
        snprintf(ctx, sizeof ctx, "%s/%s", owner, errs[i].id);
        fn(arg, ctx, errs[i].description, NULL, "error's meaning here", errs[i].line);
    }
}

static void walk(const jt_spec *s, unit_fn fn, void *arg)
{
    for (size_t i = 0; i < s->nintros; i++) {
        const jt_intro *in = s->intros[i];
        if (!in->id || !*in->id)
            continue;
        fn(arg, in->id, NULL, in->label, "section title", in->line);
        fn(arg, in->id, in->body, NULL, "section", in->line);
    }
    for (size_t i = 0; i < s->ncategories; i++)
        fn(arg, s->categories[i]->id, NULL, s->categories[i]->label, "category title", s->categories[i]->line);
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        if (f->elided || f->hide)
            continue;
        fn(arg, f->id, NULL, f->synopsis, "function title", f->line);
        fn(arg, f->id, f->description, NULL, "function description", f->line);
        params(fn, arg, f->id, f->params, f->nparams, "parameter description");
        uses(fn, arg, f->id, f->required, f->nrequired, NULL, 0);
        uses(fn, arg, f->id, f->optional, f->noptional, f->errors, f->nerrors);
    }
    for (size_t i = 0; i < s->ncallbacks; i++) {
        const jt_callback *c = s->callbacks[i];
        if (c->elided)
            continue;
        fn(arg, c->id, NULL, c->synopsis, "function type title", c->line);
        fn(arg, c->id, c->description, NULL, "function type description", c->line);
        params(fn, arg, c->id, c->params, c->nparams, "parameter description");
    }
    for (size_t i = 0; i < s->nevents; i++) {
        const jt_event *e = s->events[i];
        if (e->elided)
            continue;
        fn(arg, e->id, NULL, e->label, "event title", e->line);
        fn(arg, e->id, e->description, NULL, "event description", e->line);
        params(fn, arg, e->id, e->params, e->nparams, "parameter description");
        uses(fn, arg, e->id, e->required, e->nrequired, NULL, 0);
        uses(fn, arg, e->id, e->optional, e->noptional, NULL, 0);
    }
    for (size_t i = 0; i < s->ntypedefs; i++) {
        const jt_typedef *td = s->typedefs[i];
        fn(arg, td->id, NULL, td->label, "type title", td->line);
        fn(arg, td->id, td->description, NULL, "type description", td->line);
        params(fn, arg, td->id, td->fields, td->nfields, "field description");
    }
    const char *caps = s->capabilities_typedef ? s->capabilities_typedef->id : "jvmtiCapabilities";
    for (size_t i = 0; i < s->ncapabilities; i++) {
        char ctx[512];
        snprintf(ctx, sizeof ctx, "%s.%s", caps, s->capabilities[i].id);
        fn(arg, ctx, s->capabilities[i].description, NULL, "capability", s->capabilities[i].line);
    }
    for (size_t i = 0; i < s->nconstants; i++) {
        const jt_constants *g = s->constants[i];
        fn(arg, g->id, NULL, g->label, "constants title", g->line);
        for (size_t k = 0; k < g->nconstants; k++)
            fn(arg, g->constants[k].id, g->constants[k].description, NULL, "constant", g->constants[k].line);
    }
    for (size_t i = 0; i < s->nerrors; i++)
        fn(arg, s->errors[i]->id, s->errors[i]->description, NULL, "error", s->errors[i]->line);
    for (size_t i = 0; i < s->nbasetypes; i++)
        fn(arg, s->basetypes[i]->id, s->basetypes[i]->description, NULL, "type", s->basetypes[i]->line);
    /* the change history: its introduction (no id of its own) and each
     * change, by its date (the row shows it; ctx and English together are
     * one change) */
    for (size_t i = 0; i < s->nintros; i++) {
        const jt_intro *in = s->intros[i];
        if ((!in->id || !*in->id) && in->parent_id && !strcmp(in->parent_id, "ChangeHistory"))
            fn(arg, "ChangeHistory", in->body, NULL, "change history", in->line);
    }
    for (size_t i = 0; i < s->nchanges; i++) {
        char ctx[512];
        snprintf(ctx, sizeof ctx, "ChangeHistory/%s", s->changes[i].date ? s->changes[i].date : "");
        fn(arg, ctx, s->changes[i].body, NULL, "change", s->changes[i].line);
    }
}

typedef struct visit_arg {
    jt_prose_visit fn;
    void *arg;
} visit_arg;

static void visit_unit(void *arg, const char *ctx, const jt_doc *doc, const char *label, const char *what,
                       int line)
{
    visit_arg *v = arg;
    if (label) {
        if (*label)
            v->fn(v->arg, ctx, label, what, line);
        return;
    }
    char *id = doc_msgid(doc);
    if (*id)
        v->fn(v->arg, ctx, id, what, line);
    free(id);
}

void jt_prose_units(const jt_spec *s, jt_prose_visit fn, void *arg)
{
    visit_arg v = { fn, arg };
    walk(s, visit_unit, &v);
}

/* ---- translated trees -------------------------------------------------------- */

typedef struct tr_pair {
    const jt_doc *english, *translated;
} tr_pair;

struct jt_prose {
    jt_arena *a;
    jt_catalog *cat;
    tr_pair *map;               /* open addressing by english pointer */
    size_t mask;
    size_t n;
    bool failed;
};

static size_t hash_ptr(const void *p)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= 0x9E3779B97F4A7C15ull;
    return (size_t)(x ^ (x >> 29));
}

static void map_put(jt_prose *p, const jt_doc *english, const jt_doc *translated)
{
    size_t h = hash_ptr(english) & p->mask;
    while (p->map[h].english)
        h = (h + 1) & p->mask;
    p->map[h] = (tr_pair){ english, translated };
    p->n++;
}

const jt_doc *jt_prose_doc(const jt_prose *p, const jt_doc *d)
{
    if (!p || !d)
        return d;
    for (size_t h = hash_ptr(d) & p->mask; p->map[h].english; h = (h + 1) & p->mask)
        if (p->map[h].english == d)
            return p->map[h].translated;
    return d;
}

/* The English element a translated one stands for: same name, same
 * attributes (a link's id, a placeholder's id). */
static bool same_element(const jt_doc *e, const xmlNode *n)
{
    if (strcmp(e->name, (const char *)n->name) != 0)
        return false;
    size_t na = 0;
    for (const xmlAttr *a = n->properties; a; a = a->next, na++) {
        xmlChar *v = xmlGetProp(n, a->name);
        const char *ev = jt_doc_attr(e, (const char *)a->name);
        bool eq = v && ev && strcmp((const char *)v, ev) == 0;
        xmlFree(v);
        if (!eq)
            return false;
    }
    return na == e->nattrs;
}

static const jt_doc *find_english(const jt_doc *d, const xmlNode *n)
{
    for (; d; d = d->next) {
        if (!d->name)
            continue;
        if (same_element(d, n))
            return d;
        if (strcmp(d->name, "intro") != 0) {
            const jt_doc *in = find_english(d->children, n);
            if (in)
                return in;
        }
    }
    return NULL;
}

static jt_doc *convert(jt_prose *p, const xmlNode *n, const jt_doc *english);

static jt_doc *convert_list(jt_prose *p, const xmlNode *first, const jt_doc *english)
{
    jt_doc *head = NULL, **tail = &head;
    for (const xmlNode *c = first; c; c = c->next) {
        jt_doc *d = convert(p, c, english);
        if (d) {
            *tail = d;
            tail = &d->next;
        }
    }
    return head;
}

static jt_doc *convert(jt_prose *p, const xmlNode *n, const jt_doc *english)
{
    jt_doc *d;
    if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
        d = jt_alloc(p->a, sizeof *d);
        d->text = jt_strdup(p->a, (const char *)n->content);
        return d;
    }
    if (n->type != XML_ELEMENT_NODE)
        return NULL;
    d = jt_alloc(p->a, sizeof *d);
    d->name = jt_strdup(p->a, (const char *)n->name);
    size_t na = 0;
    for (const xmlAttr *a = n->properties; a; a = a->next)
        na++;
    if (na) {
        jt_attr *as = jt_alloc(p->a, na * sizeof *as);
        size_t i = 0;
        for (const xmlAttr *a = n->properties; a; a = a->next, i++) {
            xmlChar *v = xmlGetProp(n, a->name);
            as[i].name = jt_strdup(p->a, (const char *)a->name);
            as[i].value = jt_strdup(p->a, v ? (const char *)v : "");
            xmlFree(v);
        }
        d->attrs = as;
        d->nattrs = na;
    }
    const jt_doc *e = find_english(english, n);
    if (e) {
        d->line = e->line;
        d->target_kind = e->target_kind;
        d->target = e->target;
        if (!strcmp(d->name, "intro") || !strcmp(d->name, "constants")) {
            d->children = e->children;      /* the placeholder's own unit */
            return d;
        }
    }
    d->children = convert_list(p, n->children, english);
    return d;
}

/* libxml2's first complaint about a msgstr (its last one is often only
 * the end of the data). */
static char first_error[300];

static void keep_first_error(void *ctx, xmlErrorPtr err)
{
    (void)ctx;
    if (!first_error[0] && err && err->message) {
        snprintf(first_error, sizeof first_error, "%s", err->message);
        first_error[strcspn(first_error, "\n")] = '\0';
    }
}

typedef struct load_arg {
    jt_prose *p;
} load_arg;

static void load_unit(void *arg, const char *ctx, const jt_doc *doc, const char *label, const char *what,
                      int line)
{
    (void)what, (void)line;
    jt_prose *p = ((load_arg *)arg)->p;
    if (label) {
        if (*label)
            (void)jt_catalog_find(p->cat, ctx, label);      /* marks it current */
        return;
    }
    if (!doc)
        return;
    char *id = doc_msgid(doc);
    const jt_cat_entry *e = *id ? jt_catalog_find(p->cat, ctx, id) : NULL;
    free(id);
    if (!e || !e->msgstr)
        return;
    /* the msgstr is a fragment: parsed as the content of one element named
     * after it, so that libxml2's messages read "... in tag msgstr" */
    size_t len = strlen(e->msgstr);
    if (len > INT_MAX - 32)
        len = INT_MAX - 32;
    char *wrapped = malloc(len + 20);
    if (!wrapped)
        jt_fatal("out of memory");
    memcpy(wrapped, "<msgstr>", 8);
    memcpy(wrapped + 8, e->msgstr, len);
    memcpy(wrapped + 8 + len, "</msgstr>", 10);
    xmlParserCtxtPtr pc = xmlNewParserCtxt();
    if (!pc)
        jt_fatal("out of memory");
    first_error[0] = '\0';
    xmlSetStructuredErrorFunc(NULL, keep_first_error);
    xmlDocPtr x = xmlCtxtReadMemory(pc, wrapped, (int)(len + 17), "msgstr", "UTF-8",
                                    XML_PARSE_NONET | XML_PARSE_NOWARNING);
    xmlSetStructuredErrorFunc(NULL, NULL);
    if (!x || first_error[0] || x->intSubset) {
        char msg[300];
        snprintf(msg, sizeof msg, "%s", first_error[0] ? first_error : "not XML");
        if (!p->failed)
            jt_diag(JT_DIAG_ERROR, jt_catalog_path(p->cat), e->line,
                    "the translation of %s is not well-formed: %s (expected the markup of its msgid)", ctx,
                    msg);
        p->failed = true;
    } else {
        jt_doc *t = convert_list(p, xmlDocGetRootElement(x)->children, doc);
        if (!t) {                       /* whitespace only: keep a node */
            t = jt_alloc(p->a, sizeof *t);
            t->text = "";
        }
        map_put(p, doc, t);
    }
    xmlFreeDoc(x);
    xmlFreeParserCtxt(pc);
    free(wrapped);
}

jt_prose *jt_prose_load(const jt_spec *spec, jt_catalog *cat)
{
    jt_prose *p = calloc(1, sizeof *p);
    if (!p)
        jt_fatal("out of memory");
    p->a = jt_arena_new();
    p->cat = cat;
    size_t size = 16;
    while (size < jt_catalog_count(cat) * 2)
        size *= 2;
    p->map = jt_alloc(p->a, size * sizeof *p->map);
    p->mask = size - 1;
    load_arg la = { p };
    walk(spec, load_unit, &la);
    if (p->failed) {
        jt_prose_free(p);
        return NULL;
    }
    return p;
}

void jt_prose_free(jt_prose *p)
{
    if (!p)
        return;
    jt_arena_free(p->a);
    free(p);
}

const char *jt_prose_label(const jt_prose *p, const char *ctx, const char *english)
{
    if (!p || !english || !*english)
        return english;
    const char *t = jt_catalog_get(p->cat, ctx, english);
    return t ? t : english;
}

int jt_prose_stale(const jt_prose *p, bool report)
{
    int n = 0;
    for (size_t i = 0; i < jt_catalog_count(p->cat); i++) {
        const jt_cat_entry *e = jt_catalog_entry(p->cat, i);
        if (e->used)
            continue;
        n++;
        if (report)
            jt_diag(JT_DIAG_WARNING, jt_catalog_path(p->cat), e->line,
                    "[stale-translation] msgctxt \"%s\": the msgid is not the spec's English any more "
                    "(the page shows the English; update the entry from `jvmtigen pot`)",
                    e->ctx ? e->ctx : "");
    }
    return n;
}
