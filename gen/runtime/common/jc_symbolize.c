/* jc_symbolize.c — what a code address of the process is: module and
 * offset, symbol and offset, file:line when the module has debug info, and
 * the functions inlined there, as `addr2line -i` lists them.
 *
 * Call sites of violations and leaks name the agent's code the way
 * -Xcheck:jni and ASan do, so an author can go to the line.  The address is
 * looked up with elfutils' libdwfl over this very process (its modules as
 * /proc/self/maps lists them): libdwfl reads the ELF symbol tables, libdw
 * the DWARF scopes and line tables; we parse neither.  C++ names are
 * demangled by the C++ runtime's own demangler (__cxa_demangle).
 *
 * Design:
 * - Only the slow path comes here (a context's first report, the leak
 *   report, and the first sight of a return address: jc_callsite.c caches
 *   what we say of it), so one lock around libdwfl, which is not
 *   thread-safe, costs nothing that matters.
 * - The session (Dwfl) is made on first need and made again once when an
 *   address falls in no module it knows but the dynamic linker does (a
 *   library loaded since); an address in no library at all (the JIT's
 *   code, which leak sites of native methods meet) does not make it again.
 * - A return address points after the call: the symbol, the scopes and the
 *   line are looked up at address - 1, the offsets are those of the return
 *   address (as gdb's and -Xcheck:jni's frames show them).
 * - One address is one or more frames: the DWARF scopes at it that are
 *   functions (DW_TAG_subprogram, DW_TAG_inlined_subroutine), innermost
 *   first.  The innermost frame's line is the line table's; an outer
 *   frame's is where the frame inside it was inlined (DW_AT_call_file,
 *   DW_AT_call_line).  Only the outermost is a function of its own with a
 *   symbol and an offset; the others are marked inlined.
 * - The interface's C++ wrappers (jc_iface: the inline members of
 *   struct _jvmtiEnv in jvmti.h, of _jdwpTransportEnv in jdwpTransport.h)
 *   are not the caller's code.  A frame is one when its function was
 *   declared in that header or is a member of that struct (its linkage
 *   name, demangled, starts with "_jvmtiEnv::"); without DWARF, when its
 *   ELF symbol is such a member.  Such frames are left out of an address's
 *   frames unless all of them are (jc_symbolize_is_wrapper: the wrapper's
 *   own out-of-line copy, which call sites drop whole).
 * - A stripped module has no .symtab: an exported function still has a
 *   .dynsym entry; a static one has none, and then only module+offset.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <dlfcn.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jc_callsite.h"
#include "jc_path.h"

/* The C++ ABI's demangler, from libstdc++ (<cxxabi.h> is C++ only). */
extern char *__cxa_demangle(const char *mangled, char *out, size_t *len, int *status);

#define MAX_LEVELS 16           /* functions inlined into one another at one address */
#define MAX_DEPTH 64            /* DIE nesting walked */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Dwfl *dwfl;
static char *debuginfo_path;

static const Dwfl_Callbacks callbacks = {
    .find_elf = dwfl_linux_proc_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .debuginfo_path = &debuginfo_path,
};

static Dwfl *open_session(void)
{
    Dwfl *d = dwfl_begin(&callbacks);
    if (!d)
        return NULL;
    dwfl_report_begin(d);
    if (dwfl_linux_proc_report(d, getpid()) != 0 || dwfl_report_end(d, NULL, NULL) != 0) {
        dwfl_end(d);
        return NULL;
    }
    return d;
}

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

void jc_demangle(char *dst, size_t n, const char *name)
{
    if (name && name[0] == '_' && name[1] == 'Z') {
        int status = -1;
        char *d = __cxa_demangle(name, NULL, NULL, &status);
        if (d && status == 0) {
            copy(dst, n, d);
            free(d);
            return;
        }
        free(d);
    }
    copy(dst, n, name);
}

static Dwfl_Module *module_of(Dwarf_Addr a)
{
    Dwfl_Module *m = dwfl ? dwfl_addrmodule(dwfl, a) : NULL;
    Dl_info info;
    if (!m && dwfl && !dladdr((void *)(uintptr_t)a, &info))
        return NULL;            /* in no library (the JIT's code): nothing new to see */
    if (!m) {                   /* new libraries since: look again, once */
        if (dwfl)
            dwfl_end(dwfl);
        dwfl = open_session();
        m = dwfl ? dwfl_addrmodule(dwfl, a) : NULL;
    }
    return m;
}

