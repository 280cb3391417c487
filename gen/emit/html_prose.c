/* html_prose.c — the spec's prose (jt_doc trees) as the page's HTML: one
 * row per element in a table of renderers, links, outside URLs and the
 * lists the spec's prose asks for (phase lists, constants, intros).  Apart
 * from the page's sections because the translated tree (--translations)
 * goes through the same code. */
#include "emit/html_page.h"

/* ---- prose: jt_doc trees to HTML ----------------------------------------- */

void jt_hp_slot_doc(jt_html *h, const void *arg) { R *r = h->self; jt_hp_doc(r, arg); }

/* A description and the separator the published page puts after it. */
void jt_hp_slot_description(jt_html *h, const void *arg)
{
    R *r = h->self;
    jt_hp_doc(r, arg);
    RENDER0(&r->h, "sep");
}

typedef void (*elem_fn)(R *r, const jt_doc *d, const char *arg);

static void el_children(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    jt_hp_doc(r, d->children);
}

static void el_nothing(R *r, const jt_doc *d, const char *arg) { (void)r, (void)d, (void)arg; }

/* Block-level element rendered as the same HTML element. */
static void el_block(R *r, const jt_doc *d, const char *tag)
{
    fprintf(r->h.f, "<%s>", tag);
    jt_hp_doc(r, d->children);
    fprintf(r->h.f, "</%s>", tag);
}

/* Phrasing element: inside it a <p/> separator must not become a <div>. */
static void el_phrase(R *r, const jt_doc *d, const char *tag)
{
    fprintf(r->h.f, "<%s>", tag);
    r->phrasing++;
    jt_hp_doc(r, d->children);
    r->phrasing--;
    fprintf(r->h.f, "</%s>", tag);
}

/* ` NAME="VALUE"`, the value escaped; nothing when the spec gives none. */
static void put_attr(R *r, const char *name, const char *value)
{
    if (!value)
        return;
    fprintf(r->h.f, " %s=\"", name);
    esc(r, value);
    put(r, "\"");
}

/* Table parts keep their class= and scope= (the spec styles a few cells). */
static void el_cell(R *r, const jt_doc *d, const char *tag)
{
    fprintf(r->h.f, "<%s", tag);
    put_attr(r, "class", jt_doc_attr(d, "class"));
    put_attr(r, "scope", jt_doc_attr(d, "scope"));
    put_attr(r, "colspan", jt_doc_attr(d, "colspan"));
    put(r, ">");
    jt_hp_doc(r, d->children);
    fprintf(r->h.f, "</%s>", tag);
}

/* A <dl> needs a <dt>; the JDK 8 spec indents with <dl><dd> alone, which
 * becomes an indented block. */
static void el_dl(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    bool has_dt = false;
    for (const jt_doc *c = d->children; c && !has_dt; c = c->next)
        has_dt = c->name && strcmp(c->name, "dt") == 0;
    int saved = r->plain_dl;
    r->plain_dl = !has_dt;
    put(r, has_dt ? "<dl>" : "<div class=\"indent\">");
    jt_hp_doc(r, d->children);
    put(r, has_dt ? "</dl>" : "</div>");
    r->plain_dl = saved;
}

static void el_dd(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    int saved = r->plain_dl;
    bool plain = r->plain_dl;
    r->plain_dl = 0;
    put(r, plain ? "<div>" : "<dd>");
    jt_hp_doc(r, d->children);
    put(r, plain ? "</div>" : "</dd>");
    r->plain_dl = saved;
}

static void el_table(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    put(r, "<table class=\"spec\">");
    jt_hp_doc(r, d->children);
    put(r, "</table>");
}

static void el_list(R *r, const jt_doc *d, const char *tag)
{
    const char *type = jt_doc_attr(d, "type");
    fprintf(r->h.f, "<%s", tag);
    if (type && *type) {
        put(r, " style=\"list-style-type:");
        esc(r, type);
        put(r, "\"");
    }
    put(r, ">");
    jt_hp_doc(r, d->children);
    fprintf(r->h.f, "</%s>", tag);
}

static void el_p(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    if (r->phrasing)
        put(r, "<br>");
    else
        RENDER0(&r->h, "sep");
    jt_hp_doc(r, d->children);    /* <p> is empty in the spec; keep anything */
}

