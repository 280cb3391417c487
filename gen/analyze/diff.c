/* diff.c — `jvmtigen diff`: compare the API of two specs (see diff.h).
 *
 * Both specs are loaded into models; each kind of definition is matched by
 * id, and each pair is compared aspect by aspect.  Every finding becomes one
 * jt_delta carrying both its structured form (for --format=json) and its
 * text line, built in one place (add()) so the three formats agree.
 *
 * What counts as ABI-relevant is decided where the change is found: a value
 * compiled into an agent (slot, event number, capability bit, constant or
 * error value, a struct's layout, a C parameter type) or anything removed.
 * A param's C type comes from ctype.c, so "outbuf(jint)" -> "outptr(jint)"
 * is an API change but not an ABI one (both are jint*).
 */
#define _POSIX_C_SOURCE 200809L   /* strdup */
#include "analyze/diff.h"
#include "util/suggest.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "model/ctype.h"
#include "util/diag.h"
#include "model/version.h"

enum { G_FUNCTION, G_EVENT, G_CALLBACK, G_ERROR, G_CAPABILITY, G_CONSTANTS, G_CONSTANT, G_STRUCT,
       G_BASETYPE };

static const char *const group_titles[] = {
    "Functions", "Events", "Callbacks", "Errors", "Capabilities", "Constant groups", "Constants",
    "Structs and unions", "Base types",
};

/* ---- deltas ------------------------------------------------------------ */

static char *xstrdup(const char *s)
{
    char *r = strdup(s ? s : "");
    if (!r)
        jt_fatal("out of memory");
    return r;
}

static char *xfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *xfmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *r = malloc((size_t)n + 1);
    if (!r)
        jt_fatal("out of memory");
    va_start(ap, fmt);
    vsnprintf(r, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return r;
}

typedef struct dctx {
    jt_delta_list *out;
    int group;
    const char *kind;
    const char *name;
} dctx;

/* The one place a finding becomes a delta and its text line:
 *   added/removed:  KIND NAME: [ASPECT ]added[ (DETAIL)]
 *   changed:        KIND NAME: ASPECT OLD -> NEW
 *   renamed:        KIND NAME: ASPECT renamed to NEW
 * followed by " [ABI]" when abi.  For added/removed, the detail travels in
 * new_value/old_value. */
static void add(const dctx *c, const char *change, const char *aspect, const char *old_value,
                const char *new_value, bool abi)
{
    jt_delta_list *l = c->out;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->items = realloc(l->items, l->cap * sizeof *l->items);
        if (!l->items)
            jt_fatal("out of memory");
    }
    jt_delta *d = &l->items[l->n++];
    d->group = c->group;
    d->kind = c->kind;
    d->name = xstrdup(c->name);
    d->change = change;
    d->aspect = aspect ? xstrdup(aspect) : NULL;
    d->old_value = old_value ? xstrdup(old_value) : NULL;
    d->new_value = new_value ? xstrdup(new_value) : NULL;
    d->abi = abi;
    const char *sep = aspect ? " " : "";
    const char *asp = aspect ? aspect : "";
    const char *flag = abi ? " [ABI]" : "";
    if (strcmp(change, "changed") == 0)
        d->text = xfmt("%s %s: %s%s%s -> %s%s", c->kind, c->name, asp, sep, old_value, new_value, flag);
    else if (strcmp(change, "renamed") == 0)
        d->text = xfmt("%s %s: %s%srenamed to %s%s", c->kind, c->name, asp, sep, new_value, flag);
    else {
        const char *detail = strcmp(change, "added") == 0 ? new_value : old_value;
        d->text = xfmt("%s %s: %s%s%s%s%s%s", c->kind, c->name, asp, sep, change, detail ? " (" : "",
                       detail ? detail : "", detail ? ")" : "");
        if (abi) {
            char *t = xfmt("%s%s", d->text, flag);
            free(d->text);
            d->text = t;
        }
    }
}

static void add_change(const dctx *c, const char *aspect, const char *o, const char *n, bool abi)
{
    if (strcmp(o, n) != 0)
        add(c, "changed", aspect, o, n, abi);
}

static void add_int_change(const dctx *c, const char *aspect, int64_t o, int64_t n, bool abi)
{
    if (o == n)
        return;
    char a[32], b[32];
    snprintf(a, sizeof a, "%" PRId64, o);
    snprintf(b, sizeof b, "%" PRId64, n);
    add(c, "changed", aspect, a, b, abi);
}

