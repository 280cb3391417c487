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
 *
 * Not for a class of a named module defined to the boot or platform loader
 * (a JDK class): its natives come from the JDK library its own code loads
 * (libinstrument's sun.instrument.InstrumentationImpl), and HotSpot warns
 * on stderr at any native code registering natives for such a class.  An
 * agent implementing natives of JDK classes is not served (doc/shim.md, Limits).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* strdup, O_CLOEXEC under -std=c11 */
#endif
#include <dlfcn.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jc_jvmti.h"
#include "jc_shim.h"

static char **java_syms;        /* the agent's exported Java_ names, sorted */
static size_t njava_syms;
static void *agent_lib;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Collects the defined, exported function symbols starting with "Java_"
 * from path's dynamic symbol table, read with elfutils' libelf; a file it
 * cannot read as ELF gives none. */
static void read_java_symbols(const char *path)
{
    if (elf_version(EV_CURRENT) == EV_NONE)
        return;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
    for (Elf_Scn *scn = NULL; elf && (scn = elf_nextscn(elf, scn)) != NULL;) {
        GElf_Shdr sh;
        Elf_Data *data;
        if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_DYNSYM || sh.sh_entsize == 0
            || (data = elf_getdata(scn, NULL)) == NULL)
            continue;
        size_t n = sh.sh_size / sh.sh_entsize;
        for (size_t k = 0; k < n; k++) {
            GElf_Sym sym;
            const char *name;
            if (gelf_getsym(data, (int)k, &sym) == NULL || sym.st_shndx == SHN_UNDEF
                || GELF_ST_TYPE(sym.st_info) != STT_FUNC
                || (name = elf_strptr(elf, sh.sh_link, sym.st_name)) == NULL || strncmp(name, "Java_", 5) != 0)
                continue;
            char **grown = realloc(java_syms, (njava_syms + 1) * sizeof *grown);
            if (grown == NULL)
                goto out;
            java_syms = grown;
            if ((java_syms[njava_syms] = strdup(name)) != NULL)
                njava_syms++;
        }
    }
out:
    if (elf)
        elf_end(elf);
    close(fd);
    if (njava_syms > 1)
        qsort(java_syms, njava_syms, sizeof *java_syms, cmp_str);
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

/* GetNamedModule's slot, looked up by name: the shim may be built from a
 * spec without it (JDK 8's), and the VM may lack it (jc_fn_absent). */
typedef jvmtiError(JNICALL *named_module_fn)(jvmtiEnv *, jobject, const char *, jobject *);

static named_module_fn named_module(jvmtiEnv *env, int *slot_out)
{
    static int named_slot = -1;     /* found once: 0 when the spec has none */
    int slot = __atomic_load_n(&named_slot, __ATOMIC_RELAXED);
    if (slot < 0) {
        slot = 0;
        for (int i = 1; i <= jc_fn_max && !slot; i++)
            if (jc_fn_table[i].name && strcmp(jc_fn_table[i].name, "GetNamedModule") == 0)
                slot = i;
        __atomic_store_n(&named_slot, slot, __ATOMIC_RELAXED);
    }
    if (slot == 0 || jc_fn_absent[slot])
        return NULL;
    *slot_out = slot;
    return (named_module_fn)((void *const *)(const void *)*env)[slot - 1];
}

/* klass (signature csig) is in a named module defined to the boot or the
 * platform class loader: HotSpot's rule for warning at RegisterNatives.
 * Asked through JVMTI only (GetNamedModule is the VM's own answer); on a
 * VM without modules (JDK 8) nothing is. */
static bool jdk_class(jvmtiEnv *env, JNIEnv *jni, jclass klass, const char *csig)
{
    jobject loader = NULL, module = NULL;
    int slot = 0;
    named_module_fn get_named_module = named_module(env, &slot);
    if (get_named_module == NULL)
        return false;
    if (JC_SHIM_FN(env, GetClassLoader)(env, klass, &loader) != JVMTI_ERROR_NONE)
        return false;
    if (loader != NULL) {
        char *lsig = NULL;
        jclass lc = (*jni)->GetObjectClass(jni, loader);
        bool platform = lc && JC_SHIM_FN(env, GetClassSignature)(env, lc, &lsig, NULL) == JVMTI_ERROR_NONE
                        && strcmp(lsig, "Ljdk/internal/loader/ClassLoaders$PlatformClassLoader;") == 0;
        if (lsig)
            JC_SHIM_FN(env, Deallocate)(env, (unsigned char *)lsig);
        if (lc)
            (*jni)->DeleteLocalRef(jni, lc);
        if (!platform) {
            (*jni)->DeleteLocalRef(jni, loader);
            return false;
        }
    }
    /* the package, "pkg/sub" of "Lpkg/sub/Cls;" */
    char pkg[512];
    const char *slash = strrchr(csig, '/');
    size_t n = slash ? (size_t)(slash - (csig + 1)) : 0;
    if (n >= sizeof pkg)
        n = 0;
    memcpy(pkg, csig + 1, n);
    pkg[n] = '\0';
    atomic_fetch_add_explicit(&jc_fn_stats_table[slot].shim_calls, 1, memory_order_relaxed);
    jvmtiError e = get_named_module(env, loader, pkg, &module);
    if (loader)
        (*jni)->DeleteLocalRef(jni, loader);
    if (module)
        (*jni)->DeleteLocalRef(jni, module);
    return e == JVMTI_ERROR_NONE && module != NULL;
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
    if (ok) {
        prefix[len++] = '_';
        prefix[len] = '\0';
        ok = any_with_prefix(prefix) && !jdk_class(env, jni, klass, csig);
    }
    JC_SHIM_FN(env, Deallocate)(env, (unsigned char *)csig);
    if (!ok || JC_SHIM_FN(env, GetClassMethods)(env, klass, &n, &methods) != JVMTI_ERROR_NONE)
        return;
    for (jint i = 0; i < n; i++) {
        jint mods = 0;
        if (JC_SHIM_FN(env, GetMethodModifiers)(env, methods[i], &mods) == JVMTI_ERROR_NONE
            && (mods & 0x0100))  /* ACC_NATIVE */
            bind_method(env, jni, klass, prefix, methods[i]);
    }
    JC_SHIM_FN(env, Deallocate)(env, (unsigned char *)methods);
}
