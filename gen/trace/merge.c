/* merge.c — the second pass: every selected record in order of start
 * time (ties in file order), as a k-way merge of the chunks.  A chunk is
 * loaded and sorted alone when the merge reaches its earliest start and
 * dropped once done, so memory is the chunks open at one point in time,
 * never the file; a binary heap of cursors picks the next record. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- the second pass: the chunks merged by start time ------------------------------ */

static int cmp_ent(const void *a, const void *b)
{
    const ent *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}

void tr_cursor_free(cursor *cur)
{
    if (cur->owned)
        free((void *)cur->buf);
    free(cur->e);
    free(cur);
}

/* Loads the chunk: its bytes, its selected records in (start, offset)
 * order.  *out is NULL when none is selected. */
int tr_load_chunk(dec *D, const chunk *ch, cursor **out)
{
    *out = NULL;
    cursor *cur = calloc(1, sizeof *cur);
    if (!cur)
        return tr_bad(D->path, ch->off, "out of memory");
    cur->ch = ch;
    cur->buf = jt_src_keep(D->src, ch->off, ch->used, &cur->owned);
    if (!cur->buf) {
        free(cur);
        return tr_unreadable(D, ch->off);
    }
    jt_src in;
    jt_src_mem(&in, cur->buf, ch->off, ch->used);
    int rc = tr_walk_chunk(D, &in, ch->off, ch->clen, ch->used, ch->tid, NULL, cur);
    if (rc != 0 || cur->n == 0) {
        tr_cursor_free(cur);
        return rc;
    }
    /* a thread makes its records in time order, but a record is written
     * when it is whole: an event after the calls made in its callback, a
     * call whose outputs came late after what came between */
    int sorted = 1;
    for (size_t i = 1; i < cur->n && sorted; i++)
        sorted = cur->e[i - 1].t <= cur->e[i].t;
    if (!sorted)
        qsort(cur->e, cur->n, sizeof *cur->e, cmp_ent);
    *out = cur;
    return 0;
}

rec tr_cursor_rec(const cursor *c)
{
    const ent *e = &c->e[c->i];
    return (rec){ c->buf + e->at, c->ch->off + e->at, c->ch->tid, e->t, e->dur, c->ch->pid };
}

/* a's next record starts before b's (the same start: the one first in the file) */
static int before(const cursor *a, const cursor *b)
{
    const ent *x = &a->e[a->i], *y = &b->e[b->i];
    if (x->t != y->t)
        return x->t < y->t;
    return a->ch->off + x->at < b->ch->off + y->at;
}

static void sift_down(cursor **h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < n && before(h[l], h[m]))
            m = l;
        if (l + 1 < n && before(h[l + 1], h[m]))
            m = l + 1;
        if (m == i)
            return;
        cursor *t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

static void sift_up(cursor **h, size_t i)
{
    while (i && before(h[i], h[(i - 1) / 2])) {
        cursor *t = h[i];
        h[i] = h[(i - 1) / 2];
        h[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

static int cmp_chunk_start(const void *a, const void *b)
{
    const chunk *x = *(const chunk *const *)a, *y = *(const chunk *const *)b;
    if (x->tmin != y->tmin)
        return x->tmin < y->tmin ? -1 : 1;
    return x->off < y->off ? -1 : x->off > y->off;
}

/* Every selected record, in order of start time (then of offset), to
 * emit: a k-way merge of the chunks, each loaded when the merge reaches
 * the earliest start in it and dropped when done.  Memory: the chunks
 * whose time spans overlap the merge's point (about one per thread then
 * recording), never the file. */
int tr_merge(dec *D, out *o, emit_fn emit, void *ctx)
{
    int rc = 0;
    const chunk **order = malloc((D->nchunks ? D->nchunks : 1) * sizeof *order);
    cursor **heap = malloc((D->nchunks ? D->nchunks : 1) * sizeof *heap);
    if (!order || !heap) {
        free(order);
        free(heap);
        return tr_bad(D->path, 0, "out of memory");
    }
    size_t n = 0, k = 0, nh = 0;
    for (size_t i = 0; i < D->nchunks; i++)
        if (!tr_chunk_excluded(D, &D->chunks[i]))
            order[n++] = &D->chunks[i];
    qsort(order, n, sizeof *order, cmp_chunk_start);
    for (;;) {
        /* every chunk that may hold a record before the heap's first */
        while (k < n && (nh == 0 || order[k]->tmin <= heap[0]->e[heap[0]->i].t)) {
            cursor *cur;
            if ((rc = tr_load_chunk(D, order[k++], &cur)) != 0)
                goto done;
            if (cur) {
                heap[nh++] = cur;
                sift_up(heap, nh - 1);
            }
        }
        if (nh == 0)
            break;
        cursor *top = heap[0];
        rec x = tr_cursor_rec(top);
        if ((rc = emit(D, o, &x, ctx)) != 0)
            goto done;
        tr_out_flush(o, 0);
        if (++top->i == top->n) {
            tr_cursor_free(top);
            heap[0] = heap[--nh];
        }
        sift_down(heap, nh, 0);
    }
done:
    for (size_t i = 0; i < nh; i++)
        tr_cursor_free(heap[i]);
    free(heap);
    free(order);
    return rc;
}

