/* ctype.c — C spelling of model types (see ctype.h): a wrapper kind adds
 * its prefix and suffix from the kinds table around its inner type. */
#include "model/ctype.h"

#include <stdio.h>
#include <string.h>

static void append(const jt_type *t, char *buf, size_t len)
{
    const struct jt_kind_info *ki = jt_kind_info(t->kind);
    size_t n = strlen(buf);
    if (ki->wrapper) {
        snprintf(buf + n, len - n, "%s", t->nonconst ? "" : ki->c_prefix);
        append(t->inner, buf, len);
        n = strlen(buf);
        snprintf(buf + n, len - n, "%s", ki->c_suffix);
        return;
    }
    snprintf(buf + n, len - n, "%s", ki->c_name ? ki->c_name : t->name);
}

const char *jt_c_type(const jt_type *t, char *buf, size_t len)
{
    buf[0] = '\0';
    append(t, buf, len);
    return buf;
}
