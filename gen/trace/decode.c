/* trace.c — `jvmtigen trace [--format=text|jsonl|chrome] [filters] FILE`:
 * the decoder of the shim's format=bin recordings (layout:
 * gen/runtime/common/jc_bintrace.h).
 *
 * Design:
 * - The file is outside input (a crash may have cut it, anyone may hand us
 *   any bytes): every offset, length and id is checked against the file
 *   before it is read; a bad file gives one "FILE:OFFSET: error: what
 *   (expected)" line (offsets are 64-bit: recordings pass 4 GiB) and no
 *   output at all.  tests/fuzz/fuzz_trace.c fuzzes jt_trace_decode.
 * - A recording may be far larger than memory (trace=all writes hundreds
 *   of MB a second), so it is never read whole: trace_src.c hands out its
 *   bytes through a window of a few MiB.  Two passes.  The first walks
 *   every chunk (a chunk never used is zeros, a sparse hole is jumped
 *   over; inside one, a record whose state is 0 ends it, and so does the
 *   end of a file cut short), checks every record, keeps the interned
 *   strings (which may be defined in another thread's chunk) and, of each
 *   chunk, its offset, thread and the span of its records' start times.
 *   Only then does output start, so a bad file prints nothing.  The second
 *   merges: records of all threads come sorted by start time, ties in file
 *   order.  A chunk's records are nearly in time order (a thread makes
 *   them in order, but writes a record when it is whole: an event after
 *   the calls its callback made, a call whose outputs came late after
 *   what came in between), so each chunk is loaded and sorted alone, when
 *   the merge reaches its earliest start, and dropped once done: a k-way
 *   merge whose memory is the chunks open at one point in time (about one
 *   per thread recording then), whatever the file's size, plus the
 *   strings (the recorder interns at most 32 MiB of them per process) and
 *   48 bytes per chunk.  Chunks the filters exclude by time, thread or
 *   check are never loaded.  A flight recording (ring=) needs nothing
 *   more: its slots are chunks, out of time order in the file.
 * - text and jsonl are what the shim writes directly: the record's items
 *   are the calls the shim made to its trace API (jc_rec_*), raw, and
 *   fmt_record() below replays them with the punctuation, escaping and
 *   name lookups of gen/runtime/common/jc_trace.c (tests/e2e/trace-bin.sh checks
 *   that the two agree, record by record).  Names of constants come from
 *   the file's header, which the shim writes from the model.
 * - Records of all threads come sorted by start time (stable).  chrome is
 *   Chrome's trace-event JSON: calls and events as complete ("X") slices
 *   on their thread, a call still in progress as a begin ("B"),
 *   violations, notes, leaks and summaries as instant ("i") events, thread
 *   names as metadata ("M"); each event's args hold the jsonl record.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* O_CLOEXEC, fnmatch under -std=c11 */
#endif
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../runtime/common/jc_bintrace.h"
#include "../runtime/common/jc_sink.h"
#include "../runtime/common/jc_trace_syntax.h"
#include "../runtime/jvmti/jc_trace_phases.h"
#include "../util/diag.h"
#include "../util/suggest.h"
#include "trace.h"
#include "source.h"

#define STR_MAX 65536           /* jc_trace.c: bytes of one string shown */
#define MAX_IDS JC_BIN_MAX_IDS

/* ---- output buffer ---------------------------------------------------------- */

