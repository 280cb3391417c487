/* format.c — one record as the shim itself would have written it, in
 * text or jsonl: the record's items are the calls the shim made to its
 * trace API (jc_rec_*), kept raw, and tr_fmt_record replays them with the
 * punctuation, kind words, escaping and bare-word rule the shim uses
 * (shared code: gen/runtime/common/jc_trace_syntax.[ch], jc_sink.c's JSON
 * escaping, gen/runtime/jvmti/jc_trace_phases.[ch]) and the names of
 * constants from the file's header, so the two agree byte for byte
 * (tests/e2e/trace-bin.sh compares them record by record). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/common/jc_sink.h"
#include "../runtime/common/jc_trace_syntax.h"
#include "../runtime/jvmti/jc_trace_phases.h"
#include "internal.h"

/* ---- formatting, as gen/runtime/common/jc_trace.c does it -------------------------------------- */

/* The punctuation, kind words and the bare-word rule are the shim's own
 * (gen/runtime/common/jc_trace_syntax.h), and so are JVMTI's phase words
 * (gen/runtime/jvmti/jc_trace_phases.h). */

static void put_u64(sbuf *b, unsigned long long v) { tr_sb_printf(b, "%llu", v); }
static void put_i64(sbuf *b, long long v) { tr_sb_printf(b, "%lld", v); }

/* The inside of a JSON string, as the shim writes it: its own escaping
 * (gen/runtime/common/jc_sink.c), given a NUL-terminated copy cut as the shim
 * cuts (a string ends at a NUL; past STR_MAX bytes, "..."). */
static void sbuf_put(void *ctx, const char *p, size_t n) { tr_sb_add(ctx, p, n); }

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

void tr_put_quoted(sbuf *b, const jc_trace_syntax *sx, const str *s, const char *quote)
{
    if (!s) {
        tr_sb_s(b, sx->null);
        return;
    }
    tr_sb_s(b, quote);
    put_escaped(b, *s);
    tr_sb_s(b, quote);
}

static void put_word(sbuf *b, const jc_trace_syntax *sx, const str *s)
{
    if (s && sx == &jc_trace_text && jc_trace_bare((const char *)s->p, s->n))
        tr_sb_add(b, (const char *)s->p, s->n);
    else
        tr_put_quoted(b, sx, s, "\"");
}

static void put_key(sbuf *b, const jc_trace_syntax *sx, str key)
{
    tr_sb_s(b, sx->key_open);
    if (sx == &jc_trace_text)
        tr_sb_add(b, (const char *)key.p, key.n);
    else
        put_escaped(b, key);
    tr_sb_s(b, sx->key_close);
}

