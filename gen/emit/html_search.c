/* html_search.c — write the search index of jvmti.html (see html_search.h).
 * Reads only the model; rows follow the kinds table below, so adding a
 * kind is a row there and a loop here. */
#include "emit/html_search.h"
#include "i18n/prose.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

enum { K_FUNCTION, K_EVENT, K_TYPE, K_CONSTANT, K_CAPABILITY, K_ERROR, K_PARAM, K_SECTION, K_COUNT };
static const char *const kind_names[K_COUNT] = {
    "function", "event", "type", "constant", "capability", "error", "param", "section",
};

#define MAX_KEYWORDS 48

typedef struct ix {
    FILE *f;
    bool first;
} ix;

/* A JSON string that is also safe inside <script>. */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&')
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void row(ix *x, const char *name, int kind, const char *anchor, const char *detail, const char *keywords)
{
    fputs(x->first ? "\n[" : ",\n[", x->f);
    x->first = false;
    json_str(x->f, name);
    fprintf(x->f, ",%d,", kind);
    if (anchor && strcmp(anchor, name) != 0)
        json_str(x->f, anchor);
    else
        fputc('0', x->f);
    fputc(',', x->f);
    json_str(x->f, detail ? detail : "");
    if (keywords && *keywords) {
        fputc(',', x->f);
        json_str(x->f, keywords);
    }
    fputc(']', x->f);
}

/* ---- keywords of a section: identifiers in its code and examples ---------- */

typedef struct words {
    char buf[2048];
    size_t len;
    int n;
} words;

static bool ident_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
static bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9'); }

/* An identifier worth a keyword: long enough, and with "_" or a capital
 * after a small letter (Agent_OnLoad, JavaVM), not an English word. */
static bool api_like(const char *s, size_t n)
{
    if (n < 4)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '_' || (i && s[i - 1] >= 'a' && s[i - 1] <= 'z' && s[i] >= 'A' && s[i] <= 'Z'))
            return true;
    return false;
}

static void add_word(words *w, const char *s, size_t n)
{
    if (w->n >= MAX_KEYWORDS || w->len + n + 2 > sizeof w->buf)
        return;
    for (const char *p = w->buf; p < w->buf + w->len;) {
        const char *sp = strchr(p, ' ');
        size_t l = sp ? (size_t)(sp - p) : strlen(p);
        if (l == n && memcmp(p, s, n) == 0)
            return;                                 /* already there */
        p += l + 1;
    }
    if (w->len)
        w->buf[w->len++] = ' ';
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    w->buf[w->len] = '\0';
    w->n++;
}

static void scan_text(words *w, const char *t)
{
    for (const char *p = t; *p;) {
        if (ident_start(*p) && (p == t || !ident_char(p[-1]))) {
            const char *e = p;
            while (ident_char(*e))
                e++;
            if (api_like(p, (size_t)(e - p)))
                add_word(w, p, (size_t)(e - p));
            p = e;
        } else {
            p++;
        }
    }
}

static void scan_doc(words *w, const jt_doc *d, bool in_code)
{
    for (; d; d = d->next) {
        if (!d->name) {
            if (in_code && d->text)
                scan_text(w, d->text);
            continue;
        }
        bool code = in_code || strcmp(d->name, "code") == 0 || strcmp(d->name, "example") == 0;
        scan_doc(w, d->children, code);
    }
}

/* ---- the index --------------------------------------------------------------- */

static void params(ix *x, const char *owner, const jt_param *ps, size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++) {
        if (ps[i].implicit || !ps[i].id || !*ps[i].id)
            continue;
        char anchor[256], detail[256];
        snprintf(anchor, sizeof anchor, "%s.%s", owner, ps[i].id);
        snprintf(detail, sizeof detail, "%s of %s", what, owner);
        row(x, ps[i].id, K_PARAM, anchor, detail, NULL);
    }
}

static void section_anchor(const char *id, char *buf, size_t n)
{
    snprintf(buf, n, "%s", id);         /* as emit_html.c's anchor_of: no blanks */
    for (char *p = buf; *p; p++)
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            *p = '_';
}