static int cmp_delta(const void *a, const void *b)
{
    const jt_delta *x = a, *y = b;
    if (x->group != y->group)
        return x->group < y->group ? -1 : 1;
    int r = strcmp(x->name, y->name);
    return r ? r : strcmp(x->text, y->text);
}

void jt_delta_list_free(jt_delta_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        jt_delta *d = &l->items[i];
        free(d->name);
        free(d->aspect);
        free(d->old_value);
        free(d->new_value);
        free(d->text);
    }
    free(l->items);
    memset(l, 0, sizeof *l);
}

/* ---- types and params -------------------------------------------------- */

/* "outptr(jint)", "allocbuf(struct jvmtiFrameInfo)", "enum jvmtiPhase". */
static void type_str(const jt_type *t, char *buf, size_t len)
{
    const struct jt_kind_info *ki = jt_kind_info(t->kind);
    size_t n = strlen(buf);
    if (ki->wrapper && t->inner) {
        snprintf(buf + n, len - n, "%s(", ki->xml);
        type_str(t->inner, buf, len);
        n = strlen(buf);
        snprintf(buf + n, len - n, ")");
    } else if (t->kind == JT_ENUM || t->kind == JT_STRUCT) {
        snprintf(buf + n, len - n, "%s %s", ki->xml, t->name);
    } else {
        snprintf(buf + n, len - n, "%s", ki->xml);
    }
}

static const char *type_text(const jt_type *t, char *buf, size_t len)
{
    buf[0] = '\0';
    type_str(t, buf, len);
    return buf;
}

/* nullok, incount, outcount: anywhere in the wrapper chain. */
static bool type_nullok(const jt_type *t)
{
    for (; t; t = t->inner)
        if (t->nullok)
            return true;
    return false;
}

static const char *type_count(const jt_type *t, bool out)
{
    for (; t; t = t->inner)
        if (out ? t->outcount : t->incount)
            return out ? t->outcount : t->incount;
    return NULL;
}

/* The attributes of one param (or field) that both lists have. */
static void diff_param_pair(const dctx *c, const char *what, const char *id, const jt_param *o,
                            const jt_param *n)
{
    char a[256], b[256], asp[300];
    type_text(o->type, a, sizeof a);
    type_text(n->type, b, sizeof b);
    if (strcmp(a, b) != 0) {
        char ca[256], cb[256];
        bool abi = strcmp(jt_c_type(o->type, ca, sizeof ca), jt_c_type(n->type, cb, sizeof cb)) != 0 &&
                   !(o->implicit && n->implicit);
        snprintf(asp, sizeof asp, "%s %s type", what, id);
        add(c, "changed", asp, a, b, abi);
    }
    if (type_nullok(o->type) != type_nullok(n->type)) {
        snprintf(asp, sizeof asp, "%s %s nullok", what, id);
        add(c, type_nullok(n->type) ? "added" : "removed", asp, NULL, NULL, false);
    }
    for (int out = 0; out < 2; out++) {
        const char *x = type_count(o->type, out), *y = type_count(n->type, out);
        if ((x || y) && (!x || !y || strcmp(x, y) != 0)) {
            snprintf(asp, sizeof asp, "%s %s %s", what, id, out ? "outcount" : "incount");
            add(c, "changed", asp, x ? x : "none", y ? y : "none", false);
        }
    }
}

/* Params of a function/event/callback, or fields of a struct (layout).
 * Matched by id; an unmatched pair at the same position is a rename.  What
 * changes the C declaration is ABI-relevant: a C type, a param or field
 * added, removed or moved (an implicit jclass param is not in C, a field
 * always is). */
