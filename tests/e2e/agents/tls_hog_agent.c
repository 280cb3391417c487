/* tls_hog_agent.c — an agent that spends glibc's static TLS surplus
 * (tests/e2e/fast.sh), as many libraries with initial-exec thread-locals
 * loaded into one process (GL drivers, other agents) may.
 *
 * The surplus is what a library loaded after start-up can get of static
 * TLS.  This library has 64 bytes of initial-exec TLS; its Agent_OnLoad,
 * given a directory of copies of itself (hog-1.so, hog-2.so, ...: each
 * file its own module with its own block), loads them one by one until
 * glibc refuses one, so less than 64 bytes are left.  Loaded before the
 * shim, it leaves too little for libjvmticheck-tls.so.  Prints how many
 * it loaded and glibc's refusal; fails the VM's start (JNI_ERR) when glibc
 * refused none, since then it spent nothing. */
#include <dlfcn.h>
#include <stdio.h>

#include <jvmti.h>

static _Thread_local __attribute__((tls_model("initial-exec"))) volatile char hog[64];

#define MAX_COPIES 256

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)vm;
    (void)reserved;
    hog[0] = 1;         /* used, so the block is kept */
    if (!options || !*options) {
        fprintf(stderr, "tls_hog_agent: FAILED: options are the directory of the copies\n");
        return JNI_ERR;
    }
    for (int i = 1; i <= MAX_COPIES; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/hog-%d.so", options, i);
        if (!dlopen(path, RTLD_NOW | RTLD_LOCAL)) {
            const char *why = dlerror();
            fprintf(stderr, "tls_hog_agent: loaded %d copies, then: %s\n", i - 1, why ? why : "?");
            return JNI_OK;
        }
    }
    fprintf(stderr, "tls_hog_agent: FAILED: %d copies loaded and static TLS not spent\n", MAX_COPIES);
    return JNI_ERR;
}
