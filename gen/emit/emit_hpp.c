/* emit_hpp.c — write jvmtiEnv.hpp, the declaration of HotSpot's JvmtiEnv.
 *
 * The output must equal, byte for byte, the file OpenJDK's build generates
 * from the same spec (tests/golden/golden.sh checks JDK 8, 11, 17, 21, 25), so
 * every blank line and indent below is deliberate.  What varies is data:
 * the banner's framing (banner.c) and the file's frame (layouts[] below)
 * by JDK feature version, how a param is spelled (hpp_types.c), and the
 * rest comes from the model: one block per category in document order,
 * each function of it that is implemented (impl without "unimpl") and not
 * elided, with its HotSpot signature.
 */
#include <stdio.h>
#include <string.h>

#include "emit/banner.h"
#include "emit/emit.h"
#include "emit/hpp_types.h"
#include "util/outfile.h"

/* The frame around the member functions, as the generator of a JDK
 * feature version writes it.  JDK 8 to 25 agree on all of it (only the
 * banner changed, and that is banner.c's table); a generator that changes
 * it gets a row here. */
typedef struct hpp_layout {
    int from_major;             /* first JDK feature version it applies to */
    const char *after_banner;   /* blank lines, one with four spaces */
    const char *guard;          /* include guard macro */
    const char *includes[4];    /* NULL-terminated */
    const char *count_name;     /* enum constant: number of capabilities */
    const char *class_head;     /* from the class line to the first category */
    const char *class_tail;     /* after the last function, before #endif */
} hpp_layout;

static const hpp_layout layouts[] = {
    { 0, "\n    \n\n", "GENERATED_JVMTIFILES_JVMTIENV_HPP",
      { "prims/jvmtiEnvBase.hpp", "prims/jvmtiImpl.hpp", NULL },
      "JVMTI_INTERNAL_CAPABILITY_COUNT",
      "class JvmtiEnv : public JvmtiEnvBase {\n"
      "\n"
      "private:\n"
      "    \n"
      "    JvmtiEnv(jint version);\n"
      "    ~JvmtiEnv();\n"
      "\n"
      "public:\n"
      "\n"
      "    static JvmtiEnv* create_a_jvmti(jint version);\n"
      "\n",
      "\n};\n\n" },
};

static const hpp_layout *layout_for(int major)
{
    const hpp_layout *l = &layouts[0];
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
        if (layouts[i].from_major <= major)
            l = &layouts[i];
    return l;
}

/* HotSpot's implementation has no body for these: the entry layer
 * answers them itself (impl="unimpl"). */
static bool implemented(const jt_function *f)
{
    return !(f->impl && strstr(f->impl, "unimpl"));
}

/* Params as the generator joins them: a param left out takes its comma
 * with it, and every param but the last in the spec's list is followed by
 * one. */
static void put_params(jt_out *o, const jt_function *f, int major)
{
    for (size_t i = 0; i < f->nparams; i++) {
        char type[256];
        const char *name;
        if (!jt_hpp_param(&f->params[i], major, type, sizeof type, &name))
            continue;
        jt_out_printf(o, "%s %s%s", type, name, i + 1 < f->nparams ? ", " : "");
    }
}

static void put_category(jt_out *o, const jt_spec *s, const jt_category *c, int major)
{
    jt_out_printf(o, "\n  // %s functions\n", c->label ? c->label : "");
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        if (f->category != c || f->elided || !implemented(f))
            continue;
        jt_out_printf(o, "    jvmtiError %s%s(", f->hide ? f->hide : "", f->id);
        put_params(o, f, major);
        jt_out_puts(o, ");\n");
    }
}

int jt_emit_hpp(const jt_emit_ctx *ctx)
{
    const jt_spec *s = ctx->spec;
    const hpp_layout *l = layout_for(ctx->major);
    jt_out *o = jt_out_open(ctx->outdir, "jvmtiEnv.hpp");
    if (!o)
        return -1;
    jt_put_openjdk_banner(o, s, ctx->major, JT_BANNER_INCLUDE);
    jt_out_puts(o, l->after_banner);
    jt_out_printf(o, "#ifndef %s\n#define %s\n\n", l->guard, l->guard);
    for (size_t i = 0; l->includes[i]; i++)
        jt_out_printf(o, "#include \"%s\"\n", l->includes[i]);
    jt_out_printf(o, "\nenum {\n    %s = %zu\n};\n\n\n", l->count_name, s->ncapabilities);
    jt_out_puts(o, l->class_head);
    for (size_t i = 0; i < s->ncategories; i++)
        put_category(o, s, s->categories[i], ctx->major);
    jt_out_puts(o, l->class_tail);
    jt_out_printf(o, "#endif // %s\n", l->guard);
    return jt_out_commit(o);
}