static void diff_params(const dctx *c, const char *what, bool layout, const jt_param *op, size_t on,
                        const jt_param *np, size_t nn)
{
    char buf[256], asp[300];
    int *match = calloc(on + 1, sizeof *match);     /* old index -> new index, or -1 */
    bool *taken = calloc(nn + 1, sizeof *taken);
    if (!match || !taken)
        jt_fatal("out of memory");
    for (size_t i = 0; i < on; i++) {
        const jt_param *p = jt_find_param(np, nn, op[i].id);
        match[i] = p ? p->index : -1;
        if (p)
            taken[p->index] = true;
    }
    for (size_t i = 0; i < on; i++) {
        if (match[i] >= 0) {
            diff_param_pair(c, what, op[i].id, &op[i], &np[match[i]]);
        } else if (i < nn && !taken[i]) {
            taken[i] = true;
            match[i] = (int)i;
            snprintf(asp, sizeof asp, "%s %s", what, op[i].id);
            add(c, "renamed", asp, op[i].id, np[i].id, false);
            diff_param_pair(c, what, np[i].id, &op[i], &np[i]);
        } else {
            snprintf(asp, sizeof asp, "%s %s", what, op[i].id);
            add(c, "removed", asp, NULL, NULL, layout || !op[i].implicit);
        }
    }
    for (size_t j = 0; j < nn; j++)
        if (!taken[j]) {
            snprintf(asp, sizeof asp, "%s %s", what, np[j].id);
            char *detail = xfmt("position %zu, %s", j + 1, type_text(np[j].type, buf, sizeof buf));
            add(c, "added", asp, NULL, detail, layout || !np[j].implicit);
            free(detail);
        }
    /* Order of the params both have: reported once, as two lists. */
    bool moved = false;
    int last = -1;
    for (size_t i = 0; i < on; i++)
        if (match[i] >= 0) {
            if (match[i] < last)
                moved = true;
            last = match[i];
        }
    if (moved) {
        size_t la = 0, lb = 0;
        for (size_t i = 0; i < on; i++)
            la += strlen(op[i].id) + 2;
        for (size_t j = 0; j < nn; j++)
            lb += strlen(np[j].id) + 2;
        char *a = calloc(la + 1, 1), *b = calloc(lb + 1, 1);
        if (!a || !b)
            jt_fatal("out of memory");
        for (size_t i = 0; i < on; i++)
            if (match[i] >= 0) {
                if (*a)
                    strcat(a, ", ");
                strcat(a, np[match[i]].id);
            }
        for (size_t j = 0; j < nn; j++)
            if (taken[j]) {
                if (*b)
                    strcat(b, ", ");
                strcat(b, np[j].id);
            }
        snprintf(asp, sizeof asp, "%s order", what);
        add(c, "changed", asp, a, b, true);
        free(a);
        free(b);
    }
    free(match);
    free(taken);
}

/* Params are ABI-relevant through their C types; a layout's fields always. */
static void diff_param_list(const dctx *c, const jt_param *op, size_t on, const jt_param *np, size_t nn)
{
    diff_params(c, "param", false, op, on, np, nn);
}

/* ---- capability uses, error lists -------------------------------------- */

static bool cap_listed(const jt_cap_use *u, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(u[i].id, id) == 0)
            return true;
    return false;
}

static void diff_caps(const dctx *c, const char *which, const jt_cap_use *o, size_t on, const jt_cap_use *n,
                      size_t nn)
{
    char asp[256];
    for (size_t i = 0; i < on; i++)
        if (!cap_listed(n, nn, o[i].id) && !cap_listed(o, i, o[i].id)) {
            snprintf(asp, sizeof asp, "%s capability %s", which, o[i].id);
            add(c, "removed", asp, NULL, NULL, false);
        }
    for (size_t i = 0; i < nn; i++)
        if (!cap_listed(o, on, n[i].id) && !cap_listed(n, i, n[i].id)) {
            snprintf(asp, sizeof asp, "%s capability %s", which, n[i].id);
            add(c, "added", asp, NULL, NULL, false);
        }
}

static bool error_listed(const jt_error_use *u, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(u[i].id, id) == 0)
            return true;
    return false;
}

static void diff_errors(const dctx *c, const jt_function *o, const jt_function *n)
{
    char asp[256];
    for (size_t i = 0; i < o->nerrors; i++)
        if (!error_listed(n->errors, n->nerrors, o->errors[i].id) && !error_listed(o->errors, i, o->errors[i].id)) {
            snprintf(asp, sizeof asp, "error %s", o->errors[i].id);
            add(c, "removed", asp, NULL, NULL, false);
        }
    for (size_t i = 0; i < n->nerrors; i++)
        if (!error_listed(o->errors, o->nerrors, n->errors[i].id) && !error_listed(n->errors, i, n->errors[i].id)) {
            snprintf(asp, sizeof asp, "error %s", n->errors[i].id);
            add(c, "added", asp, NULL, NULL, false);
        }
}