/* ---- the interface's C++ wrappers --------------------------------------------- */

/* "_jvmtiEnv::GetPhase(jvmtiPhase*)": a member of the interface's struct. */
static bool member_name(const char *demangled)
{
    const char *st = jc_g.iface ? jc_g.iface->wrapper_struct : NULL;
    size_t n = st ? strlen(st) : 0;
    return n && strncmp(demangled, st, n) == 0 && demangled[n] == ':' && demangled[n + 1] == ':';
}

/* A function DIE's linkage (mangled) name, through its abstract origin and
 * specification; its plain name when it has none (C). */
static const char *die_name(Dwarf_Die *fn)
{
    static const unsigned kinds[] = { DW_AT_linkage_name, DW_AT_MIPS_linkage_name, DW_AT_name };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        Dwarf_Attribute attr;
        const char *s = dwarf_formstring(dwarf_attr_integrate(fn, kinds[i], &attr));
        if (s && *s)
            return s;
    }
    return NULL;
}

static bool die_is_wrapper(Dwarf_Die *fn)
{
    const char *header = jc_g.iface ? jc_g.iface->wrapper_header : NULL;
    const char *decl = dwarf_decl_file(fn);
    if (header && decl && strcmp(jc_base_name(decl), header) == 0)
        return true;
    const char *name = die_name(fn);
    char demangled[JC_NAME_MAX];
    jc_demangle(demangled, sizeof demangled, name);
    return name && member_name(demangled);
}

/* ---- the frames at an address ------------------------------------------------- */

/* Where the inlined-subroutine DIE was called from, in its CU's files. */
static void call_site(Dwarf_Die *inl, jc_frame_info *f)
{
    Dwarf_Attribute attr;
    Dwarf_Word file = 0, line = 0;
    Dwarf_Die cu;
    Dwarf_Files *files = NULL;
    size_t nfiles = 0;
    if (dwarf_formudata(dwarf_attr(inl, DW_AT_call_file, &attr), &file) != 0
        || dwarf_formudata(dwarf_attr(inl, DW_AT_call_line, &attr), &line) != 0 || line == 0
        || !dwarf_diecu(inl, &cu, NULL, NULL) || dwarf_getsrcfiles(&cu, &files, &nfiles) != 0 || file >= nfiles)
        return;
    const char *path = dwarf_filesrc(files, file, NULL, NULL);
    if (path) {
        copy(f->file, sizeof f->file, jc_base_name(path));
        f->line = (int)line;
    }
}

/* The CU holding a: libdw finds it by .debug_aranges; a module without
 * them (clang's default) by the CUs' own address ranges. */
static Dwarf_Die *cu_at(Dwfl_Module *m, Dwarf_Addr a, Dwarf_Addr *bias, Dwarf_Die *buf)
{
    Dwarf_Die *cu = dwfl_module_addrdie(m, a, bias);
    if (cu)
        return cu;
    while ((cu = dwfl_module_nextcu(m, cu, bias)) != NULL)
        if (dwarf_haspc(cu, a - *bias) == 1) {
            *buf = *cu;
            return buf;
        }
    return NULL;
}

/* The DIEs from below parent down to the innermost scope holding pc (a
 * function, an inlined one, a lexical block), outermost first, into path
 * from depth on; returns the new depth.  Namespaces and types are walked
 * through, not recorded: clang puts a function in its namespace's DIE, and
 * libdw's dwarf_getscopes does not look there (elfutils 0.188). */
static int scope_path(Dwarf_Die *parent, Dwarf_Addr pc, Dwarf_Die *path, int depth, int nesting)
{
    Dwarf_Die child, next;
    if (depth >= MAX_DEPTH || nesting >= MAX_DEPTH || dwarf_child(parent, &child) != 0)
        return depth;
    for (;;) {
        switch (dwarf_tag(&child)) {
        case DW_TAG_subprogram:
        case DW_TAG_inlined_subroutine:
        case DW_TAG_lexical_block:
        case DW_TAG_entry_point:
            if (dwarf_haspc(&child, pc) == 1) {
                path[depth] = child;
                return scope_path(&path[depth], pc, path, depth + 1, nesting + 1);
            }
            break;
        case DW_TAG_namespace:
        case DW_TAG_module:
        case DW_TAG_class_type:
        case DW_TAG_structure_type:
        case DW_TAG_union_type: {
            int d = scope_path(&child, pc, path, depth, nesting + 1);
            if (d > depth)
                return d;
            break;
        }
        default:
            break;
        }
        if (dwarf_siblingof(&child, &next) != 0)
            return depth;
        child = next;
    }
}

