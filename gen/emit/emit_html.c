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
 *   spec's prose is swapped for its translated tree where doc() starts on a
 *   description --translations translates, and labels go through L().
 *   Both come from PO files at run time; nothing translated is stored.
 * - The search index is written by html_search.c; under `jvmtigen site`
 *   (ctx->html.site, see site.h) the page also gets a version switcher and
 *   "changed in" badges.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/array.h"
#include "model/checks.h"
#include "model/ctype.h"
#include "util/diag.h"
#include "emit/emit.h"
#include "model/model.h"
#include "util/outfile.h"
#include "emit/template.h"
#include "emit/html_legal.h"
#include "emit/html_search.h"
#include "emit/site.h"
#include "i18n/catalog.h"
#include "i18n/lang.h"
#include "i18n/prose.h"

int jt_emit_html(const jt_emit_ctx *ctx);   /* until emit.h declares it */

#define TEMPLATE_FILE "jvmti.html.tmpl"

/* ---- state ------------------------------------------------------------- */

typedef struct R R;
struct R {
    const jt_emit_ctx *ctx;
    const jt_spec *s;
    jt_out *o;
    FILE *f;
    jt_tpl *t;
    int failed;                 /* a template error was reported */
    int phrasing;               /* phrasing elements open around the cursor */
    int plain_dl;               /* inside a <dl> without <dt> */
    int jdk;                    /* JDK feature release for outside links */
    bool plain;                 /* --html-plain: none of our additions */
    const jt_prose *prose;      /* --translations: the spec's prose translated */
};

/* A label or synopsis of the spec (ctx: its element's anchor), translated
 * when --translations has it. */
static const char *L(const R *r, const char *ctx, const char *english)
{
    return r->prose && ctx ? jt_prose_label(r->prose, ctx, english) : english;
}

/* ---- output ------------------------------------------------------------ */

static void put(R *r, const char *s) { fputs(s, r->f); }
static void putn(R *r, const char *s, size_t n) { fwrite(s, 1, n, r->f); }

/* Text as HTML: & < > " escaped, everything else (UTF-8) as is. */
static void esc(R *r, const char *s)
{
    const char *run = s;
    for (; *s; s++) {
        const char *rep;
        switch (*s) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = "&quot;"; break;
        default: continue;
        }
        putn(r, run, (size_t)(s - run));
        put(r, rep);
        run = s + 1;
    }
    putn(r, run, (size_t)(s - run));
}

/* An identifier in a table cell: escaped, with <wbr> after each "_" that
 * has a letter or digit on both sides, so that a long constant name breaks
 * between its words rather than overflowing (or, on a phone, breaking
 * between letters).  <wbr> adds no character: the text, find-in-page and
 * copy-paste see the identifier whole. */
static void slot_ident(R *r, const void *arg);

static bool ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static void slot_ident(R *r, const void *arg)
{
    const char *s = arg ? arg : "";
    const char *run = s;
    for (const char *p = s; *p; p++) {
        if (*p == '_' && p > s && ident_char(p[-1]) && ident_char(p[1])) {
            char part[256];
            size_t n = (size_t)(p + 1 - run);
            if (n >= sizeof part)
                n = sizeof part - 1;
            memcpy(part, run, n);
            part[n] = '\0';
            esc(r, part);
            put(r, "<wbr>");
            run = p + 1;
        }
    }
    esc(r, run);
}

/* ---- rendering blocks -------------------------------------------------- */

/* One slot's value: text (escaped, or raw HTML) or a function that writes
 * it.  Call sites list the values a block needs: RENDER(r, "block", ...). */
typedef void (*slot_fn)(R *r, const void *arg);
typedef struct var {
    const char *name;
    const char *text;
    slot_fn fn;
    const void *arg;
    int raw;
} var;
#define T(n, s) { (n), (s), NULL, NULL, 0 }
#define H(n, s) { (n), (s), NULL, NULL, 1 }
#define F(n, f, a) { (n), NULL, (f), (a), 0 }
/* An identifier that may break after each "_" (see slot_ident). */
#define W(n, s) { (n), NULL, slot_ident, (s), 0 }

typedef struct fill_ctx {
    R *r;
    const var *v;
    size_t n;
} fill_ctx;

static bool fill(void *arg, const char *slot, jt_out *o)
{
    (void)o;
    fill_ctx *c = arg;
    for (size_t i = 0; i < c->n; i++) {
        const var *v = &c->v[i];
        if (!v->name || strcmp(v->name, slot) != 0)
            continue;
        if (v->fn)
            v->fn(c->r, v->arg);
        else if (v->raw)
            put(c->r, v->text ? v->text : "");
        else
            esc(c->r, v->text ? v->text : "");
        return true;
    }
    return false;
}

static void render(R *r, const char *block, const var *v, size_t n)
{
    if (r->failed)      /* one template error is reported once, not per use */
        return;
    const jt_tpl_block *b = jt_tpl_find(r->t, block);
    if (!b) {
        jt_diag(JT_DIAG_ERROR, "templates/" TEMPLATE_FILE, 0, "no block %s (the emitter needs it)", block);
        r->failed = 1;
        return;
    }
    fill_ctx c = { r, v, n };
    if (jt_tpl_render(b, r->o, fill, &c) != 0)
        r->failed = 1;
}

#define RENDER(r, block, ...)                                                \
    do {                                                                     \
        const var v_[] = { __VA_ARGS__ };                                    \
        render((r), (block), v_, sizeof v_ / sizeof v_[0]);                  \
    } while (0)
#define RENDER0(r, block) render((r), (block), NULL, 0)

/* ---- jvmtigen site: version switcher, "changed in" ------------------------ */

static const char *site_label(R *r, int i)
{
    return r->ctx->html.site->labels[i];
}

static void slot_version_items(R *r, const void *arg)
{
    (void)arg;
    const jt_site_info *site = r->ctx->html.site;
    for (int i = 0; i < site->nversions; i++) {
        char href[256];
        snprintf(href, sizeof href, "../%s/jvmti.html", site_label(r, i));
        RENDER(r, i == site->current ? "version_current" : "version_item", T("href", href),
               T("label", site_label(r, i)));
    }
}

static void slot_versions(R *r, const void *arg)
{
    (void)arg;
    if (r->ctx->html.site)
        RENDER(r, "version_switcher", F("items", slot_version_items, NULL));
}

/* "changed in V" for each version up to this page's whose diff with the
 * version before changed KIND ID (once per version). */
static void changed_in(R *r, const char *kind, const char *id, const char *block)
{
    const jt_site_info *site = r->ctx->html.site;
    if (!site)
        return;
    int last = -1;
    for (size_t i = 0; i < site->nchanges; i++) {
        const jt_site_change *c = &site->changes[i];
        if (c->version > site->current || c->version == last || strcmp(c->kind, kind) != 0 ||
            strcmp(c->name, id) != 0)
            continue;
        last = c->version;
        char href[512], file[256];
        jt_site_changes_file(site, c->version, file, sizeof file);
        snprintf(href, sizeof href, "../%s#%s-%s", file, kind, id);
        RENDER(r, block, T("href", href), T("label", site_label(r, c->version)));
    }
}

static void slot_cap_changed(R *r, const void *arg)
{
    changed_in(r, "capability", arg, "cap_changed_in");
}


/* A block named prefix + suffix ("fn_phase_" + "live"). */
static void render_named(R *r, const char *prefix, const char *suffix, const var *v, size_t n)
{
    char name[96];
    snprintf(name, sizeof name, "%s%s", prefix, suffix);
    render(r, name, v, n);
}

/* ---- small helpers ----------------------------------------------------- */

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz);
    if (!p)
        jt_fatal("out of memory");
    return p;
}

/* A growable array of pointers. */
typedef struct ptrs {
    const void **p;
    size_t n, cap;
} ptrs;

static void ptrs_push(ptrs *a, const void *x)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->p = realloc(a->p, a->cap * sizeof *a->p);
        if (!a->p)
            jt_fatal("out of memory");
    }
    a->p[a->n++] = x;
}

static void ptrs_sort(ptrs *a, int (*cmp)(const void *, const void *))
{
    if (a->n > 1)
        jt_sort(a->p, a->n, sizeof *a->p, cmp);
}

/* Names compared the way the published page sorts them (a collator:
 * case-blind, so "_" sorts before letters). */
static int name_cmp(const char *a, const char *b)
{
    for (;; a++, b++) {
        int ca = (*a >= 'A' && *a <= 'Z') ? *a + 32 : (unsigned char)*a;
        int cb = (*b >= 'A' && *b <= 'Z') ? *b + 32 : (unsigned char)*b;
        if (ca != cb || !ca)
            return ca - cb;
    }
}

