/* check_runtime.c — the hand-written runtime of libjvmticheck (gen/runtime/
 * jc_options.c, jc_trace.c, jc_state.c, jc_alloc.c), without a JVM.
 *
 * Linked with tests/unit/runtime_stubs.c (a two-function stand-in for the
 * generated wrapper's tables) and the real jvmti_names.c generated from the
 * spec.  Records are written through jc_init(log=...) into files under
 * $builddir/tests/out/check_runtime/, read back and checked line by line: by
 * a small strict JSON validator here, and, when python3 is installed, by
 * python's json module with per-test assertions on the decoded objects.
 */
#define _GNU_SOURCE 1
#include <check.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "jc_callsite.h"
#include "jc_deep.h"
#include "jc_errdoc.h"
#include "jc_inline.h"
#include "jc_jvmti.h"
#include "../gen/trace/trace.h"
#include "jvmti_names.h"

extern int jc_selection_inits;  /* runtime_stubs.c */

/* ---- files --------------------------------------------------------------- */

static char out_dir[4096];

static void mkdir_p(const char *path)
{
    char p[4096];
    snprintf(p, sizeof p, "%s", path);
    for (char *q = p + 1; *q; q++)
        if (*q == '/') {
            *q = '\0';
            mkdir(p, 0755);
            *q = '/';
        }
    mkdir(p, 0755);
}

/* A fresh file name under the test directory (from a small ring of
 * buffers: a test holds a few at a time). */
static const char *path_for(const char *name)
{
    static char ring[4][4200];
    static int next;
    char *p = ring[next++ % 4];
    snprintf(p, sizeof ring[0], "%s/%s", out_dir, name);
    unlink(p);
    return p;
}

typedef struct lines {
    char **v;
    size_t n;
} lines;

/* Every record carries the OS thread id (" tid=N" in text, ",\"tid\":N"
 * in jsonl), which differs from run to run: the tests that compare whole
 * lines see them without it, after it was checked to be a number (and this
 * thread's, on records the test's own thread made: test_tid). */
static long masked_tid;
static void mask_tid(char *line)
{
    static const char *const keys[] = { " tid=", ",\"tid\":" };
    masked_tid = 0;
    if (strncmp(line, "[t=", 3) != 0 && strncmp(line, "{\"kind\"", 7) != 0)
        return;
    for (size_t k = 0; k < 2; k++) {
        char *p = strstr(line, keys[k]);
        if (!p)
            continue;
        char *end;
        masked_tid = strtol(p + strlen(keys[k]), &end, 10);
        ck_assert_msg(masked_tid > 0 && (*end == ' ' || *end == ','), "record with a bad tid: %s", line);
        memmove(p, end, strlen(end) + 1);
        return;
    }
    ck_assert_msg(0, "record without tid: %s", line);
}

static lines read_lines(const char *path)
{
    lines l = { NULL, 0 };
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot read %s: %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0, alloc = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) >= 0) {
        ck_assert_msg(n > 0 && line[n - 1] == '\n', "%s: line %zu is not ended by a newline", path, l.n + 1);
        /* a log file's padding (jc_sink.c): spaces at either end of a
         * line, a line of spaces */
        while (n > 1 && line[n - 2] == ' ')
            n--;
        line[n - 1] = '\0';
        size_t lead = strspn(line, " ");
        if (!line[lead])
            continue;
        memmove(line, line + lead, (size_t)n - lead);
        mask_tid(line);
        if (l.n == alloc)
            l.v = realloc(l.v, (alloc = alloc ? alloc * 2 : 64) * sizeof *l.v);
        l.v[l.n++] = strdup(line);
    }
    free(line);
    fclose(f);
    return l;
}

static void free_lines(lines *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
}

/* ---- a strict JSON validator (RFC 8259, UTF-8 checked) --------------------- */

static const char *js_value(const char *p, int depth);

static const char *js_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

/* Length of a well-formed UTF-8 sequence (no overlong, no surrogate). */
static size_t js_utf8(const unsigned char *s)
{
    unsigned long cp;
    size_t len;
    if (s[0] >= 0xC2 && s[0] <= 0xDF)
        len = 2, cp = s[0] & 0x1F;
    else if (s[0] >= 0xE0 && s[0] <= 0xEF)
        len = 3, cp = s[0] & 0x0F;
    else if (s[0] >= 0xF0 && s[0] <= 0xF4)
        len = 4, cp = s[0] & 0x07;
    else
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    static const unsigned long min[] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (cp < min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

static const char *js_string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    while (*p != '"') {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20)
            return NULL;
        if (c == '\\') {
            p++;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
                        return NULL;
                p += 5;
            } else if (*p && strchr("\"\\/bfnrt", *p)) {
                p++;
            } else {
                return NULL;
            }
        } else if (c < 0x80) {
            p++;
        } else {
            size_t n = js_utf8((const unsigned char *)p);
            if (!n)
                return NULL;
            p += n;
        }
    }
    return p + 1;
}

static const char *js_digits(const char *p)
{
    if (*p < '0' || *p > '9')
        return NULL;
    while (*p >= '0' && *p <= '9')
        p++;
    return p;
}

static const char *js_number(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (!(p = js_digits(p)))
        return NULL;
    if (*p == '.' && !(p = js_digits(p + 1)))
        return NULL;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        p = js_digits(p);
    }
    return p;
}

/* Object (close '}') or array (close ']'): members separated by ','. */
static const char *js_members(const char *p, char close, int depth)
{
    p = js_ws(p + 1);
    if (*p == close)
        return p + 1;
    for (;;) {
        if (close == '}') {
            if (!(p = js_string(p)))
                return NULL;
            p = js_ws(p);
            if (*p++ != ':')
                return NULL;
        }
        if (!(p = js_value(p, depth + 1)))
            return NULL;
        p = js_ws(p);
        if (*p == close)
            return p + 1;
        if (*p++ != ',')
            return NULL;
    }
}

static const char *js_value(const char *p, int depth)
{
    static const char *const literals[] = { "true", "false", "null" };
    p = js_ws(p);
    if (depth > 64)
        return NULL;
    if (*p == '{')
        return js_members(p, '}', depth);
    if (*p == '[')
        return js_members(p, ']', depth);
    if (*p == '"')
        return js_string(p);
    for (int i = 0; i < 3; i++)
        if (strncmp(p, literals[i], strlen(literals[i])) == 0)
            return p + strlen(literals[i]);
    return js_number(p);
}

static bool json_ok(const char *line)
{
    const char *end = js_value(line, 0);
    return end && *js_ws(end) == '\0' && *js_ws(line) == '{';
}

