/* model_build.c — load jvmti.xml with libxml2 and build the model's structs.
 *
 * This is the only file that walks the XML tree.  It parses (refusing
 * anything not well-formed, with file:line), validates against the file's
 * own internal DTD (violations are warnings: real-world specs add
 * attributes), then makes one pass that turns each element with API meaning
 * into a struct of model.h.  Prose is copied into jt_doc trees so the HTML
 * emitter never needs the XML.  Names are resolved afterwards by
 * model_resolve.c, because the spec refers forward freely.
 *
 * Security: never XML_PARSE_NOENT (no entity substitution by us), never load
 * an external DTD, never touch the network; libxml2's default limits stop
 * entity-expansion bombs.  The file is read here, not by libxml2, so a
 * compressed file is not inflated behind our back; an external DTD or
 * entity is refused where it is declared, so nothing but the spec is ever
 * opened; and an entity reference is refused before anything expands it
 * (libxml2 would, in xmlNodeGetContent: quadratic blow-up).
 */
#define _POSIX_C_SOURCE 200809L   /* open, fstat, read, O_CLOEXEC */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/entities.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>
#include <libxml/xmlerror.h>

#include "util/diag.h"
#include "util/readfile.h"
#include "util/suggest.h"
#include "util/xml_guard.h"
#include "model/model_internal.h"

/* ---- helpers over libxml2 ---------------------------------------------- */

