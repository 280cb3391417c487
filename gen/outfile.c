/* outfile.c — temp file + rename, so outputs appear whole or not at all. */
#define _POSIX_C_SOURCE 200809L
#include "outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"

struct jt_out {
    FILE *f;
    char *tmp;      /* DIR/.NAME.tmpXXXXXX */
    char *final;    /* DIR/NAME */
    jt_out *next;   /* in the list of files written but not yet published */
};

static jt_out *pending;

jt_out *jt_out_open(const char *dir, const char *name)
{
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

void jt_out_puts(jt_out *o, const char *s) { fputs(s, o->f); }

void jt_out_printf(jt_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(o->f, fmt, ap);
    va_end(ap);
}

static void release(jt_out *o)
{
    free(o->tmp);
    free(o->final);
    free(o);
}

int jt_out_commit(jt_out *o)
{
    int err = ferror(o->f) ? EIO : 0;
    if (fflush(o->f) != 0 && !err)
        err = errno;
    if (fclose(o->f) != 0 && !err)
        err = errno;
    if (err) {
        jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot write %s: %s", o->final, strerror(err));
        unlink(o->tmp);
        release(o);
        return -1;
    }
    o->next = pending;
    pending = o;
    return 0;
}

int jt_out_finish(int ok)
{
    int rc = 0;
    for (jt_out *o = pending, *next; o; o = next) {
        next = o->next;
        if (ok && rc == 0 && rename(o->tmp, o->final) != 0) {
            jt_diag(JT_DIAG_ERROR, NULL, 0, "cannot write %s: %s", o->final, strerror(errno));
            rc = -1;
        }
        if (!ok || rc != 0)
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
    unlink(o->tmp);
    release(o);
}
