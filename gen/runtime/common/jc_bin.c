/* jc_bin.c — format=bin (and record=FILE): the trace as a recording, in a
 * file mapped MAP_SHARED, so that every record made survives the process
 * (SIGKILL, SIGSEGV, abort): the kernel owns the pages.  `jvmtigen trace
 * FILE` prints it as text, jsonl or Chrome trace events.  The layout is in
 * jc_bintrace.h.
 *
 * Design:
 * - Each thread writes only into chunks of its own (whose file offsets
 *   come from a counter in the mapped header, so that a fork()ed child
 *   never takes the parent's; posix_fallocate, so that a full disk fails
 *   here and never as SIGBUS on a store), so a record is a few stores, no
 *   lock and no formatting.  A thread's first chunk is 16 KiB, each next
 *   one twice the last, up to 1 MiB: the file grows with the records, not
 *   with the threads (200 threads recording a few calls each take 3 MiB,
 *   not 200), while a busy thread soon gets the big chunks that keep the
 *   cost of a new chunk rare.  Each chunk says its length in its head.
 * - A call is recorded before it is made (state 1, "entered": the call a
 *   crash happened in is the last record of its thread); after it returns
 *   the trace API (jc_rec_*, jc_trace.c) gives its arguments, which are
 *   collected raw as items in a per-record buffer and written behind the
 *   entered record when nothing came after it on this thread, else in a
 *   copy at the end (the entered one then says "skip").  The state word is
 *   stored last, with release order.  A call not traced (trace=problems and
 *   no error, or an expected one) takes its entered record back.
 * - Names of functions, errors, events and every constant group are
 *   written once, in the header: the decoder needs no spec.  Other strings
 *   (argument names, thread names, class signatures, messages) are
 *   interned: written once per file as a string record, then used by id.
 *   The table is global (lock-free lookups, inserts under a lock), with a
 *   small per-thread cache in front; ids come from a counter in the mapped
 *   header, so that a fork()ed child (with its own copy of the table)
 *   never gives one its parent gives.  When the table is full, string
 *   values go inline.
 * - When a chunk cannot be had (disk full, no address space), the recorder
 *   says so once and stops; what is in the file stays readable.
 * - Calls are timed with the CPU's time-stamp counter where the kernel
 *   keeps its own clock on it (clocksource tsc: invariant and in step
 *   across CPUs): rdtsc costs a third of clock_gettime, and a call is
 *   timed twice.  The header keeps how ticks become CLOCK_MONOTONIC ns:
 *   the pair (ticks, ns) at open and the latest pair, renewed with every
 *   new chunk and at exit, written to the slot not in use and then
 *   switched to, so that a process killed mid-write leaves a whole pair.
 *   Records timed so have the ticks flag; the others keep ns.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "jc_bin_pool.h"
#include "jc_bin_ring.h"
#include "jc_bintrace.h"
#include "jc_internal.h"

#define CHUNK_MIN (16u << 10)       /* a thread's first chunk; the file's unit */
#define CHUNK_MAX (1u << 20)        /* where a thread's chunks stop growing */
#define DEPTH 8
#define STR_KEEP (65536 + 4)        /* jc_trace.c's STR_MAX + 4: what it can print */
#define INTERN_SLOTS (1u << 16)
#define INTERN_MAX (INTERN_SLOTS / 2)
#define INTERN_BYTES (32u << 20)
#define CACHE 64

bool jc_bin_active;
/* Each jc_bin_open starts a generation: a thread's chunk, cache and ids
 * of an earlier one (the unit tests open several) are dropped. */
static unsigned bin_gen;

static int bin_fd = -1;
static unsigned char *bin_header;   /* mapped for the process's life */
static size_t bin_header_len;
static atomic_bool bin_failed;
static char bin_path[256];
/* ring=: the records go into the ring's slots (jc_bin_ring.c), strings
 * into chunks of their own after it (the ring would lose them). */
static bool bin_ring;
static atomic_bool ring_full_said;
static unsigned char *str_chunk, *str_pos, *str_end;    /* under intern_mu */
static uint32_t str_next_len;
static const char *bin_tool = "jvmticheck";     /* the word in front of messages */

typedef struct ient ient;

/* A thread's recording state, in one block: in a dlopen()ed library each
 * function reaching thread-locals pays a __tls_get_addr call (initial-exec
 * TLS would make the whole TLS block of the library static, which a
 * dlopen()ed agent cannot get). */
typedef struct bin_tls {
    unsigned gen;
    unsigned char *pos, *end, *chunk;
    uint32_t next_len;          /* the size of its next chunk (0: CHUNK_MIN) */
    unsigned char *open[DEPTH];
    int depth;
    unsigned char *pending;     /* a call left, to be claimed */
    unsigned char *claimed;     /* a call whose items are being collected */
    const char *tname_p;        /* the trace's name buffer of this thread ... */
    uint32_t tname_id;          /* ... and its id, until jc_bin_thread_renamed */
    bool tname_final;           /* the name will not change: the id is enough */
    /* chunks left while a call entered there was open: unmapped once
     * nothing in them is open (sweep_left) */
    unsigned char *left[DEPTH + 2];
    int nleft;
    struct { const char *p; ient *e; } cache[CACHE];
} bin_tls;

static _Thread_local bin_tls tl_block;

/* The block's address, kept in the thread's jc_thread (which the wrappers
 * already hold: jc_bin_enter and jc_bin_leave reach it with no
 * __tls_get_addr of their own). */
static inline bin_tls *tls_of(jc_thread *me)
{
    bin_tls *t = me->bin;
    if (__builtin_expect(t == NULL, 0))
        t = me->bin = &tl_block;
    return t;
}

