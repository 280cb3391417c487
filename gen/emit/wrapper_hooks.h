/* wrapper_hooks.h — the few JVMTI functions whose wrapper does more than
 * check, call, account and trace (capabilities, callbacks, event enabling,
 * memory, raw monitors, storage slots), as rows: each hook's code for each
 * step of the full wrapper, which emit_wrapper.c's put_function writes at
 * that step.  See wrapper_hooks.c. */
#ifndef JVMTIGEN_WRAPPER_HOOKS_H
#define JVMTIGEN_WRAPPER_HOOKS_H

#include "model/model.h"

/* The steps of the full wrapper a hook may add code to. */
typedef enum jt_hook_step {
    JT_HOOK_BEFORE,             /* after the checks; may refuse with r_$id */
    JT_HOOK_CALL,               /* instead of the whole call to the VM */
    JT_HOOK_REAL_CALL,          /* instead of the VM call alone (inside the call slot) */
    JT_HOOK_AFTER,              /* after accounting, whatever the result */
    JT_HOOK_ON_SUCCESS,         /* when the call succeeded */
    JT_HOOK_TRACKING,           /* when it succeeded and memory is tracked */
    JT_HOOK_NSTEPS
} jt_hook_step;

/* A hook's code at each step, C text with placeholders put_function
 * expands: $id the function's name, $num its number, $op the row's
 * operand, $args ", p1, p2" (the params passed on).  NULL: nothing at
 * that step. */
typedef struct jt_hook_code {
    const char *at[JT_HOOK_NSTEPS];
} jt_hook_code;

/* A function with a hook: its code and the operand $op stands for. */
typedef struct jt_hook {
    const char *fn;
    const jt_hook_code *code;
    const char *op;
} jt_hook;

/* F's hook, or NULL for a plain function. */
const jt_hook *jt_hook_of(const jt_function *f);
/* HOOK's code at STEP, or NULL (also for HOOK NULL). */
const char *jt_hook_at(const jt_hook *hook, jt_hook_step step);

#endif
