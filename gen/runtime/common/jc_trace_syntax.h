/* jc_trace_syntax.h — the syntax of the shim's text and jsonl records, one
 * definition for the two programs that write it: the shim, as it runs
 * (jc_trace.c, and jc_crash.c's last records), and `jvmtigen trace`, which
 * prints a format=bin recording as the shim would have (gen/trace/).
 * A record that reads the same from both is the point of the decoder, so
 * the punctuation of each format, the kind words and the rule for a bare
 * word in text live here once.  The words for a phase are an interface's
 * (jc_iface's phase_name): JVMTI's are jvmti/jc_trace_phases.h.
 *
 * Plain data and pure functions, no allocation, nothing of the runtime's
 * state: the generator compiles this file too (it must not need the
 * runtime), and the crash path calls it from a signal handler.
 */
#ifndef JC_TRACE_SYNTAX_H
#define JC_TRACE_SYNTAX_H

#include <stdbool.h>
#include <stddef.h>

typedef struct jc_trace_syntax {
    const char *args_open, *args_empty, *group_close, *out_open, *sep;
    const char *null;
    const char *sym_quote;      /* around names and pointers: none in text */
    const char *char_quote;
    const char *field_sep;      /* before an extra field */
    const char *key_open, *key_close;
    const char *const *kind_words;  /* by JC_BIN_K_* (jc_bintrace.h); "" for a string record */
} jc_trace_syntax;

extern const jc_trace_syntax jc_trace_text, jc_trace_jsonl;

/* A record kind's word (JC_BIN_K_*: call, VIOLATION in text, violation in
 * jsonl, ...); "" for one it does not know. */
const char *jc_trace_kind_word(const jc_trace_syntax *sx, unsigned bin_kind);

/* Whether text may show the n bytes at s bare (a thread's or a function's
 * name, a string value): when it cannot be misread for the syntax around
 * it.  Else they are quoted, as a JSON string. */
bool jc_trace_bare(const char *s, size_t n);

#endif
