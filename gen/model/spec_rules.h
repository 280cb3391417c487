/* spec_rules.h — rules a function's documented errors and its siblings
 * state about one parameter, read from the model (never from a list of
 * function names): so a new spec brings its own rules.
 *
 * The published spec lists two kinds of errors per function: those each
 * parameter's kind implies (kinds.c, jt_implied_errors) and the function's
 * own <errors>, whose prose names a parameter with <paramlink>.  The checks
 * (checks.c) use the second kind where it is more precise than the first:
 * a range ("priority is less than JVMTI_THREAD_MIN_PRIORITY or greater than
 * JVMTI_THREAD_MAX_PRIORITY"), the error for a value outside an enum's
 * allowed subset (GenerateEvents: ILLEGAL_ARGUMENT), and whether a jobject
 * is a Java value (where NULL is the Java null) or the object acted on. */
#ifndef JVMTIGEN_SPEC_RULES_H
#define JVMTIGEN_SPEC_RULES_H

#include <stdbool.h>

#include "model/model.h"

/* The function a param belongs to, or NULL (a callback's, event's, field). */
const jt_function *jt_param_function(const jt_param *p);

/* The first documented error of f whose text links param pid, or NULL.
 * With `only`, the first such error with that id. */
const jt_error_use *jt_documented_error(const jt_function *f, const char *pid, const char *only);

/* A range the documented errors state for p ("@p is less than zero",
 * "@p is less than C1 or greater than C2", C1/C2 constants of the spec).
 * Fills the bounds, the error the spec gives, and the error's line. */
typedef struct jt_range {
    bool has_lo, has_hi;
    long long lo, hi;
    const char *error;
    const char *lo_name, *hi_name;   /* constant names, NULL for numbers */
    int line;
} jt_range;
bool jt_documented_range(const jt_param *p, jt_range *out);

/* The events an enum jvmtiEvent param may take when the function's
 * documented error for it names them ("event_type is other than
 * CompiledMethodLoad or DynamicCodeGenerated"); returns how many (<= cap),
 * 0 when the spec states no subset. */
int jt_documented_events(const jt_param *p, const jt_event **out, int cap);

/* A jobject param that is a Java value: NULL is the Java null.  True when
 * its description says a null may be given, or when the function is the
 * reference member of a typed family (SetLocalObject beside SetLocalInt,
 * ForceEarlyReturnObject beside ForceEarlyReturnInt) whose same-named
 * param is a jint there. */
bool jt_jobject_is_value(const jt_spec *s, const jt_param *p);

/* What f's documented errors say of a virtual thread: nothing; that it may
 * not be given one (FORBIDDEN: "@thread is a virtual thread."); or that
 * the implementation need not support one (OPTIONAL).  *pid: the jthread
 * param, NULL for the current thread; *error: the documented error. */
typedef enum jt_vthread_rule { JT_VTHREAD_NONE, JT_VTHREAD_FORBIDDEN, JT_VTHREAD_OPTIONAL } jt_vthread_rule;
jt_vthread_rule jt_documented_vthread(const jt_function *f, const char **pid, const char **error);

/* ---- check=deep: what the VM's state must agree with ------------------------
 * Each rule is read from the spec's own words for one function or param,
 * in a fixed shape; anything else states no rule. */

/* A reference param whose description names the Java class its object must
 * be an instance of and the error otherwise: "If the <code>class_loader</code>
 * is not null or a subclass of <code>java.lang.ClassLoader</code> this
 * function returns <errorlink id=...>" (GetNamedModule).  *java_class: the
 * dotted name as the spec writes it. */
bool jt_documented_java_class(const jt_param *p, const char **java_class, const char **error);

/* The local variable a function reads or writes (GetLocalInt ...): its
 * documented INVALID_SLOT error names the slot param ("Invalid
 * <code>slot</code>"), its jframeID param the depth and (thread=) the
 * thread.  types: the JVM type letters the variable may have, from the
 * documented TYPE_MISMATCH "The variable type is not <code>int</code>,
 * <code>short</code> ..." ("ISCBZ"; "L" for Object), "" when the spec
 * names none. */
typedef struct jt_local_rule {
    const char *slot, *depth, *thread;
    char types[12];
} jt_local_rule;
bool jt_documented_local(const jt_function *f, jt_local_rule *out);

/* A package name param that must name a package of a module param: the
 * documented error "If the package @pkg_name does not belong to the
 * module." where the last word is a param of f.  *module: that param;
 * *error: the documented error. */
bool jt_documented_package(const jt_param *p, const char **module, const char **error);

/* A function that undoes what its sibling sets (ClearBreakpoint beside
 * SetBreakpoint, ClearFieldAccessWatch beside SetFieldAccessWatch): f
 * documents NOT_FOUND, its name with "Clear" for "Set" documents
 * DUPLICATE, and both take the same params.  Returns the Set function. */
const jt_function *jt_clears(const jt_spec *s, const jt_function *f);
/* The reverse: the Clear function of a Set one, or NULL. */
const jt_function *jt_cleared_by(const jt_spec *s, const jt_function *f);

/* An error that is an expected outcome where a function documents it:
 * the spec's "Function Specific Required Errors" (a condition of the VM or
 * the program, which a correct agent meets and handles), but for the
 * three of them that name a misuse (INVALID_PRIORITY, INVALID_EVENT_TYPE,
 * NOT_MONITOR_OWNER).  Universal and "Function Specific Agent Errors"
 * (NULL_POINTER, WRONG_PHASE, INVALID_*, ILLEGAL_ARGUMENT,
 * MUST_POSSESS_CAPABILITY ...) are not: they point at the agent. */
bool jt_error_is_outcome(const jt_error *e);

#endif
