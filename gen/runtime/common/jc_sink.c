/* jc_sink.c — where trace lines go, and how any bytes become a JSON
 * string: the parts of the trace that know nothing of JVMTI, shared by the
 * shim (jc_trace.c builds its records and batches them) and libdt_check
 * (gen/transport/dtc_runtime.c), so that both write their logs the same
 * way: whole lines, never spliced, pipe-safe, stopped cleanly on failure.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* strerror_r returning char * */
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "jc_open.h"
#include "jc_quote.h"
#include "jc_sink.h"

/* ---- strings ------------------------------------------------------------------ */

/* Length of the (modified) UTF-8 sequence at s, 0 if invalid; *cp its code
 * point.  Accepts C0 80 (NUL) and encoded surrogates, as the VM sends. */
static size_t utf8_seq(const unsigned char *s, size_t n, unsigned long *cp)
{
    static const struct { unsigned char lo, hi, mask; size_t len; unsigned long min; } leads[] = {
        { 0xC0, 0xDF, 0x1F, 2, 0x80 }, { 0xE0, 0xEF, 0x0F, 3, 0x800 }, { 0xF0, 0xF4, 0x07, 4, 0x10000 },
    };
    for (size_t k = 0; k < 3; k++) {
        if (s[0] < leads[k].lo || s[0] > leads[k].hi)
            continue;
        size_t len = leads[k].len;
        if (n < len)
            return 0;
        *cp = s[0] & leads[k].mask;
        for (size_t i = 1; i < len; i++) {
            if ((s[i] & 0xC0) != 0x80)
                return 0;
            *cp = (*cp << 6) | (s[i] & 0x3F);
        }
        if (*cp > 0x10FFFF)
            return 0;
        if (*cp < leads[k].min)
            return len == 2 && *cp == 0 ? 2 : 0;
        return len;
    }
    return 0;
}

static void put_uescape(jc_put_fn *put, void *ctx, unsigned long cp)
{
    static const char hex[] = "0123456789abcdef";
    char e[6] = { '\\', 'u', hex[(cp >> 12) & 15], hex[(cp >> 8) & 15], hex[(cp >> 4) & 15], hex[cp & 15] };
    if (cp == '"' || cp == '\\') {
        e[1] = (char)cp;
        put(ctx, e, 2);
    } else {
        put(ctx, e, sizeof e);
    }
}

static bool plain_byte(unsigned char c) { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\'; }

void jc_json_escape(const char *s, size_t max, jc_put_fn *put, void *ctx)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strnlen(s, max + 4), limit = n < max ? n : max, i = 0;
    while (i < limit) {
        size_t run = i;
        while (run < limit && plain_byte(p[run]))
            run++;
        if (run > i)
            put(ctx, s + i, run - i);
        if ((i = run) >= limit)
            break;
        unsigned long cp = p[i];
        size_t len = cp < 0x80 ? 1 : utf8_seq(p + i, n - i, &cp);
        if (len == 0)
            put(ctx, "\xEF\xBF\xBD", 3);       /* U+FFFD for a byte that fits nothing */
        else if (cp < 0x80 || (cp >= 0xD800 && cp <= 0xDFFF))
            put_uescape(put, ctx, cp);
        else
            put(ctx, s + i, len);
        i += len ? len : 1;
    }
    if (i < n)
        put(ctx, "...", 3);
}

/* ---- file names ---------------------------------------------------------------- */

/* log=/tmp/t.%p.jsonl: %p becomes the pid (one log per JVM of a run). */
int jc_expand_pid(char **path)
{
    if (!*path || !strstr(*path, "%p"))
        return 0;
    char pid[24], *out;
    size_t n = 0, len = strlen(*path);
    snprintf(pid, sizeof pid, "%ld", (long)getpid());
    if (!(out = malloc(len * (strlen(pid) + 1) + 1)))
        return -1;
    for (const char *p = *path; *p; p++) {
        if (p[0] == '%' && p[1] == 'p') {
            memcpy(out + n, pid, strlen(pid));
            n += strlen(pid);
            p++;
        } else {
            out[n++] = *p;
        }
    }
    out[n] = '\0';
    free(*path);
    *path = out;
    return 0;
}

/* ---- the sink ------------------------------------------------------------------- */

