/* banner.c — the opening of OpenJDK's generated HotSpot files (banner.h).
 *
 * The generator's shared library of templates changed how it frames the
 * copyright comment once (JDK 9 dropped a space after the opening and
 * after the closing of the comment, and after the generated line); that
 * change is a row of styles[], found by JDK feature version, so emitters
 * never test version numbers themselves.  The comment's text is the spec's
 * own leading XML comment (spec->copyright), never text of ours.
 */
#include "emit/banner.h"

#include <stddef.h>

typedef struct banner_style {
    int from_major;             /* first JDK feature version it applies to */
    const char *open, *close;   /* around the spec's comment */
    const char *include_line;   /* JT_BANNER_INCLUDE */
    const char *source_line;    /* JT_BANNER_SOURCE */
} banner_style;

/* In order of from_major; the last row not after `major` applies. */
static const banner_style styles[] = {
    /* JDK 8 and before (JVMTI 1.x): a space after each delimiter */
    { 0, "/* ", " */ \n\n",
      " /* AUTOMATICALLY GENERATED FILE - DO NOT EDIT */ \n",
      " // AUTOMATICALLY GENERATED FILE - DO NOT EDIT \n" },
    /* JDK 9 on: no trailing spaces */
    { 9, "/*", " */\n\n",
      " /* AUTOMATICALLY GENERATED FILE - DO NOT EDIT */\n",
      " // AUTOMATICALLY GENERATED FILE - DO NOT EDIT\n" },
};

static const banner_style *style_for(int major)
{
    const banner_style *st = &styles[0];
    for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++)
        if (styles[i].from_major <= major)
            st = &styles[i];
    return st;
}

const char *jt_openjdk_generated_line(int major, jt_banner_kind kind)
{
    const banner_style *st = style_for(major);
    return kind == JT_BANNER_SOURCE ? st->source_line : st->include_line;
}

void jt_put_openjdk_banner(jt_out *o, const jt_spec *s, int major, jt_banner_kind kind)
{
    const banner_style *st = style_for(major);
    jt_out_puts(o, st->open);
    jt_out_puts(o, s->copyright ? s->copyright : "");
    jt_out_puts(o, st->close);
    jt_out_puts(o, kind == JT_BANNER_SOURCE ? st->source_line : st->include_line);
}
