/* doc.c — helpers over description trees (see doc.h; jt_doc_attr in
 * model.h), for the loader's resolver and the emitters alike. */
#include "model/doc.h"

#include <stdlib.h>
#include <string.h>

#include "util/diag.h"

/* The value of a description element's attribute NAME, or NULL. */
const char *jt_doc_attr(const jt_doc *d, const char *name)
{
    for (size_t i = 0; d && i < d->nattrs; i++)
        if (strcmp(d->attrs[i].name, name) == 0)
            return d->attrs[i].value;
    return NULL;
}

typedef struct sbuf {
    char *p;
    size_t len, cap;
    int pending_space;  /* whitespace seen since the last word */
} sbuf;

static void sb_putc(sbuf *b, char c)
{
    if (b->len + 2 > b->cap) {
        b->cap = b->cap ? b->cap * 2 : 128;
        b->p = realloc(b->p, b->cap);
        if (!b->p)
            jt_fatal("out of memory");
    }
    b->p[b->len++] = c;
    b->p[b->len] = '\0';
}

/* Append text, collapsing whitespace runs into one space between words. */
static void sb_text(sbuf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
            b->pending_space = 1;
            continue;
        }
        if (b->pending_space && b->len)
            sb_putc(b, ' ');
        b->pending_space = 0;
        sb_putc(b, *s);
    }
}

static void plain(sbuf *b, const jt_doc *d)
{
    for (; d; d = d->next) {
        if (!d->name) {
            sb_text(b, d->text);
        } else if (strcmp(d->name, "jvmti") == 0) {
            sb_text(b, "JVM TI");
        } else if (strcmp(d->name, "space") == 0) {
            sb_text(b, " ");
        } else if (strcmp(d->name, "p") == 0 || strcmp(d->name, "br") == 0) {
            b->pending_space = 1;
        } else {
            plain(b, d->children);
        }
    }
}

char *jt_doc_plain_text(const jt_doc *d)
{
    sbuf b = { 0 };
    plain(&b, d);
    if (!b.p) {
        b.p = malloc(1);
        if (!b.p)
            jt_fatal("out of memory");
        b.p[0] = '\0';
    }
    return b.p;
}
