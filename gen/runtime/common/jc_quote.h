/* jc_quote.h — user input as it may appear inside a one-line message of the
 * shim or libdt_check ("jvmticheck: bad value 'a\nb' for trace").
 *
 * Option strings, paths and suppression files are anyone's bytes: a raw
 * newline would split the one line a message is, and a terminal escape
 * (ESC [ ...) would act on the terminal that shows it.  So every message
 * that quotes such input quotes it through jc_quote: control characters
 * become C escapes (\n, \r, \t, \xNN for the rest, ESC is \x1b), a
 * backslash becomes \\ (so an escape is never ambiguous), and so do bytes
 * that are no UTF-8 and the C1 controls (U+0080..U+009F, which some
 * terminals obey); other UTF-8 passes as it is, so a path in any language
 * reads as itself.  Input longer than the buffer is cut, with "...".
 *
 * Header-only (static inline): the option and suppression parsers are also
 * built alone into the fuzz targets (tests/fuzz), which then need nothing
 * more. */
#ifndef JC_QUOTE_H
#define JC_QUOTE_H

#include <stddef.h>
#include <string.h>

/* Bytes before a NUL at s, at most n and at most 4 (a UTF-8 sequence's
 * longest): strnlen's answer where it matters, without asking for POSIX
 * (the header is built into files that ask for none). */
static inline size_t jc_quote_avail(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && k < 4 && s[k])
        k++;
    return k;
}

/* Length of a valid UTF-8 sequence at s (at most n bytes) that is no C1
 * control, else 0. */
static inline size_t jc_quote_utf8(const unsigned char *s, size_t n)
{
    size_t len = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
                 : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    if (len == 0 || n < len)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xC2 && s[1] < 0xA0)                 /* C1 controls */
        || (s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xF0 && s[1] < 0x90)   /* overlong */
        || (s[0] == 0xED && s[1] >= 0xA0)              /* surrogates */
        || (s[0] == 0xF4 && s[1] >= 0x90))             /* past U+10FFFF */
        return 0;
    return len;
}

/* The first n bytes of s (or up to its NUL), escaped into buf (len bytes,
 * NUL-terminated); returns buf. */
static inline const char *jc_quote_n(const char *s, size_t n, char *buf, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    size_t k = 0;
    if (len == 0)
        return buf;
    if (!s)
        s = "";
    for (size_t i = 0; i < n && s[i]; ) {
        const unsigned char c = (unsigned char)s[i];
        char e[8];
        size_t elen, step = 1;
        if (c == '\\' || c == '\n' || c == '\r' || c == '\t') {
            e[0] = '\\';
            e[1] = c == '\\' ? '\\' : c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
            elen = 2;
        } else if (c >= 0x20 && c < 0x7f) {
            e[0] = (char)c;
            elen = 1;
        } else if (c >= 0x80 && (elen = jc_quote_utf8((const unsigned char *)s + i, jc_quote_avail(s + i, n - i))) > 0) {
            memcpy(e, s + i, elen);
            step = elen;
        } else {
            e[0] = '\\', e[1] = 'x', e[2] = hex[c >> 4], e[3] = hex[c & 15];
            elen = 4;
        }
        /* room for it, and for "..." should more follow */
        if (k + elen + 4 > len) {
            if (k + 4 <= len) {
                memcpy(buf + k, "...", 3);
                k += 3;
            }
            break;
        }
        memcpy(buf + k, e, elen);
        k += elen;
        i += step;
    }
    buf[k] = '\0';
    return buf;
}

static inline const char *jc_quote(const char *s, char *buf, size_t len)
{
    return jc_quote_n(s, (size_t)-1, buf, len);
}

#endif
