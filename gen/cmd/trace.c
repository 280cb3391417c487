/* trace.c — `jvmtigen trace [--format=text|jsonl] FILE`: the viewer of the
 * shim's format=bin recordings (layout: gen/runtime/jc_bintrace.h).
 *
 * Design:
 * - The file is outside input (a crash may have cut it, anyone may hand us
 *   any bytes): every offset and count is checked against the file's size
 *   before it is read; a bad file gives one "FILE:OFFSET: error: what
 *   (expected)" line and no output at all, so output is built in memory
 *   and written only when the whole file decoded.  tests/fuzz/fuzz_trace.c
 *   fuzzes jt_trace_decode.
 * - Chunks that were never used (all zero, the rest of a file grown ahead)
 *   are skipped; inside a chunk, the first record whose state is 0 ends it.
 * - Records of all threads are sorted by start time (stable), as the shim's
 *   text would have them if it wrote unbatched.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/jc_bintrace.h"
#include "../util/readfile.h"
#include "trace.h"

typedef struct rec {
    uint64_t t, dur;
    uint32_t tid, state;
    int32_t err;
    unsigned num;
    const unsigned char *tname;     /* 32 bytes, maybe unterminated */
    size_t seq;
} rec;

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

/* A name from the file as a JSON string body: printable ASCII kept,
 * anything else \u-escaped or '?'. */
static void sb_json_str(sbuf *b, const unsigned char *s, size_t n)
{
    sb_add(b, "\"", 1);
    for (size_t i = 0; i < n && s[i]; i++) {
        unsigned c = s[i];
        if (c == '"' || c == '\\') {
            char e[2] = { '\\', (char)c };
            sb_add(b, e, 2);
        } else if (c < 0x20) {
            sb_printf(b, "\\u%04x", c);
        } else {
            char ch = c < 0x80 ? (char)c : '?';
            sb_add(b, &ch, 1);
        }
    }
    sb_add(b, "\"", 1);
}

static int bare(const unsigned char *s, size_t n)
{
    if (n == 0 || !s[0])
        return 0;
    for (size_t i = 0; i < n && s[i]; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9')
              || strchr("_-.:/@+|", s[i])))
            return 0;
    return 1;
}