/* The DIE a function DIE was declared by: through DW_AT_abstract_origin and
 * DW_AT_specification, to the one that has neither. */
static Dwarf_Die origin_of(Dwarf_Die *fn, Dwarf_Die *buf)
{
    Dwarf_Die d = *fn;
    for (int hop = 0; hop < 8; hop++) {
        Dwarf_Attribute attr;
        Dwarf_Attribute *ref = dwarf_attr(&d, DW_AT_abstract_origin, &attr);
        if (!ref)
            ref = dwarf_attr(&d, DW_AT_specification, &attr);
        if (!ref || !dwarf_formref_die(ref, buf))
            break;
        d = *buf;
    }
    return d;
}

/* name qualified with the namespaces, classes and structs that hold fn's
 * declaration ("(anonymous namespace)::helper"): for a function that has no
 * linkage name to demangle (gcc gives none to some inlined ones).  The DIE
 * offsets of a unit are in tree order, so the walk from the unit down only
 * enters the child whose subtree holds the declaration's offset. */
static void qualified_name(Dwarf_Die *fn, const char *name, char *dst, size_t n)
{
    Dwarf_Die buf, decl = origin_of(fn, &buf), cu, cur, child, next;
    Dwarf_Off target = dwarf_dieoffset(&decl);
    size_t k = 0;
    dst[0] = '\0';
    if (dwarf_diecu(&decl, &cu, NULL, NULL)) {
        cur = cu;
        for (int depth = 0; depth < MAX_DEPTH && dwarf_child(&cur, &child) == 0; depth++) {
            while (dwarf_dieoffset(&child) != target && dwarf_siblingof(&child, &next) == 0
                   && dwarf_dieoffset(&next) <= target)
                child = next;
            if (dwarf_dieoffset(&child) >= target)
                break;
            int tag = dwarf_tag(&child);
            if (tag == DW_TAG_namespace || tag == DW_TAG_class_type || tag == DW_TAG_structure_type
                || tag == DW_TAG_union_type) {
                const char *scope = dwarf_diename(&child);
                if (k < n)
                    k += (size_t)snprintf(dst + k, n - k, "%s::", scope ? scope
                                          : tag == DW_TAG_namespace ? "(anonymous namespace)" : "(anonymous)");
            }
            cur = child;
        }
    }
    if (k < n)
        snprintf(dst + k, n - k, "%s", name);
}

/* The frames at a (a return address - 1) in m, innermost first, wrappers
 * flagged; returns how many (at least 1).  Under lock. */
