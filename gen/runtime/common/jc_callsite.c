/* jc_callsite.c — the agent's call site of a violation or of a JVMTI
 * allocation: the first frames of the calling thread's stack that are not
 * libjvmticheck's own, nor the interface's C++ header wrappers.
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
 * - Past our frames, a C++ agent's first frame may be the out-of-line copy
 *   of jvmti.h's inline wrapper (_jvmtiEnv::GetPhase at -O0): its return
 *   address is the same for every call of that function, so it is dropped
 *   too (jc_symbolize_is_wrapper), and the site starts where the agent
 *   called the wrapper.  A wrapper inlined into the agent's function leaves
 *   no frame; jc_symbolize.c leaves its inlined scope out of the texts.
 * - What a return address is (a wrapper or not, its module) is asked of
 *   libdw once per address and kept (a bounded table): capture happens for
 *   every tracked allocation, and the same few addresses come back.
 * - A leak site (jc_site_capture_leak) keeps frames past stack=N up to
 *   JC_LEAK_FRAMES while they are the agent's side of the stack: not in
 *   the VM's module (the one holding jc_iface.host_symbol; without it, in
 *   the first frame's module).  A leak through the agent's allocation
 *   helper then names the helper's caller (libjdwp's jvmtiAllocate is
 *   called from libjdwp and from its transport library), one helper called
 *   from three places is three leak sites, and the frames of the VM, which
 *   differ with the VM's version and with the VM's path to a callback, do
 *   not split a leak site.
 * - Texts list frames as jc_symbolize.c gives them, inlined ones included
 *   and marked; stack=N counts those frames.
 * - backtrace() dlopens the unwinder on first use: jc_site_warm_up() does
 *   that at init, not inside a callback.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <dlfcn.h>
#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"

typedef struct named_frame {
    char *symbol, *function;    /* linkage and demangled names ("" unknown) */
} named_frame;

