/* jc_suppress.c — suppressions (suppress=FILE): known problems an agent
 * author chose not to see again, like valgrind's suppression files.
 *
 * A file holds one rule a line; '#' starts a comment, blank lines are
 * ignored:
 *
 *   CHECK FUNCTION [MODULE [SYMBOL [CALLER...]]]
 *
 * fnmatch(3) globs over the check id, the JVMTI function, the module (base
 * name) of the call site's first frame (for a leak: the allocation site),
 * the function of that frame, and of the frames after it, one CALLER a
 * frame (inlined frames count).  A function glob matches its linkage name
 * (mangled, for C++) or its demangled one.  A field left out matches
 * anything; a frame a site does not have matches only "*".
 * `gen_suppressions=on` prints such a line for each context: its first
 * frame, and for a leak its frames before the VM's, by linkage name (no
 * spaces, unlike a demangled one).
 *
 * The file is input from outside: the parser takes any bytes, and a bad
 * line is one "FILE:LINE: error: what (expected what)" message that stops
 * the load (the shim then stops the VM: a typo must not silently suppress
 * nothing).  tests/fuzz/fuzz_suppress.c fuzzes jc_suppress_parse.
 *
 * Design: the rules are an array replaced as a whole after a good parse;
 * they are read without a lock afterwards (set once at init, as options).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"
#include "jc_open.h"
#include "jc_quote.h"

#define MAX_LINE 1024
#define MAX_RULES 10000
#define MAX_CALLERS 8
#define NFIELDS (4 + MAX_CALLERS)
#define FRAME0 3                /* the first frame's field */

typedef struct rule {
    char *glob[NFIELDS];        /* check, function, module, symbol, callers; NULL = "*" */
    int nframes;                /* frames named (SYMBOL and CALLERs) */
} rule;

static rule *rules;
static size_t nrules;

static void free_rules(rule *r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (int f = 0; f < NFIELDS; f++)
            free(r[i].glob[f]);
    free(r);
}

static bool is_glob(const char *s)
{
    return strpbrk(s, "*?[") != NULL;
}

/* The check ids a rule may name, the interface's (jc_suppress_checks, from
 * jc_iface: none until it is set), and a few of them for the message. */
static const char *const *checks;
static size_t nchecks;
static const char *example;

void jc_suppress_checks(const char *const *ids, size_t n, const char *ids_example)
{
    checks = ids;
    nchecks = ids ? n : 0;
    example = ids_example;
}

static bool known_check(const char *s)
{
    for (size_t i = 0; i < nchecks; i++)
        if (strcmp(checks[i], s) == 0)
            return true;
    return false;
}

/* A '[' must be closed ("[]" and "[!]" hold a literal ']' first). */
static bool brackets_closed(const char *s)
{
    for (; *s; s++) {
        if (*s == '\\' && s[1]) {
            s++;
            continue;
        }
        if (*s != '[')
            continue;
        const char *p = s + 1;
        if (*p == '!' || *p == '^')
            p++;
        if (*p == ']')
            p++;
        p = strchr(p, ']');
        if (!p)
            return false;
        s = p;
    }
    return true;
}

/* The file's name and what the message quotes of a rule through jc_quote:
 * one line, whatever bytes they hold. */
static int line_error(char *err, size_t errlen, const char *name, size_t line, const char *fmt, const char *arg)
{
    char what[400], qarg[256], qname[300];
    snprintf(what, sizeof what, fmt, jc_quote(arg, qarg, sizeof qarg));
    snprintf(err, errlen, "%s:%zu: error: %s", jc_quote(name, qname, sizeof qname), line, what);
    return -1;
}