static bool is_el(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

static const char *ename(const xmlNode *n) { return (const char *)n->name; }

static int line_of(const xmlNode *n) { return (int)xmlGetLineNo((xmlNode *)n); }

/* Attribute value copied into the arena, or NULL when absent. */
static const char *attr(jt_builder *b, const xmlNode *n, const char *name)
{
    for (xmlAttr *a = n->properties; a; a = a->next) {
        if (strcmp((const char *)a->name, name) == 0) {
            const xmlNode *t = a->children;
            if (t && !t->next && t->type == XML_TEXT_NODE)
                return jt_strdup(b->a, (const char *)t->content);
            xmlChar *v = xmlNodeListGetString(n->doc, a->children, 1);
            const char *r = jt_strdup(b->a, v ? (const char *)v : "");
            xmlFree(v);
            return r;
        }
    }
    return NULL;
}

static const char *req_attr(jt_builder *b, const xmlNode *n, const char *name)
{
    const char *v = attr(b, n, name);
    if (!v) {
        jt_diag(JT_DIAG_ERROR, b->file, line_of(n), "<%s> lacks the required attribute %s",
                ename(n), name);
        return "";
    }
    if (!*v)
        jt_diag(JT_DIAG_ERROR, b->file, line_of(n), "<%s> has an empty %s=\"\"", ename(n), name);
    return v;
}

/* A required attribute that becomes a C name in the outputs (a function,
 * type, constant, parameter...): anything but an identifier would make a
 * header that does not compile.  "..." is the id of a varargs param. */
static const char *req_ident(jt_builder *b, const xmlNode *n, const char *name)
{
    const char *v = req_attr(b, n, name);
    bool ok = (*v >= 'A' && *v <= 'Z') || (*v >= 'a' && *v <= 'z') || *v == '_';
    for (const char *p = v; ok && *p; p++)
        ok = (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_';
    if (!ok && *v && strcmp(v, "...") != 0)
        jt_diag(JT_DIAG_ERROR, b->file, line_of(n), "<%s %s=\"%s\">: not a C identifier, which the outputs need",
                ename(n), name, v);
    return v;
}

/* Text content with surrounding whitespace removed. */
static const char *trimmed_text(jt_builder *b, const xmlNode *n)
{
    xmlChar *c = xmlNodeGetContent(n);
    const char *s = c ? (const char *)c : "";
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    size_t len = strlen(s);
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\n' || s[len - 1] == '\r'))
        len--;
    const char *r = jt_strndup(b->a, s, len);
    xmlFree(c);
    return r;
}

static bool parse_int(const char *s, long long *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 0);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

/* Elements that declare API.  Research specs add elements of their own,
 * which are only warned about; one of these in a place the loader does not
 * look would silently leave an API item out of the outputs. */
static const char *const model_elements[] = {
    "category", "function", "callback", "event", "typedef", "uniontypedef",
    "capabilitiestypedef", "capabilityfield", "parameters", "param", "field",
    "capabilities", "required", "capability", "errors", "error", "errorcategory",
    "errorid", "basetypes", "basetype", "constants", "constant", "synopsis",
    "interface", "returns",
};

static bool is_model_element(const char *name)
{
    for (size_t i = 0; i < sizeof model_elements / sizeof *model_elements; i++)
        if (strcmp(model_elements[i], name) == 0)
            return true;
    return false;
}

static void unknown_child(jt_builder *b, const xmlNode *parent, const xmlNode *child)
{
    if (is_model_element(ename(child)))
        jt_diag(JT_DIAG_ERROR, b->file, line_of(child),
                "<%s> is misplaced in <%s>: the model has no place for it there", ename(child), ename(parent));
    else
        jt_diag(JT_DIAG_WARNING, b->file, line_of(child),
                "unknown element <%s> in <%s> is not part of the model", ename(child), ename(parent));
}

/* A child the model takes once (<parameters>, <capabilities>): a second
 * one is an error rather than a silent merge or loss. */
static bool first_one(jt_builder *b, const xmlNode **seen, const xmlNode *c, const char *owner_id)
{
    if (*seen) {
        jt_diag(JT_DIAG_ERROR, b->file, line_of(c), "%s has a second <%s> (the first is at line %d)",
                owner_id, ename(c), line_of(*seen));
        return false;
    }
    *seen = c;
    return true;
}

/* The next number of the document order (model.h: `order`): taken when an
 * element opens, so what it declares inside numbers after it. */
static int next_order(jt_builder *b) { return ++b->order; }

static jt_target_kind scope_target_kind(jt_scope_kind k)
{
    switch (k) {
    case JT_SCOPE_FUNCTION: return JT_T_FUNCTION;
    case JT_SCOPE_CALLBACK: return JT_T_CALLBACK;
    case JT_SCOPE_EVENT: return JT_T_EVENT;
    case JT_SCOPE_TYPEDEF: return JT_T_TYPEDEF;
    case JT_SCOPE_NONE: break;
    }
    return JT_T_NONE;
}

/* ---- description trees ------------------------------------------------- */

/* Markup the model knows in prose.  Anything else is reported. */
static const char *const prose_elements[] = {
    "a", "b", "blockquote", "br", "code", "dd", "dl", "dt", "elide", "errorlink",
    "eventlink", "eventphaselist", "example", "externallink", "fieldlink",
    "functionlink", "functionphaselist", "h2", "h3", "h4", "i", "internallink",
    "issue", "jvmti", "li", "nullok", "ol", "p", "paramlink", "pre", "rationale",
    "space", "table", "td", "th", "tm", "todo", "tr", "typelink", "ul", "vmspec",
    "vmspeclink",   /* 2007-2011 specs: a section of the VM spec by name */
    "jvmdi",        /* JDK 5: prose about the JVMDI interface JVMTI replaced */
    "datalink", "intro", "constants", "constant", "basetype", "code", "sup", "sub",
    "hr", "dfn", "em", "strong", "tt", "u", "small", "big", "s", "var", "kbd",
    "samp", "cite", "q", "abbr", "span", "div", "caption", "thead", "tbody",
};

static bool known_prose(const char *name)
{
    for (size_t i = 0; i < sizeof prose_elements / sizeof *prose_elements; i++)
        if (strcmp(prose_elements[i], name) == 0)
            return true;
    return false;
}

/* Links whose id names something of this spec (resolved later); an
 * externallink is a URL and a vmspeclink a section of the VM spec. */
static bool is_link(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, "link") == 0 && strcmp(name, "externallink") != 0 &&
           strcmp(name, "vmspeclink") != 0;
}

static jt_constants *build_constants(jt_builder *b, const xmlNode *n, const jt_scope *scope);
static jt_intro *build_intro(jt_builder *b, const xmlNode *n, const char *parent_id,
                             const jt_scope *scope);

static jt_doc *build_doc(jt_builder *b, const xmlNode *n, const jt_scope *scope);

static jt_doc *build_doc_children(jt_builder *b, const xmlNode *first, const jt_scope *scope)
{
    jt_doc *head = NULL, **tail = &head;
    for (const xmlNode *c = first; c; c = c->next) {
        jt_doc *d = build_doc(b, c, scope);
        if (d) {
            *tail = d;
            tail = &d->next;
        }
    }
    return head;
}

static jt_doc *build_doc(jt_builder *b, const xmlNode *n, const jt_scope *scope)
{
    jt_doc *d;
    switch (n->type) {
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE:
        d = jt_alloc(b->a, sizeof *d);
        d->text = jt_strdup(b->a, (const char *)n->content);
        d->line = line_of(n);
        return d;
    case XML_ENTITY_REF_NODE:
        jt_diag(JT_DIAG_WARNING, b->file, line_of(n), "entity &%s; is not expanded", ename(n));
        return NULL;
    case XML_ELEMENT_NODE:
        break;
    default:
        return NULL;    /* comments, processing instructions */
    }
    d = jt_alloc(b->a, sizeof *d);
    d->name = jt_strdup(b->a, ename(n));
    d->line = line_of(n);
    size_t na = 0;
    for (xmlAttr *a = n->properties; a; a = a->next)
        na++;
    if (na) {
        jt_attr *as = jt_alloc(b->a, na * sizeof *as);
        size_t i = 0;
        for (xmlAttr *a = n->properties; a; a = a->next, i++) {
            as[i].name = jt_strdup(b->a, (const char *)a->name);
            as[i].value = attr(b, n, as[i].name);
        }
        d->attrs = as;
        d->nattrs = na;
    }
    if (strcmp(d->name, "constants") == 0) {
        /* A constants group may sit in any prose; it is API, so it joins the
         * model, and the doc node points at it for the HTML. */
        d->target_kind = JT_T_CONSTANTS;
        d->target = build_constants(b, n, scope);
        return d;
    }
    if (strcmp(d->name, "intro") == 0) {
        jt_intro *in = build_intro(b, n, NULL, scope);
        in->nested = true;
        d->target_kind = JT_T_INTRO;
        d->target = in;
        d->children = (jt_doc *)in->body;
        return d;
    }
    if (!known_prose(d->name) && is_model_element(d->name))
        jt_diag(JT_DIAG_ERROR, b->file, d->line, "<%s> is misplaced in prose: the model has no place for it there",
                d->name);
    else if (!known_prose(d->name))
        jt_diag(JT_DIAG_WARNING, b->file, d->line, "unknown element <%s> in prose is not part of the model",
                d->name);
    if (is_link(d->name)) {
        jt_pending_link l = { d, scope, b->elide_depth > 0 };
        JT_PUSH(b->a, b->links, b->nlinks, b->caplinks, l);
    }
    bool elide = strcmp(d->name, "elide") == 0;
    b->elide_depth += elide;
    d->children = build_doc_children(b, n->children, scope);
    b->elide_depth -= elide;
    return d;
}

static const jt_doc *build_description(jt_builder *b, const xmlNode *n, const jt_scope *scope)
{
    return build_doc_children(b, n->children, scope);
}

/* ---- intros, constants ------------------------------------------------- */

static jt_intro *build_intro(jt_builder *b, const xmlNode *n, const char *parent_id,
                             const jt_scope *scope)
{
    jt_spec *s = b->spec;
    jt_intro *in = jt_alloc(b->a, sizeof *in);
    in->id = attr(b, n, "id");
    in->label = attr(b, n, "label");
    in->parent_id = parent_id;
    in->order = next_order(b);
    in->line = line_of(n);
    JT_PUSH(b->a, s->intros, s->nintros, b->cap.intros, in);
    in->body = build_doc_children(b, n->children, scope);
    return in;
}

static int64_t eval_constant(jt_builder *b, const jt_constants *g, const jt_constant *c,
                             bool *ok);

static jt_constants *build_constants(jt_builder *b, const xmlNode *n, const jt_scope *scope)
{
    jt_spec *s = b->spec;
    jt_constants *g = jt_alloc(b->a, sizeof *g);
    g->id = req_ident(b, n, "id");
    g->label = req_attr(b, n, "label");
    g->since = attr(b, n, "since");
    if (!g->since)
        g->since = "1.0";
    g->line = line_of(n);
    g->order = next_order(b);
    /* A group belongs to the outermost thing whose text declares it: a
     * function's group may sit in the description of a struct it declares. */
    g->category = b->category;
    const jt_scope *top = scope;
    while (top && top->up)
        top = top->up;
    if (top && top->kind != JT_SCOPE_NONE) {
        g->owner_kind = scope_target_kind(top->kind);
        g->owner = top->owner;
    }
    const char *kind = req_attr(b, n, "kind");
    if (strcmp(kind, "enum") == 0)
        g->kind = JT_CK_ENUM;
    else if (strcmp(kind, "bits") == 0)
        g->kind = JT_CK_BITS;
    else if (strcmp(kind, "const") == 0)
        g->kind = JT_CK_CONST;
    else if (strcmp(kind, "define") == 0)
        g->kind = JT_CK_DEFINE;
    else
        jt_diag(JT_DIAG_ERROR, b->file, g->line,
                "constants %s has kind \"%s\" (expected enum, bits, const or define)",
                g->id, kind);
    size_t cap = 0;
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (!is_el(c, "constant")) {
            unknown_child(b, n, c);
            continue;
        }
        jt_constant k = { 0 };
        k.id = req_ident(b, c, "id");
        k.num = req_attr(b, c, "num");
        k.group = g;
        k.line = line_of(c);
        k.description = build_doc_children(b, c->children, scope);
        JT_PUSH(b->a, g->constants, g->nconstants, cap, k);
    }
    for (size_t i = 0; i < g->nconstants; i++) {
        bool ok;
        g->constants[i].value = eval_constant(b, g, &g->constants[i], &ok);
    }
    JT_PUSH(b->a, s->constants, s->nconstants, b->cap.constants, g);
    return g;
}

/* A constant's num is a number or an OR of constants defined earlier in the
 * same group ("JVMTI_THREAD_STATE_ALIVE | JVMTI_THREAD_STATE_RUNNABLE"). */