static inline bin_tls *tls(void)
{
    return tls_of(jc_me());
}
/* Small helpers of the hot path are inlined into the function that calls
 * them, which then reaches the thread-locals with one __tls_get_addr. */
#define HOT static inline __attribute__((always_inline))

/* ---- the clock ------------------------------------------------------------ */

static bool bin_ticks;          /* calls are timed in TSC ticks */

static inline uint64_t ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    return 0;
#endif
}

/* A call's time: ticks, or ns where the TSC is not the kernel's clock. */
static inline uint64_t bin_now(void)
{
    return bin_ticks ? ticks() : jc_now_ns();
}

/* The kernel clocks with the TSC only when it found it invariant and in
 * step across CPUs; then ticks are as good a clock as its own. */
static bool tsc_is_the_clock(void)
{
#if defined(__x86_64__) || defined(__i386__)
    char cs[32] = "";
    FILE *f = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "re");
    if (!f)
        return false;
    bool ok = fgets(cs, sizeof cs, f) != NULL && strcmp(cs, "tsc\n") == 0;
    fclose(f);
    return ok;
#else
    return false;
#endif
}

/* A (ticks, ns) pair taken together: ticks between two readings of ns. */
static void clock_pair(uint64_t *tk, uint64_t *ns)
{
    uint64_t a = jc_now_ns();
    *tk = ticks();
    uint64_t b = jc_now_ns();
    *ns = a + (b - a) / 2;
}

static void put16(unsigned char *p, unsigned v) { p[0] = (unsigned char)v; p[1] = (unsigned char)(v >> 8); }
static void put32(unsigned char *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(unsigned char *p, uint64_t v) { memcpy(p, &v, 8); }
static void publish(unsigned char *r, uint32_t state)
{
    atomic_store_explicit((_Atomic uint32_t *)(void *)r, state, memory_order_release);
}

/* Writes the latest (ticks, ns) pair into the header slot not in use,
 * then makes it the one in use (the decoder reads the slot in use). */
static void calibrate(void)
{
    if (!bin_ticks || !bin_header)
        return;
    static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&mu);
    _Atomic uint32_t *use = (_Atomic uint32_t *)(void *)(bin_header + JC_BIN_CLOCK_USE_AT);
    uint32_t next = atomic_load_explicit(use, memory_order_relaxed) == 1 ? 2 : 1;
    uint64_t tk, ns;
    clock_pair(&tk, &ns);
    unsigned char *slot = bin_header + (next == 1 ? JC_BIN_CLOCK_A_AT : JC_BIN_CLOCK_B_AT);
    put64(slot, tk);
    put64(slot + 8, ns);
    atomic_store_explicit(use, next, memory_order_release);
    pthread_mutex_unlock(&mu);
}

static void bin_failure(const char *what, int e)
{
    if (atomic_exchange(&bin_failed, true))
        return;
    char msg[512];
    int n = snprintf(msg, sizeof msg, "%s: cannot %s the binary trace %s: %s; it stops here\n", bin_tool, what,
                     bin_path, strerror(e));
    if (n > 0)
        (void)!write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
}

/* ---- the header ------------------------------------------------------------ */

typedef struct nbuf {
    unsigned char *p;
    size_t len, cap;
} nbuf;

static void put_name(nbuf *b, unsigned kind, unsigned num, long long value, const char *name)
{
    size_t len = strlen(name);
    if (len > 255)
        return;
    if (b->len + JC_BIN_NAME_HEAD + len > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 65536;
        unsigned char *p = realloc(b->p, cap);
        if (!p)
            return;
        b->p = p;
        b->cap = cap;
    }
    unsigned char *e = b->p + b->len;
    memset(e, 0, JC_BIN_NAME_HEAD);
    e[0] = (unsigned char)kind;
    e[1] = (unsigned char)len;
    put16(e + 2, num);
    put64(e + 4, (uint64_t)value);
    memcpy(e + JC_BIN_NAME_HEAD, name, len);
    b->len += JC_BIN_NAME_HEAD + len;
}

static void jc_bin_atfork(void);
struct ient {
    _Atomic uint32_t id;        /* 0: empty; set last */
    uint32_t hash, len;
    char *copy;
};

static ient intern_tab[INTERN_SLOTS];
static uint32_t intern_count;
static size_t intern_bytes;
static pthread_mutex_t intern_mu = PTHREAD_MUTEX_INITIALIZER;

/* What kind of file st is, for a message. */
static const char *file_kind(const struct stat *st)
{
    return S_ISCHR(st->st_mode) ? "a character device" : S_ISBLK(st->st_mode) ? "a block device"
         : S_ISFIFO(st->st_mode) ? "a FIFO" : S_ISSOCK(st->st_mode) ? "a socket"
         : S_ISDIR(st->st_mode) ? "a directory" : "not a regular file";
}

/* Creates the recording's file with hlen bytes allocated: its fd, or -1
 * with a message in err.  A recording is mapped, so it must be a regular
 * file: /dev/null, /dev/full, a FIFO are refused by what they are (a FIFO
 * is opened without waiting for a reader, so the VM never hangs here).
 * A file of that name may still be mapped by its recorder: another load
 * of the shim in this process (a failed attach, or two with one log=),
 * or another process (log= without %p).  Truncated, its pages would go
 * from under their writers (SIGBUS): a new file takes the name instead
 * (where it cannot be removed, it is truncated as before). */
