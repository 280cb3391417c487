/* arena.h — bump allocator that owns every byte of a loaded spec.
 *
 * The model is built once and freed at once, so it never frees pieces; one
 * arena keeps loading fast and makes leaks impossible by construction. */
#ifndef JVMTIGEN_ARENA_H
#define JVMTIGEN_ARENA_H

#include <stddef.h>

typedef struct jt_arena jt_arena;

jt_arena *jt_arena_new(void);
void jt_arena_free(jt_arena *a);
/* Zeroed memory; aborts on out-of-memory (a generator cannot go on). */
void *jt_alloc(jt_arena *a, size_t size);
char *jt_strdup(jt_arena *a, const char *s);
char *jt_strndup(jt_arena *a, const char *s, size_t n);
/* Copy n elements of size sz from a temporary buffer into the arena. */
void *jt_memdup(jt_arena *a, const void *p, size_t n, size_t sz);

#endif
