/* chrome.c — --format=chrome: Chrome's trace-event JSON (Perfetto,
 * chrome://tracing).  Calls and events are complete ("X") slices on their
 * thread, a call still in progress a begin ("B"), the rest instant ("i")
 * events, each with its jsonl record (format.c) as args; thread names are
 * metadata ("M") events, from one pass over the selected chunks before the
 * merge, kept in a table by OS thread id. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/common/jc_trace_syntax.h"
#include "internal.h"

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
    tr_fmt_record(&line, nm, x, &jc_trace_jsonl);
    if (line.oom || !line.p) {
        b->oom = 1;
        free(line.p);
        return;
    }
    unsigned num = rd16(r + 8);
    str name = num && nm->fn[num].p ? nm->fn[num] : tr_id_str(nm, rd32(r + 20));
    tr_sb_s(b, *first ? "\n" : ",\n");
    *first = 0;
    tr_sb_s(b, "{\"name\":");
    if (kind == JC_BIN_K_VIOLATION || kind == JC_BIN_K_NOTE || kind == JC_BIN_K_WARNING) {
        /* "[check] Function": what a violation is, at a glance */
        sbuf n = { 0 };
        str check = tr_id_str(nm, rd32(r + 24));
        tr_sb_s(&n, "[");
        tr_sb_add(&n, (const char *)check.p, check.n);
        tr_sb_s(&n, "] ");
        tr_sb_add(&n, (const char *)name.p, name.n);
        str ns = { (const unsigned char *)(n.p ? n.p : ""), n.len };
        tr_put_quoted(b, &jc_trace_jsonl, &ns, "\"");
        free(n.p);
    } else {
        tr_put_quoted(b, &jc_trace_jsonl, &name, "\"");
    }
    static const char *const cats[] = { "", "call", "event", "violation", "leak", "summary", "note", "warning", "", "header",
                                        "packet" };
    uint64_t t = x->t, dur = x->dur;
    tr_sb_printf(b, ",\"cat\":\"%s\"", state == JC_BIN_ENTERED ? "call" : kind < sizeof cats / sizeof cats[0] ? cats[kind] : "");
    if (state == JC_BIN_ENTERED)
        tr_sb_s(b, ",\"ph\":\"B\"");
    else if (kind == JC_BIN_K_CALL || kind == JC_BIN_K_EVENT)
        tr_sb_printf(b, ",\"ph\":\"X\",\"dur\":%llu.%03llu", (unsigned long long)(dur / 1000), (unsigned long long)(dur % 1000));
    else
        tr_sb_s(b, ",\"ph\":\"i\",\"s\":\"t\"");
    tr_sb_printf(b, ",\"ts\":%llu.%03llu,\"pid\":%u,\"tid\":%u,\"args\":", (unsigned long long)(t / 1000),
              (unsigned long long)(t % 1000), chrome_pid(x->pid), x->tid);
    tr_sb_add(b, line.p, line.len);
    tr_sb_s(b, "}");
    free(line.p);
}

int tr_emit_chrome(dec *D, out *o, const rec *x, void *ctx)
{
    chrome_event(&o->b, D->nm, x, ctx);
    return o->b.oom ? tr_bad(D->path, x->off, "out of memory") : 0;
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

int tr_chrome_threads(dec *D, out *o, int *first)
{
    size_t cap = 1024, n = 0;
    last *tab = calloc(cap, sizeof *tab);
    int rc = tab ? 0 : tr_bad(D->path, 0, "out of memory");
    for (size_t i = 0; i < D->nchunks && rc == 0; i++) {
        cursor *cur;
        if (tr_chunk_excluded(D, &D->chunks[i]) || (rc = tr_load_chunk(D, &D->chunks[i], &cur)) != 0 || !cur)
            continue;
        if (2 * (n + 1) > cap) {    /* open addressing by tid, kept half empty */
            last *big = calloc(cap * 2, sizeof *big);
            if (!big) {
                tr_cursor_free(cur);
                rc = tr_bad(D->path, 0, "out of memory");
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
            rec x = tr_cursor_rec(cur);
            if (!tab[h].off || x.t > tab[h].t || (x.t == tab[h].t && x.off > tab[h].off)) {
                tab[h].t = x.t;
                tab[h].off = x.off;
                tab[h].thread = rd32(x.r + 16);
            }
        }
        tr_cursor_free(cur);
    }
    if (rc == 0) {
        size_t m = 0;
        for (size_t j = 0; j < cap; j++)
            if (tab[j].used)
                tab[m++] = tab[j];
        qsort(tab, m, sizeof *tab, cmp_last);
        for (size_t j = 0; j < m; j++) {
            str who = tr_id_str(D->nm, tab[j].thread);
            tr_sb_s(&o->b, *first ? "\n" : ",\n");
            *first = 0;
            tr_sb_printf(&o->b, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"args\":{\"name\":",
                      chrome_pid(tab[j].pid), tab[j].tid);
            tr_put_quoted(&o->b, &jc_trace_jsonl, &who, "\"");
            tr_sb_s(&o->b, "}}");
            tr_out_flush(o, 0);
        }
    }
    free(tab);
    return rc;
}

