/* jc_instance.c — the shim loaded more than once into one process, and
 * loaded for good.
 *
 * Loaded for good.  HotSpot 9 and later unload an agent library whose
 * Agent_OnAttach fails (JDK 8 does not): by then a failed load of the shim
 * may have started a thread (the trace's flusher, the recorder's chunk
 * maker), registered atexit, atfork and thread-exit hooks, put in a SIGABRT
 * handler, and handed the agent checked envs whose callbacks are ours; any
 * of them would then run in unmapped code.  Taking each of those back is
 * many places to get right, and the agent's part (its envs, a thread of its
 * own) is not ours to take back; so instead the library cannot be unloaded
 * at all: RTLD_NODELETE, set on ourselves at the first entry point
 * (jc_instance_pin) and by the link (-z nodelete).  The VM's dlclose then
 * changes nothing, on every VM.
 *
 * More than once.  The VM opens an agent by its path, and dlopen() of a path
 * already open returns the same library: a second -agentpath of this file,
 * a second attach of it (async-profiler's "start" then "stop"), or an attach
 * after a failed one, calls the same Agent_OnLoad/OnAttach again, on a
 * runtime whose globals (options, sink, envs, counters, the fast path's
 * tables) are the first load's.  Rather than make every global a per-load
 * table (the fast path reads them as plain globals), each later load gets a
 * private copy of the library: its bytes in a memfd (else an unlinked file
 * in $TMPDIR), opened with dlopen("/proc/self/fd/N"), which glibc takes for
 * a new object, with globals, thread-locals and handlers of its own; the
 * entry point is passed on to the copy's.  So:
 * - Each load has its own checked envs, options, log and verdict.  Loads are
 *   numbered in the order the VM made them (the first is 1); when there was
 *   more than one, each verdict names its load and agent.  The first load
 *   tells each copy its number and where the count is (the copy's exported
 *   jvmticheck_instance_join), before calling its entry point.
 * - Copies are never unloaded either (RTLD_NODELETE, the handle kept), and
 *   their fds stay open: /proc/self/maps, gdb and hs_err name a copy
 *   "memfd:libjvmticheck.so#N".
 * - Agent_OnUnload: the VM calls the library's (the first load's) once for
 *   each load that succeeded; the first call ends the first load's run and
 *   every copy's, each once (later calls find nothing left to do).
 * - A copy's constructor cannot find libjvmticheck-tls.so beside
 *   /proc/self/fd/N: its per-thread block is in dynamic TLS (the header
 *   record says "tls":"dynamic"), a little slower, the same otherwise.
 * - SIGABRT: each load's handler chains to the one before it, which stays
 *   mapped (jc_crash.c).
 * - The real agent: a second load of the same agent path gets the same
 *   agent library (dlopen), as without the shim, and its entry point the
 *   options of this load.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* dladdr, memfd_create */
#endif
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "jc_jvmti.h"
#include "jc_shim.h"

typedef jint (JNICALL *entry_fn)(JavaVM *vm, char *options, void *reserved);
typedef void (JNICALL *unload_fn)(JavaVM *vm);
typedef void (*join_fn)(int number, _Atomic int *count);

/* This load's number (0: none yet) and the process's count of loads: ours
 * in the first load, the first load's in a copy. */
static int my_number;
static _Atomic int own_count;
static _Atomic int *count = &own_count;

/* The copies this library made, for Agent_OnUnload. */
typedef struct copy {
    unload_fn unload;
    struct copy *next;
} copy;
static copy *copies;
static pthread_mutex_t copies_mu = PTHREAD_MUTEX_INITIALIZER;

__attribute__((visibility("default"))) void jvmticheck_instance_join(int number, _Atomic int *first_count);

void jvmticheck_instance_join(int number, _Atomic int *first_count)
{
    my_number = number;
    count = first_count;
}

int jc_instance_begin(void)
{
    if (my_number == 0)
        my_number = atomic_fetch_add(count, 1) + 1;
    return my_number;
}

