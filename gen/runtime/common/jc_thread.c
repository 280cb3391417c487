/* jc_thread.c — where the calling thread's block (jc_thread, read by every
 * wrapper on every call) lives: in static TLS where we can get some, else
 * in our own dynamic TLS.
 *
 * Design:
 * - A thread-local of this dlopen()ed library costs a __tls_get_addr call
 *   per function that reaches it; a block in static TLS is one load from
 *   the thread pointer.  libjvmticheck-tls.so (tls/jc_tls_static.c) holds a
 *   small static area; we open it from the directory we were loaded from
 *   and claim our block's bytes of it, as an offset from the thread
 *   pointer (the same in every thread).
 * - That happens in a constructor, before any other code of ours runs and
 *   before any thread has a block: the offset is set once and never changes,
 *   so every thread uses one place for its block for its whole life.
 * - When the helper is missing, glibc refuses it (static TLS spent), or its
 *   area is claimed by other runtimes, jc_tls_off stays 0 and jc_me() takes
 *   jc_self, a dynamic thread-local: every call pays the __tls_get_addr,
 *   nothing else changes.  Nothing is printed: it is a matter of speed; the
 *   run header record says which it was ("tls").
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* dladdr */
#endif
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "jc_common.h"

_Thread_local jc_thread jc_self;
ptrdiff_t jc_tls_off;

/* The helper's file name, beside ours (installed both in $(pkglibdir)). */
#define HELPER "libjvmticheck-tls.so"

bool jc_thread_static(void)
{
    return jc_tls_off != 0;
}

#if JC_THREAD_POINTER
__attribute__((constructor)) static void place_thread_block(void)
{
    Dl_info self;
    if (!dladdr((void *)&jc_tls_off, &self) || !self.dli_fname)
        return;
    const char *slash = strrchr(self.dli_fname, '/');
    if (!slash)
        return;
    char path[4096];
    int n = snprintf(path, sizeof path, "%.*s/%s", (int)(slash - self.dli_fname), self.dli_fname, HELPER);
    if (n < 0 || (size_t)n >= sizeof path)
        return;
    /* RTLD_NODELETE: other runtimes' blocks may live there */
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!h)
        return;
    ptrdiff_t (*claim)(size_t);
    *(void **)&claim = dlsym(h, "jvmticheck_tls_claim");
    if (claim)
        jc_tls_off = claim(sizeof(jc_thread));
    dlclose(h);         /* stays loaded (NODELETE); our handle is not needed */
}
#endif
