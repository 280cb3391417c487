/* lang.c — where the catalogs of --lang live.
 *
 * Installed: $(pkgdatadir)/po/LL.po (make install copies po/LL.po there).
 * A jvmtigen run from its build tree reads the source tree's po/ instead,
 * so a fresh build (and make check) needs no install; "run from the build
 * tree" means /proc/self/exe is in the build directory configure saw.
 * JVMTIGEN_PODIR=DIR overrides both, as JVMTIGEN_TEMPLATES does for the
 * templates.  The catalogs are PO files read at run time by libgettextpo
 * (no msgfmt step): the page's language is chosen per run, not from the
 * user's locale, so gettext()'s locale machinery is not the tool here. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "i18n/lang.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/diag.h"

#ifndef JT_PODIR
#define JT_PODIR "/usr/local/share/jvmtigen/po"
#endif

static bool in_build_tree(void)
{
#if defined(JT_BUILDDIR)
    char exe[PATH_MAX], dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = '\0';
    if (!realpath(JT_BUILDDIR, dir))
        return false;
    size_t dl = strlen(dir);
    /* the build directory itself, or a directory under it (tests/) */
    return strncmp(exe, dir, dl) == 0 && (exe[dl] == '\0' || exe[dl] == '/');
#else
    return false;
#endif
}

static const char *po_dir(void)
{
    const char *env = getenv("JVMTIGEN_PODIR");
    if (env && *env)
        return env;
#ifdef JT_SRC_PODIR
    if (in_build_tree())
        return JT_SRC_PODIR;
#endif
    return JT_PODIR;
}

static bool plain_name(const char *lang)
{
    size_t n = strlen(lang);
    if (n < 2 || n > 32)
        return false;
    for (const char *p = lang; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
              *p == '-' || *p == '@'))
            return false;
    return true;
}

/* "en zh_CN": the catalogs in DIR, for the message about an unknown one */
static void list_langs(const char *dir, char *buf, size_t n)
{
    snprintf(buf, n, "en");
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len > 3 && strcmp(e->d_name + len - 3, ".po") == 0 && e->d_name[0] != '.') {
            size_t used = strlen(buf);
            snprintf(buf + used, n - used, " %.*s", (int)(len - 3), e->d_name);
        }
    }
    closedir(d);
}

int jt_lang_load(const char *lang, jt_catalog **out)
{
    *out = NULL;
    if (strcmp(lang, "en") == 0 || strcmp(lang, "C") == 0)
        return 0;
    const char *dir = po_dir();
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s.po", dir, lang);
    if (!plain_name(lang) || access(path, R_OK) != 0) {
        char langs[512];
        list_langs(dir, langs, sizeof langs);
        fprintf(stderr, "jvmtigen: error: --lang=%s: no catalog for that language in %s (there are: %s)\n", lang,
                dir, langs);
        return 2;
    }
    *out = jt_catalog_load(path);
    return *out ? 0 : 1;
}

void jt_lang_tag(const char *lang, char *buf, size_t n)
{
    snprintf(buf, n, "%s", lang);
    for (char *p = buf; *p; p++) {
        if (*p == '_')
            *p = '-';
        if (*p == '@' || *p == '.') {
            *p = '\0';
            break;
        }
    }
}
