/* site.h — what `jvmtigen site` tells the HTML emitter about the other
 * versions of a multi-version site (gen/cmd/site.c builds it), and the
 * site's own pages (gen/emit/emit_site.c: the index and one "what
 * changed" page per pair of consecutive versions).
 *
 * Layout of a site in DIR, versions in ascending order:
 *     DIR/index.html                 versions and their changes pages
 *     DIR/LABEL/jvmti.html           one page per version, with a version
 *                                    switcher and "changed in" badges
 *     DIR/changes-OLD-NEW.html       from jt_diff_specs (gen/analyze/diff.c)
 */
#ifndef JVMTIGEN_SITE_H
#define JVMTIGEN_SITE_H

#include <stddef.h>

#include "analyze/diff.h"

/* Something that changed (not added, not removed) in versions[version]
 * since versions[version - 1]. */
typedef struct jt_site_change {
    const char *kind;           /* "function", "event", "capability" */
    const char *name;
    int version;                /* index into labels, >= 1 */
} jt_site_change;

typedef struct jt_site_info {
    const char *const *labels;  /* "1.2.3", "11", ... ascending */
    int nversions;
    int current;                /* the page being written */
    const jt_site_change *changes;
    size_t nchanges;
} jt_site_info;

/* The file name of the changes page between versions i - 1 and i. */
void jt_site_changes_file(const jt_site_info *site, int i, char *buf, size_t n);

/* DIR/index.html; COUNTS[i]: number of changes from version i - 1 to i.
 * 0, or -1 (message printed). */
struct jt_catalog;
/* UI: the pages' own words (--lang), or NULL for English. */
int jt_emit_site_index(const char *dir, const jt_site_info *site, const size_t *counts, struct jt_catalog *ui);
/* DIR/changes-OLD-NEW.html for versions i - 1 and i, from their deltas. */
int jt_emit_site_changes(const char *dir, const jt_site_info *site, int i, const jt_delta_list *deltas,
                         struct jt_catalog *ui);

#endif