/* ---- functions, events, callbacks -------------------------------------- */

static const char *phase_of(jt_phase p)
{
    return jt_phase_name(p == JT_PHASE_UNSET ? JT_PHASE_LIVE : p);
}

static const jt_function *live_function(const jt_spec *s, const char *id)
{
    for (size_t i = 0; i < s->nfunctions; i++)
        if (s->functions[i]->in_table && strcmp(s->functions[i]->id, id) == 0)
            return s->functions[i];
    return NULL;
}

static void diff_functions(jt_delta_list *out, const jt_spec *os, const jt_spec *ns)
{
    char buf[96];
    for (size_t i = 0; i < os->nfunctions; i++) {
        const jt_function *o = os->functions[i];
        if (o->elided || live_function(ns, o->id))
            continue;
        dctx c = { out, G_FUNCTION, "function", o->id };
        snprintf(buf, sizeof buf, "slot %d", o->num);
        add(&c, "removed", NULL, buf, NULL, true);
    }
    for (size_t i = 0; i < ns->nfunctions; i++) {
        const jt_function *n = ns->functions[i];
        if (n->elided)
            continue;
        dctx c = { out, G_FUNCTION, "function", n->id };
        const jt_function *o = live_function(os, n->id);
        if (!o) {
            snprintf(buf, sizeof buf, "slot %d, since %s", n->num, n->since);
            add(&c, "added", NULL, NULL, buf, false);
            continue;
        }
        add_int_change(&c, "slot", o->num, n->num, true);
        add_change(&c, "phase", phase_of(o->phase), phase_of(n->phase), false);
        add_change(&c, "callbacksafe", o->callbacksafe ? "yes" : "no", n->callbacksafe ? "yes" : "no", false);
        add_change(&c, "since", o->since, n->since, false);
        diff_caps(&c, "required", o->required, o->nrequired, n->required, n->nrequired);
        diff_caps(&c, "optional", o->optional, o->noptional, n->optional, n->noptional);
        diff_errors(&c, o, n);
        diff_param_list(&c, o->params, o->nparams, n->params, n->nparams);
    }
}

static const jt_event *live_event(const jt_spec *s, const char *id)
{
    for (size_t i = 0; i < s->nevents; i++)
        if (!s->events[i]->elided && strcmp(s->events[i]->id, id) == 0)
            return s->events[i];
    return NULL;
}

static const char *filter_name(jt_filter f)
{
    return f == JT_FILTER_THREAD ? "thread" : f == JT_FILTER_GLOBAL ? "global" : "none";
}

static void diff_events(jt_delta_list *out, const jt_spec *os, const jt_spec *ns)
{
    char buf[96];
    for (size_t i = 0; i < os->nevents; i++) {
        const jt_event *o = os->events[i];
        if (o->elided || live_event(ns, o->id))
            continue;
        dctx c = { out, G_EVENT, "event", o->id };
        snprintf(buf, sizeof buf, "number %d", o->num);
        add(&c, "removed", NULL, buf, NULL, true);
    }
    for (size_t i = 0; i < ns->nevents; i++) {
        const jt_event *n = ns->events[i];
        if (n->elided)
            continue;
        dctx c = { out, G_EVENT, "event", n->id };
        const jt_event *o = live_event(os, n->id);
        if (!o) {
            snprintf(buf, sizeof buf, "number %d, since %s", n->num, n->since);
            add(&c, "added", NULL, NULL, buf, false);
            continue;
        }
        add_int_change(&c, "number", o->num, n->num, true);
        add_change(&c, "const", o->const_name, n->const_name, false);
        add_change(&c, "phase", phase_of(o->phase), phase_of(n->phase), false);
        add_change(&c, "filtered", filter_name(o->filtered), filter_name(n->filtered), false);
        add_change(&c, "since", o->since, n->since, false);
        diff_caps(&c, "required", o->required, o->nrequired, n->required, n->nrequired);
        diff_caps(&c, "optional", o->optional, o->noptional, n->optional, n->noptional);
        diff_param_list(&c, o->params, o->nparams, n->params, n->nparams);
    }
}

