/* header_conventions.c — the table behind header_conventions.h.
 *
 * One row per change point of OpenJDK's jvmtiH.xsl/jvmtiLib.xsl, each row
 * complete, so a row reads as "what a JDK N header looks like".  Rows for
 * JDK 8, 11, 17, 21 and 25 are checked byte for byte against OpenJDK's own
 * generator output (tests/golden/golden.sh); the JDK 9 row is read off
 * JDK 9's jvmtiH.xsl (its layout is already JDK 11's, with one version
 * fewer), and the JDK 13, 16 and 19 change points are placed from the
 * stylesheets' history, with no reference output here to compare against.
 */
#include <stddef.h>

#include "emit/header_conventions.h"

const jt_header_conventions jt_header_convention_rows[] = {
    /* from      JDK    versions declared           copyright              eol  blank1      blank2 blank3  minor  tag  tail */
    /* JVMTI 1.x: the header declares the 1.x versions up to its own
     * (JDK 5's stylesheet had JDK 8's frame otherwise, but no Agent_OnAttach
     * nor pre-declarations: JDK 5 layout is not reproduced) */
    { 1, 0,  "5",   "1 1_0",                    JT_COPYRIGHT_VERBATIM, " ", "        ", "  ", "    ", true,  "_", "\n\n" },
    { 1, 1,  "6",   "1 1_0 1_1",                JT_COPYRIGHT_VERBATIM, " ", "        ", "  ", "    ", true,  "_", "\n\n" },
    { 1, 2,  "7-8", "1 1_0 1_1 1_2",            JT_COPYRIGHT_VERBATIM, " ", "        ", "  ", "    ", true,  "_", "\n\n" },
    /* JDK 9: JVMTI_VERSION_9; the GPL + Classpath comment; trailing spaces
     * and indented blank lines gone */
    { 9, 0,  "9",   "1 1_0 1_1 1_2 9",          JT_COPYRIGHT_GPL_CP,   "",  "",         "",   "",     true,  "_", "\n" },
    { 11, 0, "11",  "1 1_0 1_1 1_2 9 11",       JT_COPYRIGHT_GPL_CP,   "",  "",         "",   "",     true,  "_", "\n" },
    /* JDK 13: the build passes the major version; minor is always 0 */
    { 13, 0, "13",  "1 1_0 1_1 1_2 9 11",       JT_COPYRIGHT_GPL_CP,   "",  "",         "",   "",     false, "_", "\n" },
    /* JDK 16: struct and union tags without the underscore */
    { 16, 0, "16",  "1 1_0 1_1 1_2 9 11",       JT_COPYRIGHT_GPL_CP,   "",  "",         "",   "",     false, "",  "\n" },
    /* JDK 19: virtual threads (preview) */
    { 19, 0, "19",  "1 1_0 1_1 1_2 9 11 19",    JT_COPYRIGHT_GPL_CP,   "",  "",         "",   "",     false, "",  "\n" },
    { 21, 0, "21",  "1 1_0 1_1 1_2 9 11 19 21", JT_COPYRIGHT_GPL_CP,   "",  "",         "",   "",     false, "",  "\n" },
};

const int jt_nheader_convention_rows =
    (int)(sizeof jt_header_convention_rows / sizeof jt_header_convention_rows[0]);

const jt_header_conventions *jt_header_conventions_for(int major, int minor)
{
    const jt_header_conventions *row = &jt_header_convention_rows[0];
    for (int i = 0; i < jt_nheader_convention_rows; i++) {
        const jt_header_conventions *r = &jt_header_convention_rows[i];
        if (r->from_major < major || (r->from_major == major && r->from_minor <= minor))
            row = r;
    }
    return row;
}
