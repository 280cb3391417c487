/* html_params.c — what the page says about one function or event beside
 * its prose: parameters (the kind sentences, what the caller frees, the
 * checks jvmticheck applies), errors, capabilities and badges.  One of the
 * page's files (html_page.h; emit_html.c is the page). */
#include "emit/html_page.h"

/* ---- parameters ---------------------------------------------------------- */

typedef struct param_ctx {
    const jt_param *p;
    const char *owner;          /* function/event/callback id */
    const jt_type *t;           /* the type level being described */
    bool plural;                /* "the objects ... are" (arrays) */
} param_ctx;

static void slot_param_id(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    esc(r, c->p->id);
}

static void slot_nullok_text(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_type *t = arg;
    jt_hp_doc(r, t->nullok_doc);
}

static void slot_nullok(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    if (c->t->nullok)
        RENDER(&r->h, "kind_nullok", F("param", slot_param_id, c), F("text", slot_nullok_text, c->t));
}

static void slot_inner_c_type(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    jt_hp_slot_c_type(&r->h, c->t->inner);
}

static void field_returns(R *r, const jt_typedef *td, bool plural, int depth);

/* What the caller must do with what an out-parameter returns: manage
 * local references, free arrays (published: "returndescription"). */
static void slot_returns(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    const jt_type *inner = c->t->inner;
    switch (inner->kind) {
    case JT_JCLASS:
    case JT_JTHREAD:
    case JT_JOBJECT:
    case JT_JVALUE:
    case JT_JTHREADGROUP:
        RENDER(&r->h, c->plural ? "returns_objects" : "returns_object", T("param", c->p->id));
        break;
    case JT_STRUCT:
        if (inner->ref.kind == JT_T_TYPEDEF)
            field_returns(r, inner->ref.ptr, c->plural, 0);
        break;
    default:
        break;
    }
}

typedef struct field_ctx {
    const jt_typedef *td;
    const jt_param *field;
    bool plural;
    int depth;
} field_ctx;

static void field_type_returns(R *r, const field_ctx *fc, const jt_type *t);

static void field_returns(R *r, const jt_typedef *td, bool plural, int depth)
{
    if (depth > 8)      /* structs do not nest this deep; stop a cycle */
        return;
    for (size_t i = 0; i < td->nfields; i++) {
        field_ctx fc = { td, &td->fields[i], plural, depth };
        field_type_returns(r, &fc, td->fields[i].type);
    }
}

static void field_type_returns(R *r, const field_ctx *fc, const jt_type *t)
{
    switch (t->kind) {
    case JT_ALLOCFIELDBUF:
        RENDER(&r->h, fc->plural ? "returns_field_arrays" : "returns_field_array", T("field", fc->field->id),
               T("struct", fc->td->id));
        {
            field_ctx inner = *fc;
            inner.plural = true;
            field_type_returns(r, &inner, t->inner);
        }
        break;
    case JT_STRUCT:
        if (t->ref.kind == JT_T_TYPEDEF)
            field_returns(r, t->ref.ptr, fc->plural, fc->depth + 1);
        break;
    case JT_JCLASS:
    case JT_JTHREAD:
    case JT_JOBJECT:
    case JT_JVALUE:
    case JT_JTHREADGROUP:
        RENDER(&r->h, fc->plural ? "returns_field_objects" : "returns_field_object", T("field", fc->field->id),
               T("struct", fc->td->id));
        break;
    default:
        break;
    }
}

static void slot_inptr_to(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    if (c->t->inner->kind != JT_VOID)
        RENDER(&r->h, "kind_inptr_to", F("type", slot_inner_c_type, c));
}

static void slot_inbuf_count(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    if (c->t->incount && *c->t->incount)
        RENDER(&r->h, "kind_inbuf_count", T("incount", c->t->incount));
}

static void slot_alloc_size(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    if (c->t->outcount && *c->t->outcount)
        RENDER(&r->h, "kind_size_out", T("count", c->t->outcount));
    else if (c->t->incount && *c->t->incount)
        RENDER(&r->h, "kind_size_in", T("count", c->t->incount));
}

static void slot_outbuf_hold(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    if (c->t->incount && *c->t->incount)
        RENDER(&r->h, "kind_outbuf_hold", T("incount", c->t->incount));
}

