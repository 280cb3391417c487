/* ident_lint.h — the entries of a translation catalog whose identifiers
 * disagree with their English unit (--lint --translations). */
#ifndef JVMTIGEN_I18N_IDENT_LINT_H
#define JVMTIGEN_I18N_IDENT_LINT_H

#include <stdbool.h>

#include "i18n/catalog.h"
#include "model/model.h"

/* How many translated entries of CAT name other identifiers (or copy other
 * elements as they are) than their msgid; each listed as a warning at its
 * line when REPORT. */
int jt_ident_lint(const jt_spec *spec, const jt_catalog *cat, bool report);

#endif
