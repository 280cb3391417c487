/* jc_callsite.c — the agent's call site of a violation or of a JVMTI
 * allocation: the first frames of the calling thread's stack that are not
 * libjvmticheck's own.
 *
 * Design:
 * - Captured only on the slow path (a violation flagged, a block tracked),
 *   with glibc's backtrace(): the frames of the wrapper, the hook and the
 *   report are ours, and there may be more or fewer of them depending on
 *   the path and on inlining, so rather than counting frames to skip, every
 *   frame inside this library (its PT_LOAD ranges, found once with
 *   dl_iterate_phdr) is dropped.  What is left starts at the agent's call.
 * - Sites are interned: one jc_site per distinct stack, kept until the end,
 *   so contexts and leak groups compare sites by pointer and the texts are
 *   made once (on first need, by jc_symbolize.c).  The table is bounded
 *   (MAX_SITES); past it, no site.
 * - backtrace() dlopens the unwinder on first use: jc_site_warm_up() does
 *   that at init, not inside a callback.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"

struct jc_site {
    unsigned n;
    void *pc[JC_SITE_FRAMES];
    uint64_t hash;
    char *text, *stack_text;    /* made on first need, under lock */
    char module[128], symbol[128];
    bool described;
};

#define MAX_SITES 65536
#define RAW_FRAMES 64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static jc_site **tab;           /* open addressing, power-of-two capacity */
static size_t cap, used;

/* ---- our own code --------------------------------------------------------- */

#define MAX_RANGES 8
static struct { uintptr_t lo, hi; } own[MAX_RANGES];
static int nown;
static pthread_once_t own_once = PTHREAD_ONCE_INIT;

static int find_own(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    uintptr_t me = (uintptr_t)data;
    int n = 0;
    bool mine = false;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD)
            continue;
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
        mine |= me >= lo && me < hi;
    }
    /* The sanitizer runtimes' frames are never the agent's either: under
     * ASan, backtrace() itself is an interceptor with a frame of its own. */
    const char *name = info->dlpi_name ? info->dlpi_name : "";
    bool runtime = strstr(name, "libasan") || strstr(name, "libubsan") || strstr(name, "libclang_rt");
    if (!mine && !runtime)
        return 0;
    (void)n;
    for (int i = 0; i < info->dlpi_phnum && nown < MAX_RANGES; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
            own[nown].lo = info->dlpi_addr + ph->p_vaddr;
            own[nown].hi = own[nown].lo + ph->p_memsz;
            nown++;
        }
    }
    return 0;   /* go on: the runtimes may come after us */
}

static void own_init(void)
{
    dl_iterate_phdr(find_own, (void *)(uintptr_t)&jc_site_capture);
}

static bool is_own(const void *pc)
{
    uintptr_t a = (uintptr_t)pc;
    for (int i = 0; i < nown; i++)
        if (a >= own[i].lo && a < own[i].hi)
            return true;
    return false;
}

/* ---- capture and interning ------------------------------------------------ */

static uint64_t hash_frames(void *const *pc, unsigned n)
{
    uint64_t h = 0xcbf29ce484222325ULL ^ n;
    for (unsigned i = 0; i < n; i++) {
        h ^= (uint64_t)(uintptr_t)pc[i];
        h *= 0x100000001b3ULL;
        h ^= h >> 29;
    }
    return h;
}

static bool grow(void)
{
    size_t ncap = cap ? cap * 2 : 256;
    jc_site **ntab = calloc(ncap, sizeof *ntab);
    if (!ntab)
        return false;
    for (size_t i = 0; i < cap; i++)
        if (tab[i]) {
            size_t j = (size_t)tab[i]->hash & (ncap - 1);
            while (ntab[j])
                j = (j + 1) & (ncap - 1);
            ntab[j] = tab[i];
        }
    free(tab);
    tab = ntab;
    cap = ncap;
    return true;
}

