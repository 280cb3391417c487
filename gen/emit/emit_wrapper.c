/* emit_wrapper.c — write jvmticheck_gen.c: the checked, tracing wrapper.
 *
 * For every function of the spec's table one wrapper, always the same four
 * steps (apitrace's lesson): check the inputs, call the real function,
 * account (timing, allocations, undocumented errors), trace inputs and, on
 * success, outputs.  A plain function (no hook) also gets a fast path in
 * front of it, for calls that are neither timed nor traced unless they
 * fail: the checks' cheap conditions (wrapper_checks.c, the same list the
 * full wrapper reports from), the call, its memory; anything else goes to
 * the full wrapper.  For every event a trampoline that hands the agent the
 * checked env.  Plus the metadata tables the runtime reads (jc_runtime.h).
 *
 * What to check and how to print an argument is decided by rules over the
 * param's kind and leaf type (the kinds table and the tables below), never
 * by function name; the few functions with extra meaning (capabilities,
 * callbacks, event enabling, memory) get hooks (wrapper_hooks.c).  A param
 * no rule covers stops generation with an error naming it: no silent gaps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/checks.h"
#include "model/spec_rules.h"
#include "model/ctype.h"
#include "util/diag.h"
#include "emit/emit_wrapper_transport.h"
#include "emit/wrapper_checks.h"
#include "emit/wrapper_ctx.h"
#include "emit/wrapper_hooks.h"
#include "emit/emit.h"
#include "util/outfile.h"
#include "util/path.h"
#include "model/version.h"

/* ---- per-function extras ------------------------------------------------ */

/* Events that end an object's tag: the block a tag held is no longer held
 * by it (jc_ref_set). */
typedef struct name_pair { const char *name, *value; } name_pair;

/* The value of name in a table of pairs, NULL when absent. */
static const char *pair_value(const name_pair *t, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return t[i].value;
    return NULL;
}

static const name_pair tag_ending_events[] = {
    { "ObjectFree", "tag" },
};

static const char *ending_tag(const jt_event *ev)
{
    return pair_value(tag_ending_events, sizeof tag_ending_events / sizeof *tag_ending_events, ev->id);
}

/* A heap callback's param through which the agent may set a tag. */
static bool is_tag_ptr(const jt_param *p)
{
    char tb[160];
    size_t n = strlen(p->id);
    return n >= 7 && strcmp(p->id + n - 7, "tag_ptr") == 0 && strcmp(jt_c_type(p->type, tb, sizeof tb), "jlong*") == 0;
}

/* Heap iterations call the agent's callbacks while they run, on a VM
 * thread of their choosing (HotSpot: the VM thread).  Inside those only
 * callbacksafe functions may be called, so each such callback is replaced
 * by a trampoline that raises the thread's restricted depth (jc_thread) on whatever thread runs
 * it.  The trampoline finds the agent's callback and user_data in a context
 * on the caller's stack, passed as the iteration's user_data: valid, since
 * the callbacks all run inside the call. */

static bool is_param(const jt_function *f, const char *id)
{
    return jt_find_param(f->params, f->nparams, id) != NULL;
}

/* A callback type whose last param is user_data (so it can be wrapped). */
static const jt_callback *wrappable_callback(const jt_type *t)
{
    const jt_type *leaf = jt_type_leaf(t);
    if (leaf->kind != JT_STRUCT || leaf->ref.kind != JT_T_CALLBACK)
        return NULL;
    const jt_callback *cb = leaf->ref.ptr;
    if (!cb->nparams || strcmp(cb->params[cb->nparams - 1].id, "user_data") != 0)
        return NULL;
    return cb;
}

/* The struct of callbacks a param points at (jvmtiHeapCallbacks), if any. */
static const jt_typedef *callback_struct(const jt_type *t)
{
    const jt_type *leaf = jt_type_leaf(t);
    if (t->kind != JT_INPTR || leaf->kind != JT_STRUCT || leaf->ref.kind != JT_T_TYPEDEF)
        return NULL;
    const jt_typedef *td = leaf->ref.ptr;
    for (size_t i = 0; i < td->nfields; i++)
        if (wrappable_callback(td->fields[i].type))
            return td;
    return NULL;
}

static bool calls_back_synchronously(const jt_function *f)
{
    bool has_user_data = false, has_cb = false;
    for (size_t i = 0; i < f->nparams; i++) {
        const jt_type *t = f->params[i].type;
        if (strcmp(f->params[i].id, "user_data") == 0)
            has_user_data = true;
        if ((t->kind == JT_PTRTYPE && wrappable_callback(t)) || callback_struct(t))
            has_cb = true;
    }
    return has_user_data && has_cb;
}

/* One callback slot of a function: a ptrtype param, or a field of the
 * struct of callbacks it takes. */
typedef struct cb_slot {
    const char *name;           /* ctx member and trampoline suffix */
    const jt_callback *cb;
} cb_slot;

static size_t callback_slots(const jt_function *f, cb_slot *out, size_t cap, const jt_param **structp)
{
    size_t n = 0;
    *structp = NULL;
    for (size_t i = 0; i < f->nparams; i++) {
        const jt_type *t = f->params[i].type;
        const jt_callback *cb = t->kind == JT_PTRTYPE ? wrappable_callback(t) : NULL;
        const jt_typedef *td = callback_struct(t);
        if (cb && n < cap)
            out[n++] = (cb_slot){ f->params[i].id, cb };
        if (td) {
            *structp = &f->params[i];
            for (size_t k = 0; k < td->nfields && n < cap; k++)
                if ((cb = wrappable_callback(td->fields[k].type)))
                    out[n++] = (cb_slot){ td->fields[k].id, cb };
        }
    }
    return n;
}

