/* rtext.c — read a translated page's plain text (see rtext.h).
 *
 * The input comes from outside (a translation service, a PDF or HTML
 * extraction), so the reader is strict about what it accepts and says
 * where it stops: well-formed UTF-8 (no overlong forms, no surrogates, no
 * code point above U+10FFFF), no NUL byte, at most 64 MiB.  It then only
 * normalises: CR LF and lone CR become LF, a U+FEFF at the start goes, and
 * a line break inside an identifier is taken out — extractions break long
 * words such as can_generate_method_entry_events before an underscore
 * ("can_generate" / "_method_entry_events"), and a line of text never
 * begins with '_' otherwise.  Each line keeps the number it had in the
 * input, for messages. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "i18n/rtext.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/diag.h"
#include "util/readfile.h"

#define RTEXT_MAX ((size_t)64 << 20)

/* Length of the UTF-8 sequence at S (N bytes left), 0 when it is not a
 * well-formed one. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned min, cp;
    if ((c & 0xE0) == 0xC0)
        len = 2, min = 0x80, cp = c & 0x1F;
    else if ((c & 0xF0) == 0xE0)
        len = 3, min = 0x800, cp = c & 0x0F;
    else if ((c & 0xF8) == 0xF0)
        len = 4, min = 0x10000, cp = c & 0x07;
    else
        return 0;
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

static bool ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

jt_rtext *jt_rtext_parse(const char *path, const char *data, size_t len)
{
    if (len == 0) {
        jt_diag(JT_DIAG_ERROR, path, 0, "empty file (expected the text of a translated page)");
        return NULL;
    }
    if (len > RTEXT_MAX) {
        jt_diag(JT_DIAG_ERROR, path, 0, "%zu bytes (expected the text of a translated page, at most %zu MiB)",
                len, RTEXT_MAX >> 20);
        return NULL;
    }
    /* check first: one message at the first bad byte */
    int line = 1, col = 1;
    for (size_t i = 0; i < len;) {
        const unsigned char *s = (const unsigned char *)data + i;
        if (*s == 0) {
            jt_diag(JT_DIAG_ERROR, path, line, "a NUL byte at column %d (expected UTF-8 text)", col);
            return NULL;
        }
        size_t k = utf8_len(s, len - i);
        if (!k) {
            jt_diag(JT_DIAG_ERROR, path, line, "byte 0x%02x at column %d is not UTF-8 (expected UTF-8 text)",
                    *s, col);
            return NULL;
        }
        if (*s == '\n')
            line++, col = 1;
        else
            col++;
        i += k;
    }

    jt_rtext *t = calloc(1, sizeof *t);
    char *out = malloc(len + 1);
    if (!t || !out)
        jt_fatal("out of memory");
    size_t i = 0, o = 0;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    size_t cap = 1024, n = 0;
    size_t *starts = malloc(cap * sizeof *starts);
    int *orig = malloc(cap * sizeof *orig);
    if (!starts || !orig)
        jt_fatal("out of memory");
    starts[n] = 0, orig[n] = 1, n++;
    line = 1;
    for (; i < len; i++) {
        char c = data[i];
        if (c == '\r') {
            if (i + 1 < len && data[i + 1] == '\n')
                continue;
            c = '\n';
        }
        if (c != '\n') {
            out[o++] = c;
            continue;
        }
        line++;
        /* an identifier broken before an underscore: join it */
        if (o > 0 && ident_char(out[o - 1]) && i + 1 < len && data[i + 1] == '_')
            continue;
        out[o++] = '\n';
        if (n == cap) {
            cap *= 2;
            starts = realloc(starts, cap * sizeof *starts);
            orig = realloc(orig, cap * sizeof *orig);
            if (!starts || !orig)
                jt_fatal("out of memory");
        }
        starts[n] = o, orig[n] = line, n++;
    }
    out[o] = '\0';
    /* a final line break does not open a line */
    if (n > 1 && starts[n - 1] == o)
        n--;
    t->path = path;
    t->text = out;
    t->len = o;
    t->line_start = starts;
    t->orig_line = orig;
    t->nlines = n;
    return t;
}

jt_rtext *jt_rtext_load(const char *path)
{
    size_t len = 0;
    char *data = jt_read_file(path, &len, "the text of a translated page");
    if (!data)
        return NULL;
    jt_rtext *t = jt_rtext_parse(path, data, len);
    free(data);
    return t;
}

void jt_rtext_free(jt_rtext *t)
{
    if (!t)
        return;
    free(t->text);
    free(t->line_start);
    free(t->orig_line);
    free(t);
}

size_t jt_rtext_line_of(const jt_rtext *t, size_t off)
{
    size_t lo = 0, hi = t->nlines;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->line_start[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}