START_TEST(test_json_validator)
{
    static const char *const good[] = {
        "{}", "{\"a\":[1,-2.5e+3,true,false,null,\"x\\u00e9\\n\"]}", "{\"\xc3\xa9\":{}}",
    };
    static const char *const bad[] = {
        "", "{", "{\"a\":}", "{\"a\":1,}", "{\"a\":\"\x01\"}", "{\"a\":\"\xff\"}", "{\"a\":01}",
        "{\"a\":\"\xed\xa0\x80\"}", "{\"a\":\"\\x\"}", "{} x", "[]",
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        ck_assert_msg(json_ok(good[i]), "valid JSON refused: %s", good[i]);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(!json_ok(bad[i]), "invalid JSON accepted: %s", bad[i]);
}
END_TEST

static void assert_all_json(const lines *l)
{
    for (size_t i = 0; i < l->n; i++)
        ck_assert_msg(json_ok(l->v[i]), "line %zu is not valid JSON: %s", i + 1, l->v[i]);
}

/* ---- python3's opinion ----------------------------------------------------- */

static bool have_python(void)
{
    return system("command -v python3 >/dev/null 2>&1") == 0;
}

/* Runs the python assertions body over L, the decoded lines of log (skipped
 * when there is no python3).  body is Python with `L` and `assert`. */
static void py_check(const char *log, const char *body)
{
    if (!have_python())
        return;
    const char *script = path_for("check.py");
    FILE *f = fopen(script, "w");
    ck_assert(f != NULL);
    fprintf(f, "import json, sys\n"
               "L = [json.loads(l) for l in open(sys.argv[1], encoding='utf-8', errors='strict')]\n"
               "%s\n", body);
    fclose(f);
    char cmd[8600];
    snprintf(cmd, sizeof cmd, "python3 '%s' '%s' 1>&2", script, log);
    ck_assert_msg(system(cmd) == 0, "python3 check failed on %s:\n%s", log, body);
}

/* ---- set-up ------------------------------------------------------------------- */

static void setup(void)
{
    jc_reset();
    /* the check ids suppressions may name, JVMTI's, as jc_init sets them */
    jc_suppress_checks(jc_iface_jvmti.checks, jc_iface_jvmti.nchecks, jc_iface_jvmti.checks_example);
}

static void teardown(void)
{
    jc_reset();
}

/* jc_init with "OPTS,log=<dir>/<name>"; returns the log's path. */
static const char *init_log(const char *name, const char *opts)
{
    char text[8192], err[256];
    const char *log = path_for(name);
    snprintf(text, sizeof text, "%s%slog=%s", opts, *opts ? "," : "", log);
    ck_assert_msg(jc_init(text, false, err, sizeof err) == 0, "jc_init(%s): %s", text, err);
    return log;
}

/* ---- options ----------------------------------------------------------------- */

static jc_options parse_ok(const char *text, bool require_agent)
{
    jc_options o;
    char err[512];
    ck_assert_msg(jc_options_parse(text, require_agent, &o, err, sizeof err) == 0,
                  "parse(%s) failed: %s", text ? text : "NULL", err);
    return o;
}

static void assert_defaults(const jc_options *o)
{
    ck_assert_int_eq(o->format, JC_FMT_TEXT);
    ck_assert_uint_eq(o->trace, JC_TRACE_PROBLEMS);
    ck_assert_int_eq(o->check, JC_CHECK_ON);
    ck_assert(o->leaks && !o->summary && o->addresses && o->portability);
    ck_assert_ptr_null(o->log_path);
    ck_assert_ptr_null(o->only);
    ck_assert_uint_eq(o->nonly, 0);
    ck_assert_ptr_null(o->agent_path);
    ck_assert_ptr_null(o->agent_options);
}

/* names=: on in text, off in jsonl, unless given. */
START_TEST(test_options_names)
{
    static const struct { const char *text; int names; } cases[] = {
        { "", 1 }, { "format=jsonl", 0 }, { "format=jsonl,names=on", 1 }, { "names=off", 0 },
        { "names=on,format=text", 1 }, { "names=off,format=jsonl", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        jc_options o = parse_ok(cases[i].text, false);
        ck_assert_msg(o.names == cases[i].names, "'%s': names %d", cases[i].text, o.names);
        jc_options_free(&o);
    }
}
END_TEST

START_TEST(test_options_defaults)
{
    static const char *const texts[] = { NULL, "", ",", ",,," };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        jc_options o = parse_ok(texts[i], false);
        assert_defaults(&o);
        jc_options_free(&o);
    }
}
END_TEST

/* Every keyword option, every value: one row each. */
static const struct kw_case {
    const char *text;
    size_t field;       /* offsetof in jc_options */
    unsigned value;
} kw_cases[] = {
#define F(f) offsetof(jc_options, f)
    { "format=text", F(format), JC_FMT_TEXT },
    { "format=jsonl", F(format), JC_FMT_JSONL },
    { "trace=all", F(trace), JC_TRACE_CALLS | JC_TRACE_EVENTS | JC_TRACE_ERRORS },
    { "trace=calls", F(trace), JC_TRACE_CALLS },
    { "trace=events", F(trace), JC_TRACE_EVENTS },
    { "trace=errors", F(trace), JC_TRACE_ERRORS },
    { "trace=problems", F(trace), JC_TRACE_PROBLEMS },
    { "trace=events+problems", F(trace), JC_TRACE_EVENTS | JC_TRACE_PROBLEMS },
    { "trace=none", F(trace), 0 },
    { "trace=calls+events", F(trace), JC_TRACE_CALLS | JC_TRACE_EVENTS },
    { "check=on", F(check), JC_CHECK_ON },
    { "check=off", F(check), JC_CHECK_OFF },
    { "check=strict", F(check), JC_CHECK_STRICT },
    { "check=deep", F(check), JC_CHECK_ON },
    { "check=deep", F(deep), 1 },
    { "check=strict+deep", F(check), JC_CHECK_STRICT },
    { "check=strict+deep", F(deep), 1 },
    { "check=strict", F(deep), 0 },
    { "leaks=on", F(leaks), 1 },
    { "leaks=off", F(leaks), 0 },
    { "summary=on", F(summary), 1 },
    { "summary=off", F(summary), 0 },
    { "addresses=on", F(addresses), 1 },
    { "addresses=off", F(addresses), 0 },
    { "portability=on", F(portability), 1 },
    { "portability=off", F(portability), 0 },
    { "trace=none,trace=calls", F(trace), JC_TRACE_CALLS },     /* the last one wins */
#undef F
};

static unsigned field_value(const jc_options *o, size_t field)
{
    if (field == offsetof(jc_options, format))
        return o->format;
    if (field == offsetof(jc_options, trace))
        return o->trace;
    if (field == offsetof(jc_options, check))
        return o->check;
    if (field == offsetof(jc_options, leaks))
        return o->leaks;
    if (field == offsetof(jc_options, deep))
        return o->deep;
    if (field == offsetof(jc_options, summary))
        return o->summary;
    if (field == offsetof(jc_options, portability))
        return o->portability;
    return o->addresses;
}

START_TEST(test_options_keywords)
{
    for (size_t i = 0; i < sizeof kw_cases / sizeof *kw_cases; i++) {
        jc_options o = parse_ok(kw_cases[i].text, false);
        ck_assert_msg(field_value(&o, kw_cases[i].field) == kw_cases[i].value, "%s: got %u, want %u",
                      kw_cases[i].text, field_value(&o, kw_cases[i].field), kw_cases[i].value);
        jc_options_free(&o);
    }
}
END_TEST

START_TEST(test_options_all_at_once)
{
    jc_options o = parse_ok("log=/tmp/a b.log,format=jsonl,trace=all,only=Get*+VMInit,check=strict,"
                            "leaks=off,summary=on,addresses=off", false);
    ck_assert_str_eq(o.log_path, "/tmp/a b.log");
    ck_assert_int_eq(o.format, JC_FMT_JSONL);
    ck_assert_uint_eq(o.trace, 7);
    ck_assert_uint_eq(o.nonly, 2);
    ck_assert_str_eq(o.only[0], "Get*");
    ck_assert_str_eq(o.only[1], "VMInit");
    ck_assert_int_eq(o.check, JC_CHECK_STRICT);
    ck_assert(!o.leaks && o.summary && !o.addresses);
    ck_assert_ptr_null(o.agent_path);
    jc_options_free(&o);
    assert_defaults(&o);    /* free leaves defaults: a second free is harmless */
    jc_options_free(&o);
}
END_TEST

START_TEST(test_options_only)
{
    jc_options o = parse_ok("only=Get*+VMInit+Set?ag", false);
    ck_assert(jc_options_selects(&o, "GetThreadState"));
    ck_assert(jc_options_selects(&o, "VMInit"));
    ck_assert(jc_options_selects(&o, "SetTag"));
    ck_assert(!jc_options_selects(&o, "VMDeath"));
    ck_assert(!jc_options_selects(&o, "SetTags"));
    ck_assert(!jc_options_selects(&o, NULL));
    jc_options_free(&o);
    o = parse_ok("", false);
    ck_assert(jc_options_selects(&o, "Anything"));
    jc_options_free(&o);
}
END_TEST

static const struct agent_case {
    const char *text;
    const char *path, *options;
    unsigned trace;
} agent_cases[] = {
    { "trace=all,agent=/p/libprof.so=interval=10ms,file=x", "/p/libprof.so", "interval=10ms,file=x", 7 },
    { "agent=/p/lib.so", "/p/lib.so", NULL, JC_TRACE_PROBLEMS },
    { "agent=/p/lib.so=", "/p/lib.so", "", JC_TRACE_PROBLEMS },
    { "agent=/p/lib.so=a=b,,trace=all,agent=x", "/p/lib.so", "a=b,,trace=all,agent=x", JC_TRACE_PROBLEMS },
    { "trace=none,,agent=lib.so=,", "lib.so", ",", 0 },
};

START_TEST(test_options_agent)
{
    for (size_t i = 0; i < sizeof agent_cases / sizeof *agent_cases; i++) {
        const struct agent_case *c = &agent_cases[i];
        jc_options o = parse_ok(c->text, true);
        ck_assert_str_eq(o.agent_path, c->path);
        if (c->options)
            ck_assert_str_eq(o.agent_options, c->options);
        else
            ck_assert_ptr_null(o.agent_options);
        ck_assert_uint_eq(o.trace, c->trace);
        jc_options_free(&o);
    }
}
END_TEST

static const struct bad_case {
    const char *text;
    bool require_agent;
    const char *message;    /* exact */
} bad_cases[] = {
    { "foo", false,
      "jvmticheck: unknown option 'foo' (known: log, record, ring, format, trace, only, check, leaks, summary, addresses, portability, "
      "exitcode, halt, repeat, stack, suppress, gen_suppressions, names, help, agent)" },
    { "trace=all,foo=1,log=x", false,
      "jvmticheck: unknown option 'foo' (known: log, record, ring, format, trace, only, check, leaks, summary, addresses, portability, "
      "exitcode, halt, repeat, stack, suppress, gen_suppressions, names, help, agent)" },
    { "=x", false,
      "jvmticheck: unknown option '' (known: log, record, ring, format, trace, only, check, leaks, summary, addresses, portability, "
      "exitcode, halt, repeat, stack, suppress, gen_suppressions, names, help, agent)" },
    { "trace=some", false,
      "jvmticheck: bad value 'some' for trace (expected all, calls, events, errors, problems or none, or several joined by '+')" },
    { "trace=all+bogus", false,
      "jvmticheck: bad value 'all+bogus' for trace (expected all, calls, events, errors, problems or none, or several joined by '+')" },
    { "trace=all+", false,
      "jvmticheck: bad value 'all+' for trace (expected all, calls, events, errors, problems or none, or several joined by '+')" },
    { "format=json", false, "jvmticheck: bad value 'json' for format (expected text, jsonl or bin)" },
    { "check=maybe", false, "jvmticheck: bad value 'maybe' for check (expected on, off, strict, deep or strict+deep)" },
    { "leaks=yes", false, "jvmticheck: bad value 'yes' for leaks (expected on or off)" },
    { "summary=ON", false, "jvmticheck: bad value 'ON' for summary (expected on or off)" },
    { "addresses=of", false, "jvmticheck: bad value 'of' for addresses (expected on or off)" },
    { "format=text+jsonl", false, "jvmticheck: bad value 'text+jsonl' for format (expected text, jsonl or bin)" },
    { "only=a++b", false,
      "jvmticheck: bad value 'a++b' for only (expected GLOB[+GLOB...] over function and event names)" },
    { "trace", false,
      "jvmticheck: option 'trace' needs a value (trace=all, calls, events, errors, problems or none, or several joined by '+')" },
    { "log=,trace=all", false, "jvmticheck: option 'log' needs a value (log=a file name)" },
    { "summary", false, "jvmticheck: option 'summary' needs a value (summary=on or off)" },
    { "trace=all", true,
      "jvmticheck: missing agent=PATH, the real agent to load (last option: agent=/path/to/agent.so[=its options])" },
    { "", true,
      "jvmticheck: missing agent=PATH, the real agent to load (last option: agent=/path/to/agent.so[=its options])" },
    { "agent=", true, "jvmticheck: option 'agent' needs a value (agent=/path/to/agent.so[=its options])" },
    { "agent==x", true, "jvmticheck: option 'agent' needs a value (agent=/path/to/agent.so[=its options])" },
    { "trace=all,agent", true, "jvmticheck: option 'agent' needs a value (agent=/path/to/agent.so[=its options])" },
    { "agent=/p/lib.so", false,
      "jvmticheck: agent= is only for the -agentpath shim (jvmti_check_wrap wraps its caller)" },
    { "bogus,agent=/p/lib.so", true,
      "jvmticheck: unknown option 'bogus' (known: log, record, ring, format, trace, only, check, leaks, summary, addresses, portability, "
      "exitcode, halt, repeat, stack, suppress, gen_suppressions, names, help, agent)" },
    { "exitcode=0,agent=/p/lib.so", true, "jvmticheck: bad value '0' for exitcode (expected a number from 1 to 255)" },
    { "repeat=x1", false, "jvmticheck: bad value 'x1' for repeat (expected a number from 1 to 1000000)" },
    { "stack=33", false, "jvmticheck: bad value '33' for stack (expected a number of frames from 1 to 32)" },
    { "stack=-1", false, "jvmticheck: bad value '-1' for stack (expected a number of frames from 1 to 32)" },
    { "ring=512K", false, "jvmticheck: bad value '512K' for ring (expected a size from 1M to 1T (K, M, G, T: KiB, MiB, GiB, TiB))" },
    { "ring=2P", false, "jvmticheck: bad value '2P' for ring (expected a size from 1M to 1T (K, M, G, T: KiB, MiB, GiB, TiB))" },
    { "ring=2T", false, "jvmticheck: bad value '2T' for ring (expected a size from 1M to 1T (K, M, G, T: KiB, MiB, GiB, TiB))" },
    { "ring=1MB", false, "jvmticheck: bad value '1MB' for ring (expected a size from 1M to 1T (K, M, G, T: KiB, MiB, GiB, TiB))" },
    { "agent=/p/lib.so,trace=all", true,
      "jvmticheck: agent= must come last: all that follows it is the agent's, so 'trace=all' is no option of ours here "
      "(expected trace=all,agent=/p/lib.so)" },
};

START_TEST(test_options_errors)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
        const struct bad_case *c = &bad_cases[i];
        jc_options o;
        char err[512] = "untouched";
        ck_assert_msg(jc_options_parse(c->text, c->require_agent, &o, err, sizeof err) == -1,
                      "'%s' was accepted", c->text);
        ck_assert_msg(strcmp(err, c->message) == 0, "'%s':\n got  %s\n want %s", c->text, err, c->message);
        ck_assert_msg(strchr(err, '\n') == NULL, "message of '%s' is not one line", c->text);
        assert_defaults(&o);
    }
}
END_TEST

START_TEST(test_options_error_buffers)
{
    jc_options o;
    char small[12];
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(jc_options_parse("foo", false, &o, small, sizeof small), -1);
    ck_assert_str_eq(small, "jvmticheck:");
    ck_assert_int_eq(jc_options_parse("foo", false, &o, NULL, 0), -1);
    ck_assert_int_eq(jc_options_parse("trace=some", false, &o, small, 1), -1);
    ck_assert_str_eq(small, "");
}
END_TEST

/* What a message quotes of the user's input is escaped: one line, no
 * terminal escape, any UTF-8 as it is. */
