/* jc_sink.h — the trace sink and JSON string escaping, shared by the JVMTI
 * shim (jc_trace.c) and the checked JDWP transport (libdt_check,
 * gen/transport/dtc_runtime.c).
 *
 * Nothing here knows JVMTI: a file descriptor that takes whole lines, and
 * the escaping that makes any bytes a valid JSON string.  Both libraries
 * link their own copy of the object (each has its own sink). */
#ifndef JC_SINK_H
#define JC_SINK_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

/* The word in front of the sink's own messages ("jvmticheck", the
 * default; "dtcheck").  Set before jc_sink_open. */
void jc_sink_set_tool(const char *tool);
const char *jc_sink_tool(void);
/* log=/tmp/t.%p.jsonl: every %p in *path (malloc'd) becomes the pid, in a
 * new malloc'd string (one log per process of a run).  0, or -1 when out
 * of memory (*path unchanged). */
int jc_expand_pid(char **path);
/* Points the sink at path (O_APPEND, created 0644), or at stderr when path
 * is NULL.  Returns 0, or -1 with a one-line message in err. */
int jc_sink_open(const char *path, char *err, size_t errlen);
/* Closes the log file (never stderr); lines then go nowhere. */
void jc_sink_close(void);
/* SIGXFSZ: ignored when no one handles it (a size limit must fail a write,
 * not kill the process); called when the sink opens. */
void jc_sink_signals(void);

/* The sink's fd, -1 when there is none (closed, or stopped after a
 * failed write). */
extern _Atomic int jc_sink_fd;
/* Set by the crash path and at exit: from then on nothing is written. */
extern atomic_bool jc_trace_crashing;

/* Writes n bytes of whole lines, one writer at a time, in chunks of whole
 * lines of at most PIPE_BUF to a pipe or socket.  After a failed write the
 * sink stops for good, with one line on stderr. */
void jc_sink_write(const char *p, size_t n);
/* The same with the sink's lock (jc_sink_mutex) already held and its fd. */
void jc_sink_write_locked(int fd, const char *p, size_t n);
pthread_mutex_t *jc_sink_mutex(void);
/* Writes all of p to fd; on failure takes back what part of it reached a
 * regular file.  0 or the errno. */
int jc_sink_write_whole(int fd, const char *p, size_t n);

/* A finite v as the shortest of %.15g..%.17g that reads back as v, with
 * the locale's decimal point (the JVM calls setlocale) turned into '.':
 * how the shim writes a double, and how the decoder writes it again. */
void jc_format_double(char d[64], double v);

/* Writes all of line to standard error with write(2), whatever log= says
 * (the verdict, a halt): no stdio buffer, no lock. */
void jc_say(const char *line);

/* The inside of a JSON string for s, given to put piece by piece: valid
 * UTF-8 whatever s holds.  Modified UTF-8 (C0 80, encoded surrogates)
 * becomes \u escapes, a byte that fits nothing U+FFFD; after max bytes of
 * s the rest is cut and "..." added. */
typedef void jc_put_fn(void *ctx, const char *s, size_t n);
void jc_json_escape(const char *s, size_t max, jc_put_fn *put, void *ctx);

#endif
