/* arena.c — bump allocator for the spec model (see arena.h). */
#include "util/arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_SIZE (256 * 1024)

struct chunk {
    struct chunk *next;
    size_t used, size;
    max_align_t data[];
};

struct jt_arena {
    struct chunk *head;
};

static void *xcalloc(size_t n)
{
    void *p = calloc(1, n);
    if (!p) {
        fputs("jvmtigen: error: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

jt_arena *jt_arena_new(void)
{
    return xcalloc(sizeof(jt_arena));
}

void jt_arena_free(jt_arena *a)
{
    if (!a)
        return;
    for (struct chunk *c = a->head, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    free(a);
}

void *jt_alloc(jt_arena *a, size_t size)
{
    const size_t align = sizeof(max_align_t);
    size = (size + align - 1) / align * align;
    if (size == 0)
        size = align;
    struct chunk *c = a->head;
    if (!c || c->size - c->used < size) {
        size_t cap = size > CHUNK_SIZE ? size : CHUNK_SIZE;
        c = xcalloc(sizeof(struct chunk) + cap);
        c->size = cap;
        c->next = a->head;
        a->head = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    return p;   /* chunks come from calloc and are never reused: zeroed */
}

char *jt_strndup(jt_arena *a, const char *s, size_t n)
{
    char *p = jt_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *jt_strdup(jt_arena *a, const char *s)
{
    return s ? jt_strndup(a, s, strlen(s)) : NULL;
}

void *jt_memdup(jt_arena *a, const void *p, size_t n, size_t sz)
{
    if (n == 0)
        return NULL;
    void *q = jt_alloc(a, n * sz);
    memcpy(q, p, n * sz);
    return q;
}
