/* spec_rules.c — rules read from a function's documented errors and its
 * siblings (see spec_rules.h).  The prose is matched only in the few fixed
 * shapes the spec writes its ranges in (table below); anything else states
 * no rule, so an unusual sentence never becomes a wrong check. */
#include "model/spec_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/doc.h"

const jt_function *jt_param_function(const jt_param *p)
{
    return p->owner_kind == JT_T_FUNCTION ? p->owner : NULL;
}

static bool links_param(const jt_doc *d, const char *pid)
{
    for (; d; d = d->next) {
        if (d->name && strcmp(d->name, "paramlink") == 0) {
            const char *id = jt_doc_attr(d, "id");
            if (id && strcmp(id, pid) == 0)
                return true;
        }
        if (d->name && links_param(d->children, pid))
            return true;
    }
    return false;
}

const jt_error_use *jt_documented_error(const jt_function *f, const char *pid, const char *only)
{
    for (size_t i = 0; f && i < f->nerrors; i++)
        if ((!only || strcmp(f->errors[i].id, only) == 0) && links_param(f->errors[i].description, pid))
            return &f->errors[i];
    return NULL;
}

/* ---- ranges ----------------------------------------------------------------
 * The error's text flattened: a paramlink becomes "@id", a datalink to a
 * constant "#value", other markup its text; whitespace collapsed. */

typedef struct flat {
    char buf[512];
    size_t len;
    const char *names[4];       /* constants met, in order */
    int nnames;
    bool overflow;
} flat;

static void put(flat *f, const char *s)
{
    for (; *s; s++) {
        bool sp = *s == ' ' || *s == '\n' || *s == '\t' || *s == '\r';
        if (sp && (f->len == 0 || f->buf[f->len - 1] == ' '))
            continue;
        if (f->len + 1 >= sizeof f->buf) {
            f->overflow = true;
            return;
        }
        f->buf[f->len++] = sp ? ' ' : *s;
        f->buf[f->len] = '\0';
    }
}

static void flatten(flat *f, const jt_doc *d)
{
    char tmp[64];
    for (; d; d = d->next) {
        if (!d->name) {
            put(f, d->text);
        } else if (strcmp(d->name, "paramlink") == 0) {
            const char *id = jt_doc_attr(d, "id");
            snprintf(tmp, sizeof tmp, " @%s ", id ? id : "");
            put(f, tmp);
        } else if (strcmp(d->name, "datalink") == 0 && d->target_kind == JT_T_CONSTANT && d->target) {
            const jt_constant *c = d->target;
            snprintf(tmp, sizeof tmp, " #%lld ", (long long)c->value);
            put(f, tmp);
            if (f->nnames < 4)
                f->names[f->nnames++] = c->id;
        } else {
            flatten(f, d->children);
        }
    }
}

/* The shapes, after "@param": what the spec writes, and the bounds it
 * means.  "%L" is a constant's value (#n). */
static const struct {
    const char *shape;
    bool lo, hi;
    long long lo_value;         /* when the shape names no constant */
} range_shapes[] = {
    /* SetHeapSamplingInterval, Allocate: "... is less than zero." */
    { "is less than zero.", true, false, 0 },
    { "is less than zero", true, false, 0 },
    /* RunAgentThread: "priority is less than JVMTI_THREAD_MIN_PRIORITY or
     * greater than JVMTI_THREAD_MAX_PRIORITY" */
    { "is less than %L or greater than %L", true, true, 0 },
};

static bool match_shape(const char *text, const char *shape, long long v[2], int *nv)
{
    *nv = 0;
    while (*shape) {
        if (shape[0] == '%' && shape[1] == 'L') {
            char *end;
            if (*text != '#')
                return false;
            v[(*nv)++] = strtoll(text + 1, &end, 10);
            if (end == text + 1)
                return false;
            text = end;
            shape += 2;
            continue;
        }
        if (*shape != *text)
            return false;
        shape++, text++;
    }
    return *text == '\0';
}

static char *trim(char *s)
{
    while (*s == ' ')
        s++;
    size_t n = strlen(s);
    while (n && s[n - 1] == ' ')
        s[--n] = '\0';
    return s;
}

