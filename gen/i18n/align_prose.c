/* align_prose.c — step 4 of the overview at the top of align.c: the
 * descriptions of sections, functions, function types and events, less the
 * C the page writes around them, with the constants groups they hold cut
 * out and put back as placeholders. */
#include "i18n/align_int.h"

/* ---- 4. descriptions -------------------------------------------------------------- */

static void add_cut(cuts *cs, size_t s, size_t e, long opaque)
{
    if (e <= s)
        return;
    if (cs->n == cs->cap) {
        cs->cap = cs->cap ? cs->cap * 2 : 16;
        cs->c = realloc(cs->c, cs->cap * sizeof *cs->c);
        if (!cs->c)
            jt_fatal("out of memory");
    }
    cs->c[cs->n++] = (cut){ s, e, opaque };
}

static int cmp_cut(const void *a, const void *b)
{
    const cut *x = a, *y = b;
    return (x->s > y->s) - (x->s < y->s);
}

/* end of a balanced C fragment starting at P: through the matching ')' */
static size_t paren_end(const ctx *c, size_t p, size_t to)
{
    int depth = 0;
    for (size_t i = p; i < to; i++) {
        if (c->t[i] == '(')
            depth++;
        else if (c->t[i] == ')' && --depth == 0)
            return i + 1;
    }
    return p;
}

/* "typedef ... ;" with a { ... } body if it has one; its end */
static size_t typedef_end(const ctx *c, size_t p, size_t to)
{
    int depth = 0;
    for (size_t i = p; i < to; i++) {
        char ch = c->t[i];
        if (ch == '{')
            depth++;
        else if (ch == '}')
            depth--;
        else if (ch == ';' && depth <= 0)
            return i + 1;
        else if (ch == '\n' && depth <= 0)
            return p;
    }
    return p;
}

void ja_cut_c(const ctx *c, size_t from, size_t to, cuts *cs)
{
    /* typedefs and struct declarations the page shows */
    static const char *const starts[] = { "typedef ", "struct _" };
    for (size_t k = 0; k < 2; k++)
        for (size_t at = from; at < to;) {
            const char *hit = memmem(c->t + at, to - at, starts[k], strlen(starts[k]));
            if (!hit)
                break;
            size_t p = (size_t)(hit - c->t);
            size_t e = typedef_end(c, p, to);
            if (e > p)
                add_cut(cs, p, e, -1);
            at = (e > p ? e : p + 1);
        }
}

/* The constants group G's table in [from, to): from its title to its last
 * row's end.  Returns false when its title is not there. */
bool ja_group_span(ctx *c, const jt_constants *g, size_t from, size_t to, size_t *gs, size_t *ge, rowset *rows)
{
    char pat[300];
    snprintf(pat, sizeof pat, "(%s)", g->id);
    size_t s, e;
    if (!ja_find_sq(c->t, from, to, pat, false, &s, &e))
        return false;
    /* the title before "( id)": back to a stop */
    size_t b = s;
    while (b > from && ja_is_sp(c->t[b - 1]))
        b--;
    size_t lo = b > 60 ? b - 60 : 0;
    size_t title = ja_phrase_start(c, b, lo < from ? from : lo, SIZE_MAX, NULL);
    /* rows: the last one found of this group */
    size_t end = e;
    for (size_t i = 0; i < rows->n; i++)
        if (rows->r[i].kind == RK_CONST && rows->r[i].found && rows->r[i].ks >= e && rows->r[i].ks < to) {
            const char *id = rows->r[i].u->ctx;
            for (size_t k = 0; k < g->nconstants; k++)
                if (!strcmp(g->constants[k].id, id) && rows->r[i].ke > end)
                    end = rows->r[i].ke;
        }
    *gs = title;
    *ge = end;
    return true;
}