typedef struct sbuf {
    char *p;
    size_t len, cap;
    int oom;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void sb_s(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        sb_add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static uint16_t rd16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint64_t rd64(const unsigned char *p) { return rd32(p) | (uint64_t)rd32(p + 4) << 32; }

/* ---- what the file holds --------------------------------------------------------- */

typedef struct str {
    const unsigned char *p;     /* NULL: not defined */
    size_t n;
} str;

typedef struct cgroup {
    const unsigned char *name;
    unsigned len, kind;         /* 0 enum, 1 bits, 2 plain */
    size_t first, count;        /* its constants in consts[] */
} cgroup;

typedef struct cconst {
    const unsigned char *name;
    unsigned len;
    long long value;
} cconst;

typedef struct rec {
    const unsigned char *r;     /* the record */
    uint64_t off;               /* its offset in the file */
    uint32_t tid;
    uint64_t t, dur;            /* ns (ticks converted) */
    uint32_t pid;               /* the writer's process (0: not recorded) */
} rec;

typedef struct names {
    str fn[65536], er[65536], ev[65536];
    cgroup *groups;
    size_t ngroups;
    cconst *consts;
    size_t nconsts;
    str *strs;                  /* by string id */
    size_t nstrs;
    int owns_strs;              /* their bytes are malloc'd copies (read from a file) */
    long *group_of_id;          /* string id -> group index + 1, -1: none, 0: not looked up */
    int noaddr;
    /* version 4's clock: a record with the ticks flag is timed in ticks,
     * ns = ns0 + (ticks - tk0) * rate */
    int ticks;
    uint64_t tk0, ns0;
    double rate;
    int nophase;                /* a recording of an interface without phases (libdt_check) */
} names;

typedef struct filters {
    const char *thread, *function, *check;
    int has_since, has_until;
    uint64_t since, until;      /* ns after the first record */
} filters;

/* "path:offset: error: what", through util/diag (so counted, and silent
 * where a caller such as the fuzz target asked for that). */
static int bad(const char *path, uint64_t off, const char *what)
{
    char where[4096];
    snprintf(where, sizeof where, "%s:%llu", path, (unsigned long long)off);
    jt_diag(JT_DIAG_ERROR, where, 0, "%s", what);
    return -1;
}

static str id_str(const names *nm, uint32_t id)
{
    static const unsigned char unknown[] = "?";
    if (id && id < nm->nstrs && nm->strs[id].p)
        return nm->strs[id];
    return (str){ unknown, 1 };
}

static int str_eq(str s, const char *c) { return strlen(c) == s.n && memcmp(s.p, c, s.n) == 0; }

/* ---- formatting, as gen/runtime/common/jc_trace.c does it -------------------------------------- */

/* The punctuation, kind words and the bare-word rule are the shim's own
 * (gen/runtime/common/jc_trace_syntax.h), and so are JVMTI's phase words
 * (gen/runtime/jvmti/jc_trace_phases.h). */

static void put_u64(sbuf *b, unsigned long long v) { sb_printf(b, "%llu", v); }
static void put_i64(sbuf *b, long long v) { sb_printf(b, "%lld", v); }

/* The inside of a JSON string, as the shim writes it: its own escaping
 * (gen/runtime/common/jc_sink.c), given a NUL-terminated copy cut as the shim
 * cuts (a string ends at a NUL; past STR_MAX bytes, "..."). */
static void sbuf_put(void *ctx, const char *p, size_t n) { sb_add(ctx, p, n); }

static void put_escaped(sbuf *b, str s)
{
    const unsigned char *nul = memchr(s.p, 0, s.n);
    size_t n = nul ? (size_t)(nul - s.p) : s.n;
    if (n > STR_MAX + 4)
        n = STR_MAX + 4;        /* enough to know it was cut */
    char *z = malloc(n + 1);
    if (!z) {
        b->oom = 1;
        return;
    }
    memcpy(z, s.p, n);
    z[n] = '\0';
    jc_json_escape(z, STR_MAX, sbuf_put, b);
    free(z);
}

static void put_quoted(sbuf *b, const jc_trace_syntax *sx, const str *s, const char *quote)
{
    if (!s) {
        sb_s(b, sx->null);
        return;
    }
    sb_s(b, quote);
    put_escaped(b, *s);
    sb_s(b, quote);
}

static void put_word(sbuf *b, const jc_trace_syntax *sx, const str *s)
{
    if (s && sx == &jc_trace_text && jc_trace_bare((const char *)s->p, s->n))
        sb_add(b, (const char *)s->p, s->n);
    else
        put_quoted(b, sx, s, "\"");
}

static void put_key(sbuf *b, const jc_trace_syntax *sx, str key)
{
    sb_s(b, sx->key_open);
    if (sx == &jc_trace_text)
        sb_add(b, (const char *)key.p, key.n);
    else
        put_escaped(b, key);
    sb_s(b, sx->key_close);
}

static void put_double(sbuf *b, const jc_trace_syntax *sx, double v)
{
    if (!isfinite(v)) {
        sb_s(b, sx->sym_quote);
        sb_s(b, isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
        sb_s(b, sx->sym_quote);
        return;
    }
    char d[64];
    jc_format_double(d, v);
    sb_s(b, d);
}

/* The constant group a string id names, or NULL. */
static const cgroup *group_of(names *nm, uint32_t id)
{
    if (!id || id >= nm->nstrs)
        return NULL;
    if (nm->group_of_id[id] == 0) {
        str s = id_str(nm, id);
        nm->group_of_id[id] = -1;
        for (size_t g = 0; g < nm->ngroups; g++)
            if (nm->groups[g].len == s.n && memcmp(nm->groups[g].name, s.p, s.n) == 0) {
                nm->group_of_id[id] = (long)g + 1;
                break;
            }
    }
    return nm->group_of_id[id] > 0 ? &nm->groups[nm->group_of_id[id] - 1] : NULL;
}

/* The name of v in the group named by id (the first in spec order). */
static int value_name(names *nm, uint32_t gid, long long v, str *out)
{
    str g = id_str(nm, gid);
    if (!gid)
        return 0;
    const str *table = str_eq(g, "jvmtiError") ? nm->er : str_eq(g, "jvmtiEvent") ? nm->ev : NULL;
    if (table) {
        if (v < 0 || v > 65535 || !table[v].p)
            return 0;
        *out = table[v];
        return 1;
    }
    const cgroup *grp = group_of(nm, gid);
    for (size_t k = 0; grp && k < grp->count; k++)
        if (nm->consts[grp->first + k].value == v) {
            *out = (str){ nm->consts[grp->first + k].name, nm->consts[grp->first + k].len };
            return 1;
        }
    return 0;
}

static void put_value_name(sbuf *b, const jc_trace_syntax *sx, names *nm, uint32_t gid, long long v)
{
    str n;
    sb_s(b, sx->sym_quote);
    if (value_name(nm, gid, v, &n))
        sb_add(b, (const char *)n.p, n.n);
    else
        put_i64(b, v);
    sb_s(b, sx->sym_quote);
}

/* A bits group's names joined by '|', leftover bits in hex (as the
 * generated jvmti_group_bits_format). */
static void put_bits(sbuf *b, const jc_trace_syntax *sx, names *nm, uint32_t gid, long long v)
{
    const cgroup *grp = group_of(nm, gid);
    if (!grp) {
        put_value_name(b, sx, nm, gid, v);
        return;
    }
    sb_s(b, sx->sym_quote);
    str n;
    if (grp->kind != 1) {
        if (value_name(nm, gid, v, &n))
            sb_add(b, (const char *)n.p, n.n);
        else
            put_i64(b, v);
    } else if (v == 0) {
        if (value_name(nm, gid, v, &n))
            sb_add(b, (const char *)n.p, n.n);
        else
            sb_s(b, "0");
    } else {
        unsigned long long bits = (unsigned long long)v, rest = bits;
        int any = 0;
        for (size_t k = 0; k < grp->count; k++) {
            unsigned long long c = (unsigned long long)nm->consts[grp->first + k].value;
            if (c != 0 && (c & ~bits) == 0 && (c & rest) != 0) {
                if (any)
                    sb_s(b, "|");
                sb_add(b, (const char *)nm->consts[grp->first + k].name, nm->consts[grp->first + k].len);
                any = 1;
                rest &= ~c;
            }
        }
        if (rest)
            sb_printf(b, "%s%llx", any ? "|0x" : "0x", rest);
    }
    sb_s(b, sx->sym_quote);
}

static void put_char(sbuf *b, const jc_trace_syntax *sx, long long c)
{
    unsigned long cp = c < 0 ? (unsigned char)c : (unsigned long)c;
    unsigned char u[5] = { 0 };
    size_t n;
    if (cp == 0)
        memcpy(u, "\xC0\x80", n = 2);
    else if (cp < 0x80)
        u[0] = (unsigned char)cp, n = 1;
    else if (cp < 0x800)
        u[0] = (unsigned char)(0xC0 | cp >> 6), u[1] = (unsigned char)(0x80 | (cp & 0x3F)), n = 2;
    else if (cp < 0x10000)
        u[0] = (unsigned char)(0xE0 | cp >> 12), u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F)),
        u[2] = (unsigned char)(0x80 | (cp & 0x3F)), n = 3;
    else
        memcpy(u, "\xEF\xBF\xBD", n = 3);
    str s = { u, n };
    /* the shim's string ends at the first NUL byte: C0 80 has none */
    put_quoted(b, sx, &s, sx->char_quote);
}

/* A string item's value: interned (by id, 0 NULL) or inline. */
static int item_str(names *nm, const unsigned char *it, str *out)
{
    unsigned type = it[0] & ~JC_BIN_I_OUTFLAG;
    if (type == JC_BIN_I_STR_INLINE || type == JC_BIN_I_FIELD_INLINE) {
        *out = (str){ it + JC_BIN_ITEM, (size_t)rd64(it + 8) };
        return 1;
    }
    uint32_t id = (uint32_t)rd64(it + 8);
    if (!id)
        return 0;
    *out = id_str(nm, id);
    return 1;
}

/* An item's bytes; SIZE_MAX for an inline string too long to be one. */
static size_t item_len(const unsigned char *it)
{
    unsigned type = it[0] & ~JC_BIN_I_OUTFLAG;
    if (type == JC_BIN_I_STR_INLINE || type == JC_BIN_I_FIELD_INLINE) {
        uint64_t n = rd64(it + 8);
        return n > (1u << 30) ? SIZE_MAX : JC_BIN_ITEM + (size_t)((n + 7u) & ~(uint64_t)7);
    }
    if (type == JC_BIN_I_ENUM_WIDE || type == JC_BIN_I_BITS_WIDE || type == JC_BIN_I_VTHREAD)
        return JC_BIN_ITEM + 8;
    return JC_BIN_ITEM;
}

enum group { GRP_NONE, GRP_ARGS, GRP_OUT };

/* One record as the shim would have written it (no newline). */
static void fmt_record(sbuf *out, names *nm, const rec *x, const jc_trace_syntax *sx)
{
    const unsigned char *r = x->r;
    uint32_t state = rd32(r), len = rd32(r + 4);
    unsigned num = rd16(r + 8), kind = r[10], phase = r[11];
    int32_t err = (int32_t)rd32(r + 12);
    uint32_t flags = rd32(r + 28);
    uint64_t t = x->t, dur = x->dur;
    str name = num ? (nm->fn[num].p ? nm->fn[num] : (str){ (const unsigned char *)"?", 1 }) : id_str(nm, rd32(r + 20));
    str thread = id_str(nm, rd32(r + 16));
    str label_s = id_str(nm, rd32(r + 24));
    int text = sx == &jc_trace_text;

    /* a virtual thread's item comes first (jc_trace.c's put_header) */
    const unsigned char *vt = NULL;
    if (state == JC_BIN_COMPLETE && len >= JC_BIN_REC + JC_BIN_ITEM && r[JC_BIN_REC] == JC_BIN_I_VTHREAD)
        vt = r + JC_BIN_REC;
    str who = vt ? id_str(nm, rd32(vt + 4)) : thread;

    if (state == JC_BIN_ENTERED) {
        if (text) {
            sb_printf(out, "[t=%llu thread=", (unsigned long long)t);
            put_word(out, sx, &who);
            sb_printf(out, " tid=%u", x->tid);
            if (!nm->nophase)
                sb_printf(out, " phase=%s", jc_trace_phase_word(phase));
            sb_s(out, "] enter ");
            put_word(out, sx, &name);
        } else {
            sb_s(out, "{\"kind\":\"enter\",\"name\":");
            put_quoted(out, sx, &name, "\"");
            sb_s(out, ",\"thread\":");
            put_quoted(out, sx, &who, "\"");
            sb_printf(out, ",\"tid\":%u", x->tid);
            if (!nm->nophase)
                sb_printf(out, ",\"phase\":\"%s\"", jc_trace_phase_word(phase));
            sb_printf(out, ",\"t_ns\":%llu}", (unsigned long long)t);
        }
        return;
    }
    sbuf tail = { 0 };
    if (text) {
        sb_printf(out, "[t=%llu thread=", (unsigned long long)t);
        put_word(out, sx, &who);
        if (vt)
            sb_printf(out, " vthread=%lld", (long long)rd64(vt + 8));
        sb_printf(out, " tid=%u", x->tid);
        if (!nm->nophase)
            sb_printf(out, " phase=%s", jc_trace_phase_word(phase));
        sb_printf(out, "] %s", jc_trace_kind_word(sx, kind));
        if (rd32(r + 24)) {
            sb_s(out, " [");
            sb_add(out, (const char *)label_s.p, label_s.n);
            sb_s(out, "]");
        }
        sb_s(out, " ");
        put_word(out, sx, &name);
    } else {
        sb_printf(out, "{\"kind\":\"%s\",\"name\":", jc_trace_kind_word(sx, kind));
        put_quoted(out, sx, &name, "\"");
        sb_s(out, ",\"thread\":");
        put_quoted(out, sx, &who, "\"");
        if (vt) {
            sb_printf(out, ",\"virtual\":true,\"thread_id\":%lld,\"carrier\":", (long long)rd64(vt + 8));
            str carrier = id_str(nm, rd32(vt + JC_BIN_ITEM));
            put_quoted(out, sx, &carrier, "\"");
        }
        sb_printf(out, ",\"tid\":%u", x->tid);
        if (!nm->nophase)
            sb_printf(out, ",\"phase\":\"%s\"", jc_trace_phase_word(phase));
        if (rd32(r + 24)) {
            sb_s(&tail, sx->field_sep);
            put_key(&tail, sx, (str){ (const unsigned char *)"check", 5 });
            put_word(&tail, sx, &label_s);
        }
    }
    enum group grp = GRP_NONE;
    int first = 1;
    for (size_t at = JC_BIN_REC; at < len; at += item_len(r + at)) {
        const unsigned char *it = r + at;
        unsigned type = it[0] & ~JC_BIN_I_OUTFLAG;
        str key = id_str(nm, rd32(it + 4));
        uint64_t v = rd64(it + 8);
        uint32_t group = (uint32_t)(v >> 32);
        str s;
        if (type == JC_BIN_I_VTHREAD)
            continue;
        if (((it[0] & JC_BIN_I_OUTFLAG) || type == JC_BIN_I_OUT) && grp != GRP_OUT) {
            sb_s(out, grp == GRP_NONE ? sx->args_empty : sx->group_close);
            sb_s(out, sx->out_open);
            grp = GRP_OUT;
            first = 1;
        }
        if (type == JC_BIN_I_OUT)
            continue;
        if (type == JC_BIN_I_ENUM || type == JC_BIN_I_BITS)
            v = (uint64_t)(int64_t)(int32_t)(uint32_t)v;
        if (type == JC_BIN_I_ENUM_WIDE || type == JC_BIN_I_BITS_WIDE) {
            group = rd32(it + JC_BIN_ITEM);
            type = type == JC_BIN_I_ENUM_WIDE ? JC_BIN_I_ENUM : JC_BIN_I_BITS;
        }
        if (type == JC_BIN_I_FIELD_STR || type == JC_BIN_I_FIELD_INT || type == JC_BIN_I_FIELD_INLINE) {
            sb_s(&tail, sx->field_sep);
            put_key(&tail, sx, key);
            if (type == JC_BIN_I_FIELD_INT)
                put_i64(&tail, (long long)v);
            else
                put_word(&tail, sx, item_str(nm, it, &s) ? &s : NULL);
            continue;
        }
        if (grp == GRP_NONE) {
            sb_s(out, sx->args_open);
            grp = GRP_ARGS;
        } else if (!first) {
            sb_s(out, sx->sep);
        }
        first = 0;
        put_key(out, sx, key);
        switch (type) {
        case JC_BIN_I_INT: put_i64(out, (long long)v); break;
        case JC_BIN_I_UINT: put_u64(out, (unsigned long long)v); break;
        case JC_BIN_I_BOOL: sb_s(out, v ? "true" : "false"); break;
        case JC_BIN_I_DOUBLE: {
            double d;
            memcpy(&d, &v, sizeof d);
            put_double(out, sx, d);
            break;
        }
        case JC_BIN_I_CHAR: put_char(out, sx, (long long)v); break;
        case JC_BIN_I_STR:
        case JC_BIN_I_STR_INLINE:
            put_quoted(out, sx, item_str(nm, it, &s) ? &s : NULL, "\"");
            break;
        case JC_BIN_I_PTR:
            if (!v)
                sb_s(out, sx->null);
            else if (nm->noaddr)
                sb_printf(out, "%s0xPTR%s", sx->sym_quote, sx->sym_quote);
            else
                sb_printf(out, "%s0x%llx%s", sx->sym_quote, (unsigned long long)v, sx->sym_quote);
            break;
        case JC_BIN_I_ENUM: put_value_name(out, sx, nm, group, (long long)v); break;
        case JC_BIN_I_BITS: put_bits(out, sx, nm, group, (long long)v); break;
        default: break;
        }
    }
    int has_args = kind == JC_BIN_K_CALL || kind == JC_BIN_K_EVENT;
    if (grp != GRP_NONE)
        sb_s(out, sx->group_close);
    else if (has_args)
        sb_s(out, sx->args_empty);
    if (flags & JC_BIN_RF_ERROR) {
        sb_s(out, text ? " = " : ",\"error\":");
        str e;
        sb_s(out, sx->sym_quote);
        if (err >= 0 && err < 65536 && nm->er[err].p && (e = nm->er[err], 1))
            sb_add(out, (const char *)e.p, e.n);
        else
            put_i64(out, err);
        sb_s(out, sx->sym_quote);
    }
    if (text && has_args)
        sb_printf(out, " dur=%lluns", (unsigned long long)dur);
    if (tail.len)
        sb_add(out, tail.p, tail.len);
    if (tail.oom)
        out->oom = 1;
    free(tail.p);
    if (!text)
        sb_printf(out, ",\"t_ns\":%llu,\"dur_ns\":%llu}", (unsigned long long)t, (unsigned long long)dur);
}

/* ---- filters ------------------------------------------------------------------------- */

static int glob_str(const char *pat, str s)
{
    char buf[512];
    size_t n = s.n < sizeof buf - 1 ? s.n : sizeof buf - 1;
    memcpy(buf, s.p, n);
    buf[n] = '\0';
    return fnmatch(pat, buf, 0) == 0;
}

static int selected(names *nm, const rec *x, const filters *f, uint64_t t_first)
{
    const unsigned char *r = x->r;
    if (f->thread) {
        char tid[16];
        snprintf(tid, sizeof tid, "%u", x->tid);
        const unsigned char *vt = rd32(r) == JC_BIN_COMPLETE && rd32(r + 4) >= JC_BIN_REC + JC_BIN_ITEM
                                          && r[JC_BIN_REC] == JC_BIN_I_VTHREAD
                                      ? r + JC_BIN_REC : NULL;
        str who = id_str(nm, vt ? rd32(vt + 4) : rd32(r + 16));
        if (strcmp(f->thread, tid) != 0 && !glob_str(f->thread, who))
            return 0;
    }
    if (f->function) {
        unsigned num = rd16(r + 8);
        str name = num && nm->fn[num].p ? nm->fn[num] : id_str(nm, rd32(r + 20));
        if (!glob_str(f->function, name))
            return 0;
    }
    if (f->check && !(rd32(r + 24) && glob_str(f->check, id_str(nm, rd32(r + 24))))) {
        /* a context's summary names its check in a "check" field */
        int hit = 0;
        for (size_t at = JC_BIN_REC; rd32(r) == JC_BIN_COMPLETE && at < rd32(r + 4) && !hit; at += item_len(r + at)) {
            str v;
            hit = (r[at] & ~JC_BIN_I_OUTFLAG) == JC_BIN_I_FIELD_STR && str_eq(id_str(nm, rd32(r + at + 4)), "check")
                  && item_str(nm, r + at, &v) && glob_str(f->check, v);
        }
        if (!hit)
            return 0;
    }
    uint64_t rel = x->t - t_first;
    if (f->has_since && rel < f->since)
        return 0;
    if (f->has_until && rel > f->until)
        return 0;
    return 1;
}

/* ---- chrome ----------------------------------------------------------------------------- */

/* The event's pid: the recording process's, from its chunk's head; 1 for a
 * file from before chunks carried it (the trace-event format wants one). */
static unsigned chrome_pid(uint32_t pid)
{
    return pid ? pid : 1u;
}

static void chrome_event(sbuf *b, names *nm, const rec *x, int *first)
{
    const unsigned char *r = x->r;
    unsigned kind = r[10];
    uint32_t state = rd32(r);
    sbuf line = { 0 };
    fmt_record(&line, nm, x, &jc_trace_jsonl);
    if (line.oom || !line.p) {
        b->oom = 1;
        free(line.p);
        return;
    }
    unsigned num = rd16(r + 8);
    str name = num && nm->fn[num].p ? nm->fn[num] : id_str(nm, rd32(r + 20));
    sb_s(b, *first ? "\n" : ",\n");
    *first = 0;
    sb_s(b, "{\"name\":");
    if (kind == JC_BIN_K_VIOLATION || kind == JC_BIN_K_NOTE || kind == JC_BIN_K_WARNING) {
        /* "[check] Function": what a violation is, at a glance */
        sbuf n = { 0 };
        str check = id_str(nm, rd32(r + 24));
        sb_s(&n, "[");
        sb_add(&n, (const char *)check.p, check.n);
        sb_s(&n, "] ");
        sb_add(&n, (const char *)name.p, name.n);
        str ns = { (const unsigned char *)(n.p ? n.p : ""), n.len };
        put_quoted(b, &jc_trace_jsonl, &ns, "\"");
        free(n.p);
    } else {
        put_quoted(b, &jc_trace_jsonl, &name, "\"");
    }
    static const char *const cats[] = { "", "call", "event", "violation", "leak", "summary", "note", "warning", "", "header",
                                        "packet" };
    uint64_t t = x->t, dur = x->dur;
    sb_printf(b, ",\"cat\":\"%s\"", state == JC_BIN_ENTERED ? "call" : kind < sizeof cats / sizeof cats[0] ? cats[kind] : "");
    if (state == JC_BIN_ENTERED)
        sb_s(b, ",\"ph\":\"B\"");
    else if (kind == JC_BIN_K_CALL || kind == JC_BIN_K_EVENT)
        sb_printf(b, ",\"ph\":\"X\",\"dur\":%llu.%03llu", (unsigned long long)(dur / 1000), (unsigned long long)(dur % 1000));
    else
        sb_s(b, ",\"ph\":\"i\",\"s\":\"t\"");
    sb_printf(b, ",\"ts\":%llu.%03llu,\"pid\":%u,\"tid\":%u,\"args\":", (unsigned long long)(t / 1000),
              (unsigned long long)(t % 1000), chrome_pid(x->pid), x->tid);
    sb_add(b, line.p, line.len);
    sb_s(b, "}");
    free(line.p);
}

/* ---- reading ---------------------------------------------------------------------------- */

static int read_names(const unsigned char *d, size_t at, size_t end, const char *path, names *nm)
{
    size_t gcap = 0, ccap = 0;
    while (at < end) {
        if (end - at < JC_BIN_NAME_HEAD || end - at - JC_BIN_NAME_HEAD < d[at + 1])
            return bad(path, at, "name entry cut short");
        unsigned kind = d[at], n = d[at + 1], num = rd16(d + at + 2);
        long long value = (long long)rd64(d + at + 4);
        const unsigned char *s = d + at + JC_BIN_NAME_HEAD;
        for (unsigned i = 0; i < n; i++)
            if (s[i] < 0x21 || s[i] > 0x7e || s[i] == '"' || s[i] == '\\')
                return bad(path, at + JC_BIN_NAME_HEAD + i, "bad byte in a name (expected printable ASCII)");
        str v = { s, n };
        switch (kind) {
        case JC_BIN_NAME_FN: nm->fn[num] = v; break;
        case JC_BIN_NAME_ERROR: nm->er[num] = v; break;
        case JC_BIN_NAME_EVENT: nm->ev[num] = v; break;
        case JC_BIN_NAME_GROUP:
            if (num != nm->ngroups || value < 0 || value > 2)
                return bad(path, at, "bad constant group (expected the next index and a kind 0 to 2)");
            if (nm->ngroups == gcap) {
                cgroup *g = realloc(nm->groups, (gcap = gcap ? gcap * 2 : 64) * sizeof *g);
                if (!g)
                    return bad(path, at, "out of memory");
                nm->groups = g;
            }
            nm->groups[nm->ngroups++] = (cgroup){ s, n, (unsigned)value, nm->nconsts, 0 };
            break;
        case JC_BIN_NAME_CONST:
            if (!nm->ngroups || num != nm->ngroups - 1)
                return bad(path, at, "constant outside its group (expected the last group's index)");
            if (nm->nconsts == ccap) {
                cconst *c = realloc(nm->consts, (ccap = ccap ? ccap * 2 : 256) * sizeof *c);
                if (!c)
                    return bad(path, at, "out of memory");
                nm->consts = c;
            }
            nm->consts[nm->nconsts++] = (cconst){ s, n, value };
            nm->groups[nm->ngroups - 1].count++;
            break;
        default:
            return bad(path, at, "unknown name kind (expected 1 to 5)");
        }
        at += JC_BIN_NAME_HEAD + n;
    }
    return 0;
}

/* The items of the record at r (len bytes, at file offset off) are whole
 * and known; *fields: one of them is a string field (a "check" maybe). */
static int check_items(const unsigned char *r, size_t len, uint64_t off, const char *path, int *fields)
{
    for (size_t at = JC_BIN_REC; at < len;) {
        if (len - at < JC_BIN_ITEM)
            return bad(path, off + at, "item cut short (expected 16 bytes)");
        unsigned type = r[at] & ~JC_BIN_I_OUTFLAG;
        if (type < JC_BIN_I_INT || type > JC_BIN_I_MAX)
            return bad(path, off + at, "unknown item type (expected 1 to 17, maybe with bit 7)");
        size_t n = item_len(r + at);
        if (n > len - at)
            return bad(path, off + at, "item runs past its record");
        *fields |= type == JC_BIN_I_FIELD_STR;
        at += n;
    }
    return 0;
}

/* A time past what 64 bits of nanoseconds hold (585 years) is the end of
 * any recording: saturated, never wrapped. */
int jt_trace_parse_time(const char *s, uint64_t *out)
{
    char *end;
    double v = strtod(s, &end);
    static const struct { const char *unit; double ns; } units[] = {
        { "", 1 }, { "ns", 1 }, { "us", 1e3 }, { "ms", 1e6 }, { "s", 1e9 },
    };
    if (end == s || v < 0 || isnan(v))
        return -1;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcmp(end, units[i].unit) == 0) {
            double ns = v * units[i].ns;
            *out = ns >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)ns;
            return 0;
        }
    return -1;
}