static void put_double(sbuf *b, const jc_trace_syntax *sx, double v)
{
    if (!isfinite(v)) {
        tr_sb_s(b, sx->sym_quote);
        tr_sb_s(b, isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
        tr_sb_s(b, sx->sym_quote);
        return;
    }
    char d[64];
    jc_format_double(d, v);
    tr_sb_s(b, d);
}

/* The constant group a string id names, or NULL. */
static const cgroup *group_of(names *nm, uint32_t id)
{
    if (!id || id >= nm->nstrs)
        return NULL;
    if (nm->group_of_id[id] == 0) {
        str s = tr_id_str(nm, id);
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
    str g = tr_id_str(nm, gid);
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
    tr_sb_s(b, sx->sym_quote);
    if (value_name(nm, gid, v, &n))
        tr_sb_add(b, (const char *)n.p, n.n);
    else
        put_i64(b, v);
    tr_sb_s(b, sx->sym_quote);
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
    tr_sb_s(b, sx->sym_quote);
    str n;
    if (grp->kind != 1) {
        if (value_name(nm, gid, v, &n))
            tr_sb_add(b, (const char *)n.p, n.n);
        else
            put_i64(b, v);
    } else if (v == 0) {
        if (value_name(nm, gid, v, &n))
            tr_sb_add(b, (const char *)n.p, n.n);
        else
            tr_sb_s(b, "0");
    } else {
        unsigned long long bits = (unsigned long long)v, rest = bits;
        int any = 0;
        for (size_t k = 0; k < grp->count; k++) {
            unsigned long long c = (unsigned long long)nm->consts[grp->first + k].value;
            if (c != 0 && (c & ~bits) == 0 && (c & rest) != 0) {
                if (any)
                    tr_sb_s(b, "|");
                tr_sb_add(b, (const char *)nm->consts[grp->first + k].name, nm->consts[grp->first + k].len);
                any = 1;
                rest &= ~c;
            }
        }
        if (rest)
            tr_sb_printf(b, "%s%llx", any ? "|0x" : "0x", rest);
    }
    tr_sb_s(b, sx->sym_quote);
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
    tr_put_quoted(b, sx, &s, sx->char_quote);
}

enum group { GRP_NONE, GRP_ARGS, GRP_OUT };

/* One record as the shim would have written it (no newline). */
void tr_fmt_record(sbuf *out, names *nm, const rec *x, const jc_trace_syntax *sx)
{
    const unsigned char *r = x->r;
    uint32_t state = rd32(r), len = rd32(r + 4);
    unsigned num = rd16(r + 8), kind = r[10], phase = r[11];
    int32_t err = (int32_t)rd32(r + 12);
    uint32_t flags = rd32(r + 28);
    uint64_t t = x->t, dur = x->dur;
    str name = num ? (nm->fn[num].p ? nm->fn[num] : (str){ (const unsigned char *)"?", 1 }) : tr_id_str(nm, rd32(r + 20));
    str thread = tr_id_str(nm, rd32(r + 16));
    str label_s = tr_id_str(nm, rd32(r + 24));
    int text = sx == &jc_trace_text;

    /* a virtual thread's item comes first (jc_trace.c's put_header) */
    const unsigned char *vt = NULL;
    if (state == JC_BIN_COMPLETE && len >= JC_BIN_REC + JC_BIN_ITEM && r[JC_BIN_REC] == JC_BIN_I_VTHREAD)
        vt = r + JC_BIN_REC;
    str who = vt ? tr_id_str(nm, rd32(vt + 4)) : thread;

    if (state == JC_BIN_ENTERED) {
        if (text) {
            tr_sb_printf(out, "[t=%llu thread=", (unsigned long long)t);
            put_word(out, sx, &who);
            tr_sb_printf(out, " tid=%u", x->tid);
            if (!nm->nophase)
                tr_sb_printf(out, " phase=%s", jc_trace_phase_word(phase));
            tr_sb_s(out, "] enter ");
            put_word(out, sx, &name);
        } else {
            tr_sb_s(out, "{\"kind\":\"enter\",\"name\":");
            tr_put_quoted(out, sx, &name, "\"");
            tr_sb_s(out, ",\"thread\":");
            tr_put_quoted(out, sx, &who, "\"");
            tr_sb_printf(out, ",\"tid\":%u", x->tid);
            if (!nm->nophase)
                tr_sb_printf(out, ",\"phase\":\"%s\"", jc_trace_phase_word(phase));
            tr_sb_printf(out, ",\"t_ns\":%llu}", (unsigned long long)t);
        }
        return;
    }
    sbuf tail = { 0 };
    if (text) {
        tr_sb_printf(out, "[t=%llu thread=", (unsigned long long)t);
        put_word(out, sx, &who);
        if (vt)
            tr_sb_printf(out, " vthread=%lld", (long long)rd64(vt + 8));
        tr_sb_printf(out, " tid=%u", x->tid);
        if (!nm->nophase)
            tr_sb_printf(out, " phase=%s", jc_trace_phase_word(phase));
        tr_sb_printf(out, "] %s", jc_trace_kind_word(sx, kind));
        if (rd32(r + 24)) {
            tr_sb_s(out, " [");
            tr_sb_add(out, (const char *)label_s.p, label_s.n);
            tr_sb_s(out, "]");
        }
        tr_sb_s(out, " ");
        put_word(out, sx, &name);
    } else {
        tr_sb_printf(out, "{\"kind\":\"%s\",\"name\":", jc_trace_kind_word(sx, kind));
        tr_put_quoted(out, sx, &name, "\"");
        tr_sb_s(out, ",\"thread\":");
        tr_put_quoted(out, sx, &who, "\"");
        if (vt) {
            tr_sb_printf(out, ",\"virtual\":true,\"thread_id\":%lld,\"carrier\":", (long long)rd64(vt + 8));
            str carrier = tr_id_str(nm, rd32(vt + JC_BIN_ITEM));
            tr_put_quoted(out, sx, &carrier, "\"");
        }
        tr_sb_printf(out, ",\"tid\":%u", x->tid);
        if (!nm->nophase)
            tr_sb_printf(out, ",\"phase\":\"%s\"", jc_trace_phase_word(phase));
        if (rd32(r + 24)) {
            tr_sb_s(&tail, sx->field_sep);
            put_key(&tail, sx, (str){ (const unsigned char *)"check", 5 });
            put_word(&tail, sx, &label_s);
        }
    }
    enum group grp = GRP_NONE;
    int first = 1;
    for (size_t at = JC_BIN_REC; at < len; at += tr_item_len(r + at)) {
        const unsigned char *it = r + at;
        unsigned type = it[0] & ~JC_BIN_I_OUTFLAG;
        str key = tr_id_str(nm, rd32(it + 4));
        uint64_t v = rd64(it + 8);
        uint32_t group = (uint32_t)(v >> 32);
        str s;
        if (type == JC_BIN_I_VTHREAD)
            continue;
        if (((it[0] & JC_BIN_I_OUTFLAG) || type == JC_BIN_I_OUT) && grp != GRP_OUT) {
            tr_sb_s(out, grp == GRP_NONE ? sx->args_empty : sx->group_close);
            tr_sb_s(out, sx->out_open);
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
            tr_sb_s(&tail, sx->field_sep);
            put_key(&tail, sx, key);
            if (type == JC_BIN_I_FIELD_INT)
                put_i64(&tail, (long long)v);
            else
                put_word(&tail, sx, tr_item_str(nm, it, &s) ? &s : NULL);
            continue;
        }
        if (grp == GRP_NONE) {
            tr_sb_s(out, sx->args_open);
            grp = GRP_ARGS;
        } else if (!first) {
            tr_sb_s(out, sx->sep);
        }
        first = 0;
        put_key(out, sx, key);
        switch (type) {
        case JC_BIN_I_INT: put_i64(out, (long long)v); break;
        case JC_BIN_I_UINT: put_u64(out, (unsigned long long)v); break;
        case JC_BIN_I_BOOL: tr_sb_s(out, v ? "true" : "false"); break;
        case JC_BIN_I_DOUBLE: {
            double d;
            memcpy(&d, &v, sizeof d);
            put_double(out, sx, d);
            break;
        }
        case JC_BIN_I_CHAR: put_char(out, sx, (long long)v); break;
        case JC_BIN_I_STR:
        case JC_BIN_I_STR_INLINE:
            tr_put_quoted(out, sx, tr_item_str(nm, it, &s) ? &s : NULL, "\"");
            break;
        case JC_BIN_I_PTR:
            if (!v)
                tr_sb_s(out, sx->null);
            else if (nm->noaddr)
                tr_sb_printf(out, "%s0xPTR%s", sx->sym_quote, sx->sym_quote);
            else
                tr_sb_printf(out, "%s0x%llx%s", sx->sym_quote, (unsigned long long)v, sx->sym_quote);
            break;
        case JC_BIN_I_ENUM: put_value_name(out, sx, nm, group, (long long)v); break;
        case JC_BIN_I_BITS: put_bits(out, sx, nm, group, (long long)v); break;
        default: break;
        }
    }
    int has_args = kind == JC_BIN_K_CALL || kind == JC_BIN_K_EVENT;
    if (grp != GRP_NONE)
        tr_sb_s(out, sx->group_close);
    else if (has_args)
        tr_sb_s(out, sx->args_empty);
    if (flags & JC_BIN_RF_ERROR) {
        tr_sb_s(out, text ? " = " : ",\"error\":");
        str e;
        tr_sb_s(out, sx->sym_quote);
        if (err >= 0 && err < 65536 && nm->er[err].p && (e = nm->er[err], 1))
            tr_sb_add(out, (const char *)e.p, e.n);
        else
            put_i64(out, err);
        tr_sb_s(out, sx->sym_quote);
    }
    if (text && has_args)
        tr_sb_printf(out, " dur=%lluns", (unsigned long long)dur);
    if (tail.len)
        tr_sb_add(out, tail.p, tail.len);
    if (tail.oom)
        out->oom = 1;
    free(tail.p);
    if (!text)
        tr_sb_printf(out, ",\"t_ns\":%llu,\"dur_ns\":%llu}", (unsigned long long)t, (unsigned long long)dur);
}

int tr_emit_line(dec *D, out *o, const rec *x, void *ctx)
{
    tr_fmt_record(&o->b, D->nm, x, ctx);
    tr_sb_add(&o->b, "\n", 1);
    return o->b.oom ? tr_bad(D->path, x->off, "out of memory") : 0;
}

