/* emit_tables.c — <id>_names.h / <id>_names.c: names <-> values
 * (jvmti_names.[ch] for JVMTI, jdwpTransport_names.[ch] for the transport).
 *
 * Agents, the wrapper and the trace all need to turn an error, an event
 * number, a function slot, a constant or a capability bit into its spec name
 * and back.  This emitter writes those tables once, from the model.
 *
 * Design:
 * - Everything is data: the generated code is a handful of fixed functions
 *   (templates/names.tmpl, one block per section) over generated arrays, so
 *   the code is the same for every spec and only the tables change.  The
 *   names in it (the interface's id, its error type, its capabilities
 *   struct, its header) and the examples in its comments are slots filled
 *   from the model, and a section the spec does not have (events,
 *   constants, capabilities) is left out, lookups and all.
 * - By value is O(1) where the values are dense: errors by number (0..max),
 *   events by number (min..max), functions by slot (0..max), enum groups by
 *   value.  Sparse groups (bit flags) use a value-sorted index.
 * - By name is a binary search over names sorted here with strcmp(), so the
 *   order is the one strcmp() sees at run time.
 * - The output needs only the interface's header, <stddef.h> and
 *   <string.h>, is C99 and C++ (no designated initializers, no stdio), so
 *   any agent can compile it in.
 * - Only what the API has: elided functions and events are left out (the
 *   loader's function_by_num / event_by_num indexes hold non-elided ones).
 */
#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/diag.h"
#include "emit/emit.h"
#include "emit/template.h"
#include "model/model.h"
#include "util/outfile.h"
#include "util/path.h"
#include "model/version.h"

/* The fixed code, in blocks the emitter picks section by section. */
#define NAMES_TEMPLATE "names.tmpl"

/* Everything the text takes from the model, computed once: the template's
 * slots (names of the interface, examples from the spec at hand) and which
 * sections the spec has. */
typedef struct slot_value {
    const char *slot, *value;
} slot_value;

typedef struct tables {
    const jt_spec *s;
    jt_tpl *tpl;
    jt_out *o;                  /* the file being written */
    const char *id;             /* the interface's id: "jvmti" */
    char ID[64];                /* the id in capitals: "JVMTI" */
    char header[80];            /* the interface's own header: "jvmti.h" */
    char names_h[80], names_c[80];
    char guard[80];             /* "JVMTI_NAMES_H" */
    char version[48];
    char function_num[16];
    char bits_example[256];
    const char *file;           /* the banner's file name */
    bool has_events, has_constants, has_capabilities;
    slot_value slots[32];
    size_t nslots;
} tables;

/* ---- small helpers ----------------------------------------------------- */

/* A C string literal for s: quotes, backslashes, control characters and
 * every non-ASCII byte escaped (octal, always three digits so a following
 * digit is not taken into the escape), "??" broken so no trigraph forms. */
static void put_cstr(jt_out *o, const char *s)
{
    if (!s) {
        jt_out_puts(o, "NULL");
        return;
    }
    FILE *f = jt_out_file(o);
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        case '?':
            fputs(p > (const unsigned char *)s && p[-1] == '?' ? "\\?" : "?", f);
            break;
        default:
            if (*p < 0x20 || *p >= 0x7f)
                fprintf(f, "\\%03o", *p);
            else
                fputc(*p, f);
        }
    }
    fputc('"', f);
}

/* A jlong constant expression that is valid C99 and C++ for any value. */
static void put_jlong(jt_out *o, int64_t v)
{
    if (v == INT64_MIN)
        jt_out_puts(o, "(jlong)(-0x7fffffffffffffffLL - 1)");
    else if (v < 0)
        jt_out_printf(o, "(jlong)(-%" PRId64 "LL)", -v);
    else
        jt_out_printf(o, "(jlong)0x%" PRIx64 "LL", (uint64_t)v);
}

/* One row of a by-name index: a name and what it stands for. */
typedef struct name_row {
    const char *name;
    long long value;
} name_row;

static int cmp_row_name(const void *a, const void *b)
{
    return strcmp(((const name_row *)a)->name, ((const name_row *)b)->name);
}

