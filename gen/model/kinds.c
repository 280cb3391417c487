/* kinds.c — the table of JVMTI type elements (see kinds.h). */
#include "model/kinds.h"

#include "model/model.h"

#include <string.h>

#define LEAF(x, c, at, nul, trace) \
    { x, false, c, NULL, NULL, 0, at, nul, trace }
#define WRAP(x, pre, suf, allocs, at) \
    { x, true, NULL, pre, suf, allocs, at, "JVMTI_ERROR_NULL_POINTER", NULL }

const struct jt_kind_info jt_kinds[JT_KIND_COUNT] = {
    [JT_KIND_NONE]     = { "", false, NULL, NULL, NULL, 0, NULL, NULL, NULL },
    [JT_JMETHODID]     = LEAF("jmethodID", "jmethodID", "class native", "JVMTI_ERROR_INVALID_METHODID",
                         "jc_rec_arg_method(r, \"$name\", (jmethodID)($expr), $accepted);"),
    [JT_JFIELDID]      = LEAF("jfieldID", "jfieldID", "class", "JVMTI_ERROR_INVALID_FIELDID",
                         "jc_rec_arg_field(r, \"$name\", $class, (jfieldID)($expr), $accepted);"),
    [JT_JFRAMEID]      = LEAF("jframeID", "jint", "thread", NULL,
                         JT_TRACE_INT),  /* a frame depth */
    [JT_JRAWMONITORID] = LEAF("jrawMonitorID", "jrawMonitorID", NULL, "JVMTI_ERROR_INVALID_MONITOR",
                         JT_TRACE_PTR),
    [JT_JCLASS]        = LEAF("jclass", "jclass", "method field", "JVMTI_ERROR_INVALID_CLASS",
                         "jc_rec_arg_class(r, \"$name\", (jclass)($expr), $accepted);"),
    [JT_JTHREAD]       = LEAF("jthread", "jthread", "started null frame impl", "JVMTI_ERROR_INVALID_THREAD",
                         JT_TRACE_PTR),
    [JT_JTHREADGROUP]  = LEAF("jthreadGroup", "jthreadGroup", NULL, "JVMTI_ERROR_INVALID_THREAD_GROUP",
                         JT_TRACE_PTR),
    /* a NULL jobject is "not an object" (the spec's INVALID_OBJECT), except
     * where it is a Java value: see jt_jobject_is_value() */
    [JT_JOBJECT]       = LEAF("jobject", "jobject", "frame", "JVMTI_ERROR_INVALID_OBJECT",
                         JT_TRACE_PTR),
    [JT_JVALUE]        = LEAF("jvalue", "jvalue", NULL, NULL,
                         "jc_rec_arg_int(r, \"$name\", (long long)($expr).j);"),
    [JT_JCHAR]         = LEAF("jchar", "jchar", NULL, NULL,
                         JT_TRACE_UINT),
    [JT_JINT]          = LEAF("jint", "jint", "min", NULL,
                         JT_TRACE_INT),
    [JT_JLONG]         = LEAF("jlong", "jlong", "min", NULL,
                         JT_TRACE_INT),
    [JT_JFLOAT]        = LEAF("jfloat", "jfloat", NULL, NULL,
                         JT_TRACE_DOUBLE),
    [JT_JDOUBLE]       = LEAF("jdouble", "jdouble", NULL, NULL,
                         JT_TRACE_DOUBLE),
    [JT_JLOCATION]     = LEAF("jlocation", "jlocation", NULL, NULL,
                         JT_TRACE_INT),
    [JT_JBOOLEAN]      = LEAF("jboolean", "jboolean", NULL, NULL,
                         JT_TRACE_BOOL),
    /* jbyte, jshort: the JDWP packet header's fields (jdwpTransport.xml) */
    [JT_JBYTE]         = LEAF("jbyte", "jbyte", NULL, NULL,
                         NULL),
    [JT_JSHORT]        = LEAF("jshort", "jshort", NULL, NULL,
                         NULL),
    [JT_CHAR]          = LEAF("char", "char", NULL, NULL,
                         JT_TRACE_CHAR),
    [JT_UCHAR]         = LEAF("uchar", "unsigned char", NULL, NULL,
                         JT_TRACE_CHAR),
    [JT_SIZE_T]        = LEAF("size_t", "size_t", NULL, NULL,
                         JT_TRACE_UINT),
    [JT_VOID]          = LEAF("void", "void", NULL, NULL,
                         NULL),
    [JT_ENUM]          = LEAF("enum", NULL, NULL, NULL,
                         "jc_rec_arg_$enumform(r, \"$name\", \"$group\", (long long)($expr));"),
    [JT_STRUCT]        = LEAF("struct", NULL, NULL, NULL,
                         "jc_rec_arg_ptr(r, \"$name\", (const void *)(size_t)($expr));"),
    [JT_VARARGS]       = LEAF("varargs", "", NULL, NULL,
                         NULL),   /* the param id is "..." */
    /* ptrtype: the value is the inner type's (a reference or a function
     * pointer); the spec lists NULL_POINTER for it when it is not nullok,
     * whatever the inner type (jvmti.xsl's ptrtype errorid), as HotSpot's
     * generated entries test it: AddModuleUses(module, NULL service) is
     * NULL_POINTER, not INVALID_CLASS */
    [JT_PTRTYPE]       = { "ptrtype", true, NULL, "", "", 0, NULL, "JVMTI_ERROR_NULL_POINTER", NULL },
    [JT_OUTPTR]        = WRAP("outptr", "", "*", 0, "impl"),
    [JT_ALLOCBUF]      = WRAP("allocbuf", "", "**", 1, "incount outcount"),
    [JT_ALLOCALLOCBUF] = WRAP("allocallocbuf", "", "***", 2, "incount outcount"),
    /* const="no": an input the C signature does not mark const */
    [JT_INPTR]         = WRAP("inptr", "const ", "*", 0, "const"),
    [JT_INBUF]         = WRAP("inbuf", "const ", "*", 0, "incount"),
    [JT_OUTBUF]        = WRAP("outbuf", "", "*", 0, "incount outcount"),
    [JT_VMBUF]         = WRAP("vmbuf", "const ", "*", 0, "incount outcount"),
    [JT_AGENTBUF]      = WRAP("agentbuf", "", "**", 0, "incount outcount"),
    [JT_ALLOCFIELDBUF] = WRAP("allocfieldbuf", "", "*", 1, "outcount"),
};

