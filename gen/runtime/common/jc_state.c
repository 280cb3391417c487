/* jc_state.c — the runtime's global state, data only: jc_g, the options
 * and the interface the run checks, read without locks on every call.
 * Who sets it: jc_init.c (once, under a lock); who reads it: everyone.
 * An interface's own counters live with that interface (the JVMTI
 * tool's in jvmti/jc_checks.c).
 */
#include "jc_internal.h"

jc_state jc_g;
pid_t jc_init_pid;