static int open_recording(const char *tool, const char *path, size_t hlen, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: cannot record to '%s': it is %s (a recording is a regular file the shim maps)",
                 tool, path, file_kind(&st));
        return -1;
    }
    if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
        (void)unlink(path);
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0644);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open the recording '%s': %s", tool, path, strerror(errno));
        return -1;
    }
    /* made something else between the stat and the open */
    memset(&st, 0, sizeof st);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: cannot record to '%s': it is %s (a recording is a regular file the shim maps)",
                 tool, path, file_kind(&st));
        close(fd);
        return -1;
    }
    (void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    /* posix_fallocate returns its error (errno is not set) */
    int e = posix_fallocate(fd, 0, (off_t)hlen);
    if (e != 0) {
        snprintf(err, errlen, "%s: cannot allocate the recording '%s': %s", tool, path, strerror(e));
        close(fd);
        return -1;
    }
    return fd;
}

int jc_bin_open(const char *path, bool addresses, uint64_t ring, char *err, size_t errlen)
{
    snprintf(bin_path, sizeof bin_path, "%s", path);
    nbuf nb = { 0 };
    /* the names of the interface being checked (jc_iface_jvmti, or the
     * transport's): the decoder reads them from here */
    const jc_iface *ifc = jc_g.iface;
    if (!ifc) {
        snprintf(err, errlen, "jvmticheck: a recording needs its interface (jc_init_iface)");
        return -1;
    }
    bin_tool = ifc->tool;
    for (int i = 1, max = ifc->fn_max(); i <= max && i < 65536; i++)
        if (ifc->fn_name(i))
            put_name(&nb, JC_BIN_NAME_FN, (unsigned)i, 0, ifc->fn_name(i));
    for (int e = 0; e < 1000 && ifc->error_name; e++) {
        const char *n = ifc->error_name(e);
        if (n)
            put_name(&nb, JC_BIN_NAME_ERROR, (unsigned)e, 0, n);
    }
    for (int e = 0; e < 1000 && ifc->event_name; e++) {
        const char *n = ifc->event_name(e);
        if (n)
            put_name(&nb, JC_BIN_NAME_EVENT, (unsigned)e, 0, n);
    }
    for (int g = 0, ng = ifc->constant_groups ? ifc->constant_groups() : 0; g < ng; g++) {
        unsigned kind = 2;
        int count = 0;
        const char *gname = ifc->constant_group(g, &kind, &count);
        put_name(&nb, JC_BIN_NAME_GROUP, (unsigned)g, kind, gname);
        for (int k = 0; k < count; k++) {
            long long value = 0;
            const char *cname = ifc->constant(g, k, &value);
            put_name(&nb, JC_BIN_NAME_CONST, (unsigned)g, value, cname);
        }
    }
    if (!nb.p) {
        snprintf(err, errlen, "%s: out of memory", ifc->tool);
        return -1;
    }
    size_t hlen = (JC_BIN_NAMES_AT + nb.len + 4095) & ~(size_t)4095;
    /* A file of that name may still be mapped by its recorder: another load
     * of the shim in this process (a failed attach, or two with one log=),
     * or another process (log= without %p).  Truncated, its pages would go
     * from under their writers (SIGBUS): a new file takes the name instead
     * (where it cannot be removed, it is truncated as before). */
    int fd = open_recording(ifc->tool, path, hlen, err, errlen);
    if (fd < 0) {
        free(nb.p);
        return -1;
    }
    unsigned char *h = mmap(NULL, hlen, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (h == MAP_FAILED) {
        snprintf(err, errlen, "%s: cannot map the recording '%s': %s", ifc->tool, path, strerror(errno));
        close(fd);
        free(nb.p);
        return -1;
    }
    memcpy(h + JC_BIN_NAMES_AT, nb.p, nb.len);
    free(nb.p);
    memcpy(h, JC_BIN_MAGIC, 8);
    put32(h + 8, JC_BIN_VERSION);
    bin_ticks = tsc_is_the_clock();
    if (bin_ticks) {
        /* a first rate from 1 ms, so that a process killed at once still
         * has one; every new chunk makes it better */
        uint64_t tk, ns, tk1, ns1;
        clock_pair(&tk, &ns);
        do
            clock_pair(&tk1, &ns1);
        while (ns1 - ns < 1000000);
        put32(h + JC_BIN_CLOCK_AT, JC_BIN_CLOCK_TSC);
        put64(h + JC_BIN_CLOCK_0_AT, tk);
        put64(h + JC_BIN_CLOCK_0_AT + 8, ns);
        put64(h + JC_BIN_CLOCK_A_AT, tk1);
        put64(h + JC_BIN_CLOCK_A_AT + 8, ns1);
        put32(h + JC_BIN_CLOCK_USE_AT, 1);
    }
    /* ring=: the ring's slots right after the header, the chunks of
     * strings after it */
    uint64_t ring_bytes = ring / JC_BIN_RING_SLOT * JC_BIN_RING_SLOT;
    if (ring) {
        int e = jc_bin_ring_open(fd, (uint64_t)hlen, ring_bytes,
                                 (_Atomic uint64_t *)(void *)(h + JC_BIN_RING_NEXT_AT));
        if (e) {
            snprintf(err, errlen, "%s: cannot allocate the ring of the recording '%s' (%llu bytes): %s", ifc->tool,
                     path, (unsigned long long)ring_bytes, strerror(e));
            munmap(h, hlen);
            close(fd);
            return -1;
        }
        put64(h + JC_BIN_RING_AT, ring_bytes);
    }
    put32(h + 12, ring ? JC_BIN_RING_SLOT : CHUNK_MIN);
    put32(h + 16, (uint32_t)nb.len);
    put32(h + 20, (uint32_t)hlen);
    put32(h + 24, (addresses ? 0 : JC_BIN_FLAG_NOADDR) | (ifc->phases ? 0 : JC_BIN_FLAG_NOPHASE)
                      | (ring ? JC_BIN_FLAG_RING : 0));
    atomic_store((_Atomic uint64_t *)(void *)(h + JC_BIN_NEXT_AT), (uint64_t)hlen + (ring ? ring_bytes : 0));
    atomic_store((_Atomic uint32_t *)(void *)(h + JC_BIN_NEXT_ID_AT), 1u);
    pthread_mutex_lock(&intern_mu);
    for (size_t i = 0; i < INTERN_SLOTS; i++) {
        free(intern_tab[i].copy);
        intern_tab[i].copy = NULL;
        atomic_store(&intern_tab[i].id, 0);
    }
    intern_count = 0;
    intern_bytes = 0;
    /* the chunk of strings of a recording before stays mapped (nothing
     * writes to it again) */
    str_chunk = str_pos = str_end = NULL;
    str_next_len = 0;
    pthread_mutex_unlock(&intern_mu);
    /* the chunk maker moves to this recording (waiting for a chunk of the
     * old one in the making) before the old one is closed */
    /* (a ring: no chunks to make ready, its pages to fault in) */
    jc_bin_pool_start(fd, (_Atomic uint64_t *)(void *)(h + JC_BIN_NEXT_AT), ring ? 0 : CHUNK_MIN, CHUNK_MAX, ring != 0);
    if (bin_header)
        munmap(bin_header, bin_header_len);
    if (bin_fd >= 0)
        close(bin_fd);
    bin_gen++;
    bin_header = h;
    bin_header_len = hlen;
    atomic_store(&bin_failed, false);
    bin_fd = fd;
    bin_ring = ring != 0;
    atomic_store(&ring_full_said, false);
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, jc_bin_atfork);
    static bool at_exit;
    if (!at_exit)
        at_exit = atexit(calibrate) == 0;
    jc_bin_active = true;
    return 0;
}