START_TEST(test_options_escaping)
{
    static const struct { const char *text; bool require_agent; const char *message; } cases[] = {
        { "trace=al\nl", false,
          "jvmticheck: bad value 'al\\nl' for trace (expected all, calls, events, errors, problems or none, or several "
          "joined by '+')" },
        { "\x1b[31mred=1", false, "jvmticheck: unknown option '\\x1b[31mred' (known: log, record, ring, format, trace, only, "
          "check, leaks, summary, addresses, portability, exitcode, halt, repeat, stack, suppress, gen_suppressions, "
          "names, help, agent)" },
        { "format=\r\t\x7f", false, "jvmticheck: bad value '\\r\\t\\x7f' for format (expected text, jsonl or bin)" },
        /* a C1 control (CSI, U+009B) and a byte that is no UTF-8 are escaped,
         * a character that is UTF-8 is not; a backslash is doubled */
        { "format=\xc2\x9b" "2J", false, "jvmticheck: bad value '\\xc2\\x9b2J' for format (expected text, jsonl or bin)" },
        { "format=\xff\xc3\xa9t\xc3", false, "jvmticheck: bad value '\\xff\xc3\xa9t\\xc3' for format (expected text, "
          "jsonl or bin)" },
        { "format=a\\nb", false, "jvmticheck: bad value 'a\\\\nb' for format (expected text, jsonl or bin)" },
        { "stack=1\n", false, "jvmticheck: bad value '1\\n' for stack (expected a number of frames from 1 to 32)" },
        { "only=\n++b", false,
          "jvmticheck: bad value '\\n++b' for only (expected GLOB[+GLOB...] over function and event names)" },
        { "agent=/p/l\nib.so,trace=\x1b", true,
          "jvmticheck: agent= must come last: all that follows it is the agent's, so 'trace=\\x1b' is no option of ours "
          "here (expected trace=\\x1b,agent=/p/l\\nib.so)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        jc_options o;
        char err[1024];
        ck_assert_msg(jc_options_parse(cases[i].text, cases[i].require_agent, &o, err, sizeof err) == -1,
                      "case %zu was accepted", i);
        ck_assert_msg(strcmp(err, cases[i].message) == 0, "case %zu:\n got  %s\n want %s", i, err, cases[i].message);
        for (const unsigned char *p = (const unsigned char *)err; *p; p++)
            ck_assert_msg(*p >= 0x20 && *p != 0x7f, "case %zu: control character 0x%02x in '%s'", i, *p, err);
    }
    /* the transport's rows, the same way */
    jc_options o;
    char err[1024];
    ck_assert_int_eq(jc_options_parse_for(JC_IFACE_TRANSPORT, "halt=\x1b]0;t\x07", false, &o, err, sizeof err), -1);
    ck_assert_str_eq(err, "dtcheck: bad value '\\x1b]0;t\\x07' for halt (expected on or off)");
    /* cut, with "...", where the quoted text is long */
    char big[2000];
    memset(big, '\n', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    memcpy(big, "trace=", 6);
    ck_assert_int_eq(jc_options_parse(big, false, &o, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "bad value '\\n\\n") && strstr(err, "\\n...' for trace"), "%s", err);
}
END_TEST

/* Suppression files: the file's name and what a message quotes of a rule
 * are escaped the same way. */
START_TEST(test_suppress_escaping)
{
    char err[512];
    ck_assert_int_eq(jc_suppress_parse("a\nb.supp", "bogus_check \xc2\x9b" "Get\n", 18, err, sizeof err), -1);
    ck_assert_str_eq(err, "a\\nb.supp:1: error: unknown check 'bogus_check' (expected a check id such as null_pointer, "
                          "phase, capability, bad_deallocate, leak, or a glob)");
    ck_assert_int_eq(jc_suppress_parse("s", "null_pointer Get\xc2\x9b[\n", 21, err, sizeof err), -1);
    ck_assert_str_eq(err, "s:1: error: unclosed '[' in 'Get\\xc2\\x9b[' (expected a glob such as Get*)");
    ck_assert_int_eq(jc_suppress_load("/nonexistent/\x1b[2J", err, sizeof err), -1);
    ck_assert_str_eq(err, "jvmticheck: cannot open suppression file '/nonexistent/\\x1b[2J': No such file or directory");
}
END_TEST

/* A FIFO as suppress= or log= never blocks: suppress= takes a regular file
 * only; log= takes a FIFO that has a reader, and refuses one that has none
 * (its open would wait for a reader for ever).  A hang fails the test by
 * its time limit. */
START_TEST(test_fifo_files)
{
    const char *fifo = path_for("fifo");
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    char err[512], text[4400], want[4600];
    ck_assert_int_eq(jc_suppress_load(fifo, err, sizeof err), -1);
    snprintf(want, sizeof want, "jvmticheck: suppression file '%s' is a FIFO (expected a regular file)", fifo);
    ck_assert_str_eq(err, want);
    ck_assert_int_eq(jc_suppress_load(out_dir, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "' is a directory (expected a regular file)") != NULL, "%s", err);

    snprintf(text, sizeof text, "trace=all,log=%s", fifo);
    ck_assert_int_eq(jc_init(text, false, err, sizeof err), -1);
    snprintf(want, sizeof want, "jvmticheck: cannot open log file '%s': it is a FIFO no process reads (start its "
             "reader first)", fifo);
    ck_assert_str_eq(err, want);
    ck_assert(!jc_g.active);

    /* with a reader: the records go through it */
    int rd = open(fifo, O_RDONLY | O_NONBLOCK);
    ck_assert_int_ge(rd, 0);
    ck_assert_msg(jc_init(text, false, err, sizeof err) == 0, "%s", err);
    jc_rec_end(jc_rec_begin(JC_REC_CALL, "StubOne"), 1, 2);
    jc_trace_flush_all();
    char got[512] = "";
    ssize_t n = read(rd, got, sizeof got - 1);
    ck_assert_int_gt(n, 0);
    ck_assert_msg(strstr(got, "] call StubOne() dur=2ns\n") != NULL, "%s", got);
    close(rd);
}
END_TEST

/* ---- jc_init ---------------------------------------------------------------------- */

START_TEST(test_init)
{
    char err[512];
    ck_assert_ptr_null(jc_rec_begin(JC_REC_CALL, "X"));     /* nothing before jc_init */
    ck_assert_int_eq(jc_init("log=/nonexistent-dir/x.log", false, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "jvmticheck: cannot open log file '/nonexistent-dir/x.log': ") == err, "%s", err);
    ck_assert(!jc_g.active);
    ck_assert_int_eq(jc_init("trace=bogus", false, err, sizeof err), -1);
    ck_assert(!jc_g.active);

    char text[4300];
    snprintf(text, sizeof text, "trace=all,log=%s", path_for("init.log"));
    int inits = jc_selection_inits;
    ck_assert_int_eq(jc_init(text, false, err, sizeof err), 0);
    ck_assert(jc_g.active);
    ck_assert_uint_eq(jc_g.opt.trace, 7);
    ck_assert_int_eq(jc_selection_inits, inits + 1);
    ck_assert_int_eq(jc_init(text, false, err, sizeof err), 0);     /* again: fine */
    ck_assert_int_eq(jc_selection_inits, inits + 1);
    ck_assert_int_eq(jc_init("trace=none", false, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "jvmticheck: already initialised with other options") == err, "%s", err);
    ck_assert_uint_eq(jc_g.opt.trace, 7);
}
END_TEST

START_TEST(test_init_appends)
{
    const char *log = path_for("append.log");
    FILE *f = fopen(log, "w");
    fputs("existing line\n", f);
    fclose(f);
    char text[4300], err[256];
    snprintf(text, sizeof text, "log=%s", log);
    ck_assert_int_eq(jc_init(text, false, err, sizeof err), 0);
    jc_rec_end(jc_rec_begin(JC_REC_CALL, "StubOne"), 1, 2);
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 2);
    ck_assert_str_eq(l.v[0], "existing line");
    free_lines(&l);
}
END_TEST

/* ---- records: jsonl ----------------------------------------------------------------- */

/* One record of each kind, every arg type. */
static void emit_samples(void)
{
    int local;
    jc_rec *r = jc_rec_begin(JC_REC_CALL, "GetThreadState");
    jc_rec_arg_ptr(r, "thread", &local);
    jc_rec_arg_ptr(r, "thread_state_ptr", NULL);
    jc_rec_arg_int(r, "depth", -42);
    jc_rec_arg_uint(r, "size", 18446744073709551615ull);
    jc_rec_arg_double(r, "value", 1.5);
    jc_rec_arg_double(r, "tiny", 0.1);
    jc_rec_arg_double(r, "nan", NAN);
    jc_rec_arg_bool(r, "flag", 1);
    jc_rec_arg_bool(r, "off", 0);
    jc_rec_arg_str(r, "name", "java/lang/String");
    jc_rec_arg_str(r, "none", NULL);
    jc_rec_arg_enum(r, "phase", "jvmtiPhase", JVMTI_PHASE_LIVE);
    jc_rec_arg_enum(r, "event", "jvmtiEvent", JVMTI_EVENT_VM_INIT);
    jc_rec_arg_enum(r, "err", "jvmtiError", JVMTI_ERROR_NULL_POINTER);
    jc_rec_arg_enum(r, "odd", "jvmtiPhase", 99);
    jc_rec_arg_enum(r, "nogroup", "noSuchGroup", 3);
    jc_rec_arg_bits(r, "state", "jvmtiThreadState", JVMTI_THREAD_STATE_ALIVE | JVMTI_THREAD_STATE_RUNNABLE);
    jc_rec_arg_bits(r, "extra", "jvmtiThreadState", JVMTI_THREAD_STATE_ALIVE | 0x8);
    jc_rec_arg_bits(r, "ev", "jvmtiEvent", JVMTI_EVENT_VM_DEATH);
    jc_rec_arg_char(r, "c", 'A');
    jc_rec_arg_char(r, "e", 0xe9);
    jc_rec_arg_char(r, "z", 0);
    jc_rec_out(r);
    jc_rec_arg_bits(r, "thread_state_ptr", "jvmtiThreadState", JVMTI_THREAD_STATE_ALIVE);
    jc_rec_error(r, JVMTI_ERROR_NONE);
    jc_rec_end(r, 123456789, 120);

    r = jc_rec_begin(JC_REC_EVENT, "VMInit");
    jc_rec_arg_ptr(r, "jni_env", &local);
    jc_rec_end(r, 5, 6);

    r = jc_rec_begin(JC_REC_CALL, "StubOne");       /* no args, error code unknown */
    jc_rec_error(r, (jvmtiError)7777);
    jc_rec_field_str(r, "refused", "not passed to the VM");
    jc_rec_end(r, 7, 0);

    jc_violation(JC_CHK_null_pointer, "GetThreadState", "thread_state_ptr", "%s must not be NULL", "thread_state_ptr");
    jc_violation(JC_CHK_phase, "GetThreadState", NULL, "called in the %s phase", "onload");

    r = jc_rec_begin(JC_REC_LEAK, "GetClassSignature");
    jc_rec_field_str(r, "param", "signature_ptr");
    jc_rec_field_int(r, "count", 3);
    jc_rec_field_int(r, "bytes", -1);
    jc_rec_end(r, 8, 0);

    r = jc_rec_begin(JC_REC_SUMMARY, "StubTwo");
    jc_rec_field_int(r, "calls", 10);
    jc_rec_end(r, 9, 0);
}

START_TEST(test_jsonl_records)
{
    const char *log = init_log("records.jsonl", "format=jsonl,trace=all");
    atomic_store(&jc_g.phase, JVMTI_PHASE_LIVE);
    emit_samples();
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 7);
    assert_all_json(&l);
    ck_assert_msg(strncmp(l.v[0], "{\"kind\":\"call\",\"name\":\"GetThreadState\",\"thread\":\"main\","
                          "\"phase\":\"live\",\"args\":{\"thread\":\"0x", 82) == 0, "%s", l.v[0]);
    ck_assert_msg(strstr(l.v[0], "\"thread_state_ptr\":null,\"depth\":-42,\"size\":18446744073709551615,"
                                 "\"value\":1.5,\"tiny\":0.1,\"nan\":\"nan\",\"flag\":true,\"off\":false,"
                                 "\"name\":\"java/lang/String\",\"none\":null,\"phase\":\"JVMTI_PHASE_LIVE\","
                                 "\"event\":\"VMInit\",\"err\":\"JVMTI_ERROR_NULL_POINTER\",\"odd\":\"99\","
                                 "\"nogroup\":\"3\",\"state\":\"JVMTI_THREAD_STATE_ALIVE|JVMTI_THREAD_STATE_RUNNABLE\","
                                 "\"extra\":\"JVMTI_THREAD_STATE_ALIVE|0x8\",\"ev\":\"VMDeath\","
                                 "\"c\":\"A\",\"e\":\"\xc3\xa9\",\"z\":\"\\u0000\"},"
                                 "\"out\":{\"thread_state_ptr\":\"JVMTI_THREAD_STATE_ALIVE\"},"
                                 "\"error\":\"JVMTI_ERROR_NONE\",\"t_ns\":123456789,\"dur_ns\":120}"),
                  "%s", l.v[0]);
    ck_assert_msg(strstr(l.v[2], "\"args\":{},\"error\":\"7777\",\"refused\":\"not passed to the VM\",") != NULL,
                  "%s", l.v[2]);
    ck_assert_msg(strstr(l.v[3], "{\"kind\":\"violation\",\"name\":\"GetThreadState\",") == l.v[3], "%s", l.v[3]);
    ck_assert_msg(strstr(l.v[3], ",\"check\":\"null_pointer\",\"param\":\"thread_state_ptr\","
                                 "\"message\":\"thread_state_ptr must not be NULL\",") != NULL, "%s", l.v[3]);
    ck_assert_msg(strstr(l.v[5], "\"count\":3,\"bytes\":-1,\"t_ns\":8,\"dur_ns\":0}") != NULL, "%s", l.v[5]);
    ck_assert_msg(strstr(l.v[5], "\"args\"") == NULL, "%s", l.v[5]);
    py_check(log,
             "kinds = ['call', 'event', 'call', 'violation', 'violation', 'leak', 'summary']\n"
             "assert [o['kind'] for o in L] == kinds, L\n"
             "for o in L:\n"
             "    for k in ('kind', 'name', 'thread', 'phase', 't_ns', 'dur_ns'):\n"
             "        assert k in o, (k, o)\n"
             "    assert o['phase'] == 'live' and o['thread'] == 'main', o\n"
             "    assert ('args' in o) == (o['kind'] in ('call', 'event')), o\n"
             "assert 'out' in L[0] and 'out' not in L[1] and 'out' not in L[2]\n"
             "assert L[0]['args']['z'] == '\\x00' and L[0]['args']['e'] == '\\u00e9'\n"
             "assert L[0]['args']['size'] == 2**64 - 1\n"
             "assert 'param' not in L[4] and L[4]['check'] == 'phase'\n"
             "assert L[6]['calls'] == 10\n");
    free_lines(&l);
}
END_TEST

/* Each record names the OS thread that made it. */
START_TEST(test_tid)
{
    const char *log = init_log("tid.txt", "trace=all");
    jc_rec *r = jc_rec_begin(JC_REC_SUMMARY, "StubTwo");
    jc_rec_end(r, 9, 0);
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 1);
    ck_assert_int_eq(masked_tid, (long)syscall(SYS_gettid));
    free_lines(&l);
}
END_TEST

/* ---- records: text ------------------------------------------------------------------- */

START_TEST(test_text_records)
{
    const char *log = init_log("records.txt", "trace=all");
    atomic_store(&jc_g.phase, JVMTI_PHASE_LIVE);
    emit_samples();
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 7);
    ck_assert_msg(strncmp(l.v[0], "[t=123456789 thread=main phase=live] call GetThreadState(thread=0x", 66) == 0,
                  "%s", l.v[0]);
    ck_assert_msg(strstr(l.v[0], ", thread_state_ptr=NULL, depth=-42, size=18446744073709551615, value=1.5, "
                                 "tiny=0.1, nan=nan, flag=true, off=false, name=\"java/lang/String\", none=NULL, "
                                 "phase=JVMTI_PHASE_LIVE, event=VMInit, err=JVMTI_ERROR_NULL_POINTER, odd=99, "
                                 "nogroup=3, state=JVMTI_THREAD_STATE_ALIVE|JVMTI_THREAD_STATE_RUNNABLE, "
                                 "extra=JVMTI_THREAD_STATE_ALIVE|0x8, ev=VMDeath, c='A', e='\xc3\xa9', "
                                 "z='\\u0000') -> out(thread_state_ptr=JVMTI_THREAD_STATE_ALIVE) = "
                                 "JVMTI_ERROR_NONE dur=120ns") != NULL, "%s", l.v[0]);
    ck_assert_msg(strstr(l.v[1], "[t=5 thread=main phase=live] event VMInit(jni_env=0x") == l.v[1], "%s", l.v[1]);
    ck_assert_msg(strstr(l.v[1], ") dur=6ns") != NULL, "%s", l.v[1]);
    ck_assert_str_eq(l.v[2], "[t=7 thread=main phase=live] call StubOne() = 7777 dur=0ns refused=\"not passed to the VM\"");
    ck_assert_msg(strstr(l.v[3], "] VIOLATION [null_pointer] GetThreadState param=thread_state_ptr "
                                 "message=\"thread_state_ptr must not be NULL\"") != NULL, "%s", l.v[3]);
    ck_assert_msg(strstr(l.v[4], "] VIOLATION [phase] GetThreadState message=\"called in the onload phase\"") != NULL,
                  "%s", l.v[4]);
    ck_assert_str_eq(l.v[5], "[t=8 thread=main phase=live] leak GetClassSignature param=signature_ptr count=3 bytes=-1");
    ck_assert_str_eq(l.v[6], "[t=9 thread=main phase=live] summary StubTwo calls=10");
    free_lines(&l);
}
END_TEST

START_TEST(test_phases)
{
    static const struct { int phase; const char *name; } phases[] = {
        { 0, "unknown" }, { JVMTI_PHASE_ONLOAD, "onload" }, { JVMTI_PHASE_PRIMORDIAL, "primordial" },
        { JVMTI_PHASE_START, "start" }, { JVMTI_PHASE_LIVE, "live" }, { JVMTI_PHASE_DEAD, "dead" },
    };
    const char *log = init_log("phases.jsonl", "format=jsonl");
    for (size_t i = 0; i < sizeof phases / sizeof *phases; i++) {
        atomic_store(&jc_g.phase, phases[i].phase);
        jc_rec_end(jc_rec_begin(JC_REC_EVENT, "StubEvent"), i, 0);
    }
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, sizeof phases / sizeof *phases);
    for (size_t i = 0; i < l.n; i++) {
        char want[64];
        snprintf(want, sizeof want, "\"phase\":\"%s\"", phases[i].name);
        ck_assert_msg(strstr(l.v[i], want) != NULL, "%s lacks %s", l.v[i], want);
    }
    free_lines(&l);
}
END_TEST