static int64_t eval_constant(jt_builder *b, const jt_constants *g, const jt_constant *c, bool *ok)
{
    long long v;
    *ok = true;
    if (parse_int(c->num, &v))
        return v;
    int64_t acc = 0;
    const char *p = c->num;
    while (*p) {
        while (*p == ' ' || *p == '|')
            p++;
        const char *start = p;
        while (*p && *p != ' ' && *p != '|')
            p++;
        if (p == start)
            break;
        size_t len = (size_t)(p - start);
        char tok[128];
        if (len >= sizeof tok)
            len = sizeof tok - 1;
        memcpy(tok, start, len);
        tok[len] = '\0';
        if (parse_int(tok, &v)) {
            acc |= v;
            continue;
        }
        bool found = false;
        for (size_t gi = 0; gi < b->spec->nconstants && !found; gi++) {
            const jt_constants *gp = b->spec->constants[gi];
            for (size_t i = 0; i < gp->nconstants; i++)
                if (strcmp(gp->constants[i].id, tok) == 0) {
                    acc |= gp->constants[i].value;
                    found = true;
                    break;
                }
        }
        for (const jt_constant *k = g->constants; !found && k < c; k++)
            if (strcmp(k->id, tok) == 0) {
                acc |= k->value;
                found = true;
            }
        if (!found) {
            jt_diag(JT_DIAG_ERROR, b->file, c->line,
                    "constant %s: \"%s\" in num=\"%s\" is neither a number nor an earlier constant",
                    c->id, tok, c->num);
            *ok = false;
        }
    }
    return acc;
}

/* ---- types, params ----------------------------------------------------- */

static bool has_word(const char *list, const char *w)
{
    if (!list)
        return false;
    size_t n = strlen(w);
    for (const char *p = list; (p = strstr(p, w)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

static jt_type *build_type(jt_builder *b, const xmlNode *n, const jt_scope *scope)
{
    jt_kind k = jt_kind_from_xml(ename(n));
    if (k == JT_KIND_NONE) {
        /* one message for a mistyped type: the closest kind, and the DTD's
         * warnings about the same element and its parent left out */
        const char *kinds[JT_KIND_COUNT];
        size_t nkinds = 0;
        for (int i = 1; i < JT_KIND_COUNT; i++)
            kinds[nkinds++] = jt_kinds[i].xml;
        const char *near = jt_suggest(ename(n), kinds, nkinds);
        jt_diag(JT_DIAG_ERROR, b->file, line_of(n), "<%s> is not a type or param kind jvmtigen knows%s%s%s",
                ename(n), near ? " (did you mean <" : "", near ? near : "", near ? ">?)" : "");
        for (const xmlNode *m = n; m && m->type == XML_ELEMENT_NODE && b->nexplained < 64; m = m->parent)
            if (m == n || m == n->parent)
                b->explained[b->nexplained++] = line_of(m);
        return NULL;
    }
    const struct jt_kind_info *ki = jt_kind_info(k);
    jt_type *t = jt_alloc(b->a, sizeof *t);
    t->kind = k;
    t->line = line_of(n);
    t->incount_index = t->outcount_index = -1;
    for (xmlAttr *a = n->properties; a; a = a->next)
        if (!has_word(ki->attrs, (const char *)a->name))
            jt_diag(JT_DIAG_WARNING, b->file, t->line,
                    "attribute %s on <%s> is not part of the model", (const char *)a->name, ki->xml);
    if (ki->wrapper) {
        t->incount = attr(b, n, "incount");
        t->outcount = attr(b, n, "outcount");
        t->wrapper_impl = attr(b, n, "impl");
        t->nonullcheck = has_word(t->wrapper_impl, "nonullcheck");
        const char *cst = attr(b, n, "const");
        t->nonconst = cst && strcmp(cst, "no") == 0;
        for (const xmlNode *c = n->children; c; c = c->next) {
            if (c->type != XML_ELEMENT_NODE)
                continue;
            if (is_el(c, "nullok")) {
                t->nullok = true;
                t->nullok_doc = build_doc_children(b, c->children, scope);
            } else if (!t->inner) {
                t->inner = build_type(b, c, scope);
            } else {
                unknown_child(b, n, c);
            }
        }
        if (!t->inner) {
            jt_diag(JT_DIAG_ERROR, b->file, t->line, "<%s> wraps no type", ki->xml);
            return NULL;
        }
        return t;
    }
    switch (k) {
    case JT_ENUM:
    case JT_STRUCT:
        t->name = trimmed_text(b, n);
        if (!*t->name)
            jt_diag(JT_DIAG_ERROR, b->file, t->line, "<%s> names no type", ki->xml);
        break;
    case JT_JINT:
    case JT_JLONG:
        t->min = attr(b, n, "min");
        if (t->min) {
            long long v;
            if (!parse_int(t->min, &v))
                jt_diag(JT_DIAG_ERROR, b->file, t->line, "min=\"%s\" is not an integer", t->min);
            else
                t->min_value = v;
        }
        break;
    case JT_JTHREAD:
        t->thread_null = attr(b, n, "null");
        t->thread_started = attr(b, n, "started");
        t->thread_frame = attr(b, n, "frame");
        t->thread_impl = attr(b, n, "impl");
        break;
    case JT_JMETHODID:
        t->method_class = attr(b, n, "class");
        t->native_doc = attr(b, n, "native");
        t->method_native = t->native_doc != NULL;
        break;
    case JT_JCLASS:
        t->class_method = attr(b, n, "method");
        t->class_field = attr(b, n, "field");
        break;
    case JT_JFIELDID:
        t->field_class = attr(b, n, "class");
        break;
    case JT_JFRAMEID:
        t->frame_thread = attr(b, n, "thread");
        break;
    case JT_JOBJECT:
        t->object_frame = attr(b, n, "frame");
        break;
    default:
        break;
    }
    for (const xmlNode *c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            unknown_child(b, n, c);
    return t;
}

const jt_type *jt_type_leaf(const jt_type *t)
{
    while (t && t->inner)
        t = t->inner;
    return t;
}

/* <param> or <field>: one type element, then a description. */
static bool build_param(jt_builder *b, const xmlNode *n, const jt_scope *scope, jt_param *p)
{
    memset(p, 0, sizeof *p);
    p->id = req_ident(b, n, "id");
    p->line = line_of(n);
    bool typed = false;     /* a type element was there (and reported if unknown) */
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is_el(c, "description"))
            p->description = build_description(b, c, scope);
        else if (!p->type && !typed)
            p->type = build_type(b, c, scope), typed = true;
        else if (jt_kind_from_xml(ename(c)) != JT_KIND_NONE)
            jt_diag(JT_DIAG_ERROR, b->file, line_of(c), "%s %s has a second type <%s> (one type element expected)",
                    ename(n), p->id, ename(c));
        else
            unknown_child(b, n, c);
    }
    if (!p->type) {
        if (!typed)
            jt_diag(JT_DIAG_ERROR, b->file, p->line, "%s %s has no type", ename(n), p->id);
        return false;
    }
    /* The VM derives a method's class from the jmethodID, so such a jclass
     * is documentation only; a field's class is a real argument. */
    if (p->type->kind == JT_JCLASS && p->type->class_method)
        p->implicit = true;
    return true;
}

/* The params (or fields) of one owner: a function, callback or event
 * (scope->kind says which), or a typedef's fields. */
static void build_params(jt_builder *b, const xmlNode *n, const jt_scope *scope, const char *elem,
                         jt_param **out, size_t *nout, const char *owner_id)
{
    jt_target_kind owner_kind = scope_target_kind(scope->kind);
    assert(owner_kind != JT_T_NONE);
    size_t cap = 0;
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (!is_el(c, elem)) {
            if (!is_el(c, "description"))
                unknown_child(b, n, c);
            continue;
        }
        jt_param p;
        if (build_param(b, c, scope, &p)) {
            p.index = (int)*nout;
            p.owner_kind = owner_kind;
            p.owner = scope->owner;
            JT_PUSH(b->a, *out, *nout, cap, p);
        }
    }
    /* counts name siblings; resolved once all siblings exist */
    for (size_t i = 0; i < *nout; i++)
        for (jt_type *t = (*out)[i].type; t; t = t->inner)
            if (t->incount || t->outcount) {
                jt_pending_type pt = { t, *out, *nout, owner_id, scope, b->elide_depth > 0 };
                JT_PUSH(b->a, b->types, b->ntypes, b->captypes, pt);
            }
    for (size_t i = 0; i < *nout; i++) {
        jt_pending_type pt = { (*out)[i].type, NULL, 0, owner_id, scope, b->elide_depth > 0 };
        JT_PUSH(b->a, b->types, b->ntypes, b->captypes, pt);
    }
}

/* ---- typedefs, capabilities -------------------------------------------- */

static jt_typedef *build_typedef(jt_builder *b, const xmlNode *n, jt_typedef_kind kind,
                                 const jt_category *cat, const void *owner, const jt_scope *up)
{
    jt_spec *s = b->spec;
    jt_typedef *td = jt_alloc(b->a, sizeof *td);
    td->kind = kind;
    td->id = req_ident(b, n, "id");
    td->label = req_attr(b, n, "label");
    td->since = attr(b, n, "since");
    if (!td->since)
        td->since = "1.0";
    td->category = cat;
    td->owner = owner;
    td->tag = attr(b, n, "tag");
    td->union_member = kind == JT_TD_UNION ? attr(b, n, "member") : NULL;
    td->order = next_order(b);
    td->line = line_of(n);
    jt_scope *scope = jt_alloc(b->a, sizeof *scope);
    *scope = (jt_scope){ JT_SCOPE_TYPEDEF, td, up };
    JT_PUSH(b->a, s->typedefs, s->ntypedefs, b->cap.typedefs, td);
    if (kind == JT_TD_CAPABILITIES) {
        if (s->capabilities_typedef)
            jt_diag(JT_DIAG_ERROR, b->file, td->line, "a second <capabilitiestypedef> (the first is %s)",
                    s->capabilities_typedef->id);
        s->capabilities_typedef = td;
        for (const xmlNode *c = n->children; c; c = c->next) {
            if (c->type != XML_ELEMENT_NODE)
                continue;
            if (is_el(c, "description")) {
                td->description = build_description(b, c, scope);
            } else if (is_el(c, "capabilityfield")) {
                jt_capability k = { 0 };
                k.id = req_ident(b, c, "id");
                k.disp1 = attr(b, c, "disp1");
                k.disp2 = attr(b, c, "disp2");
                k.since = attr(b, c, "since");
                if (!k.since)
                    k.since = "1.0";
                k.line = line_of(c);
                k.order = next_order(b);
                k.index = (int)s->ncapabilities;
                for (const xmlNode *d = c->children; d; d = d->next)
                    if (is_el(d, "description"))
                        k.description = build_description(b, d, scope);
                    else if (d->type == XML_ELEMENT_NODE)
                        unknown_child(b, c, d);
                JT_PUSH(b->a, s->capabilities, s->ncapabilities, b->cap.capabilities, k);
            } else {
                unknown_child(b, n, c);
            }
        }
        return td;
    }
    for (const xmlNode *c = n->children; c; c = c->next)
        if (is_el(c, "description"))
            td->description = build_description(b, c, scope);
    build_params(b, n, scope, "field", &td->fields, &td->nfields, td->id);
    return td;
}

/* <capabilities>: <required id=...>* then <capability id=...>*. */
static void build_cap_uses(jt_builder *b, const xmlNode *n, const jt_scope *scope,
                           jt_cap_use **req, size_t *nreq, jt_cap_use **opt, size_t *nopt)
{
    size_t capr = 0, capo = 0;
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        bool required = is_el(c, "required");
        if (!required && !is_el(c, "capability")) {
            unknown_child(b, n, c);
            continue;
        }
        jt_cap_use u = { req_attr(b, c, "id"), NULL, NULL, line_of(c) };
        u.description = build_doc_children(b, c->children, scope);
        if (required)
            JT_PUSH(b->a, *req, *nreq, capr, u);
        else
            JT_PUSH(b->a, *opt, *nopt, capo, u);
    }
}

