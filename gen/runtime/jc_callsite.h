/* jc_callsite.h — call sites of the agent (jc_callsite.c), what their
 * addresses are (jc_symbolize.c), and the contexts violations are counted
 * in (jc_context.c): what the runtime's files share for issue 11's
 * diagnostics.  Nothing here is on the hot path of a correct call. */
#ifndef JVMTICHECK_CALLSITE_H
#define JVMTICHECK_CALLSITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jc_runtime.h"

/* ---- jc_symbolize.c ------------------------------------------------------- */

typedef struct jc_frame_info {
    char module[128];           /* base name of the ELF module */
    uintptr_t module_off;
    char symbol[128];           /* "" when the module has no symbol there */
    uintptr_t symbol_off;
    char file[128];             /* base name; "" without debug info */
    int line;
} jc_frame_info;

/* What the return address pc is; false when it lies in no module. */
bool jc_symbolize(const void *pc, jc_frame_info *out);
void jc_symbolize_reset(void);

/* ---- jc_callsite.c -------------------------------------------------------- */

#define JC_SITE_FRAMES 32       /* stack=N at most */

/* An interned call site: the first frames outside libjvmticheck, the
 * agent's.  Equal stacks are one jc_site, so a site is compared by pointer. */
typedef struct jc_site jc_site;

/* The calling thread's site (slow path only); NULL when no frame outside
 * this library could be found (or out of memory). */
const jc_site *jc_site_capture(void);
/* "file.c:42 fn+0x54 (lib.so+0x115d)", or less when less is known: the
 * first frame; the whole stack joined by " <- " (stack=N); the module and
 * symbol of the first frame ("" when unknown), for suppressions.  Never
 * NULL; "?" for a NULL site. */
const char *jc_site_text(const jc_site *s);
const char *jc_site_stack_text(const jc_site *s);
const char *jc_site_module(const jc_site *s);
const char *jc_site_symbol(const jc_site *s);
/* Loads the unwinder now (it is dlopened on first use). */
void jc_site_warm_up(void);
void jc_site_reset(void);

/* ---- jc_context.c --------------------------------------------------------- */

/* A context: (check, function, param, call site); check is its name.  Violations of one
 * context are reported repeat= times, and counted. */
typedef struct jc_context jc_context;

/* The context, made on first sight; NULL when the table is full. */
jc_context *jc_context_get(const char *check, const char *fn, const char *param, const jc_site *site);
/* Counts one more occurrence; returns its number (1 = first). */
uint64_t jc_context_hit(jc_context *cx);
/* Its number, in order of first sight (1, 2, ...). */
unsigned jc_context_id(const jc_context *cx);
/* Whether a suppression matches it (decided once, on first sight). */
bool jc_context_suppressed(const jc_context *cx);
/* Contexts seen (not suppressed); occurrences suppressed. */
size_t jc_context_count(void);
uint64_t jc_context_suppressed_count(void);
/* At the end: a summary record per context shown fewer times than it
 * occurred (all of them, sorted by count, with summary=on). */
void jc_context_report(uint64_t now);
void jc_context_reset(void);

/* ---- jc_suppress.c -------------------------------------------------------- */

/* Reads the suppression file (suppress=FILE, a regular file); 0, or -1
 * with "FILE:LINE: error: ..." or "TOOL: ..." in err. */
int jc_suppress_load(const char *path, char *err, size_t errlen);
/* The word in front of jc_suppress_load's messages ("jvmticheck"). */
void jc_suppress_tool(const char *word);
/* Parses a suppression file's text; name is for messages.  The rules are
 * kept (replacing earlier ones) only when the whole text is good. */
int jc_suppress_parse(const char *name, const char *text, size_t len, char *err, size_t errlen);
/* True when any rule was loaded. */
bool jc_suppress_active(void);
/* True when a rule matches (check, fn, module, symbol). */
bool jc_suppress_match(const char *check, const char *fn, const char *module, const char *symbol);
/* The ready suppression line for a context (gen_suppressions=on). */
void jc_suppress_line(char *buf, size_t n, const char *check, const char *fn, const jc_site *site);
void jc_suppress_reset(void);
/* The check ids a rule may name (NULL: JVMTI's, the default). */
void jc_suppress_checks(const char *const *ids, size_t n);

/* ---- jc_verdict.c --------------------------------------------------------- */

/* Leak totals of the report (jc_alloc.c sets them). */
void jc_verdict_leaks(size_t sites, size_t blocks, size_t bytes);
void jc_verdict_leaks_suppressed(size_t sites);
/* The verdict line on stderr (once). */
void jc_verdict_print(void);
/* What the verdict says, and its text (no newline) in buf: "jvmticheck:
 * 8 violations in 4 contexts, 2 leak sites (4 blocks, 82 bytes), 1 note;
 * suppressed 5 violations and 1 leak site; log /tmp/t.jsonl", "no
 * violations, 3 leak sites (...)", "no problems found (312 calls
 * checked)".  Returns buf. */
typedef struct jc_verdict_counts {
    uint64_t violations, suppressed, notes, calls;
    size_t contexts, leak_sites, leak_blocks, leak_bytes, leak_sites_suppressed;
    bool check_off;
    const char *log_path;
    const char *who;            /* "jvmticheck (load 2, libfoo.so)"; NULL: "jvmticheck" */
} jc_verdict_counts;
char *jc_verdict_format(const jc_verdict_counts *c, char *buf, size_t len);
/* Whether anything was reported (violations or leaks not suppressed). */
bool jc_verdict_problems(void);
/* halt=on: the first violation stops the process. */
void jc_verdict_halt(const char *check, const char *fn, const char *site) __attribute__((noreturn));
/* exitcode=N: registered at init; exits with N at process exit when
 * anything was reported. */
void jc_verdict_init(void);
/* A load that failed: no exit status from it (exitcode= does not apply). */
void jc_verdict_abandon(void);
uint64_t jc_calls_checked(void);
void jc_verdict_reset(void);

/* ---- jc_help.c ------------------------------------------------------------ */

/* The option reference, on stdout (help). */
void jc_help_print(void);

#endif