jt_kind jt_kind_from_xml(const char *name)
{
    for (int k = 1; k < JT_KIND_COUNT; k++)
        if (strcmp(jt_kinds[k].xml, name) == 0)
            return (jt_kind)k;
    return JT_KIND_NONE;
}

const char *jt_null_error(jt_kind outer, jt_kind leaf)
{
    (void)leaf;
    return jt_kinds[outer].null_error;
}

/* The errors a parameter's kind implies, as the published spec lists them
 * under each function: the outermost type decides (a pointer that may not
 * be NULL, an invalid reference, a jint below its min=, ...), and three
 * kinds imply a second error.  The role names the sentence that explains
 * the row ("err_" + role in the HTML templates). */
static const struct { jt_kind kind; jt_implied_error e; } first_errors[] = {
    { JT_JMETHODID, { "JVMTI_ERROR_INVALID_METHODID", "methodid" } },
    { JT_JFIELDID, { "JVMTI_ERROR_INVALID_FIELDID", "fieldid" } },
    { JT_JFRAMEID, { "JVMTI_ERROR_ILLEGAL_ARGUMENT", "depth" } },
    { JT_JRAWMONITORID, { "JVMTI_ERROR_INVALID_MONITOR", "monitor" } },
    { JT_JCLASS, { "JVMTI_ERROR_INVALID_CLASS", "class" } },
    { JT_JTHREAD, { "JVMTI_ERROR_INVALID_THREAD", "thread" } },
    { JT_JTHREADGROUP, { "JVMTI_ERROR_INVALID_THREAD_GROUP", "thread_group" } },
    { JT_JOBJECT, { "JVMTI_ERROR_INVALID_OBJECT", "object" } },
    { JT_JLOCATION, { "JVMTI_ERROR_INVALID_LOCATION", "location" } },
    { JT_ENUM, { "JVMTI_ERROR_ILLEGAL_ARGUMENT", "enum" } },
    { JT_JINT, { "JVMTI_ERROR_ILLEGAL_ARGUMENT", "min" } },
};

static const struct { jt_kind kind; jt_implied_error e; } second_errors[] = {
    { JT_JMETHODID, { "JVMTI_ERROR_NATIVE_METHOD", "native" } },
    { JT_JTHREAD, { "JVMTI_ERROR_THREAD_NOT_ALIVE", "thread_alive" } },
    { JT_JFRAMEID, { "JVMTI_ERROR_NO_MORE_FRAMES", "no_frames" } },
};

static const jt_implied_error null_error = { "JVMTI_ERROR_NULL_POINTER", "null" };
static const jt_implied_error event_error = { "JVMTI_ERROR_INVALID_EVENT_TYPE", "enum" };

int jt_implied_errors(const jt_param *p, jt_implied_error out[2])
{
    const jt_type *t = p->type;
    int n = 0;
    if (jt_kinds[t->kind].wrapper) {
        if (!t->nullok)
            out[n++] = null_error;
    } else if (!(t->kind == JT_JCLASS && t->class_method) && !(t->kind == JT_JINT && !t->min)) {
        for (size_t i = 0; i < sizeof first_errors / sizeof *first_errors; i++)
            if (first_errors[i].kind == t->kind) {
                out[n++] = t->kind == JT_ENUM && t->name && strcmp(t->name, "jvmtiEvent") == 0
                               ? event_error : first_errors[i].e;
                break;
            }
    }
    /* a native method where one is refused, a thread that must be alive,
     * a depth beyond the stack */
    bool second = (t->kind == JT_JMETHODID && t->native_doc && strstr(t->native_doc, "error")) ||
                  (t->kind == JT_JTHREAD && (!t->thread_started || !*t->thread_started ||
                                             strstr(t->thread_started, "yes"))) ||
                  t->kind == JT_JFRAMEID;
    for (size_t i = 0; second && i < sizeof second_errors / sizeof *second_errors; i++)
        if (second_errors[i].kind == t->kind)
            out[n++] = second_errors[i].e;
    return n;
}
