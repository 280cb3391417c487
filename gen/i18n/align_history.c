/* align_history.c — step 8 of the overview at the top of align.c: the
 * change history's rows, matched by their dates. */
#include "i18n/align_int.h"

/* ---- 8. the change history ------------------------------------------------------------
 * A table of rows "<date> <change> <version>" after the function table.
 * A translation writes the dates its own way but keeps their numbers:
 * year, month and day in that order, each followed by one character that
 * is not a digit ("2002年11月14日", "2002-11-14").  Changes are matched to
 * the text's dates in order, each to an equal date among the next few
 * (a row the text lost is skipped; the next one gets back into step); a
 * row runs to the next date of the text, less the version at its end.
 * Changes of one day are sure only when the text has as many rows of it
 * together. */

static int month_of(const char *w, size_t n)
{
    static const char *const months[] = { "jan", "feb", "mar", "apr", "may", "jun",
                                          "jul", "aug", "sep", "oct", "nov", "dec" };
    if (n < 3)
        return 0;
    for (int m = 0; m < 12; m++) {
        bool same = true;
        for (size_t i = 0; i < 3; i++)
            if ((w[i] | 0x20) != months[m][i])
                same = false;
        if (same)
            return m + 1;
    }
    return 0;
}

/* The spec's "14 Nov 2002" as y*10000 + m*100 + d; 0 if not a date. */
static long en_date(const char *s)
{
    if (!s)
        return 0;
    char *e;
    long d = strtol(s, &e, 10);
    while (*e == ' ')
        e++;
    const char *w = e;
    while ((*e | 0x20) >= 'a' && (*e | 0x20) <= 'z')
        e++;
    int m = month_of(w, (size_t)(e - w));
    long y = strtol(e, NULL, 10);
    return m && d > 0 && d <= 31 && y > 1900 ? y * 10000 + m * 100 + d : 0;
}

/* The date the text writes at P (numbers: year, month, day; or the
 * English's own "14 Nov 2002", left as it is), as en_date does, and its
 * end; 0 if none. */
static long text_date(const ctx *c, size_t p, size_t *end)
{
    if (p > 0 && c->t[p - 1] >= '0' && c->t[p - 1] <= '9')
        return 0;
    {
        /* "14 Nov 2002" */
        size_t i = p;
        while (i < c->len && i - p < 2 && c->t[i] >= '0' && c->t[i] <= '9')
            i++;
        if (i > p && i < c->len && c->t[i] == ' ') {
            size_t w = ++i;
            while (i < c->len && ((c->t[i] | 0x20) >= 'a' && (c->t[i] | 0x20) <= 'z'))
                i++;
            size_t y = i + 1;
            if (i < c->len && c->t[i] == ' ' && month_of(c->t + w, i - w) && y + 4 <= c->len) {
                bool four = true;
                for (size_t k = y; k < y + 4; k++)
                    four = four && c->t[k] >= '0' && c->t[k] <= '9';
                if (four && (y + 4 == c->len || !(c->t[y + 4] >= '0' && c->t[y + 4] <= '9'))) {
                    char buf[32];
                    snprintf(buf, sizeof buf, "%.*s", (int)(y + 4 - p), c->t + p);
                    long v = en_date(buf);
                    if (v) {
                        *end = y + 4;
                        return v;
                    }
                }
            }
        }
    }
    long v[3];
    size_t i = p;
    for (int k = 0; k < 3; k++) {
        size_t s = i;
        long n = 0;
        while (i < c->len && c->t[i] >= '0' && c->t[i] <= '9' && i - s < 4)
            n = n * 10 + (c->t[i++] - '0');
        if (i == s || i - s != (k == 0 ? 4u : i - s) || (k > 0 && i - s > 2) || i >= c->len)
            return 0;
        size_t l;
        unsigned cp = ja_cp_at(c->t + i, &l);
        if ((cp >= '0' && cp <= '9') || cp == ' ' || cp == '\n' || (cp < 0x80 && ja_is_word((char)cp)))
            return 0;
        i += l;
        v[k] = n;
    }
    if (v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > 31)
        return 0;
    *end = i;
    return v[0] * 10000 + v[1] * 100 + v[2];
}

