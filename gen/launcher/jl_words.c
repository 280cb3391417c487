/* jl_words.c — lists of words, and the option variables' word syntax
 * (see jl_words.h for the rules, as HotSpot and the java launcher apply
 * them).
 *
 * Quoting: a word without white space or quote characters is written as
 * it is; any other in single quotes, where each ' of the word is written
 * as "'" between two single-quoted runs ('it'"'"'s'): the syntax has no
 * escapes, but parts next to each other make one word.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* vasprintf, strndup */
#endif
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jl_words.h"

static void no_memory(void)
{
    fputs("jvmticheck: out of memory\n", stderr);
    exit(2);
}

void *jl_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        no_memory();
    return p;
}

char *jl_xstrdup(const char *s)
{
    char *p = strdup(s);
    if (!p)
        no_memory();
    return p;
}

char *jl_xstrndup(const char *s, size_t n)
{
    char *p = strndup(s, n);
    if (!p)
        no_memory();
    return p;
}

char *jl_xasprintf(const char *fmt, ...)
{
    char *p;
    va_list ap;
    va_start(ap, fmt);
    int rc = vasprintf(&p, fmt, ap);
    va_end(ap);
    if (rc < 0)
        no_memory();
    return p;
}

static void grow(jl_words *w)
{
    if (w->n + 2 <= w->cap)
        return;
    size_t cap = w->cap ? 2 * w->cap : 8;
    char **v = realloc(w->v, cap * sizeof *v);
    if (!v)
        no_memory();
    w->v = v;
    w->cap = cap;
}

void jl_words_take(jl_words *w, char *s)
{
    grow(w);
    w->v[w->n++] = s;
    w->v[w->n] = NULL;
}

void jl_words_add(jl_words *w, const char *s)
{
    jl_words_take(w, jl_xstrdup(s));
}

void jl_words_insert(jl_words *w, size_t at, const char *s)
{
    grow(w);
    memmove(w->v + at + 1, w->v + at, (w->n - at + 1) * sizeof *w->v);
    w->v[at] = jl_xstrdup(s);
    w->n++;
}

void jl_words_set(jl_words *w, size_t i, char *s)
{
    free(w->v[i]);
    w->v[i] = s;
}

void jl_words_free(jl_words *w)
{
    for (size_t i = 0; i < w->n; i++)
        free(w->v[i]);
    free(w->v);
    *w = (jl_words){0};
}

bool jl_words_split(const char *text, jl_words *out)
{
    const char *p = text;
    char *buf = jl_xmalloc(strlen(text) + 1);

    for (;;) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        size_t k = 0;
        while (*p && !isspace((unsigned char)*p)) {
            if (*p == '\'' || *p == '"') {
                char q = *p++;
                while (*p && *p != q)
                    buf[k++] = *p++;
                if (!*p) {
                    free(buf);
                    return false;
                }
                p++;
            } else {
                buf[k++] = *p++;
            }
        }
        jl_words_take(out, jl_xstrndup(buf, k));
    }
    free(buf);
    return true;
}

char *jl_words_quote(const char *word)
{
    bool plain = *word != '\0';
    for (const char *p = word; *p && plain; p++)
        plain = !isspace((unsigned char)*p) && *p != '\'' && *p != '"';
    if (plain)
        return jl_xstrdup(word);

    /* at most: each byte as "'" (3) after a closing quote (1), plus a last
     * closing quote, or '' */
    char *q = jl_xmalloc(4 * strlen(word) + 3), *o = q;
    bool open = false;
    for (const char *p = word; *p; p++) {
        if (*p == '\'') {
            if (open)
                *o++ = '\'', open = false;
            *o++ = '"', *o++ = '\'', *o++ = '"';
        } else {
            if (!open)
                *o++ = '\'', open = true;
            *o++ = *p;
        }
    }
    if (open)
        *o++ = '\'';
    if (o == q)                 /* the empty word */
        *o++ = '\'', *o++ = '\'';
    *o = '\0';
    return q;
}

char *jl_words_join(const jl_words *w)
{
    size_t len = 1;
    char **q = jl_xmalloc((w->n ? w->n : 1) * sizeof *q);
    for (size_t i = 0; i < w->n; i++)
        len += strlen(q[i] = jl_words_quote(w->v[i])) + 1;
    char *s = jl_xmalloc(len), *o = s;
    for (size_t i = 0; i < w->n; i++) {
        if (i)
            *o++ = ' ';
        size_t n = strlen(q[i]);
        memcpy(o, q[i], n);
        o += n;
        free(q[i]);
    }
    *o = '\0';
    free(q);
    return s;
}

char *jl_shell_quote(const char *word)
{
    bool plain = *word != '\0';
    for (const char *p = word; *p && plain; p++)
        plain = isalnum((unsigned char)*p) || strchr("%+,-./:=@_", *p);
    if (plain)
        return jl_xstrdup(word);
    char *q = jl_xmalloc(4 * strlen(word) + 3), *o = q;
    *o++ = '\'';
    for (const char *p = word; *p; p++) {
        if (*p == '\'')
            memcpy(o, "'\\''", 4), o += 4;
        else
            *o++ = *p;
    }
    *o++ = '\'';
    *o = '\0';
    return q;
}
