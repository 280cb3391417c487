/* bad_transport.c — a JDWP transport that breaks the spec on its side, for
 * tests/e2e/dtcheck-misuse.sh: loaded under libdt_check.so (DTCHECK_OPTIONS
 * transport=PATH) and driven in the right order by misuse_user (mode
 * "transport"), each of its replies is a mistake libdt_check must report:
 * a packet of length 5 returned as success and its data from malloc, not
 * the agent's allocation routine; a last-error string from malloc; an
 * error StopListening may not return; and a free of memory the allocation
 * routine never gave.  No socket: Accept "connects" at once. */
#include <stdlib.h>
#include <string.h>

#include "jdwpTransport.h"

static jdwpTransportCallback cb;
static int open_;

static jdwpTransportError JNICALL caps(jdwpTransportEnv *env, JDWPTransportCapabilities *c)
{
    (void)env;
    memset(c, 0, sizeof *c);
    return JDWPTRANSPORT_ERROR_NONE;
}

static jdwpTransportError JNICALL attach(jdwpTransportEnv *env, const char *a, jlong t1, jlong t2)
{
    (void)env, (void)a, (void)t1, (void)t2;
    return JDWPTRANSPORT_ERROR_IO_ERROR;
}

static jdwpTransportError JNICALL listen_(jdwpTransportEnv *env, const char *a, char **actual)
{
    (void)env, (void)a;
    if (actual) {
        *actual = cb.alloc(6);      /* right: from the allocation routine */
        if (*actual)
            memcpy(*actual, "nowhere", 6), (*actual)[5] = '\0';
    }
    return JDWPTRANSPORT_ERROR_NONE;
}

static jdwpTransportError JNICALL stop(jdwpTransportEnv *env)
{
    (void)env;
    return JDWPTRANSPORT_ERROR_ILLEGAL_STATE;   /* wrong: not a StopListening error */
}

static jdwpTransportError JNICALL accept_(jdwpTransportEnv *env, jlong t1, jlong t2)
{
    (void)env, (void)t1, (void)t2;
    open_ = 1;
    return JDWPTRANSPORT_ERROR_NONE;
}

static jboolean JNICALL is_open(jdwpTransportEnv *env)
{
    (void)env;
    return open_ ? JNI_TRUE : JNI_FALSE;
}

static jdwpTransportError JNICALL close_(jdwpTransportEnv *env)
{
    static char not_ours[8];
    (void)env;
    open_ = 0;
    cb.free(not_ours);      /* wrong: never came from alloc */
    return JDWPTRANSPORT_ERROR_NONE;
}

static jdwpTransportError JNICALL read_(jdwpTransportEnv *env, jdwpPacket *p)
{
    (void)env;
    memset(p, 0, sizeof *p);
    p->type.cmd.len = 5;                        /* wrong: below the header */
    p->type.cmd.id = 1;
    p->type.cmd.data = malloc(4);               /* wrong: not from alloc */
    return JDWPTRANSPORT_ERROR_NONE;
}

static jdwpTransportError JNICALL write_(jdwpTransportEnv *env, const jdwpPacket *p)
{
    (void)env, (void)p;
    return JDWPTRANSPORT_ERROR_NONE;
}

static jdwpTransportError JNICALL last_error(jdwpTransportEnv *env, char **msg)
{
    (void)env;
    *msg = strdup("it went wrong");             /* wrong: not from alloc */
    return JDWPTRANSPORT_ERROR_NONE;
}

static jdwpTransportError JNICALL configure(jdwpTransportEnv *env, jdwpTransportConfiguration *c)
{
    (void)env, (void)c;
    return JDWPTRANSPORT_ERROR_NONE;
}

static struct jdwpTransportNativeInterface_ table = {
    NULL, caps, attach, listen_, stop, accept_, is_open, close_, read_, write_, last_error, configure,
};
static jdwpTransportEnv env_ = &table;

JNIEXPORT jint JNICALL jdwpTransport_OnLoad(JavaVM *vm, jdwpTransportCallback *callback, jint version,
                                            jdwpTransportEnv **env)
{
    (void)vm, (void)version;
    cb = *callback;
    *env = &env_;
    return JNI_OK;
}
