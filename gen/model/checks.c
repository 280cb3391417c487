/* checks.c — the wrapper's checks per function and parameter (checks.h). */
#include "model/checks.h"

#include <string.h>

#include "model/spec_rules.h"
#include "model/vm_errors.h"

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

/* NULL where the spec does not allow it, and the error it gives: a
 * wrapper (ptrtype too) that is not nullok is NULL_POINTER; a reference
 * its kind's own error ("is not a class object" ...); a jobject
 * INVALID_OBJECT unless it is a Java value (spec_rules.c). */
static const char *null_rule(const jt_spec *s, const jt_param *p)
{
    const jt_type *t = p->type;
    if (t->nullok || (t->kind == JT_JTHREAD && t->thread_null))
        return NULL;
    if (t->kind == JT_JOBJECT && jt_jobject_is_value(s, p))
        return NULL;
    return jt_null_error(t->kind, jt_type_leaf(t)->kind);
}

/* object_kind (check=deep): the class a reference param's object must be
 * an instance of, and the error the spec gives for another object ("is not
 * a thread object" ...).  By the param's kind, and for a module by the
 * function's documented error ("module is not a module object"). */
static const struct { jt_kind kind; const char *java_class, *error; } object_kinds[] = {
    { JT_JTHREAD, "java/lang/Thread", "JVMTI_ERROR_INVALID_THREAD" },
    { JT_JTHREADGROUP, "java/lang/ThreadGroup", "JVMTI_ERROR_INVALID_THREAD_GROUP" },
    { JT_JCLASS, "java/lang/Class", "JVMTI_ERROR_INVALID_CLASS" },
};

static bool object_kind(const jt_param *p, jt_check *c)
{
    const jt_type *t = p->type, *leaf = jt_type_leaf(t);
    if (t->kind != JT_PTRTYPE && jt_kind_info(t->kind)->wrapper)
        return false;
    for (size_t i = 0; i < sizeof object_kinds / sizeof *object_kinds; i++)
        if (object_kinds[i].kind == leaf->kind) {
            *c = (jt_check){ .id = "object_kind", .error = object_kinds[i].error,
                             .java_class = object_kinds[i].java_class };
            return true;
        }
    if (leaf->kind == JT_JOBJECT &&
        jt_documented_error(jt_param_function(p), p->id, "JVMTI_ERROR_INVALID_MODULE")) {
        *c = (jt_check){ .id = "object_kind", .error = "JVMTI_ERROR_INVALID_MODULE", .java_class = "java/lang/Module" };
        return true;
    }
    /* the class its description names, with the error it links
     * ("... not null or a subclass of java.lang.ClassLoader ...") */
    const char *cls, *err;
    if (leaf->kind == JT_JOBJECT && jt_param_function(p) && jt_documented_java_class(p, &cls, &err)) {
        *c = (jt_check){ .id = "object_kind", .error = err, .java_class = cls };
        return true;
    }
    return false;
}

/* ---- check=deep: the VM's state ---------------------------------------------
 * stale_ref: a reference input the VM checks (its kind's invalid-reference
 * error is implied, or an object_kind error is documented) must be a live
 * reference.  A jclass given beside a method (method=) is not checked by
 * the spec, nor by the VM: left alone. */
static bool stale_ref(const jt_param *p, const jt_check *kind, jt_check *c)
{
    const jt_type *t = p->type, *leaf = jt_type_leaf(t);
    bool ref = leaf->kind == JT_JCLASS || leaf->kind == JT_JTHREAD || leaf->kind == JT_JTHREADGROUP ||
               leaf->kind == JT_JOBJECT;
    if (!ref || (t != leaf && t->kind != JT_PTRTYPE) || !jt_param_function(p) || (leaf->kind == JT_JCLASS && leaf->class_method))
        return false;
    *c = (jt_check){ .id = "stale_ref", .error = kind ? kind->error : jt_kind_info(leaf->kind)->null_error };
    return c->error != NULL;
}

/* The first param of f of a kind, or NULL. */
static const jt_param *param_of_kind(const jt_function *f, jt_kind k)
{
    for (size_t i = 0; f && i < f->nparams; i++)
        if (f->params[i].type->kind == k)
            return &f->params[i];
    return NULL;
}

