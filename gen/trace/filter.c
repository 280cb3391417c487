/* filter.c — which records `jvmtigen trace` prints (--thread, --function,
 * --check, --since, --until), record by record, and which chunks cannot
 * hold a selected record at all, judged from what the first pass kept of
 * them, so that the merge never loads those; and the times the filters
 * take. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* fnmatch under -std=c11 */
#endif
#include <fnmatch.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- filters ------------------------------------------------------------------------- */

static int glob_str(const char *pat, str s)
{
    char buf[512];
    size_t n = s.n < sizeof buf - 1 ? s.n : sizeof buf - 1;
    memcpy(buf, s.p, n);
    buf[n] = '\0';
    return fnmatch(pat, buf, 0) == 0;
}

int tr_selected(names *nm, const rec *x, const filters *f, uint64_t t_first)
{
    const unsigned char *r = x->r;
    if (f->thread) {
        char tid[16];
        snprintf(tid, sizeof tid, "%u", x->tid);
        const unsigned char *vt = rd32(r) == JC_BIN_COMPLETE && rd32(r + 4) >= JC_BIN_REC + JC_BIN_ITEM
                                          && r[JC_BIN_REC] == JC_BIN_I_VTHREAD
                                      ? r + JC_BIN_REC : NULL;
        str who = tr_id_str(nm, vt ? rd32(vt + 4) : rd32(r + 16));
        if (strcmp(f->thread, tid) != 0 && !glob_str(f->thread, who))
            return 0;
    }
    if (f->function) {
        unsigned num = rd16(r + 8);
        str name = num && nm->fn[num].p ? nm->fn[num] : tr_id_str(nm, rd32(r + 20));
        if (!glob_str(f->function, name))
            return 0;
    }
    if (f->check && !(rd32(r + 24) && glob_str(f->check, tr_id_str(nm, rd32(r + 24))))) {
        /* a context's summary names its check in a "check" field */
        int hit = 0;
        for (size_t at = JC_BIN_REC; rd32(r) == JC_BIN_COMPLETE && at < rd32(r + 4) && !hit; at += tr_item_len(r + at)) {
            str v;
            hit = (r[at] & ~JC_BIN_I_OUTFLAG) == JC_BIN_I_FIELD_STR && str_eq(tr_id_str(nm, rd32(r + at + 4)), "check")
                  && tr_item_str(nm, r + at, &v) && glob_str(f->check, v);
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

/* The chunk cannot hold a record the filters select. */
int tr_chunk_excluded(dec *D, const chunk *ch)
{
    const filters *f = &D->f;
    if (f->has_since && ch->tmax - D->t_first < f->since)
        return 1;
    if (f->has_until && ch->tmin - D->t_first > f->until)
        return 1;
    if (f->thread && !(ch->flags & CH_MIXED)) {
        char tid[16];
        snprintf(tid, sizeof tid, "%u", ch->tid);
        if (strcmp(f->thread, tid) != 0 && !glob_str(f->thread, tr_id_str(D->nm, ch->thread)))
            return 1;
    }
    if (f->check && !(ch->flags & CH_CHECKS))
        return 1;
    return 0;
}
