/* diag.c — "file:line: level: message" diagnostics (see diag.h). */
#include "util/diag.h"

#include <stdio.h>
#include <stdlib.h>

static int n_errors, n_warnings, quiet_warnings, show_notes, silent;
static const char *program = "jvmtigen";

static const char *const level_names[] = { "note", "warning", "error" };

void jt_vdiag(jt_diag_level lvl, const char *file, int line, const char *fmt, va_list ap)
{
    if (lvl == JT_DIAG_ERROR)
        n_errors++;
    else if (lvl == JT_DIAG_WARNING)
        n_warnings++;
    if (silent || (lvl != JT_DIAG_ERROR && quiet_warnings) || (lvl == JT_DIAG_NOTE && !show_notes))
        return;
    if (file && line > 0)
        fprintf(stderr, "%s:%d: %s: ", file, line, level_names[lvl]);
    else
        fprintf(stderr, "%s: %s: ", file ? file : program, level_names[lvl]);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void jt_diag(jt_diag_level lvl, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    jt_vdiag(lvl, file, line, fmt, ap);
    va_end(ap);
}

int jt_diag_errors(void) { return n_errors; }
int jt_diag_warnings(void) { return n_warnings; }
void jt_diag_reset(void) { n_errors = n_warnings = 0; }
void jt_diag_set_quiet_warnings(int quiet) { quiet_warnings = quiet; }
void jt_diag_set_show_notes(int show) { show_notes = show; }
void jt_diag_set_silent(int on) { silent = on; }
void jt_diag_set_program(const char *name) { program = name; }

void jt_fatal(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: error: ", program);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}
