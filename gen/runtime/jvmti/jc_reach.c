/* jc_reach.c — where the leak report looks for pointers that still hold a
 * JVMTI block (issue 11, item 5: "still referenced" against "leaked", as
 * valgrind's "still reachable" against "definitely lost").
 *
 * This file knows the places outside the block table: the writable data
 * (.data, .bss: PT_LOAD segments with PF_W) of the agent's own modules, and
 * a way to read memory that cannot fault.  jc_alloc.c, which owns the
 * table, walks roots and blocks with it (jc_alloc_classify).
 *
 * Design:
 * - The agent's modules are registered by an address inside them: the
 *   shim registers the real agent's entry point, jvmti_check_wrap its
 *   caller.  dl_iterate_phdr finds, at report time, the module whose
 *   PT_LOAD segments hold that address, and its writable segments.  Other
 *   modules (the VM, libc) are not scanned: their data is not the agent's.
 * - Every read goes through process_vm_readv on our own pid, called as a
 *   raw syscall: a page that is gone (a block freed behind our back) is
 *   EFAULT, not SIGSEGV, and no sanitizer checks the read (the agent's
 *   globals may have ASan redzones).  Where the syscall is refused (a
 *   seccomp filter), writable segments of a loaded module are read
 *   directly, being mapped; blocks are then not scanned (not read at all).
 * - Nothing here runs before the report: registering an address is one
 *   store under a lock, at load.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "jc_reach.h"
#include "jc_path.h"

#define MAX_MODULES 16

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const void *modules[MAX_MODULES];     /* an address inside each */
static size_t nmodules;

void jc_reach_add_module(const void *addr)
{
    if (!addr)
        return;
    pthread_mutex_lock(&lock);
    bool known = false;
    for (size_t i = 0; i < nmodules; i++)
        known |= modules[i] == addr;
    if (!known && nmodules < MAX_MODULES)
        modules[nmodules++] = addr;
    pthread_mutex_unlock(&lock);
}

void jc_reach_reset(void)
{
    pthread_mutex_lock(&lock);
    nmodules = 0;
    pthread_mutex_unlock(&lock);
}

/* ---- reading memory that may be gone ------------------------------------------------- */

static int vm_read_works = -1;      /* -1 unknown, 0 refused, 1 works */

bool jc_reach_read(const void *addr, void *buf, size_t n)
{
    if (vm_read_works == 0)
        return false;
    struct iovec local = { buf, n }, remote = { (void *)(uintptr_t)addr, n };
    long got = syscall(SYS_process_vm_readv, (long)getpid(), &local, 1L, &remote, 1L, 0L);
    if (got < 0 && (errno == ENOSYS || errno == EPERM) && vm_read_works < 0) {
        vm_read_works = 0;
        return false;
    }
    if (got >= 0)
        vm_read_works = 1;
    return got == (long)n;
}

/* The fallback for mapped module data only: read word by word, unseen by
 * the sanitizers (a global's redzone is not a bug of ours). */
__attribute__((no_sanitize_address)) static void read_mapped(const void *addr, void *buf, size_t n)
{
    const volatile unsigned char *s = addr;
    unsigned char *d = buf;
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
}

/* ---- the agent's writable data -------------------------------------------------------- */

typedef struct walk {
    jc_reach_segment_fn fn;
    void *arg;
} walk;

static bool holds(const struct dl_phdr_info *info, const void *addr)
{
    uintptr_t a = (uintptr_t)addr;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && a >= lo && a < lo + ph->p_memsz)
            return true;
    }
    return false;
}

static int each_module(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    walk *w = arg;
    bool ours = false;
    for (size_t i = 0; i < nmodules && !ours; i++)
        ours = holds(info, modules[i]);
    if (!ours)
        return 0;
    const char *name = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : "?";
    name = jc_base_name(name);
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W) && ph->p_memsz > 0)
            w->fn((const void *)(info->dlpi_addr + ph->p_vaddr), ph->p_memsz, name, w->arg);
    }
    return 0;
}

void jc_reach_segments(jc_reach_segment_fn fn, void *arg)
{
    walk w = { fn, arg };
    pthread_mutex_lock(&lock);
    if (nmodules > 0)
        dl_iterate_phdr(each_module, &w);
    pthread_mutex_unlock(&lock);
}

bool jc_reach_read_segment(const void *addr, void *buf, size_t n)
{
    if (jc_reach_read(addr, buf, n))
        return true;
    if (vm_read_works != 0)
        return false;       /* the syscall works: this range is not readable */
    read_mapped(addr, buf, n);
    return true;
}