static jt_phase parse_phase(jt_builder *b, const xmlNode *n, const char *v)
{
    static const char *const names[] = { NULL, "onload", "onloadOnly", "start", "live", "any" };
    if (!v)
        return JT_PHASE_UNSET;
    for (int i = 1; i < 6; i++)
        if (strcmp(names[i], v) == 0)
            return (jt_phase)i;
    jt_diag(JT_DIAG_ERROR, b->file, line_of(n), "phase=\"%s\" is not a phase (onload, onloadOnly, start, live, any)", v);
    return JT_PHASE_UNSET;
}

const char *jt_constants_kind_name(jt_constants_kind k)
{
    static const char *const names[] = {
        [JT_CK_ENUM] = "enum", [JT_CK_BITS] = "bits", [JT_CK_CONST] = "const", [JT_CK_DEFINE] = "define",
    };
    return (unsigned)k < sizeof names / sizeof *names ? names[k] : "?";
}

const char *jt_output_name(const jt_spec *s, const char *suffix, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s", s->iface.id, suffix);
    return buf;
}

const char *jt_phase_name(jt_phase p)
{
    static const char *const names[] = { NULL, "onload", "onloadOnly", "start", "live", "any" };
    return (unsigned)p < 6 ? names[p] : NULL;
}

/* ---- functions, callbacks, events -------------------------------------- */