static void put_callback_trampolines(wctx *w, const jt_function *f)
{
    cb_slot slots[32];
    const jt_param *sp;
    size_t n = callback_slots(f, slots, 32, &sp);
    char tb[160];
    P("struct cbctx_%s {\n    void *user_data;\n", f->id);
    for (size_t i = 0; i < n; i++)
        P("    %s %s;\n", slots[i].cb->id, slots[i].name);
    P("};\n\n");
    for (size_t i = 0; i < n; i++) {
        const jt_callback *cb = slots[i].cb;
        bool is_void = cb->ret->kind == JT_VOID;
        P("static %s JNICALL cb_%s_%s(", jt_c_type(cb->ret, tb, sizeof tb), f->id, slots[i].name);
        for (size_t k = 0; k < cb->nparams; k++)
            P("%s%s %s", k ? ", " : "", jt_c_type(cb->params[k].type, tb, sizeof tb), cb->params[k].id);
        P(")\n{\n    struct cbctx_%s *c = user_data;\n    jc_thread *const me = jc_me();\n    me->restricted_depth++;\n", f->id);
        /* tags the callback sets may hold JVMTI blocks (leak report) */
        for (size_t k = 0; k < cb->nparams; k++)
            if (is_tag_ptr(&cb->params[k]))
                P("    const jlong before_%s = %s ? *%s : 0;\n", cb->params[k].id, cb->params[k].id, cb->params[k].id);
        P("    const char *in_before = me->restricted_in;\n    me->restricted_in = \"%s callback\";\n    ", f->id);
        if (!is_void)
            P("%s r = ", jt_c_type(cb->ret, tb, sizeof tb));
        P("c->%s(", slots[i].name);
        for (size_t k = 0; k + 1 < cb->nparams; k++)
            P("%s, ", cb->params[k].id);
        P("c->user_data);\n    me->restricted_in = in_before;\n    me->restricted_depth--;\n");
        for (size_t k = 0; k < cb->nparams; k++) {
            const char *id = cb->params[k].id;
            if (!is_tag_ptr(&cb->params[k]))
                continue;
            P("    if (%s && *%s != before_%s", id, id, id);
            for (size_t e = 0; e < k; e++)  /* the same tag through two params counts once */
                if (is_tag_ptr(&cb->params[e]))
                    P(" && %s != %s", id, cb->params[e].id);
            P(")\n        jc_ref_set(JC_REF_TAG, (uintptr_t)before_%s, (uintptr_t)*%s);\n", id, id);
        }
        P("%s}\n\n", is_void ? "" : "    return r;\n");
    }
}

/* Declarations and argument substitutions around the real call (NULLs
 * are left for the VM to refuse). */
static void put_callback_setup(wctx *w, const jt_function *f)
{
    cb_slot slots[32];
    const jt_param *sp;
    size_t n = callback_slots(f, slots, 32, &sp);
    P("    struct cbctx_%s ctx = { .user_data = (void *)user_data };\n", f->id);
    if (sp) {
        char tb[160];
        P("    %s mine;\n    if (%s) {\n        mine = *%s;\n", jt_c_type(jt_type_leaf(sp->type), tb, sizeof tb),
          sp->id, sp->id);
        for (size_t i = 0; i < n; i++)
            if (!is_param(f, slots[i].name))
                P("        ctx.%s = mine.%s;\n        if (mine.%s) mine.%s = cb_%s_%s;\n", slots[i].name,
                  slots[i].name, slots[i].name, slots[i].name, f->id, slots[i].name);
        P("        %s = &mine;\n    }\n", sp->id);
    }
    for (size_t i = 0; i < n; i++)
        if (is_param(f, slots[i].name))
            P("    ctx.%s = %s;\n    if (%s) %s = cb_%s_%s;\n", slots[i].name, slots[i].name, slots[i].name,
              slots[i].name, f->id, slots[i].name);
    P("    user_data = &ctx;\n");
}

/* ---- small helpers -------------------------------------------------------- */

/* Name of the group the name tables know a value by, or NULL. */
static const char *enum_table_name(const jt_type *t)
{
    if (t->kind != JT_ENUM)
        return NULL;
    if (t->ref.kind == JT_T_CONSTANTS)
        return ((const jt_constants *)t->ref.ptr)->id;
    if (strcmp(t->name, "jvmtiError") == 0 || strcmp(t->name, "jvmtiEvent") == 0)
        return t->name;
    return NULL;
}


static void refuse(wctx *w, const char *owner, const jt_param *p, const char *why)
{
    jt_diag(JT_DIAG_ERROR, w->s->path, p->type->line,
            "%s: param %s: %s (jvmtigen has no check or format rule for it)", owner, p->id, why);
    w->errors++;
}

/* ---- code with placeholders ------------------------------------------------
 * put_code() writes C text from a table (the kinds' trace column, the
 * hooks' code), asking put_word for each $word in it. */

typedef bool (*word_fn)(wctx *w, const void *ctx, const char *word, size_t n);

static bool word_is(const char *word, size_t n, const char *name)
{
    return strlen(name) == n && strncmp(word, name, n) == 0;
}

static void put_code(wctx *w, const char *code, word_fn put_word, const void *ctx)
{
    while (*code) {
        size_t n = strcspn(code, "$");
        jt_out_write(w->o, code, n);
        code += n;
        if (!*code)
            break;
        const char *word = ++code;
        while ((*code >= 'a' && *code <= 'z') || *code == '_')
            code++;
        if (!put_word(w, ctx, word, (size_t)(code - word)))
            jt_fatal("no value for $%.*s in \"%s\" (gen/model/kinds.c or gen/emit/wrapper_hooks.c)",
                     (int)(code - word), word, word - 1);
    }
}