static const jt_callback *live_callback(const jt_spec *s, const char *id)
{
    for (size_t i = 0; i < s->ncallbacks; i++)
        if (!s->callbacks[i]->elided && strcmp(s->callbacks[i]->id, id) == 0)
            return s->callbacks[i];
    return NULL;
}

static void diff_callbacks(jt_delta_list *out, const jt_spec *os, const jt_spec *ns)
{
    char a[256], b[256], ca[256], cb[256];
    for (size_t i = 0; i < os->ncallbacks; i++) {
        const jt_callback *o = os->callbacks[i];
        dctx c = { out, G_CALLBACK, "callback", o->id };
        if (!o->elided && !live_callback(ns, o->id))
            add(&c, "removed", NULL, NULL, NULL, true);
    }
    for (size_t i = 0; i < ns->ncallbacks; i++) {
        const jt_callback *n = ns->callbacks[i];
        if (n->elided)
            continue;
        dctx c = { out, G_CALLBACK, "callback", n->id };
        const jt_callback *o = live_callback(os, n->id);
        if (!o) {
            char *d = xfmt("since %s", n->since);
            add(&c, "added", NULL, NULL, d, false);
            free(d);
            continue;
        }
        add_change(&c, "return type", type_text(o->ret, a, sizeof a), type_text(n->ret, b, sizeof b),
                   strcmp(jt_c_type(o->ret, ca, sizeof ca), jt_c_type(n->ret, cb, sizeof cb)) != 0);
        add_change(&c, "since", o->since, n->since, false);
        diff_param_list(&c, o->params, o->nparams, n->params, n->nparams);
    }
}

/* ---- errors, capabilities ---------------------------------------------- */

static void diff_errors_section(jt_delta_list *out, const jt_spec *os, const jt_spec *ns)
{
    char buf[64];
    for (size_t i = 0; i < os->nerrors; i++) {
        const jt_error *o = os->errors[i];
        dctx c = { out, G_ERROR, "error", o->id };
        if (!jt_find_error(ns, o->id)) {
            snprintf(buf, sizeof buf, "value %d", o->num);
            add(&c, "removed", NULL, buf, NULL, true);
        }
    }
    for (size_t i = 0; i < ns->nerrors; i++) {
        const jt_error *n = ns->errors[i];
        dctx c = { out, G_ERROR, "error", n->id };
        const jt_error *o = jt_find_error(os, n->id);
        if (!o) {
            snprintf(buf, sizeof buf, "value %d", n->num);
            add(&c, "added", NULL, NULL, buf, false);
            continue;
        }
        add_int_change(&c, "value", o->num, n->num, true);
        add_change(&c, "category", o->category_id, n->category_id, false);
    }
}

static void diff_capabilities(jt_delta_list *out, const jt_spec *os, const jt_spec *ns)
{
    char buf[64];
    for (size_t i = 0; i < os->ncapabilities; i++) {
        const jt_capability *o = &os->capabilities[i];
        dctx c = { out, G_CAPABILITY, "capability", o->id };
        if (!jt_find_capability(ns, o->id)) {
            snprintf(buf, sizeof buf, "bit %d", o->index);
            add(&c, "removed", NULL, buf, NULL, true);
        }
    }
    for (size_t i = 0; i < ns->ncapabilities; i++) {
        const jt_capability *n = &ns->capabilities[i];
        dctx c = { out, G_CAPABILITY, "capability", n->id };
        const jt_capability *o = jt_find_capability(os, n->id);
        if (!o) {
            snprintf(buf, sizeof buf, "bit %d, since %s", n->index, n->since);
            add(&c, "added", NULL, NULL, buf, false);
            continue;
        }
        add_int_change(&c, "bit", o->index, n->index, true);
        add_change(&c, "since", o->since, n->since, false);
    }
}

/* ---- constants --------------------------------------------------------- */


