/* jc_option_doc.h — the shim's options table, read as documentation.
 *
 * The parser's table (jc_options.c) is the one source of every fact about
 * an option: its name, the words or argument it takes, its default and a
 * line saying what it does.  `help` (jc_help.c) prints its rows, and
 * jvmticheck-options (tools/options_doc.c, run by make and by
 * tests/docs/options-doc.sh) writes them as jvmticheck(7)'s OPTIONS entries and
 * as the option tables of doc/shim.md and doc/transport.md, so no copy of
 * them is kept by hand.  A copy of the row, not the row: the parser's
 * struct stays private to the parser.
 */
#ifndef JC_OPTION_DOC_H
#define JC_OPTION_DOC_H

#include <stdbool.h>
#include <stddef.h>

#include "jc_common.h"

#define JC_OPTION_WORDS_MAX 8

typedef struct jc_option_doc {
    const char *name;
    const char *arg;            /* FILE, N, ...; NULL: a keyword option (words);
                                 * "": the name alone (help) */
    const char *words[JC_OPTION_WORDS_MAX + 1];  /* its words, NULL-ended */
    bool joined;                /* several words may be joined by '+' */
    const char *expected;       /* what the parser's messages say it takes */
    const char *dflt;           /* the default, as words */
    const char *dflt_transport; /* libdt_check's, where it differs (else NULL) */
    const char *help;           /* what it does, one line */
    unsigned ifaces;            /* JC_IFACE_* bits that take it */
} jc_option_doc;

/* Row i of the table (the parser's order), false past the last. */
bool jc_option_doc_at(size_t i, jc_option_doc *out);

/* The default of d for an interface. */
static inline const char *jc_option_doc_default(const jc_option_doc *d, enum jc_iface_id iface)
{
    return iface == JC_IFACE_TRANSPORT && d->dflt_transport ? d->dflt_transport : d->dflt;
}

#endif
