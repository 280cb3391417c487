/* jc_report.c — a violation's way from a check to the trace, for any
 * interface the runtime checks: JVMTI's checks (jc_violation, jc_state.c,
 * counts them by id) and libdt_check's (gen/transport/dtc_runtime.c, by
 * name) go the same way, so call sites, contexts, suppressions, repeat=,
 * only=, gen_suppressions= and halt=on mean the same in both.
 *
 * Slow path only: a violation was flagged.  The message is formatted only
 * when the record is written.
 */
#include <stdio.h>

#include "jc_callsite.h"
#include "jc_internal.h"

bool jc_report_violation(const char *check, const char *fn, const char *param, const char *fmt, va_list ap)
{
    const jc_site *site = jc_g.active ? jc_site_capture() : NULL;
    jc_context *cx = jc_g.active ? jc_context_get(check, fn, param, site) : NULL;
    if (cx && jc_context_suppressed(cx))
        return false;
    uint64_t nth = cx ? jc_context_hit(cx) : 1;
    if (jc_g.active && jc_g.opt.trace != 0 && nth <= jc_g.opt.repeat && jc_options_selects(&jc_g.opt, fn)) {
        char msg[512] = "";
        if (fmt)
            vsnprintf(msg, sizeof msg, fmt, ap);
        jc_rec *r = jc_rec_begin_violation(check, fn);
        if (param)
            jc_rec_field_str(r, "param", param);
        jc_rec_field_str(r, "message", msg);
        if (site) {
            jc_rec_field_str(r, "site", jc_site_text(site));
            if (jc_g.opt.stack > 1)
                jc_rec_field_str(r, "stack", jc_site_stack_text(site));
        }
        if (cx) {
            jc_rec_field_int(r, "context", (long long)jc_context_id(cx));
            if (nth > 1)
                jc_rec_field_int(r, "occurrence", (long long)nth);
        }
        if (jc_g.opt.gen_suppressions) {
            char line[1024];
            jc_suppress_line(line, sizeof line, check, fn, site);
            jc_rec_field_str(r, "suppression", line);
        }
        jc_rec_end(r, jc_now_ns(), 0);
    }
    if (jc_g.active && jc_g.opt.halt)
        jc_verdict_halt(check, fn, jc_site_text(site));
    return true;
}
