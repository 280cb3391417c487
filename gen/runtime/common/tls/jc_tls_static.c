/* jc_tls_static.c — libjvmticheck-tls.so: a few bytes of static TLS for the
 * block every wrapper reads on every call (jc_thread, see jc_thread.c).
 *
 * Why a library of its own: a thread-local of a dlopen()ed library costs a
 * __tls_get_addr call per function that reaches it, some 2 ns of the few a
 * checked call may add.  The initial-exec model costs one load from the
 * thread pointer instead, but it places the library's whole TLS block in
 * static TLS, and glibc keeps only a small surplus of that for libraries
 * loaded later (1664 bytes by default, the tunables glibc.rtld.nns and
 * glibc.rtld.optional_static_tls set it; shared by every library that
 * wants some; dlopen() fails when it is spent).  The runtime's own thread-locals are a few KiB (record
 * buffers), so they keep the dynamic model, and the one hot block lives
 * here: AREA bytes, which fit where little is left.  The runtime opens
 * this library itself and, when dlopen() refuses it, keeps its block in
 * its own dynamic TLS: slower, never a VM that does not start.
 *
 * Every runtime in the process (libjvmticheck, libdt_check, a copy loaded
 * from another path) claims its own piece of the area: dlopen() of this
 * file from two of them gives one module and one area.
 */
#include <stdatomic.h>
#include <stddef.h>

/* Two jc_thread blocks (56 bytes each on x86_64) and room to spare. */
#define AREA 128
#define ALIGN 16

static _Thread_local __attribute__((tls_model("initial-exec"), aligned(ALIGN))) unsigned char area[AREA];
static _Atomic size_t used;

/* size bytes of every thread's area, zeroed in every thread (glibc
 * initialises a static TLS block in the threads that exist when it is
 * loaded and in each one made after): their offset from the thread
 * pointer, the same in every thread; 0 when the area is spent (no static
 * TLS block lies at the thread pointer itself). */
__attribute__((visibility("default"))) ptrdiff_t jvmticheck_tls_claim(size_t size);

ptrdiff_t jvmticheck_tls_claim(size_t size)
{
    if (size == 0 || size > AREA)
        return 0;
    size = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    size_t at = atomic_load(&used);
    do {
        if (size > AREA - at)
            return 0;
    } while (!atomic_compare_exchange_weak(&used, &at, at + size));
    return (char *)&area[at] - (char *)__builtin_thread_pointer();
}