/* ---- how to print a value --------------------------------------------------
 * format_value() writes the jc_rec_arg_* call for a value of type t held in
 * the C expression expr: the trace column of t's kind (kinds.h).  Returns
 * false when no rule covers the type. */

typedef struct value_words {
    const char *name, *expr;
    const char *group;          /* the enum's constants group */
    bool bits;                  /* ... a bit set */
} value_words;

static bool put_value_word(wctx *w, const void *ctx, const char *word, size_t n)
{
    const value_words *v = ctx;
    if (word_is(word, n, "name"))
        P("%s", v->name);
    else if (word_is(word, n, "expr"))
        P("%s", v->expr);
    else if (word_is(word, n, "accepted"))
        P("%s", w->accepted ? w->accepted : "0");
    else if (word_is(word, n, "class") && w->klass)
        P("%s", w->klass);
    else if (word_is(word, n, "group") && v->group)
        P("%s", v->group);
    else if (word_is(word, n, "enumform"))
        P("%s", v->bits ? "bits" : "enum");
    else
        return false;
    return true;
}

static bool format_value(wctx *w, const jt_type *t, const char *name, const char *expr)
{
    const char *trace = jt_kind_info(t->kind)->trace;
    if (!trace)
        return false;
    value_words v = { name, expr, NULL, false };
    if (strstr(trace, "$group")) {
        if (!(v.group = enum_table_name(t)))
            return false;
        v.bits = jt_enum_group(t) && jt_enum_group(t)->kind == JT_CK_BITS;
    }
    if (strstr(trace, "$class") && !w->klass)   /* no class to name it by */
        trace = JT_TRACE_PTR;
    put_code(w, trace, put_value_word, &v);
    return true;
}

/* An input argument: the pointer itself, or for strings the text. */
static bool format_input(wctx *w, const jt_param *p)
{
    const jt_type *t = p->type, *in = t->inner;
    const struct jt_kind_info *ki = jt_kind_info(t->kind);
    if (t->kind == JT_VARARGS)
        return true;
    if (!ki->wrapper)
        return format_value(w, t, p->id, p->id);
    if (t->kind == JT_PTRTYPE)
        return format_value(w, in, p->id, p->id);
    if ((t->kind == JT_INBUF || t->kind == JT_VMBUF) && in->kind == JT_CHAR) {
        P("jc_rec_arg_str(r, \"%s\", %s);", p->id, p->id);
        return true;
    }
    if (t->kind == JT_INPTR && in->kind == JT_STRUCT && in->ref.kind == JT_T_TYPEDEF &&
        ((const jt_typedef *)in->ref.ptr)->kind == JT_TD_CAPABILITIES) {
        P("jc_rec_arg_caps(r, \"%s\", %s);", p->id, p->id);
        return true;
    }
    P("jc_rec_arg_ptr(r, \"%s\", (const void *)%s);", p->id, p->id);
    return true;
}

/* An output, printed after a successful call (the pointer may be NULL when
 * nullok). */
static bool format_output(wctx *w, const jt_param *p)
{
    const jt_type *t = p->type, *in = t->inner;
    char expr[160];
    switch (t->kind) {
    case JT_OUTPTR:
        if (in->kind == JT_VOID) {
            snprintf(expr, sizeof expr, "*(void *const *)%s", p->id);
            P("if (%s) jc_rec_arg_ptr(r, \"%s\", %s); ", p->id, p->id, expr);
            return true;
        }
        if (in->kind == JT_STRUCT && in->ref.kind == JT_T_TYPEDEF) {
            if (((const jt_typedef *)in->ref.ptr)->kind == JT_TD_CAPABILITIES) {
                P("if (%s) jc_rec_arg_caps(r, \"%s\", %s); ", p->id, p->id, p->id);
                return true;
            }
            return true;    /* a struct filled in place: its fields are many */
        }
        snprintf(expr, sizeof expr, "*%s", p->id);
        P("if (%s) { ", p->id);
        if (!format_value(w, in, p->id, expr))
            return false;
        P(" } ");
        return true;
    case JT_ALLOCBUF:
        if (in->kind == JT_CHAR) {
            P("if (%s) jc_rec_arg_str(r, \"%s\", *%s); ", p->id, p->id, p->id);
            return true;
        }
        P("if (%s) jc_rec_arg_ptr(r, \"%s\", (const void *)*%s); ", p->id, p->id, p->id);
        return true;
    case JT_ALLOCALLOCBUF: case JT_AGENTBUF:
        P("if (%s) jc_rec_arg_ptr(r, \"%s\", (const void *)*%s); ", p->id, p->id, p->id);
        return true;
    default:
        return true;    /* inputs, and outbufs the caller owns */
    }
}

static bool is_output(const jt_type *t)
{
    return t->kind == JT_OUTPTR || t->kind == JT_ALLOCBUF || t->kind == JT_ALLOCALLOCBUF ||
           t->kind == JT_AGENTBUF;
}

/* ---- allocation tracking of a function's outputs ------------------------------ */

static bool has_alloc_fields(const jt_typedef *td)
{
    for (size_t i = 0; td && i < td->nfields; i++)
        if (td->fields[i].type->kind == JT_ALLOCFIELDBUF)
            return true;
    return false;
}

static const jt_typedef *struct_of(const jt_type *t)
{
    return t && t->kind == JT_STRUCT && t->ref.kind == JT_T_TYPEDEF ? t->ref.ptr : NULL;
}

