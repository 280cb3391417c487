/* jc_callsite.h — call sites of the agent (jc_callsite.c), what their
 * addresses are (jc_symbolize.c), and the contexts violations are counted
 * in (jc_context.c): what the runtime's files share for issue 11's
 * diagnostics.  Nothing here is on the hot path of a correct call. */
#ifndef JVMTICHECK_CALLSITE_H
#define JVMTICHECK_CALLSITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jc_common.h"

/* ---- jc_symbolize.c ------------------------------------------------------- */

#define JC_NAME_MAX 512

/* One frame of code: a function's own, or one inlined into it. */
typedef struct jc_frame_info {
    char module[128];           /* base name of the ELF module */
    uintptr_t module_off;
    char symbol[JC_NAME_MAX];   /* linkage (mangled) name; "" when unknown */
    char function[JC_NAME_MAX]; /* the same demangled, for people */
    uintptr_t symbol_off;       /* has_off: the offset in symbol */
    bool has_off;               /* a function's own frame with an ELF symbol */
    bool inlined;               /* inlined into the next frame */
    char file[128];             /* base name; "" without debug info */
    int line;
} jc_frame_info;

/* The frames of return address pc, innermost first (the functions inlined
 * at it, then its own), the interface's C++ header wrappers left out unless
 * all are; up to max of them.  0 when pc lies in no module. */
int jc_symbolize_frames(const void *pc, jc_frame_info *out, int max);
/* True when every function at pc is one of the interface's header wrappers
 * (an out-of-line copy of _jvmtiEnv::GetPhase, say). */
bool jc_symbolize_is_wrapper(const void *pc);
/* The load address of pc's module; 0 when in none. */
uintptr_t jc_symbolize_module(const void *pc);
/* name demangled into dst (name itself when it is not a C++ one). */
void jc_demangle(char *dst, size_t n, const char *name);
void jc_symbolize_reset(void);

/* ---- jc_callsite.c -------------------------------------------------------- */

#define JC_SITE_FRAMES 32       /* stack=N at most */
#define JC_LEAK_FRAMES 4        /* a leak site: the agent's frames up to the VM's, at most (or stack=N) */

/* An interned call site: the first frames outside libjvmticheck and the
 * interface's header wrappers, the agent's.  Equal stacks are one jc_site,
 * so a site is compared by pointer. */
typedef struct jc_site jc_site;

/* The calling thread's site (slow path only): stack=N frames.  NULL when no
 * frame outside this library could be found (or out of memory). */
const jc_site *jc_site_capture(void);
/* The site of a JVMTI allocation: stack=N frames, and further up to
 * JC_LEAK_FRAMES while they are not the VM's, so that a leak through the
 * agent's allocation helper names the helper's caller. */
const jc_site *jc_site_capture_leak(void);
/* "file.c:42 fn+0x54 (lib.so+0x115d)", or less when less is known: the
 * first frame; the frames joined by " <- " (inlined ones marked
 * "[inlined]"); the module and symbol (mangled) of the first frame ("" when
 * unknown), for suppressions.  Never NULL; "?" for a NULL site. */
const char *jc_site_text(const jc_site *s);
const char *jc_site_stack_text(const jc_site *s);
const char *jc_site_module(const jc_site *s);
const char *jc_site_symbol(const jc_site *s);
/* Frames of the site as shown (inlined ones count); frame k's linkage and
 * demangled names (false past the end); how many frames a generated
 * suppression names (1 for a call site, those before the VM's for a leak). */
unsigned jc_site_frame_count(const jc_site *s);
bool jc_site_frame_name(const jc_site *s, unsigned k, const char **symbol, const char **function);
unsigned jc_site_suppress_frames(const jc_site *s);
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
/* True when a rule matches (check, fn) and the site's module and frames. */
bool jc_suppress_match(const char *check, const char *fn, const jc_site *site);
/* The ready suppression line for a context (gen_suppressions=on). */
void jc_suppress_line(char *buf, size_t n, const char *check, const char *fn, const jc_site *site);
void jc_suppress_reset(void);
/* The check ids a rule may name (NULL: JVMTI's, the default). */
void jc_suppress_checks(const char *const *ids, size_t n, const char *ids_example);

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