void jt_html_search_index(FILE *f, const jt_spec *s, const struct jt_prose *prose)
{
#define TR(ctx, english) ((english) ? jt_prose_label(prose, (ctx), (english)) : NULL)
    ix x = { f, true };
    fputs("{\"kinds\":[", f);
    for (int k = 0; k < K_COUNT; k++) {
        if (k)
            fputc(',', f);
        json_str(f, kind_names[k]);
    }
    fputs("],\"rows\":[", f);
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *fn = s->functions[i];
        if (fn->elided || fn->hide)
            continue;
        row(&x, fn->id, K_FUNCTION, NULL, TR(fn->id, fn->synopsis), NULL);
        params(&x, fn->id, fn->params, fn->nparams, "parameter");
    }
    for (size_t i = 0; i < s->nevents; i++) {
        const jt_event *e = s->events[i];
        if (e->elided)
            continue;
        row(&x, e->id, K_EVENT, NULL, TR(e->id, e->label), NULL);
        params(&x, e->id, e->params, e->nparams, "parameter");
    }
    for (size_t i = 0; i < s->ntypedefs; i++)
        row(&x, s->typedefs[i]->id, K_TYPE, NULL, TR(s->typedefs[i]->id, s->typedefs[i]->label), NULL);
    for (size_t i = 0; i < s->ncallbacks; i++)
        if (!s->callbacks[i]->elided)
            row(&x, s->callbacks[i]->id, K_TYPE, NULL, TR(s->callbacks[i]->id, s->callbacks[i]->synopsis), NULL);
    for (size_t i = 0; i < s->nbasetypes; i++) {
        const jt_basetype *b = s->basetypes[i];
        row(&x, b->id, K_TYPE, b->name ? b->name : b->id, b->group_label, NULL);
    }
    for (size_t i = 0; i < s->nconstants; i++) {
        const jt_constants *g = s->constants[i];
        if (g->kind == JT_CK_ENUM)
            row(&x, g->id, K_TYPE, NULL, TR(g->id, g->label), NULL);
        for (size_t j = 0; j < g->nconstants; j++) {
            const jt_constant *c = &g->constants[j];
            char detail[512], keys[64];
            snprintf(detail, sizeof detail, "= %s (%s)", c->num ? c->num : "", g->label ? g->label : g->id);
            snprintf(keys, sizeof keys, "%" PRId64 " 0x%" PRIx64, c->value, (uint64_t)c->value);
            row(&x, c->id, K_CONSTANT, NULL, detail, keys);
        }
    }
    const char *caps = s->capabilities_typedef ? s->capabilities_typedef->id : "jvmtiCapabilities";
    for (size_t i = 0; i < s->ncapabilities; i++) {
        char anchor[256];
        snprintf(anchor, sizeof anchor, "%s.%s", caps, s->capabilities[i].id);
        row(&x, s->capabilities[i].id, K_CAPABILITY, anchor, "capability", NULL);
    }
    for (size_t i = 0; i < s->nerrors; i++) {
        char keys[32];
        snprintf(keys, sizeof keys, "%d", s->errors[i]->num);
        row(&x, s->errors[i]->id, K_ERROR, NULL, s->errors[i]->short_text, keys);
    }
    for (size_t i = 0; i < s->nintros; i++) {
        const jt_intro *in = s->intros[i];
        if (!in->id || !*in->id || (in->parent_id && strcmp(in->parent_id, "IssuesSection") == 0))
            continue;
        char anchor[256];
        section_anchor(in->id, anchor, sizeof anchor);
        words w = { .len = 0 };
        w.buf[0] = '\0';
        scan_doc(&w, in->body, false);
        const char *name = in->label && *in->label ? in->label : in->id;
        const char *shown = TR(in->id, name);
        if (shown != name)          /* translated: the English still finds it */
            add_word(&w, name, strlen(name));
        row(&x, shown, K_SECTION, anchor, "section", w.buf);
    }
#undef TR
    fputs("\n]}", f);
}