/* ---- the walk: chunks, then records ------------------------------------------------- */

/* What the first pass keeps of a chunk for the second: where it is, the
 * span of its records' start times, and what the filters may skip it by. */
enum { CH_MIXED = 1,            /* its records name more than one thread (or virtual ones) */
       CH_CHECKS = 2 };         /* a record with a check label or a string field */
typedef struct chunk {
    uint64_t off;               /* in the file */
    uint32_t used;              /* bytes walked: its head and its records */
    uint32_t clen;              /* its length */
    uint32_t tid, thread;       /* the OS thread; its records' thread name id (unless CH_MIXED) */
    uint32_t pid;               /* its process (0: a file from before chunks said it) */
    unsigned flags;
    uint64_t tmin, tmax;
} chunk;

/* A record of a loaded chunk: its start (the merge's key with its offset). */
typedef struct ent {
    uint64_t t, dur;
    uint32_t at;                /* its offset in the chunk */
} ent;

/* A chunk loaded for the merge: its bytes and its selected records, sorted. */
typedef struct cursor {
    const chunk *ch;
    const unsigned char *buf;   /* the chunk's bytes [0, used) */
    int owned;
    ent *e;
    size_t n, i;
} cursor;

typedef struct dec {
    const char *path;
    jt_src *src;
    names *nm;
    filters f;
    uint32_t unit;              /* the header's chunk size (version 5: the unit) */
    int sized;                  /* version 5: chunks say their length */
    chunk *chunks;
    size_t nchunks, cap;
    uint64_t t_first;           /* the earliest start of all records */
    size_t nrec;
} dec;

