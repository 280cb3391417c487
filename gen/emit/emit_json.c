/* emit_json.c — jvmti.json: the whole model as JSON, for tools in any
 * language (documentation sites, agent generators, API diffs).
 *
 * The shape is described by spec/jvmti-json.schema.json (draft 2020-12);
 * "schema_version" changes whenever the shape changes incompatibly.
 * Design:
 * - Deterministic: spec (document) order everywhere, fixed key order, no
 *   timestamps or absolute paths, so two runs on one spec give one file.
 * - Faithful but plain: every struct of model.h appears, references as ids
 *   (a param's enum names its constants group by id), descriptions as plain
 *   text (jt_doc_plain_text); the HTML emitter is the place for markup.
 * - Stable shape: an object always has its keys (null when absent), except
 *   the attributes of a type, which appear only when the spec gives them.
 * - A tiny streaming writer (below) handles commas, indentation and string
 *   escaping, so the model walk reads as a list of fields.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/ctype.h"
#include "model/doc.h"
#include "emit/emit.h"
#include "util/outfile.h"
#include "util/path.h"

#define SCHEMA_VERSION 1

/* ---- streaming writer -------------------------------------------------- */

typedef struct jw {
    FILE *f;
    int depth;
    bool need_comma;        /* a value was written at this depth */
} jw;

/* JSON string: UTF-8 passes through; quote, backslash and control
 * characters are escaped (the common ones by name, others as \u00XX). */
static void put_jstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        case '\b': fputs("\\b", f); break;
        case '\f': fputs("\\f", f); break;
        default:
            if (*p < 0x20)
                fprintf(f, "\\u%04x", *p);
            else
                fputc(*p, f);
        }
    }
    fputc('"', f);
}

/* Starts a member ("key": ) or an array element. */
static void jw_key(jw *w, const char *key)
{
    if (w->need_comma)
        fputc(',', w->f);
    if (w->depth > 0 || w->need_comma) {
        fputc('\n', w->f);
        for (int i = 0; i < w->depth; i++)
            fputs("  ", w->f);
    }
    if (key) {
        put_jstr(w->f, key);
        fputs(": ", w->f);
    }
    w->need_comma = true;
}

static void jw_open(jw *w, const char *key, char brace)
{
    jw_key(w, key);
    fputc(brace, w->f);
    w->depth++;
    w->need_comma = false;
}

static void jw_close(jw *w, char brace)
{
    w->depth--;
    if (w->need_comma) {    /* not empty: closing brace on its own line */
        fputc('\n', w->f);
        for (int i = 0; i < w->depth; i++)
            fputs("  ", w->f);
    }
    fputc(brace, w->f);
    w->need_comma = true;
}

#define jw_obj(w, key) jw_open((w), (key), '{')
#define jw_end_obj(w) jw_close((w), '}')
#define jw_arr(w, key) jw_open((w), (key), '[')
#define jw_end_arr(w) jw_close((w), ']')

static void jw_str(jw *w, const char *key, const char *v)
{
    jw_key(w, key);
    if (v)
        put_jstr(w->f, v);
    else
        fputs("null", w->f);
}

static void jw_int(jw *w, const char *key, int64_t v)
{
    jw_key(w, key);
    fprintf(w->f, "%" PRId64, v);
}

static void jw_bool(jw *w, const char *key, bool v)
{
    jw_key(w, key);
    fputs(v ? "true" : "false", w->f);
}

/* A description as plain text; null when the spec has none. */
static void jw_doc(jw *w, const char *key, const jt_doc *d)
{
    if (!d) {
        jw_str(w, key, NULL);
        return;
    }
    char *t = jt_doc_plain_text(d);
    jw_str(w, key, t);
    free(t);
}

/* Optional member: written only when v is set. */
static void jw_opt_str(jw *w, const char *key, const char *v)
{
    if (v)
        jw_str(w, key, v);
}

/* ---- model pieces ------------------------------------------------------ */

static const char *ref_kind_name(jt_target_kind k)
{
    switch (k) {
    case JT_T_CONSTANTS: return "constants";
    case JT_T_TYPEDEF: return "typedef";
    case JT_T_CALLBACK: return "callback";
    case JT_T_BASETYPE: return "basetype";
    default: return NULL;   /* a name the header defines itself (jvmtiEnv, JNIEnv) */
    }
}

static const char *effective_phase(jt_phase p)
{
    /* functions and events without phase= are live-phase only */
    return jt_phase_name(p == JT_PHASE_UNSET ? JT_PHASE_LIVE : p);
}

