/* emit_header_decls.c — the C header of an interface whose header is laid
 * out as declarations in document order (spec->iface.layout
 * JT_LAYOUT_DECLARATIONS), such as jdwpTransport.h.
 *
 * The JDK's jdwpTransport.h is written by hand, not generated, so there is
 * no generator's whitespace to reproduce: the goal is the same C tokens
 * (tests/golden/jdwp-header.sh compares them with clang's lexer).  Its frame is
 * fixed: include guard, the versions group, extern "C", the env's forward
 * declarations, the error enum; then every constants group, typedef and
 * callback type in the spec's document order; then the function table by
 * slot (reserved slots filled) and the C++ env class.  Every name in the
 * frame comes from the model's <interface>, nothing from this file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/emit.h"
#include "emit/emit_header_decls.h"
#include "model/ctype.h"
#include "util/array.h"
#include "util/diag.h"
#include "util/outfile.h"

typedef struct dctx {
    jt_out *o;
    const jt_spec *s;
    const jt_interface *in;
} dctx;

static void put_decl(dctx *d, const jt_param *p)
{
    char buf[256];
    jt_out_printf(d->o, "%s %s", jt_c_type(p->type, buf, sizeof buf), p->id);
}

/* The C parameter list; "void" when there is none. */
static void put_param_list(dctx *d, const jt_param *ps, size_t n, bool env_first)
{
    bool first = true;
    if (env_first) {
        jt_out_printf(d->o, "%s* env", d->in->env);
        first = false;
    }
    for (size_t i = 0; i < n; i++) {
        if (ps[i].implicit)
            continue;
        jt_out_puts(d->o, first ? "" : ",\n        ");
        first = false;
        put_decl(d, &ps[i]);
    }
    if (first)
        jt_out_puts(d->o, "void");
}

static const char *ret_type(dctx *d, const jt_function *f, char *buf, size_t len)
{
    return f->ret ? jt_c_type(f->ret, buf, len) : d->in->error_type;
}

/* A field whose type points to an inline callback declares the function
 * pointer in place; NULL when it does not. */
static const jt_callback *inline_callback(const jt_param *p)
{
    const jt_type *leaf = jt_type_leaf(p->type);
    if (p->type->kind != JT_PTRTYPE || !leaf || leaf->ref.kind != JT_T_CALLBACK)
        return NULL;
    const jt_callback *cb = leaf->ref.ptr;
    return cb->inline_decl ? cb : NULL;
}

static void put_funcptr(dctx *d, const char *ret, const char *callconv, const char *name,
                        const jt_param *ps, size_t n)
{
    jt_out_printf(d->o, "%s (%s%s*%s)(", ret, callconv, *callconv ? " " : "", name);
    put_param_list(d, ps, n, false);
    jt_out_puts(d->o, ")");
}

static void put_field(dctx *d, const jt_param *p, const char *indent)
{
    char buf[256];
    jt_out_puts(d->o, indent);
    const jt_callback *cb = inline_callback(p);
    if (cb)
        put_funcptr(d, jt_c_type(cb->ret, buf, sizeof buf), cb->callconv, p->id, cb->params, cb->nparams);
    else
        put_decl(d, p);
    jt_out_puts(d->o, ";\n");
}

/* ---- declarations in document order ------------------------------------ */

static void put_constants(dctx *d, const jt_constants *g)
{
    if (g->kind == JT_CK_DEFINE) {
        for (size_t j = 0; j < g->nconstants; j++)
            jt_out_printf(d->o, "#define %s %s\n", g->constants[j].id, g->constants[j].num);
        jt_out_puts(d->o, "\n");
        return;
    }
    bool typed = g->kind == JT_CK_ENUM;
    jt_out_printf(d->o, "/* %s */\n%s {\n", g->label, typed ? "typedef enum" : "enum");
    for (size_t j = 0; j < g->nconstants; j++)
        jt_out_printf(d->o, "    %s = %s%s\n", g->constants[j].id, g->constants[j].num,
                      j + 1 < g->nconstants ? "," : "");
    jt_out_printf(d->o, typed ? "} %s;\n\n" : "};\n\n", g->id);
}

