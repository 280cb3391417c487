/* jc_wrap.c — the public jvmti_check_wrap() (jvmticheck.h): an agent that
 * links libjvmticheck wraps its own env.  Apart from the hooks so that the
 * hooks need nothing of the shim (jc_track_phase), which needs the hooks.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "jc_callsite.h"
#include "jc_reach.h"
#include "jc_runtime.h"
#include "jc_shim.h"
#include "jvmticheck.h"

jvmtiEnv *jvmti_check_wrap(JavaVM *vm, jvmtiEnv *env, const char *options)
{
    static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
    char err[512] = "";
    bool first;
    int rc;
    jc_env *ce;

    if (vm == NULL || env == NULL) {
        fprintf(stderr, "jvmticheck: jvmti_check_wrap: vm and env must not be NULL\n");
        return NULL;
    }
    if (jc_is_checked(env))     /* already checked: from the shim's GetEnv */
        return env;

    /* jc_init decides whether these options may join earlier ones; the
     * first caller also starts following the phase. */
    pthread_mutex_lock(&first_lock);
    first = !jc_g.active;
    rc = jc_init(options != NULL ? options : "", false, err, sizeof err);
    if (rc == 0 && first)
        rc = jc_track_phase(vm, err, sizeof err);
    pthread_mutex_unlock(&first_lock);
    if (rc != 0) {
        fprintf(stderr, "%s\n", err);
        return NULL;
    }
    if (jc_g.opt.help) {
        jc_help_print();
        exit(0);
    }

    jc_reach_add_module(__builtin_return_address(0));  /* the caller's data: leak report roots */
    jc_vm_learn(env);
    ce = jc_env_new(vm, env, JVMTI_VERSION);
    if (ce == NULL) {
        fprintf(stderr, "jvmticheck: jvmti_check_wrap: out of memory\n");
        return NULL;
    }
    jc_hook_caps_changed(ce);
    return (jvmtiEnv *)ce;
}