static void diff_constants(jt_delta_list *out, const jt_spec *os, const jt_spec *ns)
{
    char buf[256];
    for (size_t i = 0; i < os->nconstants; i++) {
        const jt_constants *g = os->constants[i];
        dctx c = { out, G_CONSTANTS, "constants", g->id };
        if (!jt_find_constants(ns, g->id))
            add(&c, "removed", NULL, NULL, NULL, true);
    }
    for (size_t i = 0; i < ns->nconstants; i++) {
        const jt_constants *n = ns->constants[i];
        dctx c = { out, G_CONSTANTS, "constants", n->id };
        const jt_constants *o = jt_find_constants(os, n->id);
        if (!o) {
            snprintf(buf, sizeof buf, "%zu constants, since %s", n->nconstants, n->since);
            add(&c, "added", NULL, NULL, buf, false);
            continue;
        }
        add_change(&c, "kind", jt_constants_kind_name(o->kind), jt_constants_kind_name(n->kind), true);
        add_change(&c, "since", o->since, n->since, false);
    }
    /* Constants one by one, in groups both specs have (a new or removed
     * group is one line above). */
    for (size_t i = 0; i < os->nconstants; i++) {
        const jt_constants *g = os->constants[i];
        if (!jt_find_constants(ns, g->id))
            continue;
        for (size_t j = 0; j < g->nconstants; j++) {
            const jt_constant *o = &g->constants[j];
            dctx c = { out, G_CONSTANT, "constant", o->id };
            if (!jt_find_constant(ns, o->id)) {
                snprintf(buf, sizeof buf, "%s, value %" PRId64, g->id, o->value);
                add(&c, "removed", NULL, buf, NULL, true);
            }
        }
    }
    for (size_t i = 0; i < ns->nconstants; i++) {
        const jt_constants *g = ns->constants[i];
        if (!jt_find_constants(os, g->id))
            continue;
        for (size_t j = 0; j < g->nconstants; j++) {
            const jt_constant *n = &g->constants[j];
            dctx c = { out, G_CONSTANT, "constant", n->id };
            const jt_constant *o = jt_find_constant(os, n->id);
            if (!o) {
                snprintf(buf, sizeof buf, "%s, value %" PRId64, g->id, n->value);
                add(&c, "added", NULL, NULL, buf, false);
                continue;
            }
            add_int_change(&c, "value", o->value, n->value, true);
            add_change(&c, "group", o->group->id, n->group->id, false);
        }
    }
}

/* ---- structs, base types ----------------------------------------------- */

static const jt_typedef *find_struct(const jt_spec *s, const char *id)
{
    const jt_typedef *t = jt_find_typedef(s, id);
    return t && t->kind != JT_TD_CAPABILITIES ? t : NULL;
}

static const char *td_kind(const jt_typedef *t)
{
    return t->kind == JT_TD_UNION ? "union" : "struct";
}

static void diff_structs(jt_delta_list *out, const jt_spec *os, const jt_spec *ns)
{
    for (size_t i = 0; i < os->ntypedefs; i++) {
        const jt_typedef *o = os->typedefs[i];
        if (o->kind == JT_TD_CAPABILITIES || find_struct(ns, o->id))
            continue;
        dctx c = { out, G_STRUCT, td_kind(o), o->id };
        add(&c, "removed", NULL, NULL, NULL, true);
    }
    for (size_t i = 0; i < ns->ntypedefs; i++) {
        const jt_typedef *n = ns->typedefs[i];
        if (n->kind == JT_TD_CAPABILITIES)
            continue;
        dctx c = { out, G_STRUCT, td_kind(n), n->id };
        const jt_typedef *o = find_struct(os, n->id);
        if (!o) {
            char *d = xfmt("%zu fields, since %s", n->nfields, n->since);
            add(&c, "added", NULL, NULL, d, false);
            free(d);
            continue;
        }
        add_change(&c, "kind", td_kind(o), td_kind(n), true);
        add_change(&c, "since", o->since, n->since, false);
        /* A field's C type, position or presence is the layout. */
        diff_params(&c, "field", true, o->fields, o->nfields, n->fields, n->nfields);
    }
}

static void diff_basetypes(jt_delta_list *out, const jt_spec *os, const jt_spec *ns)
{
    for (size_t i = 0; i < os->nbasetypes; i++) {
        dctx c = { out, G_BASETYPE, "basetype", os->basetypes[i]->id };
        if (!jt_find_basetype(ns, os->basetypes[i]->id))
            add(&c, "removed", NULL, NULL, NULL, true);
    }
    for (size_t i = 0; i < ns->nbasetypes; i++) {
        dctx c = { out, G_BASETYPE, "basetype", ns->basetypes[i]->id };
        if (!jt_find_basetype(os, ns->basetypes[i]->id))
            add(&c, "added", NULL, NULL, NULL, false);
    }
}