static int unreadable(dec *D, uint64_t off)
{
    char what[256];
    if (D->src->err == ENOMEM)
        return bad(D->path, off, "out of memory");
    snprintf(what, sizeof what, "cannot read the recording: %s",
             D->src->err > 0 ? strerror(D->src->err) : "it got shorter while read (a recording still written?)");
    return bad(D->path, off, what);
}

/* A record's start and duration in ns. */
static int rec_times(dec *D, const unsigned char *r, uint64_t at, uint64_t *tp, uint64_t *dp)
{
    const names *nm = D->nm;
    uint64_t t = rd64(r + 32), dur = rd64(r + 40);
    if (rd32(r + 28) & JC_BIN_RF_TICKS) {
        if (!nm->ticks)
            return bad(D->path, at + 28, "a record timed in ticks, and no clock in the header");
        double ns = (double)nm->ns0 + (double)(int64_t)(t - nm->tk0) * nm->rate;
        t = ns <= 0 ? 0 : ns >= 1.8e19 ? UINT64_MAX : (uint64_t)(ns + 0.5);
        double dn = (double)dur * nm->rate;
        dur = dn >= 1.8e19 ? UINT64_MAX : (uint64_t)(dn + 0.5);
    }
    *tp = t;
    *dp = dur;
    return 0;
}

