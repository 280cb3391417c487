/* agent.h — what the test agents share: reporting an unexpected JVMTI error.
 *
 * A test agent never stops the VM on its own failure; it prints
 * "<agent>: FAILED <call>: <error>" on stderr, which the e2e tests look for.
 */
#ifndef TEST_AGENT_H
#define TEST_AGENT_H

#include <stdio.h>
#include <string.h>

#include <jvmti.h>

#ifndef AGENT_NAME
#error define AGENT_NAME before including agent.h
#endif

static inline void agent_failed(const char *what, int err)
{
    fprintf(stderr, "%s: FAILED %s: error %d\n", AGENT_NAME, what, err);
}

/* GetEnv for VERSION, or, where the VM is older than that (JNI_EVERSION:
 * JDK 8 and 11 asked for the JVMTI_VERSION of a JDK 17 or 25 jvmti.h),
 * for the newest older one it grants: 11, 9, then 1.2, which every JVMTI
 * VM grants.  What a portable agent does. */
static inline jint agent_get_env(JavaVM *vm, jvmtiEnv **env, jint version)
{
    static const jint older[] = { JVMTI_VERSION_11, JVMTI_VERSION_9, JVMTI_VERSION_1_2 };
    jint rc = (*vm)->GetEnv(vm, (void **)env, version);

    for (size_t i = 0; rc == JNI_EVERSION && i < sizeof older / sizeof older[0]; i++)
        if (older[i] < version)
            rc = (*vm)->GetEnv(vm, (void **)env, older[i]);
    return rc;
}

/* The start of Agent_OnLoad for agents that write counts to a file: their
 * options must be "out=PATH".  Sets *out_path and *env (JVMTI_VERSION);
 * JNI_ERR, with a message, when either fails. */
static inline jint agent_init_with_out(JavaVM *vm, char *options, jvmtiEnv **env, const char **out_path)
{
    if (options == NULL || strncmp(options, "out=", 4) != 0) {
        fprintf(stderr, "%s: options must be out=PATH\n", AGENT_NAME);
        return JNI_ERR;
    }
    *out_path = options + 4;
    if (agent_get_env(vm, env, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    return JNI_OK;
}

/* TRY(call): call must return JVMTI_ERROR_NONE. */
#define TRY(call) \
    do { \
        jvmtiError try_err_ = (call); \
        if (try_err_ != JVMTI_ERROR_NONE) \
            agent_failed(#call, try_err_); \
    } while (0)

/* EXPECT(call, err): call must return err (a misuse the check refuses). */
#define EXPECT(call, err) \
    do { \
        jvmtiError try_err_ = (call); \
        if (try_err_ != (err)) \
            agent_failed(#call " (expected " #err ")", try_err_); \
    } while (0)

#endif