/* For each struct with allocfieldbuf members: a function tracking them. */
static void put_field_trackers(wctx *w)
{
    const jt_spec *s = w->s;
    for (size_t i = 0; i < s->ntypedefs; i++) {
        const jt_typedef *td = s->typedefs[i];
        if (has_alloc_fields(td))
            P("static void track_%s(jc_env *ce, const %s *v, const char *fn, const char *param);\n", td->id, td->id);
    }
    for (size_t i = 0; i < s->ntypedefs; i++) {
        const jt_typedef *td = s->typedefs[i];
        if (!has_alloc_fields(td))
            continue;
        P("static void track_%s(jc_env *ce, const %s *v, const char *fn, const char *param)\n{\n", td->id, td->id);
        for (size_t k = 0; k < td->nfields; k++) {
            const jt_param *fd = &td->fields[k];
            if (fd->type->kind != JT_ALLOCFIELDBUF)
                continue;
            const jt_type *in = fd->type->inner;
            if (in->kind == JT_CHAR) {
                P("    if (v->%s) jc_alloc_track(ce, v->%s, strlen(v->%s) + 1, fn, param);\n", fd->id, fd->id, fd->id);
            } else if (fd->type->outcount) {
                char tb[128];
                P("    if (v->%s) {\n        jc_alloc_track(ce, v->%s, (size_t)v->%s * sizeof(%s), fn, param);\n",
                  fd->id, fd->id, fd->type->outcount, jt_c_type(in, tb, sizeof tb));
                const jt_typedef *sub = struct_of(in);
                if (has_alloc_fields(sub))
                    P("        for (jint i = 0; i < v->%s; i++) track_%s(ce, &v->%s[i], fn, param);\n",
                      fd->type->outcount, sub->id, fd->id);
                P("    }\n");
            } else {
                char tb[128];
                P("    if (v->%s) jc_alloc_track(ce, v->%s, sizeof(%s), fn, param);\n", fd->id, fd->id,
                  jt_c_type(in, tb, sizeof tb));
            }
        }
        P("}\n\n");
    }
}

/* The number of elements an alloc'd output holds, as a C expression. */
static void count_expr(const jt_function *f, const jt_type *t, char *buf, size_t len)
{
    int idx = t->outcount_index >= 0 ? t->outcount_index : t->incount_index;
    if (idx >= 0) {
        const jt_param *c = &f->params[idx];
        if (c->type->kind == JT_OUTPTR)
            snprintf(buf, len, "(size_t)*%s", c->id);
        else
            snprintf(buf, len, "(size_t)%s", c->id);
    } else {
        snprintf(buf, len, "1");
    }
}

static void put_alloc_tracking(wctx *w, const jt_function *f)
{
    for (size_t i = 0; i < f->nparams; i++) {
        const jt_param *p = &f->params[i];
        const jt_type *t = p->type, *in = t->inner;
        char tb[128], cnt[128];
        if (t->kind == JT_ALLOCBUF) {
            if (in->kind == JT_CHAR) {
                P("        if (%s && *%s) jc_alloc_track(ce, *%s, strlen(*%s) + 1, \"%s\", \"%s\");\n",
                  p->id, p->id, p->id, p->id, f->id, p->id);
                continue;
            }
            count_expr(f, t, cnt, sizeof cnt);
            P("        if (%s && *%s) {\n            jc_alloc_track(ce, *%s, %s * sizeof(%s), \"%s\", \"%s\");\n",
              p->id, p->id, p->id, in->kind == JT_VOID || in->kind == JT_UCHAR ? cnt : cnt,
              in->kind == JT_VOID ? "char" : jt_c_type(in, tb, sizeof tb), f->id, p->id);
            const jt_typedef *sub = struct_of(in);
            if (has_alloc_fields(sub))
                P("            for (size_t i = 0; i < %s; i++) track_%s(ce, &(*%s)[i], \"%s\", \"%s\");\n", cnt,
                  sub->id, p->id, f->id, p->id);
            P("        }\n");
        } else if (t->kind == JT_ALLOCALLOCBUF) {
            count_expr(f, t, cnt, sizeof cnt);
            P("        if (%s && *%s) {\n            jc_alloc_track(ce, *%s, %s * sizeof(*%s[0]), \"%s\", \"%s\");\n",
              p->id, p->id, p->id, cnt, p->id, f->id, p->id);
            if (in->kind == JT_CHAR)
                P("            for (size_t i = 0; i < %s; i++) if ((*%s)[i]) jc_alloc_track(ce, (*%s)[i], strlen((*%s)[i]) + 1, \"%s\", \"%s\");\n",
                  cnt, p->id, p->id, p->id, f->id, p->id);
            else
                P("            for (size_t i = 0; i < %s; i++) if ((*%s)[i]) jc_alloc_track(ce, (*%s)[i], sizeof(*(*%s)[i]), \"%s\", \"%s\");\n",
                  cnt, p->id, p->id, p->id, f->id, p->id);
            P("        }\n");
        } else if (t->kind == JT_OUTPTR && has_alloc_fields(struct_of(in))) {
            P("        if (%s) track_%s(ce, %s, \"%s\", \"%s\");\n", p->id, struct_of(in)->id, p->id, f->id, p->id);
        }
    }
}

/* What a wrapper does with an error the VM returned, under check=on and
 * up: an error the spec lets the VM return for a virtual thread is a note
 * when the thread is one; any error is judged against the documented ones. */
/* Lines of code (each ending in a newline), each indented by in. */
static void put_lines(wctx *w, const char *in, const char *code)
{
    for (const char *nl; (nl = strchr(code, '\n')) != NULL; code = nl + 1)
        P("%s%.*s\n", in, (int)(nl - code), code);
}

