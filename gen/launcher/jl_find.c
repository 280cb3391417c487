/* jl_find.c — finding the command, its JDK, an -agentlib library and the
 * shim (see jl_find.h).
 *
 * The -agentlib search follows HotSpot (JDK 8 to 25 alike): the agent
 * library list's lookup tries the JDK's dll directory (the directory of
 * libjava.so: lib/, or jre/lib/ARCH/ in JDK 8) for libNAME.so, and when
 * that does not load, os::dll_load("libNAME.so"), a dlopen from
 * libjvm.so.  glibc's dlopen of a bare name searches the calling object's
 * DT_RPATH (libjvm.so has $ORIGIN:$ORIGIN/../lib or $ORIGIN/..), then
 * LD_LIBRARY_PATH, then the ld.so cache, then the system directories.  The
 * cache is read with ldconfig -p (its own reader) rather than parsed here.
 * java.library.path plays no part (checked on JDK 17 and 25: an agent
 * only there is "not found on the library path").
 *
 * The shim is found relative to the launcher's own executable, so that an
 * installed tree works wherever it is unpacked (dpkg -x into a scratch
 * directory, a DESTDIR), with the configured directories as the last
 * resort.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* realpath's NULL buffer, strndup */
#endif
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jl_find.h"
#include "jl_words.h"

#if defined(__x86_64__)
#define JL_ARCH "amd64"             /* JDK 8's jre/lib/ARCH */
#define JL_MULTIARCH "x86_64-linux-gnu"
#define JL_LDCONFIG_TAG "x86-64"    /* ldconfig -p: "(libc6,x86-64)" */
#elif defined(__aarch64__)
#define JL_ARCH "aarch64"
#define JL_MULTIARCH "aarch64-linux-gnu"
#define JL_LDCONFIG_TAG "AArch64"
#elif defined(__i386__)
#define JL_ARCH "i386"
#define JL_MULTIARCH "i386-linux-gnu"
#define JL_LDCONFIG_TAG NULL
#else
#define JL_ARCH ""
#define JL_MULTIARCH ""
#define JL_LDCONFIG_TAG NULL
#endif

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

char *jl_find_command(const char *cmd)
{
    if (strchr(cmd, '/'))
        return realpath(cmd, NULL);
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *p = path;; ) {
        size_t n = strcspn(p, ":");
        char *f = n ? jl_xasprintf("%.*s/%s", (int)n, p, cmd) : jl_xasprintf("%s", cmd);
        if (is_file(f) && access(f, X_OK) == 0) {
            char *r = realpath(f, NULL);
            free(f);
            return r;
        }
        free(f);
        if (!p[n])
            return NULL;
        p += n + 1;
    }
}

/* Where a JDK keeps libjava.so, from its home, newest layout first. */
static const char *const libdir_layouts[] = { "lib", "lib/" JL_ARCH, "jre/lib/" JL_ARCH };
/* Where libjvm.so is, under the library directory. */
static const char *const vm_layouts[] = { "server", "client", "minimal", "zero" };

bool jl_jdk_from_home(const char *home, jl_jdk *out)
{
    *out = (jl_jdk){0};
    for (size_t i = 0; i < sizeof libdir_layouts / sizeof *libdir_layouts; i++) {
        char *lib = jl_xasprintf("%s/%s", home, libdir_layouts[i]);
        char *java = jl_xasprintf("%s/libjava.so", lib);
        bool ok = is_file(java);
        free(java);
        if (!ok) {
            free(lib);
            continue;
        }
        out->home = jl_xstrdup(home);
        out->libdir = lib;
        for (size_t k = 0; k < sizeof vm_layouts / sizeof *vm_layouts && !out->vmdir; k++) {
            char *vm = jl_xasprintf("%s/%s/libjvm.so", lib, vm_layouts[k]);
            if (is_file(vm))
                out->vmdir = jl_xasprintf("%s/%s", lib, vm_layouts[k]);
            free(vm);
        }
        char *modules = jl_xasprintf("%s/lib/modules", home);
        out->modular = is_file(modules);
        free(modules);
        return true;
    }
    return false;
}

bool jl_jdk_from_java(const char *java, jl_jdk *out)
{
    /* HOME/bin/java (HOME may be a JDK 8 jre/, whose lib/ARCH is found) */
    char *home = jl_xstrdup(java);
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(home, '/');
        if (!slash || slash == home) {
            free(home);
            *out = (jl_jdk){0};
            return false;
        }
        *slash = '\0';
    }
    bool ok = jl_jdk_from_home(home, out);
    free(home);
    return ok;
}

void jl_jdk_free(jl_jdk *jdk)
{
    free(jdk->home);
    free(jdk->libdir);
    free(jdk->vmdir);
    *jdk = (jl_jdk){0};
}

/* dir/file when it is a file; malloc'd, or NULL. */
static char *in_dir(const char *dir, size_t dirlen, const char *file)
{
    /* glibc: an empty element of LD_LIBRARY_PATH is the current directory */
    char *f = dirlen ? jl_xasprintf("%.*s/%s", (int)dirlen, dir, file) : jl_xasprintf("./%s", file);
    if (is_file(f)) {
        char *r = realpath(f, NULL);
        free(f);
        return r;
    }
    free(f);
    return NULL;
}

