/* html_types.c — the page's intros, constants groups, types and typedefs:
 * the declarations and field tables of the data the functions and events
 * use.  One of the page's files (html_page.h; emit_html.c is the page). */
#include "emit/html_page.h"

/* ---- intros, constants ------------------------------------------------- */

void jt_hp_render_intro(R *r, const jt_intro *in)
{
    if (in->id && *in->id) {
        char buf[256];
        const char *id = jt_hp_anchor_of(in->id, buf, sizeof buf);
        if (in->label && *in->label)
            RENDER(&r->h, "intro_heading", T("id", id), T("label", L(r, in->id, in->label)));
        else
            RENDER(&r->h, "intro_anchor", T("id", id));
    }
    jt_hp_doc(r, in->body);
}

/* Whether an intro belongs to one part of the spec (parent id; NULL: the
 * top level; nested intros belong to the prose around them). */
bool jt_hp_intro_in(const jt_intro *in, const char *parent)
{
    if (!parent)
        return !in->parent_id && !in->nested;
    return in->parent_id && strcmp(in->parent_id, parent) == 0;
}

/* The intros of one part of the spec. */
void jt_hp_slot_intros(jt_html *h, const void *arg)
{
    R *r = h->self;
    for (size_t i = 0; i < r->s->nintros; i++)
        if (jt_hp_intro_in(r->s->intros[i], arg))
            jt_hp_render_intro(r, r->s->intros[i]);
}

static void slot_constant_rows(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_constants *g = arg;
    for (size_t i = 0; i < g->nconstants; i++) {
        const jt_constant *c = &g->constants[i];
        /* a value that is an expression of other constants reads left to right */
        bool number = c->num && (c->num[0] == '-' || (c->num[0] >= '0' && c->num[0] <= '9'));
        RENDER(&r->h, "constant_row", T("id", c->id), W("name", c->id), W("num", c->num),
               T("class", number ? "num" : "expr"), F("description", jt_hp_slot_doc, c->description));
    }
}

static void slot_enum_id(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_constants *g = arg;
    if (g->kind == JT_CK_ENUM)
        RENDER(&r->h, "constants_enum_id", T("id", g->id));
}

void jt_hp_render_constants(R *r, const jt_constants *g)
{
    RENDER(&r->h, "constants", T("id", g->id), T("label", L(r, g->id, g->label)), F("enum_id", slot_enum_id, g),
           F("rows", slot_constant_rows, g));
}

static void slot_enum_constants(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_constants *g = arg;
    for (size_t i = 0; i < g->nconstants; i++) {
        if (i)
            RENDER0(&r->h, "enum_separator");
        RENDER(&r->h, "enum_constant", T("id", g->constants[i].id), T("num", g->constants[i].num));
    }
}

void jt_hp_render_enum_code(R *r, const jt_constants *g)
{
    RENDER(&r->h, "enum_code", T("id", g->id), F("constants", slot_enum_constants, g));
}

/* ---- types ------------------------------------------------------------- */

/* A type as the Type column shows it: names of the data section linked. */
static void type_link(R *r, const jt_type *t)
{
    const struct jt_kind_info *ki = jt_kind_info(t->kind);
    if (ki->wrapper) {
        put(r, ki->c_prefix);
        type_link(r, t->inner);
        put(r, ki->c_suffix);
        return;
    }
    switch (t->kind) {
    case JT_ENUM:
    case JT_STRUCT:
        put(r, "<a href=\"#");
        esc(r, t->name);
        put(r, "\">");
        esc(r, t->name);
        put(r, "</a>");
        return;
    case JT_CHAR:
    case JT_UCHAR:
    case JT_SIZE_T:
    case JT_VOID:
        put(r, ki->c_name);
        return;
    case JT_VARARGS:
        put(r, "...");
        return;
    default:
        /* JNI and JVMTI base types: their row in the data section (jframeID
         * is a jint depth) */
        fprintf(r->h.f, "<a href=\"#%s\">%s</a>", ki->c_name, ki->c_name);
        return;
    }
}

void jt_hp_slot_type_link(jt_html *h, const void *arg) { R *r = h->self; type_link(r, arg); }

void jt_hp_slot_c_type(jt_html *h, const void *arg)
{
    R *r = h->self;
    char buf[256];
    esc(r, jt_c_type(arg, buf, sizeof buf));
}

/* ", T name" per parameter (implied jclass params left out), each comma
 * followed by SEP: the published page's declaration layout. */
static void put_params_sig(R *r, const jt_param *ps, size_t n, const char *sep, bool lead)
{
    char buf[256];
    if (lead && n)
        put(r, sep);
    for (size_t i = 0; i < n; i++) {
        if (ps[i].implicit)
            continue;
        esc(r, jt_c_type(ps[i].type, buf, sizeof buf));
        put(r, " ");
        esc(r, ps[i].id);
        if (i + 1 < n)
            put(r, sep);
    }
}

void jt_hp_slot_params_sig(jt_html *h, const void *arg)
{
    R *r = h->self;
    const sig_arg *a = arg;
    put_params_sig(r, a->ps, a->n, ",\n            ", true);
}