static char *cut_text(const ctx *c, size_t from, size_t to, cuts *cs)
{
    if (cs->n)
        qsort(cs->c, cs->n, sizeof *cs->c, cmp_cut);
    sbuf b = { 0 };
    size_t at = from;
    for (size_t i = 0; i < cs->n; i++) {
        cut *k = &cs->c[i];
        if (k->e <= at || k->s >= to)
            continue;
        size_t s = k->s < at ? at : k->s;
        ja_sb_addn(&b, c->t + at, s - at);
        if (k->opaque >= 0) {
            /* the element is a block of its own: the line breaks the
             * extraction put around it are not paragraphs */
            if (b.n && b.s[b.n - 1] == '\n')
                b.s[--b.n] = '\0';
            char mk[32];
            snprintf(mk, sizeof mk, "%c%ld%c", MARK_OPEN, k->opaque, MARK_CLOSE);
            ja_sb_add(&b, mk);
        }
        at = k->e < to ? k->e : to;
        if (k->opaque >= 0 && at < to && c->t[at] == '\n')
            at++;
    }
    if (at < to)
        ja_sb_addn(&b, c->t + at, to - at);
    return ja_sb_take(&b);
}

/* The index among the English's copied elements of <constants id=ID>. */
static long opaque_index(const char *msgid, const char *element, const char *id)
{
    english en;
    if (!ja_english_of(msgid, &en))
        return -1;
    long found = -1;
    char want[300];
    snprintf(want, sizeof want, "id=\"%s\"", id);
    for (size_t i = 0; i < en.no && found < 0; i++)
        if (!strcmp(en.opaque_name[i], element) && strstr(en.opaque[i], want))
            found = (long)i;
    ja_english_free(&en);
    return found;
}

/* A function's prototype whose name the translation translated
 * ("jvmtiError 获取功能(jvmtiEnv* env, ..."): PROTO's return type, a name
 * without spaces, and "(jvmtiEnv"; [*s, *e) up to the '('. */
static bool translated_proto(const ctx *c, const char *proto, size_t from, size_t to, size_t *s, size_t *e)
{
    static const char ret[] = "jvmtiError ";
    if (strncmp(proto, ret, sizeof ret - 1) != 0)
        return false;
    for (size_t at = from, a, b; ja_find_sq(c->t, at, to, ret, false, &a, &b); at = b) {
        size_t n = b;
        while (n < to && ja_is_sp(c->t[n]))
            n++;
        size_t p = n;
        while (p < to && p - n < 80 && c->t[p] != '(' && c->t[p] != ' ' && c->t[p] != '\n')
            p++;
        size_t ps, pe;
        if (p > n && p < to && c->t[p] == '(' && ja_find_sq(c->t, p, to, "(jvmtiEnv", false, &ps, &pe) && ps == p) {
            *s = a, *e = p + 1;
            return true;
        }
    }
    return false;
}

/* A description or section in [from, to): less the C, with its constants
 * groups as placeholders. */
static void place_prose(ctx *c, jt_aunit *u, size_t from, size_t to, rowset *rows, const char *proto,
                        bool sure)
{
    if (!u || to <= from)
        return;
    cuts cs = { 0 };
    ja_cut_c(c, from, to, &cs);
    if (proto) {
        size_t s, e;
        if (ja_find_sq(c->t, from, to, proto, true, &s, &e) || translated_proto(c, proto, from, to, &s, &e)) {
            size_t pe = paren_end(c, s + (strchr(c->t + s, '(') - (c->t + s)), to);
            add_cut(&cs, s, pe > e ? pe : e, -1);
        }
    }
    /* the constants groups of the spec this text holds */
    for (size_t g = 0; g < c->spec->nconstants; g++) {
        const jt_constants *grp = c->spec->constants[g];
        long k = opaque_index(u->msgid, "constants", grp->id);
        if (k < 0)
            continue;
        size_t gs, ge;
        if (ja_group_span(c, grp, from, to, &gs, &ge, rows))
            add_cut(&cs, gs, ge, k);
    }
    /* the code a translation copies as it is (<example>, <pre>): where the
     * text shows it, the English element goes in its place */
    english en;
    if (ja_english_of(u->msgid, &en)) {
        for (size_t i = 0; i < en.no; i++) {
            if (strcmp(en.opaque_name[i], "example") != 0 && strcmp(en.opaque_name[i], "pre") != 0)
                continue;
            xmlDocPtr x = ja_parse_fragment(en.opaque[i]);
            if (!x || !xmlDocGetRootElement(x)) {
                xmlFreeDoc(x);
                continue;
            }
            sbuf b = { 0 };
            ja_text_of(xmlDocGetRootElement(x)->children, &b);
            xmlFreeDoc(x);
            char *code = ja_sb_take(&b);
            /* trimmed; at least a few characters, or it would match anywhere */
            char *cs0 = code;
            while (*cs0 && (ja_is_sp(*cs0) || *cs0 == '\n'))
                cs0++;
            size_t cl = strlen(cs0);
            while (cl && (ja_is_sp(cs0[cl - 1]) || cs0[cl - 1] == '\n'))
                cs0[--cl] = '\0';
            size_t a, e;
            if (cl >= 8 && ja_find_sq(c->t, from, to, cs0, true, &a, &e))
                add_cut(&cs, a, e, (long)i);
            free(code);
        }
        ja_english_free(&en);
    }
    /* nested sections: their text is theirs; the placeholder goes at the end */
    char *zh = cut_text(c, from, to, &cs);
    free(cs.c);
    ja_place(c, u, zh, from, sure);
}