static void build_function(jt_builder *b, const xmlNode *n, const jt_category *cat, bool elided)
{
    jt_spec *s = b->spec;
    jt_function *f = jt_alloc(b->a, sizeof *f);
    f->id = req_ident(b, n, "id");
    f->order = next_order(b);
    f->line = line_of(n);
    long long num;
    const char *nums = req_attr(b, n, "num");
    if (!parse_int(nums, &num) || num < 1 || num > 100000)
        jt_diag(JT_DIAG_ERROR, b->file, f->line, "function %s has num=\"%s\" (expected a positive table slot)",
                f->id, nums);
    else
        f->num = (int)num;
    f->phase_attr = attr(b, n, "phase");
    f->phase = parse_phase(b, n, f->phase_attr);
    const char *cbs = attr(b, n, "callbacksafe");
    f->callbacksafe = cbs && strcmp(cbs, "safe") == 0;
    f->impl = attr(b, n, "impl");
    f->hide = attr(b, n, "hide");
    f->jkernel = attr(b, n, "jkernel");
    f->since = attr(b, n, "since");
    if (!f->since)
        f->since = "1.0";
    f->category = cat;
    f->elided = elided;
    f->hidden = f->hide != NULL;
    f->in_table = !f->elided && !f->hidden;
    JT_PUSH(b->a, s->functions, s->nfunctions, b->cap.functions, f);
    /* What a hidden function holds is as little API as what <elide> holds:
     * its findings are notes. */
    b->elide_depth += f->hidden;

    jt_scope *scope = jt_alloc(b->a, sizeof *scope);
    *scope = (jt_scope){ JT_SCOPE_FUNCTION, f, NULL };
    size_t tdcap = 0, errcap = 0;
    const xmlNode *params_el = NULL, *caps_el = NULL;
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is_el(c, "synopsis")) {
            f->synopsis = trimmed_text(b, c);
        } else if (is_el(c, "typedef") || is_el(c, "uniontypedef")) {
            jt_typedef *td = build_typedef(b, c, is_el(c, "typedef") ? JT_TD_STRUCT : JT_TD_UNION,
                                           cat, f, scope);
            JT_PUSH(b->a, f->typedefs, f->ntypedefs, tdcap, td);
        } else if (is_el(c, "description")) {
            f->description = build_description(b, c, scope);
        } else if (is_el(c, "origin")) {
            f->origin = trimmed_text(b, c);
        } else if (is_el(c, "capabilities")) {
            if (first_one(b, &caps_el, c, f->id))
                build_cap_uses(b, c, scope, &f->required, &f->nrequired, &f->optional, &f->noptional);
        } else if (is_el(c, "eventcapabilities")) {
            f->eventcapabilities = true;
        } else if (is_el(c, "returns")) {
            /* a result that is not an error code: a type, then prose */
            for (const xmlNode *d = c->children; d; d = d->next) {
                if (d->type != XML_ELEMENT_NODE)
                    continue;
                if (is_el(d, "description"))
                    f->ret_doc = build_description(b, d, scope);
                else if (!f->ret && jt_kind_from_xml(ename(d)) != JT_KIND_NONE) {
                    f->ret = build_type(b, d, scope);
                    jt_pending_type pt = { f->ret, NULL, 0, f->id, scope, b->elide_depth > 0 };
                    if (f->ret)
                        JT_PUSH(b->a, b->types, b->ntypes, b->captypes, pt);
                } else
                    unknown_child(b, c, d);
            }
            if (!f->ret)
                jt_diag(JT_DIAG_ERROR, b->file, line_of(c), "<returns> of %s names no type", f->id);
        } else if (is_el(c, "parameters")) {
            if (first_one(b, &params_el, c, f->id))
                build_params(b, c, scope, "param", &f->params, &f->nparams, f->id);
        } else if (is_el(c, "errors")) {
            for (const xmlNode *e = c->children; e; e = e->next) {
                if (e->type != XML_ELEMENT_NODE)
                    continue;
                if (!is_el(e, "error")) {
                    unknown_child(b, c, e);
                    continue;
                }
                jt_error_use u = { req_attr(b, e, "id"), NULL, NULL, line_of(e) };
                u.description = build_doc_children(b, e->children, scope);
                JT_PUSH(b->a, f->errors, f->nerrors, errcap, u);
            }
        } else {
            unknown_child(b, n, c);
        }
    }
    b->elide_depth -= f->hidden;
    if (!f->synopsis)
        jt_diag(JT_DIAG_ERROR, b->file, f->line, "function %s has no <synopsis>", f->id);
}

static void build_callback(jt_builder *b, const xmlNode *n, const jt_category *cat, bool elided)
{
    jt_spec *s = b->spec;
    jt_callback *cb = jt_alloc(b->a, sizeof *cb);
    cb->id = req_ident(b, n, "id");
    cb->since = attr(b, n, "since");
    if (!cb->since)
        cb->since = "1.0";
    cb->category = cat;
    cb->elided = elided;
    const char *inl = attr(b, n, "inline"), *cc = attr(b, n, "callconv");
    cb->inline_decl = inl && strcmp(inl, "yes") == 0;
    cb->callconv = cc && strcmp(cc, "none") == 0 ? "" : "JNICALL";
    cb->entry = attr(b, n, "entry");
    cb->order = next_order(b);
    cb->line = line_of(n);
    JT_PUSH(b->a, s->callbacks, s->ncallbacks, b->cap.callbacks, cb);
    jt_scope *scope = jt_alloc(b->a, sizeof *scope);
    *scope = (jt_scope){ JT_SCOPE_CALLBACK, cb, NULL };
    const xmlNode *params_el = NULL;
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is_el(c, "synopsis"))
            cb->synopsis = trimmed_text(b, c);
        else if (is_el(c, "description"))
            cb->description = build_description(b, c, scope);
        else if (is_el(c, "parameters")) {
            if (first_one(b, &params_el, c, cb->id))
                build_params(b, c, scope, "param", &cb->params, &cb->nparams, cb->id);
        }
        else if (!cb->ret && jt_kind_from_xml(ename(c)) != JT_KIND_NONE) {
            cb->ret = build_type(b, c, scope);
            jt_pending_type pt = { cb->ret, NULL, 0, cb->id, scope, b->elide_depth > 0 };
            if (cb->ret)
                JT_PUSH(b->a, b->types, b->ntypes, b->captypes, pt);
        } else
            unknown_child(b, n, c);
    }
    if (!cb->ret)
        jt_diag(JT_DIAG_ERROR, b->file, cb->line, "callback %s has no return type", cb->id);
}

static void build_event(jt_builder *b, const xmlNode *n, bool elided)
{
    jt_spec *s = b->spec;
    jt_event *ev = jt_alloc(b->a, sizeof *ev);
    ev->id = req_ident(b, n, "id");
    ev->label = req_attr(b, n, "label");
    ev->const_name = req_ident(b, n, "const");
    ev->order = next_order(b);
    ev->line = line_of(n);
    long long num;
    const char *nums = req_attr(b, n, "num");
    if (!parse_int(nums, &num) || num < 0 || num > 100000)
        jt_diag(JT_DIAG_ERROR, b->file, ev->line, "event %s has num=\"%s\" (expected an event number)",
                ev->id, nums);
    else
        ev->num = (int)num;
    ev->phase_attr = attr(b, n, "phase");
    ev->phase = parse_phase(b, n, ev->phase_attr);
    const char *filt = attr(b, n, "filtered");
    if (filt && strcmp(filt, "thread") == 0)
        ev->filtered = JT_FILTER_THREAD;
    else if (filt && strcmp(filt, "global") == 0)
        ev->filtered = JT_FILTER_GLOBAL;
    else if (filt)
        jt_diag(JT_DIAG_ERROR, b->file, ev->line, "filtered=\"%s\" (expected thread or global)", filt);
    ev->since = attr(b, n, "since");
    if (!ev->since)
        ev->since = "1.0";
    ev->elided = elided;
    JT_PUSH(b->a, s->events, s->nevents, b->cap.events, ev);
    jt_scope *scope = jt_alloc(b->a, sizeof *scope);
    *scope = (jt_scope){ JT_SCOPE_EVENT, ev, NULL };
    size_t tdcap = 0;
    const xmlNode *params_el = NULL, *caps_el = NULL;
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is_el(c, "description"))
            ev->description = build_description(b, c, scope);
        else if (is_el(c, "origin"))
            ev->origin = trimmed_text(b, c);
        else if (is_el(c, "typedef") || is_el(c, "uniontypedef")) {
            jt_typedef *td = build_typedef(b, c, is_el(c, "typedef") ? JT_TD_STRUCT : JT_TD_UNION,
                                           NULL, ev, scope);
            JT_PUSH(b->a, ev->typedefs, ev->ntypedefs, tdcap, td);
        } else if (is_el(c, "capabilities")) {
            if (first_one(b, &caps_el, c, ev->id))
                build_cap_uses(b, c, scope, &ev->required, &ev->nrequired, &ev->optional, &ev->noptional);
        } else if (is_el(c, "parameters")) {
            if (first_one(b, &params_el, c, ev->id))
                build_params(b, c, scope, "param", &ev->params, &ev->nparams, ev->id);
        } else
            unknown_child(b, n, c);
    }
}

