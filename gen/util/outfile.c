/* outfile.c — temp file + rename, so outputs appear whole or not at all
 * (or, for --stdout, a memory buffer written out at the end). */
#define _POSIX_C_SOURCE 200809L
#include "util/outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/diag.h"

struct jt_out {
    FILE *f;
    char *tmp;      /* DIR/.NAME.tmpXXXXXX; NULL for standard output */
    char *buf;      /* standard output: the text, from open_memstream */
    size_t len;
    int err;        /* errno of the first failed write, 0 if none */
    char *final;    /* DIR/NAME */
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

jt_out *jt_out_open(const char *dir, const char *name)
{
    if (to_stdout)
        return open_stdout();
    jt_out *o = calloc(1, sizeof *o);
    size_t n = strlen(dir) + strlen(name) + 16;
    if (!o || !(o->tmp = malloc(n)) || !(o->final = malloc(n)))
        jt_fatal("out of memory");
    snprintf(o->final, n, "%s/%s", dir, name);
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

/* Put one committed output in its place; -1 with errno set on failure. */
static int publish(jt_out *o)
{
    if (o->tmp)
        return rename(o->tmp, o->final);
    errno = 0;
    if (fwrite(o->buf, 1, o->len, stdout) != o->len || fflush(stdout) != 0 || ferror(stdout)) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}

int jt_out_finish(int ok)
{
    int rc = 0;
    for (jt_out *o = pending, *next; o; o = next) {
        next = o->next;
        if (ok && rc == 0 && publish(o) != 0) {
            jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot write %s: %s", o->final, strerror(errno));
            rc = -1;
        }
        if ((!ok || rc != 0) && o->tmp)
            unlink(o->tmp);
        release(o);
    }
    pending = NULL;
    return ok ? rc : -1;
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

int jt_out_dir(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return 0;
        jt_diag(JT_DIAG_ERROR, NULL, 0, "output directory %s exists and is not a directory", dir);
        return -1;
    }
    if (mkdir(dir, 0777) != 0) {
        jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot create output directory %s: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}