atomic_bool jc_trace_crashing;
atomic_bool jc_sink_dying;
_Atomic int jc_sink_fd = -1;
static bool sink_owned;                 /* a file we opened, not stderr */
static char sink_name[256] = "standard error";
static const char *sink_tool = "jvmticheck";   /* in front of our messages */
static atomic_bool sink_failed;         /* a write failed: said so once */
/* Writes to the sink are whole lines, one writer at a time (sink_mu), so
 * no two threads' lines are ever spliced, whatever the sink.  To a pipe or
 * socket each write(2) is also at most PIPE_BUF bytes of whole lines (a
 * single longer line goes alone), so that lines of other writers to the
 * same pipe (the VM's own messages on stderr) cannot split ours either. */
static pthread_mutex_t sink_mu = PTHREAD_MUTEX_INITIALIZER;
static bool sink_is_pipe;               /* FIFO or socket: PIPE_BUF chunks */
static bool sink_is_reg;                /* regular file: laid out in blocks */
static bool sink_appends;               /* O_APPEND: writes land at the end */
static bool sink_json;                  /* lines are JSON (a filler may lead one) */
static int sink_dead_fd = -1;           /* stopped after a failure; closed later */

static void sink_classify(int fd)
{
    struct stat st;
    bool ok = fstat(fd, &st) == 0;
    sink_is_pipe = ok && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
    sink_is_reg = ok && S_ISREG(st.st_mode);
    int fl = fcntl(fd, F_GETFL);
    sink_appends = fl >= 0 && (fl & O_APPEND);
}

void jc_sink_set_json(bool json)
{
    sink_json = json;
}

/* A log may be a regular file (appended to), a FIFO some process reads, or
 * a character device (a terminal, /dev/null); never a FIFO nobody reads,
 * whose open would block the VM's start for good (jc_open.h). */
int jc_sink_open(const char *path, char *err, size_t errlen)
{
    int fd = 2;
    char q[300];
    if (path) {
        struct stat st;
        fd = jc_open_kind(path, O_WRONLY | O_APPEND | O_CREAT, 0644, JC_KIND_REG | JC_KIND_FIFO | JC_KIND_CHR, &st);
        int e = errno;
        if (fd < 0 && e == 0) {
            snprintf(err, errlen, "%s: log file '%s' is %s (expected a regular file, a FIFO or a terminal)", sink_tool,
                     jc_quote(path, q, sizeof q), jc_file_kind_name(st.st_mode));
            return -1;
        }
        if (fd < 0 && e == ENXIO && stat(path, &st) == 0 && S_ISFIFO(st.st_mode)) {
            snprintf(err, errlen, "%s: cannot open log file '%s': it is a FIFO no process reads (start its reader "
                     "first)", sink_tool, jc_quote(path, q, sizeof q));
            return -1;
        }
        if (fd < 0) {
            snprintf(err, errlen, "%s: cannot open log file '%s': %s", sink_tool, jc_quote(path, q, sizeof q),
                     strerror(e));
            return -1;
        }
    }
    jc_sink_close();
    jc_quote(path ? path : "standard error", sink_name, sizeof sink_name);
    atomic_store(&sink_failed, false);
    sink_owned = path != NULL;
    sink_classify(fd);
    jc_sink_signals();
    atomic_store(&jc_sink_fd, fd);
    return 0;
}

void jc_sink_close(void)
{
    int fd = atomic_exchange(&jc_sink_fd, -1);
    if (fd >= 0 && sink_owned)
        close(fd);
    if (sink_dead_fd >= 0)
        close(sink_dead_fd);
    sink_dead_fd = -1;
    sink_owned = false;
}

/* A trace that cannot be written must not stop the agent or the VM, but it
 * must not fail silently either: one line on stderr, with write(2) (no stdio
 * lock, as any thread may get here). */
static void sink_failure(int err)
{
    if (atomic_exchange(&sink_failed, true))
        return;
    char why[128], msg[512];
    const char *reason = strerror_r(err, why, sizeof why);
    int n = snprintf(msg, sizeof msg,
                     "%s: cannot write the trace to %s: %s; the trace stops here, after its last whole record\n",
                     sink_tool, sink_name, reason);
    if (n > 0)
        (void)!write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
}

/* Writes all of p (whole lines) to fd; on failure takes back what part of
 * it reached a regular file, so that the log ends with a whole record.
 * Returns 0 or the errno. */
int jc_sink_write_whole(int fd, const char *p, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, p + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            int e = w < 0 ? errno : ENOSPC;
            struct stat st;
            if (done > 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
                off_t end = lseek(fd, 0, SEEK_CUR);
                if (end >= (off_t)done && ftruncate(fd, end - (off_t)done) == 0)
                    (void)lseek(fd, end - (off_t)done, SEEK_SET);
            }
            return e;
        }
        done += (size_t)w;
    }
    return 0;
}

