/* jc_options.c — the option string of the shim (-agentpath:libjvmticheck.so=
 * OPTIONS) and of jvmti_check_wrap(vm, env, OPTIONS): comma-separated
 * NAME=VALUE items, agent=PATH[=AGENT_OPTIONS] last; the options are the
 * rows of the table below.
 *
 * and of libdt_check, the checked JDWP transport (DTCHECK_OPTIONS): the
 * rows marked for JC_IFACE_TRANSPORT, plus transport=NAME|PATH.
 *
 * Design:
 * - Each row says which interfaces take it (a bit per interface): one
 *   table and one parser for both, so an option means the same in both.
 *   Errors start with the interface's tool word ("jvmticheck: ",
 *   "dtcheck: "), and the list of known options is made from the rows.
 * - One table lists every option with its parser; the keyword options share
 *   one parser over a small table of (word, value) pairs and a setter, so an
 *   option is one row plus, for a keyword option, its word list.
 * - agent= must come last because the real agent's options are copied
 *   verbatim (commas, '=' and all): the JVM hands us one string and the
 *   agent's syntax is not ours to split.  A consequence: no option value
 *   before agent= can hold a comma.
 * - trace= also takes '+'-joined words (trace=calls+errors), since its value
 *   is a set of bits; only= takes '+'-joined globs for the same reason.
 * - Errors are one line, "jvmticheck: ..." naming what was expected, because
 *   they end up in a JVM's startup output; what they quote of the option
 *   string goes through jc_quote (a newline or a terminal escape in it
 *   shows as \n, \x1b).  A failed parse leaves *out at
 *   the defaults, with nothing to free.
 * - Empty items (",,", a trailing ',') are ignored; a repeated option wins
 *   over an earlier one.
 * - The table is also the options' documentation (argument, default, one
 *   line of help): `help`, jvmticheck(7)'s OPTIONS and the docs' option
 *   tables are made from it (jc_option_doc.h), so a new option is one row.
 *   The defaults themselves are set_defaults() below, and
 *   tests/docs/options-doc.sh parses each row's default and compares.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* strndup under -std=c11 */
#endif
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_option_doc.h"
#include "jc_quote.h"
#include "jc_common.h"

/* The interface being parsed for: its rows and its word in messages. */
static _Thread_local enum jc_iface_id cur_iface = JC_IFACE_JVMTI;
#define PREFIX (cur_iface == JC_IFACE_TRANSPORT ? "dtcheck: " : "jvmticheck: ")

typedef struct word {
    const char *word;
    unsigned value;
} word;

typedef struct opt_def opt_def;
struct opt_def {
    const char *name;
    /* Parses value (NUL-terminated, non-empty) into o. */
    int (*parse)(const opt_def *d, const char *value, jc_options *o, char *err, size_t errlen);
    const word *words;          /* keyword options */
    void (*set)(jc_options *o, unsigned v);
    bool bits;                  /* words may be joined by '+', values OR-ed */
    const char *expected;       /* for messages */
    unsigned ifaces;            /* JC_IFACE_* bits that take it */
    /* Its documentation, the one source of `help`, jvmticheck(7)'s
     * OPTIONS and the option tables of doc/shim.md and doc/transport.md
     * (jc_option_doc.h): */
    const char *arg;            /* FILE, N, ...: NULL for a keyword option
                                 * (its words say it), "" for the name alone */
    const char *dflt;           /* the default, as words */
    const char *help;           /* what it does, one line */
    const char *dflt_transport; /* libdt_check's default where it differs */
};
#define BOTH (JC_IFACE_JVMTI | JC_IFACE_TRANSPORT)
#define JVMTI JC_IFACE_JVMTI

