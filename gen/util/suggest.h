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

struct option;
/* After getopt_long returned '?' (opterr 0): the message for it, naming
 * the word typed (not whatever element optind points at; prev is optind
 * before that getopt_long call) with the closest of the long options opts,
 * the letters of the short options shorts and the NULL-terminated extra
 * words ("unknown option --heder (did you mean --header?)"), or the long
 * options an abbreviation stands for.  In a static buffer. */
const char *jt_unknown_option(int argc, char **argv, int prev, const struct option *opts, const char *shorts,
                              const char *const *extra);

/* A subcommand's usage error: "jvmtigen COMMAND: error: MSGARG" and where
 * --help is, on stderr; returns 2, the usage exit status. */
int jt_usage_error(const char *command, const char *msg, const char *arg);

#endif
