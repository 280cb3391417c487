/* jc_bin_ring.h — format=bin,ring=SIZE: the recording's records in a ring
 * of equal chunks ("slots") reused oldest first (jc_bin_ring.c). */
#ifndef JVMTICHECK_BIN_RING_H
#define JVMTICHECK_BIN_RING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JC_BIN_RING_SLOT (64u << 10)    /* a slot: a thread's chunk in a ring */

/* Makes the ring of the recording fd: bytes (a multiple of the slot) at
 * offset at, allocated and mapped shared; next is the header's counter
 * of slots taken.  0, or an errno (the space or the mapping could not be
 * had).  A ring opened before stays mapped (threads may still hold its
 * slots) but is no longer handed out. */
int jc_bin_ring_open(int fd, uint64_t at, uint64_t bytes, _Atomic uint64_t *next);
/* A slot for the calling thread, zeroed, its head saying which slot it
 * is: the oldest slot no thread holds (a thread of a process that died
 * holds none).  NULL when every slot is held. */
unsigned char *jc_bin_ring_take(void);
/* c (a chunk's start) is a slot of a ring (this one or one before). */
bool jc_bin_ring_owns(const unsigned char *c);
/* The thread is done with slot c: it may be reused. */
void jc_bin_ring_release(unsigned char *c);
/* Faults the current ring's pages in, up to an eighth of the machine's
 * memory (the pool's thread, once per ring: then writing a record never
 * waits for the kernel). */
void jc_bin_ring_populate(void);
/* Slots in the current ring (0: none). */
size_t jc_bin_ring_slots(void);

#endif
