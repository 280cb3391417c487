/* html_page_util.c — the spec page's small helpers (a growable pointer
 * array, the published page's name order, anchors, a prose tree's text),
 * shared by the page's files (html_page.h). */
#include "emit/html_page.h"

/* ---- small helpers ----------------------------------------------------- */

void *jt_hp_xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz);
    if (!p)
        jt_fatal("out of memory");
    return p;
}

void jt_hp_ptrs_push(ptrs *a, const void *x)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->p = realloc(a->p, a->cap * sizeof *a->p);
        if (!a->p)
            jt_fatal("out of memory");
    }
    a->p[a->n++] = x;
}

void jt_hp_ptrs_sort(ptrs *a, int (*cmp)(const void *, const void *))
{
    if (a->n > 1)
        jt_sort(a->p, a->n, sizeof *a->p, cmp);
}

/* Names compared the way the published page sorts them (a collator:
 * case-blind, so "_" sorts before letters). */
int jt_hp_name_cmp(const char *a, const char *b)
{
    for (;; a++, b++) {
        int ca = (*a >= 'A' && *a <= 'Z') ? *a + 32 : (unsigned char)*a;
        int cb = (*b >= 'A' && *b <= 'Z') ? *b + 32 : (unsigned char)*b;
        if (ca != cb || !ca)
            return ca - cb;
    }
}

/* An id usable as an HTML anchor: the JDK 8 spec has an intro with id
 * "entry point", and HTML ids hold no whitespace. */
const char *jt_hp_anchor_of(const char *id, char *buf, size_t n)
{
    if (!strpbrk(id, " \t\n\r"))
        return id;
    snprintf(buf, n, "%s", id);
    for (char *p = buf; *p; p++)
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            *p = '_';
    return buf;
}

/* True when the element's string value is "" (no text at all; whitespace
 * counts as text), the test the published page uses to decide whether a
 * link shows its id. */
bool jt_hp_doc_empty(const jt_doc *d)
{
    for (; d; d = d->next) {
        if (!d->name) {
            if (d->text && *d->text)
                return false;
        } else if (!jt_hp_doc_empty(d->children)) {
            return false;
        }
    }
    return true;
}

/* Concatenated text nodes (XPath string value): <jvmti/> gives "". */
void jt_hp_doc_string(R *r, const jt_doc *d)
{
    for (; d; d = d->next) {
        if (!d->name)
            esc(r, d->text);
        else
            jt_hp_doc_string(r, d->children);
    }
}

/* Document order (the model's `order`) of constants groups. */
int jt_hp_by_constants_order(const void *a, const void *b)
{
    const jt_constants *x = *(const jt_constants *const *)a, *y = *(const jt_constants *const *)b;
    return (x->order > y->order) - (x->order < y->order);
}

/* ---- anchors of parameters and fields ---------------------------------- */

void jt_hp_put_anchor(R *r, const char *owner_id, const char *id)
{
    if (owner_id) {
        esc(r, owner_id);
        put(r, ".");
    }
    esc(r, id);
}