/* ---- whole lines on kill -9 -----------------------------------------------------
 * A process killed while it writes (SIGKILL, or any fatal signal while
 * another thread is inside write(2)) leaves that write cut short.  Linux
 * copies a write into a regular file a block (page or folio, 4 KiB or a
 * multiple, aligned) at a time and looks for a fatal signal before each
 * block: a write can be cut only where it crosses a 4 KiB boundary of the
 * file.  So no line of a log file crosses one: a line that would is moved
 * to the next block, the line before it padded with spaces up to the
 * boundary (trailing white space, which JSON allows and a reader of text
 * does not see).  A write's last line is padded the same way when less
 * than JC_SINK_TAIL bytes of its block are left, so that the next write
 * starts a block and its first line fits; should one still not fit (a long
 * line, or bytes another writer appended), a filler goes in front of it:
 * spaces ending in a newline (a blank line) in text, leading spaces in
 * JSON.  A line longer than a block crosses one whatever is done: it can
 * still be cut.  Each writev(2) of a write ends at a line end.  Pipes need
 * none of this: a write of at most PIPE_BUF bytes is never split. */

#define JC_SINK_BLOCK 4096
#define JC_SINK_TAIL 1024
#define JC_SINK_IOV 128

static char sink_spaces[JC_SINK_BLOCK];

typedef struct laid {
    struct iovec iov[JC_SINK_IOV];
    int n;
} laid;

static void lay(laid *l, const char *p, size_t n)
{
    if (n > 0)
        l->iov[l->n++] = (struct iovec){ (void *)p, n };
}

/* writev of all of l; on failure takes back what part of it reached the
 * file (it ends at a line end only when whole).  0 or the errno. */
static int writev_whole(int fd, laid *l)
{
    size_t done = 0;
    int i = 0;
    while (i < l->n) {
        ssize_t w = writev(fd, l->iov + i, l->n - i);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            int e = w < 0 ? errno : ENOSPC;
            off_t end = lseek(fd, 0, SEEK_CUR);
            if (done > 0 && end >= (off_t)done && ftruncate(fd, end - (off_t)done) == 0)
                (void)lseek(fd, end - (off_t)done, SEEK_SET);
            return e;
        }
        done += (size_t)w;
        while (i < l->n && (size_t)w >= l->iov[i].iov_len)
            w -= (ssize_t)l->iov[i++].iov_len;
        if (i < l->n) {
            l->iov[i].iov_base = (char *)l->iov[i].iov_base + w;
            l->iov[i].iov_len -= (size_t)w;
        }
    }
    l->n = 0;
    return 0;
}

/* Where the next write to fd lands. */
static off_t sink_offset(int fd)
{
    struct stat st;
    if (!sink_appends)
        return lseek(fd, 0, SEEK_CUR);
    return fstat(fd, &st) == 0 ? st.st_size : -1;
}

/* Whole lines p[0..n) into a regular file, laid out as said above; without
 * a lock or an allocation (the crash path calls it). */
static int write_blocks(int fd, const char *p, size_t n)
{
    off_t at = sink_offset(fd);
    if (at < 0)
        return jc_sink_write_whole(fd, p, n);
    if (sink_spaces[0] != ' ')
        memset(sink_spaces, ' ', sizeof sink_spaces);
    size_t off = (size_t)(at % JC_SINK_BLOCK);    /* in its block */
    laid l = { .n = 0 };
    const char *seg = p;                            /* not yet laid */
    for (size_t pos = 0; pos < n;) {
        const char *nl = memchr(p + pos, '\n', n - pos);
        size_t len = nl ? (size_t)(nl - (p + pos)) + 1 : n - pos;
        size_t room = JC_SINK_BLOCK - off;
        if (len > room && len <= JC_SINK_BLOCK) {
            if (pos > 0 && p + pos - 1 >= seg) {
                /* the line before, padded up to the boundary */
                lay(&l, seg, (size_t)(p + pos - 1 - seg));
                lay(&l, sink_spaces, room);
                seg = p + pos - 1;
            } else {
                /* the first line of this write (or of a writev): a filler */
                lay(&l, sink_spaces, room - 1);
                lay(&l, sink_json ? " " : "\n", 1);
            }
            off = 0;
        }
        off = (off + len) % JC_SINK_BLOCK;
        pos += len;
        if (l.n >= JC_SINK_IOV - 6 && pos < n) {
            /* full: out up to this line's end */
            lay(&l, seg, (size_t)(p + pos - seg));
            seg = p + pos;
            int e = writev_whole(fd, &l);
            if (e)
                return e;
        }
    }
    size_t room = JC_SINK_BLOCK - off;
    if (off > 0 && room < JC_SINK_TAIL && n > 0 && p[n - 1] == '\n' && p + n - 1 >= seg) {
        lay(&l, seg, (size_t)(p + n - 1 - seg));
        lay(&l, sink_spaces, room);
        seg = p + n - 1;
    }
    lay(&l, seg, (size_t)(p + n - seg));
    return writev_whole(fd, &l);
}