static const word format_words[] = {
    { "text", JC_FMT_TEXT }, { "jsonl", JC_FMT_JSONL }, { "bin", JC_FMT_BIN }, { NULL, 0 }
};
static const word trace_words[] = {
    { "all", JC_TRACE_CALLS | JC_TRACE_EVENTS | JC_TRACE_ERRORS },
    { "calls", JC_TRACE_CALLS }, { "events", JC_TRACE_EVENTS },
    { "errors", JC_TRACE_ERRORS }, { "problems", JC_TRACE_PROBLEMS }, { "none", 0 }, { NULL, 0 }
};
#define JC_CHECK_DEEP_BIT 0x100u    /* in a check word: the deep checks too */
static const word check_words[] = {
    { "on", JC_CHECK_ON }, { "off", JC_CHECK_OFF }, { "strict", JC_CHECK_STRICT },
    /* the deep checks too (jc_deep.c): on, or strict, plus object kinds */
    { "deep", JC_CHECK_ON | JC_CHECK_DEEP_BIT }, { "strict+deep", JC_CHECK_STRICT | JC_CHECK_DEEP_BIT }, { NULL, 0 }
};
static const word onoff_words[] = { { "on", 1 }, { "off", 0 }, { NULL, 0 } };

static void set_format(jc_options *o, unsigned v) { o->format = (enum jc_format)v; }
static void set_trace(jc_options *o, unsigned v) { o->trace = v; }
static void set_check(jc_options *o, unsigned v)
{
    o->check = (enum jc_check)(v & ~JC_CHECK_DEEP_BIT);
    o->deep = (v & JC_CHECK_DEEP_BIT) != 0;
}
static void set_leaks(jc_options *o, unsigned v) { o->leaks = v != 0; }
static void set_summary(jc_options *o, unsigned v) { o->summary = v != 0; }
static void set_addresses(jc_options *o, unsigned v) { o->addresses = v != 0; }
static void set_portability(jc_options *o, unsigned v) { o->portability = v != 0; }
static void set_halt(jc_options *o, unsigned v) { o->halt = v != 0; }
static void set_gen_suppressions(jc_options *o, unsigned v) { o->gen_suppressions = v != 0; }
static void set_names(jc_options *o, unsigned v) { o->names = v != 0; }
static void set_help(jc_options *o, unsigned v) { o->help = v != 0; }
static void set_exitcode(jc_options *o, unsigned v) { o->exitcode = (int)v; }
static void set_repeat(jc_options *o, unsigned v) { o->repeat = v; }
static void set_stack(jc_options *o, unsigned v) { o->stack = v; }

static void fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    int n = snprintf(err, errlen, "%s", PREFIX);
    if (n < 0 || (size_t)n >= errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
}

/* "bad value 'V' for NAME (expected ...)" */
static int bad_value(const opt_def *d, const char *value, char *err, size_t errlen)
{
    char q[300];
    fail(err, errlen, "bad value '%s' for %s (expected %s)", jc_quote(value, q, sizeof q), d->name, d->expected);
    return -1;
}

static int oom(char *err, size_t errlen)
{
    fail(err, errlen, "out of memory while parsing options");
    return -1;
}

static bool lookup_word(const word *w, const char *s, size_t n, unsigned *v)
{
    for (; w->word; w++)
        if (strlen(w->word) == n && strncmp(w->word, s, n) == 0) {
            *v = w->value;
            return true;
        }
    return false;
}

static int parse_words(const opt_def *d, const char *value, jc_options *o, char *err, size_t errlen)
{
    unsigned acc = 0;
    for (const char *p = value;;) {
        size_t n = d->bits ? strcspn(p, "+") : strlen(p);
        unsigned v;
        if (!lookup_word(d->words, p, n, &v))
            return bad_value(d, value, err, errlen);
        acc |= v;
        if (p[n] == '\0')
            break;
        p += n + 1;
    }
    d->set(o, acc);
    return 0;
}