static const char *basename_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* An id usable as an HTML anchor: the JDK 8 spec has an intro with id
 * "entry point", and HTML ids hold no whitespace. */
static const char *anchor_of(const char *id, char *buf, size_t n)
{
    if (!strpbrk(id, " \t\n\r"))
        return id;
    snprintf(buf, n, "%s", id);
    for (char *p = buf; *p; p++)
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            *p = '_';
    return buf;
}

/* True when the element's string value is "" (no text at all; whitespace
 * counts as text), the test the published page uses to decide whether a
 * link shows its id. */
static bool doc_empty(const jt_doc *d)
{
    for (; d; d = d->next) {
        if (!d->name) {
            if (d->text && *d->text)
                return false;
        } else if (!doc_empty(d->children)) {
            return false;
        }
    }
    return true;
}

/* Concatenated text nodes (XPath string value): <jvmti/> gives "". */
static void doc_string(R *r, const jt_doc *d)
{
    for (; d; d = d->next) {
        if (!d->name)
            esc(r, d->text);
        else
            doc_string(r, d->children);
    }
}

/* Document order (the model's `order`) of constants groups. */
static int by_constants_order(const void *a, const void *b)
{
    const jt_constants *x = *(const jt_constants *const *)a, *y = *(const jt_constants *const *)b;
    return (x->order > y->order) - (x->order < y->order);
}

/* ---- anchors of parameters and fields ---------------------------------- */

static void put_anchor(R *r, const char *owner_id, const char *id)
{
    if (owner_id) {
        esc(r, owner_id);
        put(r, ".");
    }
    esc(r, id);
}

/* ---- prose: jt_doc trees to HTML ----------------------------------------- */

static void doc(R *r, const jt_doc *d);
static void render_intro(R *r, const jt_intro *in);
static void render_constants(R *r, const jt_constants *g);

static void slot_doc(R *r, const void *arg) { doc(r, arg); }

/* A description and the separator the published page puts after it. */
static void slot_description(R *r, const void *arg)
{
    doc(r, arg);
    RENDER0(r, "sep");
}

typedef void (*elem_fn)(R *r, const jt_doc *d, const char *arg);

static void el_children(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    doc(r, d->children);
}

static void el_nothing(R *r, const jt_doc *d, const char *arg) { (void)r, (void)d, (void)arg; }

/* Block-level element rendered as the same HTML element. */
static void el_block(R *r, const jt_doc *d, const char *tag)
{
    fprintf(r->f, "<%s>", tag);
    doc(r, d->children);
    fprintf(r->f, "</%s>", tag);
}

/* Phrasing element: inside it a <p/> separator must not become a <div>. */
static void el_phrase(R *r, const jt_doc *d, const char *tag)
{
    fprintf(r->f, "<%s>", tag);
    r->phrasing++;
    doc(r, d->children);
    r->phrasing--;
    fprintf(r->f, "</%s>", tag);
}

/* Table parts keep their class= and scope= (the spec styles a few cells). */
static void el_cell(R *r, const jt_doc *d, const char *tag)
{
    fprintf(r->f, "<%s", tag);
    const char *cls = jt_doc_attr(d, "class"), *scope = jt_doc_attr(d, "scope");
    const char *colspan = jt_doc_attr(d, "colspan");
    if (cls) {
        put(r, " class=\"");
        esc(r, cls);
        put(r, "\"");
    }
    if (scope) {
        put(r, " scope=\"");
        esc(r, scope);
        put(r, "\"");
    }
    if (colspan) {
        put(r, " colspan=\"");
        esc(r, colspan);
        put(r, "\"");
    }
    put(r, ">");
    doc(r, d->children);
    fprintf(r->f, "</%s>", tag);
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
    doc(r, d->children);
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
    doc(r, d->children);
    put(r, plain ? "</div>" : "</dd>");
    r->plain_dl = saved;
}

static void el_table(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    put(r, "<table class=\"spec\">");
    doc(r, d->children);
    put(r, "</table>");
}

static void el_list(R *r, const jt_doc *d, const char *tag)
{
    const char *type = jt_doc_attr(d, "type");
    fprintf(r->f, "<%s", tag);
    if (type && *type) {
        put(r, " style=\"list-style-type:");
        esc(r, type);
        put(r, "\"");
    }
    put(r, ">");
    doc(r, d->children);
    fprintf(r->f, "</%s>", tag);
}

static void el_p(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    if (r->phrasing)
        put(r, "<br>");
    else
        RENDER0(r, "sep");
    doc(r, d->children);    /* <p> is empty in the spec; keep anything */
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
    RENDER(r, block, F("body", slot_doc, d->children));
}

static void el_pre(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    put(r, "<pre>");
    doc(r, d->children);
    put(r, "</pre>");
}

static void link_href(R *r, const jt_doc *d)
{
    const char *id = jt_doc_attr(d, "id");
    if (!id)
        id = "";
    put(r, "#");
    if (strcmp(d->name, "paramlink") == 0 && d->target_kind == JT_T_PARAM) {
        put_anchor(r, jt_param_owner_id(d->target), id);
    } else if (strcmp(d->name, "fieldlink") == 0) {
        const char *st = jt_doc_attr(d, "struct");
        put_anchor(r, st, id);
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
    if (doc_empty(d->children)) {
        put(r, "<code>");
        esc(r, jt_doc_attr(d, "id") ? jt_doc_attr(d, "id") : "");
        put(r, "</code>");
    } else {
        doc(r, d->children);
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
    esc(r, anchor_of(jt_doc_attr(d, "id") ? jt_doc_attr(d, "id") : "", buf, sizeof buf));
    put(r, "\">");
    r->phrasing++;
    doc(r, d->children);
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
            fprintf(r->f, "%%%02X", *p);
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
    doc_string(r, d->children);
    put(r, "</a>");
}

static void slot_vmspec_chapter(R *r, const void *arg)
{
    RENDER(r, "vmspec_chapter", T("chapter", arg));
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
        RENDER(r, "vmspec", T("href", href), F("chapter", slot_vmspec_chapter, ch));
    } else {
        snprintf(href, sizeof href, "https://docs.oracle.com/javase/specs/jvms/se%d/html/index.html", se);
        RENDER(r, "vmspec", T("href", href), T("chapter", ""));
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
    RENDER(r, "vmspec", T("href", href), T("chapter", ""));
}

static void slot_function_phaselist(R *r, const void *arg)
{
    const char *phase = arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        if (!f->elided && !f->hide && f->phase_attr && strcmp(f->phase_attr, phase) == 0)
            RENDER(r, "phaselist_item", T("id", f->id));
    }
}

static void slot_event_phaselist(R *r, const void *arg)
{
    const char *phase = arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nevents; i++) {
        const jt_event *e = s->events[i];
        if (!e->elided && e->phase_attr && strcmp(e->phase_attr, phase) == 0)
            RENDER(r, "phaselist_item", T("id", e->id));
    }
}

/* <functionphaselist phase=...>: the functions usable in that phase. */
static void el_phaselist(R *r, const jt_doc *d, const char *which)
{
    const char *phase = jt_doc_attr(d, "phase");
    if (!phase)
        return;
    RENDER(r, "phaselist", F("items", which[0] == 'f' ? slot_function_phaselist : slot_event_phaselist, phase));
}

static void el_constants(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    if (d->target)
        render_constants(r, d->target);
}

static void el_intro(R *r, const jt_doc *d, const char *arg)
{
    (void)arg;
    if (d->target)
        render_intro(r, d->target);
    else
        doc(r, d->children);
}