void jt_hp_slot_params_slot(jt_html *h, const void *arg)
{
    R *r = h->self;
    const sig_arg *a = arg;
    put_params_sig(r, a->ps, a->n, ",\n                       ", true);
}

void jt_hp_slot_params_callback(jt_html *h, const void *arg)
{
    R *r = h->self;
    const sig_arg *a = arg;
    put_params_sig(r, a->ps, a->n, ",\n     ", false);
}

/* ---- typedefs ---------------------------------------------------------- */

static void slot_struct_fields(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_typedef *td = arg;
    char buf[256];
    for (size_t i = 0; i < td->nfields; i++)
        RENDER(&r->h, "struct_field", T("type", jt_c_type(td->fields[i].type, buf, sizeof buf)),
               T("id", td->fields[i].id));
}

static void slot_capability_fields(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->ncapabilities; i++)
        RENDER(&r->h, "capability_field", T("id", s->capabilities[i].id));
    /* the published declaration pads to 16-bit groups, then to 128 bits */
    size_t n = s->ncapabilities;
    char bits[16];
    if (n % 16) {
        snprintf(bits, sizeof bits, "%zu", 16 - n % 16);
        RENDER(&r->h, "capability_pad", T("bits", bits));
    }
    for (size_t limit = 32; limit <= 112; limit += 16)
        if (n <= limit)
            RENDER(&r->h, "capability_pad", T("bits", "16"));
}

static void render_typedef_code(R *r, const jt_typedef *td)
{
    if (td->kind == JT_TD_CAPABILITIES)
        RENDER(&r->h, "capabilities_code", T("id", td->id), F("fields", slot_capability_fields, td));
    else
        RENDER(&r->h, "struct_code", T("keyword", td->kind == JT_TD_UNION ? "union" : "struct"), T("id", td->id),
               F("fields", slot_struct_fields, td));
}

static void slot_field_rows(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_typedef *td = arg;
    for (size_t i = 0; i < td->nfields; i++) {
        const jt_param *p = &td->fields[i];
        char anchor[256];
        snprintf(anchor, sizeof anchor, "%s.%s", td->id, p->id);
        RENDER(&r->h, "field_row", T("anchor", anchor), W("id", p->id), F("type", jt_hp_slot_type_link, p->type),
               F("description", jt_hp_slot_doc, p->description));
    }
}

static void slot_capability_name(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_capability *c = arg;
    if (c->disp1 && *c->disp1)
        RENDER(&r->h, "capability_name2", T("disp1", c->disp1), T("disp2", c->disp2 ? c->disp2 : ""));
    else
        esc(r, c->id);
}

static void slot_capability_rows(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_typedef *td = arg;
    for (size_t i = 0; i < r->s->ncapabilities; i++) {
        const jt_capability *c = &r->s->capabilities[i];
        RENDER(&r->h, "capability_row", F("name", slot_capability_name, c), T("typedef", td->id), T("id", c->id),
               F("description", jt_hp_slot_doc, c->description), T("since", c->since), F("changed", jt_hp_slot_cap_changed, c->id));
    }
}

/* The field table; ID_ON_TABLE when the table itself is the anchor (a
 * typedef declared by a function or event). */
static void render_typedef_table(R *r, const jt_typedef *td, bool id_on_table)
{
    if (td->kind == JT_TD_CAPABILITIES) {
        RENDER(&r->h, "capability_table", T("id", td->id), T("label", td->label),
               F("rows", slot_capability_rows, td));
        return;
    }
    char idattr[200] = "";
    if (id_on_table)
        snprintf(idattr, sizeof idattr, " id=\"%s\"", td->id);
    RENDER(&r->h, "fields", H("idattr", idattr), T("id", td->id), T("label", td->label),
           F("rows", slot_field_rows, td));
}

static void slot_typedef_code(jt_html *h, const void *arg) { R *r = h->self; render_typedef_code(r, arg); }

static void slot_typedef_table(jt_html *h, const void *arg) { R *r = h->self; render_typedef_table(r, arg, false); }

/* A typedef a category declares: heading, prose, declaration, fields. */
void jt_hp_render_typedef_section(R *r, const jt_typedef *td)
{
    RENDER(&r->h, "typedef_section", T("id", td->id), T("label", L(r, td->id, td->label)),
           F("description", jt_hp_slot_description, td->description), F("code", slot_typedef_code, td),
           F("table", slot_typedef_table, td));
}

void jt_hp_slot_typedefs_code(jt_html *h, const void *arg)
{
    R *r = h->self;
    const td_list *l = arg;
    for (size_t i = 0; i < l->n; i++)
        if (l->p[i]->kind == JT_TD_STRUCT)
            render_typedef_code(r, l->p[i]);
}

void jt_hp_slot_typedefs_tables(jt_html *h, const void *arg)
{
    R *r = h->self;
    const td_list *l = arg;
    for (size_t i = 0; i < l->n; i++)
        if (l->p[i]->kind == JT_TD_STRUCT)
            render_typedef_table(r, l->p[i], true);
}
