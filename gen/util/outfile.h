/* outfile.h — write an output file atomically.
 *
 * Text goes to a temporary file beside the destination; jt_out_commit()
 * flushes and checks every write, jt_out_abort() removes it, and
 * jt_out_finish() renames all committed files into place at the end of the
 * run.  So an error at any point leaves no partial output.
 *
 * With jt_out_to_stdout(), files are collected in memory instead and
 * jt_out_finish() writes them to standard output (--stdout). */
#ifndef JVMTIGEN_OUTFILE_H
#define JVMTIGEN_OUTFILE_H

#include <stdarg.h>
#include <stdio.h>

typedef struct jt_out jt_out;

/* From now on, outputs go to standard output at jt_out_finish(). */
void jt_out_to_stdout(void);
/* Makes the output directory dir unless it is one already; 0, or -1 after
 * a message. */
int jt_out_dir(const char *dir);
/* 0 when path may be replaced by a new regular file: it does not exist, or
 * is a regular file; else -1 after a message naming what it is (a rename
 * over /dev/null as root would put a regular file in its place). */
int jt_out_replaceable(const char *path);
/* Opens DIR/NAME.tmpXXXXXX; NULL (message printed) on failure, or when
 * DIR/NAME is no regular file (jt_out_replaceable). */
jt_out *jt_out_open(const char *dir, const char *name);
FILE *jt_out_file(jt_out *o);
/* An output kept in memory, never published: an emitter that rewrites its
 * text before writing it (emit_tables.c for a non-JVMTI interface).
 * jt_out_memory_text() ends the writing and returns the text (NUL ended,
 * owned by o) or NULL when writing failed; jt_out_abort() frees it. */
jt_out *jt_out_open_memory(void);
const char *jt_out_memory_text(jt_out *o);
void jt_out_puts(jt_out *o, const char *s);
void jt_out_printf(jt_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* n bytes; -1 when they could not be written (the cause is kept for
 * jt_out_commit's message). */
int jt_out_write(jt_out *o, const void *p, size_t n);
/* Marks o failed (EIO unless a write failed first with its own cause). */
void jt_out_fail(jt_out *o);
/* Finish writing: 0 when every byte reached the temp file, which then waits
 * for jt_out_finish(); on failure prints why, removes it, returns -1. */
int jt_out_commit(jt_out *o);
void jt_out_abort(jt_out *o);
/* Publish (ok != 0: rename every committed file into place) or discard all
 * of them, so a run that fails part-way leaves no output at all.  Returns 0
 * when everything was published. */
int jt_out_finish(int ok);

#endif