static void el_jvmti(R *r, const jt_doc *d, const char *arg)
{
    (void)d, (void)arg;
    RENDER0(r, "jvmti");
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

static void doc(R *r, const jt_doc *d)
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

/* ---- intros, constants ------------------------------------------------- */

static void render_intro(R *r, const jt_intro *in)
{
    if (in->id && *in->id) {
        char buf[256];
        const char *id = anchor_of(in->id, buf, sizeof buf);
        if (in->label && *in->label)
            RENDER(r, "intro_heading", T("id", id), T("label", L(r, in->id, in->label)));
        else
            RENDER(r, "intro_anchor", T("id", id));
    }
    doc(r, in->body);
}

/* Whether an intro belongs to one part of the spec (parent id; NULL: the
 * top level; nested intros belong to the prose around them). */
static bool intro_in(const jt_intro *in, const char *parent)
{
    if (!parent)
        return !in->parent_id && !in->nested;
    return in->parent_id && strcmp(in->parent_id, parent) == 0;
}

/* The intros of one part of the spec. */
static void slot_intros(R *r, const void *arg)
{
    for (size_t i = 0; i < r->s->nintros; i++)
        if (intro_in(r->s->intros[i], arg))
            render_intro(r, r->s->intros[i]);
}

static void slot_constant_rows(R *r, const void *arg)
{
    const jt_constants *g = arg;
    for (size_t i = 0; i < g->nconstants; i++) {
        const jt_constant *c = &g->constants[i];
        /* a value that is an expression of other constants reads left to right */
        bool number = c->num && (c->num[0] == '-' || (c->num[0] >= '0' && c->num[0] <= '9'));
        RENDER(r, "constant_row", T("id", c->id), W("name", c->id), W("num", c->num),
               T("class", number ? "num" : "expr"), F("description", slot_doc, c->description));
    }
}

static void slot_enum_id(R *r, const void *arg)
{
    const jt_constants *g = arg;
    if (g->kind == JT_CK_ENUM)
        RENDER(r, "constants_enum_id", T("id", g->id));
}

static void render_constants(R *r, const jt_constants *g)
{
    RENDER(r, "constants", T("id", g->id), T("label", L(r, g->id, g->label)), F("enum_id", slot_enum_id, g),
           F("rows", slot_constant_rows, g));
}

static void slot_enum_constants(R *r, const void *arg)
{
    const jt_constants *g = arg;
    for (size_t i = 0; i < g->nconstants; i++) {
        if (i)
            RENDER0(r, "enum_separator");
        RENDER(r, "enum_constant", T("id", g->constants[i].id), T("num", g->constants[i].num));
    }
}

static void render_enum_code(R *r, const jt_constants *g)
{
    RENDER(r, "enum_code", T("id", g->id), F("constants", slot_enum_constants, g));
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
        fprintf(r->f, "<a href=\"#%s\">%s</a>", ki->c_name, ki->c_name);
        return;
    }
}

static void slot_type_link(R *r, const void *arg) { type_link(r, arg); }

static void slot_c_type(R *r, const void *arg)
{
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

typedef struct sig_arg {
    const jt_param *ps;
    size_t n;
} sig_arg;

static void slot_params_sig(R *r, const void *arg)
{
    const sig_arg *a = arg;
    put_params_sig(r, a->ps, a->n, ",\n            ", true);
}

static void slot_params_slot(R *r, const void *arg)
{
    const sig_arg *a = arg;
    put_params_sig(r, a->ps, a->n, ",\n                       ", true);
}

static void slot_params_callback(R *r, const void *arg)
{
    const sig_arg *a = arg;
    put_params_sig(r, a->ps, a->n, ",\n     ", false);
}

/* ---- typedefs ---------------------------------------------------------- */

static void slot_struct_fields(R *r, const void *arg)
{
    const jt_typedef *td = arg;
    char buf[256];
    for (size_t i = 0; i < td->nfields; i++)
        RENDER(r, "struct_field", T("type", jt_c_type(td->fields[i].type, buf, sizeof buf)),
               T("id", td->fields[i].id));
}

static void slot_capability_fields(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->ncapabilities; i++)
        RENDER(r, "capability_field", T("id", s->capabilities[i].id));
    /* the published declaration pads to 16-bit groups, then to 128 bits */
    size_t n = s->ncapabilities;
    char bits[16];
    if (n % 16) {
        snprintf(bits, sizeof bits, "%zu", 16 - n % 16);
        RENDER(r, "capability_pad", T("bits", bits));
    }
    for (size_t limit = 32; limit <= 112; limit += 16)
        if (n <= limit)
            RENDER(r, "capability_pad", T("bits", "16"));
}

static void render_typedef_code(R *r, const jt_typedef *td)
{
    if (td->kind == JT_TD_CAPABILITIES)
        RENDER(r, "capabilities_code", T("id", td->id), F("fields", slot_capability_fields, td));
    else
        RENDER(r, "struct_code", T("keyword", td->kind == JT_TD_UNION ? "union" : "struct"), T("id", td->id),
               F("fields", slot_struct_fields, td));
}

static void slot_field_rows(R *r, const void *arg)
{
    const jt_typedef *td = arg;
    for (size_t i = 0; i < td->nfields; i++) {
        const jt_param *p = &td->fields[i];
        char anchor[256];
        snprintf(anchor, sizeof anchor, "%s.%s", td->id, p->id);
        RENDER(r, "field_row", T("anchor", anchor), W("id", p->id), F("type", slot_type_link, p->type),
               F("description", slot_doc, p->description));
    }
}

static void slot_capability_name(R *r, const void *arg)
{
    const jt_capability *c = arg;
    if (c->disp1 && *c->disp1)
        RENDER(r, "capability_name2", T("disp1", c->disp1), T("disp2", c->disp2 ? c->disp2 : ""));
    else
        esc(r, c->id);
}

static void slot_capability_rows(R *r, const void *arg)
{
    const jt_typedef *td = arg;
    for (size_t i = 0; i < r->s->ncapabilities; i++) {
        const jt_capability *c = &r->s->capabilities[i];
        RENDER(r, "capability_row", F("name", slot_capability_name, c), T("typedef", td->id), T("id", c->id),
               F("description", slot_doc, c->description), T("since", c->since), F("changed", slot_cap_changed, c->id));
    }
}

/* The field table; ID_ON_TABLE when the table itself is the anchor (a
 * typedef declared by a function or event). */
static void render_typedef_table(R *r, const jt_typedef *td, bool id_on_table)
{
    if (td->kind == JT_TD_CAPABILITIES) {
        RENDER(r, "capability_table", T("id", td->id), T("label", td->label),
               F("rows", slot_capability_rows, td));
        return;
    }
    char idattr[200] = "";
    if (id_on_table)
        snprintf(idattr, sizeof idattr, " id=\"%s\"", td->id);
    RENDER(r, "fields", H("idattr", idattr), T("id", td->id), T("label", td->label),
           F("rows", slot_field_rows, td));
}

static void slot_typedef_code(R *r, const void *arg) { render_typedef_code(r, arg); }

static void slot_typedef_table(R *r, const void *arg) { render_typedef_table(r, arg, false); }

/* A typedef a category declares: heading, prose, declaration, fields. */
static void render_typedef_section(R *r, const jt_typedef *td)
{
    RENDER(r, "typedef_section", T("id", td->id), T("label", L(r, td->id, td->label)),
           F("description", slot_description, td->description), F("code", slot_typedef_code, td),
           F("table", slot_typedef_table, td));
}

/* Typedefs a function or event declares: declarations (structs only, as
 * published) and tables. */
typedef struct td_list {
    jt_typedef *const *p;
    size_t n;
} td_list;

static void slot_typedefs_code(R *r, const void *arg)
{
    const td_list *l = arg;
    for (size_t i = 0; i < l->n; i++)
        if (l->p[i]->kind == JT_TD_STRUCT)
            render_typedef_code(r, l->p[i]);
}

static void slot_typedefs_tables(R *r, const void *arg)
{
    const td_list *l = arg;
    for (size_t i = 0; i < l->n; i++)
        if (l->p[i]->kind == JT_TD_STRUCT)
            render_typedef_table(r, l->p[i], true);
}

/* ---- parameters ---------------------------------------------------------- */

typedef struct param_ctx {
    const jt_param *p;
    const char *owner;          /* function/event/callback id */
    const jt_type *t;           /* the type level being described */
    bool plural;                /* "the objects ... are" (arrays) */
} param_ctx;

static void slot_param_id(R *r, const void *arg)
{
    const param_ctx *c = arg;
    esc(r, c->p->id);
}

static void slot_nullok_text(R *r, const void *arg)
{
    const jt_type *t = arg;
    doc(r, t->nullok_doc);
}

static void slot_nullok(R *r, const void *arg)
{
    const param_ctx *c = arg;
    if (c->t->nullok)
        RENDER(r, "kind_nullok", F("param", slot_param_id, c), F("text", slot_nullok_text, c->t));
}

static void slot_inner_c_type(R *r, const void *arg)
{
    const param_ctx *c = arg;
    slot_c_type(r, c->t->inner);
}

static void field_returns(R *r, const jt_typedef *td, bool plural, int depth);

/* What the caller must do with what an out-parameter returns: manage
 * local references, free arrays (published: "returndescription"). */