/* A string record's id and bytes, kept by id (the first pass). */
static int keep_string(dec *D, const unsigned char *r, uint32_t rlen, uint64_t at)
{
    names *nm = D->nm;
    uint32_t id = rd32(r + 20);
    uint64_t n = rd64(r + 40);
    if (!id || id >= MAX_IDS || n > rlen - JC_BIN_REC)
        return bad(D->path, at + 20, "bad string record (expected an id below 2^20 and its bytes inside)");
    if (id >= nm->nstrs) {
        size_t ncap = nm->nstrs ? nm->nstrs : 1024;
        while (ncap <= id)
            ncap *= 2;
        str *s = realloc(nm->strs, ncap * sizeof *s);
        if (!s)
            return bad(D->path, at, "out of memory");
        memset(s + nm->nstrs, 0, (ncap - nm->nstrs) * sizeof *s);
        nm->strs = s;
        nm->nstrs = ncap;
    }
    if (nm->strs[id].p)
        return bad(D->path, at + 20, "string id defined twice (expected one definition per file)");
    int owned;
    const unsigned char *p = jt_src_keep(D->src, at + JC_BIN_REC, (size_t)n, &owned);
    if (!p)
        return unreadable(D, at + JC_BIN_REC);
    nm->owns_strs |= owned;
    nm->strs[id] = (str){ p, (size_t)n };
    return 0;
}

static int selected(names *nm, const rec *x, const filters *f, uint64_t t_first);

/* Walks the records of the chunk at c (clen bytes long, avail of them in
 * the source src).  First pass (cur NULL): checks them, keeps the strings
 * and fills *ci.  Second (cur): collects the records the filters select
 * into cur.  The source of the second pass holds the chunk's bytes as the
 * first found them; both passes check alike, so a file that changed
 * between them is refused as the first would have. */
static int walk_chunk(dec *D, jt_src *src, uint64_t c, uint32_t clen, uint64_t avail, uint32_t tid, chunk *ci,
                      cursor *cur)
{
    const uint64_t end = c + avail;
    uint64_t at = c + JC_BIN_CHUNK_HEAD;
    size_t cap = 0;
    jt_src *const saved = D->src;
    D->src = src;
    int rc = 0;
    while (at + JC_BIN_REC <= end) {
        const unsigned char *r = jt_src_get(src, at, JC_BIN_REC);
        if (!r) {
            rc = unreadable(D, at);
            break;
        }
        uint32_t state = rd32(r), rlen = rd32(r + 4);
        if (state == 0)
            break;
        if (state > JC_BIN_SKIP) {
            rc = bad(D->path, at, "bad record state (expected 1 entered, 2 complete or 3 skip)");
            break;
        }
        if (rlen < JC_BIN_REC || rlen % 8 != 0 || rlen > clen - JC_BIN_CHUNK_HEAD) {
            rc = bad(D->path, at + 4, "bad record length (expected a multiple of 8, 48 or more, within a chunk)");
            break;
        }
        if (rlen > end - at) {
            if (avail < clen)
                break;          /* the file ends inside it: cut short */
            rc = bad(D->path, at + 4, "record runs past its chunk");
            break;
        }
        unsigned kind = r[10];
        if (kind < JC_BIN_K_CALL || kind > JC_BIN_K_PACKET) {
            rc = bad(D->path, at + 10, "unknown record kind (expected 1 to 10)");
            break;
        }
        if (state == JC_BIN_SKIP || (kind == JC_BIN_K_STRING && cur)) {
            at += rlen;
            continue;
        }
        if ((kind == JC_BIN_K_STRING || state == JC_BIN_COMPLETE) && !(r = jt_src_get(src, at, rlen))) {
            rc = unreadable(D, at);
            break;
        }
        if (kind == JC_BIN_K_STRING) {
            if ((rc = keep_string(D, r, rlen, at)) != 0)
                break;
            at += rlen;
            continue;
        }
        /* an entered record may have items on the way in: not shown */
        int fields = 0;
        if (state == JC_BIN_COMPLETE && (rc = check_items(r, rlen, at, D->path, &fields)) != 0)
            break;
        uint64_t t = 0, dur = 0;
        if ((rc = rec_times(D, r, at, &t, &dur)) != 0)
            break;
        if (!cur) {
            uint32_t thread = rd32(r + 16);
            int vt = state == JC_BIN_COMPLETE && rlen >= JC_BIN_REC + JC_BIN_ITEM && r[JC_BIN_REC] == JC_BIN_I_VTHREAD;
            if (ci->tmax == 0 && ci->tmin == UINT64_MAX)
                ci->thread = thread;
            else if (ci->thread != thread)
                ci->flags |= CH_MIXED;
            if (vt)
                ci->flags |= CH_MIXED;
            if (rd32(r + 24) || fields)
                ci->flags |= CH_CHECKS;
            ci->tmin = t < ci->tmin ? t : ci->tmin;
            ci->tmax = t > ci->tmax ? t : ci->tmax;
            if (!D->nrec++ || t < D->t_first)
                D->t_first = t;
        } else {
            rec x = { r, at, tid, t, dur, 0 };
            if (selected(D->nm, &x, &D->f, D->t_first)) {
                if (cur->n == cap) {
                    ent *more = realloc(cur->e, (cap = cap ? cap * 2 : 256) * sizeof *more);
                    if (!more) {
                        rc = bad(D->path, at, "out of memory");
                        break;
                    }
                    cur->e = more;
                }
                cur->e[cur->n++] = (ent){ t, dur, (uint32_t)(at - c) };
            }
        }
        at += rlen;
    }
    if (ci)
        ci->used = (uint32_t)(at - c);
    D->src = saved;
    return rc;
}

/* The first pass: the header's names, then every chunk, checked; the
 * strings kept, and of each chunk with records what the second needs. */