/* ---- sections ---------------------------------------------------------- */

static void build_elide(jt_builder *b, const xmlNode *n, const jt_category *cat);

static void build_category(jt_builder *b, const xmlNode *n)
{
    jt_spec *s = b->spec;
    jt_category *cat = jt_alloc(b->a, sizeof *cat);
    cat->id = req_attr(b, n, "id");
    cat->label = req_attr(b, n, "label");
    cat->order = next_order(b);
    cat->line = line_of(n);
    JT_PUSH(b->a, s->categories, s->ncategories, b->cap.categories, cat);
    b->category = cat;
    size_t icap = 0;
    static const jt_scope none = { JT_SCOPE_NONE, NULL, NULL };  /* pending links keep it */
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is_el(c, "intro")) {
            jt_intro *in = build_intro(b, c, cat->id, &none);
            JT_PUSH(b->a, cat->intros, cat->nintros, icap, in);
        } else if (is_el(c, "typedef"))
            build_typedef(b, c, JT_TD_STRUCT, cat, NULL, NULL);
        else if (is_el(c, "uniontypedef"))
            build_typedef(b, c, JT_TD_UNION, cat, NULL, NULL);
        else if (is_el(c, "capabilitiestypedef"))
            build_typedef(b, c, JT_TD_CAPABILITIES, cat, NULL, NULL);
        else if (is_el(c, "function"))
            build_function(b, c, cat, false);
        else if (is_el(c, "callback"))
            build_callback(b, c, cat, false);
        else if (is_el(c, "elide"))
            build_elide(b, c, cat);
        else
            unknown_child(b, n, c);
    }
    b->category = NULL;
}

static void build_elide(jt_builder *b, const xmlNode *n, const jt_category *cat)
{
    static const jt_scope none = { JT_SCOPE_NONE, NULL, NULL };  /* pending links keep it */
    b->elide_depth++;
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is_el(c, "function"))
            build_function(b, c, cat, true);
        else if (is_el(c, "callback"))
            build_callback(b, c, cat, true);
        else if (is_el(c, "event"))
            build_event(b, c, true);
        else if (is_el(c, "intro"))
            build_intro(b, c, cat ? cat->id : NULL, &none);
        else
            unknown_child(b, n, c);
    }
    b->elide_depth--;
}

static void build_errorsection(jt_builder *b, const xmlNode *n)
{
    jt_spec *s = b->spec;
    static const jt_scope none = { JT_SCOPE_NONE, NULL, NULL };  /* pending links keep it */
    s->errorsection_label = attr(b, n, "label");
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is_el(c, "intro")) {
            build_intro(b, c, "ErrorSection", &none);
            continue;
        }
        if (!is_el(c, "errorcategory")) {
            unknown_child(b, n, c);
            continue;
        }
        const char *cid = req_attr(b, c, "id"), *clabel = req_attr(b, c, "label");
        for (const xmlNode *e = c->children; e; e = e->next) {
            if (e->type != XML_ELEMENT_NODE)
                continue;
            if (is_el(e, "intro")) {
                build_intro(b, e, cid, &none);
                continue;
            }
            if (!is_el(e, "errorid")) {
                unknown_child(b, c, e);
                continue;
            }
            jt_error *err = jt_alloc(b->a, sizeof *err);
            err->id = req_ident(b, e, "id");
            err->order = next_order(b);
            err->line = line_of(e);
            long long num;
            const char *nums = req_attr(b, e, "num");
            if (!parse_int(nums, &num) || num < 0 || num > 100000)
                jt_diag(JT_DIAG_ERROR, b->file, err->line, "error %s has num=\"%s\" (expected an error code)",
                        err->id, nums);
            else
                err->num = (int)num;
            err->category_id = cid;
            err->category_label = clabel;
            err->description = build_doc_children(b, e->children, &none);
            JT_PUSH(b->a, s->errors, s->nerrors, b->cap.errors, err);
        }
    }
}

static void build_datasection(jt_builder *b, const xmlNode *n)
{
    jt_spec *s = b->spec;
    static const jt_scope none = { JT_SCOPE_NONE, NULL, NULL };  /* pending links keep it */
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is_el(c, "intro")) {
            build_intro(b, c, "DataSection", &none);
            continue;
        }
        if (!is_el(c, "basetypes")) {
            unknown_child(b, n, c);
            continue;
        }
        const char *gid = req_attr(b, c, "id"), *glabel = req_attr(b, c, "label");
        for (const xmlNode *e = c->children; e; e = e->next) {
            if (e->type != XML_ELEMENT_NODE)
                continue;
            if (is_el(e, "intro")) {
                build_intro(b, e, gid, &none);
                continue;
            }
            if (!is_el(e, "basetype")) {
                unknown_child(b, c, e);
                continue;
            }
            jt_basetype *bt = jt_alloc(b->a, sizeof *bt);
            bt->id = req_attr(b, e, "id");
            bt->name = attr(b, e, "name");
            bt->group_id = gid;
            bt->group_label = glabel;
            bt->order = next_order(b);
            bt->line = line_of(e);
            for (const xmlNode *d = e->children; d; d = d->next) {
                if (is_el(d, "definition")) {
                    xmlChar *t = xmlNodeGetContent(d);
                    bt->definition = jt_strdup(b->a, (const char *)t);
                    xmlFree(t);
                } else if (is_el(d, "description")) {
                    bt->description = build_description(b, d, &none);
                } else if (d->type == XML_ELEMENT_NODE) {
                    unknown_child(b, e, d);
                }
            }
            JT_PUSH(b->a, s->basetypes, s->nbasetypes, b->cap.basetypes, bt);
        }
    }
}

/* "17.0.0" -> 17, 0, 0; false when it is not dotted numbers. */
static bool parse_version3(const char *v, int *ma, int *mi, int *mc)
{
    int n = 0, a = 0, b = 0, c = 0;
    if (!v || sscanf(v, "%d.%d.%d%n", &a, &b, &c, &n) != 3 || v[n])
        return false;
    *ma = a, *mi = b, *mc = c;
    return true;
}

static void build_changehistory(jt_builder *b, const xmlNode *n)
{
    jt_spec *s = b->spec;
    static const jt_scope none = { JT_SCOPE_NONE, NULL, NULL };  /* pending links keep it */
    s->changehistory_update = attr(b, n, "update");
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is_el(c, "intro")) {
            build_intro(b, c, "ChangeHistory", &none);
            continue;
        }
        if (!is_el(c, "change")) {
            unknown_child(b, n, c);
            continue;
        }
        jt_change ch = { req_attr(b, c, "date"), attr(b, c, "version"), NULL, line_of(c) };
        ch.body = build_doc_children(b, c->children, &none);
        JT_PUSH(b->a, s->changes, s->nchanges, b->cap.changes, ch);
        int ma, mi, mc;
        if (ch.version && parse_version3(ch.version, &ma, &mi, &mc)) {
            if (ma > s->hist_major || (ma == s->hist_major && (mi > s->hist_minor ||
                                       (mi == s->hist_minor && mc > s->hist_micro)))) {
                s->hist_major = ma, s->hist_minor = mi, s->hist_micro = mc;
            }
        } else if (ch.version && !(ch.version[0] == 'v' && strspn(ch.version + 1, "0123456789") ==
                                                          strlen(ch.version + 1))) {
            /* "v86" and the like number the drafts before 1.0 */
            jt_diag(JT_DIAG_WARNING, b->file, ch.line, "change version=\"%s\" is not major.minor.micro",
                    ch.version);
        }
    }
}