/* ---- escaping ---------------------------------------------------------------------------- */

static const char *const nasty[] = {
    "q\"b\\s/",                         /* quote, backslash */
    "\x01\x1f\n\t\r\x7f",               /* controls (DEL is fine as is) */
    "\xff",                             /* never valid */
    "\xc0\xaf",                         /* overlong '/' */
    "x\xe2\x82",                        /* cut short */
    "a\300\200b",                       /* modified UTF-8 NUL */
    "\xed\xa0\xbd\xed\xb8\x80",         /* modified UTF-8 U+1F600 (two surrogates) */
    "\xed\xa0\x80",                     /* a lone surrogate */
    "\xf4\x90\x80\x80",                 /* above U+10FFFF */
    "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", /* valid: e-acute, euro, U+1F600 */
    "",
};
/* What python must decode each to. */
static const char *const nasty_py =
    "want = ['q\"b\\\\s/', '\\x01\\x1f\\n\\t\\r\\x7f', '\\ufffd', '\\ufffd\\ufffd', 'x\\ufffd\\ufffd',\n"
    "        'a\\x00b', '\\U0001F600', '\\ud800', '\\ufffd' * 4, '\\u00e9\\u20ac\\U0001F600', '']\n";

START_TEST(test_escaping_jsonl)
{
    const char *log = init_log("nasty.jsonl", "format=jsonl");
    for (size_t i = 0; i < sizeof nasty / sizeof *nasty; i++) {
        jc_rec *r = jc_rec_begin(JC_REC_CALL, nasty[i]);
        jc_rec_arg_str(r, nasty[i], nasty[i]);
        jc_rec_field_str(r, "f", nasty[i]);
        jc_rec_end(r, 1, 1);
    }
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, sizeof nasty / sizeof *nasty);
    assert_all_json(&l);
    ck_assert_msg(strstr(l.v[5], "\"a\\u0000b\"") != NULL, "%s", l.v[5]);
    ck_assert_msg(strstr(l.v[6], "\"\\ud83d\\ude00\"") != NULL, "%s", l.v[6]);
    char body[2048];
    snprintf(body, sizeof body,
             "%s"
             "assert len(L) == len(want)\n"
             "for o, w in zip(L, want):\n"
             "    assert o['name'] == w and o['f'] == w and o['args'] == {w: w}, (o, w)\n",
             nasty_py);
    py_check(log, body);
    free_lines(&l);
}
END_TEST

START_TEST(test_escaping_text)
{
    const char *log = init_log("nasty.txt", "");
    for (size_t i = 0; i < sizeof nasty / sizeof *nasty; i++) {
        jc_rec *r = jc_rec_begin(JC_REC_CALL, "StubOne");
        jc_rec_arg_str(r, "s", nasty[i]);
        jc_rec_field_str(r, "f", nasty[i]);
        jc_rec_end(r, 1, 1);
    }
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, sizeof nasty / sizeof *nasty);
    for (size_t i = 0; i < l.n; i++)
        for (const unsigned char *p = (const unsigned char *)l.v[i]; *p; p++)
            ck_assert_msg(*p >= 0x20, "control byte in text line %zu: %s", i, l.v[i]);
    ck_assert_msg(strstr(l.v[0], "(s=\"q\\\"b\\\\s/\") dur=1ns f=\"q\\\"b\\\\s/\"") != NULL, "%s", l.v[0]);
    ck_assert_msg(strstr(l.v[10], "(s=\"\") dur=1ns f=\"\"") != NULL, "%s", l.v[10]);
    /* the same strings as JSON string bodies must be valid: wrap and check */
    for (size_t i = 0; i < l.n; i++) {
        char *s = strstr(l.v[i], "(s=") + 3, *e = strstr(s, ") dur=");
        char obj[4096];
        snprintf(obj, sizeof obj, "{\"s\":%.*s}", (int)(e - s), s);
        ck_assert_msg(json_ok(obj), "text string is not a valid JSON string: %s", obj);
    }
    free_lines(&l);
}
END_TEST

static void *named_thread(void *name)
{
    pthread_setname_np(pthread_self(), name);
    jc_rec_end(jc_rec_begin(JC_REC_EVENT, "StubEvent"), 1, 1);
    return NULL;
}

START_TEST(test_thread_names)
{
    static const char *const names[] = { "VM Thread", "q\"uote\\", "\xc3\xa9t\xc3\xa9", "tab\there" };
    const char *log = init_log("threads.jsonl", "format=jsonl");
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        pthread_t t;
        pthread_create(&t, NULL, named_thread, (void *)names[i]);
        pthread_join(t, NULL);
    }
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 4);
    assert_all_json(&l);
    py_check(log, "assert [o['thread'] for o in L] == ['VM Thread', 'q\"uote\\\\', '\\u00e9t\\u00e9', 'tab\\there'], L\n");
    free_lines(&l);
}
END_TEST

START_TEST(test_long_string)
{
    const char *log = init_log("long.jsonl", "format=jsonl");
    size_t n = 200000;
    char *s = malloc(n + 1);
    memset(s, 'a', n);
    s[n] = '\0';
    jc_rec *r = jc_rec_begin(JC_REC_CALL, "StubOne");
    jc_rec_arg_str(r, "s", s);
    jc_rec_end(r, 1, 1);
    free(s);
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 1);
    assert_all_json(&l);
    py_check(log, "s = L[0]['args']['s']\nassert s == 'a' * 65536 + '...', len(s)\n");
    free_lines(&l);
}
END_TEST

/* ---- record=: the recording decodes to the log's own lines ------------------------------------ */

static int cmp_line(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every kind of value and record, written to a text or jsonl log and, with
 * record=, to a recording; `jvmtigen trace`'s decoder (gen/trace/)
 * must give the log's lines exactly (sorted: it orders by start time). */
static void record_roundtrip(const char *fmt, const char *extra)
{
    char bin[4200], decoded[4200], opts[8600], name[64];
    snprintf(bin, sizeof bin, "%s", path_for(fmt[0] == 'j' ? "rt-jsonl.bin" : "rt-text.bin"));
    snprintf(decoded, sizeof decoded, "%s", path_for(fmt[0] == 'j' ? "rt-jsonl.decoded" : "rt-text.decoded"));
    snprintf(opts, sizeof opts, "format=%s,trace=all%s,record=%s", fmt, extra, bin);
    snprintf(name, sizeof name, "rt.%s", fmt);
    const char *log = init_log(name, opts);
    emit_samples();
    for (size_t i = 0; i < sizeof nasty / sizeof *nasty; i++) {
        jc_rec *r = jc_rec_begin(JC_REC_CALL, nasty[i]);
        jc_rec_arg_str(r, "s", nasty[i]);
        jc_rec_out(r);
        jc_rec_field_str(r, "f", nasty[i]);
        jc_rec_end(r, 1000 + i, i);
    }
    char *big = malloc(200001);
    memset(big, 'b', 200000);
    big[200000] = '\0';
    jc_rec *r = jc_rec_begin(JC_REC_EVENT, "StubEvent");
    jc_rec_arg_str(r, "big", big);
    jc_rec_arg_enum(r, "wide", "jvmtiPhase", 1LL << 40);
    jc_rec_arg_bits(r, "widebits", "jvmtiThreadState", (1LL << 40) | JVMTI_THREAD_STATE_ALIVE);
    jc_rec_arg_double(r, "inf", -INFINITY);
    jc_rec_arg_double(r, "third", 1.0 / 3);
    jc_rec_arg_char(r, "hi", 0x20ac);
    jc_rec_out(r);                  /* outputs opened, none given */
    jc_rec_end(r, 2000, 3);
    free(big);
    jc_trace_flush_all();

    size_t len = 0;
    FILE *f = fopen(bin, "rb");
    ck_assert_msg(f != NULL, "no recording %s", bin);
    char *data = malloc(64 << 20);
    len = fread(data, 1, 64 << 20, f);
    fclose(f);
    char *out = NULL;
    size_t n = 0;
    ck_assert_msg(jt_trace_decode((const unsigned char *)data, len, bin, fmt[0] == 'j' ? JT_TRACE_JSONL : JT_TRACE_TEXT,
                                  &out, &n) == 0, "the recording %s does not decode", bin);
    free(data);
    f = fopen(decoded, "w");
    ck_assert(f != NULL && fwrite(out, 1, n, f) == n);
    fclose(f);
    free(out);
    lines a = read_lines(log), b = read_lines(decoded);
    ck_assert_uint_gt(a.n, 15);
    ck_assert_uint_eq(a.n, b.n);
    qsort(a.v, a.n, sizeof *a.v, cmp_line);
    qsort(b.v, b.n, sizeof *b.v, cmp_line);
    for (size_t i = 0; i < a.n; i++)
        ck_assert_msg(strcmp(a.v[i], b.v[i]) == 0, "%s: log and recording differ:\n log %.400s\n rec %.400s", fmt,
                      a.v[i], b.v[i]);
    free_lines(&a);
    free_lines(&b);
}

/* A chunk a thread leaves while a call entered in it is open stays mapped
 * (the call's record is completed in place) and is given back when the
 * call is done, not kept for the process's life. */
START_TEST(test_record_left_chunk)
{
    char bin[4200], opts[4300];
    snprintf(bin, sizeof bin, "%s", path_for("left.bin"));
    snprintf(opts, sizeof opts, "format=jsonl,trace=all,record=%s", bin);
    init_log("left.jsonl", opts);
    jc_thread *me = jc_me();
    jc_bin_enter(me, 1);                /* StubOne, open */
    ck_assert_int_eq(jc_bin_chunks_held(), 1);
    for (int i = 0; i < 40000; i++) {   /* 64 bytes each: past two chunks */
        jc_rec *r = jc_rec_begin(JC_REC_EVENT, "StubEvent");
        jc_rec_arg_int(r, "i", i);
        jc_rec_end(r, 1, 1);
    }
    ck_assert_int_eq(jc_bin_chunks_held(), 2);     /* the current one, and the one with StubOne */
    jc_bin_leave(me, 1, JVMTI_ERROR_NONE);
    jc_rec *r = jc_rec_begin(JC_REC_CALL, "StubOne");
    jc_rec_out(r);
    jc_rec_arg_int(r, "out", 7);
    jc_rec_end(r, 0, 0);
    ck_assert_int_eq(jc_bin_chunks_held(), 1);     /* given back */
    jc_trace_flush_all();

    FILE *f = fopen(bin, "rb");
    ck_assert(f != NULL);
    char *data = malloc(16 << 20);
    size_t len = fread(data, 1, 16 << 20, f);
    fclose(f);
    char *out = NULL;
    size_t n = 0;
    ck_assert(jt_trace_decode((const unsigned char *)data, len, bin, JT_TRACE_JSONL, &out, &n) == 0);
    free(data);
    /* the call is whole, with its output, and every event is there */
    ck_assert_msg(strstr(out, "\"name\":\"StubOne\"") && strstr(out, "\"out\":{\"out\":7}"), "%.300s", out);
    size_t events = 0;
    for (const char *p = out; (p = strstr(p, "\"kind\":\"event\"")) != NULL; p++)
        events++;
    ck_assert_uint_eq(events, 40000);
    free(out);
}
END_TEST

/* ring=1M: a thread records twelve times the ring's size; the recording
 * stays at the ring's size (plus its header and strings) and holds the
 * newest records, without a gap, up to the last one made. */
START_TEST(test_record_ring)
{
    char bin[4200], opts[4300];
    snprintf(bin, sizeof bin, "%s", path_for("ring.bin"));
    snprintf(opts, sizeof opts, "format=jsonl,trace=all,ring=1M,record=%s", bin);
    init_log("ring.jsonl", opts);
    enum { N = 150000 };                /* 64 to 96 bytes each: 12 MB */
    for (int i = 0; i < N; i++) {
        jc_rec *r = jc_rec_begin(JC_REC_EVENT, "StubEvent");
        jc_rec_arg_int(r, "i", i);
        for (int k = 0; k < i % 3; k++)     /* records of several sizes: a slot reused is not the lap before */
            jc_rec_arg_int(r, "k", k);
        jc_rec_end(r, 1000 + (uint64_t)i, 1);   /* its own time: a ring is read by time, not place */
    }
    jc_trace_flush_all();
    struct stat st;
    ck_assert_int_eq(stat(bin, &st), 0);
    ck_assert_msg(st.st_size <= (2 << 20), "a ring of 1 MiB left a file of %lld bytes", (long long)st.st_size);
    FILE *f = fopen(bin, "rb");
    ck_assert(f != NULL);
    char *data = malloc(st.st_size);
    size_t len = fread(data, 1, st.st_size, f);
    fclose(f);
    char *out = NULL;
    size_t n = 0;
    ck_assert(jt_trace_decode((const unsigned char *)data, len, bin, JT_TRACE_JSONL, &out, &n) == 0);
    free(data);
    long first = -1, last = -1, count = 0;
    static const char key[] = "\"args\":{\"i\":";
    size_t bytes = 0;
    for (const char *p = out; (p = strstr(p, key)) != NULL; p++) {
        long i = strtol(p + strlen(key), NULL, 10);
        ck_assert_msg(last < 0 || i == last + 1, "a gap: %ld after %ld", i, last);
        if (first < 0)
            first = i;
        last = i;
        count++;
        bytes += 64 + 16 * (size_t)(i % 3);
    }
    free(out);
    /* the newest: all but the slot in use and the ones held or zeroed
     * ahead of it, 64 KiB each, of 1 MiB */
    ck_assert_int_eq(last, N - 1);
    ck_assert_msg(bytes >= (1 << 20) - 4 * (64 << 10), "only %ld records (%zu bytes) kept in a ring of 1 MiB", count, bytes);
    ck_assert_int_gt(first, N / 2);
}
END_TEST

START_TEST(test_record_jsonl) { record_roundtrip("jsonl", ""); }
END_TEST

START_TEST(test_record_text) { record_roundtrip("text", ",addresses=off"); }
END_TEST

/* ---- addresses=off -------------------------------------------------------------------------- */

static void emit_pointers(void)
{
    int x;
    jc_rec *r = jc_rec_begin(JC_REC_CALL, "StubOne");
    jc_rec_arg_ptr(r, "p", &x);
    jc_rec_arg_ptr(r, "q", NULL);
    jc_rec_out(r);
    jc_rec_arg_ptr(r, "o", (void *)&r);
    jc_rec_end(r, 1, 2);
}

START_TEST(test_addresses_off_jsonl)
{
    const char *log = init_log("noaddr.jsonl", "format=jsonl,addresses=off");
    emit_pointers();
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 1);
    ck_assert_msg(strstr(l.v[0], "\"args\":{\"p\":\"0xPTR\",\"q\":null},\"out\":{\"o\":\"0xPTR\"}") != NULL, "%s", l.v[0]);
    free_lines(&l);
}
END_TEST