/* Emits "static const <id>_names_row ID[] = {...}" sorted by name.  C has
 * no empty arrays, so an empty index gets one unused row; the count given
 * to the search is what counts. */
static void emit_name_index(const tables *t, const char *id, name_row *rows, size_t n)
{
    jt_out *o = t->o;
    jt_sort(rows, n, sizeof *rows, cmp_row_name);
    jt_out_printf(o, "static const %s_names_row %s[] = {\n", t->id, id);
    for (size_t i = 0; i < n; i++) {
        jt_out_puts(o, "    { ");
        put_cstr(o, rows[i].name);
        jt_out_printf(o, ", %lld },\n", rows[i].value);
    }
    if (n == 0)
        jt_out_puts(o, "    { NULL, 0 }\n");
    jt_out_printf(o, "};\nstatic const int %s_count = %zu;\n\n", id, n);
}

/* Emits "static const char *const ID[] = {...}" with one entry per slot. */
static void emit_string_array(jt_out *o, const char *id, const char *const *strs,
                              size_t n, long long first)
{
    jt_out_printf(o, "static const char *const %s[] = {\n", id);
    for (size_t i = 0; i < n; i++) {
        jt_out_puts(o, "    ");
        put_cstr(o, strs[i]);
        jt_out_printf(o, ",%s/* %lld */\n", strs[i] ? " " : "  ", first + (long long)i);
    }
    if (n == 0)
        jt_out_puts(o, "    NULL\n");
    jt_out_puts(o, "};\n\n");
}

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz);
    if (!p)
        jt_fatal("out of memory");
    return p;
}

/* ---- the names a run writes with --------------------------------------- */

/* Two examples in the comments that no rule of the model picks for JVMTI
 * (the <constants> element shown and the function whose slot is shown), so
 * they are data, one row per interface.  An interface without a row, or
 * whose spec lacks the name, shows its first group and its first function
 * in the spec's order.  Every other example follows a rule (tables_init). */
static const struct comment_example {
    const char *iface, *group, *function;
} comment_examples[] = {
    { "jvmti", "jvmtiPhase", "GetThreadState" },
};

static const struct comment_example *comment_example(const jt_spec *s)
{
    for (size_t i = 0; i < sizeof comment_examples / sizeof *comment_examples; i++)
        if (strcmp(comment_examples[i].iface, s->iface.id) == 0)
            return &comment_examples[i];
    return NULL;
}

static const char *group_element_example(const jt_spec *s)
{
    const struct comment_example *ex = comment_example(s);
    for (size_t gi = 0; ex && gi < s->nconstants; gi++)
        if (strcmp(s->constants[gi]->id, ex->group) == 0)
            return s->constants[gi]->id;
    return s->constants[0]->id;
}

/* The function the comment shows with its slot: one the table has. */
static const jt_function *function_example(const jt_spec *s)
{
    const struct comment_example *ex = comment_example(s);
    const jt_function *first = NULL;
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        if (!s->function_by_num || f->num < 1 || f->num > s->max_function_num || s->function_by_num[f->num] != f)
            continue;
        if (ex && strcmp(f->id, ex->function) == 0)
            return f;
        if (!first)
            first = f;
    }
    return first;
}

/* An example for the bits format: the first bits group's first non-zero
 * constant plus the lowest bit no constant of the group has, formatted as
 * <id>_bits_format does it (constants in spec order that add a bit, then
 * the rest in hex): "JVMTI_THREAD_STATE_ALIVE|0x8". */
