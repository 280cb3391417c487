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
/* Set at exit, after the last flush: from then on nothing is written. */
extern atomic_bool jc_trace_crashing;
/* Set by the crash path (jc_crash.c's SIGABRT handler): the process is
 * dying.  Each record then goes out at once, written by the thread that
 * made it, so that what other threads do until the process is gone reaches
 * the log; the sink's lock is then waited for a bounded time only (its
 * holder may be the thread that crashed). */
extern atomic_bool jc_sink_dying;
/* Tries to lock mu for about ms milliseconds; false when it could not. */
bool jc_lock_for(pthread_mutex_t *mu, long ms);

/* Writes n bytes of whole lines, one writer at a time, in chunks of whole
 * lines of at most PIPE_BUF to a pipe or socket, and laid out so that no
 * line crosses a 4 KiB block of a regular file (a process killed while it
 * writes leaves whole lines: jc_sink.c).  After a failed write the sink
 * stops for good, with one line on stderr. */
void jc_sink_write(const char *p, size_t n);
/* The same work on the sink's fd without its lock or a message: 0 or the
 * errno (the crash path, the sink's own writes). */
int jc_sink_write_lines(int fd, const char *p, size_t n);
/* The lines are JSON (format=jsonl): a filler in front of a line is then
 * leading spaces, in text a blank line. */
void jc_sink_set_json(bool json);
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
