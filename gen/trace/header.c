/* header.c — the recording's header: its magic and version, the chunk
 * size (the unit), the clock of version 4 and on, and the names the shim
 * wrote from the model (functions, errors, events, constant groups and
 * their constants), which every record is printed with.  The header is
 * checked whole before any chunk is read, each field against the file
 * and its stated sizes, since the file is outside input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- reading ---------------------------------------------------------------------------- */

/* The string interned as id, or "?" (the id 0, or one the file never
 * defined). */
str tr_id_str(const names *nm, uint32_t id)
{
    static const unsigned char unknown[] = "?";
    if (id && id < nm->nstrs && nm->strs[id].p)
        return nm->strs[id];
    return (str){ unknown, 1 };
}

static int read_names(const unsigned char *d, size_t at, size_t end, const char *path, names *nm)
{
    size_t gcap = 0, ccap = 0;
    while (at < end) {
        if (end - at < JC_BIN_NAME_HEAD || end - at - JC_BIN_NAME_HEAD < d[at + 1])
            return tr_bad(path, at, "name entry cut short");
        unsigned kind = d[at], n = d[at + 1], num = rd16(d + at + 2);
        long long value = (long long)rd64(d + at + 4);
        const unsigned char *s = d + at + JC_BIN_NAME_HEAD;
        for (unsigned i = 0; i < n; i++)
            if (s[i] < 0x21 || s[i] > 0x7e || s[i] == '"' || s[i] == '\\')
                return tr_bad(path, at + JC_BIN_NAME_HEAD + i, "bad byte in a name (expected printable ASCII)");
        str v = { s, n };
        switch (kind) {
        case JC_BIN_NAME_FN: nm->fn[num] = v; break;
        case JC_BIN_NAME_ERROR: nm->er[num] = v; break;
        case JC_BIN_NAME_EVENT: nm->ev[num] = v; break;
        case JC_BIN_NAME_GROUP:
            if (num != nm->ngroups || value < 0 || value > 2)
                return tr_bad(path, at, "bad constant group (expected the next index and a kind 0 to 2)");
            if (nm->ngroups == gcap) {
                cgroup *g = realloc(nm->groups, (gcap = gcap ? gcap * 2 : 64) * sizeof *g);
                if (!g)
                    return tr_bad(path, at, "out of memory");
                nm->groups = g;
            }
            nm->groups[nm->ngroups++] = (cgroup){ s, n, (unsigned)value, nm->nconsts, 0 };
            break;
        case JC_BIN_NAME_CONST:
            if (!nm->ngroups || num != nm->ngroups - 1)
                return tr_bad(path, at, "constant outside its group (expected the last group's index)");
            if (nm->nconsts == ccap) {
                cconst *c = realloc(nm->consts, (ccap = ccap ? ccap * 2 : 256) * sizeof *c);
                if (!c)
                    return tr_bad(path, at, "out of memory");
                nm->consts = c;
            }
            nm->consts[nm->nconsts++] = (cconst){ s, n, value };
            nm->groups[nm->ngroups - 1].count++;
            break;
        default:
            return tr_bad(path, at, "unknown name kind (expected 1 to 5)");
        }
        at += JC_BIN_NAME_HEAD + n;
    }
    return 0;
}

/* The header: names, clock, unit.  *hlen_out: where the chunks start. */
int tr_read_header(dec *D, uint64_t len, uint64_t *hlen_out, const unsigned char **head, int *head_owned)
{
    const char *path = D->path;
    names *nm = D->nm;
    const unsigned char *d = len >= JC_BIN_NAMES_AT_V3 ? jt_src_get(D->src, 0, JC_BIN_NAMES_AT_V3) : NULL;
    if (!d || memcmp(d, JC_BIN_MAGIC, 8) != 0)
        return tr_bad(path, 0, "not a jvmticheck recording (expected the magic " JC_BIN_MAGIC ")");
    uint32_t version = rd32(d + 8);
    if (version < JC_BIN_VERSION_OLDEST || version > JC_BIN_VERSION)
        return tr_bad(path, 8, "unknown recording version (expected 3 to 5)");
    const uint32_t names_at = version >= 4 ? JC_BIN_NAMES_AT : JC_BIN_NAMES_AT_V3;
    if (len < names_at)
        return tr_bad(path, 0, "cut short inside its header");
    uint32_t chunk = rd32(d + 12), nlen = rd32(d + 16), hlen = rd32(d + 20);
    if (chunk < JC_BIN_CHUNK_HEAD + JC_BIN_REC || chunk % 8 != 0 || chunk > (1u << 30))
        return tr_bad(path, 12, "bad chunk size (expected a multiple of 8 from 112 to 1 GiB)");
    /* version 5: chunk is the unit, each chunk says its own length */
    D->unit = chunk;
    D->sized = version >= JC_BIN_VERSION_CHUNK_LEN;
    if (hlen < names_at || hlen % 4096 != 0 || hlen > (1u << 30))
        return tr_bad(path, 20, "bad header size (expected a multiple of 4096)");
    if (nlen > hlen - names_at || names_at + (uint64_t)nlen > len)
        return tr_bad(path, 16, "names run past the header or the file");
    /* the header and its names, kept: the names are looked up to the end */
    if (!(d = *head = jt_src_keep(D->src, 0, names_at + (size_t)nlen, head_owned)))
        return tr_unreadable(D, 0);
    nm->noaddr = (rd32(d + 24) & JC_BIN_FLAG_NOADDR) != 0;
    nm->nophase = (rd32(d + 24) & JC_BIN_FLAG_NOPHASE) != 0;
    if (version >= 4 && rd32(d + JC_BIN_CLOCK_AT) == JC_BIN_CLOCK_TSC) {
        uint32_t use = rd32(d + JC_BIN_CLOCK_USE_AT);
        if (use != 1 && use != 2)
            return tr_bad(path, JC_BIN_CLOCK_USE_AT, "bad clock slot (expected 1 or 2)");
        const unsigned char *p = d + (use == 1 ? JC_BIN_CLOCK_A_AT : JC_BIN_CLOCK_B_AT);
        uint64_t tk1 = rd64(p), ns1 = rd64(p + 8);
        nm->tk0 = rd64(d + JC_BIN_CLOCK_0_AT);
        nm->ns0 = rd64(d + JC_BIN_CLOCK_0_AT + 8);
        if (tk1 <= nm->tk0 || ns1 <= nm->ns0)
            return tr_bad(path, JC_BIN_CLOCK_0_AT, "bad clock pairs (expected the latest after the first)");
        nm->ticks = 1;
        nm->rate = (double)(ns1 - nm->ns0) / (double)(tk1 - nm->tk0);
    }
    *hlen_out = hlen;
    return read_names(d, names_at, names_at + nlen, path, nm);
}