/* The phase row before the capabilities table: "...<num><since>" at the
 * end of a function's prose; its start. */
static size_t phase_row(const ctx *c, const jt_function *f, size_t from, size_t to)
{
    char tail[64];
    snprintf(tail, sizeof tail, "%d%s", f->num, f->since ? f->since : "1.0");
    size_t e = to;
    while (e > from && (ja_is_sp(c->t[e - 1]) || c->t[e - 1] == '\n'))
        e--;
    size_t n = strlen(tail);
    if (e - from < n || memcmp(c->t + e - n, tail, n) != 0)
        return to;
    /* back to the prototype's end or the last sentence's */
    size_t i = e - n;
    while (i > from) {
        size_t j = i - 1;
        while (j > from && ((unsigned char)c->t[j] & 0xC0) == 0x80)
            j--;
        size_t k;
        unsigned cp = ja_cp_at(c->t + j, &k);
        if (cp == ')' || ja_sentence_end(cp) || cp == '\n')
            return i;
        i = j;
    }
    return i;
}

void ja_do_function(ctx *c, const head *h, const head *blk)
{
    const jt_function *f = h->obj;
    rowset rs = { 0 };
    ja_uses_rows(c, &rs, f->id, f->required, f->nrequired, NULL, 0);
    ja_uses_rows(c, &rs, f->id, f->optional, f->noptional, f->errors, f->nerrors);
    ja_params_rows(c, &rs, RK_PARAM, f->id, f->params, f->nparams);
    for (size_t i = 0; i < f->ntypedefs; i++) {
        const jt_typedef *td = f->typedefs[i];
        ja_params_rows(c, &rs, RK_FIELD, td->id, td->fields, td->nfields);
    }
    for (size_t g = 0; g < c->spec->nconstants; g++)
        if (c->spec->constants[g]->owner == f)
            ja_group_rows(c, &rs, c->spec->constants[g]);
    size_t from = blk->bstart, to = blk->bend;
    ja_find_rows(c, &rs, from, to);
    bool sure = blk == h && h->sure;
    ja_place_rows(c, &rs, to, blk->sure);
    if (blk == h) {
        /* the description: to the first row or table header */
        size_t end = to;
        for (size_t i = 0; i < rs.n; i++)
            if (rs.r[i].found && rs.r[i].kind != RK_CONST && rs.r[i].ks < end)
                end = rs.r[i].ks;
        rowset none = { 0 };
        end = ja_next_stop(c, &none, from, end, false);
        end = phase_row(c, f, from, end);
        char proto[300];
        snprintf(proto, sizeof proto, "jvmtiError %s(", f->id);
        place_prose(c, ja_unit(c, f->id, false), from, end, &rs, proto, sure);
    }
    ja_free_rows(&rs);
}

