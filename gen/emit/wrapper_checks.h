/* wrapper_checks.h — the checked wrapper's input checks as C code (see
 * wrapper_checks.c), and the small spellings emit_wrapper.c shares. */
#ifndef JVMTIGEN_WRAPPER_CHECKS_H
#define JVMTIGEN_WRAPPER_CHECKS_H

#include "model/model.h"

/* One check's code.  The full wrapper runs `then` when `when` holds (and
 * `confirm`, when there is one); the fast path (put_fast_function) tests
 * `when` alone and leaves the call to the full wrapper when it holds.  So
 * both read one list, and a check the full wrapper makes the fast path
 * can never skip: `when` is cheap (loads and compares), `confirm` is what
 * costs (asking the VM). */
typedef struct check_code {
    char when[2048];
    char confirm[256];
    char then[768];
} check_code;

#define MAX_CHECK_CODES 64

typedef struct check_list {
    check_code c[MAX_CHECK_CODES];
    int n;
    /* check=deep checks made after the call: code run when the VM failed
     * it (`err` is its error), and when it succeeded (records that later
     * checks read).  A function with on_success code has no fast path.
     * Lines of C, each ending in a newline, not indented. */
    char on_error[1024];
    char on_success[512];
} check_list;

/* The checks of f, in the order the wrapper makes them.  Returns 0, or -1
 * after reporting (file:line) a check whose code does not fit. */
int jt_wrapper_checks(const jt_spec *s, const jt_function *f, check_list *l);

/* JVMTI_VERSION_x (micro 0) of a `since` ("1.2", "21"). */
unsigned jt_since_version(const char *since);
/* The constant group an enum type is, or NULL. */
const jt_constants *jt_enum_group(const jt_type *t);
/* The C expression of the phases a function may be called in, as
 * JC_PHASE_BIT()s of jc_runtime.h. */
const char *jt_phase_mask(jt_phase p);

#endif
