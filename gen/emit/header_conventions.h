/* header_conventions.h — how each JDK's own generator laid out jvmti.h.
 *
 * OpenJDK writes jvmti.h with a stylesheet (jvmtiH.xsl) that each JDK
 * release edits a little: the JVMTI_VERSION_x enumerators are written out
 * in the stylesheet (they do not follow from the spec's since= values), the
 * copyright comment changed form (the "generated" line after it is
 * banner.h's), the JDK 8-era stylesheet left
 * trailing spaces on some lines, the minor version became a constant once
 * the build passed the major version as a parameter, and struct tags lost
 * their underscore.  To be byte-identical for every JDK, these conventions
 * are one table, a row per change point keyed by the feature version the
 * header declares; the header emitter asks for the row and never compares
 * version numbers itself.
 */
#ifndef JVMTIGEN_HEADER_CONVENTIONS_H
#define JVMTIGEN_HEADER_CONVENTIONS_H

#include <stdbool.h>

typedef enum jt_copyright_form {
    JT_COPYRIGHT_VERBATIM,  /* the spec's leading comment as it is (JDK 8) */
    JT_COPYRIGHT_GPL_CP,    /* each line prefixed with a star, the Classpath
                               exception added after the GPL grant, as
                               every JDK include file has it */
} jt_copyright_form;

typedef struct jt_header_conventions {
    int from_major, from_minor; /* first JVMTI version of the row: 1.0,
                                   1.1, 1.2 for JDK 5, 6, 7-8, then the JDK
                                   feature version (minor 0) */
    const char *since_jdk;      /* the JDK release that made the change */
    /* The enumerators JVMTI_VERSION_<name> the header declares, in order,
     * space separated ("1" is the alias of 1.0). */
    const char *versions;
    jt_copyright_form copyright;
    /* JDK 8's stylesheet ended some lines with a space (the constants
     * groups' comments, "JNICALL", the comma between parameters) and kept
     * indented blank lines: eol is " " there, "" later; blank1/blank2 are the two indented blank lines of
     * the forward declarations, blank3 the one after "Function Interface". */
    const char *eol;
    const char *blank1, *blank2, *blank3;
    /* Minor version in JVMTI_VERSION: from the spec ("(2 * 0x100)"), or the
     * constant "( 0 * 0x100)" once the build passed the major version. */
    bool minor_from_spec;
    const char *struct_tag;     /* prefix of struct and union tags */
    const char *tail;           /* after the include guard's #endif */
} jt_header_conventions;

/* The row in force for a header declaring JVMTI version major.minor. */
const jt_header_conventions *jt_header_conventions_for(int major, int minor);

/* Every row, oldest first (for tests and documentation). */
extern const jt_header_conventions jt_header_convention_rows[];
extern const int jt_nheader_convention_rows;

#endif
