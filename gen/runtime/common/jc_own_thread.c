/* jc_own_thread.c — the runtime's own threads (the trace's flusher, the
 * recorder's chunk maker), started one way: detached, since nothing ever
 * joins them (they block or sleep until the process exits), with every
 * signal blocked, so that a signal meant for the VM (SIGQUIT, SIGINT, ...)
 * is never delivered to a thread the VM does not know, and named after
 * the tool and their role ("jvmticheck-log", "dtcheck-bin": at most 15
 * bytes, what Linux keeps), so that they are told apart in top, gdb and
 * hs_err files. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* pthread_setname_np */
#endif
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

#include "jc_internal.h"

bool jc_start_own_thread(void *(*fn)(void *), const char *role)
{
    char name[16];
    snprintf(name, sizeof name, "%s-%s", jc_g.iface ? jc_g.iface->tool : "jvmticheck", role);
    pthread_t t;
    pthread_attr_t a;
    if (pthread_attr_init(&a) != 0)
        return false;
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    sigset_t all, old;
    sigfillset(&all);               /* the new thread inherits this mask */
    pthread_sigmask(SIG_SETMASK, &all, &old);
    bool ok = pthread_create(&t, &a, fn, NULL) == 0;
    if (ok)
        pthread_setname_np(t, name);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&a);
    return ok;
}