static void put_type(jw *w, const char *key, const jt_type *t)
{
    const struct jt_kind_info *ki = jt_kind_info(t->kind);
    jw_obj(w, key);
    jw_str(w, "kind", ki->xml);
    if (t->kind == JT_ENUM || t->kind == JT_STRUCT) {
        jw_str(w, "name", t->name);
        jw_str(w, "ref", ref_kind_name(t->ref.kind));
    }
    if (ki->wrapper) {
        jw_bool(w, "nullok", t->nullok);
        if (t->nullok)
            jw_doc(w, "nullok_description", t->nullok_doc);
        jw_opt_str(w, "incount", t->incount);
        jw_opt_str(w, "outcount", t->outcount);
    }
    if (t->min)
        jw_int(w, "min", t->min_value);
    jw_opt_str(w, "null", t->thread_null);
    jw_opt_str(w, "started", t->thread_started);
    jw_opt_str(w, "frame", t->thread_frame);
    jw_opt_str(w, "impl", t->thread_impl);
    jw_opt_str(w, "class", t->kind == JT_JFIELDID ? t->field_class : t->method_class);
    if (t->method_native)
        jw_str(w, "native", t->native_doc ? t->native_doc : "");
    jw_opt_str(w, "method", t->class_method);
    jw_opt_str(w, "field", t->class_field);
    jw_opt_str(w, "thread", t->frame_thread);
    if (t->inner)
        put_type(w, "inner", t->inner);
    jw_end_obj(w);
}

static void put_params(jw *w, const char *key, const jt_param *ps, size_t n)
{
    char buf[256];
    jw_arr(w, key);
    for (size_t i = 0; i < n; i++) {
        const jt_param *p = &ps[i];
        jw_obj(w, NULL);
        jw_str(w, "id", p->id);
        jw_int(w, "index", p->index);
        jw_bool(w, "implicit", p->implicit);
        jw_str(w, "c_type", jt_c_type(p->type, buf, sizeof buf));
        put_type(w, "type", p->type);
        jw_doc(w, "description", p->description);
        jw_end_obj(w);
    }
    jw_end_arr(w);
}

static void put_cap_uses(jw *w, const char *key, const jt_cap_use *u, size_t n)
{
    jw_arr(w, key);
    for (size_t i = 0; i < n; i++) {
        jw_obj(w, NULL);
        jw_str(w, "id", u[i].id);
        jw_bool(w, "defined", u[i].cap != NULL);
        jw_doc(w, "description", u[i].description);
        jw_end_obj(w);
    }
    jw_end_arr(w);
}

static void put_typedef_ids(jw *w, jt_typedef *const *tds, size_t n)
{
    jw_arr(w, "typedefs");
    for (size_t i = 0; i < n; i++)
        jw_str(w, NULL, tds[i]->id);
    jw_end_arr(w);
}

static void put_function(jw *w, const jt_function *f)
{
    jw_obj(w, NULL);
    jw_str(w, "id", f->id);
    jw_int(w, "num", f->num);
    jw_str(w, "synopsis", f->synopsis);
    jw_str(w, "category", f->category ? f->category->id : NULL);
    jw_str(w, "phase", effective_phase(f->phase));
    jw_str(w, "phase_attr", f->phase_attr);
    jw_bool(w, "callbacksafe", f->callbacksafe);
    jw_str(w, "since", f->since);
    jw_bool(w, "elided", f->elided);
    jw_str(w, "impl", f->impl);
    jw_str(w, "hide", f->hide);
    jw_str(w, "jkernel", f->jkernel);
    jw_str(w, "origin", f->origin);
    jw_obj(w, "capabilities");
    jw_bool(w, "eventcapabilities", f->eventcapabilities);
    put_cap_uses(w, "required", f->required, f->nrequired);
    put_cap_uses(w, "optional", f->optional, f->noptional);
    jw_end_obj(w);
    put_params(w, "params", f->params, f->nparams);
    jw_arr(w, "errors");
    for (size_t i = 0; i < f->nerrors; i++) {
        jw_obj(w, NULL);
        jw_str(w, "id", f->errors[i].id);
        jw_doc(w, "description", f->errors[i].description);
        jw_end_obj(w);
    }
    jw_end_arr(w);
    put_typedef_ids(w, f->typedefs, f->ntypedefs);
    jw_doc(w, "description", f->description);
    if (f->ret) {   /* only where the spec has <returns> */
        char buf[256];
        jw_str(w, "c_return", jt_c_type(f->ret, buf, sizeof buf));
        put_type(w, "returns", f->ret);
        jw_doc(w, "returns_description", f->ret_doc);
    }
    jw_end_obj(w);
}

