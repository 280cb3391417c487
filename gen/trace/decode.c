/* decode.c — the decoder of the shim's format=bin recordings (layout:
 * gen/runtime/common/jc_bintrace.h), which `jvmtigen trace`
 * (gen/cmd/trace.c) runs: its public API (trace.h) and the overview.
 *
 * Files (gen/trace/): decode.c this overview and the two passes in order;
 * bad.c the messages; source.[ch] the file's bytes through a window;
 * header.c the header and its names; items.c a record's items; walk.c the
 * chunks and their records, and the first pass; filter.c what the filters select; merge.c the second pass;
 * format.c a record as text or jsonl; chrome.c --format=chrome; out.c the
 * output buffer and its sink; internal.h what they share.
 *
 * Design:
 * - The file is outside input (a crash may have cut it, anyone may hand us
 *   any bytes): every offset, length and id is checked against the file
 *   before it is read; a bad file gives one "FILE:OFFSET: error: what
 *   (expected)" line (offsets are 64-bit: recordings pass 4 GiB) and no
 *   output at all.  tests/fuzz/fuzz_trace.c fuzzes jt_trace_decode.
 * - A recording may be far larger than memory (trace=all writes hundreds
 *   of MB a second), so it is never read whole: source.c hands out its
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
 *   tr_fmt_record() (format.c) replays them with the punctuation, escaping
 *   and name lookups of gen/runtime/common/jc_trace.c (tests/e2e/trace-bin.sh checks
 *   that the two agree, record by record).  Names of constants come from
 *   the file's header, which the shim writes from the model.
 * - Records of all threads come sorted by start time (stable).  chrome is
 *   Chrome's trace-event JSON: calls and events as complete ("X") slices
 *   on their thread, a call still in progress as a begin ("B"),
 *   violations, notes, leaks and summaries as instant ("i") events, thread
 *   names as metadata ("M"); each event's args hold the jsonl record.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/common/jc_trace_syntax.h"
#include "internal.h"

/* ---- decoding ------------------------------------------------------------------------ */

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
            return tr_bad(path, 0, "bad --since (" JT_TRACE_TIME_EXPECTED ")");
        if (tf->until && jt_trace_parse_time(tf->until, &D.f.until) != 0)
            return tr_bad(path, 0, "bad --until (" JT_TRACE_TIME_EXPECTED ")");
        D.f.has_since = tf->since != NULL;
        D.f.has_until = tf->until != NULL;
    }
    if (!(D.nm = calloc(1, sizeof *D.nm)))
        return tr_bad(path, 0, "out of memory");
    names *nm = D.nm;
    const unsigned char *head = NULL;
    int head_owned = 0;
    uint64_t hlen = 0;
    int rc = tr_read_header(&D, len, &hlen, &head, &head_owned);
    if (rc == 0)
        rc = tr_first_pass(&D, len, hlen);
    if (rc == 0 && nm->nstrs && !(nm->group_of_id = calloc(nm->nstrs, sizeof *nm->group_of_id)))
        rc = tr_bad(path, 0, "out of memory");
    /* the whole file is checked: from here on output goes out */
    if (rc == 0) {
        if (fmt == JT_TRACE_CHROME) {
            int first = 1;
            tr_sb_s(&o->b, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
            rc = tr_chrome_threads(&D, o, &first);
            if (rc == 0)
                rc = tr_merge(&D, o, tr_emit_chrome, &first);
            tr_sb_s(&o->b, "\n]}\n");
        } else {
            rc = tr_merge(&D, o, tr_emit_line, (void *)(fmt == JT_TRACE_JSONL ? &jc_trace_jsonl : &jc_trace_text));
        }
        tr_sb_add(&o->b, "", 0);
        if (rc == 0 && o->b.oom)
            rc = tr_bad(path, 0, "out of memory");
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
    tr_out_flush(&o, 1);
    *write_failed = o.failed;
    free(o.b.p);
    jt_src_free(&src);
    return rc;
}