static void put_typedef(dctx *d, const jt_typedef *t)
{
    jt_out_printf(d->o, "/* %s */\n", t->label);
    if (t->kind == JT_TD_CAPABILITIES) {
        jt_out_puts(d->o, "typedef struct {\n");
        for (size_t i = 0; i < d->s->ncapabilities; i++)
            jt_out_printf(d->o, "    unsigned int %s :1;\n", d->s->capabilities[i].id);
        jt_out_printf(d->o, "} %s;\n\n", t->id);
        return;
    }
    const char *indent = "    ";
    bool in_union = t->kind == JT_TD_UNION && t->union_member;
    const char *keyword = t->kind == JT_TD_UNION && !in_union ? "union" : "struct";
    jt_out_printf(d->o, "typedef %s %s%s{\n", keyword, t->tag ? t->tag : "", t->tag ? " " : "");
    if (in_union) {
        jt_out_puts(d->o, "    union {\n");
        indent = "        ";
    }
    for (size_t i = 0; i < t->nfields; i++)
        put_field(d, &t->fields[i], indent);
    if (in_union)
        jt_out_printf(d->o, "    } %s;\n", t->union_member);
    jt_out_printf(d->o, "} %s;\n\n", t->id);
}

static void put_callback(dctx *d, const jt_callback *cb)
{
    char buf[256];
    jt_out_printf(d->o, "/* %s */\ntypedef ", cb->synopsis ? cb->synopsis : cb->id);
    put_funcptr(d, jt_c_type(cb->ret, buf, sizeof buf), cb->callconv, cb->id, cb->params, cb->nparams);
    jt_out_puts(d->o, ";\n\n");
}

typedef struct decl {
    int order;
    jt_target_kind kind;
    const void *ptr;
} decl;

static int cmp_order(const void *a, const void *b)
{
    const decl *x = a, *y = b;
    return (x->order > y->order) - (x->order < y->order);
}

static void put_declarations(dctx *d)
{
    const jt_spec *s = d->s;
    size_t cap = s->nconstants + s->ntypedefs + s->ncallbacks + 1, n = 0;
    decl *ds = malloc(cap * sizeof *ds);
    if (!ds)
        jt_fatal("out of memory");
    for (size_t i = 0; i < s->nconstants; i++)
        if (!d->in->versions || strcmp(s->constants[i]->id, d->in->versions) != 0)
            ds[n++] = (decl){ s->constants[i]->order, JT_T_CONSTANTS, s->constants[i] };
    for (size_t i = 0; i < s->ntypedefs; i++)
        ds[n++] = (decl){ s->typedefs[i]->order, JT_T_TYPEDEF, s->typedefs[i] };
    for (size_t i = 0; i < s->ncallbacks; i++)
        if (!s->callbacks[i]->elided && !s->callbacks[i]->inline_decl)
            ds[n++] = (decl){ s->callbacks[i]->order, JT_T_CALLBACK, s->callbacks[i] };
    jt_sort(ds, n, sizeof *ds, cmp_order);
    for (size_t i = 0; i < n; i++) {
        if (ds[i].kind == JT_T_CONSTANTS)
            put_constants(d, ds[i].ptr);
        else if (ds[i].kind == JT_T_TYPEDEF)
            put_typedef(d, ds[i].ptr);
        else
            put_callback(d, ds[i].ptr);
    }
    free(ds);
}

/* ---- the frame --------------------------------------------------------- */

static int cmp_error_num(const void *a, const void *b)
{
    const jt_error *x = *(const jt_error *const *)a, *y = *(const jt_error *const *)b;
    return (x->num > y->num) - (x->num < y->num);
}

