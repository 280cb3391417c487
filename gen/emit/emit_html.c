/* emit_html.c — jvmti.html: the specification as one self-contained page.
 *
 * Design:
 * - The page's markup lives in templates/jvmti.html.tmpl (+ style.css,
 *   search.js) as small named blocks: the skeleton, each section, each
 *   table, and the fixed sentences the published page derives from the
 *   spec's structure ("Agent passes a pointer to a ...").  This file picks
 *   which block to render and fills its {{slots}} from the model; templates
 *   have no conditionals or loops (glad's way, STYLE.md), so they stay plain
 *   HTML a designer can edit and all decisions stay in testable C.
 * - Why our own tiny engine (template.c) rather than libxslt or a template
 *   library: the model is C structs, not XML (emitters never see the tree),
 *   and a block compiled once into literal/slot segments writes the 1.6 MB
 *   page with fwrite() in a few ms (target: the whole run under 100 ms).
 * - Templates are compiled into the binary (scripts/embed-templates.sh), so
 *   an installed jvmtigen needs no data files and cannot pick up a stale
 *   copy; JVMTIGEN_TEMPLATES=DIR reads them from DIR instead, for template
 *   work without rebuilding.
 * - Content and anchors follow the published page (OpenJDK's jvmti.xsl
 *   output) section by section, so every anchor it defines exists here and
 *   its text can be compared word for word (tests/html/html.sh).  What is ours
 *   alone (badge rows, the search box) carries data-extra.  Spec prose
 *   reaches the page only from the model's jt_doc trees.
 * - Spec issues and to-dos are in the page but hidden (the published page
 *   leaves them out); a checkbox in the sidebar shows them.
 * - --html-plain (ctx->html.plain) drops every addition of ours (legend,
 *   badges, check ids and their reference section, search); the spec's own
 *   copyright footer (html_legal.c) is in both modes.  --doc-base moves or
 *   drops the base of the spec's relative links into the JDK docs.
 * - Translations (gen/i18n/): the page's own words are messages of the
 *   templates, translated when the template is compiled (--lang); the
 *   spec's prose is swapped for its translated tree where jt_hp_doc()
 *   starts on a description --translations translates, and labels go
 *   through L().
 *   Both come from PO files at run time; nothing translated is stored.
 * - The search index is written by html_search.c; under `jvmtigen site`
 *   (ctx->html.site, see site.h) the page also gets a version switcher and
 *   "changed in" badges.
 * - The page is several files, one job each, sharing html_page.h: this
 *   file (the page and its sections),
 *   html_prose.c (prose trees), html_types.c (intros, constants, types),
 *   html_params.c (parameters, errors, capabilities, badges),
 *   html_members.c (functions, categories, events), html_versions.c (the
 *   site's version switcher, "changed in") and html_page_util.c;
 *   filling template blocks is html_render.c's, shared with emit_site.c.
 */
#include "emit/html_page.h"

int jt_emit_html(const jt_emit_ctx *ctx);   /* until emit.h declares it */

#define TEMPLATE_FILE "jvmti.html.tmpl"

/* ---- the error section ------------------------------------------------- */

static void slot_error_entries(jt_html *h, const void *arg)
{
    R *r = h->self;
    const char *cat = arg;
    for (size_t i = 0; i < r->s->nerrors; i++) {
        const jt_error *e = r->s->errors[i];
        if (strcmp(e->category_id, cat) != 0)
            continue;
        char num[16];
        snprintf(num, sizeof num, "%d", e->num);
        RENDER(&r->h, "error_entry", T("id", e->id), T("num", num), F("description", jt_hp_slot_description, e->description));
    }
}

static void slot_error_categories(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nerrors; i++) {
        const jt_error *e = s->errors[i];
        if (i && strcmp(s->errors[i - 1]->category_id, e->category_id) == 0)
            continue;
        RENDER(&r->h, "error_category", T("id", e->category_id), T("label", e->category_label),
               F("intros", jt_hp_slot_intros, e->category_id), F("errors", slot_error_entries, e->category_id));
    }
}

static void slot_error_section(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    RENDER(&r->h, "error_section", F("intros", jt_hp_slot_intros, "ErrorSection"),
           F("categories", slot_error_categories, NULL));
}

/* ---- the data section -------------------------------------------------- */

static void slot_basetype_definition(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_basetype *b = arg;
    if (b->definition)
        RENDER(&r->h, "basetype_definition", T("text", b->definition));
}

/* Base types come last among the anchors: in the JDK 8 spec the basetype
 * jvmtiEventCallbacks shares its id with an intro, which keeps it. */