static int first_pass(dec *D, uint64_t len, uint64_t hlen)
{
    jt_src *src = D->src;
    uint64_t clen;
    for (uint64_t c = hlen; c < len; c += clen) {
        clen = D->unit;         /* a chunk never taken: one unit at a time */
        if (len - c < JC_BIN_CHUNK_HEAD)
            break;              /* cut short before its header: nothing */
        const unsigned char *h = jt_src_get(src, c, JC_BIN_CHUNK_HEAD);
        if (!h)
            return unreadable(D, c);
        if (memcmp(h, JC_BIN_CHUNK_MAGIC, 8) != 0) {
            static const unsigned char zeros[8];
            if (memcmp(h, zeros, 8) != 0)
                return bad(D->path, c, "not a chunk (expected the magic " JC_BIN_CHUNK_MAGIC " or zeros)");
            /* never used; a hole of a sparse file is skipped whole, to
             * the unit where data starts again */
            uint64_t next = jt_src_next_data(src, c + D->unit);
            if (next > c + D->unit)
                clen = (next - hlen) / D->unit * D->unit + hlen - c;
            continue;
        }
        if (D->sized) {
            clen = rd32(h + JC_BIN_CHUNK_LEN_AT);
            if (clen < D->unit || clen % D->unit != 0 || clen > (1u << 30))
                return bad(D->path, c + JC_BIN_CHUNK_LEN_AT,
                           "bad chunk length (expected a multiple of the header's unit, up to 1 GiB)");
        }
        uint64_t avail = len - c < clen ? len - c : clen;
        chunk ci = { .off = c, .clen = (uint32_t)clen, .tid = rd32(h + 8), .pid = rd32(h + JC_BIN_CHUNK_PID_AT),
                     .tmin = UINT64_MAX };
        int rc = walk_chunk(D, src, c, (uint32_t)clen, avail, ci.tid, &ci, NULL);
        if (rc != 0)
            return rc;
        if (ci.tmin == UINT64_MAX)
            continue;           /* strings only, or nothing */
        if (D->nchunks == D->cap) {
            chunk *more = realloc(D->chunks, (D->cap = D->cap ? D->cap * 2 : 256) * sizeof *more);
            if (!more)
                return bad(D->path, c, "out of memory");
            D->chunks = more;
        }
        D->chunks[D->nchunks++] = ci;
    }
    return 0;
}

/* ---- the second pass: the chunks merged by start time ------------------------------ */

/* The chunk cannot hold a record the filters select. */
static int chunk_excluded(dec *D, const chunk *ch)
{
    const filters *f = &D->f;
    if (f->has_since && ch->tmax - D->t_first < f->since)
        return 1;
    if (f->has_until && ch->tmin - D->t_first > f->until)
        return 1;
    if (f->thread && !(ch->flags & CH_MIXED)) {
        char tid[16];
        snprintf(tid, sizeof tid, "%u", ch->tid);
        if (strcmp(f->thread, tid) != 0 && !glob_str(f->thread, id_str(D->nm, ch->thread)))
            return 1;
    }
    if (f->check && !(ch->flags & CH_CHECKS))
        return 1;
    return 0;
}

static int cmp_ent(const void *a, const void *b)
{
    const ent *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}

static void cursor_free(cursor *cur)
{
    if (cur->owned)
        free((void *)cur->buf);
    free(cur->e);
    free(cur);
}

/* Loads the chunk: its bytes, its selected records in (start, offset)
 * order.  *out is NULL when none is selected. */
static int load_chunk(dec *D, const chunk *ch, cursor **out)
{
    *out = NULL;
    cursor *cur = calloc(1, sizeof *cur);
    if (!cur)
        return bad(D->path, ch->off, "out of memory");
    cur->ch = ch;
    cur->buf = jt_src_keep(D->src, ch->off, ch->used, &cur->owned);
    if (!cur->buf) {
        free(cur);
        return unreadable(D, ch->off);
    }
    jt_src in;
    jt_src_mem(&in, cur->buf, ch->off, ch->used);
    int rc = walk_chunk(D, &in, ch->off, ch->clen, ch->used, ch->tid, NULL, cur);
    if (rc != 0 || cur->n == 0) {
        cursor_free(cur);
        return rc;
    }
    /* a thread makes its records in time order, but a record is written
     * when it is whole: an event after the calls made in its callback, a
     * call whose outputs came late after what came between */
    int sorted = 1;
    for (size_t i = 1; i < cur->n && sorted; i++)
        sorted = cur->e[i - 1].t <= cur->e[i].t;
    if (!sorted)
        qsort(cur->e, cur->n, sizeof *cur->e, cmp_ent);
    *out = cur;
    return 0;
}

static rec cursor_rec(const cursor *c)
{
    const ent *e = &c->e[c->i];
    return (rec){ c->buf + e->at, c->ch->off + e->at, c->ch->tid, e->t, e->dur, c->ch->pid };
}

/* a's next record starts before b's (the same start: the one first in the file) */
static int before(const cursor *a, const cursor *b)
{
    const ent *x = &a->e[a->i], *y = &b->e[b->i];
    if (x->t != y->t)
        return x->t < y->t;
    return a->ch->off + x->at < b->ch->off + y->at;
}

static void sift_down(cursor **h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < n && before(h[l], h[m]))
            m = l;
        if (l + 1 < n && before(h[l + 1], h[m]))
            m = l + 1;
        if (m == i)
            return;
        cursor *t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

