/* outfile.h — write an output file atomically.
 *
 * Text goes to a temporary file beside the destination; jt_out_commit()
 * flushes, checks every write and renames it into place, jt_out_abort()
 * removes it.  So an error at any point leaves no partial output. */
#ifndef JVMTIGEN_OUTFILE_H
#define JVMTIGEN_OUTFILE_H

#include <stdarg.h>
#include <stdio.h>

typedef struct jt_out jt_out;

/* Opens DIR/NAME.tmpXXXXXX; NULL (message printed) on failure. */
jt_out *jt_out_open(const char *dir, const char *name);
FILE *jt_out_file(jt_out *o);
void jt_out_puts(jt_out *o, const char *s);
void jt_out_printf(jt_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* 0 on success; on failure prints why, removes the temp file, returns -1. */
int jt_out_commit(jt_out *o);
void jt_out_abort(jt_out *o);

#endif
