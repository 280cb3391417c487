/* banner.h — the opening of the files OpenJDK's generator writes for
 * HotSpot (jvmtiEnv.hpp, and the jvmtiEnter*.cpp files): the spec's leading
 * comment copied verbatim as a C comment, then a "generated" line.
 *
 * jvmti.h is one only in part: it carries the GPL with the Classpath
 * exception, rewritten line by line (emit_header.c), then the same
 * "generated" line. */
#ifndef JVMTIGEN_BANNER_H
#define JVMTIGEN_BANNER_H

#include "model/model.h"
#include "util/outfile.h"

typedef enum jt_banner_kind {
    JT_BANNER_INCLUDE,      /* a header: the generated line is a C comment */
    JT_BANNER_SOURCE        /* a .cpp: the generated line is a // comment */
} jt_banner_kind;

/* Writes the banner as the generator of JDK feature version `major` wrote
 * it (a JVMTI 1.x spec, as in JDK 8, passes 1). */
void jt_put_openjdk_banner(jt_out *o, const jt_spec *s, int major, jt_banner_kind kind);

/* The "generated file" line alone, as that generator wrote it (jvmti.h has
 * its own copyright comment, then this line). */
const char *jt_openjdk_generated_line(int major, jt_banner_kind kind);

#endif