void jt_diff_specs(const jt_spec *os, const jt_spec *ns, jt_delta_list *out)
{
    size_t first = out->n;
    diff_functions(out, os, ns);
    diff_events(out, os, ns);
    diff_callbacks(out, os, ns);
    diff_errors_section(out, os, ns);
    diff_capabilities(out, os, ns);
    diff_constants(out, os, ns);
    diff_structs(out, os, ns);
    diff_basetypes(out, os, ns);
    if (out->n > first)
        jt_sort(out->items + first, out->n - first, sizeof *out->items, cmp_delta);
}

/* ---- output formats ---------------------------------------------------- */

typedef struct side {
    const char *path;
    int major, minor, micro;
} side;

static size_t count_abi(const jt_delta_list *l)
{
    size_t n = 0;
    for (size_t i = 0; i < l->n; i++)
        n += l->items[i].abi;
    return n;
}

static void print_text(FILE *f, const jt_delta_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        fprintf(f, "%s\n", l->items[i].text);
}

static void json_str(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void json_side(FILE *f, const char *key, const side *s)
{
    fprintf(f, "  \"%s\": { \"file\": ", key);
    json_str(f, s->path);
    char v[48];
    fprintf(f, ", \"version\": \"%s\" },\n", jt_version_text(v, sizeof v, s->major, s->minor, s->micro));
}

static void print_json(FILE *f, const jt_delta_list *l, const side *o, const side *n)
{
    fputs("{\n  \"schema_version\": 1,\n", f);
    json_side(f, "old", o);
    json_side(f, "new", n);
    fprintf(f, "  \"summary\": { \"changes\": %zu, \"abi\": %zu },\n  \"changes\": [", l->n, count_abi(l));
    for (size_t i = 0; i < l->n; i++) {
        const jt_delta *d = &l->items[i];
        fputs(i ? ",\n    { " : "\n    { ", f);
        fputs("\"kind\": ", f);
        json_str(f, d->kind);
        fputs(", \"name\": ", f);
        json_str(f, d->name);
        fputs(", \"change\": ", f);
        json_str(f, d->change);
        fputs(", \"aspect\": ", f);
        json_str(f, d->aspect);
        fputs(", \"old\": ", f);
        json_str(f, d->old_value);
        fputs(", \"new\": ", f);
        json_str(f, d->new_value);
        fprintf(f, ", \"abi\": %s, \"text\": ", d->abi ? "true" : "false");
        json_str(f, d->text);
        fputs(" }", f);
    }
    fputs(l->n ? "\n  ]\n}\n" : "]\n}\n", f);
}

static void html_textn(FILE *f, const char *s, size_t n)
{
    for (const char *end = s + n; s < end && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

static void html_text(FILE *f, const char *s)
{
    html_textn(f, s, strlen(s));
}

static void print_html(FILE *f, const jt_delta_list *l, const side *o, const side *n)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>JVM TI API changes</title>\n"
          "<style>\nbody { font-family: sans-serif; margin: 2em; }\n"
          "table { border-collapse: collapse; margin-bottom: 1.5em; }\n"
          "td, th { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; vertical-align: top; }\n"
          "code { font-family: monospace; }\n.added { color: #060; } .removed { color: #a00; }\n"
          ".abi { background: #fdd; font-weight: bold; }\n</style>\n</head>\n<body>\n", f);
    fputs("<h1>JVM TI API changes</h1>\n<p>From <code>", f);
    html_text(f, o->path);
    char v[48];
    fprintf(f, "</code> (%s) to <code>", jt_version_text(v, sizeof v, o->major, o->minor, o->micro));
    html_text(f, n->path);
    fprintf(f, "</code> (%s): %zu changes, %zu ABI-relevant.</p>\n", jt_version_text(v, sizeof v, n->major, n->minor, n->micro),
            l->n, count_abi(l));
    if (!l->n)
        fputs("<p>The two specifications define the same API.</p>\n", f);
    int group = -1;
    for (size_t i = 0; i < l->n; i++) {
        const jt_delta *d = &l->items[i];
        if (d->group != group) {
            if (group >= 0)
                fputs("</table>\n", f);
            group = d->group;
            fprintf(f, "<h2>%s</h2>\n<table>\n<tr><th>Name</th><th>Change</th><th>ABI</th></tr>\n",
                    group_titles[group]);
        }
        fprintf(f, "<tr class=\"%s\"><td><code>", d->change);
        html_text(f, d->name);
        fputs("</code></td><td>", f);
        /* the text line after "KIND NAME: ", without " [ABI]" (a column of its own) */
        const char *what = d->text + strlen(d->kind) + 1 + strlen(d->name) + 2;
        html_textn(f, what, strlen(what) - (d->abi ? strlen(" [ABI]") : 0));
        fprintf(f, "</td><td%s>%s</td></tr>\n", d->abi ? " class=\"abi\"" : "", d->abi ? "yes" : "");
    }
    if (group >= 0)
        fputs("</table>\n", f);
    fputs("</body>\n</html>\n", f);
}

/* ---- command line ------------------------------------------------------ */

enum { FMT_TEXT, FMT_JSON, FMT_HTML };

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    fputs("jvmtigen diff: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\nTry 'jvmtigen diff --help' for more information.\n", stderr);
    return 2;
}

