/* jc_natives.c — native methods implemented in the real agent library.
 *
 * HotSpot looks a native method up in the libraries it loaded as agents,
 * too (test agents often implement their Java classes' natives).  Under the
 * shim HotSpot knows only libjvmticheck; the real agent is our dlopen, so
 * its Java_ symbols are not found: UnsatisfiedLinkError.  So when, and only
 * when, the real agent exports any Java_ symbol (read from its ELF dynamic
 * symbol table at load), the shim's private env follows ClassPrepare, and
 * for a prepared class whose JNI name prefix ("Java_pkg_Cls_") some exported
 * symbol starts with, binds each native method whose JNI name (short, then
 * long with the mangled signature) the agent exports, with RegisterNatives:
 * what HotSpot's own lookup would have found.  The JVMTI calls this takes
 * are the shim's own (counted as shim calls).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* strdup, O_CLOEXEC under -std=c11 */
#endif
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jc_internal.h"
#include "jc_shim.h"

static char **java_syms;        /* the agent's exported Java_ names, sorted */
static size_t njava_syms;
static void *agent_lib;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Collects the defined, exported function symbols starting with "Java_"
 * from path's .dynsym; a file that is no 64-bit ELF gives none. */
static void read_java_symbols(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return;
    if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(Elf64_Ehdr)) {
        close(fd);
        return;
    }
    size_t size = (size_t)st.st_size;
    const unsigned char *p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (p == MAP_FAILED)
        return;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)(const void *)p;
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_shoff == 0
        || eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > size)
        goto out;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(const void *)(p + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_DYNSYM || sh[i].sh_link >= eh->e_shnum)
            continue;
        const Elf64_Shdr *strs = &sh[sh[i].sh_link];
        if (sh[i].sh_offset + sh[i].sh_size > size || strs->sh_offset + strs->sh_size > size
            || sh[i].sh_entsize != sizeof(Elf64_Sym))
            continue;
        const Elf64_Sym *sym = (const Elf64_Sym *)(const void *)(p + sh[i].sh_offset);
        size_t n = sh[i].sh_size / sizeof(Elf64_Sym);
        const char *names = (const char *)p + strs->sh_offset;
        for (size_t k = 0; k < n; k++) {
            if (sym[k].st_shndx == SHN_UNDEF || ELF64_ST_TYPE(sym[k].st_info) != STT_FUNC
                || sym[k].st_name >= strs->sh_size)
                continue;
            const char *name = names + sym[k].st_name;
            if (strncmp(name, "Java_", 5) != 0 || memchr(name, 0, strs->sh_size - sym[k].st_name) == NULL)
                continue;
            char **grown = realloc(java_syms, (njava_syms + 1) * sizeof *grown);
            if (grown == NULL)
                goto out;
            java_syms = grown;
            if ((java_syms[njava_syms] = strdup(name)) != NULL)
                njava_syms++;
        }
    }
    if (njava_syms > 1)
        qsort(java_syms, njava_syms, sizeof *java_syms, cmp_str);
out:
    munmap((void *)p, size);
}

bool jc_natives_init(void *lib, const char *path)
{
    agent_lib = lib;
    read_java_symbols(path);
    return njava_syms > 0;
}

/* Appends s, JNI-mangled (JNI spec, "Resolving Native Method Names"), to
 * out; stop ends s early (for a signature's ')'). */
static bool mangle(char *out, size_t cap, size_t *len, const char *s, char stop)
{
    for (; *s && *s != stop; s++) {
        char buf[8];
        unsigned char c = (unsigned char)*s;
        if (c == '/')
            snprintf(buf, sizeof buf, "_");
        else if (c == '_')
            snprintf(buf, sizeof buf, "_1");
        else if (c == ';')
            snprintf(buf, sizeof buf, "_2");
        else if (c == '[')
            snprintf(buf, sizeof buf, "_3");
        else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
            snprintf(buf, sizeof buf, "%c", c);
        else
            snprintf(buf, sizeof buf, "_0%04x", c);    /* (modified UTF-8 beyond ASCII: rare) */
        size_t n = strlen(buf);
        if (*len + n + 1 > cap)
            return false;
        memcpy(out + *len, buf, n + 1);
        *len += n;
    }
    return true;
}

static bool exported(const char *name)
{
    return njava_syms > 0 && bsearch(&name, java_syms, njava_syms, sizeof *java_syms, cmp_str) != NULL;
}

/* Some exported name starts with prefix. */
static bool any_with_prefix(const char *prefix)
{
    size_t lo = 0, hi = njava_syms, n = strlen(prefix);
    while (lo < hi) {       /* the first name >= prefix */
        size_t mid = (lo + hi) / 2;
        if (strcmp(java_syms[mid], prefix) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < njava_syms && strncmp(java_syms[lo], prefix, n) == 0;
}

static void bind_method(jvmtiEnv *env, JNIEnv *jni, jclass klass, const char *prefix, jmethodID m)
{
    char *name = NULL, *sig = NULL, sym[1024];
    size_t len = strlen(prefix);
    if (JC_SHIM_FN(env, GetMethodName)(env, m, &name, &sig, NULL) != JVMTI_ERROR_NONE)
        return;
    memcpy(sym, prefix, len + 1);
    if (mangle(sym, sizeof sym, &len, name, '\0')) {
        if (!exported(sym) && sig[0] == '(') {     /* the long name: "__" and the arguments */
            if (len + 3 < sizeof sym) {
                memcpy(sym + len, "__", 3);
                len += 2;
                if (!mangle(sym, sizeof sym, &len, sig + 1, ')'))
                    sym[0] = '\0';
            }
        }
        void *fn = exported(sym) ? dlsym(agent_lib, sym) : NULL;
        if (fn != NULL) {
            JNINativeMethod nm = { name, sig, fn };
            if ((*jni)->RegisterNatives(jni, klass, &nm, 1) != 0 && (*jni)->ExceptionCheck(jni))
                (*jni)->ExceptionClear(jni);
        }
    }
    JC_SHIM_FN(env, Deallocate)(env, (unsigned char *)name);
    JC_SHIM_FN(env, Deallocate)(env, (unsigned char *)sig);
}

void JNICALL jc_natives_class_prepare(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass)
{
    char *csig = NULL, prefix[512];
    size_t len = 0;
    jint n = 0;
    jmethodID *methods = NULL;

    (void)thread;
    if (njava_syms == 0 || JC_SHIM_FN(env, GetClassSignature)(env, klass, &csig, NULL) != JVMTI_ERROR_NONE)
        return;
    bool ok = csig[0] == 'L';
    memcpy(prefix, "Java_", 6);
    len = 5;
    ok = ok && mangle(prefix, sizeof prefix - 2, &len, csig + 1, ';');
    JC_SHIM_FN(env, Deallocate)(env, (unsigned char *)csig);
    if (!ok)
        return;
    prefix[len++] = '_';
    prefix[len] = '\0';
    if (!any_with_prefix(prefix)
        || JC_SHIM_FN(env, GetClassMethods)(env, klass, &n, &methods) != JVMTI_ERROR_NONE)
        return;
    for (jint i = 0; i < n; i++) {
        jint mods = 0;
        if (JC_SHIM_FN(env, GetMethodModifiers)(env, methods[i], &mods) == JVMTI_ERROR_NONE
            && (mods & 0x0100))  /* ACC_NATIVE */
            bind_method(env, jni, klass, prefix, methods[i]);
    }
    JC_SHIM_FN(env, Deallocate)(env, (unsigned char *)methods);
}
