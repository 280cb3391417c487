/* wrapper_checks.c — the code of the checked wrapper's input checks, for
 * emit_wrapper.c.
 *
 * Which checks apply to a function and its params is the model's
 * (gen/model/checks.c); here each one becomes C: a cheap condition that
 * holds when the check may fail (`when`), what may still clear it at a
 * cost (`confirm`: asking the VM), and the statement that reports it
 * (`then`).  The generated wrapper uses one list twice: its full path
 * tests each `when` (and `confirm`) and reports, its fast path only ORs
 * the `when`s to decide whether to leave the call to the full path.  One
 * list, so the fast path can never skip a check the full one makes.
 */
#include <stdio.h>
#include <string.h>

#include "emit/wrapper_checks.h"
#include "model/checks.h"
#include "model/spec_rules.h"
#include "model/vm_errors.h"
#include "util/diag.h"
#include "model/version.h"

typedef struct ctx {
    const jt_spec *s;
    int errors;
} ctx;

unsigned jt_since_version(const char *since)
{
    int ma = 1, mi = 0;
    jt_parse_since(since, &ma, &mi);
    return jt_jvmti_version(ma, mi, 0);
}

const jt_constants *jt_enum_group(const jt_type *t)
{
    return t->kind == JT_ENUM && t->ref.kind == JT_T_CONSTANTS ? t->ref.ptr : NULL;
}

const char *jt_phase_mask(jt_phase p)
{
    switch (p) {
    case JT_PHASE_ONLOAD:       /* "the OnLoad or the live phase" */
        return "JC_PHASE_BIT(JVMTI_PHASE_ONLOAD) | JC_PHASE_BIT(JVMTI_PHASE_LIVE)";
    case JT_PHASE_ONLOAD_ONLY:
        return "JC_PHASE_BIT(JVMTI_PHASE_ONLOAD)";
    case JT_PHASE_START:
        return "JC_PHASE_BIT(JVMTI_PHASE_START) | JC_PHASE_BIT(JVMTI_PHASE_LIVE)";
    case JT_PHASE_ANY:
        return "JC_PHASE_BIT(JVMTI_PHASE_ONLOAD) | JC_PHASE_BIT(JVMTI_PHASE_PRIMORDIAL) | "
               "JC_PHASE_BIT(JVMTI_PHASE_START) | JC_PHASE_BIT(JVMTI_PHASE_LIVE) | "
               "JC_PHASE_BIT(JVMTI_PHASE_DEAD)";
    case JT_PHASE_LIVE:
    case JT_PHASE_UNSET:    /* the spec's default */
    default:
        return "JC_PHASE_BIT(JVMTI_PHASE_LIVE)";
    }
}

/* Appends a check; false (and an error) when it does not fit. */
static bool add_check(ctx *w, const jt_function *f, check_list *l, const char *when, const char *confirm,
                      const char *then)
{
    if (l->n == MAX_CHECK_CODES || strlen(when) >= sizeof l->c[0].when
        || strlen(confirm) >= sizeof l->c[0].confirm || strlen(then) >= sizeof l->c[0].then) {
        jt_diag(JT_DIAG_ERROR, w->s->path, f->line, "%s: a check's code does not fit jvmtigen's buffers", f->id);
        w->errors++;
        return false;
    }
    check_code *c = &l->c[l->n++];
    snprintf(c->when, sizeof c->when, "%s", when);
    snprintf(c->confirm, sizeof c->confirm, "%s", confirm);
    snprintf(c->then, sizeof c->then, "%s", then);
    return true;
}

/* snprintf into a check's buffer, whose size is the check_code field's. */
#define FMT(buf, ...) snprintf(buf, sizeof buf, __VA_ARGS__)

/* range: outside the bounds a documented error states; the message names
 * the spec's constants where it does. */