static void bits_example(const jt_spec *s, char *buf, size_t len)
{
    snprintf(buf, len, "NAME|0x8");     /* no bits group to take one from */
    for (size_t gi = 0; gi < s->nconstants; gi++) {
        const jt_constants *g = s->constants[gi];
        if (g->kind != JT_CK_BITS)
            continue;
        uint64_t all = 0, first = 0;
        for (size_t i = 0; i < g->nconstants; i++) {
            all |= (uint64_t)g->constants[i].value;
            if (!first)
                first = (uint64_t)g->constants[i].value;
        }
        uint64_t spare = ~all & (all + 1);      /* the lowest clear bit */
        if (!first || !spare)
            return;
        uint64_t bits = first | spare, rest = bits;
        size_t n = 0;
        buf[0] = '\0';
        for (size_t i = 0; i < g->nconstants; i++) {
            uint64_t c = (uint64_t)g->constants[i].value;
            if (c != 0 && (c & ~bits) == 0 && (c & rest) != 0 && n < len) {
                n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? "|" : "", g->constants[i].id);
                rest &= ~c;
            }
        }
        if (rest && n < len)
            snprintf(buf + n, len - n, "%s0x%" PRIx64, n ? "|" : "", rest);
        return;
    }
}

static void add_slot(tables *t, const char *slot, const char *value)
{
    assert(t->nslots < sizeof t->slots / sizeof *t->slots);
    t->slots[t->nslots++] = (slot_value){ slot, value };
}

static bool fill(void *arg, const char *slot, jt_out *o)
{
    const tables *t = arg;
    if (strcmp(slot, "file") == 0) {
        jt_out_puts(o, t->file);
        return true;
    }
    for (size_t i = 0; i < t->nslots; i++)
        if (strcmp(t->slots[i].slot, slot) == 0) {
            jt_out_puts(o, t->slots[i].value);
            return true;
        }
    return false;
}

/* Reads the names and examples from the model; -1 (message printed) when
 * the spec lacks a name a section it has needs. */
static int tables_init(tables *t, const jt_emit_ctx *ctx)
{
    const jt_spec *s = ctx->spec;
    const jt_interface *in = &s->iface;
    *t = (tables){ .s = s, .id = in->id };
    if (strlen(in->id) >= sizeof t->ID - 16) {
        jt_diag(JT_DIAG_ERROR, s->path, in->line, "<interface id=\"%s\"> is too long for file names (at most %zu characters)",
                in->id, sizeof t->ID - 17);
        return -1;
    }
    for (size_t k = 0; in->id[k]; k++)
        t->ID[k] = (char)toupper((unsigned char)in->id[k]);
    jt_output_name(s, ".h", t->header, sizeof t->header);
    jt_output_name(s, "_names.h", t->names_h, sizeof t->names_h);
    jt_output_name(s, "_names.c", t->names_c, sizeof t->names_c);
    snprintf(t->guard, sizeof t->guard, "%s_NAMES_H", t->ID);
    jt_version_text(t->version, sizeof t->version, ctx->major, ctx->minor, ctx->micro);

    add_slot(t, "id", t->id);
    add_slot(t, "ID", t->ID);
    add_slot(t, "iface_name", in->name);
    add_slot(t, "spec_file", jt_basename(s->path));
    add_slot(t, "version", t->version);
    add_slot(t, "header", t->header);
    add_slot(t, "names_h", t->names_h);
    add_slot(t, "names_c", t->names_c);
    add_slot(t, "guard", t->guard);
    add_slot(t, "error_type", in->error_type);

    /* errors: the first that is not success */
    const char *err = s->nerrors ? s->errors[0]->id : "";
    for (size_t i = 0; i < s->nerrors; i++)
        if (s->errors[i]->num != 0) {
            err = s->errors[i]->id;
            break;
        }
    add_slot(t, "error_example", err);

    /* events: the lowest-numbered one the API has */
    for (int n = s->min_event_num; s->event_by_num && n <= s->max_event_num && !t->has_events; n++) {
        const jt_event *e = s->event_by_num[n - s->min_event_num];
        if (e) {
            t->has_events = true;
            add_slot(t, "event_example", e->id);
            add_slot(t, "event_constant_example", e->const_name);
        }
    }
    if (t->has_events && !in->event_type) {
        jt_diag(JT_DIAG_ERROR, s->path, in->line,
                "the spec has events but <interface> names no eventtype= (the C type of event numbers)");
        return -1;
    }
    add_slot(t, "event_type", in->event_type ? in->event_type : "");

    const jt_function *fn = function_example(s);
    snprintf(t->function_num, sizeof t->function_num, "%d", fn ? fn->num : 0);
    add_slot(t, "function_example", fn ? fn->id : "");
    add_slot(t, "function_example_num", t->function_num);

    /* constants: the first group and its first constant */
    t->has_constants = s->nconstants > 0;
    if (t->has_constants) {
        const jt_constants *g = s->constants[0];
        add_slot(t, "group_example", g->id);
        add_slot(t, "constant_example", g->nconstants ? g->constants[0].id : "");
        add_slot(t, "group_element_example", group_element_example(s));
        bits_example(s, t->bits_example, sizeof t->bits_example);
        add_slot(t, "bits_example", t->bits_example);
    }

    /* capabilities: the struct's name and bit 0 */
    t->has_capabilities = s->ncapabilities > 0;
    if (t->has_capabilities) {
        if (!s->capabilities_typedef) {
            jt_diag(JT_DIAG_ERROR, s->path, s->capabilities[0].line,
                    "capability %s has no capabilities typedef to be a field of", s->capabilities[0].id);
            return -1;
        }
        const char *first = s->capabilities[0].id;
        for (size_t i = 0; i < s->ncapabilities; i++)
            if (s->capabilities[i].index == 0)
                first = s->capabilities[i].id;
        add_slot(t, "capabilities_type", s->capabilities_typedef->id);
        add_slot(t, "capability_example", first);
    }

    t->tpl = jt_tpl_load(NAMES_TEMPLATE);
    return t->tpl ? 0 : -1;
}

