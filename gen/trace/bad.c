/* bad.c — how the decoder names a fault of the recording: one
 * "FILE:OFFSET: error: what" line (offsets are 64-bit: recordings pass
 * 4 GiB), and the reader's own failures in those words.  Every step of the
 * decoder reports through it, so it depends on no step. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "../util/diag.h"

/* "path:offset: error: what", through util/diag (so counted, and silent
 * where a caller such as the fuzz target asked for that). */
int tr_bad(const char *path, uint64_t off, const char *what)
{
    char where[4096];
    snprintf(where, sizeof where, "%s:%llu", path, (unsigned long long)off);
    jt_diag(JT_DIAG_ERROR, where, 0, "%s", what);
    return -1;
}

int tr_unreadable(dec *D, uint64_t off)
{
    char what[256];
    if (D->src->err == ENOMEM)
        return tr_bad(D->path, off, "out of memory");
    snprintf(what, sizeof what, "cannot read the recording: %s",
             D->src->err > 0 ? strerror(D->src->err) : "it got shorter while read (a recording still written?)");
    return tr_bad(D->path, off, what);
}
