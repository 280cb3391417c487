/* trace.h — the decoder of the shim's format=bin recordings (gen/trace/,
 * overview in decode.c), which `jvmtigen trace` (gen/cmd/trace.c), the
 * unit tests and the fuzz target call. */
#ifndef JVMTIGEN_TRACE_H
#define JVMTIGEN_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum jt_trace_fmt { JT_TRACE_TEXT, JT_TRACE_JSONL, JT_TRACE_CHROME };

/* Which records to print (NULL members: all). */
typedef struct jt_trace_filters {
    const char *thread;         /* a glob over the thread's name, or an OS thread id */
    const char *function;       /* a glob over the function or event name */
    const char *check;          /* a glob over a violation's or note's check id */
    const char *since, *until;  /* times after the first record: "250ms", "1.5s", "42" (ns) */
} jt_trace_filters;

/* Decodes the recording data[0, len) (named path in messages) into *out
 * (malloc'd, NUL-terminated, *outlen bytes), one line per record, ordered
 * by start time (chrome: one JSON document).  Returns 0, or -1 after one
 * "path:offset: error: ..." line on stderr (then *out is NULL).  A file
 * cut short by a crash is read up to its last whole record. */
int jt_trace_decode_filtered(const unsigned char *data, size_t len, const char *path, enum jt_trace_fmt fmt,
                             const jt_trace_filters *filters, char **out, size_t *outlen);
int jt_trace_decode(const unsigned char *data, size_t len, const char *path, enum jt_trace_fmt fmt, char **out,
                    size_t *outlen);

/* The same from the file fd (len bytes long), read through a window in
 * bounded memory and written to `to` as it is decoded (after the whole
 * file was checked: a bad file gives its message and no output).
 * *write_failed: a write to `to` failed. */
int jt_trace_decode_fd(int fd, uint64_t len, const char *path, enum jt_trace_fmt fmt, const jt_trace_filters *filters,
                       FILE *to, int *write_failed);

/* "250ms", "1.5s", "300us", "42ns", "42" as nanoseconds (saturated at
 * UINT64_MAX); -1 when s is not such a time (JT_TRACE_TIME_EXPECTED says
 * what is). */
#define JT_TRACE_TIME_EXPECTED "expected a time after the first record: 250ms, 1.5s, 300us, 42ns"
int jt_trace_parse_time(const char *s, uint64_t *out);

#endif
