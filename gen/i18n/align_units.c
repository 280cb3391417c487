/* align_units.c — the units of `jvmtigen pot` that `jvmtigen align` fills:
 * collected in pot's order, indexed by (ctx, label or text), and counted
 * by the part of the spec they belong to (with the units the rendered page
 * does not show apart).  See the overview at the top of align.c. */
#include "i18n/align_int.h"

/* ---- the units ---------------------------------------------------------------- */

static bool is_label_what(const char *what) { return strstr(what, "title") != NULL; }

/* Prose the rendered page leaves out, so that no text of the page has it
 * (a part of its own, JT_PART_HIDDEN): the issues section (html: in the
 * page but hidden, as the published page omits it), named here by the
 * parent of the intros it holds; and the implied jclass parameters
 * (html_params.c skips them, as the prototypes do), by the model's flag. */
static const char *const hidden_parents[] = { "IssuesSection" };

bool ja_hidden_intro(const jt_intro *in)
{
    for (size_t k = 0; in->parent_id && k < sizeof hidden_parents / sizeof *hidden_parents; k++)
        if (!strcmp(in->parent_id, hidden_parents[k]))
            return true;
    return false;
}

static bool hidden_on_page(const char *ctxid, const jt_spec *s)
{
    for (size_t i = 0; i < s->nintros; i++)
        if (s->intros[i]->id && !strcmp(s->intros[i]->id, ctxid) && ja_hidden_intro(s->intros[i]))
            return true;
    return false;
}

static jt_align_part part_of(const char *what, const char *ctxid, const jt_spec *s)
{
    if ((!strcmp(what, "section title") || !strcmp(what, "section")) && hidden_on_page(ctxid, s))
        return JT_PART_HIDDEN;
    if (!strcmp(what, "section title") || !strcmp(what, "section") || !strcmp(what, "category title"))
        return JT_PART_SECTIONS;
    if (!strcmp(what, "function title") || !strcmp(what, "function description"))
        return JT_PART_FUNCTIONS;
    if (!strcmp(what, "event title") || !strcmp(what, "event description"))
        return JT_PART_EVENTS;
    if (!strcmp(what, "parameter description")) {
        char owner[256];
        size_t n = strcspn(ctxid, ".");
        snprintf(owner, sizeof owner, "%.*s", (int)n, ctxid);
        /* a jclass implied by a method or field parameter: the page's
         * parameter table leaves it out, as the prototype does */
        const jt_function *f = ctxid[n] ? jt_find_function(s, owner) : NULL;
        const jt_event *ev = ctxid[n] ? jt_find_event(s, owner) : NULL;
        const jt_param *ps = f ? f->params : ev ? ev->params : NULL;
        size_t nps = f ? f->nparams : ev ? ev->nparams : 0;
        for (size_t i = 0; i < nps; i++)
            if (ps[i].implicit && !strcmp(ps[i].id, ctxid + n + 1))
                return JT_PART_HIDDEN;
        return ev ? JT_PART_EVENTS : JT_PART_PARAMETERS;
    }
    if (!strcmp(what, "capability") || !strcmp(what, "capability's effect here"))
        return JT_PART_CAPABILITIES;
    if (!strcmp(what, "error") || !strcmp(what, "error's meaning here"))
        return JT_PART_ERRORS;
    if (!strcmp(what, "change history") || !strcmp(what, "change"))
        return JT_PART_HISTORY;
    return JT_PART_TYPES;
}

static size_t hash_s(const char *s)
{
    size_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

void ja_collect(void *arg, const char *ctxid, const char *msgid, const char *what, int line)
{
    collect_arg *a = arg;
    jt_alignment *al = a->c->al;
    if (al->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 1024;
        al->units = realloc(al->units, a->cap * sizeof *al->units);
        if (!al->units)
            jt_fatal("out of memory");
    }
    jt_aunit *u = &al->units[al->n++];
    memset(u, 0, sizeof *u);
    u->ctx = strdup(ctxid);
    u->msgid = strdup(msgid);
    u->what = what;     /* string literals of prose.c */
    u->line = line;
    u->part = part_of(what, ctxid, a->c->spec);
    u->why = u->part == JT_PART_HIDDEN ? "not on the rendered page (hidden there, or left out)"
                                       : "not found in the text";
    if (!u->ctx || !u->msgid)
        jt_fatal("out of memory");
}

static char *ukey(const char *ctxid, bool label)
{
    size_t n = strlen(ctxid);
    char *k = malloc(n + 3);
    if (!k)
        jt_fatal("out of memory");
    memcpy(k, ctxid, n);
    k[n] = '\1';
    k[n + 1] = label ? 'T' : 'D';
    k[n + 2] = '\0';
    return k;
}

void ja_index_units(ctx *c)
{
    size_t size = 16;
    while (size < c->al->n * 2)
        size *= 2;
    c->uidx = calloc(size, sizeof *c->uidx);
    if (!c->uidx)
        jt_fatal("out of memory");
    c->umask = size - 1;
    for (size_t i = 0; i < c->al->n; i++) {
        char *k = ukey(c->al->units[i].ctx, is_label_what(c->al->units[i].what));
        size_t h = hash_s(k) & c->umask;
        bool dup = false;
        for (; c->uidx[h].key; h = (h + 1) & c->umask)
            if (!strcmp(c->uidx[h].key, k)) {
                dup = true;
                break;
            }
        if (dup) {
            free(k);
            continue;
        }
        c->uidx[h].key = k;
        c->uidx[h].index = i;
    }
}

jt_aunit *ja_unit(ctx *c, const char *ctxid, bool label)
{
    char *k = ukey(ctxid, label);
    jt_aunit *u = NULL;
    for (size_t h = hash_s(k) & c->umask; c->uidx[h].key; h = (h + 1) & c->umask)
        if (!strcmp(c->uidx[h].key, k)) {
            u = &c->al->units[c->uidx[h].index];
            break;
        }
    free(k);
    return u;
}

/* The Nth (from 0) unit of CTXID: a function may list one error twice,
 * with two meanings, two units of one msgctxt. */
jt_aunit *ja_unit_nth(ctx *c, const char *ctxid, bool label, size_t nth)
{
    jt_aunit *u = ja_unit(c, ctxid, label);
    if (!u || nth == 0)
        return u;
    for (size_t i = (size_t)(u - c->al->units) + 1; i < c->al->n; i++)
        if (!strcmp(c->al->units[i].ctx, ctxid) && is_label_what(c->al->units[i].what) == label && --nth == 0)
            return &c->al->units[i];
    return NULL;
}

