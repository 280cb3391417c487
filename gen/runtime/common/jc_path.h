/* jc_path.h — the last component of a path, as messages name a library
 * or an agent ("jvmticheck (load 2, libfoo.so)", a module in a call site).
 * Header-only: a pointer into the path, no copy, safe anywhere (a
 * dl_iterate_phdr callback, the symbolizer). */
#ifndef JC_PATH_H
#define JC_PATH_H

#include <string.h>

static inline const char *jc_base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

#endif