static void range_check(ctx *w, const jt_function *f, const jt_param *p, const jt_check *c, check_list *l)
{
    char lo[96], hi[96], when[256], then[768], eb[160];
    const char *err = jt_vm_error_expr(c, eb, sizeof eb);
    snprintf(lo, sizeof lo, c->lo_name ? "%s (%lld)" : "%s%lld", c->lo_name ? c->lo_name : "", c->lo);
    snprintf(hi, sizeof hi, c->hi_name ? "%s (%lld)" : "%s%lld", c->hi_name ? c->hi_name : "", c->hi);
    if (c->has_lo && c->has_hi) {
        FMT(when, "(long long)%s < %lldLL || (long long)%s > %lldLL", p->id, c->lo, p->id, c->hi);
        FMT(then, "bad = jc_flag(JC_CHK_range, %d, \"%s\", %s, bad, \"%%lld is outside %s..%s\", (long long)%s);",
            f->num, p->id, err, lo, hi, p->id);
    } else if (c->has_lo) {
        FMT(when, "(long long)%s < %lldLL", p->id, c->lo);
        FMT(then, "bad = jc_flag(JC_CHK_range, %d, \"%s\", %s, bad, \"%%lld is less than %s\", (long long)%s);",
            f->num, p->id, err, lo, p->id);
    } else
        return;
    add_check(w, f, l, when, "", then);
}

/* Appends "(cast)id != valueLL" comparisons joined by " && " to buf. */
static void put_unequal(char *buf, size_t len, const char *cast, const char *id, const long long *values, size_t n)
{
    size_t at = strlen(buf);
    for (size_t i = 0; i < n && at < len; i++) {
        int k = snprintf(buf + at, len - at, "%s(%s)%s != %lldLL", i ? " && " : "", cast, id, values[i]);
        at += k > 0 ? (size_t)k : 0;
    }
}

static void enum_check(ctx *w, const jt_function *f, const jt_param *p, const jt_type *t, const jt_check *c,
                       check_list *l)
{
    char when[2048] = "", confirm[256] = "", then[768], eb[160];
    const char *err = jt_vm_error_expr(c, eb, sizeof eb);
    long long values[256];
    if (c->nevents) {
        /* the function's documented error allows only these events */
        size_t n = 0;
        for (int i = 0; i < c->nevents && n < 256; i++)
            values[n++] = c->events[i]->num;
        put_unequal(when, sizeof when, "int", p->id, values, n);
        size_t at = (size_t)FMT(then, "bad = jc_flag(JC_CHK_enum_value, %d, \"%s\", %s, bad, \"%%d is not", f->num,
                                p->id, err);
        for (int i = 0; i < c->nevents && at < sizeof then; i++)
            at += (size_t)snprintf(then + at, sizeof then - at, "%s %s",
                                   i ? (i + 1 == c->nevents ? " or" : ",") : "", c->events[i]->id);
        if (at < sizeof then)
            snprintf(then + at, sizeof then - at, "\", (int)%s);", p->id);
        add_check(w, f, l, when, "", then);
        return;
    }
    const jt_constants *g = jt_enum_group(t);
    if (g && g->kind == JT_CK_BITS) {
        long long all = 0;
        for (size_t i = 0; i < g->nconstants; i++)
            all |= g->constants[i].value;
        FMT(when, "(long long)%s & ~0x%llxLL", p->id, (unsigned long long)all);
        FMT(then, "bad = jc_flag(JC_CHK_enum_value, %d, \"%s\", JVMTI_ERROR_ILLEGAL_ARGUMENT, bad, \"%%lld has bits %s does not define\", (long long)%s);",
            f->num, p->id, g->id, p->id);
        add_check(w, f, l, when, "", then);
        return;
    }
    if (g) {
        size_t n = 0;
        for (size_t i = 0; i < g->nconstants && n < 256; i++)
            values[n++] = g->constants[i].value;
        put_unequal(when, sizeof when, "long long", p->id, values, n);
        FMT(then, "bad = jc_flag(JC_CHK_enum_value, %d, \"%s\", JVMTI_ERROR_ILLEGAL_ARGUMENT, bad, \"%%lld is not a %s\", (long long)%s);",
            f->num, p->id, g->id, p->id);
        add_check(w, f, l, when, "", then);
        return;
    }
    if (t->name && strcmp(t->name, "jvmtiEvent") == 0) {
        FMT(when, "(int)%s < jc_event_min || (int)%s > jc_event_max || !jc_event_table[(int)%s - jc_event_min].name",
            p->id, p->id, p->id);
        FMT(confirm, "!jc_extension_event(ce, (int)%s, \"%s\")", p->id, f->id);
        FMT(then, "bad = jc_flag(JC_CHK_enum_value, %d, \"%s\", %s, bad, \"%%d is not an event\", (int)%s);", f->num,
            p->id, err, p->id);
        add_check(w, f, l, when, confirm, then);
        return;
    }
    if (t->name && strcmp(t->name, "jvmtiError") == 0) {
        FMT(when, "!jvmti_error_name(%s)", p->id);
        FMT(then, "bad = jc_flag(JC_CHK_enum_value, %d, \"%s\", JVMTI_ERROR_ILLEGAL_ARGUMENT, bad, \"%%d is not an error\", (int)%s);",
            f->num, p->id, p->id);
        add_check(w, f, l, when, "", then);
    }
}