static void el_br(R *r, const jt_doc *d, const char *arg)
{
    (void)d, (void)arg;
    put(r, "<br>");
}

static void el_space(R *r, const jt_doc *d, const char *arg)
{
    (void)d, (void)arg;
    put(r, " ");
}

/* A block around the element's children: tm, example, rationale, ... */
static void el_template(R *r, const jt_doc *d, const char *block)
{
    RENDER(&r->h, block, F("body", jt_hp_slot_doc, d->children));
}

static void el_pre(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    put(r, "<pre>");
    jt_hp_doc(r, d->children);
    put(r, "</pre>");
}

static void link_href(R *r, const jt_doc *d)
{
    const char *id = jt_doc_attr(d, "id");
    if (!id)
        id = "";
    put(r, "#");
    if (strcmp(d->name, "paramlink") == 0 && d->target_kind == JT_T_PARAM) {
        jt_hp_put_anchor(r, jt_param_owner_id(d->target), id);
    } else if (strcmp(d->name, "fieldlink") == 0) {
        const char *st = jt_doc_attr(d, "struct");
        jt_hp_put_anchor(r, st, id);
    } else {
        esc(r, id);
    }
}

/* functionlink, eventlink, datalink, ...: the id in code when the element
 * is empty, else its content. */
static void el_link(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    /* A link the loader could not resolve (a warning) names no anchor of
     * the page: its text stays, without a link that leads nowhere. */
    bool live = d->target_kind != JT_T_NONE;
    if (live) {
        put(r, "<a href=\"");
        link_href(r, d);
        put(r, "\">");
    }
    r->phrasing++;
    if (jt_hp_doc_empty(d->children)) {
        put(r, "<code>");
        esc(r, jt_doc_attr(d, "id") ? jt_doc_attr(d, "id") : "");
        put(r, "</code>");
    } else {
        jt_hp_doc(r, d->children);
    }
    r->phrasing--;
    if (live)
        put(r, "</a>");
}

static void el_internallink(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    char buf[256];
    put(r, "<a href=\"#");
    esc(r, jt_hp_anchor_of(jt_doc_attr(d, "id") ? jt_doc_attr(d, "id") : "", buf, sizeof buf));
    put(r, "\">");
    r->phrasing++;
    jt_hp_doc(r, d->children);
    r->phrasing--;
    put(r, "</a>");
}

/* Relative links of the spec point into the JDK's docs/specs/ directory;
 * the page stands alone, so they become absolute. */
/* A URL from the spec, with the characters URLs may not hold as such
 * ("[]" in Javadoc anchors, spaces) percent-encoded. */
static void url(R *r, const char *u)
{
    char one[2] = { 0, 0 };
    for (const unsigned char *p = (const unsigned char *)u; *p; p++) {
        if (*p <= ' ' || *p >= 0x7f || strchr("[]{}|\\^`<>\"", *p)) {
            fprintf(r->h.f, "%%%02X", *p);
        } else {
            one[0] = (char)*p;
            esc(r, one);
        }
    }
}

/* The schemes a link of the spec (or of a translation) may use as such;
 * any other ("javascript:", "data:") is made a harmless relative path. */
static const char *const safe_schemes[] = { "http", "https", "ftp", "mailto" };

/* The scheme's length when u starts with SCHEME ":", else 0. */
static size_t scheme_len(const char *u)
{
    size_t n = 0;
    if (!isalpha((unsigned char)u[0]))
        return 0;
    while (isalnum((unsigned char)u[n]) || u[n] == '+' || u[n] == '-' || u[n] == '.')
        n++;
    return u[n] == ':' ? n : 0;
}

static bool safe_scheme(const char *u, size_t n)
{
    for (size_t i = 0; i < sizeof safe_schemes / sizeof *safe_schemes; i++)
        if (strlen(safe_schemes[i]) == n && strncasecmp(u, safe_schemes[i], n) == 0)
            return true;
    return false;
}

