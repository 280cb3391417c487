/* model_resolve.c — second half of loading: turn names into pointers.
 *
 * Runs once after model_build.c has made every struct.  It indexes every id
 * the spec defines, then resolves type references (<enum>, <struct>),
 * incount/outcount, capability and error uses, and every link element in
 * the prose.  Anything dangling is an error with file:line.  Finally it
 * builds the by-number indexes the emitters use, checking for collisions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/diag.h"
#include "model/model_internal.h"

/* ---- how bad each problem is ------------------------------------------- */

/* One row per kind of problem: its level in live API and inside <elide>.
 * Links and counts only cost the HTML a link or the wrapper a length check,
 * so they never stop generation; an undefined capability or error loses one
 * check of the wrapper (the emitters skip unresolved uses); an undefined
 * type would put an undeclared name into jvmti.h. */
static const struct {
    jt_diag_level live, elided;
} problem_levels[JT_PB_COUNT_] = {
    [JT_PB_LINK]       = { JT_DIAG_WARNING, JT_DIAG_NOTE },
    [JT_PB_COUNT]      = { JT_DIAG_WARNING, JT_DIAG_NOTE },
    [JT_PB_TYPE]       = { JT_DIAG_ERROR, JT_DIAG_NOTE },
    [JT_PB_CAPABILITY] = { JT_DIAG_WARNING, JT_DIAG_NOTE },
    [JT_PB_ERROR]      = { JT_DIAG_WARNING, JT_DIAG_NOTE },
};

jt_diag_level jt_problem_level(jt_problem pb, bool elided)
{
    return elided ? problem_levels[pb].elided : problem_levels[pb].live;
}

/* ---- id index: open addressing over every top-level id ----------------- */

typedef struct id_entry {
    const char *id;
    jt_target_kind kind;
    const void *ptr;
} id_entry;

typedef struct id_index {
    id_entry *slots;
    size_t mask;
} id_index;