START_TEST(test_addresses_off_text)
{
    const char *log = init_log("noaddr.txt", "addresses=off");
    emit_pointers();
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 1);
    ck_assert_msg(strstr(l.v[0], "call StubOne(p=0xPTR, q=NULL) -> out(o=0xPTR) dur=2ns") != NULL, "%s", l.v[0]);
    free_lines(&l);
}
END_TEST

START_TEST(test_addresses_on)
{
    const char *log = init_log("addr.txt", "");
    int x;
    jc_rec *r = jc_rec_begin(JC_REC_CALL, "StubOne");
    jc_rec_arg_ptr(r, "p", &x);
    jc_rec_end(r, 1, 2);
    char want[64];
    snprintf(want, sizeof want, "(p=%p)", (void *)&x);
    lines l = read_lines(log);
    ck_assert_msg(strstr(l.v[0], want) != NULL, "%s lacks %s", l.v[0], want);
    free_lines(&l);
}
END_TEST

/* ---- nesting and concurrency ------------------------------------------------------------------ */

START_TEST(test_nested_records)
{
    const char *log = init_log("nested.jsonl", "format=jsonl");
    jc_rec *call = jc_rec_begin(JC_REC_CALL, "RedefineClasses");
    jc_rec_arg_int(call, "class_count", 1);
    jc_rec *ev = jc_rec_begin(JC_REC_EVENT, "ClassFileLoadHook");
    ck_assert_ptr_ne(call, ev);
    jc_rec_arg_str(ev, "name", "Foo");
    jc_rec *inner = jc_rec_begin(JC_REC_CALL, "Allocate");
    jc_rec_arg_int(inner, "size", 10);
    jc_rec_end(inner, 3, 1);
    jc_rec_end(ev, 2, 5);
    jc_rec_arg_int(call, "after", 2);
    jc_rec_end(call, 1, 10);

    /* deeper than the stack: dropped, not corrupted */
    jc_rec *stack[12];
    for (int i = 0; i < 12; i++)
        stack[i] = jc_rec_begin(JC_REC_CALL, "StubOne");
    ck_assert_ptr_nonnull(stack[7]);
    ck_assert_ptr_null(stack[8]);
    for (int i = 11; i >= 0; i--)
        jc_rec_end(stack[i], (uint64_t)i, 0);

    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 3 + 8);
    assert_all_json(&l);
    ck_assert_msg(strstr(l.v[0], "\"name\":\"Allocate\",") && strstr(l.v[0], "{\"size\":10}"), "%s", l.v[0]);
    ck_assert_msg(strstr(l.v[1], "\"name\":\"ClassFileLoadHook\",") && strstr(l.v[1], "{\"name\":\"Foo\"}"), "%s", l.v[1]);
    ck_assert_msg(strstr(l.v[2], "{\"class_count\":1,\"after\":2}"), "%s", l.v[2]);
    free_lines(&l);
}
END_TEST

enum { NTHREADS = 8, NRECORDS = 10000 };

static void *writer(void *arg)
{
    int id = (int)(intptr_t)arg;
    char name[16];
    snprintf(name, sizeof name, "w%d", id);
    pthread_setname_np(pthread_self(), name);
    for (int i = 0; i < NRECORDS; i++) {
        jc_rec *r = jc_rec_begin(JC_REC_CALL, "GetThreadState");
        jc_rec_arg_int(r, "writer", id);
        jc_rec_arg_int(r, "i", i);
        jc_rec_arg_str(r, "pad", "a string long enough to make the lines of different threads likely to collide");
        jc_rec_out(r);
        jc_rec_arg_bits(r, "state", "jvmtiThreadState", JVMTI_THREAD_STATE_ALIVE | JVMTI_THREAD_STATE_WAITING);
        jc_rec_error(r, JVMTI_ERROR_NONE);
        jc_rec_end(r, jc_now_ns(), (uint64_t)i);
    }
    return NULL;
}

START_TEST(test_concurrent_writers)
{
    const char *log = init_log("concurrent.jsonl", "format=jsonl,trace=all");
    pthread_t t[NTHREADS];
    for (int i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(pthread_create(&t[i], NULL, writer, (void *)(intptr_t)i), 0);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, NTHREADS * NRECORDS);
    assert_all_json(&l);
    int next[NTHREADS] = { 0 };
    for (size_t i = 0; i < l.n; i++) {
        int w, k, tw;
        const char *a = strstr(l.v[i], "\"args\":{\"writer\":"), *th = strstr(l.v[i], "\"thread\":\"w");
        ck_assert_msg(a && th && sscanf(a, "\"args\":{\"writer\":%d,\"i\":%d", &w, &k) == 2
                      && sscanf(th, "\"thread\":\"w%d\"", &tw) == 1, "%s", l.v[i]);
        ck_assert_int_eq(w, tw);
        ck_assert_msg(k == next[w]++, "writer %d: record %d out of order", w, k);   /* O_APPEND keeps order */
    }
    free_lines(&l);
    py_check(log, "assert len(L) == 80000\n"
                  "from collections import Counter\n"
                  "assert Counter(o['thread'] for o in L) == {'w%d' % i: 10000 for i in range(8)}\n");
}
END_TEST

/* A process killed inside a write(2) to a regular file leaves the write
 * cut at a 4 KiB boundary of the file: the sink lays lines out so that none
 * crosses one.  Lines of 1 to 3000 bytes in writes of 1 to 40 lines, after
 * an odd-sized start: every block of the file starts a line, and the lines
 * read back (padding taken off) are those written, in order. */
static void sink_blocks(bool json)
{
    const char *log = path_for(json ? "blocks.jsonl" : "blocks.text");
    FILE *f = fopen(log, "w");
    ck_assert(f != NULL);
    fputs("{\"before\":\"a line of an odd length: the first write does not start a block\"}\n", f);
    fclose(f);
    char err[256];
    ck_assert_msg(jc_sink_open(log, err, sizeof err) == 0, "%s", err);
    jc_sink_set_json(json);
    unsigned seed = 12345;
    size_t cap = 40 * 3100;
    char *buf = malloc(cap);
    FILE *want = tmpfile();
    ck_assert(buf && want);
    int written = 1;
    for (int w = 0; w < 400; w++) {
        size_t n = 0;
        int k = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 40;
        for (int i = 0; i < k; i++) {
            size_t len = 1 + ((seed = seed * 1103515245u + 12345u) >> 16) % (i % 7 == 6 ? 3000 : 300);
            int h = snprintf(buf + n, cap - n, "{\"n\":%d,\"s\":\"", written++);
            n += (size_t)h;
            for (size_t j = 0; j < len; j++)
                buf[n++] = (char)('a' + j % 26);
            memcpy(buf + n, "\"}\n", 3);
            n += 3;
        }
        fwrite(buf, 1, n, want);
        jc_sink_write(buf, n);
    }
    jc_sink_close();
    free(buf);

    struct stat st;
    ck_assert(stat(log, &st) == 0);
    char *got = malloc((size_t)st.st_size + 1);
    f = fopen(log, "rb");
    ck_assert(got && f && fread(got, 1, (size_t)st.st_size, f) == (size_t)st.st_size);
    fclose(f);
    got[st.st_size] = '\0';
    for (off_t at = 4096; at < st.st_size; at += 4096)
        ck_assert_msg(got[at - 1] == '\n', "%s: a line crosses the 4 KiB boundary at %lld", log, (long long)at);
    free(got);

    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, (size_t)written);
    rewind(want);
    char *line = NULL;
    size_t lcap = 0;
    for (size_t i = 1; i < l.n; i++) {
        ssize_t n = getline(&line, &lcap, want);
        ck_assert(n > 0);
        line[n - 1] = '\0';
        ck_assert_msg(strcmp(l.v[i], line) == 0, "%s: line %zu differs: %.80s", log, i + 1, l.v[i]);
    }
    free(line);
    fclose(want);
    free_lines(&l);
    if (json)       /* each line as written, padding and all, is JSON */
        py_check(log, "assert len(L) == 1 + max(o.get('n', 0) for o in L)\n");
}

START_TEST(test_sink_blocks_text) { sink_blocks(false); }
END_TEST

START_TEST(test_sink_blocks_jsonl) { sink_blocks(true); }
END_TEST

/* ---- violations and summary -------------------------------------------------------------------- */

START_TEST(test_violation_counts)
{
    const char *log = init_log("violations.txt", "trace=none");
    jc_violation(JC_CHK_capability, "GetTag", NULL, "needs can_tag_objects");
    jc_violation(JC_CHK_capability, "GetTag", NULL, "needs can_tag_objects");
    jc_violation((enum jc_check_id)JC_CHK_COUNT, "GetTag", NULL, "out of range: ignored");
    ck_assert_uint_eq(atomic_load(&jc_check_counts[JC_CHK_capability]), 2);
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 0);          /* counted, not traced */
    free_lines(&l);
    ck_assert_str_eq(jc_check_names[JC_CHK_null_pointer], "null_pointer");
    ck_assert_str_eq(jc_check_names[JC_CHK_undocumented_error], "undocumented_error");
}
END_TEST

/* clear_not_set (jc_deep_pairs.c): a Clear the VM answered NOT_FOUND is
 * reported only when this env has no record of that Set in force.  Slot 2
 * plays the Set function, slot 1 the Clear; keys apart from other tests. */
START_TEST(test_deep_pairs)
{
    static jc_env a, b;
    init_log("pairs.txt", "trace=none,check=deep");
    _Atomic uint64_t *n = &jc_check_counts[JC_CHK_clear_not_set];
    jc_deep_unset(&a, 1, 2, 7, 0);                  /* never set */
    ck_assert_uint_eq(atomic_load(n), 1);
    jc_deep_set(&a, 2, 7, 0);
    jc_deep_unset(&a, 1, 2, 7, 0);                  /* set: the VM's word alone is not enough */
    ck_assert_uint_eq(atomic_load(n), 1);
    jc_deep_unset(&b, 1, 2, 7, 0);                  /* another env set none */
    jc_deep_unset(&a, 1, 2, 7, 1);                  /* another location */
    ck_assert_uint_eq(atomic_load(n), 3);
    jc_deep_cleared(&a, 2, 7, 0);
    jc_deep_unset(&a, 1, 2, 7, 0);                  /* cleared already */
    ck_assert_uint_eq(atomic_load(n), 4);
    /* the table grows and keeps every record; removed ones come back */
    for (uint64_t k = 100; k < 5100; k++)
        jc_deep_set(&b, 2, k, k);
    for (uint64_t k = 100; k < 5100; k += 7)
        jc_deep_cleared(&b, 2, k, k);
    for (uint64_t k = 100; k < 5100; k++)
        jc_deep_unset(&b, 1, 2, k, k);
    ck_assert_uint_eq(atomic_load(n), 4 + (5000 + 6) / 7);
    for (uint64_t k = 100; k < 5100; k += 7)
        jc_deep_set(&b, 2, k, k);
    for (uint64_t k = 100; k < 5100; k++)
        jc_deep_unset(&b, 1, 2, k, k);
    ck_assert_uint_eq(atomic_load(n), 4 + (5000 + 6) / 7);
}
END_TEST

/* Notes: their own record kind and counts; portability=off hides only the
 * portability ones; vm_newer is a warning. */
START_TEST(test_notes)
{
    const char *log = init_log("notes.jsonl", "format=jsonl,portability=off");
    jc_note(JC_NOTE_portability, "GetTag", NULL, "hidden");
    jc_note(JC_NOTE_table_patch, "GetTag", NULL, "patched %d", 1);
    jc_note(JC_NOTE_vm_newer, "GetVersionNumber", NULL, "newer");
    jc_note((enum jc_note_id)JC_NOTE_COUNT, "GetTag", NULL, "out of range: ignored");
    ck_assert_uint_eq(atomic_load(&jc_note_counts[JC_NOTE_portability]), 1);
    ck_assert_uint_eq(atomic_load(&jc_note_counts[JC_NOTE_table_patch]), 1);
    ck_assert_uint_eq(atomic_load(&jc_check_counts[JC_CHK_version]), 0);   /* no violation */
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 2);
    assert_all_json(&l);
    ck_assert_msg(strstr(l.v[0], "{\"kind\":\"note\",\"name\":\"GetTag\"") && strstr(l.v[0], "\"check\":\"table_patch\"")
                  && strstr(l.v[0], "\"message\":\"patched 1\""), "%s", l.v[0]);
    ck_assert_msg(strstr(l.v[1], "{\"kind\":\"warning\",\"name\":\"GetVersionNumber\"")
                  && strstr(l.v[1], "\"check\":\"vm_newer\""), "%s", l.v[1]);
    free_lines(&l);
    ck_assert_str_eq(jc_note_names[JC_NOTE_late_deallocate], "late_deallocate");
}
END_TEST

