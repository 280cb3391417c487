/* html_legal.c — split the spec's leading comment into copyright notice and
 * licence (see html_legal.h).  Line-based: blank lines end paragraphs, the
 * smallest indentation of the non-blank lines is removed from all. */
#include "emit/html_legal.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isspace((unsigned char)s[i]))
            return false;
    return true;
}

/* Copies lines [from, to) of TEXT (line starts in START, lengths in LEN),
 * each without its first INDENT characters, joined by "\n". */
static char *join(const char *const *start, const size_t *len, size_t from, size_t to, size_t indent)
{
    size_t total = 1;
    for (size_t i = from; i < to; i++)
        total += len[i] + 1;
    char *out = malloc(total), *p = out;
    if (!out)
        return NULL;
    for (size_t i = from; i < to; i++) {
        size_t skip = len[i] < indent ? len[i] : indent;
        size_t n = len[i] - skip;
        while (n > 0 && isspace((unsigned char)start[i][skip + n - 1]))
            n--;                                    /* trailing blanks */
        memcpy(p, start[i] + skip, n);
        p += n;
        if (i + 1 < to)
            *p++ = '\n';
    }
    *p = '\0';
    return out;
}

int jt_legal_split(const char *comment, jt_legal *out)
{
    out->notice = out->licence = NULL;
    if (!comment)
        comment = "";
    size_t nlines = 1;
    for (const char *c = comment; *c; c++)
        nlines += *c == '\n';
    const char **start = malloc(nlines * sizeof *start);
    size_t *len = malloc(nlines * sizeof *len);
    if (!start || !len) {
        free(start), free(len);
        return -1;
    }
    size_t n = 0;
    for (const char *c = comment;;) {
        const char *e = strchr(c, '\n');
        start[n] = c;
        len[n] = e ? (size_t)(e - c) : strlen(c);
        if (len[n] && c[len[n] - 1] == '\r')
            len[n]--;
        n++;
        if (!e)
            break;
        c = e + 1;
    }
    size_t first = 0, last = n;
    while (first < last && blank(start[first], len[first]))
        first++;
    while (last > first && blank(start[last - 1], len[last - 1]))
        last--;
    size_t indent = (size_t)-1;
    for (size_t i = first; i < last; i++) {
        if (blank(start[i], len[i]))
            continue;
        size_t k = 0;
        while (k < len[i] && (start[i][k] == ' ' || start[i][k] == '\t'))
            k++;
        if (k < indent)
            indent = k;
    }
    if (indent == (size_t)-1)
        indent = 0;
    /* the first paragraph is the notice when it names a copyright */
    size_t para = first;
    while (para < last && !blank(start[para], len[para]))
        para++;
    bool names = false;
    for (size_t i = first; i < para && !names; i++)
        for (size_t k = 0; k + 9 <= len[i] && !names; k++)
            names = strncasecmp(start[i] + k, "copyright", 9) == 0;
    size_t lic = names ? para : first;
    while (lic < last && blank(start[lic], len[lic]))
        lic++;
    out->notice = names ? join(start, len, first, para, indent) : join(start, len, 0, 0, 0);
    out->licence = join(start, len, lic, last, indent);
    free(start);
    free(len);
    if (!out->notice || !out->licence) {
        jt_legal_free(out);
        return -1;
    }
    return 0;
}

void jt_legal_free(jt_legal *l)
{
    free(l->notice);
    free(l->licence);
    l->notice = l->licence = NULL;
}