/* One line (NUL-terminated, no newline) into r; 1 = a rule, 0 = nothing. */
static int parse_line(char *s, const char *name, size_t lineno, rule *r, char *err, size_t errlen)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if ((*p < 0x20 && *p != '\t' && *p != '\r') || *p == 0x7f)
            return line_error(err, errlen, name, lineno, "control character 0x%s in a rule (expected text)",
                              (char[]){ "0123456789abcdef"[*p >> 4], "0123456789abcdef"[*p & 15], 0 });
    char *hash = strchr(s, '#');
    if (hash)
        *hash = '\0';
    char *field[NFIELDS + 1];
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(s, " \t\r", &save); tok; tok = strtok_r(NULL, " \t\r", &save)) {
        if (n == NFIELDS)
            return line_error(err, errlen, name, lineno, "too many fields at '%s' (expected CHECK FUNCTION [MODULE "
                              "[SYMBOL [CALLER...]]], 8 callers at most)", tok);
        field[n++] = tok;
    }
    if (n == 0)
        return 0;
    if (n < 2)
        return line_error(err, errlen, name, lineno, "only one field '%s' (expected CHECK FUNCTION [MODULE "
                          "[SYMBOL [CALLER...]]])", field[0]);
    if (!is_glob(field[0]) && !known_check(field[0])) {
        char fmt[200];
        if (example)
            snprintf(fmt, sizeof fmt, "unknown check '%%s' (expected a check id such as %s, or a glob)", example);
        return line_error(err, errlen, name, lineno,
                          example ? fmt : "unknown check '%s' (expected a check id from jvmticheck(7), CHECKS, or a glob)",
                          field[0]);
    }
    for (int f = 0; f < n; f++)
        if (!brackets_closed(field[f]))
            return line_error(err, errlen, name, lineno, "unclosed '[' in '%s' (expected a glob such as Get*)", field[f]);
    for (int f = 0; f < n; f++)
        if (!(r->glob[f] = strdup(field[f])))
            return line_error(err, errlen, name, lineno, "%s", "out of memory");
    r->nframes = n > FRAME0 ? n - FRAME0 : 0;
    return 1;
}

int jc_suppress_parse(const char *name, const char *text, size_t len, char *err, size_t errlen)
{
    rule *nr = NULL;
    size_t n = 0, lineno = 0;
    char line[MAX_LINE + 1];
    for (size_t pos = 0; pos < len;) {
        lineno++;
        size_t end = pos;
        while (end < len && text[end] != '\n')
            end++;
        size_t l = end - pos;
        int rc;
        if (l > MAX_LINE) {
            rc = line_error(err, errlen, name, lineno, "line longer than %s bytes (expected a short rule)", "1024");
        } else if (memchr(text + pos, '\0', l)) {
            rc = line_error(err, errlen, name, lineno, "%s", "NUL byte in a rule (expected text)");
        } else {
            memcpy(line, text + pos, l);
            line[l] = '\0';
            rule r = { { NULL }, 0 };
            rc = parse_line(line, name, lineno, &r, err, errlen);
            if (rc < 0) {
                for (int f = 0; f < NFIELDS; f++)
                    free(r.glob[f]);
            } else if (rc > 0) {
                rule *grown = n < MAX_RULES ? realloc(nr, (n + 1) * sizeof *nr) : NULL;
                if (!grown) {
                    for (int f = 0; f < NFIELDS; f++)
                        free(r.glob[f]);
                    rc = line_error(err, errlen, name, lineno, "%s", n < MAX_RULES ? "out of memory"
                                    : "more than 10000 rules (expected fewer)");
                } else {
                    nr = grown;
                    nr[n++] = r;
                }
            }
        }
        if (rc < 0) {
            free_rules(nr, n);
            return -1;
        }
        pos = end + 1;
    }
    free_rules(rules, nrules);
    rules = nr;
    nrules = n;
    return 0;
}

/* The word in front of the load's messages ("jvmticheck", "dtcheck"). */
static const char *tool = "jvmticheck";

void jc_suppress_tool(const char *word)
{
    tool = word;
}

/* A regular file only: a FIFO would block the open (or the read) until
 * some writer came, at the VM's start (jc_open.h). */
