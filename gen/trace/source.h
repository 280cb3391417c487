/* source.h — the bytes of a recording for the decoder of `jvmtigen trace`
 * (gen/trace/decode.c): in memory already (the fuzz target, a chunk loaded
 * whole), or read from a file through a window of a few MiB, so that a
 * recording of any size is read in bounded memory (source.c). */
#ifndef JVMTIGEN_TRACE_SRC_H
#define JVMTIGEN_TRACE_SRC_H

#include <stddef.h>
#include <stdint.h>

typedef struct jt_src {
    const unsigned char *mem;   /* the bytes [base, base + len) in memory, or NULL: read fd */
    uint64_t base, len;         /* the offsets it covers: [base, base + len) of the file */
    int fd;
    unsigned char *buf;         /* the window: file bytes [at, at + n) */
    size_t cap, n;
    uint64_t at;
    int err;                    /* the errno of a read that failed, -1: the file got shorter */
} jt_src;

/* Bytes already in memory, which are file offsets [base, base + len). */
void jt_src_mem(jt_src *s, const unsigned char *data, uint64_t base, uint64_t len);
/* The file fd, len bytes long, read by pread through a window. */
void jt_src_fd(jt_src *s, int fd, uint64_t len);
void jt_src_free(jt_src *s);

/* The n bytes at file offset off (within the source): a pointer valid
 * until the next call on s, or NULL when they cannot be read (s->err). */
const unsigned char *jt_src_get(jt_src *s, uint64_t off, size_t n);
/* The same bytes for keeping: the memory itself (*owned 0), or a malloc'd
 * copy (*owned 1, free it).  NULL when out of memory or unreadable. */
const unsigned char *jt_src_keep(jt_src *s, uint64_t off, size_t n, int *owned);
/* Where data may start again at or after off: past a hole of a sparse
 * file, the next offset the file system holds data at (the source's end
 * when none); off itself where that is not known. */
uint64_t jt_src_next_data(jt_src *s, uint64_t off);

#endif
