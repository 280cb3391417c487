/* internal.h — what the files of the format=bin decoder share (private to
 * gen/trace/): the file's layout as read (names, records, chunks), the
 * decoder's state (dec), its output buffer and the functions one file of
 * the decoder calls in another.  The public face is trace.h; the overview
 * of the design is at the top of decode.c.  Shared functions carry a tr_
 * prefix, as they are global symbols of libjvmtigen.a; the byte readers
 * are inline, being on every record's path. */
#ifndef JVMTIGEN_TRACE_INTERNAL_H
#define JVMTIGEN_TRACE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../runtime/common/jc_bintrace.h"
#include "../runtime/common/jc_trace_syntax.h"
#include "source.h"
#include "trace.h"

#define STR_MAX 65536           /* jc_trace.c: bytes of one string shown */
#define MAX_IDS JC_BIN_MAX_IDS

/* ---- output buffer ---------------------------------------------------------- */

typedef struct sbuf {
    char *p;
    size_t len, cap;
    int oom;
} sbuf;

/* ---- the file's integers: little-endian, at any alignment ---------------------------- */

static inline uint16_t rd16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }
static inline uint32_t rd32(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static inline uint64_t rd64(const unsigned char *p) { return rd32(p) | (uint64_t)rd32(p + 4) << 32; }

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

static inline int str_eq(str s, const char *c) { return strlen(c) == s.n && memcmp(s.p, c, s.n) == 0; }

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

/* The decoder's state: one per file decoded. */
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

/* Where the records go: appended to b, which is handed to the sink (when
 * there is one) whenever it holds FLUSH bytes. */
#define FLUSH (1u << 20)
typedef struct out {
    sbuf b;
    FILE *sink;                 /* NULL: all of it stays in b */
    int failed;
} out;

/* What the merge hands each record to: tr_emit_line (text, jsonl), tr_emit_chrome. */
typedef int (*emit_fn)(dec *D, out *o, const rec *x, void *ctx);

/* ---- out.c: the output buffer -------------------------------------------------------- */

void tr_sb_add(sbuf *b, const char *s, size_t n);
void tr_sb_s(sbuf *b, const char *s);
void tr_sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tr_out_flush(out *o, int all);

/* ---- bad.c: messages ---------------------------------------------------------------- */

/* "path:offset: error: what", through util/diag (so counted, and silent
 * where a caller such as the fuzz target asked for that).  -1. */
int tr_bad(const char *path, uint64_t off, const char *what);
/* The source could not be read at off (out of memory, a read error, a file
 * that got shorter).  -1. */
int tr_unreadable(dec *D, uint64_t off);

/* ---- header.c: the header and its names ------------------------------------------------ */

int tr_read_header(dec *D, uint64_t len, uint64_t *hlen_out, const unsigned char **head, int *head_owned);
/* The interned string id ("?" when not defined). */
str tr_id_str(const names *nm, uint32_t id);

/* ---- items.c: a record's items ----------------------------------------------------------- */

size_t tr_item_len(const unsigned char *it);
int tr_item_str(names *nm, const unsigned char *it, str *out);

/* ---- walk.c: chunks and their records -------------------------------------------------- */

int tr_walk_chunk(dec *D, jt_src *src, uint64_t c, uint32_t clen, uint64_t avail, uint32_t tid, chunk *ci,
                  cursor *cur);
int tr_first_pass(dec *D, uint64_t len, uint64_t hlen);

/* ---- filter.c: which records and chunks are selected ----------------------------------- */

int tr_selected(names *nm, const rec *x, const filters *f, uint64_t t_first);
int tr_chunk_excluded(dec *D, const chunk *ch);

/* ---- format.c: a record as the shim writes it (text, jsonl) ---------------------------- */

void tr_put_quoted(sbuf *b, const jc_trace_syntax *sx, const str *s, const char *quote);
void tr_fmt_record(sbuf *out, names *nm, const rec *x, const jc_trace_syntax *sx);
int tr_emit_line(dec *D, out *o, const rec *x, void *ctx);

/* ---- merge.c: the second pass ---------------------------------------------------------- */

int tr_load_chunk(dec *D, const chunk *ch, cursor **out);
void tr_cursor_free(cursor *cur);
rec tr_cursor_rec(const cursor *c);
int tr_merge(dec *D, out *o, emit_fn emit, void *ctx);

/* ---- chrome.c: Chrome's trace-event JSON ----------------------------------------------- */

int tr_emit_chrome(dec *D, out *o, const rec *x, void *ctx);
int tr_chrome_threads(dec *D, out *o, int *first);

#endif
