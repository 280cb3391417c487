/* jc_bin_pool.c — chunks of a format=bin recording made ready ahead of
 * need, by a thread of ours, so that the threads being traced do not pay
 * for them.
 *
 * A chunk costs the kernel more than the records written into it: file
 * space (posix_fallocate), a mapping, and a page fault per page (a page
 * cache page zeroed, the file system told the page will be written).  On a
 * traced call of a few ns that was about half of the recorder's time.  So
 * the thread "bin" keeps POOL chunks allocated, mapped and
 * faulted in (MADV_POPULATE_WRITE, one system call for all pages), and
 * unmaps the chunks threads leave.  A thread needing a chunk takes a
 * ready one under a mutex (once per chunk of records); when none is
 * ready, it makes its own as before (jc_bin.c), so a slow disk slows the
 * recording down but never stops it.
 *
 * A thread's chunks grow (jc_bin.c): its first is small, the next ones
 * double up to the big size, where they stay.  Two sizes are made ready:
 * the small one, which every thread starting to record takes, and the
 * big one, where a busy thread spends its time, only once some thread has
 * asked for one (a program whose threads record a little never has big
 * chunks lying unused on disk).  The sizes between are passed once per
 * thread, and made by the thread itself.
 *
 * A flight recording (ring=, jc_bin_ring.c) takes no chunks from here:
 * the thread faults the ring's pages in once, at open, and then only
 * unmaps the chunks of strings that recording leaves.
 *
 * A chunk made ready but never taken stays zeros in the file, which the
 * decoder skips.  Its offset comes from the shared counter in the header,
 * as every chunk's.  fork(): the child inherits the ready chunks' mappings,
 * which its parent will hand out: the child forgets them (without a
 * thread of its own, it makes its chunks itself).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/mman.h>

#include "jc_bin_pool.h"
#include "jc_bin_ring.h"
#include "jc_internal.h"

#define POOL 4
#define RETIRED 64

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23      /* Linux 5.14; EINVAL before, harmless */
#endif

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;
static bool making;                 /* the thread is making a chunk, outside the mutex */
enum { SMALL, BIG, NSIZES };
static unsigned char *ready[NSIZES][POOL];
static int nready[NSIZES];
static size_t pool_size[NSIZES];
static bool big_wanted;             /* some thread asked for a big chunk */
static struct { unsigned char *p; size_t len; } retired[RETIRED];
static int nretired;
static int pool_fd = -1;            /* -1: no recording to make chunks for */
static _Atomic uint64_t *pool_next;
static unsigned pool_gen;           /* a new recording: chunks of the old one are not handed out */
static bool pool_failed;            /* could not make one: leave it to the threads (who report) */
static bool thread_started, in_child;
static bool ring_to_fault;          /* a ring (ring=) whose pages are to be faulted in */

int jc_bin_chunk_make(int fd, _Atomic uint64_t *next, size_t chunk, unsigned char **out)
{
    uint64_t at = atomic_fetch_add(next, (uint64_t)chunk);
    int e = posix_fallocate(fd, (off_t)at, (off_t)chunk);
    if (e)
        return e;
    unsigned char *c = mmap(NULL, chunk, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)at);
    if (c == MAP_FAILED)
        return -errno;
    (void)madvise(c, chunk, MADV_POPULATE_WRITE);
    *out = c;
    return 0;
}

/* The size to make a chunk of next (under mu), or -1: none needed. */
static int size_needed(void)
{
    if (pool_fd < 0 || pool_failed || pool_size[SMALL] == 0)
        return -1;
    if (nready[SMALL] < POOL)
        return SMALL;
    if (big_wanted && nready[BIG] < POOL)
        return BIG;
    return -1;
}