static bool anchor_taken(const R *r, const char *id)
{
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nintros; i++)
        if (s->intros[i]->id && strcmp(s->intros[i]->id, id) == 0)
            return true;
    return jt_find_function(s, id) || jt_find_event(s, id) || jt_find_typedef(s, id) ||
           jt_find_callback(s, id) || jt_find_constants(s, id) || jt_find_constant(s, id);
}

static void slot_basetype_rows(jt_html *h, const void *arg)
{
    R *r = h->self;
    const char *group = arg;
    for (size_t i = 0; i < r->s->nbasetypes; i++) {
        const jt_basetype *b = r->s->basetypes[i];
        if (strcmp(b->group_id, group) != 0)
            continue;
        const char *anchor = b->name ? b->name : b->id;
        char idattr[200] = "";
        if (!anchor_taken(r, anchor))
            snprintf(idattr, sizeof idattr, " id=\"%s\"", anchor);
        RENDER(&r->h, "basetype_row", T("id", b->id), H("idattr", idattr), F("description", jt_hp_slot_doc, b->description),
               F("definition", slot_basetype_definition, b));
    }
}

static void slot_basetypes(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nbasetypes; i++) {
        const jt_basetype *b = s->basetypes[i];
        if (i && strcmp(s->basetypes[i - 1]->group_id, b->group_id) == 0)
            continue;
        RENDER(&r->h, "basetypes", T("id", b->group_id), T("label", b->group_label),
               F("rows", slot_basetype_rows, b->group_id));
    }
}

static int by_typedef_id(const void *a, const void *b)
{
    return jt_hp_name_cmp((*(const jt_typedef *const *)a)->id, (*(const jt_typedef *const *)b)->id);
}

static int by_callback_id(const void *a, const void *b)
{
    return jt_hp_name_cmp((*(const jt_callback *const *)a)->id, (*(const jt_callback *const *)b)->id);
}

static int by_constants_id(const void *a, const void *b)
{
    return jt_hp_name_cmp((*(const jt_constants *const *)a)->id, (*(const jt_constants *const *)b)->id);
}

static void slot_struct_index(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    const jt_typedef **v = jt_hp_xcalloc(s->ntypedefs, sizeof *v);
    jt_copy(v, s->typedefs, s->ntypedefs * sizeof *v);
    jt_sort(v, s->ntypedefs, sizeof *v, by_typedef_id);
    for (size_t i = 0; i < s->ntypedefs; i++)
        RENDER(&r->h, "type_index_row", T("id", v[i]->id), T("label", v[i]->label));
    free(v);
}

static void slot_callback_index(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    const jt_callback **v = jt_hp_xcalloc(s->ncallbacks, sizeof *v);
    jt_copy(v, s->callbacks, s->ncallbacks * sizeof *v);
    jt_sort(v, s->ncallbacks, sizeof *v, by_callback_id);
    for (size_t i = 0; i < s->ncallbacks; i++)
        RENDER(&r->h, "type_index_row", T("id", v[i]->id), T("label", v[i]->synopsis ? v[i]->synopsis : ""));
    free(v);
}

static void slot_enum_index(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    const jt_constants **v = jt_hp_xcalloc(s->nconstants, sizeof *v);
    size_t n = 0;
    for (size_t i = 0; i < s->nconstants; i++)
        if (s->constants[i]->kind == JT_CK_ENUM)
            v[n++] = s->constants[i];
    jt_sort(v, n, sizeof *v, by_constants_id);
    for (size_t i = 0; i < n; i++)
        RENDER(&r->h, "type_index_row", T("id", v[i]->id), T("label", v[i]->label));
    free(v);
}

/* The function table: every slot from 1 to the last, reserved or not. */
static void slot_function_slots(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    for (int n = 1; n <= s->max_function_num; n++) {
        const jt_function *f = s->function_by_num[n];
        char num[16];
        snprintf(num, sizeof num, "%d", n);
        if (f && !f->hide) {
            sig_arg sig = { f->params, f->nparams };
            RENDER(&r->h, "slot_function", T("num", num), T("id", f->id), T("synopsis", f->synopsis ? f->synopsis : ""),
                   F("ret", jt_hp_slot_fn_ret, f), T("env", s->iface.env), F("params", jt_hp_slot_params_slot, &sig));
        } else {
            RENDER(&r->h, "slot_reserved", T("num", num));
        }
    }
}

static void slot_data_section(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    RENDER(&r->h, "data_section", F("intros", jt_hp_slot_intros, "DataSection"), F("basetypes", slot_basetypes, NULL),
           F("structs", slot_struct_index, NULL), F("callbacks", slot_callback_index, NULL),
           F("enums", slot_enum_index, NULL), F("slots", slot_function_slots, NULL));
}

/* ---- constant index, issues, change history ---------------------------- */

