/* outfile.c — temp file + rename, so outputs appear whole or not at all
 * (or, for --stdout, a memory buffer written out at the end).
 *
 * Design:
 * - Every output is written to a hidden temporary beside its destination.
 *   Publishing a run is all or nothing: the files being replaced are first
 *   linked to hidden backups, then every temporary is renamed into place;
 *   when one rename fails, the ones already made are undone from the
 *   backups (or removed, where there was no file before), so the folder
 *   holds the old set whole, never a mix of two runs.
 * - The paths of the temporaries and backups that exist at any moment are
 *   kept in a small table that a SIGINT/SIGTERM/SIGHUP handler reads: it
 *   unlinks them (unlink is async-signal-safe) and dies of the signal as it
 *   would have, so an interrupted run leaves no hidden file behind.  A slot
 *   is published (atomic store) only once its string is complete and
 *   cleared before the string is freed. */
#define _POSIX_C_SOURCE 200809L
#include "util/outfile.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/diag.h"

/* ---- temporaries the signal handler removes -------------------------------- */

#define MAX_TEMPS 64
static _Atomic(const char *) temps[MAX_TEMPS];

static void on_signal(int sig)
{
    for (int i = 0; i < MAX_TEMPS; i++) {
        const char *p = atomic_load(&temps[i]);
        if (p)
            unlink(p);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_handlers(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        /* a signal the caller ignores (nohup) stays ignored */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
}

/* Remember path (owned by the caller, alive until forget_temp). */
static void remember_temp(const char *path)
{
    install_handlers();
    for (int i = 0; i < MAX_TEMPS; i++) {
        const char *none = NULL;
        if (atomic_compare_exchange_strong(&temps[i], &none, path))
            return;
    }
    /* more than MAX_TEMPS at once: that one is not removed on a signal */
}

static void forget_temp(const char *path)
{
    for (int i = 0; i < MAX_TEMPS; i++) {
        const char *p = path;
        if (atomic_compare_exchange_strong(&temps[i], &p, NULL))
            return;
    }
}

struct jt_out {
    FILE *f;
    char *tmp;      /* DIR/.NAME.tmpXXXXXX; NULL for standard output */
    char *buf;      /* standard output: the text, from open_memstream */
    size_t len;
    int err;        /* errno of the first failed write, 0 if none */
    char *final;    /* DIR/NAME */
    char *backup;   /* publishing: DIR/.NAME.tmpXXXXXX.old, a link to the file replaced; NULL if none */
    int placed;     /* publishing: renamed into place */
    jt_out *next;   /* in the list of files written but not yet published */
};

static jt_out *pending;
static int to_stdout;

void jt_out_to_stdout(void) { to_stdout = 1; }

static jt_out *open_stdout(void)
{
    jt_out *o = calloc(1, sizeof *o);
    if (!o || !(o->final = strdup("standard output")) || !(o->f = open_memstream(&o->buf, &o->len)))
        jt_fatal("out of memory");
    return o;
}

jt_out *jt_out_open_memory(void)
{
    return open_stdout();
}

const char *jt_out_memory_text(jt_out *o)
{
    if (o->err || fflush(o->f) != 0 || ferror(o->f))
        return NULL;
    return o->buf ? o->buf : "";
}

static const char *file_kind(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
         : S_ISFIFO(m) ? "a FIFO" : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

int jt_out_replaceable(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return 0;
    jt_diag(JT_DIAG_ERROR, NULL, 0, "%s is %s, not a regular file: not replaced (name a file)", path,
            file_kind(st.st_mode));
    return -1;
}

jt_out *jt_out_open(const char *dir, const char *name)
{
    if (to_stdout)
        return open_stdout();
    jt_out *o = calloc(1, sizeof *o);
    size_t n = strlen(dir) + strlen(name) + 16;
    if (!o || !(o->tmp = malloc(n)) || !(o->final = malloc(n)))
        jt_fatal("out of memory");
    snprintf(o->final, n, "%s/%s", dir, name);
    if (jt_out_replaceable(o->final) != 0) {
        free(o->tmp);
        free(o->final);
        free(o);
        return NULL;
    }
    snprintf(o->tmp, n, "%s/.%s.tmpXXXXXX", dir, name);
    int fd = mkstemp(o->tmp);
    /* mkstemp makes 0600; outputs are ordinary files: 0666 less the umask */
    if (fd >= 0) {
        mode_t mask = umask(0);
        umask(mask);
        (void)fchmod(fd, 0666 & ~mask);
    }
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot create %s: %s", o->final, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        free(o->tmp);
        free(o->final);
        free(o);
        return NULL;
    }
    remember_temp(o->tmp);
    return o;
}

FILE *jt_out_file(jt_out *o) { return o->f; }

/* The first failure's errno is the one worth reporting ("No space left on
 * device"); stdio keeps only a flag. */
static void note_error(jt_out *o)
{
    if (!o->err)
        o->err = errno ? errno : EIO;
}

void jt_out_puts(jt_out *o, const char *s)
{
    errno = 0;
    if (fputs(s, o->f) == EOF)
        note_error(o);
}

int jt_out_write(jt_out *o, const void *p, size_t n)
{
    errno = 0;
    if (n && fwrite(p, 1, n, o->f) != n) {
        note_error(o);
        return -1;
    }
    return 0;
}

void jt_out_fail(jt_out *o)
{
    if (!o->err)
        o->err = EIO;
}

void jt_out_printf(jt_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    errno = 0;
    if (vfprintf(o->f, fmt, ap) < 0)
        note_error(o);
    va_end(ap);
}

static void release(jt_out *o)
{
    if (o->tmp)
        forget_temp(o->tmp);
    if (o->backup)
        forget_temp(o->backup);
    free(o->backup);
    free(o->buf);
    free(o->tmp);
    free(o->final);
    free(o);
}

int jt_out_commit(jt_out *o)
{
    /* Emitters that write through jt_out_file() leave only the stream's
     * error flag; flushing again (what is left in the buffer) names the
     * cause, else EIO. */
    int err = o->err;
    errno = 0;
    if (fflush(o->f) != 0 && !err)
        err = errno ? errno : EIO;
    if (ferror(o->f) && !err)
        err = EIO;
    errno = 0;
    if (fclose(o->f) != 0 && !err)
        err = errno ? errno : EIO;
    if (err) {
        jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot write %s: %s", o->final, strerror(err));
        if (o->tmp)
            unlink(o->tmp);
        release(o);
        return -1;
    }
    o->next = pending;
    pending = o;
    return 0;
}

/* Writes --stdout's text; -1 with errno set on failure. */
static int write_stdout(jt_out *o)
{
    errno = 0;
    if (fwrite(o->buf, 1, o->len, stdout) != o->len || fflush(stdout) != 0 || ferror(stdout)) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}

/* Links the file o replaces to a hidden backup beside it (none when there
 * is no such file); -1 with errno set on failure. */
static int keep_backup(jt_out *o)
{
    struct stat st;
    if (lstat(o->final, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    size_t n = strlen(o->tmp) + 5;
    if (!(o->backup = malloc(n)))
        jt_fatal("out of memory");
    snprintf(o->backup, n, "%s.old", o->tmp);
    remember_temp(o->backup);
    if (link(o->final, o->backup) == 0)
        return 0;
    forget_temp(o->backup);
    free(o->backup);
    o->backup = NULL;
    return -1;
}

/* Puts back what was there before o was renamed into place. */
static void undo(jt_out *o)
{
    if (!o->placed)
        return;
    if (o->backup) {
        if (rename(o->backup, o->final) == 0) {
            forget_temp(o->backup);
            free(o->backup);
            o->backup = NULL;
        }
    } else {
        unlink(o->final);
    }
    o->placed = 0;
}

/* Renames every committed temporary into place, or none: -1 after a
 * message when one could not be, with the old files back. */
static int publish_all(void)
{
    jt_out *failed = NULL;
    int err = 0;
    for (jt_out *o = pending; o && !failed; o = o->next)
        if (o->tmp && keep_backup(o) != 0) {
            failed = o;
            err = errno;
        }
    for (jt_out *o = pending; o && !failed; o = o->next) {
        if (!o->tmp)
            continue;
        if (rename(o->tmp, o->final) != 0) {
            failed = o;
            err = errno;
            break;
        }
        o->placed = 1;
    }
    if (failed) {
        jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot write %s: %s (no output replaced)", failed->final, strerror(err));
        for (jt_out *o = pending; o; o = o->next)
            undo(o);
    }
    for (jt_out *o = pending; o; o = o->next) {
        if (o->backup)
            unlink(o->backup);
        if (o->tmp && !o->placed)
            unlink(o->tmp);
    }
    if (failed)
        return -1;
    for (jt_out *o = pending; o; o = o->next)
        if (!o->tmp && write_stdout(o) != 0) {
            jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot write %s: %s", o->final, strerror(errno));
            return -1;
        }
    return 0;
}

int jt_out_finish(int ok)
{
    /* no signal between two renames: it would leave a mix of two runs */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigprocmask(SIG_BLOCK, &block, &old);
    /* the list is newest first: publish in the order the files were made */
    jt_out *rev = NULL;
    while (pending) {
        jt_out *o = pending;
        pending = o->next;
        o->next = rev;
        rev = o;
    }
    pending = rev;
    int rc = ok ? publish_all() : -1;
    if (!ok)
        for (jt_out *o = pending; o; o = o->next)
            if (o->tmp)
                unlink(o->tmp);
    for (jt_out *o = pending, *next; o; o = next) {
        next = o->next;
        release(o);
    }
    pending = NULL;
    sigprocmask(SIG_SETMASK, &old, NULL);
    return rc;
}

void jt_out_abort(jt_out *o)
{
    if (!o)
        return;
    fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    release(o);
}

/* mkdir -p: dir and the parents it lacks; -1 with errno set. */
static int make_dirs(const char *dir)
{
    char *path = strdup(dir);
    if (!path)
        jt_fatal("out of memory");
    int rc = 0;
    for (char *p = path + 1; *p && rc == 0; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            rc = -1;
        *p = '/';
    }
    if (rc == 0 && mkdir(path, 0777) != 0 && errno != EEXIST)
        rc = -1;
    free(path);
    return rc;
}

int jt_out_dir(const char *dir)
{
    struct stat st;
    install_handlers();
    if (stat(dir, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return 0;
        jt_diag(JT_DIAG_ERROR, NULL, 0, "output directory %s exists and is not a directory", dir);
        return -1;
    }
    if (make_dirs(dir) != 0 || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot create output directory %s: %s", dir, strerror(errno ? errno : ENOTDIR));
        return -1;
    }
    return 0;
}
