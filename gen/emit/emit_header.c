/* emit_header.c — write jvmti.h from the model.
 *
 * The output must equal, byte for byte, the header OpenJDK's build ships for
 * the same spec, so that a VM build can use us instead of its XSLT step.
 * Every blank line and indent below is therefore deliberate and is checked
 * by tests/golden/golden.sh against OpenJDK's own output for five JDKs.
 * What changed between JDK releases (the JVMTI_VERSION_x list, copyright
 * form, trailing spaces, struct tags, the minor version) is data: the row
 * of header_conventions.c for the declared major version.
 *
 * Order of the header: copyright, version enum, agent entry points, env
 * forward declarations, derived base types, constants groups (document
 * order), errors and event ids (by number), struct pre-declarations,
 * callback function types, structs, capabilities bitfield, event callback
 * types (by name), the event callback struct and the function table (by
 * number, reserved slots filled), then the C++ member functions (document
 * order).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "model/ctype.h"
#include "util/diag.h"
#include "emit/emit.h"
#include "util/outfile.h"
#include "util/collate.h"
#include "emit/banner.h"
#include "emit/header_conventions.h"
#include "emit/emit_header_decls.h"
#include "model/version.h"

typedef struct hctx {
    jt_out *o;
    const jt_spec *s;
    const jt_header_conventions *cv;
    int major, minor, micro;
} hctx;

/* ---- C spelling of types ------------------------------------------------ */

/* "TYPE NAME"; a varargs param spells itself " ..." (empty type). */
static void put_decl(hctx *h, const jt_param *p)
{
    char buf[256];
    jt_out_printf(h->o, "%s %s", jt_c_type(p->type, buf, sizeof buf), p->id);
}

/* Params as they appear in C signatures (implied jclass left out). */
static void put_params(hctx *h, const jt_param *ps, size_t n, const char *first_sep,
                       const char *sep)
{
    bool first = true;
    for (size_t i = 0; i < n; i++) {
        if (ps[i].implicit)
            continue;
        jt_out_puts(h->o, first ? first_sep : sep);
        first = false;
        put_decl(h, &ps[i]);
    }
}

/* ---- sections ----------------------------------------------------------- */

/* The spec's leading comment becomes the header's C comment: as it is in
 * JDK 8's header, or as a " * " comment with the Classpath exception added
 * after the GPL grant, as for every JDK include file since. */