static void slot_returns(R *r, const void *arg)
{
    const param_ctx *c = arg;
    const jt_type *inner = c->t->inner;
    switch (inner->kind) {
    case JT_JCLASS:
    case JT_JTHREAD:
    case JT_JOBJECT:
    case JT_JVALUE:
    case JT_JTHREADGROUP:
        RENDER(r, c->plural ? "returns_objects" : "returns_object", T("param", c->p->id));
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
        RENDER(r, fc->plural ? "returns_field_arrays" : "returns_field_array", T("field", fc->field->id),
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
        RENDER(r, fc->plural ? "returns_field_objects" : "returns_field_object", T("field", fc->field->id),
               T("struct", fc->td->id));
        break;
    default:
        break;
    }
}

static void slot_inptr_to(R *r, const void *arg)
{
    const param_ctx *c = arg;
    if (c->t->inner->kind != JT_VOID)
        RENDER(r, "kind_inptr_to", F("type", slot_inner_c_type, c));
}

static void slot_inbuf_count(R *r, const void *arg)
{
    const param_ctx *c = arg;
    if (c->t->incount && *c->t->incount)
        RENDER(r, "kind_inbuf_count", T("incount", c->t->incount));
}

static void slot_alloc_size(R *r, const void *arg)
{
    const param_ctx *c = arg;
    if (c->t->outcount && *c->t->outcount)
        RENDER(r, "kind_size_out", T("count", c->t->outcount));
    else if (c->t->incount && *c->t->incount)
        RENDER(r, "kind_size_in", T("count", c->t->incount));
}

static void slot_outbuf_hold(R *r, const void *arg)
{
    const param_ctx *c = arg;
    if (c->t->incount && *c->t->incount)
        RENDER(r, "kind_outbuf_hold", T("incount", c->t->incount));
}

static void slot_outbuf_set(R *r, const void *arg)
{
    const param_ctx *c = arg;
    if (c->t->outcount && *c->t->outcount)
        RENDER(r, "kind_outbuf_set", T("outcount", c->t->outcount));
}

/* The sentence a function parameter's kind implies, after its prose. */
static void slot_kind_sentence(R *r, const void *arg)
{
    const param_ctx *c = arg;
    param_ctx plural = *c;
    plural.plural = true;
    switch (c->t->kind) {
    case JT_PTRTYPE:
        RENDER(r, "kind_ptrtype", F("nullok", slot_nullok, c));
        break;
    case JT_INPTR:
        RENDER(r, "kind_inptr", F("to", slot_inptr_to, c), F("nullok", slot_nullok, c));
        break;
    case JT_INBUF:
        if (c->t->inner->kind == JT_VOID)
            RENDER(r, "kind_inbuf_void", F("nullok", slot_nullok, c));
        else
            RENDER(r, "kind_inbuf", F("count", slot_inbuf_count, c), F("type", slot_inner_c_type, c),
                   F("nullok", slot_nullok, c));
        break;
    case JT_OUTPTR:
        RENDER(r, "kind_outptr", F("type", slot_inner_c_type, c), F("nullok", slot_nullok, c),
               F("returns", slot_returns, c));
        break;
    case JT_ALLOCBUF:
        RENDER(r, "kind_allocbuf", F("type", slot_inner_c_type, c), F("size", slot_alloc_size, c),
               F("nullok", slot_nullok, c), F("returns", slot_returns, &plural));
        break;
    case JT_ALLOCALLOCBUF:
        RENDER(r, "kind_allocallocbuf", F("type", slot_inner_c_type, c), F("size", slot_alloc_size, c),
               F("nullok", slot_nullok, c), F("returns", slot_returns, &plural));
        break;
    case JT_OUTBUF:
        RENDER(r, "kind_outbuf", F("hold", slot_outbuf_hold, c), F("type", slot_inner_c_type, c),
               F("set", slot_outbuf_set, c), F("nullok", slot_nullok, c), F("returns", slot_returns, &plural));
        break;
    case JT_AGENTBUF:
        RENDER(r, "kind_agentbuf", F("nullok", slot_nullok, c), F("returns", slot_returns, &plural));
        break;
    default:
        break;
    }
}

static void slot_kind(R *r, const void *arg)
{
    const param_ctx *c = arg;
    if (jt_kind_info(c->t->kind)->wrapper) {
        RENDER(r, "kind_text", F("text", slot_kind_sentence, c));
    } else if (c->t->kind == JT_JTHREAD && c->t->thread_null) {
        RENDER(r, "kind_thread_null", F("param", slot_param_id, c));
    }
}

/* The kind slot of non-functions writes nothing. */
static void slot_nothing(R *r, const void *arg) { (void)r, (void)arg; }

typedef struct params_arg {
    const jt_param *ps;
    size_t n;
    bool function;              /* add the kind sentences (functions only) */
} params_arg;

/* The checks jvmticheck applies (checks.c decides, as for the wrapper). */
typedef struct checks_arg {
    jt_check cs[JT_MAX_CHECKS];
    int n;
} checks_arg;

static void slot_check_items(R *r, const void *arg)
{
    const checks_arg *c = arg;
    for (int i = 0; i < c->n; i++)
        RENDER(r, c->cs[i].error ? "check_id" : "check_id_report", T("id", c->cs[i].id),
               T("error", c->cs[i].error ? c->cs[i].error : ""));
}

static void slot_param_checks(R *r, const void *arg)
{
    if (r->plain)
        return;
    checks_arg c;
    c.n = jt_param_checks(r->s, arg, c.cs);
    if (c.n)
        RENDER(r, "param_checks", F("items", slot_check_items, &c));
}

static void slot_param_rows(R *r, const void *arg)
{
    const params_arg *a = arg;
    for (size_t i = 0; i < a->n; i++) {
        const jt_param *p = &a->ps[i];
        if (p->implicit)
            continue;
        const char *owner = jt_param_owner_id(p);
        char anchor[256];
        snprintf(anchor, sizeof anchor, "%s.%s", owner, p->id);
        param_ctx c = { p, owner, p->type, false };
        RENDER(r, "param_row", T("anchor", anchor), W("id", p->id), F("type", slot_type_link, p->type),
               F("description", slot_doc, p->description), F("kind", a->function ? slot_kind : slot_nothing, &c),
               F("checks", a->function ? slot_param_checks : slot_nothing, p));
    }
}

static void render_parameters(R *r, const params_arg *a)
{
    if (!a->n)
        RENDER0(r, "parameters_none");
    else
        RENDER(r, "parameters", F("rows", slot_param_rows, a));
}


/* ---- errors of a function ---------------------------------------------- */

static void slot_param_link(R *r, const void *arg)
{
    const param_ctx *c = arg;
    char anchor[256];
    snprintf(anchor, sizeof anchor, "%s.%s", c->owner, c->p->id);
    RENDER(r, "param_link", T("anchor", anchor), T("id", c->p->id));
}

static void slot_enum_name(R *r, const void *arg)
{
    const param_ctx *c = arg;
    esc(r, c->t->name);
}

static void slot_min(R *r, const void *arg)
{
    const param_ctx *c = arg;
    esc(r, c->t->min);
}


/* A slot whose value is another block with its own values. */
typedef struct block_call {
    const char *block;
    const var *v;
    size_t n;
} block_call;

static void slot_block(R *r, const void *arg)
{
    const block_call *b = arg;
    render(r, b->block, b->v, b->n);
}

/* The error rows a parameter's kind implies (jt_implied_errors() decides
 * which; the template block "err_<role>" says why).  Rows are written when
 * WRITE; returns how many. */
static int param_errors(R *r, const jt_param *p, bool write)
{
    const jt_type *t = p->type;
    param_ctx c = { p, jt_param_owner_id(p), t, false };
    const var v[] = { F("param", slot_param_link, &c), F("type", slot_enum_name, &c), F("min", slot_min, &c) };
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
        RENDER(r, "error_row", T("id", errs[i].error), W("name", errs[i].error), F("description", slot_block, &bc));
    }
    return n;
}

static void slot_cap_error(R *r, const void *arg)
{
    const jt_cap_use *u = arg;
    RENDER(r, "error_capability", T("cap", u->id));
}

static void slot_error_rows(R *r, const void *arg)
{
    const jt_function *f = arg;
    for (size_t i = 0; i < f->nrequired; i++)
        RENDER(r, "error_row", T("id", "JVMTI_ERROR_MUST_POSSESS_CAPABILITY"), W("name", "JVMTI_ERROR_MUST_POSSESS_CAPABILITY"),
               F("description", slot_cap_error, &f->required[i]));
    for (size_t i = 0; i < f->nerrors; i++)
        RENDER(r, "error_row", T("id", f->errors[i].id), W("name", f->errors[i].id), F("description", slot_doc, f->errors[i].description));
    for (size_t i = 0; i < f->nparams; i++)
        param_errors(r, &f->params[i], true);
}

