/* html_members.c — the page's functions, callbacks, categories and
 * events: each member's section, the category pages and the function and
 * event sections.  One of the page's files (html_page.h; emit_html.c is the
 * page). */
#include "emit/html_page.h"

/* ---- functions ----------------------------------------------------------- */

static void slot_fn_phase(jt_html *h, const void *arg)
{
    R *r = h->self;
    jt_html_render_named(&r->h, "fn_phase_", jt_hp_phase_or_live(((const jt_function *)arg)->phase_attr), NULL, 0);
}

static void slot_fn_callbacksafe(jt_html *h, const void *arg)
{
    R *r = h->self;
    RENDER0(&r->h, ((const jt_function *)arg)->callbacksafe ? "fn_callbacksafe_yes" : "fn_callbacksafe_no");
}

static void slot_fn_info(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_function *f = arg;
    char num[16];
    snprintf(num, sizeof num, "%d", f->num);
    RENDER(&r->h, "fn_info", F("phase", slot_fn_phase, f), F("callbacksafe", slot_fn_callbacksafe, f), T("num", num),
           T("since", f->since));
}

static void slot_fn_badges(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_function *f = arg;
    char pos[32];
    snprintf(pos, sizeof pos, "slot %d", f->num);
    badge_arg b = { jt_hp_phase_or_live(f->phase_attr), f->callbacksafe, f->required, f->nrequired, f->optional,
                    f->noptional, f->since, pos, "function", f->id };
    jt_hp_render_badges(r, &b);
    if (r->plain)
        return;
    checks_arg c;
    c.n = jt_function_checks(r->s, f, c.cs);
    RENDER(&r->h, "function_checks", F("items", jt_hp_slot_check_items, &c));
}

/* Enum groups declared in a function's prose, in document order. */
static void slot_fn_enums(jt_html *h, const void *arg)
{
    R *r = h->self;
    ptrs enums = { 0 };
    for (size_t i = 0; i < r->s->nconstants; i++) {
        const jt_constants *g = r->s->constants[i];
        if (g->owner == arg && g->kind == JT_CK_ENUM)
            jt_hp_ptrs_push(&enums, g);
    }
    jt_hp_ptrs_sort(&enums, jt_hp_by_constants_order);
    for (size_t i = 0; i < enums.n; i++)
        jt_hp_render_enum_code(r, enums.p[i]);
    free(enums.p);
}

static void slot_fn_capabilities(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_function *f = arg;
    if (f->eventcapabilities) {
        RENDER(&r->h, "event_capabilities", F("rows", jt_hp_slot_event_cap_rows, NULL));
        return;
    }
    caps_arg a = { f->required, f->nrequired, f->optional, f->noptional, "function" };
    jt_hp_render_capabilities(r, &a);
}

static void slot_fn_parameters(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_function *f = arg;
    params_arg a = { f->params, f->nparams, true };
    jt_hp_render_parameters(r, &a);
}

static void slot_fn_errors(jt_html *h, const void *arg) { R *r = h->self; jt_hp_render_function_errors(r, arg); }

/* What a function returns: its <returns> type, else the interface's
 * error type (jvmtiError). */
void jt_hp_slot_fn_ret(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_function *f = arg;
    if (f->ret)
        jt_hp_slot_c_type(&r->h, f->ret);
    else
        esc(r, r->s->iface.error_type);
}

static void render_function(R *r, const jt_function *f)
{
    td_list tds = { f->typedefs, f->ntypedefs };
    sig_arg sig = { f->params, f->nparams };
    RENDER(&r->h, "function", T("id", f->id), T("synopsis", f->synopsis ? L(r, f->id, f->synopsis) : f->id),
           F("ret", jt_hp_slot_fn_ret, f), T("env", r->s->iface.env),
           F("badges", slot_fn_badges, f), F("typedefs_code", jt_hp_slot_typedefs_code, &tds),
           F("enums_code", slot_fn_enums, f), F("params", jt_hp_slot_params_sig, &sig),
           F("description", jt_hp_slot_description, f->description), F("info", slot_fn_info, f),
           F("capabilities", slot_fn_capabilities, f), F("typedefs", jt_hp_slot_typedefs_tables, &tds),
           F("parameters", slot_fn_parameters, f), F("errors", slot_fn_errors, f));
}

static void slot_c_ret(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_callback *c = arg;
    if (c->ret)
        jt_hp_slot_c_type(&r->h, c->ret);
}