START_TEST(test_violation_only)
{
    const char *log = init_log("only.txt", "only=Get*");
    char huge[2000];
    memset(huge, 'm', sizeof huge - 1);
    huge[sizeof huge - 1] = '\0';
    jc_violation(JC_CHK_phase, "SetTag", "tag", "filtered out");
    jc_violation(JC_CHK_phase, "GetTag", "tag", "%s", huge);
    ck_assert_uint_eq(atomic_load(&jc_check_counts[JC_CHK_phase]), 2);
    ck_assert(!jc_fn_selected[1] && !jc_fn_selected[2]);  /* jc_init filled the generated tables */
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 1);
    ck_assert_msg(strstr(l.v[0], "VIOLATION [phase] GetTag param=tag message=mmm") != NULL, "%s", l.v[0]);
    free_lines(&l);
}
END_TEST

START_TEST(test_summary)
{
    const char *log = init_log("summary.jsonl", "format=jsonl,summary=on");
    atomic_store(&jc_fn_stats_table[2].calls, 4);
    atomic_store(&jc_fn_stats_table[2].errors, 1);
    atomic_store(&jc_fn_stats_table[2].total_ns, 1000);
    atomic_store(&jc_fn_stats_table[2].shim_calls, 3);
    atomic_store(&jc_fn_stats_table[1].shim_calls, 9);  /* the shim's own only: after StubTwo */
    atomic_store(&jc_event_counts[1], 5);
    jc_violation(JC_CHK_phase, "StubTwo", NULL, "x");
    jc_alloc_track(NULL, (void *)0x1000, 16, "Allocate", "mem_ptr");
    jc_report_summary();
    jc_report_summary();                /* once only */
    lines l = read_lines(log);
    assert_all_json(&l);
    ck_assert_uint_eq(l.n, 8);         /* violation, leak, StubTwo, StubOne, event, phase and leak checks, context */
    free_lines(&l);
    py_check(log,
             "assert [o['kind'] for o in L] == ['violation', 'leak'] + ['summary'] * 6\n"
             "assert L[7]['type'] == 'context' and L[7]['check'] == 'phase' and L[7]['count'] == 1, L[7]\n"
             "fn = L[2]\n"
             "assert fn['name'] == 'StubTwo' and fn['type'] == 'function', fn\n"
             "assert (fn['calls'], fn['errors'], fn['total_ns'], fn['mean_ns'], fn['shim_calls']) == (4, 1, 1000, 250, 3)\n"
             "assert (L[3]['name'], L[3]['calls'], L[3]['shim_calls']) == ('StubOne', 0, 9), L[3]\n"
             "assert L[4]['name'] == 'StubThreadEvent' and L[4]['count'] == 5 and L[4]['type'] == 'event'\n"
             "assert [(o['name'], o['type']) for o in L[5:7]] == [('leak', 'check'), ('phase', 'check')], L[5:7]\n");
}
END_TEST

START_TEST(test_summary_off)
{
    const char *log = init_log("nosummary.jsonl", "format=jsonl,leaks=off");
    atomic_store(&jc_fn_stats_table[1].calls, 4);
    jc_alloc_track(NULL, (void *)0x1000, 16, "Allocate", "mem_ptr");
    jc_report_summary();
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 0);
    free_lines(&l);
}
END_TEST

/* ---- allocation tracking ---------------------------------------------------------------------------- */

START_TEST(test_alloc_release)
{
    init_log("alloc.txt", "");
    char blocks[3];
    jc_alloc_track(NULL, &blocks[0], 10, "GetClassSignature", "signature_ptr");
    jc_alloc_track(NULL, &blocks[1], 10, "GetClassSignature", "generic_ptr");
    jc_alloc_track(NULL, NULL, 10, "GetClassSignature", "generic_ptr");    /* ignored */
    ck_assert(jc_alloc_release(NULL, &blocks[0]));
    ck_assert(!jc_alloc_release(NULL, &blocks[0]));     /* twice */
    ck_assert(!jc_alloc_release(NULL, &blocks[2]));     /* never handed out */
    ck_assert(jc_alloc_release(NULL, NULL));            /* Deallocate(NULL) is fine */
    ck_assert(jc_alloc_release(NULL, &blocks[1]));
    ck_assert_uint_eq(jc_alloc_report_leaks(NULL), 0);
}
END_TEST

START_TEST(test_alloc_leaks)
{
    const char *log = init_log("leaks.jsonl", "format=jsonl");
    jc_env *a = jc_env_new(NULL, (jvmtiEnv *)0x10, JVMTI_VERSION);
    jc_env *b = jc_env_new(NULL, (jvmtiEnv *)0x20, JVMTI_VERSION);
    static char mem[100];
    for (int i = 0; i < 5; i++)
        jc_alloc_track(a, &mem[i], 10, "GetClassSignature", "signature_ptr");
    jc_alloc_track(a, &mem[10], 100, "Allocate", "mem_ptr");
    jc_alloc_track(b, &mem[20], 7, "GetThreadInfo", "info_ptr.name");
    jc_alloc_track(b, &mem[21], 8, "GetThreadInfo", "info_ptr.name");
    ck_assert(jc_alloc_release(b, &mem[0]));    /* freed through another env: fine */
    ck_assert_uint_eq(jc_alloc_report_leaks(a), 5);
    ck_assert_uint_eq(jc_alloc_report_leaks(a), 0);
    ck_assert_int_eq(jc_alloc_release(b, &mem[1]), JC_RELEASE_LATE);   /* after the report: fine */
    ck_assert_int_eq(jc_alloc_release(b, &mem[1]), JC_RELEASE_UNKNOWN); /* but not twice */
    ck_assert_uint_eq(atomic_load(&jc_check_counts[JC_CHK_leak]), 5);
    ck_assert(jc_alloc_release(b, &mem[20]));
    ck_assert_uint_eq(jc_alloc_report_leaks(NULL), 1);
    ck_assert_uint_eq(atomic_load(&jc_check_counts[JC_CHK_leak]), 6);
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 3);
    assert_all_json(&l);
    ck_assert_msg(strstr(l.v[0], "\"kind\":\"leak\",\"name\":\"Allocate\"") && strstr(l.v[0], "\"param\":\"mem_ptr\",\"count\":1,\"bytes\":100,"), "%s", l.v[0]);
    ck_assert_msg(strstr(l.v[1], "\"name\":\"GetClassSignature\"") && strstr(l.v[1], "\"param\":\"signature_ptr\",\"count\":4,\"bytes\":40,"), "%s", l.v[1]);
    ck_assert_msg(strstr(l.v[2], "\"name\":\"GetThreadInfo\"") && strstr(l.v[2], "\"param\":\"info_ptr.name\",\"count\":1,\"bytes\":8,"), "%s", l.v[2]);
    free_lines(&l);
}
END_TEST

/* Still referenced (issue 11, item 5): a block held by a tag, one only
 * reachable through it, one held by env-local storage, one whose tag was
 * replaced and one never held: the last two are leaks, the rest summary
 * records saying where they are held.  Blocks are real memory here: the
 * report reads them. */
START_TEST(test_alloc_referenced)
{
    const char *log = init_log("referenced.jsonl", "format=jsonl");
    jc_env *e = jc_env_new(NULL, (jvmtiEnv *)0x10, JVMTI_VERSION);
    static void *tagged[2], *inner[2], *els[2], *replaced[2], *lost[2];
    tagged[0] = inner;              /* the tagged block points at inner */
    jc_alloc_track(e, tagged, sizeof tagged, "Allocate", "mem_ptr");
    jc_alloc_track(e, inner, sizeof inner, "GetClassSignature", "signature_ptr");
    jc_alloc_track(e, els, sizeof els, "GetSystemProperty", "value_ptr");
    jc_alloc_track(e, replaced, sizeof replaced, "GetErrorName", "name_ptr");
    jc_alloc_track(e, lost, sizeof lost, "GetErrorName", "name_ptr");
    jc_ref_set(JC_REF_TAG, 0, (uintptr_t)tagged);
    jc_ref_set(JC_REF_TAG, 0, (uintptr_t)replaced);
    ck_assert_uint_eq(atomic_load(&jc_ref_count[JC_REF_TAG]), 2);
    jc_ref_set(JC_REF_TAG, (uintptr_t)replaced, 42);    /* a SetTag over it */
    ck_assert_uint_eq(atomic_load(&jc_ref_count[JC_REF_TAG]), 1);
    jc_ref_set(JC_REF_TAG, 7, 42);                      /* no block: nothing */
    e->els = els;
    ck_assert_uint_eq(jc_alloc_report_leaks(NULL), 5);
    ck_assert_uint_eq(atomic_load(&jc_check_counts[JC_CHK_leak]), 2);
    lines l = read_lines(log);
    ck_assert_uint_eq(l.n, 4);      /* the two leaks are one group */
    assert_all_json(&l);
    ck_assert_msg(strstr(l.v[0], "\"kind\":\"leak\",\"name\":\"GetErrorName\"") && strstr(l.v[0], "\"count\":2,"), "%s", l.v[0]);
    const char *want[] = { "\"type\":\"referenced\",\"param\":\"mem_ptr\",\"held\":\"object tag\",\"count\":1",
                           "\"type\":\"referenced\",\"param\":\"signature_ptr\",\"held\":\"block from Allocate\",\"count\":1",
                           "\"type\":\"referenced\",\"param\":\"value_ptr\",\"held\":\"env-local storage\",\"count\":1" };
    for (size_t w = 0; w < 3; w++) {
        bool found = false;
        for (size_t i = 1; i < l.n; i++)
            found = found || strstr(l.v[i], want[w]) != NULL;
        ck_assert_msg(found, "no record with %s", want[w]);
    }
    free_lines(&l);
    /* freeing a tagged block drops its tag count */
    ck_assert_int_eq(jc_alloc_release(e, tagged), JC_RELEASE_LATE);
    ck_assert_uint_eq(atomic_load(&jc_ref_count[JC_REF_TAG]), 0);
}
END_TEST

/* Interior pointers hold a block (valgrind's "possibly lost" is not a
 * leak here): env-local storage pointing at a struct member of a block
 * (libinstrument keeps &agent->mNormalEnvironment there), a held block
 * pointing into another; a block pointing only at itself, and one pointed
 * at only one past its end, are leaks; a start pointer anywhere makes it
 * an ordinary hold.  Allocate's blocks come zeroed (jc_alloc_fresh). */
START_TEST(test_alloc_interior)
{
    const char *log = init_log("interior.jsonl", "format=jsonl");
    jc_env *e = jc_env_new(NULL, (jvmtiEnv *)0x10, JVMTI_VERSION);
    void **agent = calloc(4, sizeof(void *)), **member = calloc(4, sizeof(void *));
    void **self = calloc(4, sizeof(void *)), **past = calloc(4, sizeof(void *));
    void **both = calloc(4, sizeof(void *));
    unsigned char *fresh = malloc(32);
    memset(fresh, 0xAB, 32);
    jc_alloc_fresh(e, fresh, 32);
    for (int i = 0; i < 32; i++)
        ck_assert_uint_eq(fresh[i], 0);
    jc_alloc_track(e, agent, 4 * sizeof(void *), "Allocate", "mem_ptr");
    jc_alloc_track(e, member, 4 * sizeof(void *), "GetClassSignature", "signature_ptr");
    jc_alloc_track(e, self, 4 * sizeof(void *), "GetErrorName", "name_ptr");
    jc_alloc_track(e, past, 4 * sizeof(void *), "GetSystemProperty", "value_ptr");
    jc_alloc_track(e, both, 4 * sizeof(void *), "GetThreadGroupInfo", "info_ptr");
    e->els = &agent[1];                             /* into agent's middle, */
    agent[1] = agent;                               /* which points back at its start */
    agent[2] = (char *)member + 5;                  /* into member's middle */
    agent[3] = (char *)past + 4 * sizeof(void *);   /* one past past's end */
    self[0] = &self[2];                             /* only itself */
    agent[0] = (char *)both + 8;                    /* into both, */
    jc_ref_set(JC_REF_TAG, 0, (uintptr_t)both);     /* and its start tagged */
    fresh[0] = 1;                                   /* fresh is held by nothing */
    ck_assert_uint_eq(jc_alloc_report_leaks(NULL), 6);
    lines l = read_lines(log);
    assert_all_json(&l);
    const char *want[] = {
        "\"kind\":\"leak\",\"name\":\"GetErrorName\"", "\"kind\":\"leak\",\"name\":\"GetSystemProperty\"",
        "\"kind\":\"leak\",\"name\":\"Allocate\",",
        "\"param\":\"mem_ptr\",\"held\":\"env-local storage\",\"pointer\":\"interior\",\"count\":1,\"bytes\":32",
        "\"param\":\"signature_ptr\",\"held\":\"block from Allocate\",\"pointer\":\"interior\",\"count\":1",
        "\"param\":\"info_ptr\",\"held\":\"object tag\",\"count\":1",
    };
    for (size_t w = 0; w < sizeof want / sizeof *want; w++) {
        size_t found = 0;
        for (size_t i = 0; i < l.n; i++)
            found += strstr(l.v[i], want[w]) != NULL;
        ck_assert_msg(found == 1, "%zu records with %s", found, want[w]);
    }
    ck_assert_uint_eq(l.n, 6);
    free_lines(&l);
    ck_assert_uint_eq(atomic_load(&jc_check_counts[JC_CHK_leak]), 3);
    jc_ref_set(JC_REF_TAG, (uintptr_t)both, 0);
    void *blocks[] = { agent, member, self, past, both, fresh };
    for (size_t i = 0; i < 6; i++) {
        ck_assert_int_eq(jc_alloc_release(e, blocks[i]), JC_RELEASE_LATE);
        free(blocks[i]);
    }
}
END_TEST