bool jc_instance_several(void)
{
    return atomic_load(count) > 1;
}

int jc_instance_number(void)
{
    return my_number;
}

void jc_instance_pin(void)
{
    Dl_info self;
    if (dladdr((void *)&jc_instance_pin, &self) && self.dli_fname)
        (void)dlopen(self.dli_fname, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);   /* kept: never closed */
}

/* ---- the copy ------------------------------------------------------------------- */

/* An fd for the copy's bytes: a memfd, else an unlinked file in $TMPDIR. */
static int copy_fd(int number, char *err, size_t errlen)
{
    char name[64];
    snprintf(name, sizeof name, "libjvmticheck.so#%d", number);
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd >= 0)
        return fd;
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/libjvmticheck-XXXXXX", dir && *dir ? dir : "/tmp");
    fd = mkostemp(path, O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "no memfd, and cannot create %s: %s", path, strerror(errno));
        return -1;
    }
    unlink(path);
    return fd;
}

static int copy_bytes(const char *from, int to, char *err, size_t errlen)
{
    int in = open(from, O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        snprintf(err, errlen, "cannot read %s: %s", from, strerror(errno));
        return -1;
    }
    char buf[65536];
    ssize_t n;
    while ((n = read(in, buf, sizeof buf)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 || write(to, buf, (size_t)n) != n) {
            snprintf(err, errlen, "cannot copy %s: %s", from, strerror(errno));
            close(in);
            return -1;
        }
    }
    close(in);
    return 0;
}

/* A new copy of this library, its number told; its handle, or NULL with
 * the reason in err. */
static void *load_copy(int number, char *err, size_t errlen)
{
    Dl_info self;
    if (!dladdr((void *)&load_copy, &self) || !self.dli_fname) {
        snprintf(err, errlen, "cannot find the shim's own file");
        return NULL;
    }
    int fd = copy_fd(number, err, errlen);
    if (fd < 0)
        return NULL;
    if (copy_bytes(self.dli_fname, fd, err, errlen) != 0) {
        close(fd);
        return NULL;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!h) {
        snprintf(err, errlen, "cannot load a copy of %s: %s", self.dli_fname, dlerror());
        close(fd);
        return NULL;
    }
    join_fn join;
    *(void **)&join = dlsym(h, "jvmticheck_instance_join");
    if (!join) {
        snprintf(err, errlen, "%s changed on disk since it was loaded (no jvmticheck_instance_join)", self.dli_fname);
        return NULL;            /* fd and library kept: its constructors ran */
    }
    join(number, count);
    return h;                   /* fd kept: it names the copy */
}

jint jc_instance_forward(const char *entry, JavaVM *vm, char *options, void *reserved)
{
    char err[512];
    int number = atomic_fetch_add(count, 1) + 1;
    void *h = load_copy(number, err, sizeof err);
    entry_fn fn = NULL;
    if (h)
        *(void **)&fn = dlsym(h, entry);
    if (!fn) {
        fprintf(stderr, "jvmticheck: load %d of the shim in this process: %s\n", number,
                h ? "the copy has no entry point" : err);
        return JNI_ERR;
    }
    copy *c = malloc(sizeof *c);
    if (c) {
        *(void **)&c->unload = dlsym(h, "Agent_OnUnload");
        pthread_mutex_lock(&copies_mu);
        c->next = copies;
        copies = c;
        pthread_mutex_unlock(&copies_mu);
    }
    return fn(vm, options, reserved);
}

void jc_instance_unload_copies(JavaVM *vm)
{
    pthread_mutex_lock(&copies_mu);
    copy *list = copies;
    copies = NULL;
    pthread_mutex_unlock(&copies_mu);
    /* oldest first, as the VM would */
    copy *rev = NULL;
    while (list) {
        copy *next = list->next;
        list->next = rev;
        rev = list;
        list = next;
    }
    while (rev) {
        copy *next = rev->next;
        if (rev->unload)
            rev->unload(vm);
        free(rev);
        rev = next;
    }
}
