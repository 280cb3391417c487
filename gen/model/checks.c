/* checks.c — the wrapper's checks per function and parameter (checks.h). */
#include "model/checks.h"

#include <string.h>

/* An <enum> the wrapper can check: a constants group it knows every value
 * of, or the event and error numbers. */
static const char *enum_error(const jt_type *t)
{
    if (t->ref.kind == JT_T_CONSTANTS)
        return "JVMTI_ERROR_ILLEGAL_ARGUMENT";
    if (t->name && strcmp(t->name, "jvmtiEvent") == 0)
        return "JVMTI_ERROR_INVALID_EVENT_TYPE";
    if (t->name && strcmp(t->name, "jvmtiError") == 0)
        return "JVMTI_ERROR_ILLEGAL_ARGUMENT";
    return NULL;
}

int jt_param_checks(const jt_param *p, jt_check out[JT_MAX_CHECKS])
{
    const jt_type *t = p->type, *leaf = jt_type_leaf(t);
    int n = 0;
    if (p->implicit || t->kind == JT_VARARGS)
        return 0;
    const char *nerr = jt_null_error(t->kind, leaf->kind);
    bool null_ok = t->nullok || (t->kind == JT_JTHREAD && t->thread_null);
    if (nerr && !null_ok)
        out[n++] = (jt_check){ "null_pointer", nerr };
    if ((t->kind == JT_JINT || t->kind == JT_JLONG) && t->min)
        out[n++] = (jt_check){ "min_value", "JVMTI_ERROR_ILLEGAL_ARGUMENT" };
    if (t->kind == JT_ENUM && enum_error(t))
        out[n++] = (jt_check){ "enum_value", enum_error(t) };
    return n;
}

/* Functions whose meaning adds checks beyond their params'. */
static const struct { const char *fn; jt_check check; } extra[] = {
    { "SetEventNotificationMode", { "event_capability", "JVMTI_ERROR_MUST_POSSESS_CAPABILITY" } },
    { "SetEventNotificationMode", { "thread_filter", "JVMTI_ERROR_ILLEGAL_ARGUMENT" } },
    { "Deallocate", { "bad_deallocate", "JVMTI_ERROR_ILLEGAL_ARGUMENT" } },
};

static bool allocates(const jt_function *f)
{
    for (size_t i = 0; i < f->nparams; i++)
        if (jt_kind_info(f->params[i].type->kind)->jvmti_allocs ||
            strcmp(f->id, "Allocate") == 0)
            return true;
    return false;
}

int jt_function_checks(const jt_function *f, jt_check out[JT_MAX_CHECKS])
{
    int n = 0, ma = 1, mi = 0;
    out[n++] = (jt_check){ "phase", "JVMTI_ERROR_WRONG_PHASE" };
    if (f->nrequired)
        out[n++] = (jt_check){ "capability", "JVMTI_ERROR_MUST_POSSESS_CAPABILITY" };
    if (!f->callbacksafe)
        out[n++] = (jt_check){ "callback_unsafe", "JVMTI_ERROR_ACCESS_DENIED" };
    /* version: the running VM lacks the function (never passed on, in
     * every mode); portability: an env asked GetEnv for an older version
     * (a note).  A 1.0 function is in every VM's table. */
    if (jt_parse_since(f->since, &ma, &mi) && (ma > 1 || mi > 0)) {
        out[n++] = (jt_check){ "version", "JVMTI_ERROR_NOT_AVAILABLE" };
        out[n++] = (jt_check){ "portability", NULL };
    }
    for (size_t i = 0; i < sizeof extra / sizeof *extra && n < JT_MAX_CHECKS - 2; i++)
        if (strcmp(extra[i].fn, f->id) == 0)
            out[n++] = extra[i].check;
    if (allocates(f))
        out[n++] = (jt_check){ "leak", NULL };
    out[n++] = (jt_check){ "undocumented_error", NULL };
    return n;
}
