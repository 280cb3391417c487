/* suggest.c — the closest known word to a mistyped one (see suggest.h).
 *
 * Words are compared without their leading dashes and in lower case, by
 * edit distance with swaps of neighbours (Damerau's restricted form: "--hedaer"
 * is one step from "--header").  A word that differs only in dashes or
 * case wins over any other; ties go to the earlier candidate, so callers
 * list their words in the order they prefer them.  jt_unknown_option
 * builds the whole message for getopt_long's '?', so that jvmtigen and
 * each of its subcommands name a mistyped option the same way. */
#include "util/suggest.h"

#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
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

/* getopt_long's '?' (see suggest.h). */
const char *jt_unknown_option(int argc, char **argv, int prev, const struct option *opts, const char *shorts,
                              const char *const *extra)
{
    static char msg[600];
    const char *word;
    if (optopt == 0)                    /* a long option: getopt went past it */
        word = argv[optind - 1];
    else if (optind > prev && argv[optind - 1][0] == '-' && argv[optind - 1][1])
        word = argv[optind - 1];        /* the last letter of its word */
    else                                /* a letter inside the word getopt is in */
        word = optind < argc ? argv[optind] : argv[optind - 1];
    size_t len = strcspn(word, "=");
    /* an abbreviation of more than one long option */
    if (word[0] == '-' && word[1] == '-' && word[2]) {
        int n = 0;
        for (const struct option *o = opts; o->name; o++)
            n += strncmp(o->name, word + 2, len - 2) == 0;
        if (n > 1) {
            int at = snprintf(msg, sizeof msg, "option %.*s is ambiguous:", (int)(len > 100 ? 100 : len), word);
            for (const struct option *o = opts; o->name && at < (int)sizeof msg - 50; o++)
                if (strncmp(o->name, word + 2, len - 2) == 0)
                    at += snprintf(msg + at, sizeof msg - (size_t)at, " --%s", o->name);
            return msg;
        }
    }
    const char *known[96];
    char names[96][40];
    size_t n = 0;
    for (const struct option *o = opts; o->name && n < 80; o++) {
        snprintf(names[n], sizeof names[n], "--%s", o->name);
        known[n] = names[n];
        n++;
    }
    for (const char *c = shorts; *c && n < 90; c++)
        if (*c != ':') {
            snprintf(names[n], sizeof names[n], "-%c", *c);
            known[n] = names[n];
            n++;
        }
    for (size_t i = 0; extra && extra[i] && n < 96; i++)
        known[n++] = extra[i];
    const char *near = jt_suggest(word, known, n);
    snprintf(msg, sizeof msg, "unknown option %.*s%s%s%s", (int)(len > 200 ? 200 : len), word,
             near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
    return msg;
}

int jt_usage_error(const char *command, const char *msg, const char *arg)
{
    fprintf(stderr, "jvmtigen %s: error: %s%s\nTry 'jvmtigen %s --help' for more information.\n", command, msg,
            arg ? arg : "", command);
    return 2;
}
