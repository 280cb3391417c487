/* suggest.c — the closest known word to a mistyped one (see suggest.h).
 *
 * Words are compared without their leading dashes and in lower case, by
 * edit distance with swaps of neighbours (Damerau's restricted form: "--hedaer"
 * is one step from "--header").  A word that differs only in dashes or
 * case wins over any other; ties go to the earlier candidate, so callers
 * list their words in the order they prefer them. */
#include "util/suggest.h"

#include <ctype.h>
#include <string.h>

#define MAXW 64     /* longer words are never close to an option name */

static size_t fold(const char *s, char *out)
{
    while (*s == '-')
        s++;
    size_t n = 0;
    for (; *s && *s != '=' && n < MAXW; s++)
        out[n++] = (char)tolower((unsigned char)*s);
    out[n] = '\0';
    return n;
}

static size_t min3(size_t a, size_t b, size_t c)
{
    size_t m = a < b ? a : b;
    return m < c ? m : c;
}

static size_t distance(const char *a, size_t la, const char *b, size_t lb)
{
    size_t d[MAXW + 1][MAXW + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < d[i][j])
                d[i][j] = d[i - 2][j - 2] + 1;
        }
    return d[la][lb];
}

const char *jt_suggest(const char *typed, const char *const *candidates, size_t n)
{
    char t[MAXW + 1], c[MAXW + 1];
    size_t lt = fold(typed, t);
    if (lt == 0)
        return NULL;
    size_t limit = lt / 3;
    const char *best = NULL;
    size_t best_d = limit + 1;
    for (size_t i = 0; i < n; i++) {
        size_t lc = fold(candidates[i], c);
        size_t d = distance(t, lt, c, lc);
        if (d == 0)
            return candidates[i];
        if (d < best_d) {
            best_d = d;
            best = candidates[i];
        }
    }
    return best;
}
