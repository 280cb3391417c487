/* readfile.h — read a whole input file into memory, ourselves.
 *
 * Every input (the spec, a stylesheet) is read here and handed to libxml2
 * from memory: libxml2 would inflate a gzip or xz file behind our back (a
 * decompression bomb), and a FIFO or device would never end. */
#ifndef JVMTIGEN_READFILE_H
#define JVMTIGEN_READFILE_H

#include <stddef.h>

/* The bytes of the regular file at path (malloc'd, not NUL-terminated; free
 * it) and their count in *len.  On failure prints "path: error: ..." naming
 * what was expected (e.g. "a JVMTI specification, jvmti.xml") and returns
 * NULL.  An empty file is a failure too. */
char *jt_read_file(const char *path, size_t *len, const char *expected);

#endif
