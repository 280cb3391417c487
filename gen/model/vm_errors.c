/* vm_errors.c — HotSpot's answers where the spec allows more than one
 * error (vm_errors.h).  Each row was found by tests/e2e/strict-vm.sh: the
 * misuse agent's mistake refused under check=strict, passed to the VM under
 * check=off, the two errors compared, on JDK 17 and 25.  A row names a
 * check the model derives for the param (checks.c) and an error the spec
 * allows for the function (tests/unit/check_model.c holds both to that, for
 * every spec), so a fact can never make strict answer outside the spec. */
#include "model/vm_errors.h"

#include <stdio.h>
#include <string.h>

#include "model/spec_rules.h"

const jt_vm_error jt_vm_errors[] = {
    /* "exception is not an object" (INVALID_OBJECT) and the universal
     * NULL_POINTER: HotSpot's StopThread answers NULL_POINTER (17, 25). */
    { "StopThread", "exception", "null_pointer", "JVMTI_ERROR_NULL_POINTER", 0, 0 },
};
const size_t jt_vm_nerrors = sizeof jt_vm_errors / sizeof *jt_vm_errors;

const jt_vm_error *jt_vm_error_find(const jt_vm_error *rows, size_t n, const jt_param *p, const char *check)
{
    const jt_function *f = jt_param_function(p);
    if (!f)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (strcmp(rows[i].function, f->id) == 0 && strcmp(rows[i].param, p->id) == 0 &&
            strcmp(rows[i].check, check) == 0)
            return &rows[i];
    return NULL;
}

void jt_vm_error_apply(const jt_param *p, jt_check *c)
{
    const jt_vm_error *row = c->error ? jt_vm_error_find(jt_vm_errors, jt_vm_nerrors, p, c->id) : NULL;
    if (!row)
        return;
    if (row->jdk_from == 0 && row->jdk_to == 0)
        c->error = row->error;
    else
        c->vm = row;
}

const char *jt_vm_error_expr(const jt_check *c, char *buf, size_t len)
{
    if (!c->vm)
        return c->error;
    snprintf(buf, len, "(jc_vm_jdk_in(%d, %d) ? %s : %s)", c->vm->jdk_from, c->vm->jdk_to, c->vm->error, c->error);
    return buf;
}

/* Which checks HotSpot makes at its entry, before the function's body:
 * the NULL of every pointer and reference but a jobject or jthreadGroup
 * (its generated entry code resolves neither), and a number's minimum
 * (min=, a frame depth).  Every other check is the body's. */
static const struct { const char *check; jt_kind kind; int stage; } stages[] = {
    { "null_pointer", JT_JOBJECT, 1 },
    { "null_pointer", JT_JTHREADGROUP, 1 },
    { "null_pointer", JT_KIND_NONE, 0 },
    { "min_value", JT_KIND_NONE, 0 },
};

int jt_vm_check_stage(const jt_param *p, const jt_check *c)
{
    for (size_t i = 0; i < sizeof stages / sizeof *stages; i++)
        if (strcmp(stages[i].check, c->id) == 0 && (stages[i].kind == JT_KIND_NONE || stages[i].kind == p->type->kind))
            return stages[i].stage;
    return 1;
}

bool jt_vm_error_allowed(const jt_spec *s, const jt_function *f, const char *err)
{
    const jt_error *e = jt_find_error(s, err);
    if (e && e->category_id && strcmp(e->category_id, "universal-error") == 0)
        return true;
    for (size_t i = 0; i < f->nerrors; i++)
        if (strcmp(f->errors[i].id, err) == 0)
            return true;
    for (size_t i = 0; i < f->nparams; i++) {
        jt_implied_error im[2];
        int n = jt_implied_errors(&f->params[i], im);
        for (int k = 0; k < n; k++)
            if (strcmp(im[k].error, err) == 0)
                return true;
    }
    return false;
}
