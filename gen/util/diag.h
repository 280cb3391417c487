/* diag.h — diagnostics in the one format every tool of ours prints:
 *     file:line: error: what is wrong (what was expected)
 * Counts errors so a phase can finish reporting before it gives up. */
#ifndef JVMTIGEN_DIAG_H
#define JVMTIGEN_DIAG_H

#include <stdarg.h>

typedef enum { JT_DIAG_NOTE, JT_DIAG_WARNING, JT_DIAG_ERROR } jt_diag_level;

/* line <= 0 prints "file: level: msg". */
void jt_diag(jt_diag_level lvl, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void jt_vdiag(jt_diag_level lvl, const char *file, int line, const char *fmt, va_list ap);

int jt_diag_errors(void);       /* errors reported since the last reset */
int jt_diag_warnings(void);
void jt_diag_reset(void);
void jt_diag_set_quiet_warnings(int quiet);
/* Notes (quirks of a spec that do not affect outputs) print only when asked,
 * e.g. by --lint. */
void jt_diag_set_show_notes(int show);
/* Count diagnostics but print none (the fuzzer, which makes millions). */
void jt_diag_set_silent(int on);
/* Program name used for messages without a file ("jvmtigen: error: ..."). */
void jt_diag_set_program(const char *name);
void jt_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