static int by_constant_id(const void *a, const void *b)
{
    return jt_hp_name_cmp((*(const jt_constant *const *)a)->id, (*(const jt_constant *const *)b)->id);
}

static void slot_constant_index_items(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    size_t n = 0;
    for (size_t i = 0; i < s->nconstants; i++)
        n += s->constants[i]->nconstants;
    const jt_constant **v = jt_hp_xcalloc(n, sizeof *v);
    n = 0;
    for (size_t i = 0; i < s->nconstants; i++)
        for (size_t j = 0; j < s->constants[i]->nconstants; j++)
            v[n++] = &s->constants[i]->constants[j];
    jt_sort(v, n, sizeof *v, by_constant_id);
    for (size_t i = 0; i < n; i++)
        RENDER(&r->h, "constant_index_item", T("id", v[i]->id));
    free(v);
}

static void slot_constant_index(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    RENDER(&r->h, "constant_index", F("constants", slot_constant_index_items, NULL));
}

static void slot_issues_section(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    RENDER(&r->h, "issues_section", T("label", jt_hp_issues_label(r->s)), F("intros", jt_hp_slot_intros, "IssuesSection"));
}

static void slot_change_version(jt_html *h, const void *arg)
{
    R *r = h->self;
    const jt_change *c = arg;
    if (c->version)
        RENDER(&r->h, "change_version", T("version", c->version));
}

static void slot_changes(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    for (size_t i = 0; i < r->s->nchanges; i++) {
        const jt_change *c = &r->s->changes[i];
        RENDER(&r->h, "change_row", F("version", slot_change_version, c), T("date", c->date),
               F("body", jt_hp_slot_doc, c->body));
    }
}

static void slot_change_history(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    /* the published page shows the last change's version */
    const char *last = s->nchanges && s->changes[s->nchanges - 1].version ? s->changes[s->nchanges - 1].version : "";
    RENDER(&r->h, "change_history", T("update", s->changehistory_update ? s->changehistory_update : ""),
           T("version", last), F("intros", jt_hp_slot_intros, "ChangeHistory"), F("changes", slot_changes, NULL));
}

static void slot_intro_section(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    RENDER(&r->h, "intro_section", F("intros", jt_hp_slot_intros, NULL));
}

/* ---- table of contents ---------------------------------------------------- */

static void toc_intros(R *r, const char *parent)
{
    for (size_t i = 0; i < r->s->nintros; i++) {
        const jt_intro *in = r->s->intros[i];
        if (!in->id || !*in->id)
            continue;
        if (jt_hp_intro_in(in, parent)) {
            char buf[256];
            RENDER(&r->h, "toc_item", T("id", jt_hp_anchor_of(in->id, buf, sizeof buf)),
                   T("label", in->label ? L(r, in->id, in->label) : in->id));
        }
    }
}

static void slot_toc_intros(jt_html *h, const void *arg) { R *r = h->self; toc_intros(r, arg); }

static void slot_toc_categories(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    for (size_t i = 0; i < r->s->ncategories; i++)
        RENDER(&r->h, "toc_item", T("id", r->s->categories[i]->id),
               T("label", L(r, r->s->categories[i]->id, r->s->categories[i]->label)));
}

static void slot_toc_basetypes(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nbasetypes; i++)
        if (!i || strcmp(s->basetypes[i - 1]->group_id, s->basetypes[i]->group_id) != 0)
            RENDER(&r->h, "toc_item", T("id", s->basetypes[i]->group_id), T("label", s->basetypes[i]->group_label));
}

static void slot_toc(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    RENDER(&r->h, "toc", T("function_label", jt_hp_function_label(r->s)), T("event_label", jt_hp_event_label(r->s)),
           T("issues_label", jt_hp_issues_label(r->s)), F("intro_items", slot_toc_intros, NULL),
           F("function_intro_items", slot_toc_intros, "FunctionSection"),
           F("category_items", slot_toc_categories, NULL), F("basetype_items", slot_toc_basetypes, NULL),
           F("issue_items", slot_toc_intros, "IssuesSection"));
}

/* ---- search index: html_search.c ------------------------------------------- */

static void slot_search_index(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    jt_html_search_index(r->h.f, r->s, r->prose);
}

/* The search box and its script with the index: ours alone (not plain). */
static void slot_search_box(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    if (!r->plain)
        RENDER0(&r->h, "search_box");
}

static void slot_search_script(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    if (!r->plain)
        RENDER(&r->h, "search_script", F("search_index", slot_search_index, NULL));
}

/* ---- legend, checks reference, legal footer ------------------------------ */

/* Not plain: one line saying what on the page is ours, and at the end what
 * each jvmticheck check id means. */
static void slot_legend(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    if (!r->plain)
        RENDER0(&r->h, "legend");
}