static const jc_site *intern(void *const *pc, unsigned n)
{
    uint64_t h = hash_frames(pc, n);
    const jc_site *found = NULL;
    pthread_mutex_lock(&lock);
    if (cap == 0 && !grow())
        goto out;
    for (size_t i = (size_t)h & (cap - 1); tab[i]; i = (i + 1) & (cap - 1))
        if (tab[i]->hash == h && tab[i]->n == n && memcmp(tab[i]->pc, pc, n * sizeof *pc) == 0) {
            found = tab[i];
            goto out;
        }
    if (used >= MAX_SITES || (used * 2 + 2 > cap && !grow()))
        goto out;
    jc_site *s = calloc(1, sizeof *s);
    if (s) {
        size_t i = (size_t)h & (cap - 1);
        while (tab[i])
            i = (i + 1) & (cap - 1);
        s->n = n;
        s->hash = h;
        memcpy(s->pc, pc, n * sizeof *pc);
        tab[i] = s;
        used++;
        found = s;
    }
out:
    pthread_mutex_unlock(&lock);
    return found;
}

const jc_site *jc_site_capture(void)
{
    pthread_once(&own_once, own_init);
    unsigned want = jc_g.opt.stack ? jc_g.opt.stack : 1;
    if (want > JC_SITE_FRAMES)
        want = JC_SITE_FRAMES;
    void *raw[RAW_FRAMES], *pc[JC_SITE_FRAMES];
    int depth = 16 + (int)want;
    int got = backtrace(raw, depth > RAW_FRAMES ? RAW_FRAMES : depth);
    unsigned n = 0;
    for (int i = 0; i < got && n < want; i++)
        if (raw[i] && !is_own(raw[i]))
            pc[n++] = raw[i];
    return n ? intern(pc, n) : NULL;
}

void jc_site_warm_up(void)
{
    void *raw[4];
    pthread_once(&own_once, own_init);
    (void)backtrace(raw, 4);
}

/* ---- texts ------------------------------------------------------------------ */

static void frame_text(char *buf, size_t n, const void *pc, jc_frame_info *fi)
{
    if (!jc_symbolize(pc, fi)) {
        snprintf(buf, n, "%p", pc);
        return;
    }
    size_t k = 0;
    if (fi->file[0])
        k += (size_t)snprintf(buf + k, n - k, "%s:%d ", fi->file, fi->line);
    if (k < n && fi->symbol[0])
        k += (size_t)snprintf(buf + k, n - k, "%s+0x%lx ", fi->symbol, (unsigned long)fi->symbol_off);
    if (k < n)
        snprintf(buf + k, n - k, "(%s+0x%lx)", fi->module, (unsigned long)fi->module_off);
}

/* Makes s's texts; under lock. */
static void describe(jc_site *s)
{
    if (s->described)
        return;
    char frame[512], all[JC_SITE_FRAMES * 160];
    size_t k = 0;
    all[0] = '\0';
    for (unsigned i = 0; i < s->n; i++) {
        jc_frame_info fi;
        frame_text(frame, sizeof frame, s->pc[i], &fi);
        if (i == 0) {
            s->text = strdup(frame);
            snprintf(s->module, sizeof s->module, "%s", fi.module);
            snprintf(s->symbol, sizeof s->symbol, "%s", fi.symbol);
        }
        if (k < sizeof all)
            k += (size_t)snprintf(all + k, sizeof all - k, "%s%s", i ? " <- " : "", frame);
    }
    s->stack_text = strdup(all);
    s->described = true;
}

typedef const char *(*site_field)(const jc_site *s);

static const char *text_of(const jc_site *cs) { return cs->text ? cs->text : "?"; }
static const char *stack_of(const jc_site *cs) { return cs->stack_text ? cs->stack_text : "?"; }
static const char *module_of(const jc_site *cs) { return cs->module; }
static const char *symbol_of(const jc_site *cs) { return cs->symbol; }

static const char *field(const jc_site *cs, site_field f, const char *none)
{
    if (!cs)
        return none;
    jc_site *s = (jc_site *)(uintptr_t)cs;
    pthread_mutex_lock(&lock);
    describe(s);
    const char *r = f(s);
    pthread_mutex_unlock(&lock);
    return r;
}

const char *jc_site_text(const jc_site *s) { return field(s, text_of, "?"); }
const char *jc_site_stack_text(const jc_site *s) { return field(s, stack_of, "?"); }
const char *jc_site_module(const jc_site *s) { return field(s, module_of, ""); }
const char *jc_site_symbol(const jc_site *s) { return field(s, symbol_of, ""); }

void jc_site_reset(void)
{
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < cap; i++)
        if (tab[i]) {
            free(tab[i]->text);
            free(tab[i]->stack_text);
            free(tab[i]);
        }
    free(tab);
    tab = NULL;
    cap = used = 0;
    pthread_mutex_unlock(&lock);
    jc_symbolize_reset();
}
