/* path.c — file names as the generator prints them (see path.h). */
#include <string.h>

#include "util/path.h"

const char *jt_basename(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}