/* Writes template block NAME; -1 (message printed) when it is missing or
 * asks for a slot this spec has no value for. */
static int put_block(tables *t, const char *name)
{
    const jt_tpl_block *b = jt_tpl_need(t->tpl, NAMES_TEMPLATE, name, "expected one per section");
    if (!b)
        return -1;
    return jt_tpl_render(b, t->o, fill, t);
}

/* ---- <id>_names.h ------------------------------------------------------- */

static int emit_names_h(tables *t)
{
    t->file = t->names_h;
    return put_block(t, "banner") || put_block(t, "h_top") || put_block(t, "h_errors") ||
           (t->has_events && put_block(t, "h_events")) || put_block(t, "h_functions") ||
           (t->has_constants && put_block(t, "h_constants")) ||
           (t->has_capabilities && put_block(t, "h_capabilities")) || put_block(t, "h_end") ? -1 : 0;
}

/* ---- <id>_names.c: the tables ------------------------------------------ */

static int emit_errors(const tables *t)
{
    jt_out *o = t->o;
    const jt_spec *s = t->s;
    int max = s->max_error_num;
    size_t n = max < 0 ? 0 : (size_t)max + 1;
    const char **names = xcalloc(n, sizeof *names);
    const char **texts = xcalloc(n, sizeof *texts);
    name_row *rows = xcalloc(s->nerrors, sizeof *rows);
    int rc = 0;
    for (size_t i = 0; i < s->nerrors; i++) {
        const jt_error *e = s->errors[i];
        if (e->num < 0 || e->num > max) {
            jt_diag(JT_DIAG_ERROR, s->path, e->line,
                    "error %s has number %d (expected 0 to %d)", e->id, e->num, max);
            rc = -1;
            continue;
        }
        if (!names[e->num]) {           /* first in spec order wins */
            names[e->num] = e->id;
            texts[e->num] = e->short_text;
        }
        rows[i] = (name_row){ e->id, e->num };
    }
    if (rc == 0) {
        jt_out_printf(o, "#define MAX_ERROR %d\n\n", max);
        emit_string_array(o, "error_names", names, n, 0);
        emit_string_array(o, "error_descriptions", texts, n, 0);
        emit_name_index(t, "errors_by_name", rows, s->nerrors);
    }
    free(names);
    free(texts);
    free(rows);
    return rc;
}

