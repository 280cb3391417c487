/* array.h — qsort and memcpy for arrays that may be empty.
 *
 * The model leaves an empty list as NULL with a count of 0, and the C
 * library's qsort and memcpy must not be handed NULL even for no elements
 * (undefined behaviour, which UBSan reports).  These do nothing then. */
#ifndef JVMTIGEN_ARRAY_H
#define JVMTIGEN_ARRAY_H

#include <stdlib.h>
#include <string.h>

static inline void jt_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1)
        qsort(base, n, size, cmp);
}

static inline void jt_copy(void *dst, const void *src, size_t bytes)
{
    if (bytes)
        memcpy(dst, src, bytes);
}

#endif