void ja_do_callback(ctx *c, const head *h, const head *blk)
{
    const jt_callback *cb = h->obj;
    rowset rs = { 0 };
    ja_params_rows(c, &rs, RK_PARAM, cb->id, cb->params, cb->nparams);
    ja_find_rows(c, &rs, blk->bstart, blk->bend);
    ja_place_rows(c, &rs, blk->bend, blk->sure);
    if (blk == h) {
        size_t end = blk->bend;
        for (size_t i = 0; i < rs.n; i++)
            if (rs.r[i].found && rs.r[i].ks < end)
                end = rs.r[i].ks;
        rowset none = { 0 };
        end = ja_next_stop(c, &none, blk->bstart, end, false);
        place_prose(c, ja_unit(c, cb->id, false), blk->bstart, end, &rs, NULL, h->sure);
        if (h->sure)
            ja_place(c, ja_unit(c, cb->id, true), ja_xstrdup(c->cands[h->match].text), c->cands[h->match].start, true);
    }
    ja_free_rows(&rs);
}

void ja_do_event(ctx *c, const head *h, const head *blk)
{
    const jt_event *ev = h->obj;
    rowset rs = { 0 };
    ja_uses_rows(c, &rs, ev->id, ev->required, ev->nrequired, NULL, 0);
    ja_uses_rows(c, &rs, ev->id, ev->optional, ev->noptional, NULL, 0);
    ja_params_rows(c, &rs, RK_PARAM, ev->id, ev->params, ev->nparams);
    for (size_t i = 0; i < ev->ntypedefs; i++)
        ja_params_rows(c, &rs, RK_FIELD, ev->typedefs[i]->id, ev->typedefs[i]->fields, ev->typedefs[i]->nfields);
    for (size_t g = 0; g < c->spec->nconstants; g++)
        if (c->spec->constants[g]->owner == ev)
            ja_group_rows(c, &rs, c->spec->constants[g]);
    ja_find_rows(c, &rs, blk->bstart, blk->bend);
    ja_place_rows(c, &rs, blk->bend, blk->sure);
    if (blk == h) {
        size_t end = blk->bend;
        for (size_t i = 0; i < rs.n; i++)
            if (rs.r[i].found && rs.r[i].kind != RK_CONST && rs.r[i].ks < end)
                end = rs.r[i].ks;
        rowset none = { 0 };
        end = ja_next_stop(c, &none, blk->bstart, end, false);
        char proto[300];
        snprintf(proto, sizeof proto, "JNICALL %s(", ev->id);
        size_t s, e;
        /* "void JNICALL X(...)": the "void" goes with it */
        if (ja_find_sq(c->t, blk->bstart, end, proto, true, &s, &e) && s >= 5 && !memcmp(c->t + s - 5, "void ", 5))
            snprintf(proto, sizeof proto, "void JNICALL %s(", ev->id);
        place_prose(c, ja_unit(c, ev->id, false), blk->bstart, end, &rs, proto, h->sure);
        if (h->sure)
            ja_place(c, ja_unit(c, ev->id, true), ja_xstrdup(c->cands[h->match].text), c->cands[h->match].start, true);
    }
    ja_free_rows(&rs);
}

void ja_do_intro(ctx *c, const head *h)
{
    const jt_intro *in = h->obj;
    if (h->match < 0)
        return;
    rowset rs = { 0 };
    for (size_t g = 0; g < c->spec->nconstants; g++) {
        const jt_constants *grp = c->spec->constants[g];
        if (grp->owner_kind == JT_T_NONE && ja_block_of(c, grp->order) == h)
            ja_group_rows(c, &rs, grp);
    }
    ja_find_rows(c, &rs, h->bstart, h->bend);
    ja_place_rows(c, &rs, h->bend, h->sure || ja_rows_sure(&rs, 2));
    /* the section: to its block's end, or a table header, or a type's fields */
    size_t end = ja_next_stop(c, &(rowset){ 0 }, h->bstart, h->bend, false);
    place_prose(c, ja_unit(c, in->id, false), h->bstart, end, &rs, NULL, h->sure);
    if (h->sure)
        ja_place(c, ja_unit(c, in->id, true), ja_xstrdup(c->cands[h->match].text), c->cands[h->match].start, true);
    ja_free_rows(&rs);
}

