/* wrapper_tables.c — the metadata tables of jvmticheck_gen.c the runtime
 * reads (jc_runtime.h): the known spec versions; per function its name,
 * phases, capabilities and the errors the spec documents for it (across
 * --history's versions, so that the runtime judges an error against the
 * running VM's spec) and its per-run slots; per event its capabilities
 * and whether it restricts calls.  Apart from emit_wrapper.c, which writes the code of
 * the wrappers, because the tables are data about the spec, not code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/checks.h"
#include "model/spec_rules.h"
#include "util/diag.h"
#include "emit/wrapper_checks.h"
#include "emit/wrapper_ctx.h"

/* Events during which only callbacksafe functions may be called. */
static const char *const restricting_events[] = {
    "GarbageCollectionStart", "GarbageCollectionFinish", "ObjectFree",
};

bool jt_wr_restricts(const jt_event *ev)
{
    for (size_t i = 0; i < sizeof restricting_events / sizeof *restricting_events; i++)
        if (strcmp(restricting_events[i], ev->id) == 0)
            return true;
    return false;
}

static void add_error(const char **list, size_t *n, size_t cap, const char *id)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp(list[i], id) == 0)
            return;
    if (*n < cap)
        list[(*n)++] = id;
}

/* Documented errors of f: those it lists, the universal ones, and those the
 * spec implies by its params' kinds (the published page shows the same). */
static size_t documented_errors(const jt_spec *s, const jt_function *f, const char **list, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < s->nerrors; i++)
        if (strcmp(s->errors[i]->category_id, "universal-error") == 0)
            add_error(list, &n, cap, s->errors[i]->id);
    for (size_t i = 0; i < f->nerrors; i++)
        if (f->errors[i].error)     /* an undefined one has no value to name */
            add_error(list, &n, cap, f->errors[i].id);
    if (f->nrequired)
        add_error(list, &n, cap, "JVMTI_ERROR_MUST_POSSESS_CAPABILITY");
    for (size_t i = 0; i < f->nparams; i++) {
        jt_implied_error implied[2];
        int k = jt_implied_errors(&f->params[i], implied);
        for (int j = 0; j < k; j++)
            add_error(list, &n, cap, implied[j].error);
    }
    return n;
}

/* One documented error of a function across the known specs: its number,
 * name, the oldest known spec that documents it, and whether it is an
 * expected outcome there (jt_error_is_outcome: trace=problems, the
 * default, does not print such failed calls). */
typedef struct err_since {
    const char *id;
    int num;
    unsigned since;
    bool outcome;
} err_since;

/* The documented errors of f in every known spec (w->known, oldest first),
 * each with the first version documenting it. */
static size_t errors_across(const wctx *w, const jt_function *f, err_since *out, size_t cap)
{
    size_t n = 0;
    for (int k = 0; k < w->nknown; k++) {
        const jt_function *fk = jt_find_function(w->known[k].spec, f->id);
        if (!fk)
            continue;
        const char *errs[128];
        size_t m = documented_errors(w->known[k].spec, fk, errs, 128);
        for (size_t i = 0; i < m; i++) {
            size_t j = 0;
            while (j < n && strcmp(out[j].id, errs[i]) != 0)
                j++;
            const jt_error *e = jt_find_error(w->known[k].spec, errs[i]);
            if (j < n || !e || n == cap)
                continue;
            out[n++] = (err_since){ errs[i], e->num, w->known[k].version, jt_error_is_outcome(e) };
        }
    }
    return n;
}