static void slot_cb_parameters(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_callback *c = arg;
    params_arg a = { c->params, c->nparams, false };
    jt_hp_render_parameters(r, &a);
}

static void render_callback(R *r, const jt_callback *c)
{
    sig_arg sig = { c->params, c->nparams };
    RENDER(&r->h, "callback", T("id", c->id), T("synopsis", c->synopsis ? L(r, c->id, c->synopsis) : c->id),
           F("ret", slot_c_ret, c), F("params", jt_hp_slot_params_callback, &sig),
           F("description", jt_hp_slot_description, c->description), F("parameters", slot_cb_parameters, c));
}

/* ---- section labels ------------------------------------------------------ */

/* The spec names its sections (label=, which its DTD requires); the names
 * the published page uses stand in for a spec without them.  The error
 * section's label ("Error Reference") is not shown: the published page
 * heads it "Errors" and lists it as "Error Codes". */
const char *jt_hp_function_label(const jt_spec *s)
{
    return s->functionsection_label ? s->functionsection_label : "Functions";
}

const char *jt_hp_event_label(const jt_spec *s)
{
    return s->eventsection_label ? s->eventsection_label : "Events";
}

const char *jt_hp_issues_label(const jt_spec *s)
{
    return s->issuessection_label ? s->issuessection_label : "Issues";
}

/* ---- categories ---------------------------------------------------------- */

bool jt_hp_listed(const jt_function *f) { return !f->elided && !f->hide; }

static void slot_category_functions(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_category *cat = arg;
    for (size_t i = 0; i < r->s->nfunctions; i++) {
        const jt_function *f = r->s->functions[i];
        if (f->category == cat && jt_hp_listed(f))
            RENDER(&r->h, "member_item", T("id", f->id), T("synopsis", f->synopsis ? L(r, f->id, f->synopsis) : f->id));
    }
}

static void slot_category_callbacks_items(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_category *cat = arg;
    for (size_t i = 0; i < r->s->ncallbacks; i++) {
        const jt_callback *c = r->s->callbacks[i];
        if (c->category == cat && !c->elided)
            RENDER(&r->h, "member_item", T("id", c->id), T("synopsis", c->synopsis ? L(r, c->id, c->synopsis) : c->id));
    }
}

static void slot_category_callbacks(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_category *cat = arg;
    for (size_t i = 0; i < r->s->ncallbacks; i++)
        if (r->s->callbacks[i]->category == cat && !r->s->callbacks[i]->elided) {
            RENDER(&r->h, "category_callbacks", T("label", cat->label), F("items", slot_category_callbacks_items, cat));
            return;
        }
}

/* A category's types (its typedefs and the enum groups anywhere inside it)
 * and its other constant groups, each in document order. */
typedef struct cat_types {
    const jt_category *cat;
    const void **items;         /* jt_typedef or jt_constants */
    bool *is_typedef;
    int *order;
    size_t n;
    ptrs consts;                /* bits and const groups */
} cat_types;

static void collect_cat_types(R *r, const jt_category *cat, cat_types *ct)
{
    const jt_spec *s = r->s;
    size_t cap = s->ntypedefs + s->nconstants;
    ct->items = jt_hp_xcalloc(cap, sizeof *ct->items);
    ct->is_typedef = jt_hp_xcalloc(cap, sizeof *ct->is_typedef);
    ct->order = jt_hp_xcalloc(cap, sizeof *ct->order);
    for (size_t i = 0; i < s->ntypedefs; i++)
        if (s->typedefs[i]->category == cat) {
            ct->items[ct->n] = s->typedefs[i];
            ct->is_typedef[ct->n] = true;
            ct->order[ct->n++] = s->typedefs[i]->order;
        }
    for (size_t i = 0; i < s->nconstants; i++) {
        const jt_constants *g = s->constants[i];
        if (g->category != cat)
            continue;
        if (g->kind != JT_CK_ENUM) {
            jt_hp_ptrs_push(&ct->consts, g);
            continue;
        }
        ct->items[ct->n] = g;
        ct->is_typedef[ct->n] = false;
        ct->order[ct->n++] = g->order;
    }
    jt_hp_ptrs_sort(&ct->consts, jt_hp_by_constants_order);
    /* insertion sort by document order: a few items per category */
    for (size_t i = 1; i < ct->n; i++)
        for (size_t j = i; j > 0 && ct->order[j - 1] > ct->order[j]; j--) {
            const void *ti = ct->items[j];
            ct->items[j] = ct->items[j - 1];
            ct->items[j - 1] = ti;
            bool tb = ct->is_typedef[j];
            ct->is_typedef[j] = ct->is_typedef[j - 1];
            ct->is_typedef[j - 1] = tb;
            int to = ct->order[j];
            ct->order[j] = ct->order[j - 1];
            ct->order[j - 1] = to;
        }
}