static uint32_t rd32(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint64_t rd64(const unsigned char *p) { return rd32(p) | (uint64_t)rd32(p + 4) << 32; }

typedef struct names {
    const unsigned char *fn[65536];
    unsigned char fnlen[65536];
    const unsigned char *er[65536];
    unsigned char erlen[65536];
} names;

static int bad(const char *path, size_t off, const char *what)
{
    fprintf(stderr, "%s:%zu: error: %s\n", path, off, what);
    return -1;
}

static int cmp_rec(const void *a, const void *b)
{
    const rec *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void put_name(sbuf *b, const unsigned char *n, unsigned len, const char *prefix, long v)
{
    if (n)
        sb_add(b, (const char *)n, len);
    else
        sb_printf(b, "%s%ld", prefix, v);
}

static void put_record(sbuf *b, const rec *r, const names *nm, enum jt_trace_fmt fmt)
{
    const unsigned char *fname = nm->fn[r->num];
    unsigned flen = nm->fnlen[r->num];
    const unsigned char *ename = r->err >= 0 && r->err < 65536 ? nm->er[r->err] : NULL;
    unsigned elen = ename ? nm->erlen[r->err] : 0;
    int entered = r->state == JC_BIN_ENTERED;
    if (fmt == JT_TRACE_JSONL) {
        sb_printf(b, "{\"kind\":\"%s\",\"name\":\"", entered ? "enter" : "call");
        put_name(b, fname, flen, "#", (long)r->num);
        sb_add(b, "\",\"thread\":", 11);
        sb_json_str(b, r->tname, 32);
        sb_printf(b, ",\"tid\":%u", r->tid);
        if (!entered) {
            sb_add(b, ",\"error\":\"", 10);
            put_name(b, ename, elen, "", (long)r->err);
            sb_printf(b, "\",\"t_ns\":%llu,\"dur_ns\":%llu}\n", (unsigned long long)r->t, (unsigned long long)r->dur);
        } else {
            sb_printf(b, ",\"t_ns\":%llu}\n", (unsigned long long)r->t);
        }
        return;
    }
    sb_printf(b, "[t=%llu thread=", (unsigned long long)r->t);
    if (bare(r->tname, 32)) {
        size_t n = strnlen((const char *)r->tname, 32);
        sb_add(b, (const char *)r->tname, n);
    } else {
        sb_json_str(b, r->tname, 32);
    }
    sb_printf(b, " tid=%u] %s ", r->tid, entered ? "enter" : "call");
    put_name(b, fname, flen, "#", (long)r->num);
    if (!entered) {
        sb_add(b, "() = ", 5);
        put_name(b, ename, elen, "", (long)r->err);
        sb_printf(b, " dur=%lluns", (unsigned long long)r->dur);
    }
    sb_add(b, "\n", 1);
}

int jt_trace_decode(const unsigned char *d, size_t len, const char *path, enum jt_trace_fmt fmt, char **out,
                    size_t *outlen)
{
    *out = NULL;
    *outlen = 0;
    if (len < JC_BIN_NAMES_AT || memcmp(d, JC_BIN_MAGIC, 8) != 0)
        return bad(path, 0, "not a jvmticheck recording (expected the magic " JC_BIN_MAGIC ")");
    if (rd32(d + 8) != JC_BIN_VERSION)
        return bad(path, 8, "unknown recording version (expected 1)");
    uint32_t chunk = rd32(d + 12), nlen = rd32(d + 16);
    if (chunk < JC_BIN_CHUNK_HEAD + JC_BIN_REC || chunk % JC_BIN_REC != 0 || chunk > (1u << 30))
        return bad(path, 12, "bad chunk size (expected a multiple of 32 from 96 to 1 GiB)");
    if (nlen > JC_BIN_HEADER - JC_BIN_NAMES_AT || JC_BIN_NAMES_AT + (size_t)nlen > len)
        return bad(path, 16, "names run past the header or the file");
    names *nm = calloc(1, sizeof *nm);
    if (!nm)
        return bad(path, 0, "out of memory");
    for (size_t at = JC_BIN_NAMES_AT, end = JC_BIN_NAMES_AT + nlen; at < end;) {
        if (end - at < 4 || end - at - 4 < d[at + 3]) {
            free(nm);
            return bad(path, at, "name entry cut short");
        }
        unsigned kind = d[at], num = d[at + 1] | (unsigned)d[at + 2] << 8, n = d[at + 3];
        if (kind != JC_BIN_NAME_FN && kind != JC_BIN_NAME_ERROR) {
            free(nm);
            return bad(path, at, "unknown name kind (expected 1, function, or 2, error)");
        }
        for (unsigned i = 0; i < n; i++)
            if (d[at + 4 + i] < 0x21 || d[at + 4 + i] > 0x7e || d[at + 4 + i] == '"' || d[at + 4 + i] == '\\') {
                free(nm);
                return bad(path, at + 4 + i, "bad byte in a name (expected printable ASCII)");
            }
        if (kind == JC_BIN_NAME_FN) {
            nm->fn[num] = d + at + 4;
            nm->fnlen[num] = (unsigned char)n;
        } else {
            nm->er[num] = d + at + 4;
            nm->erlen[num] = (unsigned char)n;
        }
        at += 4 + n;
    }
    rec *recs = NULL;
    size_t nrec = 0, cap = 0;
    int rc = 0;
    for (size_t c = JC_BIN_HEADER; c < len && rc == 0; c += chunk) {
        size_t avail = len - c < chunk ? len - c : chunk;
        if (avail < JC_BIN_CHUNK_HEAD)
            break;                  /* cut short before its header: nothing */
        if (memcmp(d + c, JC_BIN_CHUNK_MAGIC, 8) != 0) {
            int zero = 1;
            for (size_t i = 0; i < 8; i++)
                zero &= d[c + i] == 0;
            if (zero)
                continue;           /* never used */
            rc = bad(path, c, "not a chunk (expected the magic " JC_BIN_CHUNK_MAGIC " or zeros)");
            break;
        }
        for (size_t r = c + JC_BIN_CHUNK_HEAD; r + JC_BIN_REC <= c + avail; r += JC_BIN_REC) {
            uint32_t state = rd32(d + r);
            if (state == 0)
                break;
            if (state != JC_BIN_ENTERED && state != JC_BIN_COMPLETE) {
                rc = bad(path, r, "bad record state (expected 1, entered, or 2, complete)");
                break;
            }
            if (d[r + 6] != JC_BIN_KIND_CALL) {
                rc = bad(path, r + 6, "unknown record kind (expected 1, call)");
                break;
            }
            if (nrec == cap) {
                rec *more = realloc(recs, (cap = cap ? cap * 2 : 1024) * sizeof *recs);
                if (!more) {
                    rc = bad(path, r, "out of memory");
                    break;
                }
                recs = more;
            }
            rec *x = &recs[nrec];
            x->state = state;
            x->num = d[r + 4] | (unsigned)d[r + 5] << 8;
            x->err = (int32_t)rd32(d + r + 8);
            x->t = rd64(d + r + 16);
            x->dur = rd64(d + r + 24);
            x->tid = rd32(d + c + 8);
            x->tname = d + c + 16;
            x->seq = nrec++;
        }
    }
    sbuf b = { 0 };
    if (rc == 0) {
        if (nrec)
            qsort(recs, nrec, sizeof *recs, cmp_rec);
        for (size_t i = 0; i < nrec; i++)
            put_record(&b, &recs[i], nm, fmt);
        sb_add(&b, "", 0);
        if (b.oom)
            rc = bad(path, 0, "out of memory");
    }
    free(recs);
    free(nm);
    if (rc != 0) {
        free(b.p);
        return -1;
    }
    *out = b.p;
    *outlen = b.len;
    return 0;
}

int jt_trace_main(int argc, char **argv)
{
    enum jt_trace_fmt fmt = JT_TRACE_TEXT;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--format=text") == 0)
            fmt = JT_TRACE_TEXT;
        else if (strcmp(argv[i], "--format=jsonl") == 0)
            fmt = JT_TRACE_JSONL;
        else if (argv[i][0] == '-' || path) {
            fprintf(stderr, "jvmtigen trace: error: unexpected '%s' (expected [--format=text|jsonl] FILE)\n", argv[i]);
            return 2;
        } else
            path = argv[i];
    }
    if (!path) {
        fprintf(stderr, "jvmtigen trace: error: no FILE (expected [--format=text|jsonl] FILE)\n");
        return 2;
    }
    size_t len;
    char *data = jt_read_file(path, &len, "a jvmticheck recording (format=bin)");
    if (!data)
        return 1;
    char *text;
    size_t n;
    int rc = jt_trace_decode((const unsigned char *)data, len, path, fmt, &text, &n);
    free(data);
    if (rc != 0)
        return 1;
    int ok = fwrite(text, 1, n, stdout) == n && fflush(stdout) == 0;
    free(text);
    if (!ok) {
        fprintf(stderr, "jvmtigen trace: error: cannot write standard output\n");
        return 1;
    }
    return 0;
}
