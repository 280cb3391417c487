/* out.c — the decoder's output: a growing buffer of bytes (sbuf) that the
 * formatters append to, and its hand-over to the sink (out) in pieces of a
 * MiB, so that decoding a file of any size holds a bounded amount of
 * output (jt_trace_decode keeps it all instead: no sink).  An allocation
 * that fails sets oom once and later appends do nothing, so formatters
 * need not check each call; the caller checks oom once per record. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void tr_sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void tr_sb_s(sbuf *b, const char *s) { tr_sb_add(b, s, strlen(s)); }

void tr_sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        tr_sb_add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

void tr_out_flush(out *o, int all)
{
    if (!o->sink || (!all && o->b.len < FLUSH))
        return;
    if (o->b.len && fwrite(o->b.p, 1, o->b.len, o->sink) != o->b.len)
        o->failed = 1;
    o->b.len = 0;
}

