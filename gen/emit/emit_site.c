/* emit_site.c — the pages of `jvmtigen site` besides the spec pages: the
 * index of versions and the "what changed" pages (see site.h).  The words
 * and markup are blocks of templates/site.html.tmpl; this file only picks
 * and fills them, as emit_html.c does for the spec page.  A changes page
 * lists jt_diff_specs()'s deltas by kind; each name links to where the
 * thing is defined (the newer page, or the older one for a removal), and
 * the first row of each name carries the id "KIND-NAME" the "changed in"
 * badges of the spec pages link to. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "emit/site.h"
#include "emit/html_render.h"
#include "emit/template.h"
#include "util/diag.h"
#include "util/outfile.h"

#include "i18n/catalog.h"
#include "i18n/lang.h"

#define SITE_TEMPLATE "site.html.tmpl"

/* A page being written: the rendering state (html_render.h) is all it
 * needs; slot functions get it as they do on the spec page. */
typedef jt_html S;

/* A page's title: a block of the template (a sentence --lang translates),
 * with the versions it names. */
typedef struct title_arg {
    const char *block, *old, *new;
} title_arg;

static void slot_title(S *s, const void *arg)
{
    const title_arg *t = arg;
    RENDER(s, t->block, T("old", t->old ? t->old : ""), T("new", t->new ? t->new : ""));
}

/* Opens DIR/NAME with the page head; the caller writes the body, then
 * finish() closes it. */
static int start(S *s, const char *dir, const char *name, const title_arg *title, jt_catalog *ui)
{
    memset(s, 0, sizeof *s);
    s->tpl_file = "templates/" SITE_TEMPLATE;
    s->t = jt_tpl_load_lang(SITE_TEMPLATE, ui);
    if (!s->t)
        return -1;
    s->o = jt_out_open(dir, name);
    if (!s->o) {
        jt_tpl_free(s->t);
        return -1;
    }
    s->f = jt_out_file(s->o);
    char tag[40] = "en";
    if (ui)
        jt_lang_tag(jt_catalog_lang(ui), tag, sizeof tag);
    RENDER(s, "head", F("title", slot_title, title), T("lang", tag));
    return 0;
}

static int finish(S *s)
{
    RENDER(s, "foot", T("", ""));
    int rc = -1;
    if (s->failed)
        jt_out_abort(s->o);
    else
        rc = jt_out_commit(s->o);
    jt_tpl_free(s->t);
    return rc;
}

void jt_site_changes_file(const jt_site_info *site, int i, char *buf, size_t n)
{
    snprintf(buf, n, "changes-%s-%s.html", site->labels[i - 1], site->labels[i]);
}

/* ---- index ------------------------------------------------------------------ */

typedef struct index_arg {
    const jt_site_info *site;
    const size_t *counts;       /* changes per version (0 for the first) */
} index_arg;

static void slot_index_changes(S *s, const void *arg)
{
    const index_arg *a = ((const index_arg *const *)arg)[0];
    int i = (int)(intptr_t)((const void *const *)arg)[1];
    if (i == 0) {
        RENDER(s, "index_first", T("", ""));
        return;
    }
    char file[256], count[32];
    jt_site_changes_file(a->site, i, file, sizeof file);
    snprintf(count, sizeof count, "%zu", a->counts[i]);
    RENDER(s, a->counts[i] == 1 ? "index_change" : "index_changes", T("file", file), T("count", count),
           T("old", a->site->labels[i - 1]));
}

static void slot_index_rows(S *s, const void *arg)
{
    const index_arg *a = arg;
    for (int i = a->site->nversions - 1; i >= 0; i--) {       /* newest first */
        const void *pair[2] = { a, (const void *)(intptr_t)i };
        RENDER(s, "index_row", T("label", a->site->labels[i]), T("version", a->site->labels[i]),
               F("changes", slot_index_changes, pair));
    }
}

int jt_emit_site_index(const char *dir, const jt_site_info *site, const size_t *counts, jt_catalog *ui)
{
    S s;
    title_arg title = { "title_index", NULL, NULL };
    if (start(&s, dir, "index.html", &title, ui) != 0)
        return -1;
    index_arg a = { site, counts };
    RENDER(&s, "index", F("rows", slot_index_rows, &a));
    return finish(&s);
}

/* ---- changes ------------------------------------------------------------------ */

typedef struct changes_arg {
    const jt_site_info *site;
    int i;
    const jt_delta_list *l;
    size_t from, to;            /* the group being written */
} changes_arg;