bool jt_documented_range(const jt_param *p, jt_range *out)
{
    const jt_function *f = jt_param_function(p);
    for (size_t i = 0; f && i < f->nerrors; i++) {
        flat fl = { .len = 0 };
        fl.buf[0] = '\0';
        flatten(&fl, f->errors[i].description);
        if (fl.overflow)
            continue;
        char head[80];
        snprintf(head, sizeof head, "@%s ", p->id);
        char *t = trim(fl.buf);
        if (strncmp(t, head, strlen(head)) != 0)
            continue;
        t += strlen(head);
        for (size_t k = 0; k < sizeof range_shapes / sizeof *range_shapes; k++) {
            long long v[2];
            int nv;
            if (!match_shape(t, range_shapes[k].shape, v, &nv))
                continue;
            *out = (jt_range){ .has_lo = range_shapes[k].lo, .has_hi = range_shapes[k].hi,
                               .lo = nv > 0 ? v[0] : range_shapes[k].lo_value, .hi = nv > 1 ? v[1] : 0,
                               .error = f->errors[i].id, .lo_name = nv > 0 ? fl.names[0] : NULL,
                               .hi_name = nv > 1 ? fl.names[1] : NULL, .line = f->errors[i].line };
            return true;
        }
    }
    return false;
}

/* ---- an event subset -------------------------------------------------------- */

static int collect_events(const jt_doc *d, const jt_event **out, int n, int cap)
{
    for (; d; d = d->next) {
        if (d->name && strcmp(d->name, "eventlink") == 0 && d->target_kind == JT_T_EVENT && d->target) {
            bool seen = false;
            for (int i = 0; i < n; i++)
                seen |= out[i] == d->target;
            if (!seen && n < cap)
                out[n++] = d->target;
            continue;
        }
        if (d->name)
            n = collect_events(d->children, out, n, cap);
    }
    return n;
}

int jt_documented_events(const jt_param *p, const jt_event **out, int cap)
{
    const jt_type *t = p->type;
    if (t->kind != JT_ENUM || !t->name || strcmp(t->name, "jvmtiEvent") != 0)
        return 0;
    /* "@event_type is other than <eventlink>... or <eventlink>..." */
    const jt_error_use *e = jt_documented_error(jt_param_function(p), p->id, "JVMTI_ERROR_ILLEGAL_ARGUMENT");
    if (!e)
        return 0;
    char *text = jt_doc_plain_text(e->description);
    bool other_than = strstr(text, "is other than ") != NULL;
    free(text);
    return other_than ? collect_events(e->description, out, 0, cap) : 0;
}

/* ---- Java values --------------------------------------------------------------- */

static bool says_null(const jt_doc *d)
{
    char *text = jt_doc_plain_text(d);
    bool yes = false;
    for (char *s = text; *s; s++)
        if (strncmp(s, "null", 4) == 0 || strncmp(s, "NULL", 4) == 0) {
            yes = true;
            break;
        }
    free(text);
    return yes;
}

bool jt_jobject_is_value(const jt_spec *s, const jt_param *p)
{
    if (p->description && says_null(p->description))
        return true;
    const jt_function *f = jt_param_function(p);
    const char *obj = f ? strstr(f->id, "Object") : NULL;
    if (!s || !obj)
        return false;
    char sibling[128];
    snprintf(sibling, sizeof sibling, "%.*sInt%s", (int)(obj - f->id), f->id, obj + strlen("Object"));
    const jt_function *g = jt_find_function(s, sibling);
    for (size_t i = 0; g && i < g->nparams; i++)
        if (strcmp(g->params[i].id, p->id) == 0 && g->params[i].type->kind == JT_JINT)
            return true;
    return false;
}

/* ---- virtual threads ------------------------------------------------------------
 * JDK 21's spec says per function what it does with a virtual thread, in
 * a documented error: "@thread is a virtual thread." (RunAgentThread: the
 * thread may not be one, an error the agent must avoid), "@thread is a
 * virtual thread and the implementation does not support ..." and "The
 * current thread is a virtual thread and the implementation does not
 * support ..." (the CPU time functions: the VM may refuse, the agent did
 * nothing wrong).  Any other sentence states no rule. */

static const struct {
    const char *shape;          /* after "@param " or as the whole start */
    bool param;                 /* the shape follows a paramlink */
    bool prefix;                /* the text may go on after the shape */
    jt_vthread_rule rule;
} vthread_shapes[] = {
    { "is a virtual thread.", true, false, JT_VTHREAD_FORBIDDEN },
    { "is a virtual thread and the implementation does not support", true, true, JT_VTHREAD_OPTIONAL },
    { "The current thread is a virtual thread and the implementation does not support", false, true,
      JT_VTHREAD_OPTIONAL },
};

