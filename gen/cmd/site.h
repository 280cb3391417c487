/* site.h — `jvmtigen site [-o DIR] [-q] SPEC.xml...`: one HTML page per
 * spec version, with a version switcher and "changed in" badges, and a
 * "what changed" page between consecutive versions (see emit/site.h). */
#ifndef JVMTIGEN_CMD_SITE_H
#define JVMTIGEN_CMD_SITE_H

/* argv[0] is "site".  Returns the exit status: 0 written, 1 a spec that
 * does not load or a failed write (nothing written), 2 bad usage. */
int jt_site_main(int argc, char **argv);

#endif
