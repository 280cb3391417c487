/* jl_words.h — lists of words, and the option variables' word syntax.
 *
 * JAVA_TOOL_OPTIONS, _JAVA_OPTIONS (read by HotSpot) and JDK_JAVA_OPTIONS
 * (read by the java launcher of JDK 9 and later) are split the same way:
 * words between white space (isspace), where a ' or " opens a quoted part
 * that runs to the same quote character and may hold white space and the
 * other quote; quotes are removed, there are no escapes, and quoted and
 * unquoted parts next to each other make one word.  An unmatched quote
 * makes the VM (or launcher) stop with an error.
 */
#ifndef JVMTICHECK_JL_WORDS_H
#define JVMTICHECK_JL_WORDS_H

#include <stdbool.h>
#include <stddef.h>

/* A growable list of strings, each owned (malloc'd); v[n] is NULL. */
typedef struct jl_words {
    char **v;
    size_t n, cap;
} jl_words;

/* Appends a copy of s (s itself: jl_words_take).  Exits on no memory. */
void jl_words_add(jl_words *w, const char *s);
void jl_words_take(jl_words *w, char *s);
/* Inserts a copy of s before position at (0..n). */
void jl_words_insert(jl_words *w, size_t at, const char *s);
/* Replaces word i (freed) with s, taken. */
void jl_words_set(jl_words *w, size_t i, char *s);
void jl_words_free(jl_words *w);

/* Splits text as the VM splits an option variable, appending to out.
 * false: an unmatched quote (out then holds the words before it). */
bool jl_words_split(const char *text, jl_words *out);

/* One word written so that jl_words_split gives it back (quoted only
 * where needed); malloc'd. */
char *jl_words_quote(const char *word);

/* The words, each quoted, joined by single spaces; malloc'd. */
char *jl_words_join(const jl_words *w);

/* One word for a POSIX shell (for --dry-run): as is when it holds only
 * characters no shell treats specially, else in single quotes. */
char *jl_shell_quote(const char *word);

/* malloc/strdup/asprintf that exit with a message on no memory. */
void *jl_xmalloc(size_t n);
char *jl_xstrdup(const char *s);
char *jl_xstrndup(const char *s, size_t n);
char *jl_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