static void put_copyright(hctx *h)
{
    const char *c = h->s->copyright ? h->s->copyright : "";
    if (h->cv->copyright == JT_COPYRIGHT_VERBATIM) {
        jt_out_printf(h->o, "/* %s */ \n\n", c);
        return;
    }
    const char *grant = "published by the Free Software Foundation.";
    jt_out_puts(h->o, "/*\n");
    while (*c == '\n')
        c++;
    size_t len = strlen(c);
    while (len && (c[len - 1] == '\n' || c[len - 1] == ' '))
        len--;
    for (const char *p = c; p < c + len;) {
        const char *nl = memchr(p, '\n', (size_t)(c + len - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(c + len - p);
        jt_out_printf(h->o, " *%.*s", (int)n, p);
        if (n >= strlen(grant) && memcmp(p + n - strlen(grant), grant, strlen(grant)) == 0)
            jt_out_puts(h->o, "  Oracle designates this\n"
                              " * particular file as subject to the \"Classpath\" exception as provided\n"
                              " * by Oracle in the LICENSE file that accompanied this code.");
        jt_out_puts(h->o, "\n");
        p += n + 1;
    }
    jt_out_puts(h->o, " */\n\n");
}

/* The JVMTI_VERSION_x enumerators of this JDK's header (a list in the
 * conventions table: OpenJDK writes them out by hand, they do not follow
 * from since=), then JVMTI_VERSION itself. */
static void put_versions(hctx *h)
{
    char names[32][32];
    unsigned values[32];
    int n = 0, width = 0;
    const char *p = h->cv->versions;
    while (*p && n < 32) {
        size_t len = strcspn(p, " ");
        int ma = 0, mi = 0;
        char word[16];
        snprintf(word, sizeof word, "%.*s", (int)len, p);
        if (sscanf(word, "%d_%d", &ma, &mi) < 1)
            jt_fatal("header conventions: bad version \"%s\"", word);
        snprintf(names[n], sizeof names[n], "JVMTI_VERSION_%s", word);
        values[n] = jt_jvmti_version(ma, mi, 0);
        if ((int)strlen(names[n]) > width)
            width = (int)strlen(names[n]);
        n++;
        p += len;
        p += strspn(p, " ");
    }
    jt_out_puts(h->o, "enum {\n");
    for (int i = 0; i < n; i++)
        jt_out_printf(h->o, "    %-*s = 0x%08X,\n", width, names[i], values[i]);
    if (h->cv->minor_from_spec)
        jt_out_printf(h->o, "\n    JVMTI_VERSION = 0x30000000 + (%d * 0x10000) + (%d * 0x100) + %d",
                      h->major, h->minor, h->micro);
    else
        jt_out_printf(h->o, "\n    JVMTI_VERSION = 0x30000000 + (%d * 0x10000) + ( 0 * 0x100) + %d",
                      h->major, h->micro);
    char v[48];
    jt_out_printf(h->o, "  /* version: %s */\n};\n\n", jt_version_text(v, sizeof v, h->major, h->minor, h->micro));
}

static void put_prologue(hctx *h)
{
    const jt_header_conventions *cv = h->cv;
    jt_out_puts(h->o, jt_openjdk_generated_line(h->major, JT_BANNER_INCLUDE));
    jt_out_puts(h->o, "\n");
    jt_out_puts(h->o,
        "    /* Include file for the Java(tm) Virtual Machine Tool Interface */\n\n"
        "#ifndef _JAVA_JVMTI_H_\n#define _JAVA_JVMTI_H_\n\n#include \"jni.h\"\n\n"
        "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
    put_versions(h);
    jt_out_printf(h->o,
        "JNIEXPORT jint JNICALL%s\nAgent_OnLoad(JavaVM *vm, char *options, void *reserved);\n\n"
        "JNIEXPORT jint JNICALL\nAgent_OnAttach(JavaVM* vm, char* options, void* reserved);\n\n"
        "JNIEXPORT void JNICALL%s\nAgent_OnUnload(JavaVM *vm);\n\n"
        "    /* Forward declaration of the environment */\n%s\n"
        "struct _jvmtiEnv;\n\nstruct jvmtiInterface_1_;\n%s\n"
        "#ifdef __cplusplus\ntypedef _jvmtiEnv jvmtiEnv;\n#else\n"
        "typedef const struct jvmtiInterface_1_ *jvmtiEnv;\n#endif /* __cplusplus */\n\n",
        cv->eol, cv->eol, cv->blank1, cv->blank2);
}

static void put_base_types(hctx *h)
{
    jt_out_puts(h->o, "/* Derived Base Types */\n\n");
    for (size_t i = 0; i < h->s->nbasetypes; i++)
        if (h->s->basetypes[i]->definition)
            jt_out_printf(h->o, "%s\n", h->s->basetypes[i]->definition);
}

static void put_constants(hctx *h)
{
    jt_out_puts(h->o, "\n    /* Constants */\n\n");
    for (size_t i = 0; i < h->s->nconstants; i++) {
        const jt_constants *g = h->s->constants[i];
        bool typed = g->kind == JT_CK_ENUM;
        jt_out_printf(h->o, "\n    /* %s */%s\n\n%s {\n", g->label, h->cv->eol, typed ? "typedef enum" : "enum");
        for (size_t j = 0; j < g->nconstants; j++)
            jt_out_printf(h->o, "    %s = %s%s\n", g->constants[j].id, g->constants[j].num,
                          j + 1 < g->nconstants ? "," : "");
        if (typed)
            jt_out_printf(h->o, "} %s;\n", g->id);
        else
            jt_out_puts(h->o, "};\n");
    }
}

static int cmp_error_num(const void *a, const void *b)
{
    const jt_error *x = *(const jt_error *const *)a, *y = *(const jt_error *const *)b;
    return (x->num > y->num) - (x->num < y->num);
}

static void put_errors_and_events(hctx *h)
{
    const jt_spec *s = h->s;
    const jt_error **errs = malloc((s->nerrors + 1) * sizeof *errs);
    if (!errs)
        jt_fatal("out of memory");
    jt_copy(errs, s->errors, s->nerrors * sizeof *errs);
    jt_sort(errs, s->nerrors, sizeof *errs, cmp_error_num);
    jt_out_puts(h->o, "\n    /* Errors */\n\ntypedef enum {\n");
    for (size_t i = 0; i < s->nerrors; i++)
        jt_out_printf(h->o, "    %s = %d,\n", errs[i]->id, errs[i]->num);
    jt_out_printf(h->o, "    JVMTI_ERROR_MAX = %d\n} jvmtiError;\n", s->max_error_num);
    free(errs);

    jt_out_printf(h->o, "\n    /* Event IDs */\n\ntypedef enum {\n    JVMTI_MIN_EVENT_TYPE_VAL = %d,\n",
                  s->min_event_num);
    for (int n = s->min_event_num; s->event_by_num && n <= s->max_event_num; n++) {
        const jt_event *ev = s->event_by_num[n - s->min_event_num];
        if (ev)
            jt_out_printf(h->o, "    %s = %d,\n", ev->const_name, ev->num);
    }
    jt_out_printf(h->o, "    JVMTI_MAX_EVENT_TYPE_VAL = %d\n} jvmtiEvent;\n\n", s->max_event_num);
}

static const char *tag_keyword(const jt_typedef *t)
{
    return t->kind == JT_TD_UNION ? "union" : "struct";
}

static void put_predeclarations(hctx *h)
{
    jt_out_puts(h->o, "\n    /* Pre-Declarations */\n");
    for (size_t i = 0; i < h->s->ntypedefs; i++) {
        const jt_typedef *t = h->s->typedefs[i];
        if (t->kind == JT_TD_CAPABILITIES)
            continue;
        jt_out_printf(h->o, "%s %s%s;\ntypedef %s %s%s %s;\n", tag_keyword(t), h->cv->struct_tag, t->id,
                      tag_keyword(t), h->cv->struct_tag, t->id, t->id);
    }
}

static void put_callback_types(hctx *h)
{
    char buf[256];
    jt_out_puts(h->o, "\n    /* Function Types */\n\n");
    for (size_t i = 0; i < h->s->ncallbacks; i++) {
        const jt_callback *cb = h->s->callbacks[i];
        if (cb->elided)
            continue;
        jt_out_printf(h->o, "typedef %s (JNICALL *%s)\n    (", jt_c_type(cb->ret, buf, sizeof buf), cb->id);
        put_params(h, cb->params, cb->nparams, "", ", ");
        jt_out_puts(h->o, ");\n\n");
    }
}

static void put_structs(hctx *h)
{
    jt_out_puts(h->o, "\n    /* Structure Types */\n");
    for (size_t i = 0; i < h->s->ntypedefs; i++) {
        const jt_typedef *t = h->s->typedefs[i];
        if (t->kind == JT_TD_CAPABILITIES)
            continue;
        jt_out_printf(h->o, "%s %s%s {\n", tag_keyword(t), h->cv->struct_tag, t->id);
        for (size_t j = 0; j < t->nfields; j++) {
            jt_out_puts(h->o, "    ");
            put_decl(h, &t->fields[j]);
            jt_out_puts(h->o, ";\n");
        }
        jt_out_puts(h->o, "};\n");
    }
}

/* One bit per capability, padded to a 16-bit boundary and then with 16-bit
 * fillers up to 128 bits, so the struct's size never changes. */
static void put_capabilities(hctx *h)
{
    const jt_typedef *td = h->s->capabilities_typedef;
    jt_out_puts(h->o, "\ntypedef struct {\n");
    for (size_t i = 0; i < h->s->ncapabilities; i++)
        jt_out_printf(h->o, "    unsigned int %s : 1;\n", h->s->capabilities[i].id);
    size_t bits = h->s->ncapabilities;
    if (bits % 16) {
        jt_out_printf(h->o, "    unsigned int : %zu;\n", 16 - bits % 16);
        bits += 16 - bits % 16;
    }
    for (; bits < 128; bits += 16)
        jt_out_puts(h->o, "    unsigned int : 16;\n");
    jt_out_printf(h->o, "} %s;\n\n", td ? td->id : "jvmtiCapabilities");
}

/* OpenJDK sorts the event typedefs by id with Java's locale collator. */
static int cmp_event_id(const void *a, const void *b)
{
    return jt_collate((*(const jt_event *const *)a)->id, (*(const jt_event *const *)b)->id);
}

static void put_events(hctx *h)
{
    const jt_spec *s = h->s;
    jt_out_puts(h->o, "\n    /* Event Definitions */\n\n"
                      "typedef void (JNICALL *jvmtiEventReserved)(void);\n\n");
    const jt_event **evs = malloc((s->nevents + 1) * sizeof *evs);
    if (!evs)
        jt_fatal("out of memory");
    size_t n = 0;
    for (size_t i = 0; i < s->nevents; i++)
        if (!s->events[i]->elided)
            evs[n++] = s->events[i];
    jt_sort(evs, n, sizeof *evs, cmp_event_id);
    for (size_t i = 0; i < n; i++) {
        char sep[16];
        snprintf(sep, sizeof sep, ",%s\n     ", h->cv->eol);
        jt_out_printf(h->o, "\ntypedef void (JNICALL *jvmtiEvent%s)\n    (jvmtiEnv *jvmti_env", evs[i]->id);
        put_params(h, evs[i]->params, evs[i]->nparams, sep, sep);
        jt_out_puts(h->o, ");\n");
    }
    free(evs);

    jt_out_puts(h->o, "\n    /* Event Callback Structure */\n\ntypedef struct {\n");
    for (int num = s->min_event_num; num <= s->max_event_num; num++) {
        const jt_event *ev = s->event_by_num[num - s->min_event_num];
        if (ev)
            jt_out_printf(h->o, "                              /*   %d : %s */\n    jvmtiEvent%s %s;\n",
                          num, ev->label, ev->id, ev->id);
        else
            jt_out_printf(h->o, "                              /*   %d */\n    jvmtiEventReserved reserved%d;\n",
                          num, num);
    }
    jt_out_puts(h->o, "} jvmtiEventCallbacks;\n\n");
}

static void put_function_table(hctx *h)
{
    const jt_spec *s = h->s;
    char sep[16];
    snprintf(sep, sizeof sep, ",%s\n    ", h->cv->eol);
    jt_out_printf(h->o, "\n    /* Function Interface */\n%s\ntypedef struct jvmtiInterface_1_ {\n\n", h->cv->blank3);
    for (int num = 1; num <= s->max_function_num; num++) {
        const jt_function *f = s->function_by_num[num];
        if (!f) {
            jt_out_printf(h->o, "  /*   %d :  RESERVED */\n  void *reserved%d;\n\n", num, num);
            continue;
        }
        jt_out_printf(h->o, "  /*   %d : %s */\n  jvmtiError (JNICALL *%s) (jvmtiEnv* env", num, f->synopsis,
                      f->id);
        put_params(h, f->params, f->nparams, sep, sep);
        jt_out_puts(h->o, ");\n\n");
    }
    jt_out_puts(h->o, "} jvmtiInterface_1;\n\n");
}

static void put_cplusplus(hctx *h)
{
    const jt_spec *s = h->s;
    jt_out_puts(h->o, "struct _jvmtiEnv {\n    const struct jvmtiInterface_1_ *functions;\n#ifdef __cplusplus\n\n");
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        if (!f->in_table)
            continue;
        jt_out_printf(h->o, "\n  jvmtiError %s(", f->id);
        put_params(h, f->params, f->nparams, "", ",\n            ");
        jt_out_printf(h->o, ") {\n    return functions->%s(this", f->id);
        for (size_t j = 0; j < f->nparams; j++)
            if (!f->params[j].implicit && f->params[j].type->kind != JT_VARARGS)
                jt_out_printf(h->o, ", %s", f->params[j].id);
        jt_out_puts(h->o, ");\n  }\n");
    }
    jt_out_puts(h->o, "\n#endif /* __cplusplus */\n};\n\n\n"
                      "#ifdef __cplusplus\n} /* extern \"C\" */\n#endif /* __cplusplus */\n\n"
                      "#endif /* !_JAVA_JVMTI_H_ */");
    jt_out_puts(h->o, h->cv->tail);
}

int jt_emit_header(const jt_emit_ctx *ctx)
{
    if (ctx->spec->iface.layout == JT_LAYOUT_DECLARATIONS)
        return jt_emit_header_decls(ctx);
    hctx h = { 0 };
    h.s = ctx->spec;
    h.major = ctx->major;
    h.minor = ctx->minor;
    h.micro = ctx->micro;
    h.cv = jt_header_conventions_for(h.major, h.minor);
    char name[128];
    h.o = jt_out_open(ctx->outdir, jt_output_name(ctx->spec, ".h", name, sizeof name));
    if (!h.o)
        return -1;
    put_copyright(&h);
    put_prologue(&h);
    put_base_types(&h);
    put_constants(&h);
    put_errors_and_events(&h);
    put_predeclarations(&h);
    put_callback_types(&h);
    put_structs(&h);
    put_capabilities(&h);
    put_events(&h);
    put_function_table(&h);
    put_cplusplus(&h);
    return jt_out_commit(h.o);
}
