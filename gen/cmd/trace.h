/* trace.h — `jvmtigen trace`: print a format=bin recording of the shim. */
#ifndef JVMTIGEN_TRACE_H
#define JVMTIGEN_TRACE_H

#include <stddef.h>

enum jt_trace_fmt { JT_TRACE_TEXT, JT_TRACE_JSONL };

/* Decodes the recording data[0, len) (named path in messages) into *out
 * (malloc'd, NUL-terminated, *outlen bytes), one line per record, ordered
 * by start time.  Returns 0, or -1 after one "path:offset: error: ..."
 * line on stderr (then *out is NULL).  A file cut short by a crash is read
 * up to its last whole record. */
int jt_trace_decode(const unsigned char *data, size_t len, const char *path, enum jt_trace_fmt fmt, char **out,
                    size_t *outlen);

/* argv[0] is "trace": [--format=text|jsonl] FILE.  Exit status. */
int jt_trace_main(int argc, char **argv);

#endif
