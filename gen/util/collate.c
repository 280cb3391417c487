/* collate.c — see collate.h.  Three passes, as a collator's strengths:
 * primary (the letter or digit, case folded), tertiary (lower case before
 * upper case at the first place case differs), then byte order so that
 * only equal strings compare equal.  Written for ASCII; bytes above 0x7F
 * sort after every ASCII character, by value. */
#include "util/collate.h"

#include <string.h>

/* The primary weight of a byte: punctuation and spaces, then digits, then
 * letters (case folded), then non-ASCII. */
static int primary(unsigned char c)
{
    if (c >= 'a' && c <= 'z')
        return 0x200 + (c - 'a');
    if (c >= 'A' && c <= 'Z')
        return 0x200 + (c - 'A');
    if (c >= '0' && c <= '9')
        return 0x100 + (c - '0');
    if (c >= 0x80)
        return 0x300 + c;
    return c;
}

static int is_upper(unsigned char c)
{
    return c >= 'A' && c <= 'Z';
}

int jt_collate(const char *a, const char *b)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    size_t i = 0;
    for (; x[i] && y[i]; i++)
        if (primary(x[i]) != primary(y[i]))
            return primary(x[i]) < primary(y[i]) ? -1 : 1;
    if (x[i] || y[i])
        return x[i] ? 1 : -1;       /* a prefix comes first */
    for (i = 0; x[i]; i++)
        if (is_upper(x[i]) != is_upper(y[i]))
            return is_upper(x[i]) ? 1 : -1;
    return strcmp(a, b);
}
