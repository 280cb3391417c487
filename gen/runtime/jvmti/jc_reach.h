/* jc_reach.h — the places the leak report scans for pointers that still
 * hold a JVMTI block (jc_reach.c), and the ways a block is held that the
 * wrappers record as the agent stores a pointer (object tags, thread-local
 * storage; jc_alloc.c).
 */
#ifndef JVMTICHECK_REACH_H
#define JVMTICHECK_REACH_H

#include <stdbool.h>
#include <stddef.h>

/* Scan the writable data of the module that holds addr (the real agent, a
 * jvmti_check_wrap caller) at the leak report. */
void jc_reach_add_module(const void *addr);
void jc_reach_reset(void);

/* Calls fn for each writable PT_LOAD segment of the registered modules. */
typedef void (*jc_reach_segment_fn)(const void *start, size_t bytes, const char *module, void *arg);
void jc_reach_segments(jc_reach_segment_fn fn, void *arg);

/* Copies n bytes at addr into buf without ever faulting: false when the
 * memory cannot be read (gone, or reading refused). */
bool jc_reach_read(const void *addr, void *buf, size_t n);
/* The same for a segment jc_reach_segments gave (mapped): read directly
 * when the safe way is refused. */
bool jc_reach_read_segment(const void *addr, void *buf, size_t n);

#endif