/* The checks that ask the VM about a method, a local variable, a package. */
static int deep_checks(const jt_param *p, jt_check *out)
{
    const jt_type *t = p->type;
    const jt_function *f = jt_param_function(p);
    int n = 0;
    if (!f)
        return 0;
    /* <jmethodID native="error">: a native method has no bytecodes here */
    if (t->kind == JT_JMETHODID && t->native_doc && strstr(t->native_doc, "error"))
        out[n++] = (jt_check){ .id = "native_method", .error = "JVMTI_ERROR_NATIVE_METHOD" };
    /* a location in the method beside it: within its bytecodes */
    const jt_param *m = param_of_kind(f, JT_JMETHODID);
    if (t->kind == JT_JLOCATION && m)
        out[n++] = (jt_check){ .id = "location", .error = "JVMTI_ERROR_INVALID_LOCATION", .with = { m->id } };
    /* a local variable's slot and type, against the frame's method's table */
    jt_local_rule lr;
    if (t->kind == JT_JINT && jt_documented_local(f, &lr) && strcmp(lr.slot, p->id) == 0) {
        out[n++] = (jt_check){ .id = "local_slot", .error = "JVMTI_ERROR_INVALID_SLOT", .with = { lr.thread, lr.depth } };
        if (lr.types[0]) {
            out[n] = (jt_check){ .id = "local_type", .error = "JVMTI_ERROR_TYPE_MISMATCH", .with = { lr.thread, lr.depth } };
            memcpy(out[n++].types, lr.types, sizeof lr.types);
        }
    }
    /* a package of the module */
    const char *mod, *err;
    if (jt_type_leaf(t)->kind == JT_CHAR && jt_documented_package(p, &mod, &err))
        out[n++] = (jt_check){ .id = "module_package", .error = err, .with = { mod } };
    /* a raw monitor no CreateRawMonitor made */
    if (t->kind == JT_JRAWMONITORID)
        out[n++] = (jt_check){ .id = "monitor_invalid", .error = jt_kind_info(t->kind)->null_error };
    return n;
}

int jt_param_checks(const jt_spec *s, const jt_param *p, jt_check out[JT_MAX_CHECKS])
{
    const jt_type *t = p->type;
    int n = 0;
    jt_range rg;
    if (p->implicit || t->kind == JT_VARARGS)
        return 0;
    const char *nerr = null_rule(s, p);
    if (nerr)
        out[n++] = (jt_check){ .id = "null_pointer", .error = nerr };
    jt_check kind;
    bool has_kind = object_kind(p, &kind);
    if (stale_ref(p, has_kind ? &kind : NULL, &out[n]))
        n++;
    if (has_kind)
        out[n++] = kind;
    n += deep_checks(p, &out[n]);
    if ((t->kind == JT_JINT || t->kind == JT_JLONG) && t->min)
        out[n++] = (jt_check){ .id = "min_value", .error = "JVMTI_ERROR_ILLEGAL_ARGUMENT", .has_lo = true, .lo = t->min_value };
    /* a frame depth: the spec lists "depth is less than zero" for its kind */
    if (t->kind == JT_JFRAMEID)
        out[n++] = (jt_check){ .id = "min_value", .error = "JVMTI_ERROR_ILLEGAL_ARGUMENT", .has_lo = true, .lo = 0 };
    if ((t->kind == JT_JINT || t->kind == JT_JLONG) && jt_documented_range(p, &rg))
        out[n++] = (jt_check){ .id = "range", .error = rg.error, .has_lo = rg.has_lo, .has_hi = rg.has_hi, .lo = rg.lo,
                               .hi = rg.hi, .lo_name = rg.lo_name, .hi_name = rg.hi_name };
    /* a thread the spec says may not be virtual (RunAgentThread) */
    const char *vp = NULL, *verr = NULL;
    if (t->kind == JT_JTHREAD && jt_documented_vthread(jt_param_function(p), &vp, &verr) == JT_VTHREAD_FORBIDDEN &&
        vp && strcmp(vp, p->id) == 0)
        out[n++] = (jt_check){ .id = "virtual_thread", .error = verr };
    if (t->kind == JT_ENUM && enum_error(t)) {
        jt_check c = { .id = "enum_value", .error = enum_error(t) };
        /* the function's documented error for the param wins over the
         * kind's (GenerateEvents: ILLEGAL_ARGUMENT, and only two events) */
        const jt_error_use *e = jt_documented_error(jt_param_function(p), p->id, "JVMTI_ERROR_ILLEGAL_ARGUMENT");
        if (e)
            c.error = e->id;
        c.nevents = jt_documented_events(p, c.events, 4);
        out[n++] = c;
    }
    /* where HotSpot answers another of the errors the spec allows */
    for (int i = 0; i < n; i++)
        jt_vm_error_apply(p, &out[i]);
    return n;
}