static void put_error_judgement(wctx *w, const jt_function *f, const check_list *l, const char *in)
{
    P("%sif (jc_g.opt.check != JC_CHECK_OFF) {\n", in);
    const char *vp, *verr;
    if (jt_documented_vthread(f, &vp, &verr) == JT_VTHREAD_OPTIONAL)
        P("%s    if (err == %s) jc_vthread_unsupported(%d, %s);\n", in, verr, f->num, vp ? vp : "NULL");
    /* check=deep: what the VM's refusal means (wrapper_checks.c) */
    char in2[32];
    snprintf(in2, sizeof in2, "%s    ", in);
    put_lines(w, in2, l->on_error);
    P("%s    jc_check_documented(%d, err);\n%s}\n", in, f->num, in);
}

/* Whether put_alloc_tracking writes anything for f. */
static bool tracks_allocations(const jt_function *f)
{
    for (size_t i = 0; i < f->nparams; i++) {
        const jt_type *t = f->params[i].type;
        if (t->kind == JT_ALLOCBUF || t->kind == JT_ALLOCALLOCBUF
            || (t->kind == JT_OUTPTR && has_alloc_fields(struct_of(t->inner))))
            return true;
    }
    return false;
}

static void put_args(wctx *w, const jt_param *ps, size_t n);

/* The full wrapper's checks: each check's statement, then strict mode's
 * refusal. */
static void put_checks(wctx *w, const jt_function *f, const check_list *l)
{
    P("    if (jc_g.opt.check != JC_CHECK_OFF) {\n");
    for (int k = 0; k < l->n; k++) {
        const check_code *c = &l->c[k];
        if (c->confirm[0])
            P("        if ((%s) && %s) %s\n", c->when, c->confirm, c->then);
        else
            P("        if (%s) %s\n", c->when, c->then);
    }
    P("        if (bad != JVMTI_ERROR_NONE && jc_g.opt.check == JC_CHECK_STRICT) return r_%s(bad", f->id);
    put_args(w, f->params, f->nparams);
    P(");\n    }\n");
}

/* ---- function wrappers ---------------------------------------------------------- */

static void put_signature(wctx *w, const char *prefix, const char *name, const jt_param *ps, size_t n,
                          const char *first)
{
    char tb[160];
    P("%s%s(%s", prefix, name, first);
    for (size_t i = 0; i < n; i++) {
        if (ps[i].implicit)
            continue;
        P(", %s %s", jt_c_type(ps[i].type, tb, sizeof tb), ps[i].id);
    }
    P(")");
}

static void put_args(wctx *w, const jt_param *ps, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!ps[i].implicit && ps[i].type->kind != JT_VARARGS)
            P(", %s", ps[i].id);
}

/* The class a jfieldID among ps belongs to: the first jclass input. */
static const char *class_param(const jt_param *ps, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!ps[i].implicit && ps[i].type->kind == JT_JCLASS)
            return ps[i].id;
    return NULL;
}

/* The record's inputs, each by its format rule; accepted: whether the VM
 * accepted them, a C expression (names=on names only those). */
static void put_traced_inputs(wctx *w, const jt_function *f, const char *accepted)
{
    w->accepted = accepted;
    w->klass = class_param(f->params, f->nparams);
    for (size_t i = 0; i < f->nparams; i++) {
        const jt_param *p = &f->params[i];
        if (p->implicit || is_output(p->type))
            continue;
        if (!format_input(w, p))
            refuse(w, f->id, p, "no format rule for this input");
        P("\n        ");
    }
}

/* "static jvmtiError PREFIXFunction(FIRST, inputs...)" without varargs,
 * and a (void) for each param, for the helpers the wrapper hands a call. */
static void put_helper_head(wctx *w, const char *prefix, const jt_function *f, const char *first)
{
    char tb[160];
    P("%s%s(%s", prefix, f->id, first);
    for (size_t i = 0; i < f->nparams; i++)     /* the wrapper's, without varargs */
        if (!f->params[i].implicit && f->params[i].type->kind != JT_VARARGS)
            P(", %s %s", jt_c_type(f->params[i].type, tb, sizeof tb), f->params[i].id);
    P(")\n{\n");
    for (size_t i = 0; i < f->nparams; i++)
        if (!f->params[i].implicit && f->params[i].type->kind != JT_VARARGS)
            P("    (void)%s;\n", f->params[i].id);
}

/* A call refused before the VM sees it (strict mode, a hook, a function
 * the VM lacks): accounted, and traced with its inputs like any call. */
static void put_refusal(wctx *w, const jt_function *f)
{
    put_helper_head(w, "static jvmtiError r_", f, "jvmtiError err");
    P("    if (jc_refused_traced(%d, err)) {\n        jc_rec *r = jc_rec_begin(JC_REC_CALL, \"%s\");\n        ", f->num, f->id);
    put_traced_inputs(w, f, "false");      /* the VM never saw these */
    P("jc_refused_end(r, err);\n    }\n    return err;\n}\n\n");
}

/* Whether a function gets a fast path: its full wrapper does nothing but
 * checks, the call and accounting (no hook, no callbacks to wrap, no
 * varargs to pass on). */
static bool has_fast_path(const jt_function *f, const check_list *l)
{
    if (jt_hook_of(f) || calls_back_synchronously(f) || l->on_success[0])
        return false;
    for (size_t i = 0; i < f->nparams; i++)
        if (f->params[i].type->kind == JT_VARARGS)
            return false;
    return true;
}

/* What the full wrapper does after a call the VM failed, when the call
 * was neither timed nor traced whatever its result (trace=errors traces
 * it now): judge the error, trace the call with its inputs.  Out of line,
 * for the fast path. */