/* <interface>: the names of a non-JVMTI interface (jdwpTransport). */
static void build_interface(jt_builder *b, const xmlNode *n)
{
    jt_interface *in = &b->spec->iface;
    if (in->declared)
        jt_diag(JT_DIAG_ERROR, b->file, line_of(n), "a second <interface> (the first is at line %d)", in->line);
    in->line = line_of(n);
    in->declared = true;
    in->id = req_ident(b, n, "id");
    in->name = in->id;
    in->env = req_ident(b, n, "env");
    in->env_struct = req_ident(b, n, "envstruct");
    in->table = req_ident(b, n, "table");
    in->error_type = req_ident(b, n, "errortype");
    in->event_type = attr(b, n, "eventtype") ? req_ident(b, n, "eventtype") : NULL;   /* only with <event>s */
    in->guard = req_ident(b, n, "guard");
    in->versions = attr(b, n, "versions");
    in->error_prefix = req_attr(b, n, "errorprefix");
    in->cap_prefix = attr(b, n, "capprefix");
    if (!in->cap_prefix)
        in->cap_prefix = "can_";
    const char *layout = attr(b, n, "layout");
    if (!layout || strcmp(layout, "jvmti") == 0)
        in->layout = JT_LAYOUT_JVMTI;
    else if (strcmp(layout, "declarations") == 0)
        in->layout = JT_LAYOUT_DECLARATIONS;
    else
        jt_diag(JT_DIAG_ERROR, b->file, in->line, "<interface> has layout=\"%s\" (expected jvmti or declarations)",
                layout);
}

static void build_specification(jt_builder *b, const xmlNode *root)
{
    jt_spec *s = b->spec;
    static const jt_scope none = { JT_SCOPE_NONE, NULL, NULL };  /* pending links keep it */
    s->label = attr(b, root, "label");
    s->root_line = line_of(root);
    const char *ma = attr(b, root, "majorversion"), *mi = attr(b, root, "minorversion"),
               *mc = attr(b, root, "microversion");
    long long v;
    if (ma && parse_int(ma, &v))
        s->spec_major = (int)v;
    if (mi && parse_int(mi, &v))
        s->spec_minor = (int)v;
    if (mc && parse_int(mc, &v))
        s->spec_micro = (int)v;
    for (const xmlNode *c = root->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is_el(c, "title")) {
            s->title = build_doc_children(b, c->children, &none);
            s->title_subtitle = attr(b, c, "subtitle");
        } else if (is_el(c, "copyright")) {
            /* JDK 11 and 12: the copyright line as an element (the HTML
             * page's footer), beside the leading comment the headers use */
            s->copyright_notice = build_doc_children(b, c->children, &none);
            s->copyright_line = line_of(c);
        } else if (is_el(c, "intro")) {
            build_intro(b, c, NULL, &none);
        } else if (is_el(c, "interface")) {
            build_interface(b, c);
        } else if (is_el(c, "functionsection")) {
            s->functionsection_label = attr(b, c, "label");
            for (const xmlNode *d = c->children; d; d = d->next) {
                if (is_el(d, "intro"))
                    build_intro(b, d, "FunctionSection", &none);
                else if (is_el(d, "category"))
                    build_category(b, d);
                else if (d->type == XML_ELEMENT_NODE)
                    unknown_child(b, c, d);
            }
        } else if (is_el(c, "errorsection")) {
            build_errorsection(b, c);
        } else if (is_el(c, "eventsection")) {
            s->eventsection_label = attr(b, c, "label");
            s->eventsection_line = line_of(c);
            for (const xmlNode *d = c->children; d; d = d->next) {
                if (is_el(d, "intro"))
                    build_intro(b, d, "EventSection", &none);
                else if (is_el(d, "event"))
                    build_event(b, d, false);
                else if (is_el(d, "elide"))
                    build_elide(b, d, NULL);
                else if (d->type == XML_ELEMENT_NODE)
                    unknown_child(b, c, d);
            }
        } else if (is_el(c, "datasection")) {
            build_datasection(b, c);
        } else if (is_el(c, "issuessection")) {
            s->issuessection_label = attr(b, c, "label");
            for (const xmlNode *d = c->children; d; d = d->next) {
                if (is_el(d, "intro"))
                    build_intro(b, d, "IssuesSection", &none);
                else if (d->type == XML_ELEMENT_NODE)
                    unknown_child(b, c, d);
            }
        } else if (is_el(c, "changehistory")) {
            build_changehistory(b, c);
        } else {
            unknown_child(b, root, c);
        }
    }
}

/* ---- loading ----------------------------------------------------------- */

typedef struct load_errors {
    jt_xml_guard g;         /* file, refusals and fatal errors (util/xml_guard.h) */
    /* validity warnings of the validation after parsing, held until the
     * model is built (which may explain some of them better), then printed */
    bool hold;
    int nvalid;
    struct { int line; char *msg; } *valid;
    size_t capvalid;
} load_errors;

/* Prints the held validity warnings but those at lines b explains. */
static void flush_validity(load_errors *le, const jt_builder *b)
{
    for (int i = 0; i < le->nvalid; i++) {
        bool explained = false;
        for (int j = 0; b && j < b->nexplained && !explained; j++)
            explained = b->explained[j] == le->valid[i].line;
        if (!explained)
            jt_diag(JT_DIAG_WARNING, le->g.file, le->valid[i].line, "not valid against the spec's DTD: %s",
                    le->valid[i].msg);
        free(le->valid[i].msg);
    }
    free(le->valid);
    le->valid = NULL;
    le->nvalid = 0;
}

/* libxml2 reports parse errors (fatal: we stop at the first) and validity
 * errors (warnings: generate anyway) through here. */