static int levels(Dwfl_Module *m, Dwarf_Addr a, uintptr_t ret, jc_frame_info *out, bool *wrapper)
{
    jc_frame_info top = { 0 };
    Dwarf_Addr start = 0;
    const char *mod = dwfl_module_info(m, NULL, &start, NULL, NULL, NULL, NULL, NULL);
    copy(top.module, sizeof top.module, mod ? jc_base_name(mod) : "?");
    top.module_off = ret - (uintptr_t)start;
    GElf_Off off = 0;
    GElf_Sym sym;
    const char *elf_sym = dwfl_module_addrinfo(m, a, &off, &sym, NULL, NULL, NULL);
    if (elf_sym && *elf_sym) {
        copy(top.symbol, sizeof top.symbol, elf_sym);
        top.symbol_off = (uintptr_t)off + 1;
        top.has_off = true;
    }

    Dwarf_Addr bias = 0;
    Dwarf_Die cubuf, *cu = cu_at(m, a, &bias, &cubuf);
    Dwarf_Line *line = cu ? dwarf_getsrc_die(cu, a - bias) : NULL;
    int lineno = 0;
    const char *file = line && dwarf_lineno(line, &lineno) == 0 ? dwarf_linesrc(line, NULL, NULL) : NULL;
    Dwarf_Die path[MAX_DEPTH], *fns[MAX_LEVELS];
    int depth = cu ? scope_path(cu, a - bias, path, 0, 0) : 0;
    int n = 0;
    for (int i = depth - 1; i >= 0 && n < MAX_LEVELS; i--) {
        int tag = dwarf_tag(&path[i]);
        if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine)
            fns[n++] = &path[i];
    }
    if (n == 0) {               /* no DWARF here: the ELF symbol alone */
        out[0] = top;
        if (file && lineno > 0) {
            copy(out[0].file, sizeof out[0].file, jc_base_name(file));
            out[0].line = lineno;
        }
        jc_demangle(out[0].function, sizeof out[0].function, out[0].symbol);
        wrapper[0] = member_name(out[0].function);
        return 1;
    }
    for (int k = 0; k < n; k++) {
        jc_frame_info *f = &out[k];
        *f = top;
        f->file[0] = '\0';
        f->line = 0;
        if (k == 0) {
            if (file && lineno > 0) {
                copy(f->file, sizeof f->file, jc_base_name(file));
                f->line = lineno;
            }
        } else {
            call_site(fns[k - 1], f);
        }
        f->inlined = k < n - 1 || dwarf_tag(fns[k]) == DW_TAG_inlined_subroutine;
        if (f->inlined || !f->symbol[0]) {  /* the ELF symbol names the outermost only */
            copy(f->symbol, sizeof f->symbol, die_name(fns[k]));
            f->symbol_off = 0;
            f->has_off = false;
        }
        if (f->symbol[0] == '_' && f->symbol[1] == 'Z')
            jc_demangle(f->function, sizeof f->function, f->symbol);
        else
            qualified_name(fns[k], f->symbol, f->function, sizeof f->function);
        wrapper[k] = die_is_wrapper(fns[k]);
    }
    return n;
}

int jc_symbolize_frames(const void *pc, jc_frame_info *out, int max)
{
    uintptr_t ret = (uintptr_t)pc;
    if (ret == 0 || max <= 0)
        return 0;
    jc_frame_info *all = calloc(MAX_LEVELS, sizeof *all);
    if (!all)
        return 0;
    bool wrapper[MAX_LEVELS];
    Dwarf_Addr a = (Dwarf_Addr)(ret - 1);
    pthread_mutex_lock(&lock);
    Dwfl_Module *m = module_of(a);
    int n = m ? levels(m, a, ret, all, wrapper) : 0;
    pthread_mutex_unlock(&lock);
    bool any_own = false;
    for (int k = 0; k < n; k++)
        any_own |= !wrapper[k];
    int got = 0;
    for (int k = 0; k < n && got < max; k++)
        if (!any_own || !wrapper[k])
            out[got++] = all[k];
    free(all);
    return got;
}

bool jc_symbolize_is_wrapper(const void *pc)
{
    uintptr_t ret = (uintptr_t)pc;
    if (ret == 0 || !jc_g.iface || !jc_g.iface->wrapper_struct)
        return false;
    jc_frame_info *all = calloc(MAX_LEVELS, sizeof *all);
    if (!all)
        return false;
    bool wrapper[MAX_LEVELS];
    Dwarf_Addr a = (Dwarf_Addr)(ret - 1);
    pthread_mutex_lock(&lock);
    Dwfl_Module *m = module_of(a);
    int n = m ? levels(m, a, ret, all, wrapper) : 0;
    pthread_mutex_unlock(&lock);
    free(all);
    bool all_wrappers = n > 0;
    for (int k = 0; k < n; k++)
        all_wrappers &= wrapper[k];
    return all_wrappers;
}

uintptr_t jc_symbolize_module(const void *pc)
{
    uintptr_t ret = (uintptr_t)pc;
    if (ret == 0)
        return 0;
    Dwarf_Addr start = 0;
    pthread_mutex_lock(&lock);
    Dwfl_Module *m = module_of((Dwarf_Addr)(ret - 1));
    if (m)
        (void)dwfl_module_info(m, NULL, &start, NULL, NULL, NULL, NULL, NULL);
    pthread_mutex_unlock(&lock);
    return m ? (uintptr_t)start : 0;
}

void jc_symbolize_reset(void)
{
    pthread_mutex_lock(&lock);
    if (dwfl)
        dwfl_end(dwfl);
    dwfl = NULL;
    pthread_mutex_unlock(&lock);
}
