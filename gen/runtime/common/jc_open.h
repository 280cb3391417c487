/* jc_open.h — opening a file a user named (log=, suppress=, agent=,
 * transport=) without ever blocking on it.
 *
 * open(2) of a FIFO blocks until the other end opens too (a reader for a
 * writer, a writer for a reader): a FIFO given as suppress= or log= would
 * stop the VM at start, forever, before any message.  So every such file
 * is opened with O_NONBLOCK (which makes open() of a FIFO return at once:
 * ENXIO for a writer with no reader), looked at with fstat, and refused
 * when its kind is not one the option takes; O_NONBLOCK is then taken off
 * again, so that reads and writes behave as usual (a slow reader of a log
 * FIFO holds its writer back, as any pipe does).
 *
 * Header-only: the suppression parser is also built alone into its fuzz
 * target. */
#ifndef JC_OPEN_H
#define JC_OPEN_H

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* The kinds of file, as bits, for what an option takes. */
enum {
    JC_KIND_REG = 1,
    JC_KIND_FIFO = 2,
    JC_KIND_CHR = 4,            /* a terminal, /dev/null */
    JC_KIND_OTHER = 8,          /* directory, block device, socket */
};

static inline unsigned jc_file_kind_bit(mode_t m)
{
    return S_ISREG(m) ? JC_KIND_REG : S_ISFIFO(m) ? JC_KIND_FIFO : S_ISCHR(m) ? JC_KIND_CHR : JC_KIND_OTHER;
}

/* "a FIFO", "a directory", ...: what a refused file is. */
static inline const char *jc_file_kind_name(mode_t m)
{
    return S_ISREG(m) ? "a regular file" : S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device"
           : S_ISDIR(m) ? "a directory" : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket"
           : "not a regular file";
}

/* open(path, flags | O_NONBLOCK | O_CLOEXEC, mode), then the file's kind
 * must be one of the bits in kinds.  Returns the fd (O_NONBLOCK cleared)
 * and *st; or -1 with errno (open's own), or -1 with errno 0 and *st the
 * refused file's. */
static inline int jc_open_kind(const char *path, int flags, mode_t mode, unsigned kinds, struct stat *st)
{
    int fd = open(path, flags | O_NONBLOCK | O_CLOEXEC, mode);
    if (fd < 0)
        return -1;
    if (fstat(fd, st) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    if (!(jc_file_kind_bit(st->st_mode) & kinds)) {
        close(fd);
        errno = 0;
        return -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    return fd;
}

#endif