static void slot_outbuf_set(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    if (c->t->outcount && *c->t->outcount)
        RENDER(&r->h, "kind_outbuf_set", T("outcount", c->t->outcount));
}

/* The sentence a function parameter's kind implies, after its prose. */
static void slot_kind_sentence(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    param_ctx plural = *c;
    plural.plural = true;
    switch (c->t->kind) {
    case JT_PTRTYPE:
        RENDER(&r->h, "kind_ptrtype", F("nullok", slot_nullok, c));
        break;
    case JT_INPTR:
        RENDER(&r->h, "kind_inptr", F("to", slot_inptr_to, c), F("nullok", slot_nullok, c));
        break;
    case JT_INBUF:
        if (c->t->inner->kind == JT_VOID)
            RENDER(&r->h, "kind_inbuf_void", F("nullok", slot_nullok, c));
        else
            RENDER(&r->h, "kind_inbuf", F("count", slot_inbuf_count, c), F("type", slot_inner_c_type, c),
                   F("nullok", slot_nullok, c));
        break;
    case JT_OUTPTR:
        RENDER(&r->h, "kind_outptr", F("type", slot_inner_c_type, c), F("nullok", slot_nullok, c),
               F("returns", slot_returns, c));
        break;
    case JT_ALLOCBUF:
        RENDER(&r->h, "kind_allocbuf", F("type", slot_inner_c_type, c), F("size", slot_alloc_size, c),
               F("nullok", slot_nullok, c), F("returns", slot_returns, &plural));
        break;
    case JT_ALLOCALLOCBUF:
        RENDER(&r->h, "kind_allocallocbuf", F("type", slot_inner_c_type, c), F("size", slot_alloc_size, c),
               F("nullok", slot_nullok, c), F("returns", slot_returns, &plural));
        break;
    case JT_OUTBUF:
        RENDER(&r->h, "kind_outbuf", F("hold", slot_outbuf_hold, c), F("type", slot_inner_c_type, c),
               F("set", slot_outbuf_set, c), F("nullok", slot_nullok, c), F("returns", slot_returns, &plural));
        break;
    case JT_AGENTBUF:
        RENDER(&r->h, "kind_agentbuf", F("nullok", slot_nullok, c), F("returns", slot_returns, &plural));
        break;
    default:
        break;
    }
}

static void slot_kind(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    if (jt_kind_info(c->t->kind)->wrapper) {
        RENDER(&r->h, "kind_text", F("text", slot_kind_sentence, c));
    } else if (c->t->kind == JT_JTHREAD && c->t->thread_null) {
        RENDER(&r->h, "kind_thread_null", F("param", slot_param_id, c));
    }
}

/* The kind slot of non-functions writes nothing. */
void jt_hp_slot_nothing(jt_html *h, const void *arg) { R *r = h->self; (void)r, (void)arg; }

void jt_hp_slot_check_items(jt_html *h, const void *arg)
{
    R *r = h->self;
    const checks_arg *c = arg;
    for (int i = 0; i < c->n; i++)
        RENDER(&r->h, c->cs[i].error ? "check_id" : "check_id_report", T("id", c->cs[i].id),
               T("error", c->cs[i].error ? c->cs[i].error : ""));
}

static void slot_param_checks(jt_html *h, const void *arg)
{
    R *r = h->self;
    if (r->plain)
        return;
    checks_arg c;
    c.n = jt_param_checks(r->s, arg, c.cs);
    if (c.n)
        RENDER(&r->h, "param_checks", F("items", jt_hp_slot_check_items, &c));
}

static void slot_param_rows(jt_html *h, const void *arg)
{
    R *r = h->self;
    const params_arg *a = arg;
    for (size_t i = 0; i < a->n; i++) {
        const jt_param *p = &a->ps[i];
        if (p->implicit)
            continue;
        const char *owner = jt_param_owner_id(p);
        char anchor[256];
        snprintf(anchor, sizeof anchor, "%s.%s", owner, p->id);
        param_ctx c = { p, owner, p->type, false };
        RENDER(&r->h, "param_row", T("anchor", anchor), W("id", p->id), F("type", jt_hp_slot_type_link, p->type),
               F("description", jt_hp_slot_doc, p->description), F("kind", a->function ? slot_kind : jt_hp_slot_nothing, &c),
               F("checks", a->function ? slot_param_checks : jt_hp_slot_nothing, p));
    }
}