/* ---- chunks ----------------------------------------------------------------- */

/* At a thread's exit its last chunk is given back (a key destructor runs
 * on the exiting thread, so it sees the thread's state). */
static pthread_key_t exit_key;
static bool exit_key_ok;
static void thread_gone(void *unused)
{
    (void)unused;
    jc_bin_thread_exit();
}
static void make_exit_key(void) { exit_key_ok = pthread_key_create(&exit_key, thread_gone) == 0; }

/* Chunks the threads hold mapped (their current ones and the ones left
 * with a call open), for the unit tests: jc_bin_chunks_held. */
static _Atomic int chunks_held;

int jc_bin_chunks_held(void)
{
    return atomic_load(&chunks_held);
}

/* A chunk's length, from its head (written before anything else of it). */
static size_t chunk_len(const unsigned char *c)
{
    uint32_t n;
    memcpy(&n, c + JC_BIN_CHUNK_LEN_AT, 4);
    return n;
}

static void give_back(unsigned char *c)
{
    atomic_fetch_sub(&chunks_held, 1);
    if (jc_bin_ring_owns(c))
        jc_bin_ring_release(c);         /* reused, never unmapped */
    else
        jc_bin_pool_retire(c, chunk_len(c));
}

static bool in_chunk(const unsigned char *r, const unsigned char *c)
{
    return r && c && r >= c && r < c + chunk_len(c);
}

/* Something of the thread's still open in chunk c: an entered call, the
 * call left and not yet claimed, or the one whose items are collected. */
static bool open_in(const bin_tls *t, const unsigned char *c)
{
    for (int i = 0; i < t->depth; i++)
        if (in_chunk(t->open[i], c))
            return true;
    return in_chunk(t->pending, c) || in_chunk(t->claimed, c);
}

/* The chunks left with a call open that now have none are given back. */
static void sweep_left(bin_tls *t)
{
    for (int i = 0; i < t->nleft;) {
        if (open_in(t, t->left[i])) {
            i++;
            continue;
        }
        give_back(t->left[i]);
        t->left[i] = t->left[--t->nleft];
    }
}

/* A new chunk for the calling thread, with room for need bytes of
 * records; false when none can be had. */
/* Every slot of the ring is held: said once, records dropped meanwhile. */
static void ring_full(void)
{
    if (atomic_exchange(&ring_full_said, true))
        return;
    char msg[640];
    int n = snprintf(msg, sizeof msg,
                     "%s: every one of the %zu slots of the ring of the binary trace %s is held by a thread: "
                     "records of threads without one are dropped (give ring= 64 KiB or more per thread)\n",
                     bin_tool, jc_bin_ring_slots(), bin_path);
    if (n > 0)
        (void)!write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
}

static bool new_chunk(bin_tls *t, size_t need)
{
    if (atomic_load(&bin_failed) || bin_fd < 0)
        return false;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_exit_key);
    if (exit_key_ok && !t->chunk)
        pthread_setspecific(exit_key, t);
    size_t len = t->next_len ? t->next_len : CHUNK_MIN;
    while (len - JC_BIN_CHUNK_HEAD < need && len < CHUNK_MAX)
        len *= 2;
    unsigned char *c = NULL;
    if (bin_ring) {
        /* a slot of the ring: one size, taken from the oldest */
        len = JC_BIN_RING_SLOT;
        if (need > len - JC_BIN_CHUNK_HEAD || !(c = jc_bin_ring_take())) {
            if (need <= len - JC_BIN_CHUNK_HEAD)
                ring_full();
            return false;
        }
    } else if (!(c = jc_bin_pool_take(len))) {
        int e = jc_bin_chunk_make(bin_fd, (_Atomic uint64_t *)(void *)(bin_header + JC_BIN_NEXT_AT), len, &c);
        if (e) {
            bin_failure(e > 0 ? "grow" : "map", e > 0 ? e : -e);
            return false;
        }
    }
    atomic_fetch_add(&chunks_held, 1);
    /* the chunk left behind is given back unless a call entered there is
     * still open (its record is completed in place): then it is given
     * back when that call is done (sweep_left) */
    if (t->chunk) {
        if (!open_in(t, t->chunk))
            give_back(t->chunk);
        else if (t->nleft < (int)(sizeof t->left / sizeof *t->left))
            t->left[t->nleft++] = t->chunk;
        /* else (cannot be: a chunk left holds one of the DEPTH open
         * calls, pending or claimed) it stays mapped */
    }
    /* the length first, the magic last: a head with the magic is whole */
    put32(c + JC_BIN_CHUNK_LEN_AT, (uint32_t)len);
    put32(c + 8, (uint32_t)syscall(SYS_gettid));
    put32(c + JC_BIN_CHUNK_PID_AT, (uint32_t)getpid());
    if (pthread_getname_np(pthread_self(), (char *)c + 16, 32) != 0)
        c[16] = 0;
    memcpy(c, JC_BIN_CHUNK_MAGIC, 8);
    t->next_len = (uint32_t)(len < CHUNK_MAX ? len * 2 : CHUNK_MAX);
    t->chunk = c;
    t->pos = c + JC_BIN_CHUNK_HEAD;
    t->end = c + len;
    calibrate();
    return true;
}