static void sift_up(cursor **h, size_t i)
{
    while (i && before(h[i], h[(i - 1) / 2])) {
        cursor *t = h[i];
        h[i] = h[(i - 1) / 2];
        h[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

static int cmp_chunk_start(const void *a, const void *b)
{
    const chunk *x = *(const chunk *const *)a, *y = *(const chunk *const *)b;
    if (x->tmin != y->tmin)
        return x->tmin < y->tmin ? -1 : 1;
    return x->off < y->off ? -1 : x->off > y->off;
}

/* Where the records go: appended to b, which is handed to the sink (when
 * there is one) whenever it holds FLUSH bytes. */
#define FLUSH (1u << 20)
typedef struct out {
    sbuf b;
    FILE *sink;                 /* NULL: all of it stays in b */
    int failed;
} out;

static void out_flush(out *o, int all)
{
    if (!o->sink || (!all && o->b.len < FLUSH))
        return;
    if (o->b.len && fwrite(o->b.p, 1, o->b.len, o->sink) != o->b.len)
        o->failed = 1;
    o->b.len = 0;
}

typedef int (*emit_fn)(dec *D, out *o, const rec *x, void *ctx);

/* Every selected record, in order of start time (then of offset), to
 * emit: a k-way merge of the chunks, each loaded when the merge reaches
 * the earliest start in it and dropped when done.  Memory: the chunks
 * whose time spans overlap the merge's point (about one per thread then
 * recording), never the file. */
static int merge(dec *D, out *o, emit_fn emit, void *ctx)
{
    int rc = 0;
    const chunk **order = malloc((D->nchunks ? D->nchunks : 1) * sizeof *order);
    cursor **heap = malloc((D->nchunks ? D->nchunks : 1) * sizeof *heap);
    if (!order || !heap) {
        free(order);
        free(heap);
        return bad(D->path, 0, "out of memory");
    }
    size_t n = 0, k = 0, nh = 0;
    for (size_t i = 0; i < D->nchunks; i++)
        if (!chunk_excluded(D, &D->chunks[i]))
            order[n++] = &D->chunks[i];
    qsort(order, n, sizeof *order, cmp_chunk_start);
    for (;;) {
        /* every chunk that may hold a record before the heap's first */
        while (k < n && (nh == 0 || order[k]->tmin <= heap[0]->e[heap[0]->i].t)) {
            cursor *cur;
            if ((rc = load_chunk(D, order[k++], &cur)) != 0)
                goto done;
            if (cur) {
                heap[nh++] = cur;
                sift_up(heap, nh - 1);
            }
        }
        if (nh == 0)
            break;
        cursor *top = heap[0];
        rec x = cursor_rec(top);
        if ((rc = emit(D, o, &x, ctx)) != 0)
            goto done;
        out_flush(o, 0);
        if (++top->i == top->n) {
            cursor_free(top);
            heap[0] = heap[--nh];
        }
        sift_down(heap, nh, 0);
    }
done:
    for (size_t i = 0; i < nh; i++)
        cursor_free(heap[i]);
    free(heap);
    free(order);
    return rc;
}

static int emit_line(dec *D, out *o, const rec *x, void *ctx)
{
    fmt_record(&o->b, D->nm, x, ctx);
    sb_add(&o->b, "\n", 1);
    return o->b.oom ? bad(D->path, x->off, "out of memory") : 0;
}

static int emit_chrome(dec *D, out *o, const rec *x, void *ctx)
{
    chrome_event(&o->b, D->nm, x, ctx);
    return o->b.oom ? bad(D->path, x->off, "out of memory") : 0;
}

/* Thread names as Chrome metadata: the name in each OS thread's last
 * selected record, in the order of those records. */
typedef struct last {
    uint32_t tid, thread;       /* thread: its name id */
    uint32_t pid;
    uint64_t t, off;
    int used;
} last;

static int cmp_last(const void *a, const void *b)
{
    const last *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->off < y->off ? -1 : x->off > y->off;
}

static int chrome_threads(dec *D, out *o, int *first)
{
    size_t cap = 1024, n = 0;
    last *tab = calloc(cap, sizeof *tab);
    int rc = tab ? 0 : bad(D->path, 0, "out of memory");
    for (size_t i = 0; i < D->nchunks && rc == 0; i++) {
        cursor *cur;
        if (chunk_excluded(D, &D->chunks[i]) || (rc = load_chunk(D, &D->chunks[i], &cur)) != 0 || !cur)
            continue;
        if (2 * (n + 1) > cap) {    /* open addressing by tid, kept half empty */
            last *big = calloc(cap * 2, sizeof *big);
            if (!big) {
                cursor_free(cur);
                rc = bad(D->path, 0, "out of memory");
                break;
            }
            for (size_t j = 0; j < cap; j++)
                for (size_t h = tab[j].tid * 2654435761u % (cap * 2); tab[j].used; h = (h + 1) % (cap * 2))
                    if (!big[h].used) {
                        big[h] = tab[j];
                        break;
                    }
            free(tab);
            tab = big;
            cap *= 2;
        }
        size_t h = cur->ch->tid * 2654435761u % cap;
        while (tab[h].used && tab[h].tid != cur->ch->tid)
            h = (h + 1) % cap;
        if (!tab[h].used) {
            tab[h] = (last){ .tid = cur->ch->tid, .pid = cur->ch->pid, .used = 1 };
            n++;
        }
        for (cur->i = 0; cur->i < cur->n; cur->i++) {
            rec x = cursor_rec(cur);
            if (!tab[h].off || x.t > tab[h].t || (x.t == tab[h].t && x.off > tab[h].off)) {
                tab[h].t = x.t;
                tab[h].off = x.off;
                tab[h].thread = rd32(x.r + 16);
            }
        }
        cursor_free(cur);
    }
    if (rc == 0) {
        size_t m = 0;
        for (size_t j = 0; j < cap; j++)
            if (tab[j].used)
                tab[m++] = tab[j];
        qsort(tab, m, sizeof *tab, cmp_last);
        for (size_t j = 0; j < m; j++) {
            str who = id_str(D->nm, tab[j].thread);
            sb_s(&o->b, *first ? "\n" : ",\n");
            *first = 0;
            sb_printf(&o->b, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"args\":{\"name\":",
                      chrome_pid(tab[j].pid), tab[j].tid);
            put_quoted(&o->b, &jc_trace_jsonl, &who, "\"");
            sb_s(&o->b, "}}");
            out_flush(o, 0);
        }
    }
    free(tab);
    return rc;
}

/* ---- decoding ------------------------------------------------------------------------ */

#define TIME_EXPECTED "expected a time after the first record: 250ms, 1.5s, 300us, 42ns"

/* The header: names, clock, unit.  *hlen_out: where the chunks start. */
static int read_header(dec *D, uint64_t len, uint64_t *hlen_out, const unsigned char **head, int *head_owned)
{
    const char *path = D->path;
    names *nm = D->nm;
    const unsigned char *d = len >= JC_BIN_NAMES_AT_V3 ? jt_src_get(D->src, 0, JC_BIN_NAMES_AT_V3) : NULL;
    if (!d || memcmp(d, JC_BIN_MAGIC, 8) != 0)
        return bad(path, 0, "not a jvmticheck recording (expected the magic " JC_BIN_MAGIC ")");
    uint32_t version = rd32(d + 8);
    if (version < JC_BIN_VERSION_OLDEST || version > JC_BIN_VERSION)
        return bad(path, 8, "unknown recording version (expected 3 to 5)");
    const uint32_t names_at = version >= 4 ? JC_BIN_NAMES_AT : JC_BIN_NAMES_AT_V3;
    if (len < names_at)
        return bad(path, 0, "cut short inside its header");
    uint32_t chunk = rd32(d + 12), nlen = rd32(d + 16), hlen = rd32(d + 20);
    if (chunk < JC_BIN_CHUNK_HEAD + JC_BIN_REC || chunk % 8 != 0 || chunk > (1u << 30))
        return bad(path, 12, "bad chunk size (expected a multiple of 8 from 112 to 1 GiB)");
    /* version 5: chunk is the unit, each chunk says its own length */
    D->unit = chunk;
    D->sized = version >= JC_BIN_VERSION_CHUNK_LEN;
    if (hlen < names_at || hlen % 4096 != 0 || hlen > (1u << 30))
        return bad(path, 20, "bad header size (expected a multiple of 4096)");
    if (nlen > hlen - names_at || names_at + (uint64_t)nlen > len)
        return bad(path, 16, "names run past the header or the file");
    /* the header and its names, kept: the names are looked up to the end */
    if (!(d = *head = jt_src_keep(D->src, 0, names_at + (size_t)nlen, head_owned)))
        return unreadable(D, 0);
    nm->noaddr = (rd32(d + 24) & JC_BIN_FLAG_NOADDR) != 0;
    nm->nophase = (rd32(d + 24) & JC_BIN_FLAG_NOPHASE) != 0;
    if (version >= 4 && rd32(d + JC_BIN_CLOCK_AT) == JC_BIN_CLOCK_TSC) {
        uint32_t use = rd32(d + JC_BIN_CLOCK_USE_AT);
        if (use != 1 && use != 2)
            return bad(path, JC_BIN_CLOCK_USE_AT, "bad clock slot (expected 1 or 2)");
        const unsigned char *p = d + (use == 1 ? JC_BIN_CLOCK_A_AT : JC_BIN_CLOCK_B_AT);
        uint64_t tk1 = rd64(p), ns1 = rd64(p + 8);
        nm->tk0 = rd64(d + JC_BIN_CLOCK_0_AT);
        nm->ns0 = rd64(d + JC_BIN_CLOCK_0_AT + 8);
        if (tk1 <= nm->tk0 || ns1 <= nm->ns0)
            return bad(path, JC_BIN_CLOCK_0_AT, "bad clock pairs (expected the latest after the first)");
        nm->ticks = 1;
        nm->rate = (double)(ns1 - nm->ns0) / (double)(tk1 - nm->tk0);
    }
    *hlen_out = hlen;
    return read_names(d, names_at, names_at + nlen, path, nm);
}

/* Decodes the recording src (len bytes) into o. */
static int decode(jt_src *src, uint64_t len, const char *path, enum jt_trace_fmt fmt, const jt_trace_filters *tf,
                  out *o)
{
    dec D = { .path = path, .src = src };
    if (tf) {
        D.f.thread = tf->thread;
        D.f.function = tf->function;
        D.f.check = tf->check;
        if (tf->since && jt_trace_parse_time(tf->since, &D.f.since) != 0)
            return bad(path, 0, "bad --since (" TIME_EXPECTED ")");
        if (tf->until && jt_trace_parse_time(tf->until, &D.f.until) != 0)
            return bad(path, 0, "bad --until (" TIME_EXPECTED ")");
        D.f.has_since = tf->since != NULL;
        D.f.has_until = tf->until != NULL;
    }
    if (!(D.nm = calloc(1, sizeof *D.nm)))
        return bad(path, 0, "out of memory");
    names *nm = D.nm;
    const unsigned char *head = NULL;
    int head_owned = 0;
    uint64_t hlen = 0;
    int rc = read_header(&D, len, &hlen, &head, &head_owned);
    if (rc == 0)
        rc = first_pass(&D, len, hlen);
    if (rc == 0 && nm->nstrs && !(nm->group_of_id = calloc(nm->nstrs, sizeof *nm->group_of_id)))
        rc = bad(path, 0, "out of memory");
    /* the whole file is checked: from here on output goes out */
    if (rc == 0) {
        if (fmt == JT_TRACE_CHROME) {
            int first = 1;
            sb_s(&o->b, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
            rc = chrome_threads(&D, o, &first);
            if (rc == 0)
                rc = merge(&D, o, emit_chrome, &first);
            sb_s(&o->b, "\n]}\n");
        } else {
            rc = merge(&D, o, emit_line, (void *)(fmt == JT_TRACE_JSONL ? &jc_trace_jsonl : &jc_trace_text));
        }
        sb_add(&o->b, "", 0);
        if (rc == 0 && o->b.oom)
            rc = bad(path, 0, "out of memory");
    }
    if (nm->owns_strs)
        for (size_t i = 0; i < nm->nstrs; i++)
            free((void *)nm->strs[i].p);
    if (head_owned)
        free((void *)head);
    free(D.chunks);
    free(nm->groups);
    free(nm->consts);
    free(nm->strs);
    free(nm->group_of_id);
    free(nm);
    return rc;
}

int jt_trace_decode_filtered(const unsigned char *d, size_t len, const char *path, enum jt_trace_fmt fmt,
                             const jt_trace_filters *tf, char **outp, size_t *outlen)
{
    *outp = NULL;
    *outlen = 0;
    jt_src src;
    jt_src_mem(&src, d, 0, len);
    out o = { { 0 }, NULL, 0 };
    if (decode(&src, len, path, fmt, tf, &o) != 0) {
        free(o.b.p);
        return -1;
    }
    *outp = o.b.p;
    *outlen = o.b.len;
    return 0;
}

int jt_trace_decode(const unsigned char *d, size_t len, const char *path, enum jt_trace_fmt fmt, char **out,
                    size_t *outlen)
{
    return jt_trace_decode_filtered(d, len, path, fmt, NULL, out, outlen);
}

int jt_trace_decode_fd(int fd, uint64_t len, const char *path, enum jt_trace_fmt fmt, const jt_trace_filters *tf,
                       FILE *to, int *write_failed)
{
    jt_src src;
    jt_src_fd(&src, fd, len);
    out o = { { 0 }, to, 0 };
    int rc = decode(&src, len, path, fmt, tf, &o);
    out_flush(&o, 1);
    *write_failed = o.failed;
    free(o.b.p);
    jt_src_free(&src);
    return rc;
}

#define USAGE "[--format=text|jsonl|chrome] [--thread=NAME|TID] [--function=GLOB] [--check=GLOB] " \
              "[--since=TIME] [--until=TIME] FILE"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: jvmtigen trace " USAGE "\n"
            "Prints a format=bin recording of libjvmticheck (format=bin,log=FILE or record=FILE).\n"
            "  --format=text     the shim's text lines (default)\n"
            "  --format=jsonl    the shim's JSON lines\n"
            "  --format=chrome   Chrome trace-event JSON (Perfetto, chrome://tracing)\n"
            "  --thread=NAME     only records of threads whose name matches the glob NAME,\n"
            "                    or of the OS thread id NAME\n"
            "  --function=GLOB   only records whose function or event name matches\n"
            "  --check=GLOB      only violations and notes whose check id matches, and the\n"
            "                    summaries of their contexts\n"
            "  --since=TIME      only records that start TIME or later after the first one\n"
            "  --until=TIME      only records that start TIME or earlier after the first one\n"
            "                    (TIME: a number with ns, us, ms or s; ns when bare)\n"
            "A file cut short (a crash, SIGKILL) is read up to its last whole record.\n");
}

static const char *opt_value(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : NULL;
}

int jt_trace_main(int argc, char **argv)
{
    enum jt_trace_fmt fmt = JT_TRACE_TEXT;
    jt_trace_filters tf = { 0 };
    const char *path = NULL, *v;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--format=text") == 0) {
            fmt = JT_TRACE_TEXT;
        } else if (strcmp(argv[i], "--format=jsonl") == 0) {
            fmt = JT_TRACE_JSONL;
        } else if (strcmp(argv[i], "--format=chrome") == 0) {
            fmt = JT_TRACE_CHROME;
        } else if ((v = opt_value(argv[i], "--thread"))) {
            tf.thread = v;
        } else if ((v = opt_value(argv[i], "--function"))) {
            tf.function = v;
        } else if ((v = opt_value(argv[i], "--check"))) {
            tf.check = v;
        } else if ((v = opt_value(argv[i], "--since"))) {
            tf.since = v;
        } else if ((v = opt_value(argv[i], "--until"))) {
            tf.until = v;
        } else if ((v = opt_value(argv[i], "--format"))) {
            fprintf(stderr, "jvmtigen trace: error: --format=%s: expected text, jsonl or chrome\n", v);
            return 2;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            static const char *const known[] = { "--format", "--thread", "--function", "--check",
                                                 "--since", "--until", "--help" };
            const char *near = jt_suggest(argv[i], known, sizeof known / sizeof known[0]);
            if (near && strcmp(near, argv[i]) == 0 && strcmp(near, "--help") != 0) {
                fprintf(stderr, "jvmtigen trace: error: %s needs a value (%s=...)\n", near, near);
                return 2;
            }
            fprintf(stderr, "jvmtigen trace: error: unknown option %.*s%s%s%s (expected " USAGE ")\n",
                    (int)strcspn(argv[i], "="), argv[i], near ? " (did you mean " : "", near ? near : "",
                    near ? "?)" : "");
            return 2;
        } else if (argv[i][0] == '-' || path) {
            fprintf(stderr, "jvmtigen trace: error: unexpected '%s' (expected " USAGE ")\n", argv[i]);
            return 2;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        fprintf(stderr, "jvmtigen trace: error: no FILE (expected " USAGE ")\n");
        return 2;
    }
    uint64_t ns;
    if (tf.since && jt_trace_parse_time(tf.since, &ns) != 0) {
        fprintf(stderr, "jvmtigen trace: error: bad --since=%s (" TIME_EXPECTED ")\n", tf.since);
        return 2;
    }
    if (tf.until && jt_trace_parse_time(tf.until, &ns) != 0) {
        fprintf(stderr, "jvmtigen trace: error: bad --until=%s (" TIME_EXPECTED ")\n", tf.until);
        return 2;
    }
    /* read through a window, never whole: a recording may be far larger
     * than memory; a FIFO or device is refused, a recording is a file */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    const char *refusal = NULL;
    if (fd < 0)
        refusal = strerror(errno);
    else if (fstat(fd, &st) != 0)
        refusal = strerror(errno);
    else if (!S_ISREG(st.st_mode))
        refusal = "is not a regular file";
    else if (st.st_size == 0)
        refusal = "is empty";
    if (refusal) {
        jt_diag(JT_DIAG_ERROR, path, 0, "%s (expected a jvmticheck recording (format=bin))", refusal);
        if (fd >= 0)
            close(fd);
        return 1;
    }
    static char obuf[1u << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    int write_failed = 0;
    int rc = jt_trace_decode_fd(fd, (uint64_t)st.st_size, path, fmt, &tf, stdout, &write_failed);
    close(fd);
    if (fflush(stdout) != 0 || ferror(stdout))
        write_failed = 1;
    if (write_failed) {
        fprintf(stderr, "jvmtigen trace: error: cannot write standard output\n");
        return 1;
    }
    if (rc != 0)
        return 1;
    return 0;
}