struct jc_site {
    unsigned n;                 /* return addresses */
    unsigned agents;            /* leading ones on the agent's side (leak sites) */
    unsigned limit;             /* frames shown: stack=N; 0 = all (leak sites) */
    bool leak;
    void *pc[JC_SITE_FRAMES];
    uint64_t hash;
    /* made on first need, under lock */
    bool described;
    char *text, *stack_text;
    char module[128];
    unsigned nnamed, nsuppress;
    named_frame *named;
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

/* ---- what a return address is, kept ------------------------------------------ */

#define MAX_CLASSES 8192        /* distinct return addresses remembered */

typedef struct pc_class {
    uintptr_t pc;               /* 0: free slot */
    uintptr_t module;           /* its module's load address (0: none) */
    signed char wrapper;        /* 1, 0, or -1 not asked yet */
    bool have_module;
} pc_class;

static pthread_mutex_t class_lock = PTHREAD_MUTEX_INITIALIZER;
static pc_class classes[MAX_CLASSES];
static size_t nclasses;

/* pc's slot, or the free slot where it goes; NULL when the table is full.
 * Under class_lock. */
static pc_class *class_slot(uintptr_t pc)
{
    uint64_t x = (uint64_t)pc * 0x9e3779b97f4a7c15ULL;
    size_t i = (size_t)(x >> 40) & (MAX_CLASSES - 1);
    while (classes[i].pc && classes[i].pc != pc)
        i = (i + 1) & (MAX_CLASSES - 1);
    if (!classes[i].pc && nclasses * 4 >= MAX_CLASSES * 3)
        return NULL;            /* full enough: answer, but keep no more */
    return &classes[i];
}

static pc_class *class_claim(uintptr_t pc)
{
    pc_class *c = class_slot(pc);
    if (c && !c->pc) {
        *c = (pc_class){ .pc = pc, .wrapper = -1 };
        nclasses++;
    }
    return c;
}

/* What the table knows of each of raw[0..n) (wrapper -1 and no module
 * when nothing), skip[i] left out; one pass under the lock. */
static void pc_known(void *const *raw, const bool *skip, int n, pc_class *known)
{
    pthread_mutex_lock(&class_lock);
    for (int i = 0; i < n; i++) {
        pc_class *c = skip[i] ? NULL : class_slot((uintptr_t)raw[i]);
        known[i] = c && c->pc ? *c : (pc_class){ .wrapper = -1 };
    }
    pthread_mutex_unlock(&class_lock);
}

/* Whether the frame at return address p is the interface's header wrapper;
 * known is what the table said of it. */
static bool pc_wrapper(void *p, const pc_class *known)
{
    uintptr_t pc = (uintptr_t)p;
    if (known->wrapper >= 0)
        return known->wrapper;
    pc_class *c;
    bool w = jc_symbolize_is_wrapper(p);  /* libdw, outside our lock */
    pthread_mutex_lock(&class_lock);
    if ((c = class_claim(pc)) != NULL)
        c->wrapper = w;
    pthread_mutex_unlock(&class_lock);
    return w;
}

/* The load address of p's module (0: none); known as for pc_wrapper. */
static uintptr_t pc_module(void *p, const pc_class *known)
{
    uintptr_t pc = (uintptr_t)p;
    if (known->have_module)
        return known->module;
    pc_class *c;
    uintptr_t m = jc_symbolize_module(p);
    pthread_mutex_lock(&class_lock);
    if ((c = class_claim(pc)) != NULL) {
        c->module = m;
        c->have_module = true;
    }
    pthread_mutex_unlock(&class_lock);
    return m;
}

/* The load address of the module holding jc_iface.host_symbol (the VM's);
 * 0 when unknown.  Asked once. */
static uintptr_t host_base;
static pthread_once_t host_once = PTHREAD_ONCE_INIT;

static void host_init(void)
{
    const char *sym = jc_g.iface ? jc_g.iface->host_symbol : NULL;
    void *p = sym ? dlsym(RTLD_DEFAULT, sym) : NULL;
    host_base = p ? jc_symbolize_module((const char *)p + 1) : 0;
}

static uintptr_t host_module(void)
{
    pthread_once(&host_once, host_init);
    return host_base;
}

/* ---- capture and interning ------------------------------------------------ */

static uint64_t hash_frames(void *const *pc, unsigned n, bool leak)
{
    uint64_t h = 0xcbf29ce484222325ULL ^ n ^ ((uint64_t)leak << 40);
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

static const jc_site *intern(void *const *pc, unsigned n, bool leak, unsigned agents, unsigned limit)
{
    uint64_t h = hash_frames(pc, n, leak);
    const jc_site *found = NULL;
    pthread_mutex_lock(&lock);
    if (cap == 0 && !grow())
        goto out;
    for (size_t i = (size_t)h & (cap - 1); tab[i]; i = (i + 1) & (cap - 1))
        if (tab[i]->hash == h && tab[i]->n == n && tab[i]->leak == leak
            && memcmp(tab[i]->pc, pc, n * sizeof *pc) == 0) {
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
        s->leak = leak;
        s->agents = agents;
        s->limit = limit;
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

/* stack=N frames (a leak site: more while in the first frame's module, up
 * to JC_LEAK_FRAMES), our own and the header wrappers before the agent's
 * first frame left out. */
static const jc_site *capture(bool leak)
{
    pthread_once(&own_once, own_init);
    unsigned stack = jc_g.opt.stack ? jc_g.opt.stack : 1;
    if (stack > JC_SITE_FRAMES)
        stack = JC_SITE_FRAMES;
    unsigned want = leak && stack < JC_LEAK_FRAMES ? JC_LEAK_FRAMES : stack;
    void *raw[RAW_FRAMES], *pc[JC_SITE_FRAMES];
    int depth = 16 + (int)want;
    int got = backtrace(raw, depth > RAW_FRAMES ? RAW_FRAMES : depth);
    bool skip[RAW_FRAMES];
    pc_class known[RAW_FRAMES];
    int ask = 0;                /* the frames looked up: those the loop may reach */
    for (unsigned theirs = 0; ask < got && theirs < want + 4; ask++) {
        skip[ask] = !raw[ask] || is_own(raw[ask]);
        theirs += !skip[ask];
    }
    for (int i = ask; i < got; i++)
        skip[i] = !raw[i] || is_own(raw[i]);
    pc_known(raw, skip, ask, known);
    for (int i = ask; i < got; i++)
        known[i] = (pc_class){ .wrapper = -1 };
    unsigned n = 0, agents = 0;
    uintptr_t first = 0, vm = leak ? host_module() : 0;
    for (int i = 0; i < got && n < want; i++) {
        void *p = raw[i];
        if (skip[i] || (n == 0 && pc_wrapper(p, &known[i])))
            continue;
        if (leak) {
            uintptr_t m = pc_module(p, &known[i]);
            if (n == 0)
                first = m;
            bool theirs = m != 0 && (vm ? m != vm : m == first);
            if (!theirs && n >= stack)
                break;
            agents += theirs && agents == n;
        }
        pc[n++] = p;
    }
    return n ? intern(pc, n, leak, agents, leak ? 0 : stack) : NULL;
}

const jc_site *jc_site_capture(void) { return capture(false); }
const jc_site *jc_site_capture_leak(void) { return capture(true); }

void jc_site_warm_up(void)
{
    void *raw[4];
    pthread_once(&own_once, own_init);
    (void)backtrace(raw, 4);
}

/* ---- texts ------------------------------------------------------------------ */

static void frame_text(char *buf, size_t n, const jc_frame_info *fi)
{
    size_t k = 0;
#define PUT(...) do { if (k < n) k += (size_t)snprintf(buf + k, n - k, __VA_ARGS__); } while (0)
    if (fi->file[0])
        PUT("%s:%d ", fi->file, fi->line);
    if (fi->has_off)
        PUT("%s+0x%lx ", fi->function, (unsigned long)fi->symbol_off);
    else if (fi->function[0])
        PUT("%s ", fi->function);
    if (fi->inlined)
        PUT("[inlined] ");
    PUT("(%s+0x%lx)", fi->module, (unsigned long)fi->module_off);
#undef PUT
}

#define MAX_INLINED 16          /* frames of one return address */

/* Makes s's texts and names; under lock. */
static void describe(jc_site *s)
{
    if (s->described)
        return;
    s->described = true;
    size_t allsize = JC_SITE_FRAMES * 2 * 400;
    char frame[2 * JC_NAME_MAX + 400], *all = malloc(allsize);
    jc_frame_info *fi = calloc(MAX_INLINED, sizeof *fi);
    s->named = calloc((size_t)s->n * MAX_INLINED, sizeof *s->named);
    if (!all || !fi || !s->named) {
        free(all);
        free(fi);
        free(s->named);
        s->named = NULL;
        return;
    }
    size_t k = 0;
    all[0] = '\0';
    unsigned shown = 0;
    for (unsigned i = 0; i < s->n && (!s->limit || shown < s->limit); i++) {
        int nf = jc_symbolize_frames(s->pc[i], fi, MAX_INLINED);
        if (nf == 0) {          /* in no module: the address alone */
            memset(fi, 0, sizeof *fi);
            nf = -1;
        }
        for (int f = 0; f < (nf < 0 ? 1 : nf) && (!s->limit || shown < s->limit); f++) {
            if (nf < 0)
                snprintf(frame, sizeof frame, "%p", s->pc[i]);
            else
                frame_text(frame, sizeof frame, &fi[f]);
            if (shown == 0) {
                s->text = strdup(frame);
                snprintf(s->module, sizeof s->module, "%s", fi[f].module);
            }
            if (k < allsize)
                k += (size_t)snprintf(all + k, allsize - k, "%s%s", shown ? " <- " : "", frame);
            named_frame *nm = &s->named[s->nnamed++];
            nm->symbol = strdup(fi[f].symbol);
            nm->function = strdup(fi[f].function);
            if (!s->leak ? shown == 0 : i < s->agents)
                s->nsuppress = s->nnamed;
            shown++;
        }
    }
    s->stack_text = strdup(all);
    free(all);
    free(fi);
}

typedef const char *(*site_field)(const jc_site *s);

static const char *text_of(const jc_site *cs) { return cs->text ? cs->text : "?"; }
static const char *stack_of(const jc_site *cs) { return cs->stack_text ? cs->stack_text : "?"; }
static const char *module_of(const jc_site *cs) { return cs->module; }
static const char *symbol_of(const jc_site *cs)
{
    return cs->nnamed && cs->named[0].symbol ? cs->named[0].symbol : "";
}

/* s described, under lock. */
static jc_site *described(const jc_site *cs)
{
    jc_site *s = (jc_site *)(uintptr_t)cs;
    pthread_mutex_lock(&lock);
    describe(s);
    return s;
}

static const char *field(const jc_site *cs, site_field f, const char *none)
{
    if (!cs)
        return none;
    jc_site *s = described(cs);
    const char *r = f(s);
    pthread_mutex_unlock(&lock);
    return r;
}

const char *jc_site_text(const jc_site *s) { return field(s, text_of, "?"); }
const char *jc_site_stack_text(const jc_site *s) { return field(s, stack_of, "?"); }
const char *jc_site_module(const jc_site *s) { return field(s, module_of, ""); }
const char *jc_site_symbol(const jc_site *s) { return field(s, symbol_of, ""); }

unsigned jc_site_frame_count(const jc_site *cs)
{
    if (!cs)
        return 0;
    jc_site *s = described(cs);
    unsigned n = s->nnamed;
    pthread_mutex_unlock(&lock);
    return n;
}

unsigned jc_site_suppress_frames(const jc_site *cs)
{
    if (!cs)
        return 0;
    jc_site *s = described(cs);
    unsigned n = s->nsuppress;
    pthread_mutex_unlock(&lock);
    return n;
}

bool jc_site_frame_name(const jc_site *cs, unsigned k, const char **symbol, const char **function)
{
    if (!cs)
        return false;
    jc_site *s = described(cs);
    bool ok = k < s->nnamed;
    if (ok) {
        *symbol = s->named[k].symbol ? s->named[k].symbol : "";
        *function = s->named[k].function ? s->named[k].function : "";
    }
    pthread_mutex_unlock(&lock);
    return ok;
}

void jc_site_reset(void)
{
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < cap; i++)
        if (tab[i]) {
            free(tab[i]->text);
            free(tab[i]->stack_text);
            for (unsigned k = 0; k < tab[i]->nnamed; k++) {
                free(tab[i]->named[k].symbol);
                free(tab[i]->named[k].function);
            }
            free(tab[i]->named);
            free(tab[i]);
        }
    free(tab);
    tab = NULL;
    cap = used = 0;
    pthread_mutex_unlock(&lock);
    pthread_mutex_lock(&class_lock);
    memset(classes, 0, sizeof classes);
    nclasses = 0;
    pthread_mutex_unlock(&class_lock);
    jc_symbolize_reset();
}
