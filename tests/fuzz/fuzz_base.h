/* fuzz_base.h — the set-up the translation targets share (fuzz_po.c,
 * fuzz_align.c): diagnostics counted, not printed, and the small seed spec
 * whose prose is translated ($JVMTIGEN_FUZZ_BASE) loaded once; and, for a
 * reader that takes only a file name (libgettextpo), the input as a memfd
 * named through /proc/self/fd.  A header of static functions so that each
 * target stays one source file for scripts/fuzz.sh. */
#ifndef JT_FUZZ_BASE_H
#define JT_FUZZ_BASE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "model/model.h"
#include "util/diag.h"

/* The spec of $JVMTIGEN_FUZZ_BASE, loaded on the first call (NULL when it
 * names none or it does not load); messages are silenced from then on:
 * they are expected, and counted by the targets. */
static inline jt_spec *fuzz_base_spec(void)
{
    static jt_spec *base;
    static int tried;
    if (!tried) {
        tried = 1;
        jt_diag_set_silent(1);
        const char *path = getenv("JVMTIGEN_FUZZ_BASE");
        if (path && *path) {
            jt_load_options lo = { .quiet_warnings = 1 };
            base = jt_spec_load(path, &lo);
        }
    }
    return base;
}

/* DATA as a file: a memfd, its name in PATH (at least 32 bytes); returns
 * the descriptor for the caller to close.  Aborts when the kernel gives
 * none (a fault of the set-up, not a finding). */
static inline int fuzz_memfd(const char *name, const uint8_t *data, size_t size, char *path, size_t pathlen)
{
    int fd = memfd_create(name, 0);
    if (fd < 0)
        abort();
    for (size_t off = 0; off < size;) {
        ssize_t n = write(fd, data + off, size - off);
        if (n <= 0)
            abort();
        off += (size_t)n;
    }
    snprintf(path, pathlen, "/proc/self/fd/%d", fd);
    return fd;
}

#endif