static void external_href(R *r, const char *id)
{
    size_t sl = scheme_len(id);
    if (sl && !safe_scheme(id, sl)) {
        put(r, "./");
        url(r, id);
        return;
    }
    if (strstr(id, "://") || id[0] == '#' || id[0] == '/' || sl) {
        url(r, id);
        return;
    }
    /* --doc-base= (empty): relative, as the spec wrote it, for a page that
     * sits in the specs/ directory of a JDK docs bundle */
    if (r->ctx->html.doc_base_set && !*r->ctx->html.doc_base) {
        url(r, id);
        return;
    }
    char base[1024];
    if (r->ctx->html.doc_base_set) {
        const char *b = r->ctx->html.doc_base;
        size_t bl = strlen(b);
        snprintf(base, sizeof base, "%s%s", b, bl && b[bl - 1] == '/' ? "" : "/");
    } else {
        snprintf(base, sizeof base, "https://docs.oracle.com/en/java/javase/%d/docs/specs/", r->jdk);
    }
    size_t len = strlen(base);
    while (strncmp(id, "../", 3) == 0 && len > 1) {
        id += 3;
        len--;                          /* drop the trailing '/' */
        while (len > 0 && base[len - 1] != '/')
            len--;
    }
    base[len] = '\0';
    url(r, base);
    url(r, id);
}

static void el_externallink(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    put(r, "<a href=\"");
    external_href(r, jt_doc_attr(d, "id") ? jt_doc_attr(d, "id") : "");
    put(r, "\">");
    jt_hp_doc_string(r, d->children);
    put(r, "</a>");
}

static void slot_vmspec_chapter(jt_html *h, const void *arg)
{
    R *r = h->self;
    RENDER(&r->h, "vmspec_chapter", T("chapter", arg));
}

static void el_vmspec(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    const char *ch = jt_doc_attr(d, "chapter");
    char href[200];
    int se = r->jdk;
    if (ch && *ch) {
        int major = atoi(ch);
        if (strchr(ch, '.'))
            snprintf(href, sizeof href, "https://docs.oracle.com/javase/specs/jvms/se%d/html/jvms-%d.html#jvms-%s",
                     se, major, ch);
        else
            snprintf(href, sizeof href, "https://docs.oracle.com/javase/specs/jvms/se%d/html/jvms-%d.html", se,
                     major);
        RENDER(&r->h, "vmspec", T("href", href), F("chapter", slot_vmspec_chapter, ch));
    } else {
        snprintf(href, sizeof href, "https://docs.oracle.com/javase/specs/jvms/se%d/html/index.html", se);
        RENDER(&r->h, "vmspec", T("href", href), T("chapter", ""));
    }
}

/* <vmspeclink id= name= preposition=> of the 2007-2011 specs: a named
 * section of the VM specification's second edition, whose pages (id is
 * "ClassFile.doc.html#14152") Oracle keeps under jvms/se5.0: "the <name>
 * <preposition> the JVMS", the name linked to that section. */
static void el_vmspeclink(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    const char *id = jt_doc_attr(d, "id");
    const char *name = jt_doc_attr(d, "name");
    const char *prep = jt_doc_attr(d, "preposition");
    char href[512];
    if (name && *name) {
        if (id && *id) {
            snprintf(href, sizeof href, "https://docs.oracle.com/javase/specs/jvms/se5.0/html/%s", id);
            put(r, "<a href=\"");
            esc(r, href);
            put(r, "\">");
            esc(r, name);
            put(r, "</a>");
        } else {
            esc(r, name);
        }
        put(r, " ");
        esc(r, prep && *prep ? prep : "of");
        put(r, " ");
    }
    snprintf(href, sizeof href, "https://docs.oracle.com/javase/specs/jvms/se%d/html/index.html", r->jdk);
    RENDER(&r->h, "vmspec", T("href", href), T("chapter", ""));
}

static void slot_function_phaselist(jt_html *h, const void *arg)
{
    R *r = h->self;
    const char *phase = arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        if (!f->elided && !f->hide && f->phase_attr && strcmp(f->phase_attr, phase) == 0)
            RENDER(&r->h, "phaselist_item", T("id", f->id));
    }
}