static void *preparer(void *unused)
{
    (void)unused;
    pthread_mutex_lock(&mu);
    for (;;) {
        while (nretired == 0 && size_needed() < 0 && !ring_to_fault)
            pthread_cond_wait(&wake, &mu);
        if (ring_to_fault) {
            ring_to_fault = false;
            making = true;      /* the ring stays mapped: the flag only orders a new recording after */
            pthread_mutex_unlock(&mu);
            jc_bin_ring_populate();
            pthread_mutex_lock(&mu);
            making = false;
            pthread_cond_broadcast(&idle);
            continue;
        }
        if (nretired) {
            unsigned char *old[RETIRED];
            size_t lens[RETIRED];
            int n = nretired;
            for (int i = 0; i < n; i++)
                old[i] = retired[i].p, lens[i] = retired[i].len;
            nretired = 0;
            pthread_mutex_unlock(&mu);
            for (int i = 0; i < n; i++)
                munmap(old[i], lens[i]);
            pthread_mutex_lock(&mu);
            continue;
        }
        int k = size_needed();
        unsigned gen = pool_gen;
        int fd = pool_fd;
        _Atomic uint64_t *next = pool_next;
        size_t len = pool_size[k];
        making = true;      /* the recording's fd and header stay until it is done */
        pthread_mutex_unlock(&mu);
        unsigned char *c = NULL;
        int e = jc_bin_chunk_make(fd, next, len, &c);
        pthread_mutex_lock(&mu);
        making = false;
        pthread_cond_broadcast(&idle);
        if (e) {
            pool_failed = true;
        } else if (gen != pool_gen || nready[k] >= POOL) {
            munmap(c, len);                 /* a recording since closed */
        } else {
            ready[k][nready[k]++] = c;
        }
    }
    return NULL;
}

static void start_thread(void)
{
    thread_started = jc_start_own_thread(preparer, "bin");
}

static void drop_ready_locked(void)
{
    for (int k = 0; k < NSIZES; k++) {
        for (int i = 0; i < nready[k]; i++)
            munmap(ready[k][i], pool_size[k]);
        nready[k] = 0;
    }
}

static void fork_prepare(void) { pthread_mutex_lock(&mu); }
static void fork_parent(void) { pthread_mutex_unlock(&mu); }
static void fork_child(void)
{
    /* the child has no preparer; the ready chunks are its parent's to hand out */
    drop_ready_locked();
    for (int i = 0; i < nretired; i++)
        munmap(retired[i].p, retired[i].len);
    nretired = 0;
    in_child = true;
    thread_started = false;
    making = false;
    pool_fd = -1;
    pthread_mutex_init(&mu, NULL);
    pthread_cond_init(&wake, NULL);
    pthread_cond_init(&idle, NULL);
}

static void register_atfork(void)
{
    pthread_atfork(fork_prepare, fork_parent, fork_child);
}

void jc_bin_pool_start(int fd, _Atomic uint64_t *next, size_t small, size_t big, bool ring)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, register_atfork);
    pthread_mutex_lock(&mu);
    /* the caller closes the recording before: not while a chunk of it is
     * being made from its fd and its header's counter */
    while (making)
        pthread_cond_wait(&idle, &mu);
    drop_ready_locked();
    pool_gen++;
    pool_fd = in_child ? -1 : fd;
    pool_next = next;
    pool_size[SMALL] = small;
    pool_size[BIG] = big;
    big_wanted = false;
    pool_failed = false;
    ring_to_fault = ring && !in_child;
    if (!thread_started && !in_child)
        start_thread();
    pthread_cond_signal(&wake);
    pthread_mutex_unlock(&mu);
}

unsigned char *jc_bin_pool_take(size_t len)
{
    unsigned char *c = NULL;
    pthread_mutex_lock(&mu);
    int k = len == pool_size[SMALL] ? SMALL : len == pool_size[BIG] ? BIG : -1;
    if (k == BIG)
        big_wanted = true;
    if (k >= 0 && nready[k] > 0)
        c = ready[k][--nready[k]];
    if (thread_started && k >= 0)
        pthread_cond_signal(&wake);
    pthread_mutex_unlock(&mu);
    return c;
}

void jc_bin_pool_retire(unsigned char *chunk, size_t len)
{
    pthread_mutex_lock(&mu);
    if (thread_started && nretired < RETIRED) {
        retired[nretired].p = chunk;
        retired[nretired++].len = len;
        chunk = NULL;
        pthread_cond_signal(&wake);
    }
    pthread_mutex_unlock(&mu);
    if (chunk)
        munmap(chunk, len);
}