static void put_event(jw *w, const jt_event *e)
{
    static const char *const filters[] = { NULL, "thread", "global" };
    jw_obj(w, NULL);
    jw_str(w, "id", e->id);
    jw_str(w, "label", e->label);
    jw_str(w, "const", e->const_name);
    jw_int(w, "num", e->num);
    jw_str(w, "phase", effective_phase(e->phase));
    jw_str(w, "phase_attr", e->phase_attr);
    jw_str(w, "filtered", filters[e->filtered]);
    jw_str(w, "since", e->since);
    jw_bool(w, "elided", e->elided);
    jw_str(w, "origin", e->origin);
    jw_obj(w, "capabilities");
    put_cap_uses(w, "required", e->required, e->nrequired);
    put_cap_uses(w, "optional", e->optional, e->noptional);
    jw_end_obj(w);
    put_params(w, "params", e->params, e->nparams);
    put_typedef_ids(w, e->typedefs, e->ntypedefs);
    jw_doc(w, "description", e->description);
    jw_end_obj(w);
}

/* The function or event a typedef is declared in. */
static void put_owner(jw *w, const jt_spec *s, const void *owner)
{
    for (size_t i = 0; owner && i < s->nfunctions; i++)
        if (s->functions[i] == owner) {
            jw_obj(w, "owner");
            jw_str(w, "kind", "function");
            jw_str(w, "id", s->functions[i]->id);
            jw_end_obj(w);
            return;
        }
    for (size_t i = 0; owner && i < s->nevents; i++)
        if (s->events[i] == owner) {
            jw_obj(w, "owner");
            jw_str(w, "kind", "event");
            jw_str(w, "id", s->events[i]->id);
            jw_end_obj(w);
            return;
        }
    jw_str(w, "owner", NULL);
}

static void put_typedef(jw *w, const jt_spec *s, const jt_typedef *td)
{
    static const char *const kinds[] = { "struct", "union", "capabilities" };
    jw_obj(w, NULL);
    jw_str(w, "id", td->id);
    jw_str(w, "kind", kinds[td->kind]);
    jw_str(w, "label", td->label);
    jw_str(w, "since", td->since);
    jw_str(w, "category", td->category ? td->category->id : NULL);
    put_owner(w, s, td->owner);
    put_params(w, "fields", td->fields, td->nfields);
    jw_doc(w, "description", td->description);
    if (td->tag)
        jw_str(w, "tag", td->tag);
    if (td->union_member)
        jw_str(w, "member", td->union_member);
    jw_end_obj(w);
}

static void put_callback(jw *w, const jt_callback *cb)
{
    char buf[256];
    jw_obj(w, NULL);
    jw_str(w, "id", cb->id);
    jw_str(w, "synopsis", cb->synopsis);
    jw_str(w, "since", cb->since);
    jw_bool(w, "elided", cb->elided);
    jw_str(w, "category", cb->category ? cb->category->id : NULL);
    jw_str(w, "c_return", jt_c_type(cb->ret, buf, sizeof buf));
    put_type(w, "returns", cb->ret);
    put_params(w, "params", cb->params, cb->nparams);
    jw_doc(w, "description", cb->description);
    if (cb->inline_decl)
        jw_bool(w, "inline", true);
    if (strcmp(cb->callconv, "JNICALL") != 0)
        jw_str(w, "callconv", cb->callconv);
    if (cb->entry)
        jw_str(w, "entry", cb->entry);
    jw_end_obj(w);
}

static void put_constants(jw *w, const jt_constants *g)
{
    jw_obj(w, NULL);
    jw_str(w, "id", g->id);
    jw_str(w, "label", g->label);
    jw_str(w, "kind", jt_constants_kind_name(g->kind));
    jw_str(w, "since", g->since);
    jw_arr(w, "constants");
    for (size_t i = 0; i < g->nconstants; i++) {
        const jt_constant *c = &g->constants[i];
        jw_obj(w, NULL);
        jw_str(w, "id", c->id);
        jw_str(w, "num", c->num);
        jw_int(w, "value", c->value);
        jw_doc(w, "description", c->description);
        jw_end_obj(w);
    }
    jw_end_arr(w);
    jw_end_obj(w);
}

static void put_spec(jw *w, const jt_emit_ctx *ctx)
{
    const jt_spec *s = ctx->spec;
    jw_obj(w, "spec");
    jw_str(w, "label", s->label);
    jw_doc(w, "title", s->title);
    jw_str(w, "subtitle", s->title_subtitle);
    jw_str(w, "file", jt_basename(s->path));
    jw_obj(w, "version");
    jw_int(w, "major", ctx->major);
    jw_int(w, "minor", ctx->minor);
    jw_int(w, "micro", ctx->micro);
    jw_end_obj(w);
    jw_str(w, "capabilities_typedef", s->capabilities_typedef ? s->capabilities_typedef->id : NULL);
    if (s->iface.declared) {    /* <interface>: a spec of another interface than JVMTI */
        jw_obj(w, "interface");
        jw_str(w, "id", s->iface.id);
        jw_str(w, "env", s->iface.env);
        jw_str(w, "envstruct", s->iface.env_struct);
        jw_str(w, "table", s->iface.table);
        jw_str(w, "errortype", s->iface.error_type);
        jw_str(w, "guard", s->iface.guard);
        jw_str(w, "versions", s->iface.versions);
        jw_end_obj(w);
    }
    jw_end_obj(w);
}