int jc_suppress_load(const char *path, char *err, size_t errlen)
{
    char q[300];
    struct stat st;
    int fd = jc_open_kind(path, O_RDONLY, 0, JC_KIND_REG, &st);
    if (fd < 0 && errno == 0) {
        snprintf(err, errlen, "%s: suppression file '%s' is %s (expected a regular file)", tool,
                 jc_quote(path, q, sizeof q), jc_file_kind_name(st.st_mode));
        return -1;
    }
    FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
    if (!f) {
        snprintf(err, errlen, "%s: cannot open suppression file '%s': %s", tool, jc_quote(path, q, sizeof q),
                 strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            char *t = cap < (64u << 20) ? realloc(text, cap ? cap * 2 : 4096) : NULL;
            if (!t) {
                free(text);
                fclose(f);
                snprintf(err, errlen, "%s: suppression file '%s' is too big (expected under 64 MiB)", tool,
                         jc_quote(path, q, sizeof q));
                return -1;
            }
            text = t;
            cap = cap ? cap * 2 : 4096;
        }
        size_t got = fread(text + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        free(text);
        snprintf(err, errlen, "%s: cannot read suppression file '%s'", tool, jc_quote(path, q, sizeof q));
        return -1;
    }
    int rc = jc_suppress_parse(path, text, len, err, errlen);
    free(text);
    return rc;
}

static bool glob_ok(const char *glob, const char *s)
{
    return !glob || fnmatch(glob, s ? s : "", 0) == 0;
}

/* The site's frames against r's SYMBOL and CALLERs; a frame the site does
 * not have is "" (only "*" matches it). */
static bool frames_ok(const rule *r, const jc_site *site)
{
    for (int k = 0; k < r->nframes; k++) {
        const char *sym = "", *fn = "";
        if (!jc_site_frame_name(site, (unsigned)k, &sym, &fn))
            sym = fn = "";
        const char *g = r->glob[FRAME0 + k];
        if (!glob_ok(g, sym) && !glob_ok(g, fn))
            return false;
    }
    return true;
}

bool jc_suppress_match(const char *check, const char *fn, const jc_site *site)
{
    const char *module = NULL;
    for (size_t i = 0; i < nrules; i++) {
        const rule *r = &rules[i];
        if (!glob_ok(r->glob[0], check) || !glob_ok(r->glob[1], fn))
            continue;
        if (r->glob[2] && !module)
            module = jc_site_module(site);
        if (glob_ok(r->glob[2], module) && frames_ok(r, site))
            return true;
    }
    return false;
}

bool jc_suppress_active(void)
{
    return nrules > 0;
}

/* Appends one field to the line: name, or "*" when unknown; a character a
 * glob or the line's fields would read as more than itself becomes '?'
 * (one character); a name too long for the line is cut and ends in '*'. */
static void put_field(char *buf, size_t n, size_t *k, const char *name)
{
    if (*k + 2 >= n)
        return;
    buf[(*k)++] = ' ';
    if (!name || !*name) {
        buf[(*k)++] = '*';
        buf[*k] = '\0';
        return;
    }
    for (; *name && *k + 2 < n; name++) {
        unsigned char c = (unsigned char)*name;
        buf[(*k)++] = c <= ' ' || c == 0x7f || strchr("*?[]\\#", c) ? '?' : (char)c;
    }
    if (*name)
        buf[*k - 1] = '*';
    buf[*k] = '\0';
}

void jc_suppress_line(char *buf, size_t n, const char *check, const char *fn, const jc_site *site)
{
    if (n == 0)
        return;
    size_t limit = n < MAX_LINE ? n : MAX_LINE, k = 0;
    k = (size_t)snprintf(buf, limit, "%s %s", check, fn ? fn : "*");
    if (k >= limit)
        k = limit - 1;
    put_field(buf, limit, &k, jc_site_module(site));
    unsigned frames = jc_site_suppress_frames(site);
    if (frames == 0)
        put_field(buf, limit, &k, NULL);
    for (unsigned f = 0; f < frames && f <= MAX_CALLERS; f++) {
        const char *sym = "", *dem = "";
        if (!jc_site_frame_name(site, f, &sym, &dem))
            break;
        put_field(buf, limit, &k, sym);
    }
}

void jc_suppress_reset(void)
{
    free_rules(rules, nrules);
    rules = NULL;
    nrules = 0;
}