static void slot_cat_type_items(jt_html *h, const void *arg)
{
    R *r = h->self;
    const cat_types *ct = arg;
    for (size_t i = 0; i < ct->n; i++) {
        if (ct->is_typedef[i]) {
            const jt_typedef *td = ct->items[i];
            RENDER(&r->h, "category_type_item", T("id", td->id), T("label", td->label));
        } else {
            const jt_constants *g = ct->items[i];
            RENDER(&r->h, "category_type_item", T("id", g->id), T("label", g->label));
        }
    }
}

static void slot_cat_types(jt_html *h, const void *arg)
{
    R *r = h->self;
    const cat_types *ct = arg;
    if (ct->n)
        RENDER(&r->h, "category_types", T("label", ct->cat->label), F("items", slot_cat_type_items, ct));
}

static void slot_cat_const_items(jt_html *h, const void *arg)
{
    R *r = h->self;
    const cat_types *ct = arg;
    for (size_t i = 0; i < ct->consts.n; i++) {
        const jt_constants *g = ct->consts.p[i];
        RENDER(&r->h, "category_constant_item", T("id", g->id), T("label", g->label));
    }
}

static void slot_cat_consts(jt_html *h, const void *arg)
{
    R *r = h->self;
    const cat_types *ct = arg;
    if (ct->consts.n)
        RENDER(&r->h, "category_constants", T("label", ct->cat->label), F("items", slot_cat_const_items, ct));
}

/* Intros and the category's own typedefs, in document order. */
static void slot_cat_intros(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_category *cat = arg;
    const jt_spec *s = r->s;
    size_t ii = 0;
    for (size_t ti = 0;; ti++) {
        while (ti < s->ntypedefs && !(s->typedefs[ti]->category == cat && !s->typedefs[ti]->owner))
            ti++;
        const jt_typedef *td = ti < s->ntypedefs ? s->typedefs[ti] : NULL;
        while (ii < cat->nintros && (!td || cat->intros[ii]->order < td->order))
            jt_hp_render_intro(r, cat->intros[ii++]);
        if (!td)
            break;
        jt_hp_render_typedef_section(r, td);
    }
}

/* Functions and callbacks, in document order. */
static void slot_cat_members(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_category *cat = arg;
    const jt_spec *s = r->s;
    size_t ci = 0;
    for (size_t fi = 0;; fi++) {
        while (fi < s->nfunctions && !(s->functions[fi]->category == cat && jt_hp_listed(s->functions[fi])))
            fi++;
        const jt_function *f = fi < s->nfunctions ? s->functions[fi] : NULL;
        for (; ci < s->ncallbacks; ci++) {
            const jt_callback *c = s->callbacks[ci];
            if (c->category != cat || c->elided)
                continue;
            if (f && c->order > f->order)
                break;
            render_callback(r, c);
        }
        if (!f)
            break;
        render_function(r, f);
    }
}

static void render_category(R *r, const jt_category *cat)
{
    cat_types ct = { cat, NULL, NULL, NULL, 0, { 0 } };
    collect_cat_types(r, cat, &ct);
    RENDER(&r->h, "category", T("id", cat->id), T("label", L(r, cat->id, cat->label)), F("functions", slot_category_functions, cat),
           F("callback_list", slot_category_callbacks, cat), F("type_list", slot_cat_types, &ct),
           F("constant_list", slot_cat_consts, &ct), F("intros", slot_cat_intros, cat),
           F("members", slot_cat_members, cat));
    free(ct.items);
    free(ct.is_typedef);
    free(ct.order);
    free(ct.consts.p);
}

static void slot_category_index(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    for (size_t i = 0; i < r->s->ncategories; i++) {
        const jt_category *cat = r->s->categories[i];
        RENDER(&r->h, "category_index_item", T("id", cat->id), T("label", L(r, cat->id, cat->label)),
               F("functions", slot_category_functions, cat));
    }
}

