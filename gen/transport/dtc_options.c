/* dtc_options.c — DTCHECK_OPTIONS of libdt_check.so (see dtc_options.h).
 *
 * The text comes from the environment, so any bytes: every item is
 * checked, and the first bad one is the one message (the transport then
 * refuses to load, as libjvmticheck refuses a bad option).  The names and
 * values are the shim's where they mean the same (log=, format=, trace=,
 * exitcode=, halt=); trace= also takes the shim's all and none. */
#include "dtc_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dtc_options_default(dtc_options *o)
{
    snprintf(o->transport, sizeof o->transport, "dt_socket");
    o->log[0] = '\0';
    o->jsonl = false;
    o->trace = true;
    o->halt = false;
    o->exitcode = -1;
}

static int bad(char *err, size_t len, const char *what, const char *key, size_t klen, const char *expected)
{
    snprintf(err, len, "DTCHECK_OPTIONS: error: %s \"%.*s\" (%s)", what, (int)(klen > 64 ? 64 : klen), key,
             expected);
    /* one line whatever the input held */
    for (char *p = err; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    return -1;
}

/* v is one of two words: 1 for the first, 0 for the second, -1 neither. */
static int two_words(const char *v, size_t vlen, const char *yes, const char *no)
{
    if (vlen == strlen(yes) && memcmp(v, yes, vlen) == 0)
        return 1;
    if (vlen == strlen(no) && memcmp(v, no, vlen) == 0)
        return 0;
    return -1;
}

static int set_text(char *dst, size_t cap, const char *v, size_t vlen, char *err, size_t errlen, const char *key,
                    size_t klen, bool empty_ok)
{
    if ((!empty_ok && vlen == 0) || vlen >= cap || memchr(v, '\0', vlen))
        return bad(err, errlen, "bad value for", key, klen,
                   empty_ok ? "at most 511 bytes" : "a name or path of 1 to 511 bytes");
    memcpy(dst, v, vlen);
    dst[vlen] = '\0';
    return 0;
}

int dtc_options_parse(const char *s, dtc_options *o, char *err, size_t errlen)
{
    if (!s)
        return 0;
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        size_t len = strcspn(s + i, ",");
        const char *item = s + i, *eq = memchr(item, '=', len);
        size_t klen = eq ? (size_t)(eq - item) : len;
        const char *v = eq ? eq + 1 : item + len;
        size_t vlen = eq ? len - klen - 1 : 0;
        if (klen == 9 && memcmp(item, "transport", 9) == 0) {
            if (set_text(o->transport, sizeof o->transport, v, vlen, err, errlen, item, klen, false))
                return -1;
        } else if (klen == 3 && memcmp(item, "log", 3) == 0) {
            if (set_text(o->log, sizeof o->log, v, vlen, err, errlen, item, klen, true))
                return -1;
        } else if (klen == 5 && memcmp(item, "trace", 5) == 0) {
            int w = two_words(v, vlen, "on", "off");
            if (w < 0)
                w = two_words(v, vlen, "all", "none");
            if (w < 0)
                return bad(err, errlen, "bad value for", item, klen, "on or off (all or none)");
            o->trace = w;
        } else if (klen == 6 && memcmp(item, "format", 6) == 0) {
            int w = two_words(v, vlen, "jsonl", "text");
            if (w < 0)
                return bad(err, errlen, "bad value for", item, klen, "text or jsonl");
            o->jsonl = w;
        } else if (klen == 4 && memcmp(item, "halt", 4) == 0) {
            int w = two_words(v, vlen, "on", "off");
            if (w < 0)
                return bad(err, errlen, "bad value for", item, klen, "on or off");
            o->halt = w;
        } else if (klen == 8 && memcmp(item, "exitcode", 8) == 0) {
            int code = 0;
            if (vlen == 0 || vlen > 3)
                return bad(err, errlen, "bad value for", item, klen, "an exit status 0 to 255");
            for (size_t k = 0; k < vlen; k++) {
                if (v[k] < '0' || v[k] > '9')
                    return bad(err, errlen, "bad value for", item, klen, "an exit status 0 to 255");
                code = code * 10 + (v[k] - '0');
            }
            if (code > 255)
                return bad(err, errlen, "bad value for", item, klen, "an exit status 0 to 255");
            o->exitcode = code;
        } else if (len > 0) {
            return bad(err, errlen, "unknown option", item, klen, "transport=, log=, format=, trace=, exitcode=, halt=");
        }
        i += len + (i + len < n);
    }
    return 0;
}
