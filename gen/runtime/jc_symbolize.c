/* jc_symbolize.c — what a code address of the process is: module and
 * offset, symbol and offset, and file:line when the module has debug info.
 *
 * Call sites of violations and leaks name the agent's code the way
 * -Xcheck:jni and ASan do, so an author can go to the line.  The address is
 * looked up with elfutils' libdwfl over this very process (its modules as
 * /proc/self/maps lists them): libdwfl reads the ELF symbol tables and the
 * DWARF line tables, we do not parse either.
 *
 * Design:
 * - Only the slow path comes here (a context's first report, the leak
 *   report), so one lock around libdwfl, which is not thread-safe, costs
 *   nothing that matters.
 * - The session (Dwfl) is made on first need and made again once when an
 *   address falls in no module it knows (a library loaded since).
 * - A return address points after the call: the symbol and the line are
 *   looked up at address - 1, the offsets are those of the return address
 *   (as gdb's and -Xcheck:jni's frames show them).
 * - A stripped module has no .symtab: an exported function still has a
 *   .dynsym entry; a static one has none, and then only module+offset.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <elfutils/libdwfl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "jc_callsite.h"

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

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

static Dwfl_Module *module_of(Dwarf_Addr a)
{
    Dwfl_Module *m = dwfl ? dwfl_addrmodule(dwfl, a) : NULL;
    if (!m) {                   /* new libraries since: look again, once */
        if (dwfl)
            dwfl_end(dwfl);
        dwfl = open_session();
        m = dwfl ? dwfl_addrmodule(dwfl, a) : NULL;
    }
    return m;
}

bool jc_symbolize(const void *pc, jc_frame_info *out)
{
    memset(out, 0, sizeof *out);
    uintptr_t ret = (uintptr_t)pc;
    if (ret == 0)
        return false;
    Dwarf_Addr a = (Dwarf_Addr)(ret - 1);
    pthread_mutex_lock(&lock);
    Dwfl_Module *m = module_of(a);
    if (m) {
        Dwarf_Addr start = 0;
        const char *name = dwfl_module_info(m, NULL, &start, NULL, NULL, NULL, NULL, NULL);
        copy(out->module, sizeof out->module, name ? base_name(name) : "?");
        out->module_off = ret - (uintptr_t)start;
        GElf_Off off = 0;
        GElf_Sym sym;
        const char *s = dwfl_module_addrinfo(m, a, &off, &sym, NULL, NULL, NULL);
        if (s && *s) {
            copy(out->symbol, sizeof out->symbol, s);
            out->symbol_off = (uintptr_t)off + 1;
        }
        Dwfl_Line *line = dwfl_module_getsrc(m, a);
        int lineno = 0;
        const char *file = line ? dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL) : NULL;
        if (file && lineno > 0) {
            copy(out->file, sizeof out->file, base_name(file));
            out->line = lineno;
        }
    }
    pthread_mutex_unlock(&lock);
    return m != NULL;
}

void jc_symbolize_reset(void)
{
    pthread_mutex_lock(&lock);
    if (dwfl)
        dwfl_end(dwfl);
    dwfl = NULL;
    pthread_mutex_unlock(&lock);
}