static int parse_log(const opt_def *d, const char *value, jc_options *o, char *err, size_t errlen)
{
    (void)d;
    char *s = strdup(value);
    if (!s)
        return oom(err, errlen);
    free(o->log_path);
    o->log_path = s;
    return 0;
}

static int parse_transport(const opt_def *d, const char *value, jc_options *o, char *err, size_t errlen)
{
    (void)d;
    char *s = strdup(value);
    if (!s)
        return oom(err, errlen);
    free(o->transport);
    o->transport = s;
    return 0;
}

static int parse_record(const opt_def *d, const char *value, jc_options *o, char *err, size_t errlen)
{
    (void)d;
    char *s = strdup(value);
    if (!s)
        return oom(err, errlen);
    free(o->record_path);
    o->record_path = s;
    return 0;
}

static void free_only(jc_options *o)
{
    for (size_t i = 0; i < o->nonly; i++)
        free(o->only[i]);
    free(o->only);
    o->only = NULL;
    o->nonly = 0;
}

static int parse_only(const opt_def *d, const char *value, jc_options *o, char *err, size_t errlen)
{
    size_t n = 1;
    for (const char *p = value; *p; p++)
        n += *p == '+';
    char **globs = calloc(n, sizeof *globs);
    if (!globs)
        return oom(err, errlen);
    const char *p = value;
    for (size_t i = 0; i < n; i++) {
        size_t len = strcspn(p, "+");
        if (len == 0 || !(globs[i] = strndup(p, len))) {
            for (size_t j = 0; j < i; j++)
                free(globs[j]);
            free(globs);
            if (len != 0)
                return oom(err, errlen);
            return bad_value(d, value, err, errlen);
        }
        p += len + 1;
    }
    free_only(o);
    o->only = globs;
    o->nonly = n;
    return 0;
}

/* A whole number in [lo, hi]; lo and hi travel in words[0] and words[1]. */
static int parse_number(const opt_def *d, const char *value, jc_options *o, char *err, size_t errlen)
{
    char *end;
    unsigned long v = strtoul(value, &end, 10);
    if (*value < '0' || *value > '9' || *end != '\0' || v < d->words[0].value || v > d->words[1].value)
        return bad_value(d, value, err, errlen);
    d->set(o, (unsigned)v);
    return 0;
}

static int parse_suppress(const opt_def *d, const char *value, jc_options *o, char *err, size_t errlen)
{
    (void)d;
    char *s = strdup(value);
    if (!s)
        return oom(err, errlen);
    free(o->suppress_path);
    o->suppress_path = s;
    return 0;
}

/* A size in bytes from 1 MiB to 1 TiB: a number, K, M, G or T after it
 * (KiB, MiB, ...); ring=. */
static int parse_ring(const opt_def *d, const char *value, jc_options *o, char *err, size_t errlen)
{
    char *end;
    unsigned long long v = strtoull(value, &end, 10);
    static const char units[] = "KMGT";
    const char *u = *end ? strchr(units, *end) : NULL;
    if (*value < '0' || *value > '9' || (*end && (!u || end[1])) || v > (1ull << 40)) {
        fail(err, errlen, "bad value '%s' for %s (expected %s)", value, d->name, d->expected);
        return -1;
    }
    for (const char *p = units; u && p <= u; p++)
        v = v > (1ull << 40) ? v : v << 10;
    if (v < (1ull << 20) || v > (1ull << 40)) {
        fail(err, errlen, "bad value '%s' for %s (expected %s)", value, d->name, d->expected);
        return -1;
    }
    o->ring = v;
    return 0;
}

static const word exitcode_range[] = { { "min", 1 }, { "max", 255 } };
static const word repeat_range[] = { { "min", 1 }, { "max", 1000000 } };
static const word stack_range[] = { { "min", 1 }, { "max", 32 } };

