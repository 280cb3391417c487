/* align_titles.c — step 5 of the overview at the top of align.c: the
 * titles of what has no heading of its own (functions from the function
 * table, types and constants groups from their inline titles), and the
 * types' headings and descriptions. */
#include "i18n/align_int.h"

/* ---- 5. titles of what has no heading ----------------------------------------------- */

/* "<id>- <title>" anywhere: the shortest such title; or "<title> ( <id>)". */
char *ja_inline_title(ctx *c, const char *id, size_t *where)
{
    char *best = NULL;
    size_t bestn = SIZE_MAX;
    char pat[300];
    snprintf(pat, sizeof pat, "%s-", id);
    size_t s, e;
    for (size_t at = 0; at < c->len && ja_find_sq(c->t, at, c->len, pat, false, &s, &e); at = e) {
        if (s > 0 && ja_is_word(c->t[s - 1]))
            continue;
        size_t p = e;
        while (p < c->len && ja_is_sp(c->t[p]))
            p++;
        size_t q = p;
        while (q < c->len) {
            size_t k;
            unsigned cp = ja_cp_at(c->t + q, &k);
            if (cp == '\n' || (cp < 0x80 && (ja_is_word((char)cp) || cp == '(')) || ja_sentence_end(cp) ||
                cp == 0xFF1A)
                break;
            q += k;
        }
        while (q > p && ja_is_sp(c->t[q - 1]))
            q--;
        if (q > p && q - p < bestn && ja_has_nonascii(c->t + p, q - p)) {
            free(best);
            best = strndup(c->t + p, q - p);
            bestn = q - p;
            *where = p;
        }
    }
    return best;
}

/* Each type's title as the text captions it, once (ja_inline_title reads
 * the whole text): the headings' step and the types' descriptions ask. */
void ja_type_titles(ctx *c)
{
    c->ntitles = c->spec->ntypedefs;
    c->type_titles = calloc(c->ntitles ? c->ntitles : 1, sizeof *c->type_titles);
    if (!c->type_titles)
        jt_fatal("out of memory");
    for (size_t i = 0; i < c->ntitles; i++) {
        size_t where;
        c->type_titles[i] = ja_inline_title(c, c->spec->typedefs[i]->id, &where);
    }
}

const char *ja_type_title(const ctx *c, const jt_typedef *td)
{
    for (size_t i = 0; i < c->ntitles; i++)
        if (c->spec->typedefs[i] == td)
            return c->type_titles[i];
    return NULL;
}

void ja_place_title(ctx *c, jt_aunit *u, const char *id)
{
    if (!u)
        return;
    size_t where = 0;
    char *t = ja_inline_title(c, id, &where);
    if (t)
        ja_place(c, u, t, where, true);
}

/* A type's heading and description.  The page shows a type as its heading
 * (its title), its description, its C definition and its table, captioned
 * "<id>- <title>"; the text glues the heading to the end of the paragraph
 * before it and breaks the line after it, so the description is the text
 * from the start of the line that holds "typedef ... } <id>;" (or from its
 * title, where that line repeats it) to the "typedef".  The line before
 * must end with the heading: a run of translated text holding the
 * caption's title (the heading may word it a little differently).
 * False when the text does not show the type so. */
static bool type_head(const ctx *c, const jt_typedef *td, size_t *hs_out, size_t *ds, size_t *de)
{
    const char *title = ja_type_title(c, td);
    if (!title)
        return false;
    char pat[300];
    snprintf(pat, sizeof pat, "} %s;%s-", td->id, td->id);
    size_t s, e;
    if (!ja_find_sq(c->t, 0, c->len, pat, false, &s, &e)) {
        return false;
    }
    /* the "typedef" this definition starts with, on the same line */
    size_t ls = s;
    while (ls > 0 && c->t[ls - 1] != '\n')
        ls--;
    const char *td_at = NULL;
    for (const char *p = c->t + ls; (p = memmem(p, (size_t)(c->t + s - p), "typedef ", 8)) != NULL; p += 8)
        td_at = p;
    if (!td_at || ls == 0) {
        return false;
    }
    size_t end = (size_t)(td_at - c->t), start = ls;
    /* the line before ends with the heading */
    size_t hs = ls - 1;
    while (hs > 0) {
        size_t k = hs - 1;
        while (k > 0 && ((unsigned char)c->t[k] & 0xC0) == 0x80)
            k--;
        size_t n;
        unsigned cp = ja_cp_at(c->t + k, &n);
        if (cp == '\n' || cp < 0x80 || ja_sentence_end(cp))
            break;
        hs = k;
    }
    char *heading = strndup(c->t + hs, ls - 1 - hs);
    bool ok = heading && *heading && ja_likeness(title, heading) >= 0.8;
    free(heading);
    /* a title repeated on the line: the description starts after it */
    size_t a, b;
    if (ok && ja_find_sq(c->t, start, end, title, false, &a, &b))
        start = b;
    if (!ok)
        return false;
    *hs_out = hs, *ds = start, *de = end;
    return true;
}

void ja_type_heads(ctx *c)
{
    for (size_t i = 0; i < c->spec->ntypedefs; i++) {
        size_t hs, ds, de;
        if (!type_head(c, c->spec->typedefs[i], &hs, &ds, &de))
            continue;
        c->theads = realloc(c->theads, (c->ntheads + 1) * sizeof *c->theads);
        if (!c->theads)
            jt_fatal("out of memory");
        size_t he = hs;
        while (he < c->len && c->t[he] != '\n')
            he++;
        c->theads[c->ntheads++] = (struct tspan){ hs, he };
    }
}

void ja_type_description(ctx *c, const jt_typedef *td)
{
    jt_aunit *u = ja_unit(c, td->id, false);
    if (!u || (u->msgstr && !u->fuzzy))
        return;
    size_t hs, start, end;
    if (type_head(c, td, &hs, &start, &end) && start < end)
        ja_place(c, u, strndup(c->t + start, end - start), start, true);
}

