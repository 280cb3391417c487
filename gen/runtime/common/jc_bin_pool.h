/* jc_bin_pool.h — chunks of a format=bin recording made ready ahead of
 * need by a thread of ours (jc_bin_pool.c). */
#ifndef JVMTICHECK_BIN_POOL_H
#define JVMTICHECK_BIN_POOL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Makes one chunk of the recording fd: its offset from *next (the shared
 * counter in the mapped header), its space allocated, mapped and faulted
 * in.  0 with *out, or an errno: positive when the space could not be
 * had, negative when the mapping could not. */
int jc_bin_chunk_make(int fd, _Atomic uint64_t *next, size_t chunk, unsigned char **out);

/* A recording opened (again): chunks of the one before are dropped, and
 * the thread (started on the first call) makes chunks for this one: of
 * the small size (every thread's first), and of the big one (where a
 * thread's chunks stop growing) once a thread has asked for one; none
 * when small is 0.  ring: it faults the pages of the recording's ring in
 * (jc_bin_ring.c). */
void jc_bin_pool_start(int fd, _Atomic uint64_t *next, size_t small, size_t big, bool ring);

/* A ready chunk of len bytes, or NULL (the caller makes one with
 * jc_bin_chunk_make): only the small and big sizes are made ready. */
unsigned char *jc_bin_pool_take(size_t len);

/* A chunk a thread is done with: unmapped by the pool's thread (now, by
 * the caller, when there is none). */
void jc_bin_pool_retire(unsigned char *chunk, size_t len);

#endif
