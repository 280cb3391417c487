/* jc_bin_ring.c — format=bin,ring=SIZE: a flight recorder.  The records
 * go into a ring of SIZE bytes in the recording, cut into equal slots of
 * 64 KiB; a thread needing a chunk takes the oldest slot no thread holds,
 * so the file keeps the newest SIZE bytes of records (less the slots held
 * or being filled), whatever the run's length, and still holds them after
 * a crash, SIGKILL or exit, readable by `jvmtigen trace` as any recording.
 *
 * Design:
 * - The ring is allocated (posix_fallocate: a full disk is said at start)
 *   and mapped once, shared, at open; the pool's thread faults its pages
 *   in (as many as an eighth of the machine's memory: a larger ring's
 *   pages are faulted by the threads that write them).  Taking a slot is a counter (in the mapped header) and a
 *   compare-and-swap, no system call: after the first lap every page is
 *   in memory already, which is what makes a ring as fast as the best
 *   case of a growing recording.
 * - Who holds each slot is a word per slot in memory shared with fork()ed
 *   children (MAP_SHARED, anonymous), the holder's pid, so that a parent
 *   and its child never take the same slot; a slot whose holder process
 *   has died is free.  A thread holds its slot while it records (and a
 *   slot with a call still open in it), so a ring needs more slots than
 *   threads recording at once; when all are held, records of a thread
 *   without a slot are dropped (jc_bin.c says so once).
 * - A slot taken is zeroed, its magic first: a recording cut at any point
 *   shows the slot either as its old chunk, whole, or as zeros (skipped)
 *   or as its new chunk.  The slot's index goes into its head (at 48,
 *   which the decoder does not read), so that a chunk says it is a slot.
 * - Strings are not in the ring (jc_bin.c writes them to chunks of their
 *   own after it): a record in the ring may use a string defined long ago.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "jc_bin_ring.h"
#include "jc_bintrace.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23      /* Linux 5.14; EINVAL before, harmless */
#endif
#define TRIES 256                   /* slots looked at for a free one */

static unsigned char *ring_base;    /* the current ring, or NULL */
static size_t ring_nslots;
static _Atomic uint32_t *ring_held; /* by slot: 0 free, else the holder's pid */
static _Atomic uint64_t *ring_next; /* slots taken, in the mapped header */
static _Atomic unsigned ring_gen;   /* a new ring: an old one's faulting stops */

int jc_bin_ring_open(int fd, uint64_t at, uint64_t bytes, _Atomic uint64_t *next)
{
    int e = posix_fallocate(fd, (off_t)at, (off_t)bytes);
    if (e)
        return e;
    unsigned char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)at);
    if (p == MAP_FAILED)
        return errno;
    size_t n = bytes / JC_BIN_RING_SLOT;
    void *held = mmap(NULL, n * sizeof *ring_held, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (held == MAP_FAILED) {
        e = errno;
        munmap(p, bytes);
        return e;
    }
    /* the ring before (the unit tests open several) stays mapped: its
     * slots may still be held, and are given back to nobody */
    ring_base = p;
    ring_nslots = n;
    ring_held = held;
    ring_next = next;
    atomic_fetch_add(&ring_gen, 1);
    return 0;
}

size_t jc_bin_ring_slots(void)
{
    return ring_nslots;
}

/* The process pid is no more (its slots are free). */
static bool gone(uint32_t pid)
{
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

unsigned char *jc_bin_ring_take(void)
{
    size_t n = ring_nslots;
    if (!n)
        return NULL;
    uint32_t me = (uint32_t)getpid();
    for (size_t tries = 0; tries < n && tries < TRIES; tries++) {
        size_t k = (size_t)(atomic_fetch_add(ring_next, 1) % n);
        uint32_t owner = atomic_load_explicit(&ring_held[k], memory_order_relaxed);
        if (owner != 0 && (owner == me || !gone(owner)))
            continue;
        if (!atomic_compare_exchange_strong(&ring_held[k], &owner, me))
            continue;
        unsigned char *c = ring_base + k * JC_BIN_RING_SLOT;
        /* the magic first: from here on the slot reads as unused */
        atomic_store((_Atomic uint64_t *)(void *)c, 0);
        atomic_thread_fence(memory_order_seq_cst);
        memset(c + 8, 0, JC_BIN_RING_SLOT - 8);
        uint32_t idx = (uint32_t)k + 1;
        memcpy(c + JC_BIN_CHUNK_SLOT_AT, &idx, 4);
        return c;
    }
    return NULL;
}

bool jc_bin_ring_owns(const unsigned char *c)
{
    uint32_t idx;
    memcpy(&idx, c + JC_BIN_CHUNK_SLOT_AT, 4);
    return idx != 0;
}

void jc_bin_ring_release(unsigned char *c)
{
    uint32_t idx;
    memcpy(&idx, c + JC_BIN_CHUNK_SLOT_AT, 4);
    if (ring_base && c >= ring_base && c < ring_base + ring_nslots * JC_BIN_RING_SLOT && idx >= 1 && idx <= ring_nslots)
        atomic_store(&ring_held[idx - 1], 0);
}

/* Bytes of a ring worth faulting in ahead: those memory can keep.  A
 * faulted page is a dirty page of the file: past what memory holds, the
 * kernel would write zeros out (a ring=100G, 100 GiB at start) only to
 * drop them and read them back when the ring comes round. */
static size_t populate_limit(size_t len)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return len;
    uint64_t keep = (uint64_t)pages * (uint64_t)page / 8;
    return len < keep ? len : (size_t)keep;
}

void jc_bin_ring_populate(void)
{
    unsigned gen = atomic_load(&ring_gen);
    unsigned char *base = ring_base;
    size_t len = populate_limit(ring_nslots * JC_BIN_RING_SLOT), step = 8u << 20;
    for (size_t at = 0; base && at < len && atomic_load(&ring_gen) == gen; at += step)
        (void)madvise(base + at, len - at < step ? len - at : step, MADV_POPULATE_WRITE);
}