static void put_failed_call(wctx *w, const jt_function *f, const check_list *l)
{
    put_helper_head(w, "__attribute__((noinline)) static jvmtiError e_", f, "jc_env *ce, jvmtiError err");
    P("    (void)ce;\n");
    put_error_judgement(w, f, l, "    ");
    P("    if (jc_traced(%d, err)) {\n        jc_rec *r = jc_rec_begin(JC_REC_CALL, \"%s\");\n        ", f->num, f->id);
    put_traced_inputs(w, f, "false");      /* the call failed */
    P("jc_rec_error(r, err);\n        jc_rec_end(r, 0, 0);\n    }\n    return err;\n}\n\n");
}

/* The call itself on the fast path, after the checks: count it, make it
 * (in the thread's call slot when slot is set: the crash path's), hand a
 * failed call to e_<Function>, track the JVMTI memory a successful one
 * handed out. */
static void put_fast_call(wctx *w, const jt_function *f, bool slot)
{
    P("    jc_count_registered(me);\n");
    if (slot)
        P("    const int in_call = jc_call_enter(me, %d);\n", f->num);
    P("    jvmtiError err = (*ce->real)->%s(ce->real", f->id);
    put_args(w, f->params, f->nparams);
    P(");\n");
    if (slot)
        P("    jc_call_leave(me, %d, in_call, err);\n", f->num);
    P("    if (__builtin_expect(err != JVMTI_ERROR_NONE, 0))\n        return e_%s(ce, err", f->id);
    put_args(w, f->params, f->nparams);
    P(");\n");
    if (tracks_allocations(f)) {
        P("    if (jc_tracking()) {\n");
        put_alloc_tracking(w, f);
        P("    }\n");
    }
    P("    return err;\n}\n\n");
}

/* The fast path, w_<Function> in the table when the function has one: the
 * calls the full wrapper s_<Function> would only check, count, and trace
 * when they fail, that is when the options do not time the function nor
 * trace its every call and the VM has it (jc_fn_path, set by the runtime),
 * and no check's `when` holds.  Every other call, and every call that may
 * fail a check, goes to the full wrapper, which decides.  When anything is
 * traced (JC_PATH_SLOT) the call goes through c_<Function>, which keeps it
 * in its thread's call slot: apart, so that w_ stays small. */
static void put_fast_function(wctx *w, const jt_function *f, const check_list *l)
{
    put_failed_call(w, f, l);
    put_signature(w, "__attribute__((noinline)) static jvmtiError c_", f->id, f->params, f->nparams,
                  "jc_env *ce, jc_thread *me");
    P("\n{\n");
    put_fast_call(w, f, true);
    put_signature(w, "static jvmtiError JNICALL w_", f->id, f->params, f->nparams, "jvmtiEnv *env");
    P("\n{\n    jc_env *ce = jc_env_of(env);\n    jc_thread *const me = jc_me();\n");
    P("    const unsigned char path = jc_fn_path[%d];\n", f->num);
    P("    if (__builtin_expect(path > JC_PATH_SLOT || !me->calls_registered");
    for (int k = 0; k < l->n; k++)
        P("\n            || (%s)", l->c[k].when);
    P(", 0))\n        return s_%s(env", f->id);
    put_args(w, f->params, f->nparams);
    P(");\n    if (path == JC_PATH_SLOT)\n        return c_%s(ce, me", f->id);
    put_args(w, f->params, f->nparams);
    P(");\n");
    put_fast_call(w, f, false);
}

/* The placeholders of the hooks' code (wrapper_hooks.h). */
typedef struct hook_words {
    const jt_function *f;
    const jt_hook *hook;
} hook_words;

static bool put_hook_word(wctx *w, const void *ctx, const char *word, size_t n)
{
    const hook_words *h = ctx;
    if (word_is(word, n, "id"))
        P("%s", h->f->id);
    else if (word_is(word, n, "num"))
        P("%d", h->f->num);
    else if (word_is(word, n, "op") && h->hook->op)
        P("%s", h->hook->op);
    else if (word_is(word, n, "args"))
        put_args(w, h->f->params, h->f->nparams);
    else
        return false;
    return true;
}

/* HOOK's code at STEP, its placeholders filled. */
static void put_hook_code(wctx *w, const jt_function *f, const jt_hook *hook, jt_hook_step step)
{
    const char *code = jt_hook_at(hook, step);
    hook_words h = { f, hook };
    if (code)
        put_code(w, code, put_hook_word, &h);
}