static void emit_events(const tables *t)
{
    jt_out *o = t->o;
    const jt_spec *s = t->s;
    size_t n = s->event_by_num && s->max_event_num >= s->min_event_num
        ? (size_t)(s->max_event_num - s->min_event_num + 1) : 0;
    const char **names = xcalloc(n, sizeof *names);
    const char **consts = xcalloc(n, sizeof *consts);
    name_row *rows = xcalloc(n, sizeof *rows);
    size_t nrows = 0;
    for (size_t i = 0; i < n; i++) {
        const jt_event *e = s->event_by_num[i];
        if (!e)
            continue;
        names[i] = e->id;
        consts[i] = e->const_name;
        rows[nrows++] = (name_row){ e->id, e->num };
    }
    jt_out_printf(o, "#define MIN_EVENT %d\n#define MAX_EVENT %d\n\n", s->min_event_num, s->max_event_num);
    emit_string_array(o, "event_names", names, n, s->min_event_num);
    emit_string_array(o, "event_constant_names", consts, n, s->min_event_num);
    emit_name_index(t, "events_by_name", rows, nrows);
    free(names);
    free(consts);
    free(rows);
}

static void emit_functions(const tables *t)
{
    jt_out *o = t->o;
    const jt_spec *s = t->s;
    int max = s->function_by_num ? s->max_function_num : 0;
    size_t n = (size_t)max + 1;
    const char **names = xcalloc(n, sizeof *names);
    name_row *rows = xcalloc(n, sizeof *rows);
    size_t nrows = 0;
    for (int num = 1; num <= max; num++) {
        const jt_function *f = s->function_by_num[num];
        if (!f)
            continue;
        names[num] = f->id;
        rows[nrows++] = (name_row){ f->id, num };
    }
    jt_out_printf(o, "#define MAX_FUNCTION %d\n\n", max);
    emit_string_array(o, "function_names", names, n, 0);
    emit_name_index(t, "functions_by_name", rows, nrows);
    free(names);
    free(rows);
}

/* A constant's value and its index in the group, sorted by value and then
 * by spec order, so the first of equal values comes first. */
typedef struct value_row {
    int64_t value;
    size_t index;
} value_row;