static void render_function_errors(R *r, const jt_function *f)
{
    int n = (int)(f->nrequired + f->nerrors);
    for (size_t i = 0; i < f->nparams && !n; i++)
        n += param_errors(r, &f->params[i], false);
    if (n)
        RENDER(r, "errors", F("rows", slot_error_rows, f));
    else
        RENDER0(r, "errors_universal");
}

/* ---- capabilities of a function or event ------------------------------- */

static void slot_cap_effect(R *r, const void *arg)
{
    const jt_cap_use *u = arg;
    if (!doc_empty(u->description))
        doc(r, u->description);
    else if (u->cap)
        doc(r, u->cap->description);
}

typedef struct caps_arg {
    const jt_cap_use *req;
    size_t nreq;
    const jt_cap_use *opt;
    size_t nopt;
    const char *what;           /* "function" or "event" */
} caps_arg;

static void slot_caps_summary(R *r, const void *arg)
{
    const caps_arg *a = arg;
    if (!a->nreq)
        RENDER0(r, "caps_required_only");
    else
        RENDER(r, a->nreq == 1 ? "caps_optional_one" : "caps_optional_many", T("what", a->what));
}

static void slot_caps_rows(R *r, const void *arg)
{
    const caps_arg *a = arg;
    if (a->nreq) {
        RENDER0(r, "caps_head");
        for (size_t i = 0; i < a->nreq; i++)
            RENDER(r, "cap_row", T("id", a->req[i].id), W("name", a->req[i].id), F("effect", slot_cap_effect, &a->req[i]));
    }
    if (a->nopt) {
        RENDER0(r, "caps_optional_head");
        if (!a->nreq)
            RENDER0(r, "caps_head");
        for (size_t i = 0; i < a->nopt; i++)
            RENDER(r, "cap_row", T("id", a->opt[i].id), W("name", a->opt[i].id), F("effect", slot_cap_effect, &a->opt[i]));
    }
}

static void render_capabilities(R *r, const caps_arg *a)
{
    if (!a->nreq && !a->nopt)
        RENDER0(r, "capabilities_none");
    else
        RENDER(r, "capabilities", F("summary", slot_caps_summary, a), F("rows", slot_caps_rows, a));
}

static bool event_requires(const jt_event *e, const char *cap)
{
    for (size_t i = 0; i < e->nrequired; i++)
        if (strcmp(e->required[i].id, cap) == 0)
            return true;
    return false;
}

static void slot_cap_events(R *r, const void *arg)
{
    const jt_capability *c = arg;
    for (size_t i = 0; i < r->s->nevents; i++)    /* elided events have no entry */
        if (!r->s->events[i]->elided && event_requires(r->s->events[i], c->id))
            RENDER(r, "event_capability_event", T("id", r->s->events[i]->id));
}

/* <eventcapabilities/>: which capability enables which events. */
static void slot_event_cap_rows(R *r, const void *arg)
{
    (void)arg;
    for (size_t i = 0; i < r->s->ncapabilities; i++) {
        const jt_capability *c = &r->s->capabilities[i];
        bool any = false;
        for (size_t j = 0; j < r->s->nevents && !any; j++)
            any = !r->s->events[j]->elided && event_requires(r->s->events[j], c->id);
        if (any)
            RENDER(r, "event_capability_row", T("id", c->id), W("name", c->id), F("events", slot_cap_events, c));
    }
}

/* ---- badges ------------------------------------------------------------- */

static const char *phase_or_live(const char *attr) { return attr ? attr : "live"; }

typedef struct badge_arg {
    const char *phase;
    bool callbacksafe;
    const jt_cap_use *req;
    size_t nreq;
    const jt_cap_use *opt;
    size_t nopt;
    const char *since;
    const char *position;       /* function table slot, or NULL */
    const char *kind, *id;      /* for "changed in" badges on a site */
} badge_arg;

static void slot_badge_phase_text(R *r, const void *arg)
{
    render_named(r, "badge_phase_", arg, NULL, 0);
}

static void slot_badges(R *r, const void *arg)
{
    const badge_arg *b = arg;
    char cls[64], since[64];
    snprintf(cls, sizeof cls, "phase phase-%s", b->phase);
    RENDER(r, "badge", T("class", cls), T("title", "Phase"), F("text", slot_badge_phase_text, b->phase));
    if (b->callbacksafe)
        RENDER(r, "badge", T("class", "cbsafe"), T("title", "May be called from heap callbacks and GC events"),
               T("text", "callback safe"));
    for (size_t i = 0; i < b->nreq; i++)
        RENDER(r, "badge_cap", T("id", b->req[i].id));
    for (size_t i = 0; i < b->nopt; i++)
        RENDER(r, "badge_cap_optional", T("id", b->opt[i].id));
    snprintf(since, sizeof since, "since %s", b->since);
    RENDER(r, "badge", T("class", "since"), T("title", "Version that added it"), T("text", since));
    if (b->position)
        RENDER(r, "badge", T("class", "slot"), T("title", "Position in the function table"), T("text", b->position));
    if (b->kind)
        changed_in(r, b->kind, b->id, "badge_changed_in");
}

static void render_badges(R *r, const badge_arg *b)
{
    if (r->plain)
        return;
    RENDER(r, "badges", F("items", slot_badges, b));
}

/* ---- functions ----------------------------------------------------------- */

static void slot_fn_phase(R *r, const void *arg)
{
    render_named(r, "fn_phase_", phase_or_live(((const jt_function *)arg)->phase_attr), NULL, 0);
}

static void slot_fn_callbacksafe(R *r, const void *arg)
{
    RENDER0(r, ((const jt_function *)arg)->callbacksafe ? "fn_callbacksafe_yes" : "fn_callbacksafe_no");
}

static void slot_fn_info(R *r, const void *arg)
{
    const jt_function *f = arg;
    char num[16];
    snprintf(num, sizeof num, "%d", f->num);
    RENDER(r, "fn_info", F("phase", slot_fn_phase, f), F("callbacksafe", slot_fn_callbacksafe, f), T("num", num),
           T("since", f->since));
}

static void slot_fn_badges(R *r, const void *arg)
{
    const jt_function *f = arg;
    char pos[32];
    snprintf(pos, sizeof pos, "slot %d", f->num);
    badge_arg b = { phase_or_live(f->phase_attr), f->callbacksafe, f->required, f->nrequired, f->optional,
                    f->noptional, f->since, pos, "function", f->id };
    render_badges(r, &b);
    if (r->plain)
        return;
    checks_arg c;
    c.n = jt_function_checks(r->s, f, c.cs);
    RENDER(r, "function_checks", F("items", slot_check_items, &c));
}

/* Enum groups declared in a function's prose, in document order. */
static void slot_fn_enums(R *r, const void *arg)
{
    ptrs enums = { 0 };
    for (size_t i = 0; i < r->s->nconstants; i++) {
        const jt_constants *g = r->s->constants[i];
        if (g->owner == arg && g->kind == JT_CK_ENUM)
            ptrs_push(&enums, g);
    }
    ptrs_sort(&enums, by_constants_order);
    for (size_t i = 0; i < enums.n; i++)
        render_enum_code(r, enums.p[i]);
    free(enums.p);
}

static void slot_fn_capabilities(R *r, const void *arg)
{
    const jt_function *f = arg;
    if (f->eventcapabilities) {
        RENDER(r, "event_capabilities", F("rows", slot_event_cap_rows, NULL));
        return;
    }
    caps_arg a = { f->required, f->nrequired, f->optional, f->noptional, "function" };
    render_capabilities(r, &a);
}

static void slot_fn_parameters(R *r, const void *arg)
{
    const jt_function *f = arg;
    params_arg a = { f->params, f->nparams, true };
    render_parameters(r, &a);
}

static void slot_fn_errors(R *r, const void *arg) { render_function_errors(r, arg); }

/* What a function returns: its <returns> type, else the interface's
 * error type (jvmtiError). */
static void slot_fn_ret(R *r, const void *arg)
{
    const jt_function *f = arg;
    if (f->ret)
        slot_c_type(r, f->ret);
    else
        esc(r, r->s->iface.error_type);
}