static void put_function(wctx *w, const jt_function *f)
{
    const jt_hook *hook = jt_hook_of(f);
    check_list *l = calloc(1, sizeof *l);
    if (!l)
        jt_fatal("out of memory");
    if (jt_wrapper_checks(w->s, f, l) != 0)
        w->errors++;
    bool fast = has_fast_path(f, l);
    put_refusal(w, f);
    /* with a fast path, this full wrapper is its slow path: kept out of
     * line so that the fast one stays small */
    put_signature(w, fast ? "__attribute__((noinline)) static jvmtiError JNICALL s_" : "static jvmtiError JNICALL w_",
                  f->id, f->params, f->nparams, "jvmtiEnv *env");
    P("\n{\n    jc_env *ce = jc_env_of(env);\n    jc_thread *const me = jc_me();\n    jvmtiError bad = JVMTI_ERROR_NONE;\n    (void)bad;\n");
    /* before anything else: a function the running VM lacks is never called */
    P("    if (jc_fn_absent[%d])\n        return r_%s(jc_absent(%d)", f->num, f->id, f->num);
    put_args(w, f->params, f->nparams);
    P(");\n");
    put_checks(w, f, l);
    for (size_t i = 0; i < f->nparams; i++)
        if (f->params[i].type->kind == JT_VARARGS)
            P("    /* varargs are reserved for future expansion: none are passed on */\n");
    put_hook_code(w, f, hook, JT_HOOK_BEFORE);
    P("    const uint64_t t0 = jc_timing() ? jc_now_ns() : 0;\n");
    if (jt_hook_at(hook, JT_HOOK_CALL))
        put_hook_code(w, f, hook, JT_HOOK_CALL);
    else {
        if (calls_back_synchronously(f))
            put_callback_setup(w, f);
        /* the call in progress, for the crash path (jc_crash.c) */
        P("    const int in_call = jc_call_enter(me, %d);\n", f->num);
        if (jt_hook_at(hook, JT_HOOK_REAL_CALL)) {
            put_hook_code(w, f, hook, JT_HOOK_REAL_CALL);
        } else {
            P("    jvmtiError err = (*ce->real)->%s(ce->real", f->id);
            put_args(w, f->params, f->nparams);
            P(");\n");
        }
        P("    jc_call_leave(me, %d, in_call, err);\n", f->num);
    }
    P("    const uint64_t dur = t0 ? jc_now_ns() - t0 : 0;\n");
    P("    jc_account(me, %d, err, dur);\n", f->num);
    put_hook_code(w, f, hook, JT_HOOK_AFTER);
    P("    if (err == JVMTI_ERROR_NONE) {\n");
    put_hook_code(w, f, hook, JT_HOOK_ON_SUCCESS);
    put_lines(w, "        ", l->on_success);
    P("        if (jc_tracking()) {\n");
    put_hook_code(w, f, hook, JT_HOOK_TRACKING);
    put_alloc_tracking(w, f);
    P("        }\n    } else {\n");
    put_error_judgement(w, f, l, "        ");
    P("    }\n");
    P("    if (jc_traced(%d, err)) {\n        jc_rec *r = jc_rec_begin(JC_REC_CALL, \"%s\");\n        ", f->num, f->id);
    put_traced_inputs(w, f, "err == JVMTI_ERROR_NONE");
    P("if (err == JVMTI_ERROR_NONE) {\n            jc_rec_out(r);\n            ");
    w->accepted = "true";       /* outputs of a successful call */
    for (size_t i = 0; i < f->nparams; i++) {
        const jt_param *p = &f->params[i];
        if (p->implicit || !is_output(p->type))
            continue;
        if (!format_output(w, p))
            refuse(w, f->id, p, "no format rule for this output");
        P("\n            ");
    }
    P("}\n        jc_rec_error(r, err);\n        jc_rec_end(r, t0, dur);\n    }\n    return err;\n}\n\n");
    if (fast)
        put_fast_function(w, f, l);
    free(l);
}

/* ---- event trampolines ------------------------------------------------------------- */

/* Events after which HotSpot renames the thread they arrive on: a new
 * thread has its creator's name in ThreadStart and its own only after. */
static const char *const renaming_events[] = { "ThreadStart" };

static bool renames_thread(const jt_event *ev)
{
    for (size_t i = 0; i < sizeof renaming_events / sizeof renaming_events[0]; i++)
        if (strcmp(ev->id, renaming_events[i]) == 0)
            return true;
    return false;
}

static void put_event(wctx *w, const jt_event *ev)
{
    int idx = ev->num - w->s->min_event_num;
    put_signature(w, "static void JNICALL t_", ev->id, ev->params, ev->nparams, "jvmtiEnv *jvmti_env");
    P("\n{\n    jc_env *ce = jc_env_find(jvmti_env);\n"
      "    if (!ce || !ce->agent_cb.%s)\n        return;\n"
      "    atomic_fetch_add_explicit(&jc_event_counts[%d], 1, memory_order_relaxed);\n"
      "    const bool traced = (jc_g.opt.trace & JC_TRACE_EVENTS) && jc_event_selected[%d];\n"
      "    const uint64_t t0 = traced ? jc_now_ns() : 0;\n", ev->id, idx, idx);
    if (ending_tag(ev))
        P("    if (jc_ref_held(JC_REF_TAG))\n        jc_ref_set(JC_REF_TAG, (uintptr_t)%s, 0);\n", ending_tag(ev));
    if (jt_wr_restricts(ev))
        P("    jc_thread *const me = jc_me();\n    me->restricted_depth++;\n    const char *in_before = me->restricted_in;\n"
          "    me->restricted_in = \"%s event callback\";\n", ev->id);
    P("    ce->agent_cb.%s((jvmtiEnv *)ce", ev->id);
    put_args(w, ev->params, ev->nparams);
    P(");\n");
    if (jt_wr_restricts(ev))
        P("    me->restricted_in = in_before;\n    me->restricted_depth--;\n");
    /* A buffer the agent hands back (ClassFileLoadHook's new_class_data) is
     * the VM's to free from now on: no longer the agent's leak. */
    for (size_t i = 0; i < ev->nparams; i++) {
        const jt_param *p = &ev->params[i];
        if (p->type->kind == JT_AGENTBUF && p->type->incount)
            P("    if (%s && *%s) (void)jc_alloc_release(ce, *%s);\n", p->id, p->id, p->id);
    }
    P("    if (traced) {\n        const uint64_t dur = jc_now_ns() - t0;\n"
      "        jc_rec *r = jc_rec_begin(JC_REC_EVENT, \"%s\");\n        ", ev->id);
    w->accepted = "true";       /* the VM hands these to the agent */
    w->klass = class_param(ev->params, ev->nparams);
    for (size_t i = 0; i < ev->nparams; i++) {
        const jt_param *p = &ev->params[i];
        if (p->implicit)
            continue;
        bool ok;
        if (p->type->kind == JT_OUTPTR && jt_type_leaf(p->type)->kind == JT_STRUCT)
            ok = (P("/* %s: an interface pointer */", p->id), true);
        else if (p->type->kind == JT_OUTPTR || p->type->kind == JT_AGENTBUF)
            ok = (P("jc_rec_arg_ptr(r, \"%s\", (const void *)%s);", p->id, p->id), true);
        else
            ok = format_input(w, p);
        if (!ok)
            refuse(w, ev->id, p, "no format rule for this event parameter");
        P("\n        ");
    }
    P("jc_rec_end(r, t0, dur);\n    }\n");
    if (renames_thread(ev))
        P("    jc_trace_thread_renamed();\n");
    P("}\n\n");
}

