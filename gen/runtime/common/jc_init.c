/* jc_init.c — setting the runtime up for one interface (jc_init_iface):
 * options parsed, files checked, the sink and recordings opened, then
 * jc_g.active; and jc_reset, back to before it (unit tests).
 *
 * Design:
 * - jc_init_iface runs once, under a lock; later calls with the same option
 *   string succeed and change nothing (the shim and a jvmti_check_wrap
 *   caller may both get there), a different string is refused: options are
 *   read without locks on every call, so they never change once set.
 *   jc_g.active is set last, after the options and the sink.
 * - What is the interface's own (the JVMTI tool's only= tables, crash
 *   handler, envs, counters) comes through jc_iface: started, reset.
 * - A child of fork() that exits without exec runs the atexit handlers it
 *   inherited, on counts it inherited: the parent's calls, violations and
 *   blocks.  Its own end would repeat the parent's report (and apply its
 *   exitcode=), so a child says nothing at its end (jc_forked_child: the
 *   pid differs from the one the options were set in); its records of the
 *   calls it made itself still go to the log.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* strdup under -std=c11 */
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jc_callsite.h"
#include "jc_internal.h"
#include "jc_quote.h"

/* ---- initialisation ---------------------------------------------------------- */

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static char *init_text;         /* the options jc_g was set from */


/* a and b name one file: the same name, the same device and inode where
 * both exist, or (where neither exists yet) the same name in the same
 * directory. */
static bool same_file(const char *a, const char *b)
{
    if (!a || !b)
        return false;
    if (strcmp(a, b) == 0)
        return true;
    struct stat sa, sb;
    bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (ea || eb)
        return ea && eb && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    const char *ba = strrchr(a, '/'), *bb = strrchr(b, '/');
    if (strcmp(ba ? ba + 1 : a, bb ? bb + 1 : b) != 0)
        return false;
    char da[4096], db[4096];
    snprintf(da, sizeof da, "%.*s", ba ? (int)(ba - a + 1) : 1, ba ? a : ".");
    snprintf(db, sizeof db, "%.*s", bb ? (int)(bb - b + 1) : 1, bb ? b : ".");
    return stat(da, &sa) == 0 && stat(db, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Two of log=, record= and suppress= naming one file: the recording would
 * replace the log or the suppressions, the log be appended to them. */
static int files_clash(const jc_options *o, const char *tool, char *err, size_t errlen)
{
    const char *const names[] = { "log", "record", "suppress" };
    const char *const paths[] = { o->log_path, o->record_path, o->suppress_path };
    for (size_t i = 0; i < 3; i++)
        for (size_t j = i + 1; j < 3; j++)
            if (same_file(paths[i], paths[j])) {
                snprintf(err, errlen, "%s: %s= and %s= name the same file '%s' (each needs its own: one would destroy the other)",
                         tool, names[i], names[j], paths[i]);
                return -1;
            }
    return 0;
}

static int init_locked(const jc_iface *iface, const char *text, bool require_agent, char *err, size_t errlen)
{
    jc_options o;
    char *copy = strdup(text);
    if (!copy) {
        snprintf(err, errlen, "jvmticheck: out of memory");
        return -1;
    }
    jc_g.iface = iface;
    jc_sink_set_tool(iface->tool);
    jc_suppress_checks(iface->checks, iface->nchecks, iface->checks_example);
    jc_suppress_tool(iface->tool);
    if (jc_options_parse_for(iface->id, text, require_agent, &o, err, errlen) != 0) {
        free(copy);
        return -1;
    }
    /* format=bin: calls go to the recording at log=, the rest to stderr */
    if (o.format == JC_FMT_BIN && !o.log_path) {
        snprintf(err, errlen, "%s: format=bin needs log=FILE (the recording)", iface->tool);
        goto fail;
    }
    if (o.format == JC_FMT_BIN && o.record_path) {
        snprintf(err, errlen, "%s: record=FILE goes with format=text or jsonl (format=bin records at log=)",
                 iface->tool);
        goto fail;
    }
    if (jc_expand_pid(&o.log_path) != 0 || jc_expand_pid(&o.record_path) != 0) {
        snprintf(err, errlen, "%s: out of memory", iface->tool);
        goto fail;
    }
    if (files_clash(&o, iface->tool, err, errlen) != 0)
        goto fail;
    if (o.ring && o.format != JC_FMT_BIN && !o.record_path) {
        snprintf(err, errlen, "%s: ring= is the size of a recording: it goes with format=bin or record=", iface->tool);
        goto fail;
    }
    jc_bin_thread_namer(jc_trace_thread_name);
    if ((o.format == JC_FMT_BIN && jc_bin_open(o.log_path, o.addresses, o.ring, err, errlen) != 0) ||
        (o.record_path && jc_bin_open(o.record_path, o.addresses, o.ring, err, errlen) != 0) ||
        (o.suppress_path && jc_suppress_load(o.suppress_path, err, errlen) != 0) ||
        jc_sink_open(o.format == JC_FMT_BIN ? NULL : o.log_path, err, errlen) != 0)
        goto fail;
    jc_sink_set_json(o.format == JC_FMT_JSONL);
    jc_g.opt = o;
    init_text = copy;
    jc_init_pid = getpid();
    if (iface->started)
        iface->started();       /* JVMTI: the only= tables, the crash handler */
    atomic_thread_fence(memory_order_release);
    jc_g.active = true;
    jc_verdict_init();          /* exitcode=, the unwinder for call sites */
    return 0;

fail:
    jc_options_free(&o);
    free(copy);
    return -1;
}

const char *jc_options_text(void)
{
    return init_text ? init_text : "";
}

int jc_init_iface(const jc_iface *iface, const char *options, bool require_agent, char *err, size_t errlen)
{
    const char *text = options ? options : "";
    int rc = 0;
    if (err && errlen)
        err[0] = '\0';
    pthread_mutex_lock(&init_lock);
    if (!jc_g.active)
        rc = init_locked(iface, text, require_agent, err, errlen);
    else if (strcmp(init_text, text) != 0) {
        char q[400];
        snprintf(err, errlen, "%s: already initialised with other options ('%s')", jc_g.iface->tool,
                 jc_quote(init_text, q, sizeof q));
        rc = -1;
    }
    pthread_mutex_unlock(&init_lock);
    return rc;
}

/* ---- tests ------------------------------------------------------------------------- */

void jc_reset(void)
{
    jc_trace_flush_all();
    pthread_mutex_lock(&init_lock);
    jc_g.active = false;
    jc_bin_active = false;
    jc_sink_close();
    jc_options_free(&jc_g.opt);
    free(init_text);
    init_text = NULL;
    jc_init_pid = 0;
    atomic_store(&jc_g.phase, 0);
    pthread_mutex_unlock(&init_lock);
    if (jc_g.iface && jc_g.iface->reset)
        jc_g.iface->reset();    /* JVMTI: counters, envs, tracked blocks, names */
    jc_context_reset();
    jc_suppress_reset();
    jc_site_reset();
    jc_verdict_reset();
}