void jt_hp_render_parameters(R *r, const params_arg *a)
{
    if (!a->n)
        RENDER0(&r->h, "parameters_none");
    else
        RENDER(&r->h, "parameters", F("rows", slot_param_rows, a));
}

/* ---- errors of a function ---------------------------------------------- */

static void slot_param_link(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    char anchor[256];
    snprintf(anchor, sizeof anchor, "%s.%s", c->owner, c->p->id);
    RENDER(&r->h, "param_link", T("anchor", anchor), T("id", c->p->id));
}

static void slot_enum_name(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    esc(r, c->t->name);
}

static void slot_min(jt_html *h, const void *arg)
{
    R *r = h->self;
    const param_ctx *c = arg;
    esc(r, c->t->min);
}

/* A slot whose value is another block with its own values. */
typedef struct block_call {
    const char *block;
    const jt_html_var *v;
    size_t n;
} block_call;

static void slot_block(jt_html *h, const void *arg)
{
    R *r = h->self;
    const block_call *b = arg;
    jt_html_render(&r->h, b->block, b->v, b->n);
}

/* The error rows a parameter's kind implies (jt_implied_errors() decides
 * which; the template block "err_<role>" says why).  Rows are written when
 * WRITE; returns how many. */
static int param_errors(R *r, const jt_param *p, bool write)
{
    const jt_type *t = p->type;
    param_ctx c = { p, jt_param_owner_id(p), t, false };
    const jt_html_var v[] = { F("param", slot_param_link, &c), F("type", slot_enum_name, &c), F("min", slot_min, &c) };
    jt_implied_error all[2], errs[2];
    int k = jt_implied_errors(p, all), n = 0;
    /* the implied errors are JVMTI's: a spec of another interface that
     * defines none of them lists its own errors instead */
    for (int i = 0; i < k; i++)
        if (jt_find_error(r->s, all[i].error))
            errs[n++] = all[i];
    for (int i = 0; write && i < n; i++) {
        char block[64];
        snprintf(block, sizeof block, "err_%s", errs[i].role);
        block_call bc = { block, v, sizeof v / sizeof *v };
        RENDER(&r->h, "error_row", T("id", errs[i].error), W("name", errs[i].error), F("description", slot_block, &bc));
    }
    return n;
}

static void slot_cap_error(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_cap_use *u = arg;
    RENDER(&r->h, "error_capability", T("cap", u->id));
}

static void slot_error_rows(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_function *f = arg;
    for (size_t i = 0; i < f->nrequired; i++)
        RENDER(&r->h, "error_row", T("id", "JVMTI_ERROR_MUST_POSSESS_CAPABILITY"), W("name", "JVMTI_ERROR_MUST_POSSESS_CAPABILITY"),
               F("description", slot_cap_error, &f->required[i]));
    for (size_t i = 0; i < f->nerrors; i++)
        RENDER(&r->h, "error_row", T("id", f->errors[i].id), W("name", f->errors[i].id), F("description", jt_hp_slot_doc, f->errors[i].description));
    for (size_t i = 0; i < f->nparams; i++)
        param_errors(r, &f->params[i], true);
}

void jt_hp_render_function_errors(R *r, const jt_function *f)
{
    int n = (int)(f->nrequired + f->nerrors);
    for (size_t i = 0; i < f->nparams && !n; i++)
        n += param_errors(r, &f->params[i], false);
    if (n)
        RENDER(&r->h, "errors", F("rows", slot_error_rows, f));
    else
        RENDER0(&r->h, "errors_universal");
}

/* ---- capabilities of a function or event ------------------------------- */

static void slot_cap_effect(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_cap_use *u = arg;
    if (!jt_hp_doc_empty(u->description))
        jt_hp_doc(r, u->description);
    else if (u->cap)
        jt_hp_doc(r, u->cap->description);
}