static int cmp_value_row(const void *a, const void *b)
{
    const value_row *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The enumerators of <ID>_constants_kind (h_constants in the template). */
static const char *const kind_names[] = {
    [JT_CK_ENUM] = "ENUM",
    [JT_CK_BITS] = "BITS",
    [JT_CK_CONST] = "CONST",
    [JT_CK_DEFINE] = "DEFINE",
};

/* A group's by-value index (see <id>_constant_group in the header):
 * dense when its values span little more than their number, else sorted. */
static void emit_group_by_value(jt_out *o, const jt_constants *g, size_t gi,
                                int64_t *base, long *slots, size_t *nsorted)
{
    size_t n = g->nconstants;
    value_row *order = xcalloc(n, sizeof *order);
    for (size_t i = 0; i < n; i++)
        order[i] = (value_row){ g->constants[i].value, i };
    jt_sort(order, n, sizeof *order, cmp_value_row);

    int64_t lo = order[0].value, hi = order[n - 1].value;
    uint64_t span = (uint64_t)hi - (uint64_t)lo;  /* exact even for extremes */
    *slots = span < 2 * (uint64_t)n + 8 ? (long)span + 1 : 0;
    *base = *slots ? lo : 0;
    *nsorted = 0;

    jt_out_printf(o, "static const unsigned short group%zu_by_value[] = {", gi);
    if (*slots > 0) {
        unsigned short *slot = xcalloc((size_t)*slots, sizeof *slot);
        for (size_t i = n; i-- > 0;)   /* backwards: the first one stays */
            slot[g->constants[i].value - lo] = (unsigned short)(i + 1);
        for (long i = 0; i < *slots; i++)
            jt_out_printf(o, "%s%u", i ? ", " : " ", slot[i]);
        free(slot);
    } else {
        for (size_t i = 0; i < n; i++) {
            if (i > 0 && order[i].value == order[i - 1].value)
                continue;
            jt_out_printf(o, "%s%zu", *nsorted ? ", " : " ", order[i].index);
            ++*nsorted;
        }
    }
    jt_out_puts(o, " };\n");
    free(order);
}

static int emit_constants(const tables *t)
{
    jt_out *o = t->o;
    const jt_spec *s = t->s;
    size_t total = 0;
    for (size_t gi = 0; gi < s->nconstants; gi++) {
        const jt_constants *g = s->constants[gi];
        if (g->nconstants > 65534) {
            jt_diag(JT_DIAG_ERROR, s->path, g->line,
                    "constants %s has %zu constants (expected at most 65534)",
                    g->id, g->nconstants);
            return -1;
        }
        total += g->nconstants;
    }

    /* All constants in one array, each group a slice of it, so one by-name
     * index covers them all. */
    jt_out_printf(o, "static const %s_constant all_constants[] = {\n", t->id);
    name_row *rows = xcalloc(total, sizeof *rows);
    size_t k = 0;
    for (size_t gi = 0; gi < s->nconstants; gi++) {
        const jt_constants *g = s->constants[gi];
        for (size_t i = 0; i < g->nconstants; i++, k++) {
            const jt_constant *c = &g->constants[i];
            jt_out_puts(o, "    { ");
            put_cstr(o, c->id);
            jt_out_puts(o, ", ");
            put_jlong(o, c->value);
            jt_out_puts(o, " },\n");
            rows[k] = (name_row){ c->id, (long long)k };
        }
    }
    if (total == 0)
        jt_out_puts(o, "    { NULL, 0 }\n");
    jt_out_puts(o, "};\n\n/* Group of each constant in all_constants. */\n"
                   "static const unsigned short constant_group[] = {");
    k = 0;
    for (size_t gi = 0; gi < s->nconstants; gi++)
        for (size_t i = 0; i < s->constants[gi]->nconstants; i++, k++)
            jt_out_printf(o, "%s%zu", k == 0 ? "\n    " : k % 16 ? ", " : ",\n    ", gi);
    jt_out_puts(o, total ? "\n};\n\n" : "\n    0\n};\n\n");
    emit_name_index(t, "constants_by_name", rows, total);
    free(rows);

    size_t first = 0;
    for (size_t gi = 0; gi < s->nconstants; gi++) {
        const jt_constants *g = s->constants[gi];
        int64_t base = 0;
        long slots = 0;
        size_t nsorted = 0;
        if (g->nconstants > 0)
            emit_group_by_value(o, g, gi, &base, &slots, &nsorted);
        jt_out_printf(o, "static const %s_constant_group group%zu = {\n    ", t->id, gi);
        put_cstr(o, g->id);
        jt_out_printf(o, ", %s_CONSTANTS_%s, %zu, all_constants + %zu,\n    ",
                      t->ID, kind_names[g->kind], g->nconstants, first);
        put_jlong(o, base);
        if (g->nconstants > 0)
            jt_out_printf(o, ", %ld, group%zu_by_value, %zu\n};\n", slots, gi, nsorted);
        else
            jt_out_puts(o, ", 0, NULL, 0\n};\n");
        first += g->nconstants;
    }

    jt_out_printf(o, "\nconst %s_constant_group *const %s_constant_groups[] = {\n", t->id, t->id);
    name_row *grows = xcalloc(s->nconstants, sizeof *grows);
    for (size_t gi = 0; gi < s->nconstants; gi++) {
        jt_out_printf(o, "    &group%zu,\n", gi);
        grows[gi] = (name_row){ s->constants[gi]->id, (long long)gi };
    }
    if (s->nconstants == 0)
        jt_out_puts(o, "    NULL\n");
    jt_out_printf(o, "};\nconst int %s_constant_group_count = %zu;\n\n", t->id, s->nconstants);
    emit_name_index(t, "groups_by_name", grows, s->nconstants);
    free(grows);
    return 0;
}

static int emit_capabilities(const tables *t)
{
    jt_out *o = t->o;
    const jt_spec *s = t->s;
    const char *caps = s->capabilities_typedef->id;
    size_t n = s->ncapabilities;
    const jt_capability **by_index = xcalloc(n, sizeof *by_index);
    name_row *rows = xcalloc(n, sizeof *rows);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        const jt_capability *c = &s->capabilities[i];
        if (c->index < 0 || (size_t)c->index >= n || by_index[c->index]) {
            jt_diag(JT_DIAG_ERROR, s->path, c->line,
                    "capability %s has bit index %d (expected a unique index below %zu)",
                    c->id, c->index, n);
            rc = -1;
            continue;
        }
        by_index[c->index] = c;
        rows[i] = (name_row){ c->id, c->index };
    }
    if (rc == 0) {
        jt_out_printf(o, "const char *const %s_capability_names[] = {\n", t->id);
        for (size_t i = 0; i < n; i++) {
            jt_out_puts(o, "    ");
            put_cstr(o, by_index[i]->id);
            jt_out_puts(o, ",\n");
        }
        if (n == 0)
            jt_out_puts(o, "    NULL\n");
        jt_out_printf(o, "};\nconst int %s_capability_count = %zu;\n\n", t->id, n);
        emit_name_index(t, "capabilities_by_name", rows, n);

        /* A switch over the named bitfields: portable, unlike bit arithmetic
         * on the struct's storage. */
        jt_out_printf(o, "int %s_capability_get(const %s *caps, int index)\n"
                         "{\n    if (caps == NULL)\n        return 0;\n    switch (index) {\n", t->id, caps);
        for (size_t i = 0; i < n; i++)
            jt_out_printf(o, "    case %zu: return caps->%s;\n", i, by_index[i]->id);
        jt_out_puts(o, "    default: return 0;\n    }\n}\n\n");
        jt_out_printf(o, "int %s_capability_set(%s *caps, int index, int on)\n"
                         "{\n    if (caps == NULL)\n        return 0;\n    switch (index) {\n", t->id, caps);
        for (size_t i = 0; i < n; i++)
            jt_out_printf(o, "    case %zu: caps->%s = on ? 1 : 0; return 1;\n", i, by_index[i]->id);
        jt_out_puts(o, "    default: return 0;\n    }\n}\n\n");
    }
    free(by_index);
    free(rows);
    return rc;
}