/* The heading of a kind's table: a block of the template ("Functions"). */
static void slot_group_title(S *s, const void *arg)
{
    static const struct { const char *kind, *block; } titles[] = {
        { "function", "group_function" }, { "event", "group_event" }, { "callback", "group_callback" },
        { "error", "group_error" }, { "capability", "group_capability" }, { "constants", "group_constants" },
        { "constant", "group_constant" }, { "struct", "group_struct" }, { "union", "group_struct" },
        { "basetype", "group_basetype" },
    };
    const char *kind = arg;
    for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++)
        if (strcmp(titles[i].kind, kind) == 0) {
            RENDER(s, titles[i].block, T("", ""));
            return;
        }
    jt_html_esc(s, kind);
}

static void slot_change_rows(S *s, const void *arg)
{
    const changes_arg *a = arg;
    for (size_t k = a->from; k < a->to; k++) {
        const jt_delta *d = &a->l->items[k];
        bool first = k == a->from || strcmp(a->l->items[k - 1].name, d->name) != 0 ||
                     strcmp(a->l->items[k - 1].kind, d->kind) != 0;
        char idattr[512] = "", page[256], anchor[512], what[1024];
        if (first)
            snprintf(idattr, sizeof idattr, " id=\"%s-%s\"", d->kind, d->name);
        bool removed = strcmp(d->change, "removed") == 0 && !d->aspect;
        snprintf(page, sizeof page, "%s/jvmti.html", a->site->labels[removed ? a->i - 1 : a->i]);
        if (strcmp(d->kind, "capability") == 0)
            snprintf(anchor, sizeof anchor, "jvmtiCapabilities.%s", d->name);
        else
            snprintf(anchor, sizeof anchor, "%s", d->name);
        /* the text line after "KIND NAME: ", without " [ABI]" */
        size_t skip = strlen(d->kind) + 1 + strlen(d->name) + 2;
        snprintf(what, sizeof what, "%s", strlen(d->text) > skip ? d->text + skip : d->text);
        size_t wl = strlen(what);
        if (d->abi && wl >= 6 && strcmp(what + wl - 6, " [ABI]") == 0)
            what[wl - 6] = '\0';
        /* idattr is raw: built from ids the spec defines, which the
         * loader accepts only as XML names (no quotes, no "<") */
        RENDER(s, "change_row", T("change", d->change), H("idattr", idattr), T("page", page),
               T("anchor", anchor), F("name", jt_html_ident, d->name), F("text", jt_html_ident, what),
               T("abiclass", d->abi ? "abi" : ""), T("abi", d->abi ? "yes" : ""));
    }
}

static void slot_change_groups(S *s, const void *arg)
{
    const changes_arg *a = arg;
    for (size_t k = 0; k < a->l->n;) {
        size_t e = k;
        while (e < a->l->n && a->l->items[e].group == a->l->items[k].group)
            e++;
        changes_arg g = *a;
        g.from = k;
        g.to = e;
        RENDER(s, "changes_group", F("title", slot_group_title, a->l->items[k].kind),
               F("rows", slot_change_rows, &g));
        k = e;
    }
    if (!a->l->n)
        RENDER(s, "changes_none", T("", ""));
}

/* "From version OLD to version NEW: N changes, ..." (a sentence of its own,
 * for --lang) */
static void slot_changes_summary(S *s, const void *arg)
{
    const char *const *v = arg;
    RENDER(s, "changes_summary", T("old", v[0]), T("new", v[1]), T("count", v[2]), T("abi", v[3]));
}

int jt_emit_site_changes(const char *dir, const jt_site_info *site, int i, const jt_delta_list *deltas,
                         jt_catalog *ui)
{
    char file[256], count[32], abi[32];
    jt_site_changes_file(site, i, file, sizeof file);
    title_arg title = { "title_changes", site->labels[i - 1], site->labels[i] };
    size_t nabi = 0;
    for (size_t k = 0; k < deltas->n; k++)
        nabi += deltas->items[k].abi;
    snprintf(count, sizeof count, "%zu", deltas->n);
    snprintf(abi, sizeof abi, "%zu", nabi);
    S s;
    if (start(&s, dir, file, &title, ui) != 0)
        return -1;
    changes_arg a = { site, i, deltas, 0, 0 };
    const char *summary[4] = { site->labels[i - 1], site->labels[i], count, abi };
    RENDER(&s, "changes", F("changes_summary", slot_changes_summary, summary),
           F("groups", slot_change_groups, &a));
    return finish(&s);
}