static void slot_event_phaselist(jt_html *h, const void *arg)
{
    R *r = h->self;
    const char *phase = arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nevents; i++) {
        const jt_event *e = s->events[i];
        if (!e->elided && e->phase_attr && strcmp(e->phase_attr, phase) == 0)
            RENDER(&r->h, "phaselist_item", T("id", e->id));
    }
}

/* <functionphaselist phase=...>: the functions usable in that phase. */
static void el_phaselist(R *r, const jt_doc *d, const char *which)
{
    const char *phase = jt_doc_attr(d, "phase");
    if (!phase)
        return;
    RENDER(&r->h, "phaselist", F("items", which[0] == 'f' ? slot_function_phaselist : slot_event_phaselist, phase));
}

static void el_constants(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    if (d->target)
        jt_hp_render_constants(r, d->target);
}

static void el_intro(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    if (d->target)
        jt_hp_render_intro(r, d->target);
    else
        jt_hp_doc(r, d->children);
}

static void el_jvmti(R *r, const jt_doc *d, const char *arg)
{
    (void)d, (void)arg;
    RENDER0(&r->h, "jvmti");
}

/* The markup of each prose element.  Anything not listed keeps only its
 * text, as the published page does. */
static const struct elem {
    const char *name;
    elem_fn fn;
    const char *arg;
} elems[] = {
    { "b", el_phrase, "b" },          { "i", el_phrase, "i" },
    { "code", el_phrase, "code" },    { "tt", el_phrase, "code" },
    { "em", el_phrase, "em" },        { "strong", el_phrase, "strong" },
    { "sup", el_phrase, "sup" },      { "sub", el_phrase, "sub" },
    { "small", el_phrase, "small" },  { "cite", el_phrase, "cite" },
    { "dfn", el_phrase, "dfn" },      { "var", el_phrase, "var" },
    { "kbd", el_phrase, "kbd" },      { "samp", el_phrase, "samp" },
    { "blockquote", el_block, "blockquote" },
    { "dl", el_dl, NULL },            { "dt", el_block, "dt" },
    { "dd", el_dd, NULL },         { "li", el_block, "li" },
    { "h2", el_block, "h4" },         { "h3", el_block, "h4" },
    { "h4", el_block, "h4" },
    { "ul", el_list, "ul" },          { "ol", el_list, "ol" },
    { "table", el_table, NULL },      { "tr", el_cell, "tr" },
    { "td", el_cell, "td" },          { "th", el_cell, "th" },
    { "p", el_p, NULL },              { "br", el_br, NULL },
    { "space", el_space, NULL },      { "jvmti", el_jvmti, NULL },
    { "pre", el_pre, NULL },
    { "tm", el_template, "tm" },      { "example", el_template, "example" },
    { "rationale", el_template, "rationale" },
    { "issue", el_template, "issue" },
    { "todo", el_template, "todo" },
    { "functionlink", el_link, NULL }, { "eventlink", el_link, NULL },
    { "errorlink", el_link, NULL },   { "typelink", el_link, NULL },
    { "datalink", el_link, NULL },    { "paramlink", el_link, NULL },
    { "fieldlink", el_link, NULL },
    { "internallink", el_internallink, NULL },
    { "externallink", el_externallink, NULL },
    { "vmspec", el_vmspec, NULL },     { "vmspeclink", el_vmspeclink, NULL },
    { "functionphaselist", el_phaselist, "f" },
    { "eventphaselist", el_phaselist, "e" },
    { "constants", el_constants, NULL },
    { "intro", el_intro, NULL },
    { "elide", el_nothing, NULL },    { "nullok", el_nothing, NULL },
};

static const struct elem *find_elem(const char *name)
{
    for (size_t i = 0; i < sizeof elems / sizeof elems[0]; i++)
        if (elems[i].name[0] == name[0] && strcmp(elems[i].name, name) == 0)
            return &elems[i];
    return NULL;
}

void jt_hp_doc(R *r, const jt_doc *d)
{
    /* a description --translations translates: its tree instead */
    if (r->prose)
        d = jt_prose_doc(r->prose, d);
    for (; d; d = d->next) {
        if (!d->name) {
            esc(r, d->text);
            continue;
        }
        const struct elem *e = find_elem(d->name);
        if (e)
            e->fn(r, d, e->arg);
        else
            el_children(r, d, NULL);
    }
}