/* The hash map against a plain array, through growth and many removals. */
START_TEST(test_alloc_map_stress)
{
    enum { N = 20000 };
    static bool live[N];
    static char arena[N];
    unsigned seed = 12345;
    size_t nlive = 0;
    for (int step = 0; step < 200000; step++) {
        seed = seed * 1103515245u + 12345u;
        int i = (int)((seed >> 8) % N);
        bool alloc = (seed >> 4) & 1;
        if (alloc && !live[i]) {
            jc_alloc_track(NULL, &arena[i], 1, "Allocate", "mem_ptr");
            live[i] = true;
            nlive++;
        } else if (!alloc) {
            ck_assert_msg(jc_alloc_release(NULL, &arena[i]) == live[i], "step %d: block %d", step, i);
            nlive -= live[i];
            live[i] = false;
        }
    }
    for (int i = 0; i < N; i += 2)
        if (live[i]) {
            ck_assert(jc_alloc_release(NULL, &arena[i]));
            live[i] = false;
            nlive--;
        }
    ck_assert_uint_eq(jc_alloc_report_leaks(NULL), nlive);
    ck_assert_uint_eq(jc_alloc_report_leaks(NULL), 0);
}
END_TEST

/* ---- envs ------------------------------------------------------------------------------------ */

START_TEST(test_envs)
{
    jvmtiEnv *r1 = (jvmtiEnv *)0x100, *r2 = (jvmtiEnv *)0x200;
    ck_assert_ptr_null(jc_env_find(r1));
    jc_env *a = jc_env_new((JavaVM *)0x1, r1, JVMTI_VERSION_1_2);
    jc_env *b = jc_env_new((JavaVM *)0x1, r2, JVMTI_VERSION);
    ck_assert_ptr_eq(jc_env_find(r1), a);
    ck_assert_ptr_eq(jc_env_find(r2), b);
    ck_assert_ptr_eq(a->functions, &a->table);
    ck_assert_ptr_eq((void *)jc_env_of((jvmtiEnv *)a), (void *)a);
    ck_assert_int_eq(a->version, JVMTI_VERSION_1_2);
    ck_assert_ptr_eq(a->real, r1);
    jc_env *a2 = jc_env_new((JavaVM *)0x1, r1, JVMTI_VERSION);     /* r1's address reused */
    ck_assert_ptr_eq(jc_env_find(r1), a2);

    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    caps.can_generate_object_free_events = 1;
    int last = jvmti_capability_count - 1;
    jvmti_capability_set(&caps, last, 1);
    jc_env_set_caps(a, &caps);
    int free_ev;
    ck_assert(jvmti_capability_from_name("can_generate_object_free_events", &free_ev));
    for (int i = 0; i < jvmti_capability_count; i++)
        ck_assert_msg(jc_has_cap(a, i) == (i == 0 || i == free_ev || i == last), "capability %d", i);
    memset(&caps, 0, sizeof caps);
    jc_env_set_caps(a, &caps);
    ck_assert(!jc_has_cap(a, 0));
}
END_TEST

/* Env churn: 20 000 envs created and disposed while one stays; every
 * address distinct, so the map's tables grow and are rebuilt. */
START_TEST(test_env_churn)
{
    static char keys[20001];
    jc_env *keep = jc_env_new(NULL, (jvmtiEnv *)&keys[20000], JVMTI_VERSION);
    for (int i = 0; i < 20000; i++) {
        jc_env *ce = jc_env_new(NULL, (jvmtiEnv *)&keys[i], JVMTI_VERSION);
        ck_assert_ptr_eq(jc_env_find((jvmtiEnv *)&keys[i]), ce);
        jc_env_disposed(ce);
        ck_assert_ptr_null(jc_env_find((jvmtiEnv *)&keys[i]));
    }
    ck_assert_ptr_eq(jc_env_find((jvmtiEnv *)&keys[20000]), keep);
    ck_assert_uint_eq(jc_env_live_count(), 1);
    /* an address the VM gives out again gets the new env */
    jc_env *again = jc_env_new(NULL, (jvmtiEnv *)&keys[7], JVMTI_VERSION);
    ck_assert_ptr_eq(jc_env_find((jvmtiEnv *)&keys[7]), again);
    ck_assert_uint_eq(jc_env_live_count(), 2);
}
END_TEST

START_TEST(test_restricted_depth_is_per_thread)
{
    ck_assert_int_eq(jc_me()->restricted_depth, 0);
    jc_me()->restricted_depth++;
    ck_assert_int_eq(jc_me()->restricted_depth, 1);
    jc_me()->restricted_depth--;
}
END_TEST

/* ---- the wrappers' fast path and the thread block (jc_vm.c, jc_thread.c) ------------ */

/* jc_fn_path: the full wrapper for calls the options time or trace
 * whatever their result, and for functions the VM lacks; the fast path
 * for the rest, in the call slot when anything is traced. */
START_TEST(test_fast_paths)
{
    static const struct { const char *options; enum jc_path one, two; } rows[] = {
        { "trace=none", JC_PATH_FAST, JC_PATH_FAST },
        /* StubTwo's failing calls are traced, and its call in progress is
         * the crash path's: the slot; StubOne is not traced at all */
        { "trace=errors,only=StubTwo", JC_PATH_FAST, JC_PATH_SLOT },
        { "trace=events", JC_PATH_SLOT, JC_PATH_SLOT },
        { "trace=calls+errors,only=StubOne", JC_PATH_FULL, JC_PATH_FAST },
        { "trace=none,summary=on", JC_PATH_FULL, JC_PATH_FULL },       /* timed */
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char name[32];
        snprintf(name, sizeof name, "paths-%zu", i);
        init_log(name, rows[i].options);
        ck_assert_msg(jc_fn_path[1] == rows[i].one && jc_fn_path[2] == rows[i].two, "%s: paths %d %d, expected %d %d",
                      rows[i].options, jc_fn_path[1], jc_fn_path[2], rows[i].one, rows[i].two);
        jc_reset();
    }
    /* a function the VM lacks, as jc_vm_learn finds it */
    init_log("paths-absent", "trace=none");
    jc_fn_absent[1] = 1;
    jc_fn_paths_update();
    jc_fn_absent[1] = 0;
    ck_assert_int_eq(jc_fn_path[1], JC_PATH_FULL);
    ck_assert_int_eq(jc_fn_path[2], JC_PATH_FAST);
}
END_TEST

/* libjvmticheck-tls.so, beside the built shim: pieces of its area, one
 * offset from the thread pointer each, a block of its own in every thread. */
typedef ptrdiff_t (*tls_claim_fn)(size_t);

static void *tls_other_thread(void *arg)
{
    ptrdiff_t off = *(const ptrdiff_t *)arg;
    unsigned char *mine = (unsigned char *)__builtin_thread_pointer() + off;
    for (int i = 0; i < 56; i++)
        if (mine[i] != 0)
            return (void *)1;       /* not a zeroed block of its own */
    memset(mine, 0x5a, 56);
    return NULL;
}

START_TEST(test_tls_helper)
{
    const char *b = getenv("builddir");
    char path[4096];
    snprintf(path, sizeof path, "%s/.libs/libjvmticheck-tls.so", b && *b ? b : ".");
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    ck_assert_msg(h != NULL, "dlopen %s: %s", path, dlerror());
    tls_claim_fn claim;
    *(void **)&claim = dlsym(h, "jvmticheck_tls_claim");
    ck_assert_ptr_nonnull(claim);
    ck_assert_int_eq(claim(0), 0);
    ck_assert_int_eq(claim(129), 0);        /* more than the whole area */
    ptrdiff_t a = claim(56), c = claim(56);
    ck_assert_int_ne(a, 0);
    ck_assert_int_ne(c, 0);
    ck_assert_int_eq(c - a, 64);            /* 16-byte pieces, one after the other */
    ck_assert_int_eq(claim(1), 0);          /* 128 bytes: spent */
    unsigned char *mine = (unsigned char *)__builtin_thread_pointer() + a;
    memset(mine, 0x11, 56);
    pthread_t t;
    void *r = (void *)2;
    ck_assert_int_eq(pthread_create(&t, NULL, tls_other_thread, &a), 0);
    ck_assert_int_eq(pthread_join(t, &r), 0);
    ck_assert_ptr_null(r);
    for (int i = 0; i < 56; i++)
        ck_assert_int_eq(mine[i], 0x11);
}
END_TEST

/* This test program has no helper beside it: its runtime's blocks are in
 * dynamic TLS, and jc_me() is the calling thread's jc_self. */
START_TEST(test_thread_block_dynamic)
{
    ck_assert(!jc_thread_static());
    ck_assert_ptr_eq(jc_me(), &jc_self);
}
END_TEST

/* ---- errors judged against the VM's own spec (jc_errdoc.c) ------------------------- */

#define V(ma) ((jint)(0x30000000 + ((ma) << 16)))

/* NotifyFramePop as the specs write it: OPAQUE_FRAME documented since
 * JDK 8 (1.2), DUPLICATE since 25; an error no spec documents is 99. */
static const jc_error_doc framepop_errors[] = {
    { JVMTI_ERROR_OPAQUE_FRAME, 0x30010200, "JVMTI_ERROR_OPAQUE_FRAME", true },
    { JVMTI_ERROR_DUPLICATE, V(25), "JVMTI_ERROR_DUPLICATE", true },
    { JVMTI_ERROR_NONE, 0, NULL, false },
};
static const jc_fn_info framepop = { "NotifyFramePop", 20, ~0u, false, JVMTI_VERSION_1_0, NULL, framepop_errors, 2 };

static enum jc_err_verdict verdict(jvmtiError err, jint vm, const jint *known, int nknown, jint *against)
{
    const jc_error_doc *doc;
    *against = -1;
    return jc_error_verdict(&framepop, err, vm, known, nknown, &doc, against);
}

START_TEST(test_error_verdicts)
{
    const jint all[] = { 0x30010200, V(11), V(17), V(21), V(25) };
    const jint upto21[] = { V(17), V(21) };
    jint against;
    /* a shim that knows the JDK 25 spec: DUPLICATE is fine on 25 (and
     * later), undocumented on 17 and 21, judged by their own specs */
    ck_assert_int_eq(verdict(JVMTI_ERROR_DUPLICATE, V(25), all, 5, &against), JC_ERR_DOCUMENTED);
    ck_assert_int_eq(verdict(JVMTI_ERROR_DUPLICATE, V(26) + 0x100, all, 5, &against), JC_ERR_DOCUMENTED);
    ck_assert_int_eq(verdict(JVMTI_ERROR_DUPLICATE, V(17) + 0x12, all, 5, &against), JC_ERR_UNDOCUMENTED);
    ck_assert_int_eq(against, V(17));
    ck_assert_int_eq(verdict(JVMTI_ERROR_DUPLICATE, V(21), all, 5, &against), JC_ERR_UNDOCUMENTED);
    ck_assert_int_eq(against, V(21));
    /* a VM between known specs: the nearest at or after it judges (18: 21) */
    ck_assert_int_eq(verdict(JVMTI_ERROR_DUPLICATE, V(18), all, 5, &against), JC_ERR_UNDOCUMENTED);
    ck_assert_int_eq(against, V(21));
    /* between 21 and 25, where 25 documents it: nothing known says no */
    ck_assert_int_eq(verdict(JVMTI_ERROR_DUPLICATE, V(23), all, 5, &against), JC_ERR_DOCUMENTED);
    /* a shim from the JDK 21 spec alone knows no DUPLICATE: on 17 a
     * violation, on 25 (newer than all it knows) not judged */
    static const jc_error_doc old_errors[] = {
        { JVMTI_ERROR_OPAQUE_FRAME, V(17), "JVMTI_ERROR_OPAQUE_FRAME", true },
        { JVMTI_ERROR_NONE, 0, NULL, false },
    };
    const jc_fn_info old = { "NotifyFramePop", 20, ~0u, false, JVMTI_VERSION_1_0, NULL, old_errors, 1 };
    const jc_error_doc *doc;
    ck_assert_int_eq(jc_error_verdict(&old, JVMTI_ERROR_DUPLICATE, V(17), upto21, 2, &doc, &against),
                     JC_ERR_UNDOCUMENTED);
    ck_assert_ptr_null(doc);
    ck_assert_int_eq(against, V(17));
    ck_assert_int_eq(jc_error_verdict(&old, JVMTI_ERROR_DUPLICATE, V(25), upto21, 2, &doc, &against),
                     JC_ERR_UNJUDGED);
    ck_assert_int_eq(against, V(21));
    /* documented by the oldest known spec: documented on an older VM too */
    ck_assert_int_eq(jc_error_verdict(&old, JVMTI_ERROR_OPAQUE_FRAME, V(11), upto21, 2, &doc, &against),
                     JC_ERR_DOCUMENTED);
    ck_assert_ptr_nonnull(doc);
    /* an error no spec documents, on a VM the specs cover */
    ck_assert_int_eq(verdict(JVMTI_ERROR_MUST_POSSESS_CAPABILITY, V(21), all, 5, &against), JC_ERR_UNDOCUMENTED);
    ck_assert_int_eq(verdict(JVMTI_ERROR_MUST_POSSESS_CAPABILITY, V(26), all, 5, &against), JC_ERR_UNJUDGED);
    ck_assert_int_eq(against, V(25));
}
END_TEST

/* ---- the verdict line ---------------------------------------------------------------------- */

/* Every combination reads as a sentence: no problems, violations only,
 * leaks only ("no violations", never "0 violations in 0 contexts"), both,
 * notes, suppressed ones, check=off, one of each (singulars), a load named. */
