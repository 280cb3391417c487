/* hpp_types.c — the table of HotSpot parameter types (see hpp_types.h).
 *
 * Only a param's outermost element decides: a wrapper (outptr, inbuf ...)
 * keeps the C spelling of what it wraps, so a jthread* stays a jthread*.
 * Rows with a later from_major replace earlier rows of the same case;
 * that is how a renamed parameter is recorded.
 */
#include "emit/hpp_types.h"

#include <stdio.h>
#include <string.h>

#include "model/ctype.h"

const jt_hpp_type jt_hpp_types[] = {
    /* a thread the entry layer resolved to its VM thread */
    { JT_JTHREAD, JT_HPP_CONVERTED, 0, "JavaThread*", "java_thread" },
    /* impl="noconvert": the implementation resolves it (virtual threads) */
    { JT_JTHREAD, JT_HPP_NOCONVERT, 0, "jthread", NULL },
    { JT_JRAWMONITORID, JT_HPP_ANY, 0, "JvmtiRawMonitor *", "rmonitor" },
    { JT_JFRAMEID, JT_HPP_ANY, 0, "jint", "depth" },
    { JT_JMETHODID, JT_HPP_ANY, 0, "Method*", "method_oop" },
    /* renamed in the JDK 16 cleanup of "method_oop" names (JDK 11 still
     * has the old name, 17 the new one) */
    { JT_JMETHODID, JT_HPP_ANY, 16, "Method*", "checked_method" },
    { JT_JFIELDID, JT_HPP_ANY, 0, "fieldDescriptor*", "fdesc_ptr" },
    /* the class of a class/method or class/field pair: checked by the
     * entry layer, not passed on */
    { JT_JCLASS, JT_HPP_PAIRED, 0, "", NULL },
    { JT_JCLASS, JT_HPP_UNPAIRED, 0, "oop", "k_mirror" },
    /* "..." after a one-space type */
    { JT_VARARGS, JT_HPP_ANY, 0, " ", NULL },
};

const size_t jt_hpp_ntypes = sizeof jt_hpp_types / sizeof jt_hpp_types[0];

static bool case_holds(jt_hpp_case c, const jt_type *t)
{
    switch (c) {
    case JT_HPP_ANY:
        return true;
    case JT_HPP_CONVERTED:
        return !(t->thread_impl && strstr(t->thread_impl, "noconvert"));
    case JT_HPP_NOCONVERT:
        return t->thread_impl && strstr(t->thread_impl, "noconvert");
    case JT_HPP_PAIRED:
        return t->class_method || t->class_field;
    case JT_HPP_UNPAIRED:
        return !t->class_method && !t->class_field;
    }
    return false;
}

const jt_hpp_type *jt_hpp_type_for(const jt_type *t, int major)
{
    const jt_hpp_type *best = NULL;
    for (size_t i = 0; i < jt_hpp_ntypes; i++) {
        const jt_hpp_type *r = &jt_hpp_types[i];
        if (r->kind == t->kind && r->from_major <= major && case_holds(r->when, t) &&
            (!best || r->from_major >= best->from_major))
            best = r;
    }
    return best;
}

bool jt_hpp_param(const jt_param *p, int major, char *type, size_t len, const char **name)
{
    const jt_hpp_type *r = jt_hpp_type_for(p->type, major);
    *name = r && r->name ? r->name : p->id;
    if (r && r->type) {
        snprintf(type, len, "%s", r->type);
        return r->type[0] != '\0';
    }
    jt_c_type(p->type, type, len);
    return true;
}