static void slot_checks_section(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    if (!r->plain)
        RENDER0(&r->h, "checks_section");
}

static void slot_licence(jt_html *h, const void *arg)
{
    R *r = h->self;
    RENDER(&r->h, "licence", T("text", arg), T("file", jt_basename(r->s->path)));
}

/* Text with its line breaks kept as <br>. */
static void slot_lines(jt_html *h, const void *arg)
{
    R *r = h->self;
    const char *s = arg;
    for (const char *nl; (nl = strchr(s, '\n')) != NULL; s = nl + 1) {
        char line[1024];
        size_t n = (size_t)(nl - s) < sizeof line - 1 ? (size_t)(nl - s) : sizeof line - 1;
        memcpy(line, s, n);
        line[n] = '\0';
        esc(r, line);
        put(r, "<br>\n");
    }
    esc(r, s);
}

/* The spec's own copyright and licence: the <copyright> element where the
 * spec has one (JDK 11, 12), else the first paragraph of its leading
 * comment; the rest of that comment is the licence. */
static void slot_legal_footer(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    jt_legal l;
    if (jt_legal_split(r->s->copyright, &l) != 0) {
        jt_diag(JT_DIAG_ERROR, r->s->path, 0, "out of memory");
        r->h.failed = 1;
        return;
    }
    const jt_doc *notice = r->s->copyright_notice;
    bool from_comment = jt_hp_doc_empty(notice);
    if (!from_comment || *l.notice || *l.licence)
        RENDER(&r->h, "legal_footer",
               F("notice", from_comment ? slot_lines : jt_hp_slot_doc, from_comment ? (const void *)l.notice : notice),
               F("licence", *l.licence ? slot_licence : jt_hp_slot_nothing, l.licence));
    jt_legal_free(&l);
}

/* ---- the page ----------------------------------------------------------- */

static void slot_title(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    jt_hp_doc(r, r->s->title);
}

static void render_page(R *r)
{
    const jt_spec *s = r->s;
    char version[48], basic[32];
    jt_version_text(version, sizeof version, r->ctx->major, r->ctx->minor, r->ctx->micro);
    snprintf(basic, sizeof basic, "%d.%d", r->ctx->major, r->ctx->minor);
    char lang[40] = "en";
    if (r->ctx->html.ui)
        jt_lang_tag(jt_catalog_lang(r->ctx->html.ui), lang, sizeof lang);
    RENDER(&r->h, "page", T("lang", lang), T("title_text", s->label ? s->label : "JVM(TM) Tool Interface"),
           T("version", version),
           T("spec_file", jt_basename(s->path)), F("title", slot_title, NULL),
           T("subtitle", s->title_subtitle ? s->title_subtitle : "Version"), T("basic_version", basic),
           F("toc", slot_toc, NULL), F("intro_section", slot_intro_section, NULL),
           F("function_section", jt_hp_slot_function_section, NULL), F("error_section", slot_error_section, NULL),
           F("data_section", slot_data_section, NULL), F("event_section", jt_hp_slot_event_section, NULL),
           F("constant_index", slot_constant_index, NULL), F("issues_section", slot_issues_section, NULL),
           F("change_history", slot_change_history, NULL), F("search_box", slot_search_box, NULL),
           F("search_script", slot_search_script, NULL), F("legend", slot_legend, NULL),
           F("checks_section", slot_checks_section, NULL), F("legal_footer", slot_legal_footer, NULL),
           F("versions", jt_hp_slot_versions, NULL));
}

int jt_emit_html(const jt_emit_ctx *ctx)
{
    R r = { 0 };
    r.ctx = ctx;
    r.s = ctx->spec;
    /* outside links go to the docs of the JDK the spec belongs to; the JDK
     * 8 spec numbers itself 1.2 */
    r.jdk = jt_jdk_release(ctx->major);
    /* our additions (badges, check ids, the checks reference) describe
     * libjvmticheck: a spec of another interface gets the spec alone */
    r.plain = ctx->html.plain || ctx->spec->iface.declared;
    r.prose = ctx->html.prose;
    r.h.self = &r;
    r.h.tpl_file = "templates/" TEMPLATE_FILE;
    r.h.t = jt_tpl_load_lang(TEMPLATE_FILE, ctx->html.ui);
    if (!r.h.t)
        return -1;

    char name[128];
    r.h.o = jt_out_open(ctx->outdir, jt_output_name(ctx->spec, ".html", name, sizeof name));
    int rc = -1;
    if (r.h.o) {
        r.h.f = jt_out_file(r.h.o);
        render_page(&r);
        if (r.h.failed)
            jt_out_abort(r.h.o);
        else
            rc = jt_out_commit(r.h.o);
    }
    jt_tpl_free(r.h.t);
    return rc;
}