START_TEST(test_verdict_text)
{
    static const struct { jc_verdict_counts c; const char *want; } rows[] = {
        { { .calls = 312 }, "jvmticheck: no problems found (312 calls checked)" },
        { { .calls = 1, .check_off = true }, "jvmticheck: no problems found (1 call checked, check=off)" },
        { { .calls = 312, .notes = 2 }, "jvmticheck: no problems found (312 calls checked), 2 notes" },
        { { .violations = 8, .contexts = 4, .log_path = "/tmp/t.jsonl" },
          "jvmticheck: 8 violations in 4 contexts; log /tmp/t.jsonl" },
        { { .violations = 1, .contexts = 1 }, "jvmticheck: 1 violation in 1 context" },
        { { .leak_sites = 3, .leak_blocks = 3, .leak_bytes = 57 },
          "jvmticheck: no violations, 3 leak sites (3 blocks, 57 bytes)" },
        { { .leak_sites = 1, .leak_blocks = 1, .leak_bytes = 1, .check_off = true },
          "jvmticheck: no violations (check=off), 1 leak site (1 block, 1 byte)" },
        { { .violations = 8, .contexts = 4, .leak_sites = 2, .leak_blocks = 4, .leak_bytes = 82, .notes = 1,
            .log_path = "/tmp/t.jsonl" },
          "jvmticheck: 8 violations in 4 contexts, 2 leak sites (4 blocks, 82 bytes), 1 note; log /tmp/t.jsonl" },
        { { .calls = 40, .suppressed = 8, .leak_sites_suppressed = 2 },
          "jvmticheck: no problems found (40 calls checked); suppressed 8 violations and 2 leak sites" },
        { { .violations = 3, .contexts = 3, .suppressed = 1 },
          "jvmticheck: 3 violations in 3 contexts; suppressed 1 violation" },
        { { .leak_sites = 1, .leak_blocks = 2, .leak_bytes = 30, .leak_sites_suppressed = 1, .notes = 1 },
          "jvmticheck: no violations, 1 leak site (2 blocks, 30 bytes), 1 note; suppressed 1 leak site" },
        { { .leak_sites = 1, .leak_blocks = 1, .leak_bytes = 8, .who = "jvmticheck (load 2, libfoo.so)" },
          "jvmticheck (load 2, libfoo.so): no violations, 1 leak site (1 block, 8 bytes)" },
    };
    char buf[512];
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        ck_assert_str_eq(jc_verdict_format(&rows[i].c, buf, sizeof buf), rows[i].want);
    /* a short buffer: cut, still a string */
    ck_assert_str_eq(jc_verdict_format(&rows[0].c, buf, 12), "jvmticheck:");
}
END_TEST

/* ---- which failed calls are printed: trace=problems, the default (jc_inline.h) ------------ */

/* StubTwo documents CLASS_NOT_PREPARED as an expected outcome and
 * NULL_POINTER as no such thing (runtime_stubs.c); StubOne documents
 * nothing.  The default prints a failed call unless its error is an
 * expected outcome of its function; trace=errors prints every one; a
 * refused call is a problem whatever its error; summary=on counts them. */
START_TEST(test_trace_problems)
{
    static const struct {
        const char *options;
        bool expected_two, misuse_two, undocumented_two, outcome_one, ok_two, refused_two;
    } rows[] = {
        { "", false, true, true, true, false, true },
        { "trace=problems", false, true, true, true, false, true },
        { "trace=errors", true, true, true, true, false, true },
        { "trace=calls", true, true, true, true, true, true },
        { "trace=events", false, false, false, false, false, false },
        { "trace=events+problems", false, true, true, true, false, true },
        { "trace=none", false, false, false, false, false, false },
        { "trace=errors,only=StubOne", false, false, false, true, false, false },
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char name[32];
        snprintf(name, sizeof name, "problems-%zu", i);
        init_log(name, rows[i].options);
        const char *o = rows[i].options;
        ck_assert_msg(jc_traced(2, JVMTI_ERROR_CLASS_NOT_PREPARED) == rows[i].expected_two, "%s: expected outcome", o);
        ck_assert_msg(jc_traced(2, JVMTI_ERROR_NULL_POINTER) == rows[i].misuse_two, "%s: misuse", o);
        ck_assert_msg(jc_traced(2, JVMTI_ERROR_INVALID_THREAD) == rows[i].undocumented_two, "%s: undocumented", o);
        ck_assert_msg(jc_traced(1, JVMTI_ERROR_CLASS_NOT_PREPARED) == rows[i].outcome_one, "%s: not StubOne's", o);
        ck_assert_msg(jc_traced(2, JVMTI_ERROR_NONE) == rows[i].ok_two, "%s: success", o);
        ck_assert_msg(jc_refused_traced(2, JVMTI_ERROR_CLASS_NOT_PREPARED) == rows[i].refused_two, "%s: refused", o);
        jc_reset();
    }
    ck_assert(jc_error_expected(2, JVMTI_ERROR_CLASS_NOT_PREPARED));
    ck_assert(!jc_error_expected(2, JVMTI_ERROR_NULL_POINTER));
    ck_assert(!jc_error_expected(1, JVMTI_ERROR_CLASS_NOT_PREPARED));
    ck_assert(!jc_error_expected(0, JVMTI_ERROR_CLASS_NOT_PREPARED));
    ck_assert(!jc_error_expected(3, JVMTI_ERROR_CLASS_NOT_PREPARED));   /* past the table */

    /* summary=on: the errors, and of them the expected outcomes */
    const char *log = init_log("problems-summary.jsonl", "format=jsonl,summary=on,leaks=off");
    jc_thread *me = jc_me();
    jc_account(me, 2, JVMTI_ERROR_NONE, 10);
    jc_account(me, 2, JVMTI_ERROR_CLASS_NOT_PREPARED, 10);
    jc_account(me, 2, JVMTI_ERROR_CLASS_NOT_PREPARED, 10);
    jc_account(me, 2, JVMTI_ERROR_NULL_POINTER, 10);
    jc_account(me, 1, JVMTI_ERROR_CLASS_NOT_PREPARED, 10);
    jc_report_summary();
    py_check(log,
             "fn = {o['name']: o for o in L if o.get('type') == 'function'}\n"
             "assert (fn['StubTwo']['calls'], fn['StubTwo']['errors'], fn['StubTwo']['expected_errors']) == (4, 3, 2), fn\n"
             "assert (fn['StubOne']['errors'], fn['StubOne']['expected_errors']) == (1, 0), fn\n");
}
END_TEST

/* ---- events newer than the VM (jc_vm.c, jc_hooks.c) ------------------------------------ */

/* A VM of JVMTI version fake_version: GetVersionNumber, GetSystemProperty
 * (which has nothing), no other function. */
static jint fake_version;
static jvmtiError JNICALL fake_get_version(jvmtiEnv *e, jint *v)
{
    (void)e;
    *v = fake_version;
    return JVMTI_ERROR_NONE;
}
static jvmtiError JNICALL fake_get_property(jvmtiEnv *e, const char *p, char **v)
{
    (void)e, (void)p, (void)v;
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* Enabling an event newer than the VM: the VM's version lacks it (a
 * `version` violation naming both versions), not "needs capability";
 * strict refuses it with the VM's own INVALID_EVENT_TYPE.  An event the VM
 * has, or any event before the version is known, is no such case. */
START_TEST(test_event_version)
{
    const char *log = init_log("event-version.jsonl", "format=jsonl,check=strict");
    static struct jvmtiInterface_1_ table;
    table.GetVersionNumber = fake_get_version;
    table.GetSystemProperty = fake_get_property;
    jvmtiEnv fake = &table;
    jc_env *ce = jc_env_new(NULL, (jvmtiEnv *)0x10, JVMTI_VERSION);
    ck_assert_ptr_nonnull(ce);
    /* the version not learned yet: as the spec */
    ck_assert(!jc_event_absent(52));
    ck_assert_int_eq(jc_hook_check_event_mode(ce, JVMTI_ENABLE, (jvmtiEvent)52, NULL), JVMTI_ERROR_NONE);
    fake_version = 0x30110000 + 0x21;       /* JDK 17's JVMTI, with a micro part */
    jc_vm_learn(&fake);
    ck_assert_int_eq(jc_vm_version(), 0x30110021);
    ck_assert(!jc_event_absent(50));
    ck_assert(!jc_event_absent(51));
    ck_assert(!jc_event_absent(49) && !jc_event_absent(53));    /* no events of the table: the enum check's */
    ck_assert_int_eq(jc_hook_check_event_mode(ce, JVMTI_ENABLE, (jvmtiEvent)52, NULL), JVMTI_ERROR_INVALID_EVENT_TYPE);
    /* disabling it fails on that VM too */
    ck_assert_int_eq(jc_hook_check_event_mode(ce, JVMTI_DISABLE, (jvmtiEvent)52, NULL), JVMTI_ERROR_INVALID_EVENT_TYPE);
    ck_assert_int_eq(jc_hook_check_event_mode(ce, JVMTI_ENABLE, (jvmtiEvent)51, NULL), JVMTI_ERROR_NONE);
    ck_assert_uint_eq(atomic_load(&jc_check_counts[JC_CHK_version]), 2);
    ck_assert_uint_eq(atomic_load(&jc_check_counts[JC_CHK_event_capability]), 0);
    lines l = read_lines(log);
    assert_all_json(&l);
    int found = 0;
    for (size_t i = 0; i < l.n; i++)
        if (strstr(l.v[i], "\"kind\":\"violation\"")) {
            ck_assert_msg(strstr(l.v[i], "\"check\":\"version\"") && strstr(l.v[i], "\"name\":\"SetEventNotificationMode\"")
                              && strstr(l.v[i], "\"message\":\"the VM's JVMTI 17.0 lacks the event StubNewEvent (52), "
                                                "which is since 21.0: the VM knows no such event "
                                                "(JVMTI_ERROR_INVALID_EVENT_TYPE)\""),
                          "%s", l.v[i]);
            found++;
        }
    ck_assert_int_ge(found, 1);
    free_lines(&l);
}
END_TEST

/* ---- call sites: names, suppressions --------------------------------------------------------- */

START_TEST(test_demangle)
{
    static const char *const cases[][2] = {
        { "_ZN7Checker6phaseAEv", "Checker::phaseA()" },
        { "_ZN5probe6phaseTILi3EEEvP9_jvmtiEnv", "void probe::phaseT<3>(_jvmtiEnv*)" },
        { "_ZN9_jvmtiEnv8GetPhaseEP10jvmtiPhase", "_jvmtiEnv::GetPhase(jvmtiPhase*)" },
        { "on_vm_init", "on_vm_init" },         /* C: as it is */
        { "_Z", "_Z" },                         /* not a whole C++ name: as it is */
        { "", "" },
    };
    char buf[JC_NAME_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jc_demangle(buf, sizeof buf, cases[i][0]);
        ck_assert_str_eq(buf, cases[i][1]);
    }
    char small[8];
    jc_demangle(small, sizeof small, "_ZN7Checker6phaseAEv");
    ck_assert_str_eq(small, "Checker");
}
END_TEST

START_TEST(test_suppress_callers)
{
    char err[256] = "", line[1024];
    /* SYMBOL and up to 8 CALLERs */
    const char *ok = "leak Allocate m.so my_alloc c1 c2 c3 c4 c5 c6 c7 c8\n";
    ck_assert_int_eq(jc_suppress_parse("t.supp", ok, strlen(ok), err, sizeof err), 0);
    const char *bad = "leak Allocate m.so my_alloc c1 c2 c3 c4 c5 c6 c7 c8 c9\n";
    ck_assert_int_eq(jc_suppress_parse("t.supp", bad, strlen(bad), err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "t.supp:1: error: too many fields at 'c9'"));
    /* a site without frames: its frames match only "*" */
    const char *rules = "null_pointer GetPhase * *\nphase * * foo\n";
    ck_assert_int_eq(jc_suppress_parse("t.supp", rules, strlen(rules), err, sizeof err), 0);
    ck_assert(jc_suppress_match("null_pointer", "GetPhase", NULL));
    ck_assert(!jc_suppress_match("phase", "GetLoadedClasses", NULL));
    jc_suppress_line(line, sizeof line, "phase", "GetLoadedClasses", NULL);
    ck_assert_str_eq(line, "phase GetLoadedClasses * *");
    jc_suppress_reset();
}
END_TEST

/* ---- main ---------------------------------------------------------------------------------- */

static Suite *runtime_suite(void)
{
    Suite *s = suite_create("runtime");
    struct { const char *name; const TTest *tests[16]; } cases[] = {
        { "json", { test_json_validator } },
        { "options", { test_options_defaults, test_options_names, test_options_keywords, test_options_all_at_once,
                       test_options_only, test_options_agent, test_options_errors, test_options_error_buffers,
                       test_options_escaping, test_suppress_escaping, test_fifo_files } },
        { "init", { test_init, test_init_appends } },
        { "records", { test_jsonl_records, test_text_records, test_phases, test_nested_records, test_tid } },
        { "escaping", { test_escaping_jsonl, test_escaping_text, test_thread_names, test_long_string } },
        { "record", { test_record_jsonl, test_record_text, test_record_left_chunk, test_record_ring } },
        { "addresses", { test_addresses_off_jsonl, test_addresses_off_text, test_addresses_on } },
        { "concurrency", { test_concurrent_writers, test_sink_blocks_text, test_sink_blocks_jsonl } },
        { "state", { test_violation_counts, test_notes, test_violation_only, test_summary, test_summary_off, test_envs,
                     test_env_churn, test_restricted_depth_is_per_thread, test_deep_pairs } },
        { "alloc", { test_alloc_release, test_alloc_leaks, test_alloc_referenced, test_alloc_interior,
                    test_alloc_map_stress } },
        { "errdoc", { test_error_verdicts } },
        { "verdict", { test_verdict_text } },
        { "vm", { test_event_version } },
        { "problems", { test_trace_problems } },
        { "callsite", { test_demangle, test_suppress_callers } },
        { "fast", { test_fast_paths, test_tls_helper, test_thread_block_dynamic } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_add_checked_fixture(tc, setup, teardown);
        tcase_set_timeout(tc, 120);
        for (int k = 0; cases[i].tests[k]; k++)
            tcase_add_test(tc, cases[i].tests[k]);
        suite_add_tcase(s, tc);
    }
    return s;
}

int main(void)
{
    /* Before any record: the runtime caches a thread's name at its first. */
    pthread_setname_np(pthread_self(), "main");
    const char *b = getenv("builddir");
    snprintf(out_dir, sizeof out_dir, "%s/tests/out/check_runtime", b && *b ? b : ".");
    mkdir_p(out_dir);
    SRunner *sr = srunner_create(runtime_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