static const opt_def options[] = {
    { "log", parse_log, NULL, NULL, false, "a file name", BOTH,
      "FILE", "stderr", "where records go (appended; %p becomes the pid)", NULL },
    { "record", parse_record, NULL, NULL, false, "a file name (a format=bin recording besides the log)", BOTH,
      "FILE", "none", "also a format=bin recording of the same records (jvmtigen trace FILE)", NULL },
    { "ring", parse_ring, NULL, NULL, false, "a size from 1M to 1T (K, M, G, T: KiB, MiB, GiB, TiB)", BOTH,
      "SIZE", "none", "a flight recorder: the recording keeps only its newest SIZE bytes of records (64M, 1G)", NULL },
    { "format", parse_words, format_words, set_format, false, "text, jsonl or bin", BOTH,
      NULL, "text", "one line per record, text or a JSON object; bin: a recording at log= (jvmtigen trace FILE)", NULL },
    { "trace", parse_words, trace_words, set_trace, true,
      "all, calls, events, errors, problems or none, or several joined by '+'", BOTH,
      NULL, "problems", "which records (join with '+'): every call, event, failing call; problems: failing calls "
      "whose error is no expected outcome (CLASS_NOT_PREPARED, ABSENT_INFORMATION, THREAD_NOT_ALIVE... are: "
      "counted, not shown)", "all" },
    { "only", parse_only, NULL, NULL, false, "GLOB[+GLOB...] over function and event names", BOTH,
      "GLOB[+GLOB...]", "all", "trace only these functions and events (fnmatch)", NULL },
    { "check", parse_words, check_words, set_check, false, "on, off, strict, deep or strict+deep", JVMTI,
      NULL, "on", "on: report and call the VM; strict: report and refuse; deep: also object kinds", NULL },
    { "leaks", parse_words, onoff_words, set_leaks, false, "on or off", JVMTI,
      NULL, "on", "report JVMTI memory never Deallocated and no longer held (tags, storage, agent data), "
      "by allocation site", NULL },
    { "summary", parse_words, onoff_words, set_summary, false, "on or off", JVMTI,
      NULL, "off", "per function (calls, errors, expected_errors, time), event, check and context counts at the end",
      NULL },
    { "addresses", parse_words, onoff_words, set_addresses, false, "on or off", BOTH,
      NULL, "on", "off prints pointers as 0xPTR", NULL },
    { "portability", parse_words, onoff_words, set_portability, false, "on or off", JVMTI,
      NULL, "on", "off hides portability notes", NULL },
    { "exitcode", parse_number, exitcode_range, set_exitcode, false, "a number from 1 to 255", BOTH,
      "N", "the process's own", "exit with N (1-255) when anything was reported", NULL },
    { "halt", parse_words, onoff_words, set_halt, false, "on or off", BOTH,
      NULL, "off", "stop at the first violation, naming its call site", NULL },
    { "repeat", parse_number, repeat_range, set_repeat, false, "a number from 1 to 1000000", BOTH,
      "N", "1", "show the first N occurrences of each context, count the rest", NULL },
    { "stack", parse_number, stack_range, set_stack, false, "a number of frames from 1 to 32", BOTH,
      "N", "1", "frames of each call site shown (1-32)", NULL },
    { "suppress", parse_suppress, NULL, NULL, false, "a suppression file", BOTH,
      "FILE", "none", "suppression rules, one a line: CHECK FUNCTION [MODULE [SYMBOL]] (globs)", NULL },
    { "gen_suppressions", parse_words, onoff_words, set_gen_suppressions, false, "on or off", BOTH,
      NULL, "off", "add a ready suppression line to each report", NULL },
    { "names", parse_words, onoff_words, set_names, false, "on or off", JVMTI,
      NULL, "on in text, off in jsonl", "classes, methods and fields by name, not address", NULL },
    { "help", parse_words, onoff_words, set_help, false, "on or off, or help alone", JVMTI,
      "", "off", "print the option reference and exit (help alone, or help=on)", NULL },
    { "transport", parse_transport, NULL, NULL, false, "a transport name (dt_socket) or a path to one",
      JC_IFACE_TRANSPORT,
      "NAME|PATH", "dt_socket", "the real transport: a name (libNAME.so beside libjdwp) or a path", NULL },
    /* parsed apart (parse_agent): it ends the list */
    { "agent", NULL, NULL, NULL, false, "/path/to/agent.so[=its options]", JVMTI,
      "PATH[=OPTIONS]", "none (required)", "the real agent; must come last, the rest is its options", NULL },
};
#define NOPTIONS (sizeof options / sizeof options[0])

