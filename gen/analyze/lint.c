/* lint.c — the lint rules run by `jvmtigen --lint` (see lint.h).
 *
 * Each rule is one row of jt_lint_rules[] (name, level, summary) and one
 * function below that walks the model and calls report().  A rule has one
 * level, so a message's severity never depends on which branch found it,
 * and doc/lint-rules.md documents the same rows.  Rules only read the
 * model; what the loader already refuses (dangling references, num
 * collisions, undefined errors) is not repeated here.
 */
#define _POSIX_C_SOURCE 200809L   /* strdup */
#include "analyze/lint.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"

enum {
    R_TABLE_GAP, R_ELIDED_SLOT, R_EVENT_GAP, R_SINCE_SYNTAX, R_SINCE_FUTURE,
    R_COUNT_REF, R_COUNT_TYPE, R_ENUM_DUPLICATE, R_ELIDED_CAPABILITY,
    R_CAPABILITY_TWICE, R_UNUSED_CAPABILITY, R_DUPLICATE_ID, R_ID_COLLISION,
    R_DUPLICATE_PARAM, R_NAME_PREFIX, R_MISSING_DESCRIPTION, R_NO_EVENTS, R_TYPE_ORDER,
    R_COUNT
};

const jt_lint_rule jt_lint_rules[R_COUNT] = {
    [R_TABLE_GAP]          = { "table-gap", JT_DIAG_NOTE,
                               "function table slots no function uses, or only an elided one" },
    [R_ELIDED_SLOT]        = { "elided-slot", JT_DIAG_NOTE,
                               "an elided function or event has the num of a live one (a reused slot)" },
    [R_EVENT_GAP]          = { "event-gap", JT_DIAG_NOTE,
                               "event numbers between the lowest and highest that no live event uses" },
    [R_SINCE_SYNTAX]       = { "since-syntax", JT_DIAG_ERROR,
                               "since= is not MAJOR or MAJOR.MINOR" },
    [R_SINCE_FUTURE]       = { "since-future", JT_DIAG_WARNING,
                               "since= is newer than the version the spec itself declares" },
    [R_COUNT_REF]          = { "count-ref", JT_DIAG_WARNING,
                               "a struct field's incount/outcount names no field (nor a param of its function)" },
    [R_COUNT_TYPE]         = { "count-type", JT_DIAG_WARNING,
                               "incount/outcount names a parameter that is not an integer" },
    [R_ENUM_DUPLICATE]     = { "enum-duplicate", JT_DIAG_WARNING,
                               "two constants of a kind=\"enum\" group have the same value" },
    [R_ELIDED_CAPABILITY]  = { "elided-capability", JT_DIAG_NOTE,
                               "an elided function or event needs a capability jvmtiCapabilities lacks" },
    [R_CAPABILITY_TWICE]   = { "capability-twice", JT_DIAG_WARNING,
                               "a function or event lists one capability twice (or as required and optional)" },
    [R_UNUSED_CAPABILITY]  = { "unused-capability", JT_DIAG_NOTE,
                               "a capability no function or event lists" },
    [R_DUPLICATE_ID]       = { "duplicate-id", JT_DIAG_ERROR,
                               "two definitions of one kind share an id (C would see two declarations)" },
    [R_ID_COLLISION]       = { "id-collision", JT_DIAG_WARNING,
                               "definitions of different kinds share an id (links to it are ambiguous)" },
    [R_DUPLICATE_PARAM]    = { "duplicate-param", JT_DIAG_ERROR,
                               "two parameters or fields of one declaration share an id" },
    [R_NAME_PREFIX]        = { "name-prefix", JT_DIAG_WARNING,
                               "an event constant, error or capability does not have its kind's prefix" },
    [R_MISSING_DESCRIPTION] = { "missing-description", JT_DIAG_WARNING,
                               "a live function, event, parameter, field, error or capability has no description" },
    [R_NO_EVENTS]          = { "no-events", JT_DIAG_ERROR,
                               "a JVMTI-layout spec without a live event (the header's event enum and callbacks need one)" },
    [R_TYPE_ORDER]         = { "type-order", JT_DIAG_ERROR,
                               "a struct holds itself, or a struct declared after it, by value; or a callback names itself or a later callback (C cannot declare it)" },
};

