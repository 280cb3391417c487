/* agent.h — what the test agents share: reporting an unexpected JVMTI error.
 *
 * A test agent never stops the VM on its own failure; it prints
 * "<agent>: FAILED <call>: <error>" on stderr, which the e2e tests look for.
 */
#ifndef TEST_AGENT_H
#define TEST_AGENT_H

#include <stdio.h>

#include <jvmti.h>

#ifndef AGENT_NAME
#error define AGENT_NAME before including agent.h
#endif

static inline void agent_failed(const char *what, int err)
{
    fprintf(stderr, "%s: FAILED %s: error %d\n", AGENT_NAME, what, err);
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
