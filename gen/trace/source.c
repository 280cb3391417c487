/* source.c — the bytes of a recording, from memory or through a window
 * over the file (source.h).
 *
 * A recording may be far larger than memory (a long run, trace=all: GiBs),
 * so `jvmtigen trace` never reads it whole: the decoder walks it front to
 * back asking for a record's bytes at a time, and this keeps a window of
 * WINDOW bytes (more when one piece asked for is larger), refilled by
 * pread from the page-aligned offset of the piece asked for.  Sequential
 * walks cost one pread per WINDOW bytes; memory is the window.  pread
 * rather than mmap: a read error is an errno here, never a SIGBUS, and
 * the memory used is the buffer, nothing the kernel keeps mapped.
 * Zeros a recorder never wrote (chunks made ready and never taken, or
 * sparse holes) are skipped with SEEK_DATA where the file system knows.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1       /* SEEK_DATA */
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "source.h"

#define WINDOW (4u << 20)

void jt_src_mem(jt_src *s, const unsigned char *data, uint64_t base, uint64_t len)
{
    *s = (jt_src){ .mem = data, .base = base, .len = len, .fd = -1 };
}

void jt_src_fd(jt_src *s, int fd, uint64_t len)
{
    *s = (jt_src){ .len = len, .fd = fd };
}

void jt_src_free(jt_src *s)
{
    free(s->buf);
    s->buf = NULL;
    s->cap = s->n = 0;
}

/* Reads [off, off + n) of the file into p: 0, or -1 with s->err. */
static int read_at(jt_src *s, unsigned char *p, uint64_t off, size_t n)
{
    while (n) {
        ssize_t got = pread(s->fd, p, n, (off_t)off);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            s->err = got < 0 ? errno : -1;
            return -1;
        }
        p += got;
        off += (uint64_t)got;
        n -= (size_t)got;
    }
    return 0;
}

const unsigned char *jt_src_get(jt_src *s, uint64_t off, size_t n)
{
    if (off < s->base || off - s->base > s->len || n > s->len - (off - s->base)) {
        s->err = -1;
        return NULL;
    }
    if (s->mem)
        return s->mem + (off - s->base);
    if (s->buf && off >= s->at && off - s->at <= s->n && n <= s->n - (off - s->at))
        return s->buf + (off - s->at);
    uint64_t from = off & ~(uint64_t)4095;
    size_t want = (size_t)(off - from) + n;
    if (want < WINDOW)
        want = WINDOW;
    if (want > s->len - from)
        want = (size_t)(s->len - from);
    if (want > s->cap) {
        unsigned char *p = realloc(s->buf, want);
        if (!p) {
            s->err = ENOMEM;
            return NULL;
        }
        s->buf = p;
        s->cap = want;
    }
    s->n = 0;
    if (read_at(s, s->buf, from, want) != 0)
        return NULL;
    s->at = from;
    s->n = want;
    return s->buf + (off - from);
}

const unsigned char *jt_src_keep(jt_src *s, uint64_t off, size_t n, int *owned)
{
    *owned = 0;
    if (s->mem)
        return jt_src_get(s, off, n);
    if (off - s->base > s->len || n > s->len - (off - s->base)) {
        s->err = -1;
        return NULL;
    }
    unsigned char *p = malloc(n ? n : 1);
    if (!p) {
        s->err = ENOMEM;
        return NULL;
    }
    /* from the window when it holds them, else straight from the file */
    if (s->buf && off >= s->at && off - s->at <= s->n && n <= s->n - (off - s->at)) {
        memcpy(p, s->buf + (off - s->at), n);
    } else if (read_at(s, p, off, n) != 0) {
        free(p);
        return NULL;
    }
    *owned = 1;
    return p;
}

uint64_t jt_src_next_data(jt_src *s, uint64_t off)
{
    if (s->mem || s->fd < 0)
        return off;
    off_t at = lseek(s->fd, (off_t)off, SEEK_DATA);
    if (at < 0)
        return errno == ENXIO ? s->base + s->len : off;     /* ENXIO: only a hole after off */
    return (uint64_t)at < off ? off : (uint64_t)at;
}
