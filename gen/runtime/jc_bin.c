/* jc_bin.c — format=bin: the trace as a recording, in a file mapped
 * MAP_SHARED, so that every record made survives the process (SIGKILL,
 * SIGSEGV, abort): the kernel owns the pages.  `jvmtigen trace FILE` prints
 * it as text or jsonl.  The layout is in jc_bintrace.h.
 *
 * Design:
 * - Each thread writes only into chunks of its own (1 MiB, taken from the
 *   end of the file under a lock, ftruncate + mmap), so a record is a few
 *   stores, no lock and no formatting.
 * - A call is recorded before it is made (state 1, "entered") and
 *   completed after it returns (its error and duration, state 2): the call
 *   a crash happened in is the last record of its thread.  The state word
 *   is stored last, with release order.
 * - Names are written once, at the start (function slots and errors): the
 *   viewer needs no spec.  Arguments and events are not recorded (yet);
 *   violations, notes and the summary go to stderr as text.
 * - When a chunk cannot be had (disk full, no address space), the recorder
 *   says so once and stops; what is in the file stays readable.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "jc_bintrace.h"
#include "jc_internal.h"
#include "jvmti_names.h"

#define CHUNK (1u << 20)
#define DEPTH 8

static int bin_fd = -1;
static off_t bin_end;
static pthread_mutex_t bin_mu = PTHREAD_MUTEX_INITIALIZER;
static atomic_bool bin_failed;
static char bin_path[256];

static _Thread_local unsigned char *tl_pos, *tl_end;
static _Thread_local unsigned char *tl_open[DEPTH];
static _Thread_local int tl_depth;

static void put16(unsigned char *p, unsigned v) { p[0] = (unsigned char)v; p[1] = (unsigned char)(v >> 8); }
static void put32(unsigned char *p, uint32_t v) { memcpy(p, &v, 4); }

static void bin_failure(const char *what, int e)
{
    if (atomic_exchange(&bin_failed, true))
        return;
    char msg[512];
    int n = snprintf(msg, sizeof msg, "jvmticheck: cannot %s the binary trace %s: %s; it stops here\n", what,
                     bin_path, strerror(e));
    if (n > 0)
        (void)!write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
}

static size_t put_name(unsigned char *h, size_t at, unsigned kind, int num, const char *name)
{
    size_t len = strlen(name);
    if (len > 255 || at + 4 + len > JC_BIN_HEADER)
        return at;
    h[at] = (unsigned char)kind;
    put16(h + at + 1, (unsigned)num);
    h[at + 3] = (unsigned char)len;
    memcpy(h + at + 4, name, len);
    return at + 4 + len;
}

int jc_bin_open(const char *path, char *err, size_t errlen)
{
    snprintf(bin_path, sizeof bin_path, "%s", path);
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0 || ftruncate(fd, JC_BIN_HEADER) != 0) {
        snprintf(err, errlen, "jvmticheck: cannot open binary trace '%s': %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    unsigned char *h = mmap(NULL, JC_BIN_HEADER, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (h == MAP_FAILED) {
        snprintf(err, errlen, "jvmticheck: cannot map binary trace '%s': %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    memcpy(h, JC_BIN_MAGIC, 8);
    put32(h + 8, JC_BIN_VERSION);
    put32(h + 12, CHUNK);
    size_t at = JC_BIN_NAMES_AT;
    for (int i = 1; i <= jc_fn_max; i++)
        if (jc_fn_table[i].name)
            at = put_name(h, at, JC_BIN_NAME_FN, i, jc_fn_table[i].name);
    for (int e = 0; e < 1000; e++) {
        const char *n = jvmti_error_name((jvmtiError)e);
        if (n)
            at = put_name(h, at, JC_BIN_NAME_ERROR, e, n);
    }
    put32(h + 16, (uint32_t)(at - JC_BIN_NAMES_AT));
    munmap(h, JC_BIN_HEADER);
    bin_end = JC_BIN_HEADER;
    atomic_store(&bin_failed, false);
    bin_fd = fd;
    return 0;
}

/* A new chunk for the calling thread; false when none can be had. */
static bool new_chunk(void)
{
    if (atomic_load(&bin_failed) || bin_fd < 0)
        return false;
    pthread_mutex_lock(&bin_mu);
    off_t at = bin_end;
    int e = 0;
    if (posix_fallocate(bin_fd, at, CHUNK) != 0 && ftruncate(bin_fd, at + CHUNK) != 0)
        e = errno ? errno : ENOSPC;
    else
        bin_end = at + CHUNK;
    pthread_mutex_unlock(&bin_mu);
    if (e) {
        bin_failure("grow", e);
        return false;
    }
    unsigned char *c = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE, MAP_SHARED, bin_fd, at);
    if (c == MAP_FAILED) {
        bin_failure("map", errno);
        return false;
    }
    memcpy(c, JC_BIN_CHUNK_MAGIC, 8);
    put32(c + 8, (uint32_t)syscall(SYS_gettid));
    if (pthread_getname_np(pthread_self(), (char *)c + 16, 32) != 0)
        c[16] = 0;
    tl_pos = c + JC_BIN_CHUNK_HEAD;
    tl_end = c + CHUNK;
    return true;
}

void jc_bin_enter(int num)
{
    if (tl_depth >= DEPTH)
        return;
    if (tl_pos == tl_end && !new_chunk()) {
        tl_open[tl_depth++] = NULL;
        return;
    }
    if (!tl_pos && !new_chunk()) {
        tl_open[tl_depth++] = NULL;
        return;
    }
    unsigned char *r = tl_pos;
    tl_pos += JC_BIN_REC;
    put16(r + 4, (unsigned)num);
    r[6] = JC_BIN_KIND_CALL;
    uint64_t t = jc_now_ns();
    memcpy(r + 16, &t, 8);
    atomic_store_explicit((_Atomic uint32_t *)(void *)r, JC_BIN_ENTERED, memory_order_release);
    tl_open[tl_depth++] = r;
}

void jc_bin_leave(jvmtiError err)
{
    if (tl_depth <= 0)
        return;
    unsigned char *r = tl_open[--tl_depth];
    if (!r)
        return;
    uint64_t t0, dur;
    memcpy(&t0, r + 16, 8);
    dur = jc_now_ns() - t0;
    int32_t e = (int32_t)err;
    memcpy(r + 8, &e, 4);
    memcpy(r + 24, &dur, 8);
    atomic_store_explicit((_Atomic uint32_t *)(void *)r, JC_BIN_COMPLETE, memory_order_release);
}