static void usage(FILE *f)
{
    fputs("Usage: jvmtigen diff [OPTIONS] OLD.xml NEW.xml\n"
          "Report how the JVM TI API of NEW.xml differs from that of OLD.xml.\n\n"
          "Options:\n"
          "      --format=FORMAT  text (default: one line per change), json or html\n"
          "  -q, --quiet          do not print the loader's warnings\n"
          "      --help           print this help and exit\n\n"
          "Changes that can break an agent compiled against OLD are marked [ABI].\n"
          "Exit status: 0 no differences, 1 differences, 2 bad usage or a spec that does not load.\n", f);
}

int jt_diff_main(int argc, char **argv)
{
    enum { OPT_FORMAT = 1000, OPT_HELP };
    static const struct option opts[] = {
        { "format", required_argument, NULL, OPT_FORMAT },
        { "quiet", no_argument, NULL, 'q' },
        { "help", no_argument, NULL, OPT_HELP },
        { NULL, 0, NULL, 0 },
    };
    int format = FMT_TEXT;
    bool quiet = false;
    opterr = 0;
    optind = 1;
    int ch;
    int prev = optind;
    for (; (ch = getopt_long(argc, argv, ":q", opts, NULL)) != -1; prev = optind) {
        switch (ch) {
        case OPT_FORMAT:
            if (strcmp(optarg, "text") == 0)
                format = FMT_TEXT;
            else if (strcmp(optarg, "json") == 0)
                format = FMT_JSON;
            else if (strcmp(optarg, "html") == 0)
                format = FMT_HTML;
            else
                return usage_error("--format=%s: expected text, json or html", optarg);
            break;
        case 'q':
            quiet = true;
            break;
        case OPT_HELP:
            usage(stdout);
            return 0;
        case ':':
            return usage_error("option %s needs a value", argv[optind - 1]);
        default:
            return usage_error("%s", jt_unknown_option(argc, argv, prev, opts, "q", NULL));
        }
    }
    if (argc - optind != 2)
        return usage_error("expected two specs: OLD.xml NEW.xml, got %d argument%s", argc - optind,
                           argc - optind == 1 ? "" : "s");

    jt_load_options lo = { .quiet_warnings = quiet };
    jt_spec *os = jt_spec_load(argv[optind], &lo);
    jt_spec *ns = os ? jt_spec_load(argv[optind + 1], &lo) : NULL;
    if (!ns) {
        jt_spec_free(os);
        return 2;
    }
    side o = { argv[optind], 0, 0, 0 }, n = { argv[optind + 1], 0, 0, 0 };
    jt_spec_version(os, 0, &o.major, &o.minor, &o.micro);
    jt_spec_version(ns, 0, &n.major, &n.minor, &n.micro);

    jt_delta_list l = { 0 };
    jt_diff_specs(os, ns, &l);
    if (format == FMT_JSON)
        print_json(stdout, &l, &o, &n);
    else if (format == FMT_HTML)
        print_html(stdout, &l, &o, &n);
    else
        print_text(stdout, &l);
    int rc = l.n ? 1 : 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot write the report to standard output");
        rc = 2;
    }
    jt_delta_list_free(&l);
    jt_spec_free(os);
    jt_spec_free(ns);
    return rc;
}