static void render_function(R *r, const jt_function *f)
{
    td_list tds = { f->typedefs, f->ntypedefs };
    sig_arg sig = { f->params, f->nparams };
    RENDER(r, "function", T("id", f->id), T("synopsis", f->synopsis ? L(r, f->id, f->synopsis) : f->id),
           F("ret", slot_fn_ret, f), T("env", r->s->iface.env),
           F("badges", slot_fn_badges, f), F("typedefs_code", slot_typedefs_code, &tds),
           F("enums_code", slot_fn_enums, f), F("params", slot_params_sig, &sig),
           F("description", slot_description, f->description), F("info", slot_fn_info, f),
           F("capabilities", slot_fn_capabilities, f), F("typedefs", slot_typedefs_tables, &tds),
           F("parameters", slot_fn_parameters, f), F("errors", slot_fn_errors, f));
}

static void slot_c_ret(R *r, const void *arg)
{
    const jt_callback *c = arg;
    if (c->ret)
        slot_c_type(r, c->ret);
}

static void slot_cb_parameters(R *r, const void *arg)
{
    const jt_callback *c = arg;
    params_arg a = { c->params, c->nparams, false };
    render_parameters(r, &a);
}

static void render_callback(R *r, const jt_callback *c)
{
    sig_arg sig = { c->params, c->nparams };
    RENDER(r, "callback", T("id", c->id), T("synopsis", c->synopsis ? L(r, c->id, c->synopsis) : c->id),
           F("ret", slot_c_ret, c), F("params", slot_params_callback, &sig),
           F("description", slot_description, c->description), F("parameters", slot_cb_parameters, c));
}

/* ---- section labels ------------------------------------------------------ */

/* The spec names its sections (label=, which its DTD requires); the names
 * the published page uses stand in for a spec without them.  The error
 * section's label ("Error Reference") is not shown: the published page
 * heads it "Errors" and lists it as "Error Codes". */
static const char *function_label(const jt_spec *s)
{
    return s->functionsection_label ? s->functionsection_label : "Functions";
}

static const char *event_label(const jt_spec *s)
{
    return s->eventsection_label ? s->eventsection_label : "Events";
}

static const char *issues_label(const jt_spec *s)
{
    return s->issuessection_label ? s->issuessection_label : "Issues";
}

/* ---- categories ---------------------------------------------------------- */

static bool listed(const jt_function *f) { return !f->elided && !f->hide; }

static void slot_category_functions(R *r, const void *arg)
{
    const jt_category *cat = arg;
    for (size_t i = 0; i < r->s->nfunctions; i++) {
        const jt_function *f = r->s->functions[i];
        if (f->category == cat && listed(f))
            RENDER(r, "member_item", T("id", f->id), T("synopsis", f->synopsis ? L(r, f->id, f->synopsis) : f->id));
    }
}

static void slot_category_callbacks_items(R *r, const void *arg)
{
    const jt_category *cat = arg;
    for (size_t i = 0; i < r->s->ncallbacks; i++) {
        const jt_callback *c = r->s->callbacks[i];
        if (c->category == cat && !c->elided)
            RENDER(r, "member_item", T("id", c->id), T("synopsis", c->synopsis ? L(r, c->id, c->synopsis) : c->id));
    }
}

static void slot_category_callbacks(R *r, const void *arg)
{
    const jt_category *cat = arg;
    for (size_t i = 0; i < r->s->ncallbacks; i++)
        if (r->s->callbacks[i]->category == cat && !r->s->callbacks[i]->elided) {
            RENDER(r, "category_callbacks", T("label", cat->label), F("items", slot_category_callbacks_items, cat));
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
    ct->items = xcalloc(cap, sizeof *ct->items);
    ct->is_typedef = xcalloc(cap, sizeof *ct->is_typedef);
    ct->order = xcalloc(cap, sizeof *ct->order);
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
            ptrs_push(&ct->consts, g);
            continue;
        }
        ct->items[ct->n] = g;
        ct->is_typedef[ct->n] = false;
        ct->order[ct->n++] = g->order;
    }
    ptrs_sort(&ct->consts, by_constants_order);
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

static void slot_cat_type_items(R *r, const void *arg)
{
    const cat_types *ct = arg;
    for (size_t i = 0; i < ct->n; i++) {
        if (ct->is_typedef[i]) {
            const jt_typedef *td = ct->items[i];
            RENDER(r, "category_type_item", T("id", td->id), T("label", td->label));
        } else {
            const jt_constants *g = ct->items[i];
            RENDER(r, "category_type_item", T("id", g->id), T("label", g->label));
        }
    }
}

static void slot_cat_types(R *r, const void *arg)
{
    const cat_types *ct = arg;
    if (ct->n)
        RENDER(r, "category_types", T("label", ct->cat->label), F("items", slot_cat_type_items, ct));
}

static void slot_cat_const_items(R *r, const void *arg)
{
    const cat_types *ct = arg;
    for (size_t i = 0; i < ct->consts.n; i++) {
        const jt_constants *g = ct->consts.p[i];
        RENDER(r, "category_constant_item", T("id", g->id), T("label", g->label));
    }
}

static void slot_cat_consts(R *r, const void *arg)
{
    const cat_types *ct = arg;
    if (ct->consts.n)
        RENDER(r, "category_constants", T("label", ct->cat->label), F("items", slot_cat_const_items, ct));
}

/* Intros and the category's own typedefs, in document order. */
static void slot_cat_intros(R *r, const void *arg)
{
    const jt_category *cat = arg;
    const jt_spec *s = r->s;
    size_t ii = 0;
    for (size_t ti = 0;; ti++) {
        while (ti < s->ntypedefs && !(s->typedefs[ti]->category == cat && !s->typedefs[ti]->owner))
            ti++;
        const jt_typedef *td = ti < s->ntypedefs ? s->typedefs[ti] : NULL;
        while (ii < cat->nintros && (!td || cat->intros[ii]->order < td->order))
            render_intro(r, cat->intros[ii++]);
        if (!td)
            break;
        render_typedef_section(r, td);
    }
}