static void slot_categories(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    for (size_t i = 0; i < r->s->ncategories; i++)
        render_category(r, r->s->categories[i]);
}

void jt_hp_slot_function_section(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    RENDER(&r->h, "function_section", T("label", jt_hp_function_label(r->s)), F("intros", jt_hp_slot_intros, "FunctionSection"),
           F("index", slot_category_index, NULL), F("categories", slot_categories, NULL));
}

/* ---- events -------------------------------------------------------------- */

static void slot_ev_phase(jt_html *h, const void *arg)
{
    R *r = h->self;
    jt_html_render_named(&r->h, "ev_phase_", jt_hp_phase_or_live(((const jt_event *)arg)->phase_attr), NULL, 0);
}

static void slot_ev_info(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_event *e = arg;
    char num[16];
    snprintf(num, sizeof num, "%d", e->num);
    RENDER(&r->h, "ev_info", F("phase", slot_ev_phase, e), T("const", e->const_name), T("num", num),
           T("since", e->since ? e->since : "1.0"));
}

static void slot_ev_badges(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_event *e = arg;
    badge_arg b = { jt_hp_phase_or_live(e->phase_attr), false, e->required, e->nrequired, e->optional, e->noptional,
                    e->since ? e->since : "1.0", NULL, "event", e->id };
    jt_hp_render_badges(r, &b);
}

static void slot_ev_capabilities(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_event *e = arg;
    caps_arg a = { e->required, e->nrequired, e->optional, e->noptional, "event" };
    jt_hp_render_capabilities(r, &a);
}

static void slot_ev_parameters(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_event *e = arg;
    params_arg a = { e->params, e->nparams, false };
    jt_hp_render_parameters(r, &a);
}

static void render_event(R *r, const jt_event *e)
{
    td_list tds = { e->typedefs, e->ntypedefs };
    sig_arg sig = { e->params, e->nparams };
    RENDER(&r->h, "event", T("id", e->id), T("label", e->label ? L(r, e->id, e->label) : e->id), F("badges", slot_ev_badges, e),
           F("typedefs_code", jt_hp_slot_typedefs_code, &tds), F("params", jt_hp_slot_params_sig, &sig),
           F("description", jt_hp_slot_description, e->description), F("info", slot_ev_info, e),
           F("typedefs", jt_hp_slot_typedefs_tables, &tds), F("capabilities", slot_ev_capabilities, e),
           F("parameters", slot_ev_parameters, e));
}

/* jvmtiEventCallbacks: one member per event number from the first event
 * on, "reserved" where no event has the number. */
static void slot_event_callbacks(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    if (s->min_event_num < 0)
        return;
    for (int n = s->min_event_num; n <= s->max_event_num; n++) {
        const jt_event *e = s->event_by_num[n - s->min_event_num];
        char num[16];
        snprintf(num, sizeof num, "%d", n);
        if (e)
            RENDER(&r->h, "event_slot", T("id", e->id));
        else
            RENDER(&r->h, "event_slot_reserved", T("num", num));
    }
}

static int by_event_label(const void *a, const void *b)
{
    const jt_event *x = *(const jt_event *const *)a, *y = *(const jt_event *const *)b;
    return jt_hp_name_cmp(x->label ? x->label : x->id, y->label ? y->label : y->id);
}

static void slot_event_index(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    const jt_event **evs = jt_hp_xcalloc(s->nevents, sizeof *evs);
    size_t n = 0;
    for (size_t i = 0; i < s->nevents; i++)
        if (!s->events[i]->elided)
            evs[n++] = s->events[i];
    jt_sort(evs, n, sizeof *evs, by_event_label);
    for (size_t i = 0; i < n; i++)
        RENDER(&r->h, "event_index_item", T("id", evs[i]->id),
               T("label", evs[i]->label ? L(r, evs[i]->id, evs[i]->label) : evs[i]->id));
    free(evs);
}

static void slot_events(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    for (size_t i = 0; i < r->s->nevents; i++)
        if (!r->s->events[i]->elided)
            render_event(r, r->s->events[i]);
}

void jt_hp_slot_event_section(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    RENDER(&r->h, "event_section", T("label", jt_hp_event_label(r->s)), F("intros", jt_hp_slot_intros, "EventSection"),
           F("callbacks", slot_event_callbacks, NULL),
           F("index", slot_event_index, NULL), F("events", slot_events, NULL));
}