/* ---- the file ----------------------------------------------------------------------- */

static void put_prologue(wctx *w)
{
    const char *base = jt_basename(w->s->path);
    P("/* jvmticheck_gen.c — generated by jvmtigen from %s; do not edit.\n"
      " * The checked, tracing wrapper of every JVMTI function and event of the\n"
      " * spec; links with the runtime in gen/runtime (see jc_runtime.h). */\n", base);
    P("#include <stdatomic.h>\n#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <string.h>\n\n"
      "#include \"jvmti.h\"\n#include \"jvmti_names.h\"\n#include \"jc_runtime.h\"\n#include \"jc_inline.h\"\n#include \"jc_monitors.h\"\n#include \"jc_deep.h\"\n\n");
}

/* Slots the spec leaves reserved: a forwarder each, which a newer VM's
 * function there receives through jc_unknown_slot (see gen/runtime/jvmti/jc_vm.c
 * for why seven words). */
/* Slots past the spec's table, where an agent built against a newer
 * header may call: JC_TABLE_EXTRA more, after the table in each env. */
#define TABLE_EXTRA 32

static void put_forwarders(wctx *w)
{
    const jt_spec *s = w->s;
    int last = s->max_function_num + TABLE_EXTRA;
    P("_Static_assert(JC_TABLE_EXTRA == %d, \"jvmtigen and jc_runtime.h agree on the extra slots\");\n", TABLE_EXTRA);
    for (int num = 1; num <= last; num++)
        if (num > s->max_function_num || !s->function_by_num[num])
            P("static jvmtiError JNICALL u_%d(jvmtiEnv *env, void *a1, void *a2, void *a3, void *a4, void *a5, "
              "void *a6, void *a7)\n{\n    return jc_unknown_slot(env, %d, a1, a2, a3, a4, a5, a6, a7);\n}\n\n",
              num, num);
    P("void (*const jc_slot_forwarders[%d])(void) = {\n", last + 1);
    for (int num = 1; num <= last; num++)
        if (num > s->max_function_num || !s->function_by_num[num])
            P("    [%d] = (void (*)(void))u_%d,\n", num, num);
    P("};\n\n");
}

static void put_interface(wctx *w)
{
    const jt_spec *s = w->s;
    P("const struct jvmtiInterface_1_ jc_wrapped_interface = {\n");
    for (int num = 1; num <= s->max_function_num; num++) {
        const jt_function *f = s->function_by_num[num];
        if (f)
            P("    .%s = w_%s,\n", f->id, f->id);
    }
    P("};\n\nconst jvmtiEventCallbacks jc_event_trampolines = {\n");
    for (size_t i = 0; i < s->nevents; i++)
        if (!s->events[i]->elided)
            P("    .%s = t_%s,\n", s->events[i]->id, s->events[i]->id);
    P("};\n");
}

/* The main spec and --history's, oldest first (one per version: the main
 * spec wins over a history spec of its own version). */
static void known_specs(wctx *w, const jt_emit_ctx *ctx)
{
    w->known[0] = (known_spec){ ctx->spec, jt_jvmti_version(ctx->major, ctx->minor, 0) };
    w->nknown = 1;
    for (int i = 0; i < ctx->nhistory && w->nknown < 17; i++) {
        int ma, mi;
        jt_spec_version(ctx->history[i], 0, &ma, &mi, NULL);
        known_spec k = { ctx->history[i], jt_jvmti_version(ma, mi, 0) };
        int j = 0;
        while (j < w->nknown && w->known[j].version < k.version)
            j++;
        if (j < w->nknown && w->known[j].version == k.version)
            continue;
        memmove(&w->known[j + 1], &w->known[j], (size_t)(w->nknown - j) * sizeof w->known[0]);
        w->known[j] = k;
        w->nknown++;
    }
}

int jt_emit_wrapper(const jt_emit_ctx *ctx)
{
    if (ctx->spec->iface.declared)
        return jt_emit_transport_wrapper(ctx);
    wctx wc = { .s = ctx->spec }, *w = &wc;
    known_specs(w, ctx);
    w->o = jt_out_open(ctx->outdir, "jvmticheck_gen.c");
    if (!w->o)
        return -1;
    put_prologue(w);
    P("const jint jc_spec_version = 0x%08X;\n\n",
      jt_jvmti_version(ctx->major, ctx->minor, ctx->micro));
    jt_wr_put_tables(w);
    put_field_trackers(w);
    for (int num = 1; num <= w->s->max_function_num; num++)
        if (w->s->function_by_num[num] && calls_back_synchronously(w->s->function_by_num[num]))
            put_callback_trampolines(w, w->s->function_by_num[num]);
    for (int num = 1; num <= w->s->max_function_num; num++)
        if (w->s->function_by_num[num])
            put_function(w, w->s->function_by_num[num]);
    for (size_t i = 0; i < w->s->nevents; i++)
        if (!w->s->events[i]->elided)
            put_event(w, w->s->events[i]);
    put_forwarders(w);
    put_interface(w);
    if (w->errors) {
        jt_out_abort(w->o);
        return -1;
    }
    return jt_out_commit(w->o);
}