/* Functions whose meaning adds checks beyond their params'. */
static const struct { const char *fn; jt_check check; } extra[] = {
    { "SetEventNotificationMode", { .id = "event_capability", .error = "JVMTI_ERROR_MUST_POSSESS_CAPABILITY" } },
    { "SetEventNotificationMode", { .id = "thread_filter", .error = "JVMTI_ERROR_ILLEGAL_ARGUMENT" } },
    { "Deallocate", { .id = "bad_deallocate", .error = "JVMTI_ERROR_ILLEGAL_ARGUMENT" } },
    /* raw monitors: their life, owner and lock order (jc_monitors.c) */
    { "DestroyRawMonitor", { .id = "monitor_destroyed", .error = "JVMTI_ERROR_INVALID_MONITOR" } },
    { "DestroyRawMonitor", { .id = "monitor_owner", .error = "JVMTI_ERROR_NOT_MONITOR_OWNER" } },
    { "DestroyRawMonitor", { .id = "monitor_destroy_busy", .error = NULL } },
    { "RawMonitorEnter", { .id = "monitor_destroyed", .error = "JVMTI_ERROR_INVALID_MONITOR" } },
    { "RawMonitorEnter", { .id = "monitor_order", .error = NULL } },
    { "RawMonitorExit", { .id = "monitor_destroyed", .error = "JVMTI_ERROR_INVALID_MONITOR" } },
    { "RawMonitorExit", { .id = "monitor_owner", .error = "JVMTI_ERROR_NOT_MONITOR_OWNER" } },
    { "RawMonitorWait", { .id = "monitor_destroyed", .error = "JVMTI_ERROR_INVALID_MONITOR" } },
    { "RawMonitorWait", { .id = "monitor_owner", .error = "JVMTI_ERROR_NOT_MONITOR_OWNER" } },
    { "RawMonitorNotify", { .id = "monitor_destroyed", .error = "JVMTI_ERROR_INVALID_MONITOR" } },
    { "RawMonitorNotify", { .id = "monitor_owner", .error = "JVMTI_ERROR_NOT_MONITOR_OWNER" } },
    { "RawMonitorNotifyAll", { .id = "monitor_destroyed", .error = "JVMTI_ERROR_INVALID_MONITOR" } },
    { "RawMonitorNotifyAll", { .id = "monitor_owner", .error = "JVMTI_ERROR_NOT_MONITOR_OWNER" } },
};

static bool allocates(const jt_function *f)
{
    for (size_t i = 0; i < f->nparams; i++)
        if (jt_kind_info(f->params[i].type->kind)->jvmti_allocs ||
            strcmp(f->id, "Allocate") == 0)
            return true;
    return false;
}

int jt_function_checks(const jt_spec *s, const jt_function *f, jt_check out[JT_MAX_CHECKS])
{
    int n = 0, ma = 1, mi = 0;
    if (f->phase != JT_PHASE_ANY)       /* allowed in every phase: nothing to check */
        out[n++] = (jt_check){ .id = "phase", .error = "JVMTI_ERROR_WRONG_PHASE" };
    if (f->nrequired)
        out[n++] = (jt_check){ .id = "capability", .error = "JVMTI_ERROR_MUST_POSSESS_CAPABILITY" };
    if (!f->callbacksafe)
        out[n++] = (jt_check){ .id = "callback_unsafe", .error = "JVMTI_ERROR_ACCESS_DENIED" };
    /* version: the running VM lacks the function (never passed on, in
     * every mode); portability: an env asked GetEnv for an older version
     * (a note).  A 1.0 function is in every VM's table. */
    if (jt_parse_since(f->since, &ma, &mi) && (ma > 1 || mi > 0)) {
        out[n++] = (jt_check){ .id = "version", .error = "JVMTI_ERROR_NOT_AVAILABLE" };
        out[n++] = (jt_check){ .id = "portability", .error = NULL };
    }
    for (size_t i = 0; i < sizeof extra / sizeof *extra && n < JT_MAX_CHECKS - 2; i++)
        if (strcmp(extra[i].fn, f->id) == 0)
            out[n++] = extra[i].check;
    /* check=deep: clearing a watch or breakpoint that was never set */
    const jt_function *sets = jt_clears(s, f);
    if (sets && n < JT_MAX_CHECKS - 3)
        out[n++] = (jt_check){ .id = "clear_not_set", .error = "JVMTI_ERROR_NOT_FOUND", .sets = sets };
    if (allocates(f))
        out[n++] = (jt_check){ .id = "leak", .error = NULL };
    /* the VM need not support a virtual thread here (a note) */
    const char *vp, *verr;
    if (jt_documented_vthread(f, &vp, &verr) == JT_VTHREAD_OPTIONAL && n < JT_MAX_CHECKS - 1)
        out[n++] = (jt_check){ .id = "virtual_thread_unsupported", .error = NULL };
    out[n++] = (jt_check){ .id = "undocumented_error", .error = NULL };
    return n;
}