static void on_xml_error(void *ctx, const xmlError *e)
{
    load_errors *le = ctx;
    char msg[512];
    snprintf(msg, sizeof msg, "%s", e->message ? e->message : "unknown XML error");
    size_t len = strlen(msg);
    while (len && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
        msg[--len] = '\0';
    for (char *p = msg; (p = strchr(p, '\n')); )     /* "...encoding !\nBytes: 0xFF" */
        *p = ' ';
    if ((e->domain == XML_FROM_VALID || e->domain == XML_FROM_DTD) && !le->hold) {
        jt_diag(JT_DIAG_WARNING, le->g.file, e->line, "not valid against the spec's DTD: %s", msg);
        return;
    }
    if (e->domain == XML_FROM_VALID || e->domain == XML_FROM_DTD) {
        if ((size_t)le->nvalid == le->capvalid) {
            le->capvalid = le->capvalid ? 2 * le->capvalid : 16;
            le->valid = realloc(le->valid, le->capvalid * sizeof *le->valid);
            if (!le->valid)
                jt_fatal("out of memory");
        }
        le->valid[le->nvalid].line = e->line;
        if (!(le->valid[le->nvalid++].msg = strdup(msg)))
            jt_fatal("out of memory");
        return;
    }
    if (e->level == XML_ERR_WARNING)
        return;
    if (le->g.nfatal++ == 0)
        jt_diag(JT_DIAG_ERROR, le->g.file, e->line, "not well-formed XML: %s", msg);
}

static void compat_error(void *ctx, xmlErrorPtr e) { on_xml_error(ctx, e); }

/* Never substituting, libxml2 leaves each entity reference in the tree, in
 * text or in an attribute value.  Its text would be dropped from our
 * outputs, or expanded by xmlNodeGetContent without any limit: refuse the
 * first one found.  Iterative: the tree may be as deep as libxml2 allows. */
static bool refuse_entity_refs(load_errors *le, xmlNode *root)
{
    const xmlNode *n = root;
    while (n) {
        const char *name = NULL, *where = NULL;
        if (n->type == XML_ENTITY_REF_NODE) {
            name = (const char *)n->name;
        } else if (n->type == XML_ELEMENT_NODE) {
            for (const xmlAttr *a = n->properties; a && !name; a = a->next)
                for (const xmlNode *t = a->children; t && !name; t = t->next)
                    if (t->type == XML_ENTITY_REF_NODE)
                        name = (const char *)t->name, where = (const char *)a->name;
        }
        if (name) {
            jt_diag(JT_DIAG_ERROR, le->g.file, line_of(n),
                    "entity reference &%s;%s%s is not allowed: jvmtigen expands no entities "
                    "(write the text, or a character reference)", name, where ? " in attribute " : "",
                    where ? where : "");
            return false;
        }
        /* an entity reference's children are the entity's: never go there */
        if (n->type == XML_ELEMENT_NODE && n->children) {
            n = n->children;
            continue;
        }
        while (n && n != root && !n->next)
            n = n->parent;
        n = n && n != root ? n->next : NULL;
    }
    return true;
}

static const char *leading_comment(jt_builder *b, xmlDoc *doc)
{
    for (xmlNode *n = doc->children; n; n = n->next) {
        if (n->type == XML_COMMENT_NODE)
            return jt_strdup(b->a, (const char *)n->content);
        if (n->type == XML_ELEMENT_NODE)
            break;
    }
    return NULL;
}

/* Parse buf[0..len) with libxml2, named path in messages; then build and
 * resolve the model. */
static jt_spec *load(const char *path, const char *buf, size_t len, const jt_load_options *opts);

jt_spec *jt_spec_load_memory(const char *buf, size_t len, const char *name,
                             const jt_load_options *opts)
{
    if (len == 0) {
        jt_diag(JT_DIAG_ERROR, name, 0, "is empty (expected %s)", JT_SPEC_EXPECTED);
        return NULL;
    }
    if (len > INT_MAX) {
        jt_diag(JT_DIAG_ERROR, name, 0, "is too large (%zu bytes)", len);
        return NULL;
    }
    return load(name, buf, len, opts);
}

/* The file is read whole and parsed from memory (util/readfile.h says why). */
jt_spec *jt_spec_load(const char *path, const jt_load_options *opts)
{
    size_t len;
    char *buf = jt_read_file(path, &len, JT_SPEC_EXPECTED);
    if (!buf)
        return NULL;
    jt_spec *s = load(path, buf, len, opts);
    free(buf);
    return s;
}

static jt_spec *load(const char *path, const char *buf, size_t len, const jt_load_options *opts)
{
    jt_diag_set_quiet_warnings(opts && opts->quiet_warnings);

    load_errors le = { .g = { path, "jvmtigen reads nothing but the spec", 0 } };
    if (jt_xml_guard_attributes(buf, len, path, JT_XML_MAX_ATTRIBUTES) != 0)
        return NULL;
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt)
        jt_fatal("out of memory");
    jt_xml_guard_install(ctxt, &le.g);
    xmlSetStructuredErrorFunc(&le, compat_error);
    const int parse_opts = XML_PARSE_NONET | XML_PARSE_NOCDATA;
    xmlDoc *doc = xmlCtxtReadMemory(ctxt, buf, (int)len, path, NULL, parse_opts);
    if (!doc || le.g.nfatal || !ctxt->wellFormed) {
        if (!le.g.nfatal)
            jt_diag(JT_DIAG_ERROR, path, 0, "cannot parse as XML");
        xmlSetStructuredErrorFunc(NULL, NULL);
        xmlFreeDoc(doc);
        xmlFreeParserCtxt(ctxt);
        return NULL;
    }
    xmlNode *root = xmlDocGetRootElement(doc);
    if (!root || !is_el(root, "specification")) {
        jt_diag(JT_DIAG_ERROR, path, root ? line_of(root) : 0,
                "root element is <%s>, not <specification>: not a JVMTI specification",
                root ? ename(root) : "(none)");
        xmlSetStructuredErrorFunc(NULL, NULL);
        xmlFreeDoc(doc);
        xmlFreeParserCtxt(ctxt);
        return NULL;
    }
    if (!refuse_entity_refs(&le, root)) {
        xmlSetStructuredErrorFunc(NULL, NULL);
        xmlFreeDoc(doc);
        xmlFreeParserCtxt(ctxt);
        return NULL;
    }
    /* Validate against the file's own internal subset, if it has one. */
    if (doc->intSubset) {
        xmlValidCtxtPtr vctxt = xmlNewValidCtxt();
        if (vctxt) {
            vctxt->error = NULL;
            vctxt->warning = NULL;
            le.hold = true;
            xmlValidateDocument(vctxt, doc);
            xmlFreeValidCtxt(vctxt);
        }
    } else {
        jt_diag(JT_DIAG_WARNING, path, line_of(root), "no internal DTD: not validated");
    }
    xmlSetStructuredErrorFunc(NULL, NULL);

    jt_spec *s;
    jt_arena *a = jt_arena_new();
    s = jt_alloc(a, sizeof *s);
    s->arena = a;
    s->path = jt_strdup(a, path);
    s->spec_major = s->spec_minor = s->spec_micro = -1;
    s->hist_major = s->hist_minor = s->hist_micro = -1;
    /* JVMTI's names unless the spec declares its own <interface> */
    s->iface = (jt_interface){ "jvmti", "JVM TI", "jvmtiEnv", "_jvmtiEnv", "jvmtiInterface_1_", "jvmtiError",
                               "jvmtiEvent", "_JAVA_JVMTI_H_", "JVMTI_ERROR_", "can_", NULL, JT_LAYOUT_JVMTI,
                               false, 0 };
    jt_builder b = { 0 };
    b.spec = s;
    b.a = a;
    b.file = s->path;
    int errors_before = jt_diag_errors();
    s->copyright = leading_comment(&b, doc);
    build_specification(&b, root);
    flush_validity(&le, &b);
    xmlFreeDoc(doc);
    xmlFreeParserCtxt(ctxt);
    if (jt_diag_errors() == errors_before)
        jt_resolve(&b);
    if (jt_diag_errors() != errors_before) {
        jt_spec_free(s);
        return NULL;
    }
    return s;
}

void jt_spec_free(jt_spec *spec)
{
    if (spec)
        jt_arena_free(spec->arena);
}
