/* lint.h — checks of a loaded spec beyond what loading needs.
 *
 * The loader refuses what it cannot model (dangling links, unknown kinds,
 * slot collisions, undefined references).  jt_lint() runs after a
 * successful load under --lint and reports what is legal but suspect, or
 * worth knowing, each with a stable rule name:
 *
 *     file:line: error|warning|note: [rule] message
 *
 * The rules, their levels and what each catches are listed in
 * doc/lint-rules.md and in jt_lint_rules[] (one place for each fact). */
#ifndef JVMTIGEN_LINT_H
#define JVMTIGEN_LINT_H

#include "util/diag.h"
#include "model/model.h"

typedef struct jt_lint_rule {
    const char *name;           /* "enum-duplicate": stable, used in messages */
    jt_diag_level level;        /* every report of the rule has this level */
    const char *summary;        /* one line, for docs and --help */
} jt_lint_rule;

extern const jt_lint_rule jt_lint_rules[];
extern const int jt_nlint_rules;

/* Runs every rule over s; prints the reports.  Returns the number of errors
 * reported (warnings and notes do not count). */
int jt_lint(const jt_spec *s);
/* The same, printing only reports at min_level or above.  Generation runs
 * it at JT_DIAG_ERROR: a spec with a lint error (two definitions of one
 * name, say) would give a header that does not compile. */
int jt_lint_at(const jt_spec *s, jt_diag_level min_level);

#endif
