/* kinds.c — the table of JVMTI type elements (see kinds.h). */
#include "kinds.h"

#include <string.h>

#define LEAF(x, c, ref, at, nul, der) \
    { x, false, c, NULL, NULL, ref, JT_FLOW_NONE, 0, at, nul, der }
#define WRAP(x, pre, suf, flow, allocs, at) \
    { x, true, NULL, pre, suf, false, flow, allocs, at, "JVMTI_ERROR_NULL_POINTER", "JVMTI_ERROR_NULL_POINTER" }

const struct jt_kind_info jt_kinds[JT_KIND_COUNT] = {
    [JT_KIND_NONE]     = { "", false, NULL, NULL, NULL, false, JT_FLOW_NONE, 0, NULL, NULL, NULL },
    [JT_JMETHODID]     = LEAF("jmethodID", "jmethodID", true, "class native", "JVMTI_ERROR_INVALID_METHODID", "JVMTI_ERROR_INVALID_METHODID"),
    [JT_JFIELDID]      = LEAF("jfieldID", "jfieldID", true, "class", "JVMTI_ERROR_INVALID_FIELDID", "JVMTI_ERROR_INVALID_FIELDID"),
    [JT_JFRAMEID]      = LEAF("jframeID", "jint", false, "thread", NULL, "JVMTI_ERROR_ILLEGAL_ARGUMENT JVMTI_ERROR_NO_MORE_FRAMES"),  /* a frame depth */
    [JT_JRAWMONITORID] = LEAF("jrawMonitorID", "jrawMonitorID", true, NULL, "JVMTI_ERROR_INVALID_MONITOR", "JVMTI_ERROR_INVALID_MONITOR"),
    [JT_JCLASS]        = LEAF("jclass", "jclass", true, "method field", "JVMTI_ERROR_INVALID_CLASS", "JVMTI_ERROR_INVALID_CLASS"),
    [JT_JTHREAD]       = LEAF("jthread", "jthread", true, "started null frame impl", "JVMTI_ERROR_INVALID_THREAD", "JVMTI_ERROR_INVALID_THREAD JVMTI_ERROR_THREAD_NOT_ALIVE"),
    [JT_JTHREADGROUP]  = LEAF("jthreadGroup", "jthreadGroup", true, NULL, "JVMTI_ERROR_INVALID_THREAD_GROUP", "JVMTI_ERROR_INVALID_THREAD_GROUP"),
    [JT_JOBJECT]       = LEAF("jobject", "jobject", true, NULL, NULL, "JVMTI_ERROR_INVALID_OBJECT"),
    [JT_JVALUE]        = LEAF("jvalue", "jvalue", false, NULL, NULL, NULL),
    [JT_JCHAR]         = LEAF("jchar", "jchar", false, NULL, NULL, NULL),
    [JT_JINT]          = LEAF("jint", "jint", false, "min", NULL, NULL),
    [JT_JLONG]         = LEAF("jlong", "jlong", false, "min", NULL, NULL),
    [JT_JFLOAT]        = LEAF("jfloat", "jfloat", false, NULL, NULL, NULL),
    [JT_JDOUBLE]       = LEAF("jdouble", "jdouble", false, NULL, NULL, NULL),
    [JT_JLOCATION]     = LEAF("jlocation", "jlocation", false, NULL, NULL, NULL),
    [JT_JBOOLEAN]      = LEAF("jboolean", "jboolean", false, NULL, NULL, NULL),
    [JT_CHAR]          = LEAF("char", "char", false, NULL, NULL, NULL),
    [JT_UCHAR]         = LEAF("uchar", "unsigned char", false, NULL, NULL, NULL),
    [JT_SIZE_T]        = LEAF("size_t", "size_t", false, NULL, NULL, NULL),
    [JT_VOID]          = LEAF("void", "void", false, NULL, NULL, NULL),
    [JT_ENUM]          = LEAF("enum", NULL, false, NULL, NULL, "JVMTI_ERROR_ILLEGAL_ARGUMENT"),
    [JT_STRUCT]        = LEAF("struct", NULL, false, NULL, NULL, NULL),
    [JT_VARARGS]       = LEAF("varargs", "", false, NULL, NULL, NULL),   /* the param id is "..." */
    /* ptrtype: the value is the inner type's (a reference or a function
     * pointer), so NULL rules come from the inner leaf; see jt_null_error() */
    [JT_PTRTYPE]       = { "ptrtype", true, NULL, "", "", false, JT_FLOW_VALUE, 0, NULL, NULL, NULL },
    [JT_OUTPTR]        = WRAP("outptr", "", "*", JT_FLOW_OUT, 0, NULL),
    [JT_ALLOCBUF]      = WRAP("allocbuf", "", "**", JT_FLOW_OUT, 1, "incount outcount"),
    [JT_ALLOCALLOCBUF] = WRAP("allocallocbuf", "", "***", JT_FLOW_OUT, 2, "incount outcount"),
    [JT_INPTR]         = WRAP("inptr", "const ", "*", JT_FLOW_IN, 0, NULL),
    [JT_INBUF]         = WRAP("inbuf", "const ", "*", JT_FLOW_IN, 0, "incount"),
    [JT_OUTBUF]        = WRAP("outbuf", "", "*", JT_FLOW_OUT, 0, "incount outcount"),
    [JT_VMBUF]         = WRAP("vmbuf", "const ", "*", JT_FLOW_VALUE, 0, "incount outcount"),
    [JT_AGENTBUF]      = WRAP("agentbuf", "", "**", JT_FLOW_OUT, 0, "incount outcount"),
    [JT_ALLOCFIELDBUF] = WRAP("allocfieldbuf", "", "*", JT_FLOW_VALUE, 1, "outcount"),
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
    if (outer == JT_PTRTYPE)
        return leaf == JT_STRUCT ? "JVMTI_ERROR_NULL_POINTER" : jt_kinds[leaf].null_error;
    return jt_kinds[outer].null_error;
}