/* Functions and callbacks, in document order. */
static void slot_cat_members(R *r, const void *arg)
{
    const jt_category *cat = arg;
    const jt_spec *s = r->s;
    size_t ci = 0;
    for (size_t fi = 0;; fi++) {
        while (fi < s->nfunctions && !(s->functions[fi]->category == cat && listed(s->functions[fi])))
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
    RENDER(r, "category", T("id", cat->id), T("label", L(r, cat->id, cat->label)), F("functions", slot_category_functions, cat),
           F("callback_list", slot_category_callbacks, cat), F("type_list", slot_cat_types, &ct),
           F("constant_list", slot_cat_consts, &ct), F("intros", slot_cat_intros, cat),
           F("members", slot_cat_members, cat));
    free(ct.items);
    free(ct.is_typedef);
    free(ct.order);
    free(ct.consts.p);
}

static void slot_category_index(R *r, const void *arg)
{
    (void)arg;
    for (size_t i = 0; i < r->s->ncategories; i++) {
        const jt_category *cat = r->s->categories[i];
        RENDER(r, "category_index_item", T("id", cat->id), T("label", L(r, cat->id, cat->label)),
               F("functions", slot_category_functions, cat));
    }
}

static void slot_categories(R *r, const void *arg)
{
    (void)arg;
    for (size_t i = 0; i < r->s->ncategories; i++)
        render_category(r, r->s->categories[i]);
}

static void slot_function_section(R *r, const void *arg)
{
    (void)arg;
    RENDER(r, "function_section", T("label", function_label(r->s)), F("intros", slot_intros, "FunctionSection"),
           F("index", slot_category_index, NULL), F("categories", slot_categories, NULL));
}

/* ---- events -------------------------------------------------------------- */

static void slot_ev_phase(R *r, const void *arg)
{
    render_named(r, "ev_phase_", phase_or_live(((const jt_event *)arg)->phase_attr), NULL, 0);
}

static void slot_ev_info(R *r, const void *arg)
{
    const jt_event *e = arg;
    char num[16];
    snprintf(num, sizeof num, "%d", e->num);
    RENDER(r, "ev_info", F("phase", slot_ev_phase, e), T("const", e->const_name), T("num", num),
           T("since", e->since ? e->since : "1.0"));
}

static void slot_ev_badges(R *r, const void *arg)
{
    const jt_event *e = arg;
    badge_arg b = { phase_or_live(e->phase_attr), false, e->required, e->nrequired, e->optional, e->noptional,
                    e->since ? e->since : "1.0", NULL, "event", e->id };
    render_badges(r, &b);
}

static void slot_ev_capabilities(R *r, const void *arg)
{
    const jt_event *e = arg;
    caps_arg a = { e->required, e->nrequired, e->optional, e->noptional, "event" };
    render_capabilities(r, &a);
}

static void slot_ev_parameters(R *r, const void *arg)
{
    const jt_event *e = arg;
    params_arg a = { e->params, e->nparams, false };
    render_parameters(r, &a);
}

static void render_event(R *r, const jt_event *e)
{
    td_list tds = { e->typedefs, e->ntypedefs };
    sig_arg sig = { e->params, e->nparams };
    RENDER(r, "event", T("id", e->id), T("label", e->label ? L(r, e->id, e->label) : e->id), F("badges", slot_ev_badges, e),
           F("typedefs_code", slot_typedefs_code, &tds), F("params", slot_params_sig, &sig),
           F("description", slot_description, e->description), F("info", slot_ev_info, e),
           F("typedefs", slot_typedefs_tables, &tds), F("capabilities", slot_ev_capabilities, e),
           F("parameters", slot_ev_parameters, e));
}

/* jvmtiEventCallbacks: one member per event number from the first event
 * on, "reserved" where no event has the number. */
static void slot_event_callbacks(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    if (s->min_event_num < 0)
        return;
    for (int n = s->min_event_num; n <= s->max_event_num; n++) {
        const jt_event *e = s->event_by_num[n - s->min_event_num];
        char num[16];
        snprintf(num, sizeof num, "%d", n);
        if (e)
            RENDER(r, "event_slot", T("id", e->id));
        else
            RENDER(r, "event_slot_reserved", T("num", num));
    }
}

static int by_event_label(const void *a, const void *b)
{
    const jt_event *x = *(const jt_event *const *)a, *y = *(const jt_event *const *)b;
    return name_cmp(x->label ? x->label : x->id, y->label ? y->label : y->id);
}

static void slot_event_index(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    const jt_event **evs = xcalloc(s->nevents, sizeof *evs);
    size_t n = 0;
    for (size_t i = 0; i < s->nevents; i++)
        if (!s->events[i]->elided)
            evs[n++] = s->events[i];
    jt_sort(evs, n, sizeof *evs, by_event_label);
    for (size_t i = 0; i < n; i++)
        RENDER(r, "event_index_item", T("id", evs[i]->id),
               T("label", evs[i]->label ? L(r, evs[i]->id, evs[i]->label) : evs[i]->id));
    free(evs);
}

static void slot_events(R *r, const void *arg)
{
    (void)arg;
    for (size_t i = 0; i < r->s->nevents; i++)
        if (!r->s->events[i]->elided)
            render_event(r, r->s->events[i]);
}

static void slot_event_section(R *r, const void *arg)
{
    (void)arg;
    RENDER(r, "event_section", T("label", event_label(r->s)), F("intros", slot_intros, "EventSection"),
           F("callbacks", slot_event_callbacks, NULL),
           F("index", slot_event_index, NULL), F("events", slot_events, NULL));
}

/* ---- the error section ------------------------------------------------- */

static void slot_error_entries(R *r, const void *arg)
{
    const char *cat = arg;
    for (size_t i = 0; i < r->s->nerrors; i++) {
        const jt_error *e = r->s->errors[i];
        if (strcmp(e->category_id, cat) != 0)
            continue;
        char num[16];
        snprintf(num, sizeof num, "%d", e->num);
        RENDER(r, "error_entry", T("id", e->id), T("num", num), F("description", slot_description, e->description));
    }
}

static void slot_error_categories(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nerrors; i++) {
        const jt_error *e = s->errors[i];
        if (i && strcmp(s->errors[i - 1]->category_id, e->category_id) == 0)
            continue;
        RENDER(r, "error_category", T("id", e->category_id), T("label", e->category_label),
               F("intros", slot_intros, e->category_id), F("errors", slot_error_entries, e->category_id));
    }
}

static void slot_error_section(R *r, const void *arg)
{
    (void)arg;
    RENDER(r, "error_section", F("intros", slot_intros, "ErrorSection"),
           F("categories", slot_error_categories, NULL));
}

/* ---- the data section -------------------------------------------------- */

static void slot_basetype_definition(R *r, const void *arg)
{
    const jt_basetype *b = arg;
    if (b->definition)
        RENDER(r, "basetype_definition", T("text", b->definition));
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

static void slot_basetype_rows(R *r, const void *arg)
{
    const char *group = arg;
    for (size_t i = 0; i < r->s->nbasetypes; i++) {
        const jt_basetype *b = r->s->basetypes[i];
        if (strcmp(b->group_id, group) != 0)
            continue;
        const char *anchor = b->name ? b->name : b->id;
        char idattr[200] = "";
        if (!anchor_taken(r, anchor))
            snprintf(idattr, sizeof idattr, " id=\"%s\"", anchor);
        RENDER(r, "basetype_row", T("id", b->id), H("idattr", idattr), F("description", slot_doc, b->description),
               F("definition", slot_basetype_definition, b));
    }
}

static void slot_basetypes(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nbasetypes; i++) {
        const jt_basetype *b = s->basetypes[i];
        if (i && strcmp(s->basetypes[i - 1]->group_id, b->group_id) == 0)
            continue;
        RENDER(r, "basetypes", T("id", b->group_id), T("label", b->group_label),
               F("rows", slot_basetype_rows, b->group_id));
    }
}

static int by_typedef_id(const void *a, const void *b)
{
    return name_cmp((*(const jt_typedef *const *)a)->id, (*(const jt_typedef *const *)b)->id);
}

static int by_callback_id(const void *a, const void *b)
{
    return name_cmp((*(const jt_callback *const *)a)->id, (*(const jt_callback *const *)b)->id);
}

static int by_constants_id(const void *a, const void *b)
{
    return name_cmp((*(const jt_constants *const *)a)->id, (*(const jt_constants *const *)b)->id);
}

static void slot_struct_index(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    const jt_typedef **v = xcalloc(s->ntypedefs, sizeof *v);
    jt_copy(v, s->typedefs, s->ntypedefs * sizeof *v);
    jt_sort(v, s->ntypedefs, sizeof *v, by_typedef_id);
    for (size_t i = 0; i < s->ntypedefs; i++)
        RENDER(r, "type_index_row", T("id", v[i]->id), T("label", v[i]->label));
    free(v);
}

static void slot_callback_index(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    const jt_callback **v = xcalloc(s->ncallbacks, sizeof *v);
    jt_copy(v, s->callbacks, s->ncallbacks * sizeof *v);
    jt_sort(v, s->ncallbacks, sizeof *v, by_callback_id);
    for (size_t i = 0; i < s->ncallbacks; i++)
        RENDER(r, "type_index_row", T("id", v[i]->id), T("label", v[i]->synopsis ? v[i]->synopsis : ""));
    free(v);
}

static void slot_enum_index(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    const jt_constants **v = xcalloc(s->nconstants, sizeof *v);
    size_t n = 0;
    for (size_t i = 0; i < s->nconstants; i++)
        if (s->constants[i]->kind == JT_CK_ENUM)
            v[n++] = s->constants[i];
    jt_sort(v, n, sizeof *v, by_constants_id);
    for (size_t i = 0; i < n; i++)
        RENDER(r, "type_index_row", T("id", v[i]->id), T("label", v[i]->label));
    free(v);
}

/* The function table: every slot from 1 to the last, reserved or not. */
static void slot_function_slots(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    for (int n = 1; n <= s->max_function_num; n++) {
        const jt_function *f = s->function_by_num[n];
        char num[16];
        snprintf(num, sizeof num, "%d", n);
        if (f && !f->hide) {
            sig_arg sig = { f->params, f->nparams };
            RENDER(r, "slot_function", T("num", num), T("id", f->id), T("synopsis", f->synopsis ? f->synopsis : ""),
                   F("ret", slot_fn_ret, f), T("env", s->iface.env), F("params", slot_params_slot, &sig));
        } else {
            RENDER(r, "slot_reserved", T("num", num));
        }
    }
}

static void slot_data_section(R *r, const void *arg)
{
    (void)arg;
    RENDER(r, "data_section", F("intros", slot_intros, "DataSection"), F("basetypes", slot_basetypes, NULL),
           F("structs", slot_struct_index, NULL), F("callbacks", slot_callback_index, NULL),
           F("enums", slot_enum_index, NULL), F("slots", slot_function_slots, NULL));
}

/* ---- constant index, issues, change history ---------------------------- */

static int by_constant_id(const void *a, const void *b)
{
    return name_cmp((*(const jt_constant *const *)a)->id, (*(const jt_constant *const *)b)->id);
}