enum { HISTORY_LOOKAHEAD = 4 };

void ja_do_history(ctx *c)
{
    const jt_spec *s = c->spec;
    if (!s->nchanges)
        return;
    size_t from = c->ftable < c->len ? c->ftable_end : 0;
    /* the text's dates, in order */
    size_t *ds = NULL, *de = NULL, nd = 0, cap = 0;
    long *dv = NULL;
    for (size_t p = from; p < c->len; p++) {
        if (c->t[p] < '0' || c->t[p] > '9')
            continue;
        size_t e;
        long v = text_date(c, p, &e);
        if (!v)
            continue;
        if (nd == cap) {
            cap = cap ? cap * 2 : 256;
            ds = realloc(ds, cap * sizeof *ds), de = realloc(de, cap * sizeof *de), dv = realloc(dv, cap * sizeof *dv);
            if (!ds || !de || !dv)
                jt_fatal("out of memory");
        }
        ds[nd] = p, de[nd] = e, dv[nd++] = v;
        p = e - 1;
    }
    /* the introduction: after the page's update date and version, to the
     * first date (less the table's header) */
    if (nd) {
        size_t a, b, at = from;
        if (s->changehistory_update && ja_find_sq(c->t, at, ds[0], s->changehistory_update, false, &a, &b)) {
            at = b;
            const char *ver = s->changes[s->nchanges - 1].version;
            bool sure = ver && ja_find_sq(c->t, at, ds[0], ver, false, &a, &b);
            if (sure)
                at = b;
            size_t end = ja_next_stop(c, &(rowset){ 0 }, at, ds[0], false);
            ja_place(c, ja_unit(c, "ChangeHistory", false), strndup(c->t + at, end - at), at, sure);
        }
    }
    size_t k = 0;
    for (size_t i = 0; i < s->nchanges && k < nd; i++) {
        const jt_change *ch = &s->changes[i];
        long want = en_date(ch->date);
        size_t hit = nd;
        for (size_t j = k; j < nd && j < k + HISTORY_LOOKAHEAD; j++)
            if (dv[j] == want) {
                hit = j;
                break;
            }
        if (hit == nd)
            continue;
        k = hit + 1;
        char cx[512];
        snprintf(cx, sizeof cx, "ChangeHistory/%s", ch->date);
        size_t nth = 0;
        for (size_t q = 0; q < i; q++)
            nth += s->changes[q].date && !strcmp(s->changes[q].date, ch->date);
        jt_aunit *u = ja_unit_nth(c, cx, false, nth);
        if (!u)
            continue;
        size_t rs = de[hit], re = hit + 1 < nd ? ds[hit + 1] : c->len;
        /* the version column at the row's end */
        size_t e = re;
        while (e > rs && (ja_is_sp(c->t[e - 1]) || c->t[e - 1] == '\n'))
            e--;
        size_t v = e;
        while (v > rs && (ja_is_word(c->t[v - 1]) || c->t[v - 1] == '.'))
            v--;
        if (v < e && (v == rs || ja_is_sp(c->t[v - 1]) || ((unsigned char)c->t[v - 1] & 0x80)) &&
            ((ch->version && e - v == strlen(ch->version) && !memcmp(c->t + v, ch->version, e - v)) ||
             (!ch->version && c->t[v] >= '0' && c->t[v] <= '9' && memchr(c->t + v, '.', e - v))))
            e = v;
        /* several changes of one day: sure only when the text has as
         * many rows of that day together (else which one did it lose?) */
        size_t sa = i, sb = i + 1, ta = hit, tb = hit + 1;
        while (sa > 0 && en_date(s->changes[sa - 1].date) == want)
            sa--;
        while (sb < s->nchanges && en_date(s->changes[sb].date) == want)
            sb++;
        while (ta > 0 && dv[ta - 1] == want)
            ta--;
        while (tb < nd && dv[tb] == want)
            tb++;
        ja_place(c, u, strndup(c->t + rs, e - rs), rs, sb - sa == tb - ta);
    }
    free(ds), free(de), free(dv);
}

