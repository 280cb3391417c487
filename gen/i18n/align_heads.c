/* align_heads.c — step 1 of the overview at the top of align.c: the
 * page's headings aligned with the text's heading-like lines by dynamic
 * programming, scored by the evidence a translation keeps (prototypes, the
 * function table's titles, a section's rare code names); and step 2, the
 * block a heading owns. */
#include "i18n/align_int.h"

/* ---- 1. headings --------------------------------------------------------------- */


static bool heading_like(const char *s, size_t n)
{
    while (n && ja_is_sp(*s))
        s++, n--;
    while (n && ja_is_sp(s[n - 1]))
        n--;
    if (!n || ja_ncp(s, n) > 40)
        return false;
    if (s[0] == '-' || s[0] == '#' || s[0] == '*' || s[0] == '.' || s[0] == '}')
        return false;
    bool letter = false;
    for (size_t i = 0; i < n;) {
        size_t k;
        unsigned cp = ja_cp_at(s + i, &k);
        /* a heading may be a question ("...是什么?"): its mark ends it */
        if ((cp == '?' || cp == 0xFF1F) && i + k == n && i > 0)
            break;
        /* a colon introduces a list ("...函数:- ..."): not a heading */
        if (cp == ';' || cp == '{' || cp == '}' || cp == '=' || cp == '<' || cp == '>' || ja_sentence_end(cp) ||
            cp == 0xFF1B || cp == ':' || cp == 0xFF1A)
            return false;
        if (cp >= 0x80 || (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z'))
            letter = true;
        i += k;
    }
    size_t k;
    const char *last = s + n - 1;
    while (last > s && ((unsigned char)*last & 0xC0) == 0x80)
        last--;
    unsigned end = ja_cp_at(last, &k);
    if (end == ':' || end == 0xFF1A || end == ',' || end == 0xFF0C || end == 0x3001)
        return false;
    return letter && ja_has_nonascii(s, n);
}

static void add_cand(ctx *c, size_t *cap, size_t start, size_t end)
{
    while (start < end && ja_is_sp(c->t[start]))
        start++;
    while (end > start && ja_is_sp(c->t[end - 1]))
        end--;
    if (c->ncands == *cap) {
        *cap = *cap ? *cap * 2 : 512;
        c->cands = realloc(c->cands, *cap * sizeof *c->cands);
        if (!c->cands)
            jt_fatal("out of memory");
    }
    cand *k = &c->cands[c->ncands++];
    k->start = start;
    k->end = end;
    k->text = strndup(c->t + start, end - start);
    k->doubtful = false;
    if (!k->text)
        jt_fatal("out of memory");
}

/* The English of a heading of the page (a section's or category's title). */
static const char *head_label(const head *h)
{
    if (h->kind == H_INTRO)
        return ((const jt_intro *)h->obj)->label;
    if (h->kind == H_CATEGORY)
        return ((const jt_category *)h->obj)->label;
    return NULL;
}

/* The line [s, e), spaces around it aside, is TEXT. */
static bool line_is(const ctx *c, size_t s, size_t e, const char *text)
{
    while (s < e && ja_is_sp(c->t[s]))
        s++;
    while (e > s && ja_is_sp(c->t[e - 1]))
        e--;
    return strlen(text) == e - s && !memcmp(c->t + s, text, e - s);
}

/* The line [s, e) is a heading the translation kept in English because it
 * is code. */
static bool kept_heading(const ctx *c, size_t s, size_t e)
{
    for (size_t i = 0; i < c->nheads; i++) {
        const char *l = head_label(&c->heads[i]);
        if (ja_code_title(l) && line_is(c, s, e, l))
            return true;
    }
    return false;
}

/* The line [s, e) is a heading of the page's own (an index). */
static bool page_heading(const ctx *c, size_t s, size_t e)
{
    for (size_t i = 0; i < ja_nchrome; i++) {
        size_t a, b;
        if ((ja_chrome[i].kind == CH_HEADING || ja_chrome[i].kind == CH_PART) &&
            ja_find_sq(c->t, s, e, ja_chrome[i].text, false, &a, &b)) {
            bool rest = false;
            for (size_t k = s; k < a; k++)
                rest |= !ja_is_sp(c->t[k]);
            for (size_t k = b; k < e; k++)
                rest |= !ja_is_sp(c->t[k]);
            if (!rest)
                return true;
        }
    }
    return false;
}

/* Whether the line at P starts with a name of the spec ("ClassFileLoadHook事件"):
 * a sentence the extraction broke before a code name goes on there.  An
 * acronym the translation keeps ("JVM TI函数...") is no name. */
static bool starts_with_name(const ctx *c, size_t p)
{
    size_t n = 0;
    while (p + n < c->len && ja_is_word(c->t[p + n]))
        n++;
    return n && jt_vocab_class(c->vocab, c->t + p, n) != 0;
}

/* A line that is a type's title as the text captions it ("jvmtiTimerInfo-
 * 计时器信息", ja_type_titles) is the type's heading, not a section's. */
static bool type_title_line(const ctx *c, size_t s, size_t e)
{
    for (size_t i = 0; i < c->ntitles; i++)
        if (c->type_titles[i] && line_is(c, s, e, c->type_titles[i]))
            return true;
    return false;
}

void ja_find_cands(ctx *c)
{
    size_t cap = 0;
    for (size_t l = 0; l < c->rt->nlines; l++) {
        size_t s = c->rt->line_start[l];
        size_t e = l + 1 < c->rt->nlines ? c->rt->line_start[l + 1] - 1 : c->len;
        if (s >= c->ftable && s < c->ftable_end)
            continue;           /* the function table's lines */
        if (page_heading(c, s, e) || type_title_line(c, s, e))
            continue;
        if (heading_like(c->t + s, e - s) || kept_heading(c, s, e)) {
            add_cand(c, &cap, s, e);
            continue;
        }
        /* a heading glued after the paragraph's last full stop */
        size_t last = 0;
        bool found = false;
        for (size_t i = s; i < e;) {
            size_t k;
            unsigned cp = ja_cp_at(c->t + i, &k);
            if (ja_sentence_end(cp))
                last = i + k, found = true;
            i += k;
        }
        if (found && last < e && ja_ncp(c->t + last, e - last) <= 12 && heading_like(c->t + last, e - last)) {
            bool clean = true;
            for (size_t i = last; i < e; i++)
                if (c->t[i] == '(' || c->t[i] == ')' || c->t[i] == ',' || c->t[i] == ':' || ja_is_word(c->t[i]))
                    clean = false;
            if (clean && !page_heading(c, last, e)) {
                add_cand(c, &cap, last, e);
                c->cands[c->ncands - 1].doubtful = starts_with_name(c, e + 1);
            }
        }
    }
}

static int cmp_head(const void *a, const void *b)
{
    const head *x = a, *y = b;
    return (x->order > y->order) - (x->order < y->order);
}

static void add_head(ctx *c, size_t *cap, hkind kind, const void *obj, const char *id, int order)
{
    if (c->nheads == *cap) {
        *cap = *cap ? *cap * 2 : 512;
        c->heads = realloc(c->heads, *cap * sizeof *c->heads);
        if (!c->heads)
            jt_fatal("out of memory");
    }
    head *h = &c->heads[c->nheads++];
    memset(h, 0, sizeof *h);
    h->kind = kind, h->obj = obj, h->id = id, h->order = order;
    h->anchor = -1, h->match = -1;
}

/* The function table: "<num> <title> jvmtiError (JNICALL *<id>)". */
char *ja_table_title(ctx *c, const jt_function *f, size_t *where)
{
    char pat[300];
    snprintf(pat, sizeof pat, "(JNICALL *%s)", f->id);
    size_t s, e;
    if (!ja_find_sq(c->t, 0, c->len, pat, false, &s, &e))
        return NULL;
    /* back over "jvmtiError " or "void " to the title */
    size_t i = s;
    while (i > 0 && ja_is_sp(c->t[i - 1]))
        i--;
    while (i > 0 && ja_is_word(c->t[i - 1]))
        i--;
    size_t tend = i;
    while (tend > 0 && ja_is_sp(c->t[tend - 1]))
        tend--;
    char num[32];
    int nn = snprintf(num, sizeof num, "%d ", f->num);
    /* the number before the title: search back at most 200 bytes */
    size_t lo = tend > 200 ? tend - 200 : 0;
    for (size_t j = tend; j-- > lo;) {
        if (c->t[j] == '\n' || c->t[j] == ';')
            break;
        if (j + (size_t)nn <= tend && memcmp(c->t + j, num, (size_t)nn) == 0 &&
            (j == 0 || !ja_is_word(c->t[j - 1]))) {
            size_t ts = j + (size_t)nn;
            if (ts >= tend)
                return NULL;
            *where = ts;
            return strndup(c->t + ts, tend - ts);
        }
    }
    return NULL;
}

void ja_build_heads(ctx *c)
{
    const jt_spec *s = c->spec;
    size_t cap = 0;
    for (size_t i = 0; i < s->nintros; i++)
        if (s->intros[i]->id && *s->intros[i]->id && s->intros[i]->label && *s->intros[i]->label &&
            !ja_hidden_intro(s->intros[i]))
            add_head(c, &cap, H_INTRO, s->intros[i], s->intros[i]->id, s->intros[i]->order);
    for (size_t i = 0; i < s->ncategories; i++)
        add_head(c, &cap, H_CATEGORY, s->categories[i], s->categories[i]->id, s->categories[i]->order);
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        if (!f->elided && !f->hide)
            add_head(c, &cap, H_FUNCTION, f, f->id, f->order);
    }
    for (size_t i = 0; i < s->ncallbacks; i++)
        if (!s->callbacks[i]->elided)
            add_head(c, &cap, H_CALLBACK, s->callbacks[i], s->callbacks[i]->id, s->callbacks[i]->order);
    for (size_t i = 0; i < s->nevents; i++)
        if (!s->events[i]->elided)
            add_head(c, &cap, H_EVENT, s->events[i], s->events[i]->id, s->events[i]->order);
    if (c->nheads)
        qsort(c->heads, c->nheads, sizeof *c->heads, cmp_head);

    /* the function table: where it starts bounds the page's headings */
    c->ftable = c->len;
    c->ftable_end = c->len;
    size_t last_title = 0;
    for (size_t i = 0; i < c->nheads; i++) {
        head *h = &c->heads[i];
        if (h->kind != H_FUNCTION)
            continue;
        size_t where;
        h->hint = ja_table_title(c, h->obj, &where);
        if (h->hint && where < c->ftable)
            c->ftable = where;
        if (h->hint && where > last_title)
            last_title = where;
    }
    if (c->ftable < c->len) {
        /* the table ends with the line of its last title */
        const char *nl = memchr(c->t + last_title, '\n', c->len - last_title);
        c->ftable_end = nl ? (size_t)(nl - c->t) + 1 : c->len;
    }
    /* the prototypes, in order */
    size_t from = 0;
    for (size_t i = 0; i < c->nheads; i++) {
        head *h = &c->heads[i];
        char pat[300];
        if (h->kind == H_FUNCTION)
            snprintf(pat, sizeof pat, "jvmtiError %s(jvmtiEnv", h->id);
        else if (h->kind == H_EVENT)
            snprintf(pat, sizeof pat, "JNICALL %s(jvmtiEnv", h->id);
        else if (h->kind == H_CALLBACK)
            snprintf(pat, sizeof pat, "(JNICALL *%s)", h->id);
        else
            continue;
        size_t s0, e0;
        if (ja_find_sq(c->t, from, c->len, pat, true, &s0, &e0) ||
            ja_find_sq(c->t, 0, c->len, pat, true, &s0, &e0)) {
            if (s0 >= c->ftable && h->kind != H_EVENT)
                continue;       /* the table's own line, not the prototype */
            h->anchor = (long)s0;
            if (s0 >= from)
                from = e0;
        }
    }
}

/* first strong identifier of an intro's body */
static bool first_ident(ctx *c, const jt_doc *d, char *out, size_t n)
{
    for (; d; d = d->next) {
        if (d->name && jt_ident_opaque_element(d->name))
            continue;
        if (!d->name && d->text) {
            size_t w;
            for (const char *p = d->text; (p = ja_next_word(p, &w)) != NULL; p += w)
                if (jt_vocab_class(c->vocab, p, w) == 2 && w < n) {
                    memcpy(out, p, w);
                    out[w] = '\0';
                    return true;
                }
        }
        if (d->name && d->children && first_ident(c, d->children, out, n))
            return true;
    }
    return false;
}

/* ---- a section's words that a translation keeps ---------------------------
 * Code-like words of a section's English (with '_' or a digit or an
 * uppercase letter after the first, three characters or more, or a link's
 * target) are kept by a translation; those the text has at most
 * RARE_MAX times tie the section's heading to the text that follows it. */
enum { RARE_MAX = 6, SPAN_MAX = 4000 };

/* Whether the word at [at, at+n) stands in translated prose: a non-ASCII
 * character next to it, spaces aside. */
static bool in_prose(const ctx *c, size_t at, size_t n)
{
    size_t b = at;
    while (b > 0 && ja_is_sp(c->t[b - 1]))
        b--;
    if (b > 0 && ((unsigned char)c->t[b - 1] & 0x80))
        return true;
    size_t e = at + n;
    while (e < c->len && ja_is_sp(c->t[e]))
        e++;
    return e < c->len && ((unsigned char)c->t[e] & 0x80);
}

static void add_tok(ctx *c, head *h, const char *w, size_t n)
{
    for (size_t i = 0; i < h->ntoks; i++)
        if (h->toks[i].nat && !memcmp(c->t + h->toks[i].at[0], w, n) && !ja_is_word(c->t[h->toks[i].at[0] + n]) &&
            (h->toks[i].at[0] == 0 || !ja_is_word(c->t[h->toks[i].at[0] - 1])))
            return;             /* have it */
    size_t at[RARE_MAX], nat = 0;
    bool prose[RARE_MAX];
    for (const char *p = c->t; (p = memmem(p, c->len - (size_t)(p - c->t), w, n)) != NULL; p += n) {
        if ((p > c->t && ja_is_word(p[-1])) || ja_is_word(p[n]))
            continue;
        bool pr = in_prose(c, (size_t)(p - c->t), n);
        if (!pr)
            continue;           /* C the page writes (a typedef, a table): not counted */
        if (nat == RARE_MAX) {
            nat = RARE_MAX + 1;
            break;
        }
        prose[nat] = pr;
        at[nat++] = (size_t)(p - c->t);
    }
    if (nat == 0 || nat > RARE_MAX)
        return;
    h->toks = realloc(h->toks, (h->ntoks + 1) * sizeof *h->toks);
    if (!h->toks)
        jt_fatal("out of memory");
    struct htok *k = &h->toks[h->ntoks++];
    k->at = malloc(nat * sizeof *k->at);
    if (!k->at)
        jt_fatal("out of memory");
    memcpy(k->at, at, nat * sizeof *k->at);
    k->prose = malloc(nat * sizeof *k->prose);
    if (!k->prose)
        jt_fatal("out of memory");
    memcpy(k->prose, prose, nat * sizeof *k->prose);
    k->nat = nat;
}

static void collect_toks(ctx *c, head *h, const jt_doc *d)
{
    for (; d; d = d->next) {
        if (d->name && !strcmp(d->name, "intro"))
            continue;           /* a nested section's words are its own */
        if (d->name && jt_ident_link_element(d->name) && !d->children) {
            const char *id = jt_doc_attr(d, "id");
            if (id && ja_code_like(id, strlen(id)))
                add_tok(c, h, id, strlen(id));
        }
        size_t w;
        if (!d->name && d->text)
            for (const char *p = d->text; (p = ja_next_word(p, &w)) != NULL; p += w)
                if (ja_code_like(p, w))
                    add_tok(c, h, p, w);
        if (d->children)
            collect_toks(c, h, d->children);
    }
}

/* How many of H's words the text has in [from, to): one for each in
 * prose, a half for each only in C. */
static double tok_hits(const head *h, size_t from, size_t to)
{
    double n = 0;
    for (size_t i = 0; i < h->ntoks; i++) {
        double best = 0;
        for (size_t k = 0; k < h->toks[i].nat; k++)
            if (h->toks[i].at[k] >= from && h->toks[i].at[k] < to && best < (h->toks[i].prose[k] ? 1.0 : 0.5))
                best = h->toks[i].prose[k] ? 1.0 : 0.5;
        n += best;
    }
    return n;
}

/* index of the first candidate at or after OFF */
static size_t cand_at(const ctx *c, size_t off)
{
    size_t lo = 0, hi = c->ncands;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->cands[mid].start < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static double pair_score(ctx *c, const head *h, size_t j, const char *intro_ident)
{
    const cand *k = &c->cands[j];
    double s = k->doubtful ? -1.5 : 0.2;
    const char *label = head_label(h);
    if (ja_code_title(label) && !strcmp(label, k->text))
        s += 3;                 /* a title that is code, kept as it is */
    if (h->anchor >= 0 && k->start < (size_t)h->anchor) {
        size_t after = cand_at(c, (size_t)h->anchor);
        size_t between = after - 1 - j;
        if (between == 0)
            s += 4;
        else if (between == 1)
            s += 3;
        else if (between == 2)
            s += 2;
    }
    if (h->hint) {
        if (!strcmp(h->hint, k->text))
            s += 3;
        else {
            double l = ja_likeness(h->hint, k->text);
            double r = ja_likeness(k->text, h->hint);
            double m = l < r ? l : r;
            if (m >= 0.6)
                s += 1.5 * m;
            else if (h->anchor < 0)
                return -1;      /* a function the text shows only in its table:
                                   its heading is lost, not this line */
        }
    }
    if (h->ntoks) {
        /* the section's words in the text up to the next heading-like line */
        size_t nx = j + 1;
        while (nx < c->ncands && c->cands[nx].doubtful)
            nx++;               /* most likely a sentence broken, no heading */
        size_t to = nx < c->ncands ? c->cands[nx].start : c->len;
        if (to > k->end + SPAN_MAX)
            to = k->end + SPAN_MAX;
        double hits = tok_hits(h, k->end, to);
        if (hits >= 2)
            s += 3.0 * hits / (double)h->ntoks;
        else if (hits > 0)
            s += 0.5;
    }
    if (intro_ident) {
        size_t a, b;
        size_t to = k->end + 800 < c->len ? k->end + 800 : c->len;
        if (ja_find_sq(c->t, k->end, to, intro_ident, false, &a, &b))
            s += 1;
    }
    return s;
}

void ja_align_heads(ctx *c)
{
    size_t H = c->nheads, C = c->ncands;
    if (!H || !C)
        return;
    char **idents = calloc(H, sizeof *idents);
    double *dp = malloc((H + 1) * (C + 1) * sizeof *dp);
    unsigned char *bt = malloc((H + 1) * (C + 1));
    if (!idents || !dp || !bt)
        jt_fatal("out of memory");
    for (size_t i = 0; i < H; i++)
        if (c->heads[i].kind == H_INTRO)
            collect_toks(c, &c->heads[i], ((const jt_intro *)c->heads[i].obj)->body);
    for (size_t i = 0; i < H; i++) {
        char id[128];
        if (c->heads[i].kind == H_INTRO && first_ident(c, ((const jt_intro *)c->heads[i].obj)->body, id, sizeof id))
            idents[i] = strdup(id);
    }
#define DP(i, j) dp[(i) * (C + 1) + (j)]
#define BT(i, j) bt[(i) * (C + 1) + (j)]
    for (size_t j = 0; j <= C; j++)
        DP(0, j) = 0, BT(0, j) = 2;
    for (size_t i = 1; i <= H; i++) {
        DP(i, 0) = 0, BT(i, 0) = 1;
        for (size_t j = 1; j <= C; j++) {
            double best = DP(i - 1, j);
            unsigned char how = 1;                  /* heading skipped */
            if (DP(i, j - 1) > best)
                best = DP(i, j - 1), how = 2;       /* line skipped */
            double m = DP(i - 1, j - 1) + pair_score(c, &c->heads[i - 1], j - 1, idents[i - 1]);
            if (m > best)
                best = m, how = 3;
            DP(i, j) = best, BT(i, j) = how;
        }
    }
    for (size_t i = H, j = C; i > 0 && j > 0;) {
        unsigned char how = BT(i, j);
        if (how == 3) {
            head *h = &c->heads[i - 1];
            h->match = (long)(j - 1);
            h->score = pair_score(c, h, j - 1, idents[i - 1]);
            i--, j--;
        } else if (how == 1)
            i--;
        else
            j--;
    }
#undef DP
#undef BT
    for (size_t i = 0; i < H; i++)
        free(idents[i]);
    free(idents);
    free(dp);
    free(bt);

    /* sure: evidence, or a one-to-one stretch between sure ones */
    for (size_t i = 0; i < H; i++)
        c->heads[i].sure = c->heads[i].match >= 0 && c->heads[i].score >= 2;
    long prev_h = -1, prev_c = -1;
    for (size_t i = 0; i <= H; i++) {
        if (i < H && !c->heads[i].sure)
            continue;
        long ci = i < H ? c->heads[i].match : (long)C;
        long nh = (long)i - prev_h - 1, nc = ci - prev_c - 1;
        if (nh > 0 && nh == nc) {
            bool all = true;
            for (long k = prev_h + 1; k < (long)i; k++)
                if (c->heads[k].match < 0)
                    all = false;
            if (all)
                for (long k = prev_h + 1; k < (long)i; k++)
                    c->heads[k].sure = true;
        }
        prev_h = (long)i, prev_c = ci;
    }
    /* sure: next to a sure pair in both orders (the heading before or
     * after a sure one and the heading-like line next to its line: a
     * category's title and its first function's), one step only */
    bool *next = calloc(H ? H : 1, sizeof *next);
    if (!next)
        jt_fatal("out of memory");
    for (size_t i = 0; i < H; i++) {
        const head *h = &c->heads[i];
        if (h->sure || h->match < 0 || c->cands[h->match].doubtful)
            continue;
        if ((i + 1 < H && c->heads[i + 1].sure && c->heads[i + 1].match == h->match + 1) ||
            (i > 0 && c->heads[i - 1].sure && c->heads[i - 1].match == h->match - 1 && c->heads[i - 1].match >= 0))
            next[i] = true;
    }
    for (size_t i = 0; i < H; i++)
        c->heads[i].sure |= next[i];
    free(next);
    /* blocks */
    size_t last = H;
    for (size_t i = H; i-- > 0;) {
        head *h = &c->heads[i];
        if (h->match < 0)
            continue;
        h->bstart = c->cands[h->match].end;
        h->bend = last < H ? c->cands[c->heads[last].match].start : c->len;
        if (h->bend < h->bstart)
            h->bend = h->bstart;
        last = i;
    }
}

/* The block an element of document order ORDER lies in: the last aligned
 * heading before it. */
const head *ja_block_of(const ctx *c, int order)
{
    const head *b = NULL;
    for (size_t i = 0; i < c->nheads && c->heads[i].order <= order; i++)
        if (c->heads[i].match >= 0)
            b = &c->heads[i];
    return b;
}