/* Appends code to one of the after-call buffers (false, and an error,
 * when it does not fit). */
static bool add_after(ctx *w, const jt_function *f, char *buf, size_t len, const char *code)
{
    if (strlen(buf) + strlen(code) + 1 >= len) {
        jt_diag(JT_DIAG_ERROR, w->s->path, f->line, "%s: a check's code does not fit jvmtigen's buffers", f->id);
        w->errors++;
        return false;
    }
    strcat(buf, code);
    return true;
}

/* A class name as JNI's FindClass takes it: the spec's dots as slashes. */
static void slashed(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s", name);
    for (char *c = buf; *c; c++)
        if (*c == '.')
            *c = '/';
}

/* The key of a watch or breakpoint (clear_not_set): the params of f other
 * than a class (a jfieldID; a jmethodID and a jlocation), at most two, as
 * "(uint64_t)x, (uint64_t)y"; false when f has another shape. */
static bool pair_key(const jt_function *f, char *buf, size_t len)
{
    const char *ids[2] = { NULL, NULL };
    int n = 0;
    for (size_t i = 0; i < f->nparams; i++) {
        const jt_param *p = &f->params[i];
        jt_kind k = p->type->kind;
        if (p->implicit || k == JT_JCLASS)
            continue;
        if (n == 2 || (k != JT_JFIELDID && k != JT_JMETHODID && k != JT_JLOCATION))
            return false;
        ids[n++] = p->id;
    }
    if (n == 0)
        return false;
    snprintf(buf, len, "(uint64_t)(uintptr_t)%s, %s%s", ids[0], n > 1 ? "(uint64_t)" : "0", n > 1 ? ids[1] : "");
    return true;
}

/* The code of the check=deep checks of a param (jc_deep.h): before the
 * call, each `when` is jc_g.opt.deep and the params it reads being given;
 * the runtime asks the VM, reports, and folds the error into bad. */