/* n bytes at the end of the calling thread's chunk, or NULL. */
HOT unsigned char *room(bin_tls *t, size_t n)
{
    if (n > CHUNK_MAX - JC_BIN_CHUNK_HEAD)
        return NULL;
    if ((!t->pos || (size_t)(t->end - t->pos) < n) && !new_chunk(t, n))
        return NULL;
    unsigned char *r = t->pos;
    t->pos += n;
    return r;
}

/* ---- interned strings ---------------------------------------------------------- */


static uint32_t fnv(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static ient *probe(const char *s, size_t n, uint32_t h, bool *empty_at)
{
    for (uint32_t i = h & (INTERN_SLOTS - 1), k = 0; k < INTERN_SLOTS; k++, i = (i + 1) & (INTERN_SLOTS - 1)) {
        ient *e = &intern_tab[i];
        if (!atomic_load_explicit(&e->id, memory_order_acquire)) {
            *empty_at = true;
            return e;
        }
        if (e->hash == h && e->len == n && memcmp(e->copy, s, n) == 0) {
            *empty_at = false;
            return e;
        }
    }
    return NULL;
}

/* n bytes in the chunk of strings (a ring's recording; under intern_mu),
 * or NULL. */
static unsigned char *room_strings(size_t n)
{
    if (!str_pos || (size_t)(str_end - str_pos) < n) {
        if (atomic_load(&bin_failed) || bin_fd < 0)
            return NULL;
        size_t len = str_next_len ? str_next_len : JC_BIN_RING_SLOT;
        while (len - JC_BIN_CHUNK_HEAD < n && len < CHUNK_MAX)
            len *= 2;
        if (len - JC_BIN_CHUNK_HEAD < n)
            return NULL;
        unsigned char *c;
        int e = jc_bin_chunk_make(bin_fd, (_Atomic uint64_t *)(void *)(bin_header + JC_BIN_NEXT_AT), len, &c);
        if (e) {
            bin_failure(e > 0 ? "grow" : "map", e > 0 ? e : -e);
            return NULL;
        }
        put32(c + JC_BIN_CHUNK_LEN_AT, (uint32_t)len);
        put32(c + 8, (uint32_t)syscall(SYS_gettid));
        put32(c + JC_BIN_CHUNK_PID_AT, (uint32_t)getpid());
        memcpy(c + 16, "strings", 8);
        memcpy(c, JC_BIN_CHUNK_MAGIC, 8);
        if (str_chunk)
            jc_bin_pool_retire(str_chunk, chunk_len(str_chunk));
        str_chunk = c;
        str_pos = c + JC_BIN_CHUNK_HEAD;
        str_end = c + len;
        str_next_len = (uint32_t)(len < CHUNK_MAX ? len * 2 : CHUNK_MAX);
    }
    unsigned char *r = str_pos;
    str_pos += n;
    return r;
}

/* Writes a string record (id, bytes) into this thread's chunk (a ring's
 * recording: into the chunk of strings). */
static bool put_string_record(bin_tls *t, uint32_t id, const char *s, size_t n)
{
    size_t len = JC_BIN_REC + ((n + 7) & ~(size_t)7);
    unsigned char *r = bin_ring ? room_strings(len) : room(t, len);
    if (!r)
        return false;
    memset(r + 4, 0, JC_BIN_REC - 4);
    put32(r + 4, (uint32_t)len);
    r[10] = JC_BIN_K_STRING;
    put32(r + 20, id);
    put64(r + 40, n);
    memcpy(r + JC_BIN_REC, s, n);
    memset(r + JC_BIN_REC + n, 0, len - JC_BIN_REC - n);
    publish(r, JC_BIN_COMPLETE);
    return true;
}

/* The id of s (its first STR_KEEP bytes), written to the file when new;
 * 0 when it cannot be interned (then it goes inline).  A string constant
 * (is_static: the names and groups the trace API is given) is found by
 * its address alone; other strings are compared too, since their buffer
 * may hold another string next time. */
static uint32_t intern_slow(bin_tls *t, const char *s, unsigned slot);

HOT uint32_t intern(bin_tls *t, const char *s, bool is_static)
{
    unsigned slot = (unsigned)(((uintptr_t)s >> 3) & (CACHE - 1));
    ient *c = t->cache[slot].e;
    if (is_static && c && t->cache[slot].p == s)
        return atomic_load_explicit(&c->id, memory_order_relaxed);
    return intern_slow(t, s, slot);
}

static uint32_t intern_slow(bin_tls *t, const char *s, unsigned slot)
{
    ient *c = t->cache[slot].e;
    size_t n = strnlen(s, STR_KEEP);
    if (c && t->cache[slot].p == s && c->len == n && memcmp(c->copy, s, n) == 0)
        return atomic_load_explicit(&c->id, memory_order_relaxed);
    uint32_t h = fnv(s, n);
    bool empty;
    ient *e = probe(s, n, h, &empty);
    if (e && !empty) {
        t->cache[slot].p = s;
        t->cache[slot].e = e;
        return atomic_load_explicit(&e->id, memory_order_relaxed);
    }
    uint32_t id = 0;
    pthread_mutex_lock(&intern_mu);
    e = probe(s, n, h, &empty);
    if (e && !empty) {
        id = atomic_load_explicit(&e->id, memory_order_relaxed);
    } else if (e && intern_count < INTERN_MAX && intern_bytes + n <= INTERN_BYTES) {
        /* ids come from the mapped header, shared with fork()ed children,
         * so a child's new strings never take an id its parent gives */
        char *copy = malloc(n + 1);
        uint32_t next = copy ? atomic_fetch_add((_Atomic uint32_t *)(void *)(bin_header + JC_BIN_NEXT_ID_AT), 1) : 0;
        if (copy && next < JC_BIN_MAX_IDS && put_string_record(t, next, s, n)) {
            memcpy(copy, s, n);
            copy[n] = '\0';
            e->hash = h;
            e->len = (uint32_t)n;
            e->copy = copy;
            intern_count++;
            id = next;
            intern_bytes += n;
            atomic_store_explicit(&e->id, id, memory_order_release);
        } else {
            free(copy);
        }
    }
    pthread_mutex_unlock(&intern_mu);
    if (id) {
        t->cache[slot].p = s;
        t->cache[slot].e = e;
    }
    return id;
}

/* ---- fork ------------------------------------------------------------------------ */

/* The child has the forking thread only, which must not write into the
 * chunk its parent's thread goes on using: it takes new chunks (from the
 * shared counter); its string ids come from the shared counter too. */
static void fork_child(void)
{
    bin_tls *const t = tls();
    t->pos = t->end = t->chunk = NULL;
    t->depth = 0;
    t->pending = NULL;
    for (int i = 0; i < t->nleft; i++)
        if (!jc_bin_ring_owns(t->left[i]))              /* a ring stays mapped whole */
            munmap(t->left[i], chunk_len(t->left[i]));     /* the parent's */
    t->nleft = 0;
    memset(t->cache, 0, sizeof t->cache);
    str_chunk = str_pos = str_end = NULL;               /* the parent's, mapped still */
    pthread_mutex_init(&intern_mu, NULL);
}

static void fork_prepare(void) { pthread_mutex_lock(&intern_mu); }
static void fork_parent(void) { pthread_mutex_unlock(&intern_mu); }

static void jc_bin_atfork(void)
{
    pthread_atfork(fork_prepare, fork_parent, fork_child);
}

/* ---- calls: entered before, completed after ------------------------------------------ */


/* The calling thread's state belongs to the current recording. */
HOT void fresh(bin_tls *t)
{
    if (t->gen == bin_gen)
        return;
    t->gen = bin_gen;
    /* an earlier recording's chunks (the unit tests open several) */
    if (t->chunk)
        give_back(t->chunk);
    for (int i = 0; i < t->nleft; i++)
        give_back(t->left[i]);
    t->pos = t->end = t->chunk = NULL;
    t->next_len = 0;
    t->nleft = 0;
    t->depth = 0;
    t->pending = t->claimed = NULL;
    t->tname_id = 0;
    memset(t->cache, 0, sizeof t->cache);
}

static const char *no_name(void) { return "?"; }
static const char *(*namer)(void) = no_name;

void jc_bin_thread_namer(const char *(*fn)(void))
{
    namer = fn ? fn : no_name;
}

/* jc_trace.c wrote the calling thread's name into buf. */
void jc_bin_thread_renamed(const char *buf, bool final)
{
    bin_tls *t = tls();
    if (buf)
        t->tname_p = buf;
    t->tname_id = 0;
    t->tname_final = final;
}

/* The id of this thread's own name: once the name is final, its id alone
 * (no call into the trace's naming). */
HOT uint32_t own_name_id(bin_tls *t)
{
    if (t->tname_final && t->tname_id)
        return t->tname_id;
    const char *name = namer();
    if (name != t->tname_p)
        return intern(t, name, false);
    if (!t->tname_id)
        t->tname_id = intern(t, name, false);
    return t->tname_id;
}

HOT uint32_t thread_name_id(bin_tls *t, const char *name)
{
    if (name != t->tname_p)
        return intern(t, name, false);     /* a virtual thread's */
    if (!t->tname_id)
        t->tname_id = intern(t, name, false);
    return t->tname_id;
}

HOT void head(unsigned char *r, uint32_t len, unsigned num, unsigned kind, uint32_t thread)
{
    memset(r + 4, 0, JC_BIN_REC - 4);
    put32(r + 4, len);
    put16(r + 8, num);
    r[10] = (unsigned char)kind;
    r[11] = (unsigned char)atomic_load_explicit(&jc_g.phase, memory_order_relaxed);
    put32(r + 16, thread);
}

/* A call left but not claimed by a record (it should have been): complete
 * it as it is. */
HOT void settle_pending(bin_tls *t)
{
    if (t->pending) {
        publish(t->pending, JC_BIN_COMPLETE);
        t->pending = NULL;
        if (t->nleft)
            sweep_left(t);
    }
}

void jc_bin_enter(jc_thread *me, int num)
{
    bin_tls *const t = tls_of(me);
    fresh(t);
    settle_pending(t);
    if (t->depth >= DEPTH)
        return;
    uint32_t tname = own_name_id(t);
    unsigned char *r = room(t, JC_BIN_REC);
    if (r) {
        head(r, JC_BIN_REC, (unsigned)num, JC_BIN_K_CALL, tname);
        put32(r + 28, bin_ticks ? JC_BIN_RF_TICKS : 0);
        put64(r + 32, bin_now());
        publish(r, JC_BIN_ENTERED);
    }
    t->open[t->depth++] = r;
}

/* A failed call (err not 0) of num is traced: every one under
 * trace=errors; under trace=problems those whose error is no expected
 * outcome (the interface's error_expected). */
static bool failure_traced(unsigned t, int num, int err)
{
    const jc_iface *ifc = jc_g.iface;
    return (t & JC_TRACE_ERRORS)
           || ((t & JC_TRACE_PROBLEMS) && !(ifc && ifc->error_expected && ifc->error_expected(num, err)));
}

void jc_bin_leave(jc_thread *me, int num, int err)
{
    bin_tls *const t = tls_of(me);
    fresh(t);
    settle_pending(t);
    if (t->depth <= 0)
        return;
    unsigned char *r = t->open[--t->depth];
    if (!r)
        return;
    unsigned bits = jc_g.opt.trace;
    if (!((bits & JC_TRACE_CALLS) || (err != 0 && failure_traced(bits, num, err)))) {
        /* not traced: take the record back (the end of the chunk when
         * nothing came after it), else skip it */
        if (r + JC_BIN_REC == t->pos && r >= t->chunk && r < t->end) {
            publish(r, 0);
            t->pos = r;
        } else {
            publish(r, JC_BIN_SKIP);
        }
        if (t->nleft)
            sweep_left(t);
        return;
    }
    uint64_t t0;
    memcpy(&t0, r + 32, 8);
    put64(r + 40, bin_now() - t0);
    int32_t e = (int32_t)err;
    memcpy(r + 12, &e, 4);
    put32(r + 28, JC_BIN_RF_ERROR | (bin_ticks ? JC_BIN_RF_TICKS : 0));
    t->pending = r;
}

/* ---- records from the trace API ---------------------------------------------------------- */

static bool grow(jc_bin_rec *b, size_t n)
{
    if (b->broken)
        return false;
    if (b->cap - b->len >= n)
        return true;
    size_t cap = b->cap ? b->cap : 512;
    while (cap - b->len < n)
        cap *= 2;
    unsigned char *p = realloc(b->p, cap);
    if (!p) {
        b->broken = true;
        return false;
    }
    b->p = p;
    b->cap = cap;
    return true;
}

/* The file's kind of each record kind (jc_bintrace.h). */
const unsigned char jc_bin_kinds[JC_REC_PACKET + 1] = {
    [JC_REC_CALL] = JC_BIN_K_CALL, [JC_REC_EVENT] = JC_BIN_K_EVENT, [JC_REC_VIOLATION] = JC_BIN_K_VIOLATION,
    [JC_REC_LEAK] = JC_BIN_K_LEAK, [JC_REC_SUMMARY] = JC_BIN_K_SUMMARY, [JC_REC_NOTE] = JC_BIN_K_NOTE,
    [JC_REC_WARNING] = JC_BIN_K_WARNING, [JC_REC_HEADER] = JC_BIN_K_HEADER, [JC_REC_PACKET] = JC_BIN_K_PACKET,
};

void jc_bin_begin(jc_bin_rec *b, enum jc_rec_kind kind, const char *name, const char *label, const char *thread)
{
    bin_tls *const t = tls();
    fresh(t);
    b->len = 0;
    b->broken = false;
    b->out = false;
    b->kind = jc_bin_kinds[kind];
    b->claimed = NULL;
    b->num = 0;
    b->t = t;
    b->thread = thread ? thread_name_id(t, thread) : own_name_id(t);
    if (kind == JC_REC_CALL && t->pending) {
        unsigned num = t->pending[8] | (unsigned)t->pending[9] << 8;
        const char *fn = jc_g.iface->fn_name((int)num);
        if (name && fn && (fn == name || strcmp(fn, name) == 0)) {
            b->claimed = t->claimed = t->pending;
            b->num = num;
            t->pending = NULL;
        }
        settle_pending(t);   /* a call record that is not this call's */
    }
    /* other records (a violation the call's result shows, say) come
     * before the call's own, which stays pending */
    b->name = b->num ? 0 : intern(t, name ? name : "?", false);
    b->label = label ? intern(t, label, false) : 0;
}

HOT unsigned char *item(bin_tls *t, jc_bin_rec *b, unsigned type, const char *key, size_t extra)
{
    if (!grow(b, JC_BIN_ITEM + extra))
        return NULL;
    unsigned char *i = b->p + b->len;
    memset(i, 0, JC_BIN_ITEM);
    i[0] = (unsigned char)(type | (b->out ? JC_BIN_I_OUTFLAG : 0));
    b->out = false;
    put32(i + 4, key ? intern(t, key, true) : 0);
    b->len += JC_BIN_ITEM + extra;
    return i;
}

void jc_bin_item(jc_bin_rec *b, unsigned type, const char *key, const char *group, uint64_t value)
{
    bin_tls *const t = b->t ? b->t : tls();   /* set by jc_bin_begin */
    if (type == JC_BIN_I_OUT) {
        b->out = true;          /* the flag of the next item, if one comes */
        return;
    }
    if (type == JC_BIN_I_ENUM || type == JC_BIN_I_BITS) {
        uint32_t g = group ? intern(t, group, true) : 0;
        int64_t v = (int64_t)value;
        if (v >= INT32_MIN && v <= INT32_MAX) {
            value = (uint64_t)g << 32 | (uint32_t)(int32_t)v;
        } else {
            unsigned char *i = item(t, b, type == JC_BIN_I_ENUM ? JC_BIN_I_ENUM_WIDE : JC_BIN_I_BITS_WIDE, key, 8);
            if (i) {
                put64(i + 8, value);
                put64(i + JC_BIN_ITEM, g);
            }
            return;
        }
    }
    unsigned char *i = item(t, b, type, key, 0);
    if (i)
        put64(i + 8, value);
}

/* A string value (NULL ok): by id, or inline when it cannot be interned. */
void jc_bin_item_str(jc_bin_rec *b, unsigned type, const char *key, const char *s)
{
    bin_tls *const t = b->t ? b->t : tls();   /* set by jc_bin_begin */
    uint32_t id = s ? intern(t, s, false) : 0;
    if (!s || id) {
        jc_bin_item(b, type, key, NULL, id);
        return;
    }
    size_t n = strnlen(s, STR_KEEP), pad = (n + 7) & ~(size_t)7;
    unsigned char *i = item(t, b, type == JC_BIN_I_STR ? JC_BIN_I_STR_INLINE : JC_BIN_I_FIELD_INLINE, key, pad);
    if (!i)
        return;
    put64(i + 8, n);
    memcpy(i + JC_BIN_ITEM, s, n);
    memset(i + JC_BIN_ITEM + n, 0, pad - n);
}

void jc_bin_vthread(jc_bin_rec *b, const char *carrier, const char *vname, long long vtid)
{
    bin_tls *const t = b->t ? b->t : tls();   /* set by jc_bin_begin */
    unsigned char *i = item(t, b, JC_BIN_I_VTHREAD, NULL, 8);
    if (i) {
        put32(i + 4, intern(t, vname, false));
        put64(i + 8, (uint64_t)vtid);
        put64(i + JC_BIN_ITEM, intern(t, carrier, false));
    }
}

/* The claimed call is whole: its chunk may go if it was left. */
static void claim_done(bin_tls *t)
{
    t->claimed = NULL;
    if (t->nleft)
        sweep_left(t);
}

void jc_bin_end(jc_bin_rec *b, bool has_error, int err, uint64_t t_ns, uint64_t dur_ns)
{
    bin_tls *const t = b->t ? b->t : tls();   /* set by jc_bin_begin */
    if (b->out) {               /* outputs opened, none came */
        b->out = false;
        unsigned char *i = item(t, b, JC_BIN_I_OUT, NULL, 0);
        if (i)
            i[0] = JC_BIN_I_OUT;
    }
    unsigned char *old = b->claimed;
    b->claimed = NULL;          /* t->claimed keeps its chunk mapped until the end */
    /* a claimed call keeps its times, in ticks when they are */
    uint32_t tick_flag = 0;
    if (old)
        memcpy(&tick_flag, old + 28, 4);
    tick_flag &= JC_BIN_RF_TICKS;
    if (b->broken) {
        if (old)
            publish(old, JC_BIN_COMPLETE);
        claim_done(t);
        return;
    }
    size_t len = JC_BIN_REC + b->len;
    unsigned char *r;
    if (old && old + JC_BIN_REC == t->pos && old >= t->chunk && old < t->end
        && (size_t)(t->end - t->pos) >= b->len) {
        /* nothing after it on this thread: the items go behind it.  Until
         * its length says so, a reader takes the word after it for the
         * next record's state, which must stay 0: that word goes last. */
        if (b->len) {
            memcpy(old + JC_BIN_REC + 4, b->p + 4, b->len - 4);
            atomic_store_explicit((_Atomic uint32_t *)(void *)(old + 4), (uint32_t)len, memory_order_release);
            uint32_t w;
            memcpy(&w, b->p, 4);
            atomic_store_explicit((_Atomic uint32_t *)(void *)(old + JC_BIN_REC), w, memory_order_release);
        }
        t->pos += b->len;
        r = old;
        old = NULL;
    } else {
        r = room(t, len);
        if (!r) {
            if (old)
                publish(old, JC_BIN_COMPLETE);
            claim_done(t);
            return;
        }
        if (old) {
            memcpy(r + 4, old + 4, JC_BIN_REC - 4);
            put32(r + 4, (uint32_t)len);
        } else {
            head(r, (uint32_t)len, 0, b->kind, b->thread);
            put64(r + 32, t_ns);
            put64(r + 40, dur_ns);
        }
        memcpy(r + JC_BIN_REC, b->p, b->len);
    }
    /* the name, thread and phase as of now (the direct trace's header is
     * made after the call too) */
    r[11] = (unsigned char)atomic_load_explicit(&jc_g.phase, memory_order_relaxed);
    put32(r + 16, b->thread);
    put32(r + 20, b->name);
    put32(r + 24, b->label);
    if (has_error) {
        int32_t e = (int32_t)err;
        memcpy(r + 12, &e, 4);
    }
    put32(r + 28, (has_error ? JC_BIN_RF_ERROR : 0) | tick_flag);
    publish(r, JC_BIN_COMPLETE);
    if (old)
        publish(old, JC_BIN_SKIP);
    claim_done(t);
}

void jc_bin_rec_free(jc_bin_rec *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

/* At a thread's exit: its last chunk is given back (its records stay in
 * the file), and the chunks it left with a call open, now done. */
void jc_bin_thread_exit(void)
{
    bin_tls *const t = tls();
    settle_pending(t);
    sweep_left(t);
    if (t->chunk && t->depth == 0 && !t->claimed) {
        give_back(t->chunk);
        t->chunk = t->pos = t->end = NULL;
    }
}
