/* html_search.h — the search index of jvmti.html, built at generation time.
 *
 * One JSON object, small enough to inline in the page:
 *
 *   {"kinds": ["function", "event", ...],
 *    "rows": [[name, kind, anchor, detail, keywords?], ...]}
 *
 * kind indexes "kinds"; anchor is the element id to jump to, or 0 when it
 * equals name; detail is shown under the name; keywords (optional) are
 * searched but not shown: a constant's value in decimal and hex, the
 * identifiers a section's examples and code mention ("Agent_OnLoad" for
 * "Agent Start-Up (OnLoad phase)").  Rows cover functions, events, types,
 * constants, capabilities, errors, parameters and intro sections, each
 * with the anchor the page gives it (tests/html/html.sh checks they resolve).
 * templates/search.js ranks and matches them, typos included. */
#ifndef JVMTIGEN_HTML_SEARCH_H
#define JVMTIGEN_HTML_SEARCH_H

#include <stdio.h>

#include "model/model.h"

struct jt_prose;

/* Writes the index, safe to place inside <script> (no "<", ">" or "&").
 * PROSE (--translations, or NULL): titles, synopses and section names as
 * the page shows them, the English section name kept as keywords. */
void jt_html_search_index(FILE *f, const jt_spec *s, const struct jt_prose *prose);

#endif
