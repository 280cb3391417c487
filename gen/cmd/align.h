/* align.h — `jvmtigen align`: a PO catalog for --translations from the
 * plain text of a translated page (i18n/align.c does the placing). */
#ifndef JVMTIGEN_CMD_ALIGN_H
#define JVMTIGEN_CMD_ALIGN_H

/* argv[0] is "align".  Returns the exit status: 0 written, 1 a spec or
 * text that does not load or a failed write (nothing written), 2 bad
 * usage. */
int jt_align_main(int argc, char **argv);

#endif