/* "log, record, ..." : the options the interface takes, in table order
 * (agent, the shim's, last). */
static const char *known(void)
{
    static _Thread_local char list[2][400];
    char *b = list[cur_iface == JC_IFACE_TRANSPORT];
    size_t k = 0;
    for (size_t i = 0; i < NOPTIONS; i++)
        if (options[i].ifaces & cur_iface)
            k += (size_t)snprintf(b + k, sizeof list[0] - k, "%s%s", k ? ", " : "", options[i].name);
    return b;
}

static const opt_def *find_option(const char *name, size_t n)
{
    for (size_t i = 0; i < NOPTIONS; i++)
        if ((options[i].ifaces & cur_iface) && options[i].parse && strlen(options[i].name) == n && strncmp(options[i].name, name, n) == 0)
            return &options[i];
    return NULL;
}

static void set_defaults(jc_options *o)
{
    *o = (jc_options){
        .format = JC_FMT_TEXT,
        .trace = JC_TRACE_PROBLEMS,
        .check = JC_CHECK_ON,
        .leaks = true,
        .summary = false,
        .addresses = true,
        .portability = true,
        .repeat = 1,
        .stack = 1,
        .names = -1,            /* on in text, off in jsonl: see below */
    };
}

/* One "key=value" item of length n (no agent=). */
static int parse_item(const char *item, size_t n, jc_options *o, char *err, size_t errlen)
{
    size_t klen = strcspn(item, "=");
    if (klen > n)
        klen = n;
    const opt_def *d = find_option(item, klen);
    if (d && d->set == set_help && klen == n) {   /* "help" alone */
        o->help = true;
        return 0;
    }
    if (!d) {
        char q[300];
        fail(err, errlen, "unknown option '%s' (known: %s)", jc_quote_n(item, klen, q, sizeof q), known());
        return -1;
    }
    if (klen + 1 >= n) {
        fail(err, errlen, "option '%s' needs a value (%s=%s)", d->name, d->name, d->expected);
        return -1;
    }
    char *value = strndup(item + klen + 1, n - klen - 1);
    if (!value)
        return oom(err, errlen);
    int rc = d->parse(d, value, o, err, errlen);
    free(value);
    return rc;
}

/* The rest of the string after "agent=": PATH[=OPTIONS]. */
static int parse_agent(const char *rest, jc_options *o, char *err, size_t errlen)
{
    size_t plen = strcspn(rest, "=");
    if (plen == 0) {
        fail(err, errlen, "option 'agent' needs a value (agent=/path/to/agent.so[=its options])");
        return -1;
    }
    free(o->agent_path);
    free(o->agent_options);
    o->agent_options = NULL;
    /* agent=/x.so,trace=all: the path swallowed our options (a hint). */
    for (size_t i = 0; i < plen; i++) {
        if (rest[i] != ',')
            continue;
        size_t klen = strcspn(rest + i + 1, "=,");
        if (find_option(rest + i + 1, klen)) {
            char q[200], qa[200];
            jc_quote(rest + i + 1, q, sizeof q);
            fail(err, errlen,
                 "agent= must come last: all that follows it is the agent's, so '%s' is no option of ours here "
                 "(expected %s,agent=%s)", q, q, jc_quote_n(rest, i, qa, sizeof qa));
            return -1;
        }
    }
    if (!(o->agent_path = strndup(rest, plen)))
        return oom(err, errlen);
    if (rest[plen] == '=' && !(o->agent_options = strdup(rest + plen + 1)))
        return oom(err, errlen);
    return 0;
}