static void put_model(jw *w, const jt_emit_ctx *ctx)
{
    const jt_spec *s = ctx->spec;
    jw_obj(w, NULL);
    jw_int(w, "schema_version", SCHEMA_VERSION);
    jw_str(w, "generator", "jvmtigen");
    put_spec(w, ctx);

    jw_arr(w, "categories");
    for (size_t i = 0; i < s->ncategories; i++) {
        jw_obj(w, NULL);
        jw_str(w, "id", s->categories[i]->id);
        jw_str(w, "label", s->categories[i]->label);
        jw_end_obj(w);
    }
    jw_end_arr(w);

    jw_arr(w, "functions");
    for (size_t i = 0; i < s->nfunctions; i++)
        put_function(w, s->functions[i]);
    jw_end_arr(w);

    jw_arr(w, "events");
    for (size_t i = 0; i < s->nevents; i++)
        put_event(w, s->events[i]);
    jw_end_arr(w);

    jw_arr(w, "errors");
    for (size_t i = 0; i < s->nerrors; i++) {
        const jt_error *e = s->errors[i];
        jw_obj(w, NULL);
        jw_str(w, "id", e->id);
        jw_int(w, "num", e->num);
        jw_str(w, "category", e->category_id);
        jw_str(w, "category_label", e->category_label);
        jw_doc(w, "description", e->description);
        jw_end_obj(w);
    }
    jw_end_arr(w);

    jw_arr(w, "capabilities");
    for (size_t i = 0; i < s->ncapabilities; i++) {
        const jt_capability *c = &s->capabilities[i];
        jw_obj(w, NULL);
        jw_str(w, "id", c->id);
        jw_int(w, "bit", c->index);
        jw_str(w, "since", c->since);
        jw_str(w, "disp1", c->disp1);
        jw_str(w, "disp2", c->disp2);
        jw_doc(w, "description", c->description);
        jw_end_obj(w);
    }
    jw_end_arr(w);

    jw_arr(w, "constants");
    for (size_t i = 0; i < s->nconstants; i++)
        put_constants(w, s->constants[i]);
    jw_end_arr(w);

    jw_arr(w, "typedefs");
    for (size_t i = 0; i < s->ntypedefs; i++)
        put_typedef(w, s, s->typedefs[i]);
    jw_end_arr(w);

    jw_arr(w, "callbacks");
    for (size_t i = 0; i < s->ncallbacks; i++)
        put_callback(w, s->callbacks[i]);
    jw_end_arr(w);

    jw_arr(w, "basetypes");
    for (size_t i = 0; i < s->nbasetypes; i++) {
        const jt_basetype *b = s->basetypes[i];
        jw_obj(w, NULL);
        jw_str(w, "id", b->id);
        jw_str(w, "name", b->name);
        jw_str(w, "definition", b->definition);
        jw_str(w, "group", b->group_id);
        jw_str(w, "group_label", b->group_label);
        jw_doc(w, "description", b->description);
        jw_end_obj(w);
    }
    jw_end_arr(w);

    jw_arr(w, "intros");
    for (size_t i = 0; i < s->nintros; i++) {
        const jt_intro *in = s->intros[i];
        jw_obj(w, NULL);
        jw_str(w, "id", in->id);
        jw_str(w, "label", in->label);
        jw_str(w, "parent", in->parent_id);
        jw_doc(w, "text", in->body);
        jw_end_obj(w);
    }
    jw_end_arr(w);

    jw_arr(w, "changes");
    for (size_t i = 0; i < s->nchanges; i++) {
        jw_obj(w, NULL);
        jw_str(w, "date", s->changes[i].date);
        jw_str(w, "version", s->changes[i].version);
        jw_doc(w, "description", s->changes[i].body);
        jw_end_obj(w);
    }
    jw_end_arr(w);

    jw_end_obj(w);
}

int jt_emit_json(const jt_emit_ctx *ctx)
{
    char name[128];
    jt_out *o = jt_out_open(ctx->outdir, jt_output_name(ctx->spec, ".json", name, sizeof name));
    if (!o)
        return -1;
    jw w = { jt_out_file(o), 0, false };
    put_model(&w, ctx);
    fputc('\n', w.f);
    return jt_out_commit(o);
}