static void deep_param_check(ctx *w, const jt_function *f, const jt_param *p, const jt_check *cs, int m, int k,
                             check_list *l)
{
    const jt_check *c = &cs[k];
    char when[256], then[768], code[512], cls[128];
    bool kind_alone = strcmp(c->id, "object_kind") == 0 && (k == 0 || strcmp(cs[k - 1].id, "stale_ref") != 0);
    if (strcmp(c->id, "stale_ref") == 0 || kind_alone) {
        /* one question for both: is it live, and of the right class */
        const jt_check *kind = kind_alone ? c
                             : k + 1 < m && strcmp(cs[k + 1].id, "object_kind") == 0 ? &cs[k + 1] : NULL;
        const char *stale = kind_alone ? "JVMTI_ERROR_NONE" : c->error;
        if (kind)
            slashed(cls, sizeof cls, kind->java_class);
        FMT(when, "jc_g.opt.deep && %s != NULL", p->id);
        FMT(then, "bad = jc_deep_ref(ce, %d, \"%s\", (jobject)%s, %s%s%s, %s, %s, bad);", f->num, p->id, p->id,
            kind ? "\"" : "", kind ? cls : "NULL", kind ? "\"" : "", stale, kind ? kind->error : "JVMTI_ERROR_NONE");
        add_check(w, f, l, when, "", then);
    } else if (strcmp(c->id, "native_method") == 0) {
        FMT(when, "jc_g.opt.deep && %s != NULL", p->id);
        FMT(then, "bad = jc_deep_native(ce, %d, \"%s\", %s, bad);", f->num, p->id, p->id);
        add_check(w, f, l, when, "", then);
    } else if (strcmp(c->id, "location") == 0) {
        FMT(when, "jc_g.opt.deep && %s != NULL", c->with[0]);
        FMT(then, "bad = jc_deep_location(ce, %d, \"%s\", %s, (jlocation)%s, bad);", f->num, p->id, c->with[0], p->id);
        add_check(w, f, l, when, "", then);
    } else if (strcmp(c->id, "module_package") == 0) {
        FMT(when, "jc_g.opt.deep && %s != NULL && %s != NULL", c->with[0], p->id);
        FMT(then, "bad = jc_deep_package(ce, %d, \"%s\", (jobject)%s, %s, %s, bad);", f->num, p->id, c->with[0], p->id,
            c->error);
        add_check(w, f, l, when, "", then);
    } else if (strcmp(c->id, "local_slot") == 0) {
        /* after the call: the VM refuses a wrong slot or type itself,
         * without effect; the check says which, from the method's table */
        const char *types = k + 1 < m && strcmp(cs[k + 1].id, "local_type") == 0 ? cs[k + 1].types : "";
        FMT(code, "if (jc_g.opt.deep && (err == JVMTI_ERROR_INVALID_SLOT || err == JVMTI_ERROR_TYPE_MISMATCH))\n"
                  "    jc_deep_local(ce, %d, \"%s\", %s, %s, %s, \"%s\", err);\n",
            f->num, p->id, c->with[0], c->with[1], p->id, types);
        add_after(w, f, l->on_error, sizeof l->on_error, code);
    }
}

/* clear_not_set: a Set function records what it set, its Clear forgets
 * it, and a Clear the VM answers NOT_FOUND is reported when this env
 * never set that (jc_deep_pairs.c). */
static void pair_checks(ctx *w, const jt_function *f, check_list *l)
{
    char key[256], code[512];
    const jt_function *set = jt_clears(w->s, f), *clear = set ? NULL : jt_cleared_by(w->s, f);
    if (!(set || clear) || !pair_key(f, key, sizeof key))
        return;
    if (set) {
        FMT(code, "if (jc_g.opt.deep && err == JVMTI_ERROR_NOT_FOUND) jc_deep_unset(ce, %d, %d, %s);\n", f->num,
            set->num, key);
        add_after(w, f, l->on_error, sizeof l->on_error, code);
        FMT(code, "if (jc_g.opt.deep) jc_deep_cleared(ce, %d, %s);\n", set->num, key);
    } else {
        FMT(code, "if (jc_g.opt.deep) jc_deep_set(ce, %d, %s);\n", f->num, key);
    }
    add_after(w, f, l->on_success, sizeof l->on_success, code);
}

