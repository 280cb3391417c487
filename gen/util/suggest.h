/* suggest.h — "did you mean ...?" for a mistyped option or command: the
 * known word closest to what was typed, or none when nothing is close. */
#ifndef JVMTIGEN_SUGGEST_H
#define JVMTIGEN_SUGGEST_H

#include <stddef.h>

/* The candidate closest to typed, or NULL.  Leading dashes and letter case
 * count for little ("-in" finds "-IN", "-header" finds "--header"); other
 * differences count one per letter added, dropped, changed or swapped, and
 * at most a third of the word's letters may differ. */
const char *jt_suggest(const char *typed, const char *const *candidates, size_t n);

#endif
