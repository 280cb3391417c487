/* version.h — JVMTI version numbers as the outputs write them: the
 * number GetVersionNumber returns, the text "1.2.3", the JDK a version
 * belongs to and the short label `jvmtigen site` names a version by.
 * One helper per fact, so that jvmti.h, the wrapper, the page, the name
 * tables, the site and `jvmtigen diff` cannot disagree.  Which version a
 * spec describes is jt_spec_version() (model.h).  The runtime decodes the
 * same number on its own (gen/runtime is built without gen/). */
#ifndef JVMTIGEN_VERSION_H
#define JVMTIGEN_VERSION_H

#include <stddef.h>

/* 0x30000000 + major * 0x10000 + minor * 0x100 + micro: the JVMTI
 * interface type in the top bits, then the three parts. */
unsigned jt_jvmti_version(int major, int minor, int micro);

/* "MAJOR.MINOR.MICRO" into BUF; returns BUF. */
char *jt_version_text(char *buf, size_t n, int major, int minor, int micro);

/* The JDK feature release a spec of that major version belongs to: the
 * major version itself from JDK 9 on; the 1.x specs are read as JDK 8's. */
int jt_jdk_release(int major);

/* A spec's short label: its JDK release from JDK 9 on ("17"), else its
 * version text ("1.2.3").  Into BUF; returns BUF. */
char *jt_version_label(char *buf, size_t n, int major, int minor, int micro);

#endif