static bool is_agent_item(const char *p)
{
    return strncmp(p, "agent", 5) == 0 && (p[5] == '=' || p[5] == ',' || p[5] == '\0');
}

static int parse_all(const char *text, bool require_agent, jc_options *o, char *err, size_t errlen)
{
    const char *p = text;
    while (*p) {
        if (cur_iface == JC_IFACE_JVMTI && is_agent_item(p)) {
            if (!require_agent) {
                fail(err, errlen, "agent= is only for the -agentpath shim (jvmti_check_wrap wraps its caller)");
                return -1;
            }
            return parse_agent(p[5] == '=' ? p + 6 : "", o, err, errlen);
        }
        size_t n = strcspn(p, ",");
        if (n > 0 && parse_item(p, n, o, err, errlen) != 0)
            return -1;
        p += n + (p[n] == ',');
    }
    if (o->help)        /* help needs no agent */
        return 0;
    if (require_agent) {
        fail(err, errlen, "missing agent=PATH, the real agent to load (last option: agent=/path/to/agent.so[=its options])");
        return -1;
    }
    return 0;
}

int jc_options_parse(const char *text, bool require_agent, jc_options *out, char *err, size_t errlen)
{
    return jc_options_parse_for(JC_IFACE_JVMTI, text, require_agent, out, err, errlen);
}

/* What differs between the interfaces' defaults: a transport's calls are
 * few (packets, not method entries), so everything is traced, through
 * dt_socket. */
static int transport_defaults(jc_options *o)
{
    o->trace = JC_TRACE_CALLS | JC_TRACE_EVENTS | JC_TRACE_ERRORS;
    return (o->transport = strdup("dt_socket")) ? 0 : -1;
}

int jc_options_parse_for(enum jc_iface_id iface, const char *text, bool require_agent, jc_options *out, char *err,
                         size_t errlen)
{
    jc_options o;
    set_defaults(&o);
    cur_iface = iface;
    if (iface == JC_IFACE_TRANSPORT && transport_defaults(&o) != 0) {
        *out = o;
        return oom(err, errlen);
    }
    if (err && errlen)
        err[0] = '\0';
    if (parse_all(text ? text : "", require_agent, &o, err, errlen) != 0) {
        jc_options_free(&o);
        *out = o;
        return -1;
    }
    if (o.names < 0)
        o.names = o.format == JC_FMT_TEXT;
    *out = o;
    return 0;
}

void jc_options_free(jc_options *o)
{
    if (!o)
        return;
    free(o->log_path);
    free(o->record_path);
    free(o->suppress_path);
    free_only(o);
    free(o->agent_path);
    free(o->agent_options);
    free(o->transport);
    set_defaults(o);
}

bool jc_options_selects(const jc_options *o, const char *name)
{
    if (o->nonly == 0)
        return true;
    if (!name)
        return false;
    for (size_t i = 0; i < o->nonly; i++)
        if (fnmatch(o->only[i], name, 0) == 0)
            return true;
    return false;
}

bool jc_option_doc_at(size_t i, jc_option_doc *out)
{
    if (i >= NOPTIONS)
        return false;
    const opt_def *d = &options[i];
    *out = (jc_option_doc){
        .name = d->name, .arg = d->arg, .joined = d->bits, .expected = d->expected,
        .dflt = d->dflt, .dflt_transport = d->dflt_transport, .help = d->help, .ifaces = d->ifaces,
    };
    /* a keyword option's words; a number's range rows are no words */
    for (size_t k = 0; d->parse == parse_words && d->words[k].word && k < JC_OPTION_WORDS_MAX; k++)
        out->words[k] = d->words[k].word;
    return true;
}
