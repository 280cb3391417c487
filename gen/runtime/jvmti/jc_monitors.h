/* jc_monitors.h — raw monitor life, ownership and lock order (jc_monitors.c).
 * The generated wrappers of the raw monitor functions call these around
 * the real call. */
#ifndef JVMTICHECK_MONITORS_H
#define JVMTICHECK_MONITORS_H

#include <stdbool.h>

#include "jc_runtime.h"

enum jc_mon_op { JC_MON_DESTROY, JC_MON_ENTER, JC_MON_EXIT, JC_MON_WAIT, JC_MON_NOTIFY };

/* What jc_mon_before learnt, for jc_mon_after (on the caller's stack). */
typedef struct jc_mon_call {
    bool known, destroyed, held, busy_counted;
    char name[48];
} jc_mon_call;

/* The shim wraps the agent from its start: every monitor it makes is
 * seen (monitor_invalid may fire). */
void jc_mon_all_seen(void);
/* After a successful CreateRawMonitor through a checked env. */
void jc_mon_created(const void *monitor, const char *name);
/* Before the real call: reports, and returns the error strict refuses the
 * call with (JVMTI_ERROR_NONE: call the VM). */
jvmtiError jc_mon_before(int num, enum jc_mon_op op, const void *monitor, jc_mon_call *call);
/* After the real call, whatever it returned. */
void jc_mon_after(int num, enum jc_mon_op op, const void *monitor, jc_mon_call *call, jvmtiError err);

#endif
