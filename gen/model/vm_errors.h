/* vm_errors.h — what HotSpot answers where the spec leaves a choice, so
 * that check=strict refuses a bad call with the error the running VM would
 * have returned (vm_errors.c).  Two kinds of facts:
 *   - for one mistake the spec allows several errors (a NULL StopThread
 *     exception is "not an object", INVALID_OBJECT, and a NULL pointer,
 *     NULL_POINTER): the one HotSpot answers, one row per fact, with the
 *     JDKs it holds for when that differs between them;
 *   - for a call with several mistakes, which HotSpot sees first: its
 *     entry code, generated from the spec, checks the pointers and numbers
 *     the spec types constrain, in parameter order, before the function's
 *     own code checks values (enums, documented ranges, objects). */
#ifndef JVMTIGEN_VM_ERRORS_H
#define JVMTIGEN_VM_ERRORS_H

#include <stdbool.h>

#include "model/checks.h"
#include "model/model.h"

/* One fact: for check `check` of param `param` of `function`, HotSpot
 * answers `error` on JDK jdk_from..jdk_to (0: no bound). */
typedef struct jt_vm_error {
    const char *function, *param, *check;
    const char *error;
    int jdk_from, jdk_to;
} jt_vm_error;

extern const jt_vm_error jt_vm_errors[];
extern const size_t jt_vm_nerrors;

/* The row of rows[0..n) for check c of param p, or NULL. */
const jt_vm_error *jt_vm_error_find(const jt_vm_error *rows, size_t n, const jt_param *p, const char *check);

/* Applies jt_vm_errors to c, a check of p: a row for every JDK replaces
 * c->error; a row for some JDKs goes to c->vm (the wrapper chooses by the
 * running VM's version). */
void jt_vm_error_apply(const jt_param *p, jt_check *c);

/* The error c returns as a C expression for the wrapper: c->error, or a
 * choice by the VM's JDK (jc_vm_jdk_in, gen/runtime/jvmti/jc_vm.c). */
const char *jt_vm_error_expr(const jt_check *c, char *buf, size_t len);

/* HotSpot's order: entry checks (0) before body checks (1). */
int jt_vm_check_stage(const jt_param *p, const jt_check *c);

/* Whether the spec allows err for f: universal, documented, or implied by
 * one of its params. */
bool jt_vm_error_allowed(const jt_spec *s, const jt_function *f, const char *err);

#endif
