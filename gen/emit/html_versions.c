/* html_versions.c — the site's links between versions on a spec page:
 * the version switcher and the "changed in V" links of a capability (and
 * whatever else html_params.c marks), read from the site's diff of each
 * version with the one before (jt_site_info).  Apart from emit_html.c so
 * that the page's files depend on each other one way: the page and its
 * parameter tables both use it, and it uses neither. */
#include "emit/html_page.h"

/* ---- jvmtigen site: version switcher, "changed in" ------------------------ */

static const char *site_label(R *r, int i)
{
    return r->ctx->html.site->labels[i];
}

static void slot_version_items(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    const jt_site_info *site = r->ctx->html.site;
    for (int i = 0; i < site->nversions; i++) {
        char href[256];
        snprintf(href, sizeof href, "../%s/jvmti.html", site_label(r, i));
        RENDER(&r->h, i == site->current ? "version_current" : "version_item", T("href", href),
               T("label", site_label(r, i)));
    }
}

void jt_hp_slot_versions(jt_html *h, const void *arg)
{
    R *r = h->self;
    (void)arg;
    if (r->ctx->html.site)
        RENDER(&r->h, "version_switcher", F("items", slot_version_items, NULL));
}

/* "changed in V" for each version up to this page's whose diff with the
 * version before changed KIND ID (once per version). */
void jt_hp_changed_in(R *r, const char *kind, const char *id, const char *block)
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
        RENDER(&r->h, block, T("href", href), T("label", site_label(r, c->version)));
    }
}

void jt_hp_slot_cap_changed(jt_html *h, const void *arg)
{
    R *r = h->self;
    jt_hp_changed_in(r, "capability", arg, "cap_changed_in");
}