int jc_sink_write_lines(int fd, const char *p, size_t n)
{
    if (sink_is_reg)
        return write_blocks(fd, p, n);
    while (n > 0) {
        size_t chunk = n;
        if (sink_is_pipe && chunk > PIPE_BUF) {
            /* the last line end within PIPE_BUF, or the first one after */
            const char *nl = NULL;
            for (const char *q = p + PIPE_BUF - 1; q >= p; q--)
                if (*q == '\n') {
                    nl = q;
                    break;
                }
            if (!nl)
                nl = memchr(p, '\n', n);
            chunk = nl ? (size_t)(nl - p) + 1 : n;
        }
        int e = jc_sink_write_whole(fd, p, chunk);
        if (e)
            return e;
        p += chunk;
        n -= chunk;
    }
    return 0;
}

/* After the first failure nothing more is written, ever: a disk that has
 * room again later must not get a record glued to a torn one. */
static void sink_stop(int fd, int e)
{
    int expected = fd;
    if (atomic_compare_exchange_strong(&jc_sink_fd, &expected, -1) && sink_owned)
        sink_dead_fd = fd;
    sink_failure(e);
}

void jc_sink_write_locked(int fd, const char *p, size_t n)
{
    int e = jc_sink_write_lines(fd, p, n);
    if (e)
        sink_stop(fd, e);
}

bool jc_lock_for(pthread_mutex_t *mu, long ms)
{
    /* asleep, not spinning: the holder (one of maybe dozens of threads on
     * a few cores) must get to run and let go */
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += (ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    int e;
    while ((e = pthread_mutex_timedlock(mu, &until)) == EINTR)
        ;
    return e == 0;
}

/* While the process dies the lock is tried for a while, then the lines are
 * written anyway: its holder may be the thread that crashed, which never
 * lets it go.  Once that happened no one waits for it again (the handler
 * has a record for each thread to write before the process may die). */
#define DYING_LOCK_MS 2000
static atomic_bool sink_lock_lost;

void jc_sink_write(const char *p, size_t n)
{
    bool locked = true;
    if (atomic_load_explicit(&jc_sink_dying, memory_order_relaxed)) {
        locked = !atomic_load(&sink_lock_lost) && jc_lock_for(&sink_mu, DYING_LOCK_MS);
        if (!locked)
            atomic_store(&sink_lock_lost, true);
    } else
        pthread_mutex_lock(&sink_mu);
    int fd = atomic_load_explicit(&jc_sink_fd, memory_order_acquire);
    if (fd >= 0 && !atomic_load_explicit(&jc_trace_crashing, memory_order_relaxed))
        jc_sink_write_locked(fd, p, n);
    if (locked)
        pthread_mutex_unlock(&sink_mu);
}

void jc_format_double(char d[64], double v)
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(d, 64, "%.*g", prec, v);
        if (strtod(d, NULL) == v)
            break;
    }
    for (char *p = d; *p; p++)
        if (!strchr("0123456789eE+-", *p))
            *p = '.';
}

void jc_say(const char *line)
{
    size_t n = strlen(line);
    while (n > 0) {
        ssize_t w = write(2, line, n);
        if (w <= 0)
            return;
        line += w;
        n -= (size_t)w;
    }
}

void jc_sink_set_tool(const char *tool) { sink_tool = tool; }
const char *jc_sink_tool(void) { return sink_tool; }

pthread_mutex_t *jc_sink_mutex(void) { return &sink_mu; }

void jc_sink_signals(void)
{
    struct sigaction old;
    if (sigaction(SIGXFSZ, NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL)
        signal(SIGXFSZ, SIG_IGN);
}