static void put_errors(dctx *d)
{
    const jt_spec *s = d->s;
    const jt_error **errs = malloc((s->nerrors + 1) * sizeof *errs);
    if (!errs)
        jt_fatal("out of memory");
    jt_copy(errs, s->errors, s->nerrors * sizeof *errs);
    jt_sort(errs, s->nerrors, sizeof *errs, cmp_error_num);
    jt_out_puts(d->o, "/* Errors */\ntypedef enum {\n");
    for (size_t i = 0; i < s->nerrors; i++)
        jt_out_printf(d->o, "    %s = %d%s\n", errs[i]->id, errs[i]->num, i + 1 < s->nerrors ? "," : "");
    jt_out_printf(d->o, "} %s;\n\n", d->in->error_type);
    free(errs);
}

static void put_prologue(dctx *d)
{
    const jt_interface *in = d->in;
    jt_out_printf(d->o,
        "/*\n * %s.h: %s.\n *\n * Generated by jvmtigen from %s; do not edit.\n */\n\n"
        "#ifndef %s\n#define %s\n\n#include \"jni.h\"\n\n",
        in->id, d->s->label ? d->s->label : in->id, d->s->path, in->guard, in->guard);
    const jt_constants *v = in->versions ? jt_find_constants(d->s, in->versions) : NULL;
    if (v)
        put_constants(d, v);
    jt_out_printf(d->o,
        "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
        "struct %s;\n\nstruct %s;\n\n"
        "#ifdef __cplusplus\ntypedef %s %s;\n#else\ntypedef const struct %s *%s;\n#endif /* __cplusplus */\n\n",
        in->table, in->env_struct, in->env_struct, in->env, in->table, in->env);
}

static void put_function_table(dctx *d)
{
    const jt_spec *s = d->s;
    char buf[256];
    jt_out_printf(d->o, "/* Function Interface */\n\nstruct %s {\n", d->in->table);
    for (int num = 1; num <= s->max_function_num; num++) {
        const jt_function *f = s->function_by_num[num];
        if (!f) {
            jt_out_printf(d->o, "    /* %d: reserved */\n    void *reserved%d;\n\n", num, num);
            continue;
        }
        jt_out_printf(d->o, "    /* %d: %s */\n    %s (JNICALL *%s)(", num, f->synopsis,
                      ret_type(d, f, buf, sizeof buf), f->id);
        put_param_list(d, f->params, f->nparams, true);
        jt_out_puts(d->o, ");\n\n");
    }
    jt_out_puts(d->o, "};\n\n");
}

static void put_cplusplus(dctx *d)
{
    const jt_spec *s = d->s;
    char buf[256];
    jt_out_printf(d->o, "struct %s {\n    const struct %s *functions;\n#ifdef __cplusplus\n", d->in->env_struct,
                  d->in->table);
    for (int num = 1; num <= s->max_function_num; num++) {
        const jt_function *f = s->function_by_num[num];
        if (!f)
            continue;
        jt_out_printf(d->o, "\n    %s %s(", ret_type(d, f, buf, sizeof buf), f->id);
        put_param_list(d, f->params, f->nparams, false);
        jt_out_printf(d->o, ") {\n        return functions->%s(this", f->id);
        for (size_t j = 0; j < f->nparams; j++)
            if (!f->params[j].implicit && f->params[j].type->kind != JT_VARARGS)
                jt_out_printf(d->o, ", %s", f->params[j].id);
        jt_out_puts(d->o, ");\n    }\n");
    }
    jt_out_printf(d->o, "\n#endif /* __cplusplus */\n};\n\n"
                        "#ifdef __cplusplus\n} /* extern \"C\" */\n#endif /* __cplusplus */\n\n"
                        "#endif /* %s */\n", d->in->guard);
}

int jt_emit_header_decls(const jt_emit_ctx *ctx)
{
    dctx d = { 0 };
    d.s = ctx->spec;
    d.in = &ctx->spec->iface;
    char name[128];
    d.o = jt_out_open(ctx->outdir, jt_output_name(d.s, ".h", name, sizeof name));
    if (!d.o)
        return -1;
    put_prologue(&d);
    put_errors(&d);
    put_declarations(&d);
    put_function_table(&d);
    put_cplusplus(&d);
    return jt_out_commit(d.o);
}