const int jt_nlint_rules = R_COUNT;

/* Reports are collected and printed in line order at the end, so the
 * output reads like a compiler's, whatever order the rules run in. */
typedef struct finding {
    int line;
    int rule;
    jt_diag_level level;    /* the rule's, or a note inside <elide> */
    size_t seq;             /* tie-break: the order found */
    char *msg;
} finding;

typedef struct lint {
    const jt_spec *s;
    jt_diag_level min_level;    /* findings below this are not printed */
    int errors;
    int major, minor;       /* the spec's own version */
    finding *found;
    size_t nfound, capfound;
} lint;

static void vreport(lint *l, int rule, bool elided, int line, const char *fmt, va_list ap)
{
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    /* What sits inside <elide> is not API: whatever a rule finds there is
     * only a note, so it never stops generation. */
    jt_diag_level level = elided ? JT_DIAG_NOTE : jt_lint_rules[rule].level;
    if (level == JT_DIAG_ERROR)
        l->errors++;
    if (l->nfound == l->capfound) {
        l->capfound = l->capfound ? 2 * l->capfound : 64;
        l->found = realloc(l->found, l->capfound * sizeof *l->found);
        if (!l->found)
            jt_fatal("out of memory");
    }
    finding f = { line, rule, level, l->nfound, strdup(msg) };
    if (!f.msg)
        jt_fatal("out of memory");
    l->found[l->nfound++] = f;
}