static void slot_caps_summary(jt_html *h, const void *arg)
{
    R *r = h->self;
    const caps_arg *a = arg;
    if (!a->nreq)
        RENDER0(&r->h, "caps_required_only");
    else
        RENDER(&r->h, a->nreq == 1 ? "caps_optional_one" : "caps_optional_many", T("what", a->what));
}

static void slot_caps_rows(jt_html *h, const void *arg)
{
    R *r = h->self;
    const caps_arg *a = arg;
    if (a->nreq) {
        RENDER0(&r->h, "caps_head");
        for (size_t i = 0; i < a->nreq; i++)
            RENDER(&r->h, "cap_row", T("id", a->req[i].id), W("name", a->req[i].id), F("effect", slot_cap_effect, &a->req[i]));
    }
    if (a->nopt) {
        RENDER0(&r->h, "caps_optional_head");
        if (!a->nreq)
            RENDER0(&r->h, "caps_head");
        for (size_t i = 0; i < a->nopt; i++)
            RENDER(&r->h, "cap_row", T("id", a->opt[i].id), W("name", a->opt[i].id), F("effect", slot_cap_effect, &a->opt[i]));
    }
}

void jt_hp_render_capabilities(R *r, const caps_arg *a)
{
    if (!a->nreq && !a->nopt)
        RENDER0(&r->h, "capabilities_none");
    else
        RENDER(&r->h, "capabilities", F("summary", slot_caps_summary, a), F("rows", slot_caps_rows, a));
}

static bool event_requires(const jt_event *e, const char *cap)
{
    for (size_t i = 0; i < e->nrequired; i++)
        if (strcmp(e->required[i].id, cap) == 0)
            return true;
    return false;
}

static void slot_cap_events(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_capability *c = arg;
    for (size_t i = 0; i < r->s->nevents; i++)    /* elided events have no entry */
        if (!r->s->events[i]->elided && event_requires(r->s->events[i], c->id))
            RENDER(&r->h, "event_capability_event", T("id", r->s->events[i]->id));
}

/* <eventcapabilities/>: which capability enables which events. */
void jt_hp_slot_event_cap_rows(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    for (size_t i = 0; i < r->s->ncapabilities; i++) {
        const jt_capability *c = &r->s->capabilities[i];
        bool any = false;
        for (size_t j = 0; j < r->s->nevents && !any; j++)
            any = !r->s->events[j]->elided && event_requires(r->s->events[j], c->id);
        if (any)
            RENDER(&r->h, "event_capability_row", T("id", c->id), W("name", c->id), F("events", slot_cap_events, c));
    }
}

/* ---- badges ------------------------------------------------------------- */

const char *jt_hp_phase_or_live(const char *attr) { return attr ? attr : "live"; }

static void slot_badge_phase_text(jt_html *h, const void *arg)
{
    R *r = h->self;
    jt_html_render_named(&r->h, "badge_phase_", arg, NULL, 0);
}

static void slot_badges(jt_html *h, const void *arg)
{
    R *r = h->self;
    const badge_arg *b = arg;
    char cls[64], since[64];
    snprintf(cls, sizeof cls, "phase phase-%s", b->phase);
    RENDER(&r->h, "badge", T("class", cls), T("title", "Phase"), F("text", slot_badge_phase_text, b->phase));
    if (b->callbacksafe)
        RENDER(&r->h, "badge", T("class", "cbsafe"), T("title", "May be called from heap callbacks and GC events"),
               T("text", "callback safe"));
    for (size_t i = 0; i < b->nreq; i++)
        RENDER(&r->h, "badge_cap", T("id", b->req[i].id));
    for (size_t i = 0; i < b->nopt; i++)
        RENDER(&r->h, "badge_cap_optional", T("id", b->opt[i].id));
    snprintf(since, sizeof since, "since %s", b->since);
    RENDER(&r->h, "badge", T("class", "since"), T("title", "Version that added it"), T("text", since));
    if (b->position)
        RENDER(&r->h, "badge", T("class", "slot"), T("title", "Position in the function table"), T("text", b->position));
    if (b->kind)
        jt_hp_changed_in(r, b->kind, b->id, "badge_changed_in");
}

void jt_hp_render_badges(R *r, const badge_arg *b)
{
    if (r->plain)
        return;
    RENDER(&r->h, "badges", F("items", slot_badges, b));
}
