/* diff.h — what changed between two JVM TI specifications.
 *
 *     jvmtigen diff [--format=text|json|html] [-q] OLD.xml NEW.xml
 *
 * Compares the API of two loaded models (never the XML): functions, events,
 * callbacks, errors, capabilities, constants, structs and base types added
 * or removed; signature, phase, callback-safety, capability and error-list
 * changes; and, flagged as ABI-relevant, anything a compiled agent relies
 * on: table slots, event numbers, struct layout, capability bits, constant
 * and error values, C parameter types, and every removal.  Elided functions
 * and events are not part of the API and count as absent.
 *
 * Text output is one line per change, "KIND NAME: WHAT[ [ABI]]", sorted by
 * kind (functions, events, callbacks, errors, capabilities, constants
 * groups, constants, structs, base types), then name, then text; so two runs
 * compare with diff(1).  Exit status: 0 identical, 1 different, 2 error. */
#ifndef JVMTIGEN_DIFF_H
#define JVMTIGEN_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

typedef struct jt_delta {
    int group;              /* position of kind in the report order */
    const char *kind;       /* "function", "event", "capability", ... */
    char *name;             /* id of what changed */
    const char *change;     /* "added", "removed", "changed", "renamed" */
    char *aspect;           /* what of it changed ("slot", "param thread"),
                               NULL for the thing itself */
    char *old_value, *new_value;    /* NULL when not a value change */
    bool abi;               /* can break an agent compiled against OLD */
    char *text;             /* the line of the text format */
} jt_delta;

typedef struct jt_delta_list {
    jt_delta *items;
    size_t n, cap;
} jt_delta_list;

/* Appends the changes from old to new to out, sorted for reporting. */
void jt_diff_specs(const jt_spec *old, const jt_spec *new_, jt_delta_list *out);
void jt_delta_list_free(jt_delta_list *l);

/* `jvmtigen diff ...`: argv[0] is "diff" (main passes argc - 1, argv + 1).
 * Returns the exit status: 0 identical, 1 differences, 2 bad usage or a
 * spec that does not load. */
int jt_diff_main(int argc, char **argv);

#endif