static void report(lint *l, int rule, int line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void report(lint *l, int rule, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(l, rule, false, line, fmt, ap);
    va_end(ap);
}

/* The same for a finding in a definition that may be elided. */
static void report_in(lint *l, int rule, bool elided, int line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void report_in(lint *l, int rule, bool elided, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(l, rule, elided, line, fmt, ap);
    va_end(ap);
}

static int cmp_finding(const void *a, const void *b)
{
    const finding *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void print_findings(lint *l)
{
    if (l->nfound)
        jt_sort(l->found, l->nfound, sizeof *l->found, cmp_finding);
    for (size_t i = 0; i < l->nfound; i++) {
        const jt_lint_rule *r = &jt_lint_rules[l->found[i].rule];
        if (l->found[i].level >= l->min_level)
            jt_diag(l->found[i].level, l->s->path, l->found[i].line, "[%s] %s", r->name, l->found[i].msg);
        free(l->found[i].msg);
    }
    free(l->found);
}

/* ---- function table and event numbers ---------------------------------- */

static bool elided_at(const jt_spec *s, int num)
{
    for (size_t i = 0; i < s->nfunctions; i++)
        if (!s->functions[i]->in_table && s->functions[i]->num == num)
            return true;
    return false;
}

static void check_table(lint *l)
{
    const jt_spec *s = l->s;
    /* Slots with only an elided function, or beyond the table. */
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        if (!f->elided)
            continue;
        if (f->num > s->max_function_num)
            report(l, R_TABLE_GAP, f->line, "elided function %s has num=%d, beyond the table (last slot %d)",
                   f->id, f->num, s->max_function_num);
        else if (s->function_by_num[f->num])
            report(l, R_ELIDED_SLOT, f->line, "elided function %s has num=%d, the slot of %s (line %d)",
                   f->id, f->num, s->function_by_num[f->num]->id, s->function_by_num[f->num]->line);
        else
            report(l, R_TABLE_GAP, f->line, "function table slot %d is reserved: only elided function %s has it",
                   f->num, f->id);
    }
    /* Runs of slots nobody has, not even an elided function; reported at
     * the function after the run. */
    for (int n = 1; n <= s->max_function_num; n++) {
        if (s->function_by_num[n] || elided_at(s, n))
            continue;
        int end = n;
        while (end < s->max_function_num && !s->function_by_num[end + 1] && !elided_at(s, end + 1))
            end++;
        const jt_function *after = s->function_by_num[end + 1];
        if (!after)     /* an elided one follows: find the next live one */
            for (int m = end + 1; !after && m <= s->max_function_num; m++)
                after = s->function_by_num[m];
        if (end == n)
            report(l, R_TABLE_GAP, after->line, "function table slot %d is unused (reserved), before %s",
                   n, after->id);
        else
            report(l, R_TABLE_GAP, after->line, "function table slots %d-%d are unused (reserved), before %s",
                   n, end, after->id);
        n = end;
    }
}

static bool elided_event_at(const jt_spec *s, int num)
{
    for (size_t i = 0; i < s->nevents; i++)
        if (s->events[i]->elided && s->events[i]->num == num)
            return true;
    return false;
}

static void check_events(lint *l)
{
    const jt_spec *s = l->s;
    if (s->min_event_num < 0) {
        if (s->iface.layout == JT_LAYOUT_JVMTI)
            report(l, R_NO_EVENTS, s->eventsection_line ? s->eventsection_line : s->root_line,
                   s->eventsection_line ? "<eventsection> has no live event (expected at least one <event>)"
                                        : "the spec has no <eventsection> (expected one with at least one <event>)");
        return;
    }
    for (size_t i = 0; i < s->nevents; i++) {
        const jt_event *e = s->events[i];
        if (!e->elided)
            continue;
        const jt_event *live = e->num >= s->min_event_num && e->num <= s->max_event_num
                                   ? s->event_by_num[e->num - s->min_event_num] : NULL;
        if (live)
            report(l, R_ELIDED_SLOT, e->line, "elided event %s has num=%d, the number of %s (line %d)",
                   e->id, e->num, live->id, live->line);
        else if (e->num < s->min_event_num || e->num > s->max_event_num)
            report(l, R_EVENT_GAP, e->line, "elided event %s has num=%d, outside the live events (%d-%d)",
                   e->id, e->num, s->min_event_num, s->max_event_num);
        else
            report(l, R_EVENT_GAP, e->line, "event number %d is reserved: only elided event %s has it",
                   e->num, e->id);
    }
    for (int n = s->min_event_num; n <= s->max_event_num; n++) {
        if (s->event_by_num[n - s->min_event_num] || elided_event_at(s, n))
            continue;
        int end = n;
        while (end < s->max_event_num && !s->event_by_num[end + 1 - s->min_event_num] &&
               !elided_event_at(s, end + 1))
            end++;
        const jt_event *after = NULL;
        for (int m = end + 1; !after && m <= s->max_event_num; m++)
            after = s->event_by_num[m - s->min_event_num];
        if (end == n)
            report(l, R_EVENT_GAP, after->line, "event number %d is unused, before %s", n, after->id);
        else
            report(l, R_EVENT_GAP, after->line, "event numbers %d-%d are unused, before %s", n, end, after->id);
        n = end;
    }
}

/* ---- since ------------------------------------------------------------- */

static void check_since1(lint *l, const char *what, const char *id, const char *since, int line,
                         bool elided)
{
    int ma, mi;
    if (!jt_parse_since(since, &ma, &mi)) {
        report_in(l, R_SINCE_SYNTAX, elided, line, "%s %s has since=\"%s\" (expected MAJOR or MAJOR.MINOR, e.g. 1.1 or 9)",
               what, id, since);
        return;
    }
    if (ma > l->major || (ma == l->major && mi > l->minor))
        report_in(l, R_SINCE_FUTURE, elided, line, "%s %s has since=\"%s\", newer than the spec's version %d.%d",
               what, id, since, l->major, l->minor);
}

static void check_since(lint *l)
{
    const jt_spec *s = l->s;
    for (size_t i = 0; i < s->nfunctions; i++)
        check_since1(l, "function", s->functions[i]->id, s->functions[i]->since, s->functions[i]->line,
                     !s->functions[i]->in_table);
    for (size_t i = 0; i < s->nevents; i++)
        check_since1(l, "event", s->events[i]->id, s->events[i]->since, s->events[i]->line,
                     s->events[i]->elided);
    for (size_t i = 0; i < s->ncallbacks; i++)
        check_since1(l, "callback", s->callbacks[i]->id, s->callbacks[i]->since, s->callbacks[i]->line,
                     s->callbacks[i]->elided);
    for (size_t i = 0; i < s->ntypedefs; i++)
        check_since1(l, "typedef", s->typedefs[i]->id, s->typedefs[i]->since, s->typedefs[i]->line, false);
    for (size_t i = 0; i < s->nconstants; i++)
        check_since1(l, "constants", s->constants[i]->id, s->constants[i]->since, s->constants[i]->line, false);
    for (size_t i = 0; i < s->ncapabilities; i++)
        check_since1(l, "capability", s->capabilities[i].id, s->capabilities[i].since, s->capabilities[i].line, false);
}

/* ---- incount / outcount ------------------------------------------------ */

/* The params of the function or event a typedef is declared in. */
static const jt_param *owner_param(const jt_spec *s, const jt_typedef *td, const char *id)
{
    if (!td->owner)
        return NULL;
    for (size_t i = 0; i < s->nfunctions; i++)
        if (s->functions[i] == td->owner)
            return jt_find_param(s->functions[i]->params, s->functions[i]->nparams, id);
    for (size_t i = 0; i < s->nevents; i++)
        if (s->events[i] == td->owner)
            return jt_find_param(s->events[i]->params, s->events[i]->nparams, id);
    return NULL;
}

static bool is_integer(jt_kind k)
{
    return k == JT_JINT || k == JT_JLONG || k == JT_SIZE_T;
}

/* A count names its sibling by id; the sibling must hold a number (by
 * value for an input count, or through an outptr for an output one). */
static void check_count_types(lint *l, const char *owner, const jt_param *ps, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (const jt_type *t = ps[i].type; t; t = t->inner) {
            const char *names[2] = { t->incount, t->outcount };
            for (int k = 0; k < 2; k++) {
                const jt_param *c = names[k] ? jt_find_param(ps, n, names[k]) : NULL;
                if (!c)
                    continue;
                const jt_type *ct = c->type;
                if (ct->kind == JT_OUTPTR || ct->kind == JT_PTRTYPE)
                    ct = ct->inner;
                if (!ct || !is_integer(ct->kind))
                    report(l, R_COUNT_TYPE, t->line, "%s.%s: %s=\"%s\" names a %s, not an integer",
                           owner, ps[i].id, k ? "outcount" : "incount", names[k],
                           jt_kind_info(c->type->kind)->xml);
            }
        }
}

static void check_counts(lint *l)
{
    const jt_spec *s = l->s;
    for (size_t i = 0; i < s->ntypedefs; i++) {
        const jt_typedef *td = s->typedefs[i];
        for (size_t j = 0; j < td->nfields; j++)
            for (const jt_type *t = td->fields[j].type; t; t = t->inner) {
                const char *names[2] = { t->incount, t->outcount };
                const int idx[2] = { t->incount_index, t->outcount_index };
                for (int k = 0; k < 2; k++)
                    if (names[k] && idx[k] < 0 && !owner_param(s, td, names[k]))
                        report(l, R_COUNT_REF, t->line,
                               "%s.%s: %s=\"%s\" names no field of %s%s (its length is prose, not structure)",
                               td->id, td->fields[j].id, k ? "outcount" : "incount", names[k], td->id,
                               td->owner ? " nor a parameter of its declaring function" : "");
            }
        check_count_types(l, td->id, td->fields, td->nfields);
    }
    for (size_t i = 0; i < s->nfunctions; i++)
        check_count_types(l, s->functions[i]->id, s->functions[i]->params, s->functions[i]->nparams);
    for (size_t i = 0; i < s->ncallbacks; i++)
        check_count_types(l, s->callbacks[i]->id, s->callbacks[i]->params, s->callbacks[i]->nparams);
    for (size_t i = 0; i < s->nevents; i++)
        check_count_types(l, s->events[i]->id, s->events[i]->params, s->events[i]->nparams);
}

/* ---- constants --------------------------------------------------------- */

static void check_enums(lint *l)
{
    const jt_spec *s = l->s;
    for (size_t i = 0; i < s->nconstants; i++) {
        const jt_constants *g = s->constants[i];
        if (g->kind != JT_CK_ENUM)
            continue;
        for (size_t j = 1; j < g->nconstants; j++)
            for (size_t k = 0; k < j; k++)
                if (g->constants[j].value == g->constants[k].value) {
                    report(l, R_ENUM_DUPLICATE, g->constants[j].line,
                           "%s: %s has value %" PRId64 ", like %s (line %d)", g->id, g->constants[j].id,
                           g->constants[j].value, g->constants[k].id, g->constants[k].line);
                    break;
                }
    }
}

/* ---- capabilities ------------------------------------------------------ */

static void check_cap_list(lint *l, const char *what, const char *id, bool elided,
                           const jt_cap_use *req, size_t nreq, const jt_cap_use *opt, size_t nopt)
{
    size_t n = nreq + nopt;
    for (size_t i = 0; i < n; i++) {
        const jt_cap_use *u = i < nreq ? &req[i] : &opt[i - nreq];
        if (!u->cap && elided)
            report(l, R_ELIDED_CAPABILITY, u->line,
                   "elided %s %s needs capability %s, which jvmtiCapabilities lacks", what, id, u->id);
        for (size_t j = 0; j < i; j++) {
            const jt_cap_use *v = j < nreq ? &req[j] : &opt[j - nreq];
            if (strcmp(u->id, v->id) == 0) {
                report(l, R_CAPABILITY_TWICE, u->line, "%s %s lists capability %s %s (line %d)", what, id,
                       u->id, (i < nreq) == (j < nreq) ? "twice" : "as required and as optional", v->line);
                break;
            }
        }
    }
}

static bool cap_used(const jt_cap_use *u, size_t n, const jt_capability *c)
{
    for (size_t i = 0; i < n; i++)
        if (u[i].cap == c)
            return true;
    return false;
}

static void check_capabilities(lint *l)
{
    const jt_spec *s = l->s;
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        check_cap_list(l, "function", f->id, !f->in_table, f->required, f->nrequired, f->optional, f->noptional);
    }
    for (size_t i = 0; i < s->nevents; i++) {
        const jt_event *e = s->events[i];
        check_cap_list(l, "event", e->id, e->elided, e->required, e->nrequired, e->optional, e->noptional);
    }
    for (size_t c = 0; c < s->ncapabilities; c++) {
        const jt_capability *cap = &s->capabilities[c];
        bool used = false;
        for (size_t i = 0; i < s->nfunctions && !used; i++)
            used = s->functions[i]->in_table &&
                   (cap_used(s->functions[i]->required, s->functions[i]->nrequired, cap) ||
                    cap_used(s->functions[i]->optional, s->functions[i]->noptional, cap));
        for (size_t i = 0; i < s->nevents && !used; i++)
            used = !s->events[i]->elided &&
                   (cap_used(s->events[i]->required, s->events[i]->nrequired, cap) ||
                    cap_used(s->events[i]->optional, s->events[i]->noptional, cap));
        if (!used)
            report(l, R_UNUSED_CAPABILITY, cap->line,
                   "capability %s is listed by no live function or event (its effect is described in prose)",
                   cap->id);
    }
}

/* ---- ids --------------------------------------------------------------- */

typedef struct id_def {
    const char *id;
    const char *kind;       /* for messages; equal pointers = same kind */
    int line;
    size_t order;           /* document order within the table, for a stable sort */
} id_def;

static int cmp_id_def(const void *a, const void *b)
{
    const id_def *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    if (c)
        return c;
    return x->order < y->order ? -1 : x->order > y->order;
}

static const char K_FUNCTION[] = "function", K_EVENT[] = "event", K_EVENT_CONST[] = "event constant", K_CALLBACK[] = "callback",
                  K_TYPEDEF[] = "typedef", K_CONSTANTS[] = "constants group", K_CONSTANT[] = "constant",
                  K_BASETYPE[] = "base type", K_ERROR[] = "error", K_CAPABILITY[] = "capability";

static void check_ids(lint *l)
{
    const jt_spec *s = l->s;
    size_t n = s->nfunctions + 2 * s->nevents + s->ncallbacks + s->ntypedefs + s->nconstants + s->nbasetypes +
               s->nerrors + s->ncapabilities;
    for (size_t i = 0; i < s->nconstants; i++)
        n += s->constants[i]->nconstants;
    id_def *d = calloc(n ? n : 1, sizeof *d);
    if (!d)
        jt_fatal("out of memory");
    size_t k = 0;
#define ADD(ID, KIND, LINE) (d[k] = (id_def){ (ID), (KIND), (LINE), k }, k++)
    for (size_t i = 0; i < s->nfunctions; i++)
        if (s->functions[i]->in_table)
            ADD(s->functions[i]->id, K_FUNCTION, s->functions[i]->line);
    for (size_t i = 0; i < s->nevents; i++)
        if (!s->events[i]->elided) {
            ADD(s->events[i]->id, K_EVENT, s->events[i]->line);
            if (s->events[i]->const_name)
                ADD(s->events[i]->const_name, K_EVENT_CONST, s->events[i]->line);
        }
    for (size_t i = 0; i < s->ncallbacks; i++)
        if (!s->callbacks[i]->elided)
            ADD(s->callbacks[i]->id, K_CALLBACK, s->callbacks[i]->line);
    for (size_t i = 0; i < s->ntypedefs; i++)
        ADD(s->typedefs[i]->id, K_TYPEDEF, s->typedefs[i]->line);
    for (size_t i = 0; i < s->nconstants; i++) {
        const jt_constants *g = s->constants[i];
        ADD(g->id, K_CONSTANTS, g->line);
        for (size_t j = 0; j < g->nconstants; j++)
            ADD(g->constants[j].id, K_CONSTANT, g->constants[j].line);
    }
    for (size_t i = 0; i < s->nbasetypes; i++)
        ADD(s->basetypes[i]->id, K_BASETYPE, s->basetypes[i]->line);
    for (size_t i = 0; i < s->nerrors; i++)
        ADD(s->errors[i]->id, K_ERROR, s->errors[i]->line);
    for (size_t i = 0; i < s->ncapabilities; i++)
        ADD(s->capabilities[i].id, K_CAPABILITY, s->capabilities[i].line);
#undef ADD
    jt_sort(d, k, sizeof *d, cmp_id_def);
    for (size_t i = 1; i < k; i++) {
        if (strcmp(d[i].id, d[i - 1].id) != 0)
            continue;
        size_t first = i - 1;
        while (first > 0 && strcmp(d[first - 1].id, d[i].id) == 0)
            first--;
        const id_def *a = &d[first], *b = &d[i];
        if (a->kind == b->kind)
            report(l, R_DUPLICATE_ID, b->line, "%s %s is defined twice (first at line %d)", b->kind, b->id, a->line);
        else
            report(l, R_ID_COLLISION, b->line, "%s %s has the id of %s %s (line %d)", b->kind, b->id, a->kind,
                   a->id, a->line);
    }
    free(d);
}

/* Two params or fields of one declaration with one id: sorted by id (then
 * position), so a declaration of any size is checked in n log n. */
static int cmp_param_id(const void *a, const void *b)
{
    const jt_param *x = *(const jt_param *const *)a, *y = *(const jt_param *const *)b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

static void check_param_list(lint *l, const char *what, const char *owner, const jt_param *ps, size_t n)
{
    if (n < 2)
        return;
    const jt_param **v = malloc(n * sizeof *v);
    if (!v)
        jt_fatal("out of memory");
    for (size_t i = 0; i < n; i++)
        v[i] = &ps[i];
    jt_sort(v, n, sizeof *v, cmp_param_id);
    for (size_t i = 1, first = 0; i < n; i++) {
        if (strcmp(v[i]->id, v[first]->id) != 0) {
            first = i;
            continue;
        }
        report(l, R_DUPLICATE_PARAM, v[i]->line, "%s %s has two %s named %s (first at line %d)", what, owner,
               strcmp(what, "typedef") == 0 ? "fields" : "parameters", v[i]->id, v[first]->line);
    }
    free(v);
}

static void check_params(lint *l)
{
    const jt_spec *s = l->s;
    for (size_t i = 0; i < s->nfunctions; i++)
        check_param_list(l, "function", s->functions[i]->id, s->functions[i]->params, s->functions[i]->nparams);
    for (size_t i = 0; i < s->nevents; i++)
        check_param_list(l, "event", s->events[i]->id, s->events[i]->params, s->events[i]->nparams);
    for (size_t i = 0; i < s->ncallbacks; i++)
        check_param_list(l, "callback", s->callbacks[i]->id, s->callbacks[i]->params, s->callbacks[i]->nparams);
    for (size_t i = 0; i < s->ntypedefs; i++)
        check_param_list(l, "typedef", s->typedefs[i]->id, s->typedefs[i]->fields, s->typedefs[i]->nfields);
}

static bool has_prefix(const char *s, const char *p)
{
    return strncmp(s, p, strlen(p)) == 0;
}

static void check_prefixes(lint *l)
{
    const jt_spec *s = l->s;
    for (size_t i = 0; i < s->nevents; i++)
        if (!has_prefix(s->events[i]->const_name, "JVMTI_EVENT_"))
            report(l, R_NAME_PREFIX, s->events[i]->line, "event %s has const=\"%s\" (expected JVMTI_EVENT_...)",
                   s->events[i]->id, s->events[i]->const_name);
    for (size_t i = 0; i < s->nerrors; i++)
        if (!has_prefix(s->errors[i]->id, s->iface.error_prefix))
            report(l, R_NAME_PREFIX, s->errors[i]->line, "error %s does not start with %s",
                   s->errors[i]->id, s->iface.error_prefix);
    for (size_t i = 0; i < s->ncapabilities; i++)
        if (!has_prefix(s->capabilities[i].id, s->iface.cap_prefix))
            report(l, R_NAME_PREFIX, s->capabilities[i].line, "capability %s does not start with %s",
                   s->capabilities[i].id, s->iface.cap_prefix);
}

/* ---- descriptions ------------------------------------------------------ */

/* True when d holds some text or markup (whitespace alone is not a description). */
static bool has_text(const jt_doc *d)
{
    for (; d; d = d->next) {
        if (d->name)
            return true;
        if (d->text && d->text[strspn(d->text, " \t\r\n")])
            return true;
    }
    return false;
}

static void check_param_docs(lint *l, const char *owner, const jt_param *ps, size_t n, bool field)
{
    for (size_t i = 0; i < n; i++)
        if (!has_text(ps[i].description) && strcmp(ps[i].id, "...") != 0)
            report(l, R_MISSING_DESCRIPTION, ps[i].line, "%s %s of %s has no description",
                   field ? "field" : "parameter", ps[i].id, owner);
}

static void check_descriptions(lint *l)
{
    const jt_spec *s = l->s;
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        if (!f->in_table)
            continue;
        if (!has_text(f->description))
            report(l, R_MISSING_DESCRIPTION, f->line, "function %s has no description", f->id);
        check_param_docs(l, f->id, f->params, f->nparams, false);
    }
    for (size_t i = 0; i < s->nevents; i++) {
        const jt_event *e = s->events[i];
        if (e->elided)
            continue;
        if (!has_text(e->description))
            report(l, R_MISSING_DESCRIPTION, e->line, "event %s has no description", e->id);
        check_param_docs(l, e->id, e->params, e->nparams, false);
    }
    for (size_t i = 0; i < s->ntypedefs; i++)
        check_param_docs(l, s->typedefs[i]->id, s->typedefs[i]->fields, s->typedefs[i]->nfields, true);
    for (size_t i = 0; i < s->nerrors; i++)
        if (!has_text(s->errors[i]->description))
            report(l, R_MISSING_DESCRIPTION, s->errors[i]->line, "error %s has no description", s->errors[i]->id);
    for (size_t i = 0; i < s->ncapabilities; i++)
        if (!has_text(s->capabilities[i].description))
            report(l, R_MISSING_DESCRIPTION, s->capabilities[i].line, "capability %s has no description",
                   s->capabilities[i].id);
}

/* ---- declaration order --------------------------------------------------
 * The header declares structs and callback types in document order (each
 * struct also predeclared): a struct may hold by value only a struct
 * complete before it, and a callback type may name only callback types
 * declared before it. */

static size_t typedef_index(const jt_spec *s, const jt_typedef *t)
{
    for (size_t i = 0; i < s->ntypedefs; i++)
        if (s->typedefs[i] == t)
            return i;
    return (size_t)-1;
}

static size_t callback_index(const jt_spec *s, const jt_callback *c)
{
    for (size_t i = 0; i < s->ncallbacks; i++)
        if (s->callbacks[i] == c)
            return i;
    return (size_t)-1;
}

static void check_struct_order(lint *l, size_t i)
{
    const jt_spec *s = l->s;
    const jt_typedef *t = s->typedefs[i];
    for (size_t j = 0; j < t->nfields; j++) {
        const jt_type *ft = t->fields[j].type;
        if (ft->kind != JT_STRUCT || ft->ref.kind != JT_T_TYPEDEF)
            continue;   /* behind a pointer, or not a struct of the spec */
        const jt_typedef *u = ft->ref.ptr;
        size_t k = typedef_index(s, u);
        if (u == t)
            report(l, R_TYPE_ORDER, t->fields[j].line, "field %s of %s holds %s itself by value", t->fields[j].id,
                   t->id, t->id);
        else if (k != (size_t)-1 && k > i)
            report(l, R_TYPE_ORDER, t->fields[j].line,
                   "field %s of %s holds %s by value, which is declared after it (line %d)", t->fields[j].id, t->id,
                   u->id, u->line);
    }
}

static void check_callback_order(lint *l, size_t i)
{
    const jt_spec *s = l->s;
    const jt_callback *c = s->callbacks[i];
    if (c->elided)
        return;
    for (size_t j = 0; j < c->nparams; j++)
        for (const jt_type *pt = c->params[j].type; pt; pt = pt->inner) {
            if (pt->ref.kind != JT_T_CALLBACK)
                continue;
            const jt_callback *d = pt->ref.ptr;
            size_t k = callback_index(s, d);
            if (d == c)
                report(l, R_TYPE_ORDER, c->params[j].line, "parameter %s of callback %s has the callback's own type",
                       c->params[j].id, c->id);
            else if (k != (size_t)-1 && k > i && !d->elided)
                report(l, R_TYPE_ORDER, c->params[j].line,
                       "parameter %s of callback %s names callback %s, which is declared after it (line %d)",
                       c->params[j].id, c->id, d->id, d->line);
        }
}

static void check_type_order(lint *l)
{
    for (size_t i = 0; i < l->s->ntypedefs; i++)
        check_struct_order(l, i);
    for (size_t i = 0; i < l->s->ncallbacks; i++)
        check_callback_order(l, i);
}

/* ---- entry point ------------------------------------------------------- */

int jt_lint(const jt_spec *s)
{
    return jt_lint_at(s, JT_DIAG_NOTE);
}

int jt_lint_at(const jt_spec *s, jt_diag_level min_level)
{
    lint l = { .s = s, .min_level = min_level };
    jt_spec_version(s, 0, &l.major, &l.minor, NULL);
    check_table(&l);
    check_events(&l);
    check_since(&l);
    check_counts(&l);
    check_enums(&l);
    check_capabilities(&l);
    check_ids(&l);
    check_params(&l);
    check_type_order(&l);
    check_prefixes(&l);
    check_descriptions(&l);
    print_findings(&l);
    return l.errors;
}
