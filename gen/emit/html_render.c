/* html_render.c — filling HTML template blocks (see html_render.h): the
 * value of each slot, HTML escaping, and the one message for a block the
 * template lacks. */
#include <string.h>

#include "emit/html_render.h"
#include "util/diag.h"

void jt_html_put(jt_html *h, const char *s) { fputs(s, h->f); }
void jt_html_putn(jt_html *h, const char *s, size_t n) { fwrite(s, 1, n, h->f); }

/* The first N characters of S, escaped. */
static void escn(jt_html *h, const char *s, size_t n)
{
    const char *run = s, *end = s + n;
    for (; s < end; s++) {
        const char *rep;
        switch (*s) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = "&quot;"; break;
        default: continue;
        }
        jt_html_putn(h, run, (size_t)(s - run));
        jt_html_put(h, rep);
        run = s + 1;
    }
    jt_html_putn(h, run, (size_t)(s - run));
}

void jt_html_esc(jt_html *h, const char *s) { escn(h, s, strlen(s)); }

/* So that a long constant name breaks between its words rather than
 * overflowing (or, on a phone, breaking between letters).  <wbr> adds no
 * character: the text, find-in-page and copy-paste see the identifier
 * whole. */
static bool ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

void jt_html_ident(jt_html *h, const void *arg)
{
    const char *s = arg ? arg : "";
    const char *run = s;
    for (const char *p = s; *p; p++) {
        if (*p == '_' && p > s && ident_char(p[-1]) && ident_char(p[1])) {
            escn(h, run, (size_t)(p + 1 - run));
            jt_html_put(h, "<wbr>");
            run = p + 1;
        }
    }
    jt_html_esc(h, run);
}

typedef struct fill_ctx {
    jt_html *h;
    const jt_html_var *v;
    size_t n;
} fill_ctx;

static bool fill(void *arg, const char *slot, jt_out *o)
{
    (void)o;
    fill_ctx *c = arg;
    for (size_t i = 0; i < c->n; i++) {
        const jt_html_var *v = &c->v[i];
        if (!v->name || strcmp(v->name, slot) != 0)
            continue;
        if (v->fn)
            v->fn(c->h, v->arg);
        else if (v->raw)
            jt_html_put(c->h, v->text ? v->text : "");
        else
            jt_html_esc(c->h, v->text ? v->text : "");
        return true;
    }
    return false;
}

void jt_html_render(jt_html *h, const char *block, const jt_html_var *v, size_t n)
{
    if (h->failed)      /* one template error is reported once, not per use */
        return;
    const jt_tpl_block *b = jt_tpl_need(h->t, h->tpl_file, block, "the emitter needs it");
    if (!b) {
        h->failed = 1;
        return;
    }
    fill_ctx c = { h, v, n };
    if (jt_tpl_render(b, h->o, fill, &c) != 0)
        h->failed = 1;
}

void jt_html_render_named(jt_html *h, const char *prefix, const char *suffix, const jt_html_var *v, size_t n)
{
    char name[96];
    snprintf(name, sizeof name, "%s%s", prefix, suffix);
    jt_html_render(h, name, v, n);
}