void jt_wr_put_tables(wctx *w)
{
    const jt_spec *s = w->s;
    /* the specs the wrapper knows the errors of, oldest first */
    P("const jint jc_known_specs[] = { ");
    for (int k = 0; k < w->nknown; k++)
        P("0x%08X, ", w->known[k].version);
    P("};\nconst int jc_known_spec_count = %d;\n\n", w->nknown);
    /* per-function capability and error lists */
    for (int num = 1; num <= s->max_function_num; num++) {
        const jt_function *f = s->function_by_num[num];
        if (!f)
            continue;
        P("static const int caps_%s[] = { ", f->id);
        for (size_t i = 0; i < f->nrequired; i++)
            if (f->required[i].cap)     /* undefined: a load warning, no bit */
                P("%d, ", f->required[i].cap->index);
        P("-1 };\n");
        err_since errs[160];
        size_t n = errors_across(w, f, errs, 160);
        P("static const jc_error_doc errs_%s[] = {\n", f->id);
        for (size_t i = 0; i < n; i++)
            P("    { (jvmtiError)%d, 0x%08X, \"%s\", %s },\n", errs[i].num, errs[i].since, errs[i].id,
              errs[i].outcome ? "true" : "false");
        P("    { JVMTI_ERROR_NONE, 0, NULL, false } };\n");
    }
    P("\nconst jc_fn_info jc_fn_table[] = {\n");
    for (int num = 1; num <= s->max_function_num; num++) {
        const jt_function *f = s->function_by_num[num];
        if (!f)
            continue;
        P("    [%d] = { \"%s\", %d, %s, %s, 0x%08X, caps_%s, errs_%s, sizeof errs_%s / sizeof *errs_%s - 1 },\n",
          num, f->id, num, jt_phase_mask(f->phase), f->callbacksafe ? "true" : "false",
          (unsigned)jt_since_version(f->since), f->id, f->id, f->id, f->id);
    }
    P("};\nconst int jc_fn_max = %d;\n", s->max_function_num);
    P("unsigned char jc_fn_absent[%d];\n", s->max_function_num + 1);
    P("unsigned char jc_fn_path[%d];\n", s->max_function_num + 1);
    P("jc_fn_stats jc_fn_stats_table[%d];\n", s->max_function_num + 1);
    P("bool jc_fn_selected[%d];\n\n", s->max_function_num + 1);

    int nev = s->max_event_num - s->min_event_num + 1;
    for (int i = 0; i < nev; i++) {
        const jt_event *ev = s->event_by_num[i];
        if (!ev)
            continue;
        P("static const int evcaps_%s[] = { ", ev->id);
        for (size_t k = 0; k < ev->nrequired; k++)
            if (ev->required[k].cap)
                P("%d, ", ev->required[k].cap->index);
        P("-1 };\n");
    }
    P("\nconst jc_event_info jc_event_table[%d] = {\n", nev);
    for (int i = 0; i < nev; i++) {
        const jt_event *ev = s->event_by_num[i];
        if (ev)
            P("    [%d] = { \"%s\", %d, %s, evcaps_%s, %s, 0x%08X },\n", i, ev->id, ev->num,
              ev->filtered == JT_FILTER_THREAD ? "true" : "false", ev->id, jt_wr_restricts(ev) ? "true" : "false",
              (unsigned)jt_since_version(ev->since));
    }
    P("};\nconst int jc_event_min = %d, jc_event_max = %d;\n", s->min_event_num, s->max_event_num);
    P("_Atomic uint64_t jc_event_counts[%d];\nbool jc_event_selected[%d];\n\n", nev, nev);

    P("const char *const jc_cap_names[] = {\n");
    for (size_t i = 0; i < s->ncapabilities; i++)
        P("    \"%s\",\n", s->capabilities[i].id);
    P("};\nconst int jc_cap_count = %zu;\n\n", s->ncapabilities);

    P("void jc_selection_init(void)\n{\n"
      "    for (int i = 1; i <= jc_fn_max; i++)\n"
      "        jc_fn_selected[i] = jc_fn_table[i].name && jc_options_selects(&jc_g.opt, jc_fn_table[i].name);\n"
      "    for (int i = 0; i <= jc_event_max - jc_event_min; i++)\n"
      "        jc_event_selected[i] = jc_event_table[i].name && jc_options_selects(&jc_g.opt, jc_event_table[i].name);\n"
      "}\n\n");
}
