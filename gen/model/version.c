/* version.c — JVMTI version numbers as the outputs write them (see
 * version.h). */
#include <stdio.h>

#include "model/version.h"

/* The first JDK whose JVMTI major version is its release number. */
enum { FIRST_NUMBERED_JDK = 9 };

unsigned jt_jvmti_version(int major, int minor, int micro)
{
    return 0x30000000u + ((unsigned)major << 16) + ((unsigned)minor << 8) + (unsigned)micro;
}

char *jt_version_text(char *buf, size_t n, int major, int minor, int micro)
{
    snprintf(buf, n, "%d.%d.%d", major, minor, micro);
    return buf;
}

int jt_jdk_release(int major)
{
    return major >= FIRST_NUMBERED_JDK ? major : 8;
}

char *jt_version_label(char *buf, size_t n, int major, int minor, int micro)
{
    if (major >= FIRST_NUMBERED_JDK)
        snprintf(buf, n, "%d", major);
    else
        jt_version_text(buf, n, major, minor, micro);
    return buf;
}