/* The ld.so cache's file for soname, asked of ldconfig -p. */
static char *from_ld_cache(const char *soname)
{
    static const char *const ldconfigs[] = { "/sbin/ldconfig", "/usr/sbin/ldconfig" };
    const char *ldconfig = NULL;
    for (size_t i = 0; i < sizeof ldconfigs / sizeof *ldconfigs && !ldconfig; i++)
        if (access(ldconfigs[i], X_OK) == 0)
            ldconfig = ldconfigs[i];
    if (!ldconfig)
        return NULL;
    char *cmd = jl_xasprintf("%s -p 2>/dev/null", ldconfig);
    FILE *p = popen(cmd, "r");
    free(cmd);
    if (!p)
        return NULL;
    /* "\tlibfoo.so (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libfoo.so" */
    char line[PATH_MAX + 256], *found = NULL;
    size_t n = strlen(soname);
    while (fgets(line, sizeof line, p)) {
        const char *s = line + strspn(line, " \t");
        if (found || strncmp(s, soname, n) != 0 || s[n] != ' ')
            continue;
        const char *flags = s + n + 1, *arrow = strstr(flags, " => ");
        if (!arrow || (JL_LDCONFIG_TAG && !memmem(flags, (size_t)(arrow - flags), JL_LDCONFIG_TAG,
                                                   strlen(JL_LDCONFIG_TAG))))
            continue;
        char *file = jl_xstrndup(arrow + 4, strcspn(arrow + 4, "\n"));
        if (is_file(file))
            found = realpath(file, NULL);
        free(file);
    }
    pclose(p);
    return found;
}

char *jl_find_agentlib(const jl_jdk *jdk, const char *name, const char *ld_library_path)
{
    char *soname = jl_xasprintf("lib%s.so", name), *f = NULL;
    /* the dll directory, then libjvm.so's RPATH (its own directory and
     * the dll directory again) */
    const char *jdk_dirs[] = { jdk->libdir, jdk->vmdir };
    for (size_t i = 0; i < sizeof jdk_dirs / sizeof *jdk_dirs && !f; i++)
        if (jdk_dirs[i])
            f = in_dir(jdk_dirs[i], strlen(jdk_dirs[i]), soname);
    if (strchr(soname, '/')) {          /* -agentlib:sub/name: dlopen takes it as a path */
        if (!f)
            f = in_dir(".", 1, soname);
        free(soname);
        return f;
    }
    for (const char *p = ld_library_path; p && !f; ) {
        size_t n = strcspn(p, ":;");
        f = in_dir(p, n, soname);
        if (!p[n])
            break;
        p += n + 1;
    }
    if (!f)
        f = from_ld_cache(soname);
    static const char *const system_dirs[] = {
        "/lib/" JL_MULTIARCH, "/usr/lib/" JL_MULTIARCH, "/lib64", "/usr/lib64", "/lib", "/usr/lib",
    };
    for (size_t i = 0; i < sizeof system_dirs / sizeof *system_dirs && !f; i++)
        f = in_dir(system_dirs[i], strlen(system_dirs[i]), soname);
    free(soname);
    return f;
}

/* Splits an absolute path into its names, '.' and empty ones left out. */
static size_t path_names(const char *path, const char **name, size_t *len, size_t max)
{
    size_t n = 0;
    for (const char *p = path; *p && n < max; ) {
        p += strspn(p, "/");
        size_t k = strcspn(p, "/");
        if (k && !(k == 1 && p[0] == '.')) {
            name[n] = p;
            len[n++] = k;
        }
        p += k;
    }
    return n;
}

char *jl_relative_path(const char *from, const char *to)
{
    enum { MAX = 128 };
    const char *fn[MAX], *tn[MAX];
    size_t fl[MAX], tl[MAX];
    size_t nf = path_names(from, fn, fl, MAX), nt = path_names(to, tn, tl, MAX), common = 0;
    while (common < nf && common < nt && fl[common] == tl[common] && memcmp(fn[common], tn[common], fl[common]) == 0)
        common++;
    size_t size = 3 * (nf - common) + strlen(to) + 2;
    char *r = jl_xmalloc(size), *o = r;
    for (size_t i = common; i < nf; i++)
        memcpy(o, "../", 3), o += 3;
    for (size_t i = common; i < nt; i++) {
        memcpy(o, tn[i], tl[i]);
        o += tl[i];
        *o++ = '/';
    }
    if (o == r)
        *o++ = '.';
    else
        o--;                            /* the last '/' */
    *o = '\0';
    return r;
}

char *jl_find_shim(const char *self, const char *env, const char *bindir, const char *pkglibdir, char **tried)
{
    static const char so[] = "libjvmticheck.so";
    jl_words cand = {0};
    char *dir = jl_xstrdup(self), *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';

    if (env && *env) {
        jl_words_add(&cand, env);
    } else {
        jl_words_take(&cand, jl_xasprintf("%s/.libs/%s", dir, so));
        char *rel = jl_relative_path(bindir, pkglibdir);
        jl_words_take(&cand, jl_xasprintf("%s/%s/%s", dir, rel, so));
        free(rel);
        jl_words_take(&cand, jl_xasprintf("%s/%s", pkglibdir, so));
    }
    free(dir);

    char *found = NULL;
    size_t len = 1;
    for (size_t i = 0; i < cand.n && !found; i++) {
        if (is_file(cand.v[i]))
            found = realpath(cand.v[i], NULL);
        len += strlen(cand.v[i]) + 2;
    }
    if (!found && tried) {
        char *t = jl_xmalloc(len), *o = t;
        for (size_t i = 0; i < cand.n; i++)
            o += sprintf(o, "%s%s", i ? ", " : "", cand.v[i]);
        *o = '\0';
        *tried = t;
    }
    jl_words_free(&cand);
    return found;
}
