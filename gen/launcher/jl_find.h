/* jl_find.h — finding things on disk: the command, its JDK, an
 * -agentlib library where HotSpot would find it, and the shim.
 */
#ifndef JVMTICHECK_JL_FIND_H
#define JVMTICHECK_JL_FIND_H

#include <stdbool.h>

/* A JDK (or JRE) as the agent options need it. */
typedef struct jl_jdk {
    char *home;
    char *libdir;       /* its native libraries (libjava.so): HotSpot's dll dir */
    char *vmdir;        /* libjvm.so's directory, whose RPATH HotSpot's dlopen uses */
    bool modular;       /* JDK 9 or later (lib/modules): -javaagent adds java.instrument */
} jl_jdk;

/* The program execvp would run for cmd (searching PATH when cmd has no
 * '/'), as an absolute path with symbolic links resolved; NULL: none. */
char *jl_find_command(const char *cmd);

/* The JDK whose bin/java (or jre/bin/java) is java, a resolved path; or
 * whose home is home.  false: not a JDK (no libjava.so where JDKs keep it). */
bool jl_jdk_from_java(const char *java, jl_jdk *out);
bool jl_jdk_from_home(const char *home, jl_jdk *out);
void jl_jdk_free(jl_jdk *jdk);

/* Where HotSpot finds -agentlib:NAME: the JDK's library directory first
 * (libNAME.so there), then dlopen("libNAME.so") from libjvm.so, which
 * searches libjvm.so's RPATH (its own directory and the library
 * directory), LD_LIBRARY_PATH (ld_library_path, may be NULL), the dynamic
 * linker's cache (ldconfig -p) and the system's library directories.
 * -Djava.library.path is not searched (it is System.loadLibrary's).
 * Returns the file (malloc'd), or NULL when it is nowhere. */
char *jl_find_agentlib(const jl_jdk *jdk, const char *name, const char *ld_library_path);

/* libjvmticheck.so for the launcher at self (its resolved path):
 * $JVMTICHECK_SHIM (env, may be NULL) when set; else .libs/ beside self
 * (the build tree); else pkglibdir as seen from self's directory as
 * bindir sees it (an installed tree, wherever it was unpacked); else
 * pkglibdir itself.  NULL, with what was tried in tried (a malloc'd
 * string), when none is there. */
char *jl_find_shim(const char *self, const char *env, const char *bindir, const char *pkglibdir, char **tried);

/* The relative path from directory from to directory to, both absolute
 * ("../lib/jvmtigen" from /usr/bin to /usr/lib/jvmtigen); malloc'd. */
char *jl_relative_path(const char *from, const char *to);

#endif
