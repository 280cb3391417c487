/* jc_version.h — JVMTI version numbers as the runtime reads them: the
 * arithmetic on JVMTI_VERSION_* (interface type, major, minor, micro), the
 * "MAJOR.MINOR" text messages and the run header show, and the JDK a
 * version names.  One helper each, so that the masks and shifts are
 * written once (jc_vm.c, jc_errdoc.c, jc_header.c, jc_support.c and
 * jc_vthreads.c all ask).
 *
 * Header-only (static inline): a few instructions each, called on the slow
 * path (VM detection, messages) and from files the e2e helper builds
 * alone.
 */
#ifndef JC_VERSION_H
#define JC_VERSION_H

#include <stddef.h>
#include <stdio.h>

#include "jvmti.h"

/* The version without its micro part, comparable with a `since` (which
 * the generator writes without one). */
static inline jint jc_version_mm(jint v)
{
    return (jint)((unsigned)v & (JVMTI_VERSION_MASK_INTERFACE_TYPE | JVMTI_VERSION_MASK_MAJOR |
                                 JVMTI_VERSION_MASK_MINOR));
}

static inline unsigned jc_version_major(jint v)
{
    return ((unsigned)v & JVMTI_VERSION_MASK_MAJOR) >> JVMTI_VERSION_SHIFT_MAJOR;
}

static inline unsigned jc_version_minor(jint v)
{
    return ((unsigned)v & JVMTI_VERSION_MASK_MINOR) >> JVMTI_VERSION_SHIFT_MINOR;
}

/* "17.0", "1.2": major and minor, as records and messages show them. */
static inline const char *jc_version_text(jint v, char *buf, size_t len)
{
    snprintf(buf, len, "%u.%u", jc_version_major(v), jc_version_minor(v));
    return buf;
}

/* The JDK whose VM answers v: JDK 9 and later have their own major; a 1.x
 * version is JDK 8 or older, taken as 8. */
static inline int jc_version_jdk(jint v)
{
    unsigned major = jc_version_major(v);
    return major >= 9 ? (int)major : 8;
}

#endif