static void slot_constant_index_items(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    size_t n = 0;
    for (size_t i = 0; i < s->nconstants; i++)
        n += s->constants[i]->nconstants;
    const jt_constant **v = xcalloc(n, sizeof *v);
    n = 0;
    for (size_t i = 0; i < s->nconstants; i++)
        for (size_t j = 0; j < s->constants[i]->nconstants; j++)
            v[n++] = &s->constants[i]->constants[j];
    jt_sort(v, n, sizeof *v, by_constant_id);
    for (size_t i = 0; i < n; i++)
        RENDER(r, "constant_index_item", T("id", v[i]->id));
    free(v);
}

static void slot_constant_index(R *r, const void *arg)
{
    (void)arg;
    RENDER(r, "constant_index", F("constants", slot_constant_index_items, NULL));
}

static void slot_issues_section(R *r, const void *arg)
{
    (void)arg;
    RENDER(r, "issues_section", T("label", issues_label(r->s)), F("intros", slot_intros, "IssuesSection"));
}

static void slot_change_version(R *r, const void *arg)
{
    const jt_change *c = arg;
    if (c->version)
        RENDER(r, "change_version", T("version", c->version));
}

static void slot_changes(R *r, const void *arg)
{
    (void)arg;
    for (size_t i = 0; i < r->s->nchanges; i++) {
        const jt_change *c = &r->s->changes[i];
        RENDER(r, "change_row", F("version", slot_change_version, c), T("date", c->date),
               F("body", slot_doc, c->body));
    }
}

static void slot_change_history(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    /* the published page shows the last change's version */
    const char *last = s->nchanges && s->changes[s->nchanges - 1].version ? s->changes[s->nchanges - 1].version : "";
    RENDER(r, "change_history", T("update", s->changehistory_update ? s->changehistory_update : ""),
           T("version", last), F("intros", slot_intros, "ChangeHistory"), F("changes", slot_changes, NULL));
}

static void slot_intro_section(R *r, const void *arg)
{
    (void)arg;
    RENDER(r, "intro_section", F("intros", slot_intros, NULL));
}

/* ---- table of contents ---------------------------------------------------- */

static void toc_intros(R *r, const char *parent)
{
    for (size_t i = 0; i < r->s->nintros; i++) {
        const jt_intro *in = r->s->intros[i];
        if (!in->id || !*in->id)
            continue;
        if (intro_in(in, parent)) {
            char buf[256];
            RENDER(r, "toc_item", T("id", anchor_of(in->id, buf, sizeof buf)),
                   T("label", in->label ? L(r, in->id, in->label) : in->id));
        }
    }
}

static void slot_toc_intros(R *r, const void *arg) { toc_intros(r, arg); }

static void slot_toc_categories(R *r, const void *arg)
{
    (void)arg;
    for (size_t i = 0; i < r->s->ncategories; i++)
        RENDER(r, "toc_item", T("id", r->s->categories[i]->id),
               T("label", L(r, r->s->categories[i]->id, r->s->categories[i]->label)));
}

static void slot_toc_basetypes(R *r, const void *arg)
{
    (void)arg;
    const jt_spec *s = r->s;
    for (size_t i = 0; i < s->nbasetypes; i++)
        if (!i || strcmp(s->basetypes[i - 1]->group_id, s->basetypes[i]->group_id) != 0)
            RENDER(r, "toc_item", T("id", s->basetypes[i]->group_id), T("label", s->basetypes[i]->group_label));
}

static void slot_toc(R *r, const void *arg)
{
    (void)arg;
    RENDER(r, "toc", T("function_label", function_label(r->s)), T("event_label", event_label(r->s)),
           T("issues_label", issues_label(r->s)), F("intro_items", slot_toc_intros, NULL),
           F("function_intro_items", slot_toc_intros, "FunctionSection"),
           F("category_items", slot_toc_categories, NULL), F("basetype_items", slot_toc_basetypes, NULL),
           F("issue_items", slot_toc_intros, "IssuesSection"));
}

/* ---- search index: html_search.c ------------------------------------------- */

static void slot_search_index(R *r, const void *arg)
{
    (void)arg;
    jt_html_search_index(r->f, r->s, r->prose);
}

/* The search box and its script with the index: ours alone (not plain). */
static void slot_search_box(R *r, const void *arg)
{
    (void)arg;
    if (!r->plain)
        RENDER0(r, "search_box");
}

static void slot_search_script(R *r, const void *arg)
{
    (void)arg;
    if (!r->plain)
        RENDER(r, "search_script", F("search_index", slot_search_index, NULL));
}

/* ---- legend, checks reference, legal footer ------------------------------ */

/* Not plain: one line saying what on the page is ours, and at the end what
 * each jvmticheck check id means. */
static void slot_legend(R *r, const void *arg)
{
    (void)arg;
    if (!r->plain)
        RENDER0(r, "legend");
}

static void slot_checks_section(R *r, const void *arg)
{
    (void)arg;
    if (!r->plain)
        RENDER0(r, "checks_section");
}

static void slot_licence(R *r, const void *arg)
{
    RENDER(r, "licence", T("text", arg), T("file", basename_of(r->s->path)));
}

/* Text with its line breaks kept as <br>. */
static void slot_lines(R *r, const void *arg)
{
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
static void slot_legal_footer(R *r, const void *arg)
{
    (void)arg;
    jt_legal l;
    if (jt_legal_split(r->s->copyright, &l) != 0) {
        jt_diag(JT_DIAG_ERROR, r->s->path, 0, "out of memory");
        r->failed = 1;
        return;
    }
    const jt_doc *notice = r->s->copyright_notice;
    bool from_comment = doc_empty(notice);
    if (!from_comment || *l.notice || *l.licence)
        RENDER(r, "legal_footer",
               F("notice", from_comment ? slot_lines : slot_doc, from_comment ? (const void *)l.notice : notice),
               F("licence", *l.licence ? slot_licence : slot_nothing, l.licence));
    jt_legal_free(&l);
}

/* ---- the page ----------------------------------------------------------- */

static void slot_title(R *r, const void *arg)
{
    (void)arg;
    doc(r, r->s->title);
}

static void render_page(R *r)
{
    const jt_spec *s = r->s;
    char version[48], basic[32];
    snprintf(version, sizeof version, "%d.%d.%d", r->ctx->major, r->ctx->minor, r->ctx->micro);
    snprintf(basic, sizeof basic, "%d.%d", r->ctx->major, r->ctx->minor);
    char lang[40] = "en";
    if (r->ctx->html.ui)
        jt_lang_tag(jt_catalog_lang(r->ctx->html.ui), lang, sizeof lang);
    RENDER(r, "page", T("lang", lang), T("title_text", s->label ? s->label : "JVM(TM) Tool Interface"),
           T("version", version),
           T("spec_file", basename_of(s->path)), F("title", slot_title, NULL),
           T("subtitle", s->title_subtitle ? s->title_subtitle : "Version"), T("basic_version", basic),
           F("toc", slot_toc, NULL), F("intro_section", slot_intro_section, NULL),
           F("function_section", slot_function_section, NULL), F("error_section", slot_error_section, NULL),
           F("data_section", slot_data_section, NULL), F("event_section", slot_event_section, NULL),
           F("constant_index", slot_constant_index, NULL), F("issues_section", slot_issues_section, NULL),
           F("change_history", slot_change_history, NULL), F("search_box", slot_search_box, NULL),
           F("search_script", slot_search_script, NULL), F("legend", slot_legend, NULL),
           F("checks_section", slot_checks_section, NULL), F("legal_footer", slot_legal_footer, NULL),
           F("versions", slot_versions, NULL));
}

int jt_emit_html(const jt_emit_ctx *ctx)
{
    R r = { 0 };
    r.ctx = ctx;
    r.s = ctx->spec;
    /* outside links go to the docs of the JDK the spec belongs to; the JDK
     * 8 spec numbers itself 1.2 */
    r.jdk = ctx->major >= 9 ? ctx->major : 8;
    /* our additions (badges, check ids, the checks reference) describe
     * libjvmticheck: a spec of another interface gets the spec alone */
    r.plain = ctx->html.plain || ctx->spec->iface.declared;
    r.prose = ctx->html.prose;
    r.t = jt_tpl_load_lang(TEMPLATE_FILE, ctx->html.ui);
    if (!r.t)
        return -1;

    char name[128];
    r.o = jt_out_open(ctx->outdir, jt_output_name(ctx->spec, ".html", name, sizeof name));
    int rc = -1;
    if (r.o) {
        r.f = jt_out_file(r.o);
        render_page(&r);
        if (r.failed)
            jt_out_abort(r.o);
        else
            rc = jt_out_commit(r.o);
    }
    jt_tpl_free(r.t);
    return rc;
}
