/* checks.h — which of the wrapper's checks apply to a function and to each
 * of its parameters, decided once from the model.  The wrapper emitter
 * generates code for exactly these, and the HTML shows the same ids beside
 * each function and parameter, so the docs and the checker never disagree.
 * The ids are the stable check ids of gen/runtime/jvmti/jc_runtime.h. */
#ifndef JVMTIGEN_CHECKS_H
#define JVMTIGEN_CHECKS_H

#include "model/model.h"

typedef struct jt_check {
    const char *id;         /* "null_pointer", "min_value", "enum_value" ... */
    const char *error;      /* what check=strict returns; NULL: only reported */
    /* range: the bounds the spec states (min=, a frame depth, or a
     * documented error's range) and the constants it names */
    bool has_lo, has_hi;
    long long lo, hi;
    const char *lo_name, *hi_name;
    /* enum_value of a jvmtiEvent the function's documented error limits */
    const jt_event *events[4];
    int nevents;
    /* object_kind (check=deep): the class the reference must be an instance
     * of, slashed ("java/lang/Thread") or dotted as the spec writes it */
    const char *java_class;
    /* HotSpot's answer on some JDKs only (vm_errors.c); NULL: error always */
    const struct jt_vm_error *vm;
    /* check=deep checks that read other params of the call: local_slot and
     * local_type (thread, depth), location (method), module_package
     * (module); and the letters of the JVM types a local may have */
    const char *with[2];
    char types[12];
    /* clear_not_set: the function whose watch or breakpoint this one clears */
    const jt_function *sets;
} jt_check;

#define JT_MAX_CHECKS 8

/* Checks on one parameter of a function (none for implied or varargs). */
int jt_param_checks(const jt_spec *s, const jt_param *p, jt_check out[JT_MAX_CHECKS]);
/* Checks on the call as a whole: phase, capability, callback_unsafe,
 * version, and those of the functions with extra meaning. */
int jt_function_checks(const jt_spec *s, const jt_function *f, jt_check out[JT_MAX_CHECKS]);

#endif
