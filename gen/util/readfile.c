/* readfile.c — read a regular file whole, with one clear message for each
 * way that fails (see readfile.h). */
#define _POSIX_C_SOURCE 200809L   /* open, fstat, read, O_CLOEXEC */
#include "util/readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/diag.h"

char *jt_read_file(const char *path, size_t *len, const char *expected)
{
    struct stat st;
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &st) != 0) {
        jt_diag(JT_DIAG_ERROR, path, 0, "cannot read: %s", strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    const char *refusal = NULL;
    if (S_ISDIR(st.st_mode))
        refusal = "is a directory";
    else if (!S_ISREG(st.st_mode))
        refusal = "is not a regular file";
    else if (st.st_size == 0)
        refusal = "is empty";
    else if (st.st_size > INT_MAX)      /* libxml2 takes an int length */
        refusal = "is too large";
    if (refusal) {
        jt_diag(JT_DIAG_ERROR, path, 0, "%s (expected %s)", refusal, expected);
        close(fd);
        return NULL;
    }
    size_t n = (size_t)st.st_size, got = 0;
    char *buf = malloc(n);
    if (!buf)
        jt_fatal("out of memory");
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            jt_diag(JT_DIAG_ERROR, path, 0, "cannot read: %s", r < 0 ? strerror(errno) : "file shrank while read");
            free(buf);
            close(fd);
            return NULL;
        }
        got += (size_t)r;
    }
    close(fd);
    *len = n;
    return buf;
}