jt_vthread_rule jt_documented_vthread(const jt_function *f, const char **pid, const char **error)
{
    for (size_t i = 0; f && i < f->nerrors; i++) {
        flat fl = { .len = 0 };
        fl.buf[0] = '\0';
        flatten(&fl, f->errors[i].description);
        if (fl.overflow)
            continue;
        char *t = trim(fl.buf);
        const char *param = NULL;
        if (*t == '@') {        /* "@thread is ...": the param, then the rest */
            char *sp = strchr(t, ' ');
            if (!sp)
                continue;
            *sp = '\0';
            param = t + 1;
            t = trim(sp + 1);
        }
        for (size_t k = 0; k < sizeof vthread_shapes / sizeof *vthread_shapes; k++) {
            const char *shape = vthread_shapes[k].shape;
            if (vthread_shapes[k].param != (param != NULL))
                continue;
            if (vthread_shapes[k].prefix ? strncmp(t, shape, strlen(shape)) != 0 : strcmp(t, shape) != 0)
                continue;
            if (param) {        /* the param must be a thread of f */
                const jt_param *p = jt_find_param(f->params, f->nparams, param);
                if (!p || p->type->kind != JT_JTHREAD)
                    continue;
                *pid = p->id;
            } else {
                *pid = NULL;
            }
            *error = f->errors[i].id;
            return vthread_shapes[k].rule;
        }
    }
    return JT_VTHREAD_NONE;
}

/* ---- check=deep -------------------------------------------------------------------- */

/* The text of a <code> element when it is one plain word (no markup). */
static const char *code_word(const jt_doc *d)
{
    if (!d->name || strcmp(d->name, "code") != 0 || !d->children || d->children->name || d->children->next)
        return NULL;
    return d->children->text;
}

/* The first element named `name` in d (depth first), or NULL. */
static const jt_doc *find_element(const jt_doc *d, const char *name)
{
    for (; d; d = d->next) {
        if (d->name && strcmp(d->name, name) == 0)
            return d;
        const jt_doc *in = d->name ? find_element(d->children, name) : NULL;
        if (in)
            return in;
    }
    return NULL;
}

/* A Java class name as the spec writes one: "java." then identifiers
 * joined by dots. */
static bool java_class_name(const char *s)
{
    if (!s || strncmp(s, "java.", 5) != 0)
        return false;
    for (const char *c = s; *c; c++)
        if (!(*c == '.' || *c == '_' || *c == '$' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
              (*c >= '0' && *c <= '9')))
            return false;
    return s[strlen(s) - 1] != '.';
}

static const char *find_java_class(const jt_doc *d)
{
    for (; d; d = d->next) {
        const char *w = code_word(d);
        if (w && java_class_name(w))
            return w;
        const char *in = d->name ? find_java_class(d->children) : NULL;
        if (in)
            return in;
    }
    return NULL;
}

bool jt_documented_java_class(const jt_param *p, const char **java_class, const char **error)
{
    const jt_doc *link = p->description ? find_element(p->description, "errorlink") : NULL;
    const char *cls = p->description ? find_java_class(p->description) : NULL;
    const char *id = link ? jt_doc_attr(link, "id") : NULL;
    if (!cls || !id || strncmp(id, "JVMTI_ERROR_", 12) != 0)
        return false;
    *java_class = cls;
    *error = id;
    return true;
}

static const jt_param *param_named(const jt_function *f, const char *id)
{
    return f ? jt_find_param(f->params, f->nparams, id) : NULL;
}

/* The Java types a TYPE_MISMATCH sentence names, as JVM type letters. */
static const struct { const char *word, *letters; } java_types[] = {
    { "int", "I" }, { "short", "S" }, { "char", "C" }, { "byte", "B" }, { "boolean", "Z" },
    { "long", "J" }, { "float", "F" }, { "double", "D" }, { "Object", "L" },
};

static void type_letters(const jt_doc *d, char *out, size_t cap)
{
    for (; d; d = d->next) {
        const char *w = code_word(d);
        for (size_t k = 0; w && k < sizeof java_types / sizeof *java_types; k++)
            if (strcmp(w, java_types[k].word) == 0 && !strstr(out, java_types[k].letters)
                && strlen(out) + strlen(java_types[k].letters) < cap)
                strcat(out, java_types[k].letters);
        if (d->name && !w)
            type_letters(d->children, out, cap);
    }
}

bool jt_documented_local(const jt_function *f, jt_local_rule *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < f->nerrors; i++) {
        const jt_error_use *e = &f->errors[i];
        if (strcmp(e->id, "JVMTI_ERROR_INVALID_SLOT") == 0 && !out->slot) {
            /* "Invalid <code>slot</code>.": the code word is a jint param */
            char *text = jt_doc_plain_text(e->description);
            const jt_doc *c = find_element(e->description, "code");
            const jt_param *p = c ? param_named(f, code_word(c)) : NULL;
            if (p && p->type->kind == JT_JINT && strncmp(text, "Invalid ", 8) == 0)
                out->slot = p->id;
            free(text);
        } else if (strcmp(e->id, "JVMTI_ERROR_TYPE_MISMATCH") == 0) {
            char *text = jt_doc_plain_text(e->description);
            if (strncmp(text, "The variable type is not ", 25) == 0)
                type_letters(e->description, out->types, sizeof out->types);
            free(text);
        }
    }
    for (size_t i = 0; i < f->nparams; i++)
        if (f->params[i].type->kind == JT_JFRAMEID) {
            out->depth = f->params[i].id;
            const jt_param *t = param_named(f, f->params[i].type->frame_thread);
            out->thread = t && t->type->kind == JT_JTHREAD ? t->id : NULL;
        }
    return out->slot && out->depth && out->thread;
}