/* The checks of param p at HotSpot's stage (jt_vm_check_stage). */
static void param_checks(ctx *w, const jt_function *f, const jt_param *p, int stage, check_list *l)
{
    jt_check cs[JT_MAX_CHECKS];
    char when[2048], confirm[256], then[768];
    const jt_type *t = p->type;
    int m = jt_param_checks(w->s, p, cs);
    for (int k = 0; k < m; k++) {
        char eb[160];
        const char *err = jt_vm_error_expr(&cs[k], eb, sizeof eb);
        if (jt_vm_check_stage(p, &cs[k]) != stage)
            continue;
        if (strcmp(cs[k].id, "null_pointer") == 0) {
            FMT(when, "%s == NULL", p->id);
            FMT(then, "bad = jc_flag(JC_CHK_null_pointer, %d, \"%s\", %s, bad, \"%s is NULL\");", f->num, p->id,
                err, p->id);
            add_check(w, f, l, when, "", then);
        } else if (strcmp(cs[k].id, "min_value") == 0) {
            FMT(when, "%s < %lld", p->id, cs[k].lo);
            FMT(then, "bad = jc_flag(JC_CHK_min_value, %d, \"%s\", %s, bad, \"%%lld is below the minimum %lld\", (long long)%s);",
                f->num, p->id, err, cs[k].lo, p->id);
            add_check(w, f, l, when, "", then);
        } else if (strcmp(cs[k].id, "stale_ref") == 0 || strcmp(cs[k].id, "object_kind") == 0
                   || strcmp(cs[k].id, "native_method") == 0 || strcmp(cs[k].id, "location") == 0
                   || strcmp(cs[k].id, "module_package") == 0 || strcmp(cs[k].id, "local_slot") == 0) {
            deep_param_check(w, f, p, cs, m, k, l);
        } else if (strcmp(cs[k].id, "virtual_thread") == 0) {
            FMT(when, "%s != NULL", p->id);
            FMT(confirm, "jc_vthread_is(%s)", p->id);
            FMT(then, "bad = jc_flag(JC_CHK_virtual_thread, %d, \"%s\", %s, bad, \"%s is a virtual thread, which the spec does not allow here\");",
                f->num, p->id, err, p->id);
            add_check(w, f, l, when, confirm, then);
        } else if (strcmp(cs[k].id, "range") == 0)
            range_check(w, f, p, &cs[k], l);
        else if (strcmp(cs[k].id, "enum_value") == 0)
            enum_check(w, f, p, t, &cs[k], l);
    }
}

int jt_wrapper_checks(const jt_spec *s, const jt_function *f, check_list *l)
{
    ctx wc = { .s = s }, *w = &wc;
    jt_check cs[JT_MAX_CHECKS];
    char when[2048], confirm[256], then[768];
    l->n = 0;
    l->on_error[0] = l->on_success[0] = '\0';
    int n = jt_function_checks(s, f, cs);
    for (int k = 0; k < n; k++) {
        if (strcmp(cs[k].id, "phase") == 0) {
            const char *mask = jt_phase_mask(f->phase);
            FMT(when, "!(JC_PHASE_BIT(atomic_load_explicit(&jc_g.phase, memory_order_relaxed)) & (%s))", mask);
            FMT(confirm, "jc_phase_confirm(ce, %s)", mask);
            FMT(then, "bad = jc_flag(JC_CHK_phase, %d, NULL, %s, bad, \"not allowed in the %%s phase\", jc_phase_name());",
                f->num, cs[k].error);
            add_check(w, f, l, when, confirm, then);
        } else if (strcmp(cs[k].id, "callback_unsafe") == 0) {
            FMT(then, "bad = jc_flag(JC_CHK_callback_unsafe, %d, NULL, %s, bad, \"not callback safe, called from a callback that allows only callback-safe functions\");",
                f->num, cs[k].error);
            add_check(w, f, l, "me->restricted_depth", "", then);
        } else if (strcmp(cs[k].id, "portability") == 0) {
            FMT(when, "(unsigned)(ce->version & ~0xFF) < 0x%08Xu", (unsigned)jt_since_version(f->since));
            FMT(then, "jc_portability(ce, %d);", f->num);
            add_check(w, f, l, when, "", then);
        } else if (strcmp(cs[k].id, "capability") == 0) {
            for (size_t i = 0; i < f->nrequired; i++)
                if (f->required[i].cap) {
                    FMT(when, "!jc_has_cap(ce, %d)", f->required[i].cap->index);
                    FMT(then, "bad = jc_flag(JC_CHK_capability, %d, NULL, %s, bad, \"needs %s\");", f->num,
                        cs[k].error, f->required[i].id);
                    add_check(w, f, l, when, "", then);
                }
        }
    }
    /* The first check that fails gives strict's error: HotSpot's order,
     * its entry checks of every param before its body's (vm_errors.c). */
    for (int stage = 0; stage < 2; stage++)
        for (size_t i = 0; i < f->nparams; i++)
            param_checks(w, f, &f->params[i], stage, l);
    pair_checks(w, f, l);
    return w->errors ? -1 : 0;
}