static int emit_names_c(tables *t)
{
    jt_out *o = t->o;
    t->file = t->names_c;
    if (put_block(t, "banner") || put_block(t, "c_top"))
        return -1;
    jt_out_puts(o, "/* ---- errors ---- */\n\n");
    if (emit_errors(t) != 0)
        return -1;
    if (t->has_events) {
        jt_out_puts(o, "/* ---- events ---- */\n\n");
        emit_events(t);
    }
    jt_out_puts(o, "/* ---- functions ---- */\n\n");
    emit_functions(t);
    if (t->has_constants) {
        jt_out_puts(o, "/* ---- constants ---- */\n\n");
        if (emit_constants(t) != 0)
            return -1;
    }
    if (t->has_capabilities) {
        jt_out_puts(o, "/* ---- capabilities ---- */\n\n");
        if (emit_capabilities(t) != 0)
            return -1;
    }
    jt_out_puts(o, "/* ---- lookups ---- */\n\n");
    return put_block(t, "c_errors") || (t->has_events && put_block(t, "c_events")) ||
           put_block(t, "c_functions") || (t->has_constants && put_block(t, "c_constants")) ||
           (t->has_capabilities && put_block(t, "c_capabilities")) ? -1 : 0;
}

/* ---- entry point ------------------------------------------------------- */

int jt_emit_tables(const jt_emit_ctx *ctx)
{
    tables t;
    int rc = tables_init(&t, ctx);
    jt_out *h = rc == 0 ? jt_out_open(ctx->outdir, t.names_h) : NULL;
    jt_out *c = h ? jt_out_open(ctx->outdir, t.names_c) : NULL;
    if (c) {
        t.o = h;
        rc = emit_names_h(&t);
        t.o = c;
        rc = rc == 0 ? emit_names_c(&t) : -1;
    } else {
        rc = -1;
    }
    jt_tpl_free(t.tpl);
    if (rc != 0) {
        jt_out_abort(h);
        jt_out_abort(c);
        return -1;
    }
    /* Committed files are published (or dropped) together by jt_out_finish. */
    if (jt_out_commit(h) != 0) {
        jt_out_abort(c);
        return -1;
    }
    return jt_out_commit(c);
}