static size_t hash_str(const char *s)
{
    size_t h = 1469598103934665603ull;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

/* First definition wins; later ones with the same id are kept out (the
 * lint rules report collisions where they matter: nums). */
static void idx_put(id_index *x, const char *id, jt_target_kind kind, const void *ptr)
{
    if (!id || !*id)
        return;
    for (size_t i = hash_str(id) & x->mask;; i = (i + 1) & x->mask) {
        if (!x->slots[i].id) {
            x->slots[i] = (id_entry){ id, kind, ptr };
            return;
        }
        if (strcmp(x->slots[i].id, id) == 0)
            return;
    }
}

static const id_entry *idx_get(const id_index *x, const char *id)
{
    for (size_t i = hash_str(id) & x->mask; x->slots[i].id; i = (i + 1) & x->mask)
        if (strcmp(x->slots[i].id, id) == 0)
            return &x->slots[i];
    return NULL;
}

/* Anchors the published page defines for its own sections; internallink
 * may name them. */
static const char *const section_anchors[] = {
    "FunctionSection", "FunctionTable", "FunctionIndex", "ErrorSection",
    "EventSection", "EventIndex", "DataSection", "IssuesSection",
    "ChangeHistory", "reqerrors", "jvmtiEventCallbacks",
};

static void build_index(jt_builder *b, id_index *x)
{
    jt_spec *s = b->spec;
    size_t n = s->nfunctions + s->ncallbacks + s->nevents + s->ntypedefs + s->nbasetypes +
               s->nerrors + s->ncategories + s->nintros + s->ncapabilities + 64;
    for (size_t i = 0; i < s->nconstants; i++)
        n += 1 + s->constants[i]->nconstants;
    size_t size = 64;
    while (size < n * 2)
        size *= 2;
    x->slots = jt_alloc(b->a, size * sizeof *x->slots);
    x->mask = size - 1;
    /* order sets precedence when ids collide across kinds */
    for (size_t i = 0; i < s->nfunctions; i++)
        idx_put(x, s->functions[i]->id, JT_T_FUNCTION, s->functions[i]);
    for (size_t i = 0; i < s->nevents; i++)
        idx_put(x, s->events[i]->id, JT_T_EVENT, s->events[i]);
    for (size_t i = 0; i < s->ncallbacks; i++)
        idx_put(x, s->callbacks[i]->id, JT_T_CALLBACK, s->callbacks[i]);
    for (size_t i = 0; i < s->ntypedefs; i++)
        idx_put(x, s->typedefs[i]->id, JT_T_TYPEDEF, s->typedefs[i]);
    for (size_t i = 0; i < s->nconstants; i++) {
        const jt_constants *g = s->constants[i];
        idx_put(x, g->id, JT_T_CONSTANTS, g);
        for (size_t j = 0; j < g->nconstants; j++)
            idx_put(x, g->constants[j].id, JT_T_CONSTANT, &g->constants[j]);
    }
    for (size_t i = 0; i < s->nbasetypes; i++)
        idx_put(x, s->basetypes[i]->id, JT_T_BASETYPE, s->basetypes[i]);
    for (size_t i = 0; i < s->nerrors; i++) {
        idx_put(x, s->errors[i]->id, JT_T_ERROR, s->errors[i]);
        idx_put(x, s->errors[i]->category_id, JT_T_ERRORCATEGORY, s->errors[i]);
    }
    for (size_t i = 0; i < s->ncapabilities; i++)
        idx_put(x, s->capabilities[i].id, JT_T_CAPABILITY, &s->capabilities[i]);
    for (size_t i = 0; i < s->ncategories; i++)
        idx_put(x, s->categories[i]->id, JT_T_CATEGORY, s->categories[i]);
    for (size_t i = 0; i < s->nintros; i++)
        idx_put(x, s->intros[i]->id, JT_T_INTRO, s->intros[i]);
    for (size_t i = 0; i < sizeof section_anchors / sizeof *section_anchors; i++)
        idx_put(x, section_anchors[i], JT_T_SECTION, section_anchors[i]);
}

/* ---- types ------------------------------------------------------------- */

static const jt_param *scope_param(const jt_scope *sc, const char *id);

/* Names jvmti.h declares itself, whatever the spec defines: a spec may use
 * them without a <basetype> (JDK 5's has <struct>jvmtiEnv</struct> and no
 * jvmtiEnv basetype; later ones add one, which then wins). */
static bool header_defines(const char *name)
{
    static const char *const names[] = { "jvmtiEnv" };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

static void resolve_type(jt_builder *b, const id_index *x, const jt_pending_type *pt)
{
    jt_type *t = pt->type;
    if (pt->siblings) {     /* count references */
        const char *which[2] = { t->incount, t->outcount };
        int *where[2] = { &t->incount_index, &t->outcount_index };
        for (int k = 0; k < 2; k++) {
            if (!which[k])
                continue;
            const jt_param *p = jt_find_param(pt->siblings, pt->nsiblings, which[k]);
            if (p)
                *where[k] = p->index;
            else if (pt->scope && scope_param(pt->scope->up, which[k]))
                ;   /* names a param of the enclosing function: index stays -1 */
            else if (pt->scope && pt->scope->kind == JT_SCOPE_TYPEDEF)
                ;   /* a field counted by prose (jvmtiStackInfo.frame_buffer
                       by a param of the functions that fill it): lint's
                       count-ref reports it */
            else
                jt_diag(jt_problem_level(JT_PB_COUNT, pt->elided), b->file, t->line,
                        "%s: %s=\"%s\" names no sibling parameter",
                        pt->owner_id, k ? "outcount" : "incount", which[k]);
        }
        return;
    }
    for (; t; t = t->inner) {
        if (t->kind != JT_ENUM && t->kind != JT_STRUCT)
            continue;
        const id_entry *e = idx_get(x, t->name);
        bool ok = false;
        if (e) {
            if (t->kind == JT_ENUM)
                ok = e->kind == JT_T_CONSTANTS || e->kind == JT_T_BASETYPE;
            else
                ok = e->kind == JT_T_TYPEDEF || e->kind == JT_T_CALLBACK || e->kind == JT_T_BASETYPE;
        }
        if (!ok && header_defines(t->name))
            continue;   /* ref stays JT_T_NONE (an intro may share the id) */
        if (!ok) {
            jt_diag(jt_problem_level(JT_PB_TYPE, pt->elided), b->file, t->line,
                    "%s: <%s>%s</%s> names no %s the spec defines",
                    pt->owner_id, jt_kinds[t->kind].xml, t->name, jt_kinds[t->kind].xml,
                    t->kind == JT_ENUM ? "constants group or base type"
                                       : "typedef, callback or base type");
            continue;
        }
        t->ref.kind = e->kind;
        t->ref.ptr = e->ptr;
    }
}

/* ---- links ------------------------------------------------------------- */

static const jt_param *scope_param(const jt_scope *sc, const char *id)
{
    for (; sc; sc = sc->up) {
        const jt_param *p = NULL;
        switch (sc->kind) {
        case JT_SCOPE_FUNCTION: {
            const jt_function *f = sc->owner;
            p = jt_find_param(f->params, f->nparams, id);
            break;
        }
        case JT_SCOPE_CALLBACK: {
            const jt_callback *c = sc->owner;
            p = jt_find_param(c->params, c->nparams, id);
            break;
        }
        case JT_SCOPE_EVENT: {
            const jt_event *e = sc->owner;
            p = jt_find_param(e->params, e->nparams, id);
            break;
        }
        case JT_SCOPE_TYPEDEF: {
            const jt_typedef *t = sc->owner;
            p = jt_find_param(t->fields, t->nfields, id);
            break;
        }
        case JT_SCOPE_NONE:
            break;
        }
        if (p)
            return p;
    }
    return NULL;
}

/* "jvmtiStackInfo.frame_buffer", "jvmtiCapabilities.can_suspend",
 * "jvmtiHeapReferenceCallback.reference_kind": a member of a typedef or a
 * parameter of a callback/function. */
static bool resolve_member(const id_index *x, const char *id, jt_doc *d)
{
    const char *dot = strchr(id, '.');
    if (!dot)
        return false;
    char owner[256];
    size_t n = (size_t)(dot - id);
    if (n >= sizeof owner)
        return false;
    memcpy(owner, id, n);
    owner[n] = '\0';
    const id_entry *e = idx_get(x, owner);
    if (!e)
        return false;
    const char *member = dot + 1;
    const jt_param *p = NULL;
    if (e->kind == JT_T_TYPEDEF) {
        const jt_typedef *t = e->ptr;
        if (t->kind == JT_TD_CAPABILITIES) {
            const id_entry *c = idx_get(x, member);
            if (c && c->kind == JT_T_CAPABILITY) {
                d->target_kind = JT_T_CAPABILITY;
                d->target = c->ptr;
                return true;
            }
            return false;
        }
        p = jt_find_param(t->fields, t->nfields, member);
    } else if (e->kind == JT_T_CALLBACK) {
        const jt_callback *c = e->ptr;
        p = jt_find_param(c->params, c->nparams, member);
    } else if (e->kind == JT_T_FUNCTION) {
        const jt_function *f = e->ptr;
        p = jt_find_param(f->params, f->nparams, member);
    }
    if (!p)
        return false;
    d->target_kind = e->kind == JT_T_TYPEDEF ? JT_T_FIELD : JT_T_PARAM;
    d->target = p;
    return true;
}

static void resolve_link(jt_builder *b, const id_index *x, const jt_pending_link *l)
{
    jt_doc *d = l->node;
    jt_diag_level lvl = jt_problem_level(JT_PB_LINK, l->elided);
    const char *id = jt_doc_attr(d, "id");
    if (!id) {
        jt_diag(lvl, b->file, d->line, "<%s> without id=", d->name);
        return;
    }
    if (strcmp(d->name, "paramlink") == 0) {
        const jt_param *p = scope_param(l->scope, id);
        if (!p) {
            jt_diag(lvl, b->file, d->line, "<paramlink id=\"%s\"> names no parameter here", id);
            return;
        }
        d->target_kind = JT_T_PARAM;
        d->target = p;
        return;
    }
    if (strcmp(d->name, "fieldlink") == 0) {
        const char *st = jt_doc_attr(d, "struct");
        const id_entry *e = st ? idx_get(x, st) : NULL;
        const jt_param *p = NULL;
        if (e && e->kind == JT_T_TYPEDEF && ((const jt_typedef *)e->ptr)->kind == JT_TD_CAPABILITIES) {
            const id_entry *c = idx_get(x, id);
            if (c && c->kind == JT_T_CAPABILITY) {
                d->target_kind = JT_T_CAPABILITY;
                d->target = c->ptr;
                return;
            }
        } else if (e && e->kind == JT_T_TYPEDEF) {
            const jt_typedef *t = e->ptr;
            p = jt_find_param(t->fields, t->nfields, id);
        }
        if (!p) {
            jt_diag(lvl, b->file, d->line, "<fieldlink id=\"%s\" struct=\"%s\"> names no field",
                    id, st ? st : "");
            return;
        }
        d->target_kind = JT_T_FIELD;
        d->target = p;
        return;
    }
    const id_entry *e = idx_get(x, id);
    if (e) {
        /* The kind a link element promises; prose is loose (functionlink to
         * a callback or a struct happens), so only the clear cases fail. */
        bool ok = true;
        if (strcmp(d->name, "eventlink") == 0)
            ok = e->kind == JT_T_EVENT;
        else if (strcmp(d->name, "errorlink") == 0)
            ok = e->kind == JT_T_ERROR;
        if (!ok) {
            jt_diag(lvl, b->file, d->line, "<%s id=\"%s\"> names something that is not %s",
                    d->name, id, strcmp(d->name, "eventlink") == 0 ? "an event" : "an error");
            return;
        }
        d->target_kind = e->kind;
        d->target = e->ptr;
        return;
    }
    if (resolve_member(x, id, d))
        return;
    jt_diag(lvl, b->file, d->line, "dangling <%s id=\"%s\">: the spec defines no such id",
            d->name, id);
}

/* ---- uses of capabilities and errors ----------------------------------- */

/* Elided functions and events are not part of the API: their dangling
 * references are worth a warning, not a refusal. */
static void resolve_caps(jt_builder *b, const id_index *x, jt_cap_use *u, size_t n, const char *owner,
                         bool elided)
{
    for (size_t i = 0; i < n; i++) {
        const id_entry *e = idx_get(x, u[i].id);
        if (!e || e->kind != JT_T_CAPABILITY) {
            if (elided)     /* lint's elided-capability reports it */
                continue;
            jt_diag(jt_problem_level(JT_PB_CAPABILITY, elided), b->file, u[i].line,
                    "%s%s needs capability %s, which jvmtiCapabilities lacks",
                    elided ? "elided " : "", owner, u[i].id);
            continue;
        }
        u[i].cap = e->ptr;
    }
}

/* ---- indexes ----------------------------------------------------------- */

static void build_num_indexes(jt_builder *b)
{
    jt_spec *s = b->spec;
    s->max_function_num = 0;
    for (size_t i = 0; i < s->nfunctions; i++)
        if (s->functions[i]->in_table && s->functions[i]->num > s->max_function_num)
            s->max_function_num = s->functions[i]->num;
    s->function_by_num = jt_alloc(b->a, (size_t)(s->max_function_num + 1) * sizeof *s->function_by_num);
    for (size_t i = 0; i < s->nfunctions; i++) {
        jt_function *f = s->functions[i];
        if (!f->in_table)
            continue;
        jt_function **slot = &s->function_by_num[f->num];
        if (*slot)
            jt_diag(JT_DIAG_ERROR, b->file, f->line, "function %s has num=%d, already used by %s (line %d)",
                    f->id, f->num, (*slot)->id, (*slot)->line);
        else
            *slot = f;
    }

    s->min_event_num = s->max_event_num = -1;
    for (size_t i = 0; i < s->nevents; i++) {
        const jt_event *ev = s->events[i];
        if (ev->elided)
            continue;
        if (s->min_event_num < 0 || ev->num < s->min_event_num)
            s->min_event_num = ev->num;
        if (ev->num > s->max_event_num)
            s->max_event_num = ev->num;
    }
    if (s->min_event_num >= 0) {
        s->event_by_num = jt_alloc(b->a, (size_t)(s->max_event_num - s->min_event_num + 1) *
                                             sizeof *s->event_by_num);
        for (size_t i = 0; i < s->nevents; i++) {
            jt_event *ev = s->events[i];
            if (ev->elided)
                continue;
            jt_event **slot = &s->event_by_num[ev->num - s->min_event_num];
            if (*slot)
                jt_diag(JT_DIAG_ERROR, b->file, ev->line, "event %s has num=%d, already used by %s (line %d)",
                        ev->id, ev->num, (*slot)->id, (*slot)->line);
            else
                *slot = ev;
        }
    }
    s->max_error_num = 0;
    for (size_t i = 0; i < s->nerrors; i++) {
        if (s->errors[i]->num > s->max_error_num)
            s->max_error_num = s->errors[i]->num;
        for (size_t j = 0; j < i; j++)
            if (s->errors[j]->num == s->errors[i]->num)
                jt_diag(JT_DIAG_ERROR, b->file, s->errors[i]->line, "error %s has num=%d, already used by %s",
                        s->errors[i]->id, s->errors[i]->num, s->errors[j]->id);
    }
}

/* Short plain-text form of each error's description, for name tables. */
#include "model/doc.h"

static void error_texts(jt_builder *b)
{
    jt_spec *s = b->spec;
    for (size_t i = 0; i < s->nerrors; i++) {
        char *t = jt_doc_plain_text(s->errors[i]->description);
        s->errors[i]->short_text = jt_strdup(b->a, t);
        free(t);
    }
}

int jt_resolve(jt_builder *b)
{
    jt_spec *s = b->spec;
    int before = jt_diag_errors();
    id_index x;
    build_index(b, &x);
    for (size_t i = 0; i < b->ntypes; i++)
        resolve_type(b, &x, &b->types[i]);
    for (size_t i = 0; i < b->nlinks; i++)
        resolve_link(b, &x, &b->links[i]);
    for (size_t i = 0; i < s->nfunctions; i++) {
        jt_function *f = s->functions[i];
        resolve_caps(b, &x, f->required, f->nrequired, f->id, !f->in_table);
        resolve_caps(b, &x, f->optional, f->noptional, f->id, !f->in_table);
        for (size_t j = 0; j < f->nerrors; j++) {
            const id_entry *e = idx_get(&x, f->errors[j].id);
            if (!e || e->kind != JT_T_ERROR)
                jt_diag(jt_problem_level(JT_PB_ERROR, !f->in_table), b->file, f->errors[j].line,
                        "%s lists error %s, which the error section does not define", f->id, f->errors[j].id);
            else
                f->errors[j].error = e->ptr;
        }
    }
    for (size_t i = 0; i < s->nevents; i++) {
        jt_event *ev = s->events[i];
        resolve_caps(b, &x, ev->required, ev->nrequired, ev->id, ev->elided);
        resolve_caps(b, &x, ev->optional, ev->noptional, ev->id, ev->elided);
    }
    build_num_indexes(b);
    error_texts(b);
    return jt_diag_errors() == before ? 0 : -1;
}

/* ---- public lookups ---------------------------------------------------- */

#define FIND(fn, type, arr, n)                                   \
    const type *fn(const jt_spec *s, const char *id)             \
    {                                                            \
        for (size_t i = 0; i < s->n; i++)                        \
            if (strcmp(s->arr[i]->id, id) == 0)                  \
                return s->arr[i];                                \
        return NULL;                                             \
    }

FIND(jt_find_function, jt_function, functions, nfunctions)
FIND(jt_find_event, jt_event, events, nevents)
FIND(jt_find_typedef, jt_typedef, typedefs, ntypedefs)
FIND(jt_find_callback, jt_callback, callbacks, ncallbacks)
FIND(jt_find_constants, jt_constants, constants, nconstants)
FIND(jt_find_error, jt_error, errors, nerrors)
FIND(jt_find_basetype, jt_basetype, basetypes, nbasetypes)

const jt_param *jt_find_param(const jt_param *ps, size_t n, const char *id)
{
    for (size_t i = 0; id && i < n; i++)
        if (strcmp(ps[i].id, id) == 0)
            return &ps[i];
    return NULL;
}

const jt_constant *jt_find_constant(const jt_spec *s, const char *id)
{
    for (size_t i = 0; i < s->nconstants; i++)
        for (size_t j = 0; j < s->constants[i]->nconstants; j++)
            if (strcmp(s->constants[i]->constants[j].id, id) == 0)
                return &s->constants[i]->constants[j];
    return NULL;
}

const char *jt_param_owner_id(const jt_param *p)
{
    switch (p->owner_kind) {
    case JT_T_FUNCTION: return ((const jt_function *)p->owner)->id;
    case JT_T_CALLBACK: return ((const jt_callback *)p->owner)->id;
    case JT_T_EVENT: return ((const jt_event *)p->owner)->id;
    case JT_T_TYPEDEF: return ((const jt_typedef *)p->owner)->id;
    default: return NULL;
    }
}

const jt_capability *jt_find_capability(const jt_spec *s, const char *id)
{
    for (size_t i = 0; i < s->ncapabilities; i++)
        if (strcmp(s->capabilities[i].id, id) == 0)
            return &s->capabilities[i];
    return NULL;
}

void jt_spec_version(const jt_spec *s, int major_override, int *ma, int *mi, int *mc)
{
    int a, b, c;
    if (s->spec_major >= 0) {
        a = s->spec_major, b = s->spec_minor < 0 ? 0 : s->spec_minor, c = s->spec_micro < 0 ? 0 : s->spec_micro;
    } else if (s->hist_major >= 0) {
        a = s->hist_major, b = s->hist_minor, c = s->hist_micro;
    } else {
        a = 1, b = 0, c = 0;
    }
    if (major_override > 0 && major_override != a) {
        a = major_override;
        b = 0, c = 0;
    }
    if (ma) *ma = a;
    if (mi) *mi = b;
    if (mc) *mc = c;
}

void jt_spec_version_check(const jt_spec *s, int major_override)
{
    if (s->spec_major >= 0 || s->hist_major < 0 || major_override > 0)
        return;
    jt_diag(JT_DIAG_NOTE, s->path, 0,
            "declares no version (the JDK build passes it, from JDK 13 on): the outputs declare %d.%d.%d, "
            "the last version of its change history, which is behind when a release changed nothing; "
            "--major-version=N sets the JDK's own", s->hist_major, s->hist_minor, s->hist_micro);
}

bool jt_parse_since(const char *since, int *major, int *minor)
{
    int a = 0, b = 0, n = 0;
    if (!since)
        return false;
    if (sscanf(since, "%d.%d%n", &a, &b, &n) == 2 && since[n] == '\0') {
        *major = a, *minor = b;
        return true;
    }
    n = 0;
    if (sscanf(since, "%d%n", &a, &n) == 1 && since[n] == '\0') {
        *major = a, *minor = 0;
        return true;
    }
    return false;
}