bool jt_documented_package(const jt_param *p, const char **module, const char **error)
{
    const jt_function *f = jt_param_function(p);
    for (size_t i = 0; f && i < f->nerrors; i++) {
        flat fl = { .len = 0 };
        fl.buf[0] = '\0';
        flatten(&fl, f->errors[i].description);
        if (fl.overflow)
            continue;
        /* "If the package @pkg_name does not belong to the module." */
        char head[96], word[64];
        snprintf(head, sizeof head, "If the package @%s does not belong to the ", p->id);
        const char *t = trim(fl.buf);
        size_t n = strlen(head);
        if (strncmp(t, head, n) != 0 || sscanf(t + n, "%63[a-z_].", word) != 1 || strcmp(t + n + strlen(word), ".") != 0)
            continue;
        const jt_param *m = param_named(f, word);
        if (!m || jt_type_leaf(m->type)->kind != JT_JOBJECT)
            continue;
        *module = m->id;
        *error = f->errors[i].id;
        return true;
    }
    return false;
}

static bool documents(const jt_function *f, const char *error)
{
    for (size_t i = 0; f && i < f->nerrors; i++)
        if (strcmp(f->errors[i].id, error) == 0)
            return true;
    return false;
}

static bool same_params(const jt_function *a, const jt_function *b)
{
    if (a->nparams != b->nparams)
        return false;
    for (size_t i = 0; i < a->nparams; i++)
        if (strcmp(a->params[i].id, b->params[i].id) != 0 || a->params[i].type->kind != b->params[i].type->kind)
            return false;
    return true;
}

/* f's sibling: its name with prefix `from` replaced by `to`. */
static const jt_function *sibling(const jt_spec *s, const jt_function *f, const char *from, const char *to)
{
    char name[128];
    size_t n = strlen(from);
    if (!s || strncmp(f->id, from, n) != 0)
        return NULL;
    snprintf(name, sizeof name, "%s%s", to, f->id + n);
    const jt_function *g = jt_find_function(s, name);
    return g && g != f && same_params(f, g) ? g : NULL;
}

const jt_function *jt_clears(const jt_spec *s, const jt_function *f)
{
    const jt_function *g = sibling(s, f, "Clear", "Set");
    return g && documents(f, "JVMTI_ERROR_NOT_FOUND") && documents(g, "JVMTI_ERROR_DUPLICATE") ? g : NULL;
}

const jt_function *jt_cleared_by(const jt_spec *s, const jt_function *f)
{
    const jt_function *g = sibling(s, f, "Set", "Clear");
    return g && jt_clears(s, g) == f ? g : NULL;
}

/* ---- expected outcomes -------------------------------------------------------
 * The spec sorts its errors in three categories.  "Universal Errors" may
 * come from any function (NULL_POINTER, WRONG_PHASE, INTERNAL ...); the
 * "Function Specific Agent Errors" are, in its words, "returned in the
 * event of invalid parameters passed by the agent or usage in an invalid
 * context" (INVALID_*, ILLEGAL_ARGUMENT, MUST_POSSESS_CAPABILITY,
 * TYPE_MISMATCH ...); the "Function Specific Required Errors" "must be
 * returned by the implementation when the condition occurs": a state of
 * the VM or the program the agent asked about (CLASS_NOT_PREPARED,
 * ABSENT_INFORMATION, THREAD_NOT_ALIVE, NO_MORE_FRAMES, OPAQUE_FRAME,
 * NOT_FOUND, DUPLICATE, INTERRUPT, NOT_AVAILABLE ...), which a correct
 * agent meets and handles.  Three errors of that category still name a
 * bad argument or a misuse; they are the exceptions, one row each. */
static const char *const required_misuse[] = {
    "JVMTI_ERROR_INVALID_PRIORITY",     /* a priority out of range */
    "JVMTI_ERROR_INVALID_EVENT_TYPE",   /* no such event */
    "JVMTI_ERROR_NOT_MONITOR_OWNER",    /* a raw monitor the thread does not own */
};

bool jt_error_is_outcome(const jt_error *e)
{
    if (!e || !e->category_id || strcmp(e->category_id, "reqerrors") != 0)
        return false;
    for (size_t i = 0; i < sizeof required_misuse / sizeof *required_misuse; i++)
        if (strcmp(e->id, required_misuse[i]) == 0)
            return false;
    return true;
}
