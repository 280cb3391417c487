/* kinds.c — the table of JVMTI type elements (see kinds.h). */
#include "kinds.h"

#include <string.h>

#define LEAF(x, c, ref, at) \
    { x, false, c, NULL, NULL, ref, JT_FLOW_NONE, 0, at }
#define WRAP(x, pre, suf, flow, allocs, at) \
    { x, true, NULL, pre, suf, false, flow, allocs, at }

const struct jt_kind_info jt_kinds[JT_KIND_COUNT] = {
    [JT_KIND_NONE]     = { "", false, NULL, NULL, NULL, false, JT_FLOW_NONE, 0, NULL },
    [JT_JMETHODID]     = LEAF("jmethodID", "jmethodID", true, "class native"),
    [JT_JFIELDID]      = LEAF("jfieldID", "jfieldID", true, "class"),
    [JT_JFRAMEID]      = LEAF("jframeID", "jint", false, "thread"),  /* a frame depth */
    [JT_JRAWMONITORID] = LEAF("jrawMonitorID", "jrawMonitorID", true, NULL),
    [JT_JCLASS]        = LEAF("jclass", "jclass", true, "method field"),
    [JT_JTHREAD]       = LEAF("jthread", "jthread", true, "started null frame impl"),
    [JT_JTHREADGROUP]  = LEAF("jthreadGroup", "jthreadGroup", true, NULL),
    [JT_JOBJECT]       = LEAF("jobject", "jobject", true, NULL),
    [JT_JVALUE]        = LEAF("jvalue", "jvalue", false, NULL),
    [JT_JCHAR]         = LEAF("jchar", "jchar", false, NULL),
    [JT_JINT]          = LEAF("jint", "jint", false, "min"),
    [JT_JLONG]         = LEAF("jlong", "jlong", false, "min"),
    [JT_JFLOAT]        = LEAF("jfloat", "jfloat", false, NULL),
    [JT_JDOUBLE]       = LEAF("jdouble", "jdouble", false, NULL),
    [JT_JLOCATION]     = LEAF("jlocation", "jlocation", false, NULL),
    [JT_JBOOLEAN]      = LEAF("jboolean", "jboolean", false, NULL),
    [JT_CHAR]          = LEAF("char", "char", false, NULL),
    [JT_UCHAR]         = LEAF("uchar", "unsigned char", false, NULL),
    [JT_SIZE_T]        = LEAF("size_t", "size_t", false, NULL),
    [JT_VOID]          = LEAF("void", "void", false, NULL),
    [JT_ENUM]          = LEAF("enum", NULL, false, NULL),
    [JT_STRUCT]        = LEAF("struct", NULL, false, NULL),
    [JT_VARARGS]       = LEAF("varargs", "", false, NULL),   /* the param id is "..." */
    [JT_PTRTYPE]       = WRAP("ptrtype", "", "", JT_FLOW_VALUE, 0, NULL),
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
