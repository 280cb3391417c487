/* kinds.h — what jvmtigen knows about each JVMTI type element.
 *
 * The spec describes every parameter and field with one element: either a
 * leaf type (<jint/>, <jthread/>, <enum>jvmtiEvent</enum> ...) or a "param
 * kind" that wraps a leaf (<outptr>, <allocbuf>, <inbuf> ...).  Everything an
 * emitter needs to know about such an element (how to spell it in C, whether
 * it is a pointer the caller may pass as NULL, who owns the memory) is a row
 * of one table, jt_kinds[], so that no emitter grows its own switch on kinds.
 */
#ifndef JVMTIGEN_KINDS_H
#define JVMTIGEN_KINDS_H

#include <stdbool.h>

typedef enum jt_kind {
    JT_KIND_NONE = 0,
    /* leaf types */
    JT_JMETHODID, JT_JFIELDID, JT_JFRAMEID, JT_JRAWMONITORID, JT_JCLASS,
    JT_JTHREAD, JT_JTHREADGROUP, JT_JOBJECT, JT_JVALUE, JT_JCHAR, JT_JINT,
    JT_JLONG, JT_JFLOAT, JT_JDOUBLE, JT_JLOCATION, JT_JBOOLEAN, JT_JBYTE, JT_JSHORT, JT_CHAR,
    JT_UCHAR, JT_SIZE_T, JT_VOID, JT_ENUM, JT_STRUCT, JT_VARARGS,
    /* param kinds: wrappers around one leaf (outbuf may wrap an outbuf) */
    JT_PTRTYPE, JT_OUTPTR, JT_ALLOCBUF, JT_ALLOCALLOCBUF, JT_INPTR, JT_INBUF,
    JT_OUTBUF, JT_VMBUF, JT_AGENTBUF, JT_ALLOCFIELDBUF,
    JT_KIND_COUNT
} jt_kind;

struct jt_kind_info {
    const char *xml;        /* element name in jvmti.xml */
    bool wrapper;           /* a param kind wrapping another type */
    /* Leaves: the C spelling; NULL for enum/struct (the referenced name). */
    const char *c_name;
    /* Wrappers: C declaration is c_prefix + inner + c_suffix. */
    const char *c_prefix;
    const char *c_suffix;
    /* Memory the VM allocates with Allocate and the agent must Deallocate:
     * 0 none, 1 one buffer (allocbuf, allocfieldbuf), 2 a buffer of buffers
     * (allocallocbuf). */
    int jvmti_allocs;
    /* Which attributes the element may carry; anything else is reported. */
    const char *attrs;      /* space separated, NULL when none */
    /* The error a function returns when this argument is NULL and may not
     * be (no nullok, no jthread null=); NULL when NULL can be a real value
     * (a jobject may be Java's null) or the type is not a pointer. */
    const char *null_error;
    /* Leaves: how the checked wrapper traces a value of this type, the C
     * statement with placeholders emit_wrapper.c fills: $name the value's
     * name in the record, $expr the C expression holding it, $accepted
     * whether the VM has accepted the references in it, $class the
     * jclass a jfieldID belongs to (without one the value is traced as
     * a pointer), $group the enum's constants group and $enumform "bits"
     * or "enum" by that group's kind.  NULL: no rule (generation stops
     * with an error naming the param). */
    const char *trace;
};

/* The trace column's common forms: one jc_rec_arg_* call of the runtime
 * (jc_runtime.h) each. */
#define JT_TRACE_INT "jc_rec_arg_int(r, \"$name\", (long long)($expr));"
#define JT_TRACE_UINT "jc_rec_arg_uint(r, \"$name\", (unsigned long long)($expr));"
#define JT_TRACE_BOOL "jc_rec_arg_bool(r, \"$name\", ($expr) != 0);"
#define JT_TRACE_DOUBLE "jc_rec_arg_double(r, \"$name\", (double)($expr));"
#define JT_TRACE_CHAR "jc_rec_arg_char(r, \"$name\", (int)($expr));"
#define JT_TRACE_PTR "jc_rec_arg_ptr(r, \"$name\", (const void *)($expr));"

extern const struct jt_kind_info jt_kinds[JT_KIND_COUNT];

/* Look up an element name; returns JT_KIND_NONE when it names no type. */
jt_kind jt_kind_from_xml(const char *name);

/* The error for a NULL argument of this kind (outer kind, innermost leaf),
 * or NULL when NULL is an ordinary value. */
const char *jt_null_error(jt_kind outer, jt_kind leaf);

static inline const struct jt_kind_info *jt_kind_info(jt_kind k)
{
    return &jt_kinds[k];
}

#endif
