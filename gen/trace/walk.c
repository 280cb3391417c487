/* walk.c — the chunks of a recording and the records in each: the walk
 * both passes share (the first checks every record and keeps the interned
 * strings and what the second needs of each chunk; the second collects a
 * loaded chunk's selected records), and the first pass over the file.
 * One walk for both, so a file that changed between them is refused as
 * the first pass would have refused it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- the walk: chunks, then records ------------------------------------------------- */

/* The items of the record at r (len bytes, at file offset off) are whole
 * and known; *fields: one of them is a string field (a "check" maybe). */
static int check_items(const unsigned char *r, size_t len, uint64_t off, const char *path, int *fields)
{
    for (size_t at = JC_BIN_REC; at < len;) {
        if (len - at < JC_BIN_ITEM)
            return tr_bad(path, off + at, "item cut short (expected 16 bytes)");
        unsigned type = r[at] & ~JC_BIN_I_OUTFLAG;
        if (type < JC_BIN_I_INT || type > JC_BIN_I_MAX)
            return tr_bad(path, off + at, "unknown item type (expected 1 to 17, maybe with bit 7)");
        size_t n = tr_item_len(r + at);
        if (n > len - at)
            return tr_bad(path, off + at, "item runs past its record");
        *fields |= type == JC_BIN_I_FIELD_STR;
        at += n;
    }
    return 0;
}

/* A record's start and duration in ns. */
static int rec_times(dec *D, const unsigned char *r, uint64_t at, uint64_t *tp, uint64_t *dp)
{
    const names *nm = D->nm;
    uint64_t t = rd64(r + 32), dur = rd64(r + 40);
    if (rd32(r + 28) & JC_BIN_RF_TICKS) {
        if (!nm->ticks)
            return tr_bad(D->path, at + 28, "a record timed in ticks, and no clock in the header");
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
        return tr_bad(D->path, at + 20, "bad string record (expected an id below 2^20 and its bytes inside)");
    if (id >= nm->nstrs) {
        size_t ncap = nm->nstrs ? nm->nstrs : 1024;
        while (ncap <= id)
            ncap *= 2;
        str *s = realloc(nm->strs, ncap * sizeof *s);
        if (!s)
            return tr_bad(D->path, at, "out of memory");
        memset(s + nm->nstrs, 0, (ncap - nm->nstrs) * sizeof *s);
        nm->strs = s;
        nm->nstrs = ncap;
    }
    if (nm->strs[id].p)
        return tr_bad(D->path, at + 20, "string id defined twice (expected one definition per file)");
    int owned;
    const unsigned char *p = jt_src_keep(D->src, at + JC_BIN_REC, (size_t)n, &owned);
    if (!p)
        return tr_unreadable(D, at + JC_BIN_REC);
    nm->owns_strs |= owned;
    nm->strs[id] = (str){ p, (size_t)n };
    return 0;
}

/* Walks the records of the chunk at c (clen bytes long, avail of them in
 * the source src).  First pass (cur NULL): checks them, keeps the strings
 * and fills *ci.  Second (cur): collects the records the filters select
 * into cur.  The source of the second pass holds the chunk's bytes as the
 * first found them; both passes check alike, so a file that changed
 * between them is refused as the first would have. */
int tr_walk_chunk(dec *D, jt_src *src, uint64_t c, uint32_t clen, uint64_t avail, uint32_t tid, chunk *ci,
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
            rc = tr_unreadable(D, at);
            break;
        }
        uint32_t state = rd32(r), rlen = rd32(r + 4);
        if (state == 0)
            break;
        if (state > JC_BIN_SKIP) {
            rc = tr_bad(D->path, at, "bad record state (expected 1 entered, 2 complete or 3 skip)");
            break;
        }
        if (rlen < JC_BIN_REC || rlen % 8 != 0 || rlen > clen - JC_BIN_CHUNK_HEAD) {
            rc = tr_bad(D->path, at + 4, "bad record length (expected a multiple of 8, 48 or more, within a chunk)");
            break;
        }
        if (rlen > end - at) {
            if (avail < clen)
                break;          /* the file ends inside it: cut short */
            rc = tr_bad(D->path, at + 4, "record runs past its chunk");
            break;
        }
        unsigned kind = r[10];
        if (kind < JC_BIN_K_CALL || kind > JC_BIN_K_PACKET) {
            rc = tr_bad(D->path, at + 10, "unknown record kind (expected 1 to 10)");
            break;
        }
        if (state == JC_BIN_SKIP || (kind == JC_BIN_K_STRING && cur)) {
            at += rlen;
            continue;
        }
        if ((kind == JC_BIN_K_STRING || state == JC_BIN_COMPLETE) && !(r = jt_src_get(src, at, rlen))) {
            rc = tr_unreadable(D, at);
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
            if (tr_selected(D->nm, &x, &D->f, D->t_first)) {
                if (cur->n == cap) {
                    ent *more = realloc(cur->e, (cap = cap ? cap * 2 : 256) * sizeof *more);
                    if (!more) {
                        rc = tr_bad(D->path, at, "out of memory");
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
int tr_first_pass(dec *D, uint64_t len, uint64_t hlen)
{
    jt_src *src = D->src;
    uint64_t clen;
    for (uint64_t c = hlen; c < len; c += clen) {
        clen = D->unit;         /* a chunk never taken: one unit at a time */
        if (len - c < JC_BIN_CHUNK_HEAD)
            break;              /* cut short before its header: nothing */
        const unsigned char *h = jt_src_get(src, c, JC_BIN_CHUNK_HEAD);
        if (!h)
            return tr_unreadable(D, c);
        if (memcmp(h, JC_BIN_CHUNK_MAGIC, 8) != 0) {
            static const unsigned char zeros[8];
            if (memcmp(h, zeros, 8) != 0)
                return tr_bad(D->path, c, "not a chunk (expected the magic " JC_BIN_CHUNK_MAGIC " or zeros)");
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
                return tr_bad(D->path, c + JC_BIN_CHUNK_LEN_AT,
                           "bad chunk length (expected a multiple of the header's unit, up to 1 GiB)");
        }
        uint64_t avail = len - c < clen ? len - c : clen;
        chunk ci = { .off = c, .clen = (uint32_t)clen, .tid = rd32(h + 8), .pid = rd32(h + JC_BIN_CHUNK_PID_AT),
                     .tmin = UINT64_MAX };
        int rc = tr_walk_chunk(D, src, c, (uint32_t)clen, avail, ci.tid, &ci, NULL);
        if (rc != 0)
            return rc;
        if (ci.tmin == UINT64_MAX)
            continue;           /* strings only, or nothing */
        if (D->nchunks == D->cap) {
            chunk *more = realloc(D->chunks, (D->cap = D->cap ? D->cap * 2 : 256) * sizeof *more);
            if (!more)
                return tr_bad(D->path, c, "out of memory");
            D->chunks = more;
        }
        D->chunks[D->nchunks++] = ci;
    }
    return 0;
}
