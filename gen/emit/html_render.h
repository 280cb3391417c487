/* html_render.h — filling the blocks of an HTML template: the one place
 * that writes a slot's value, escapes text for HTML and reports a missing
 * block, for every emitter that writes HTML (the spec page, emit_html*.c,
 * and `jvmtigen site`'s own pages, emit_site.c).
 *
 * Why this shape: an emitter keeps its own state (what it reads from the
 * model) and embeds a jt_html, the rendering state, with `self` pointing
 * back at it; slot functions get the jt_html and take their state from
 * `self`.  A call site lists a block's values in place:
 *
 *     RENDER(h, "row", T("name", id), F("rows", slot_rows, g));
 *
 * T is text (escaped), H raw HTML, F a function that writes the value and W
 * an identifier that may break after "_".  The first template error is
 * reported once and marks the output failed; later renders do nothing, so
 * the emitter aborts the file instead of committing half a page.
 */
#ifndef JVMTIGEN_HTML_RENDER_H
#define JVMTIGEN_HTML_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "emit/template.h"
#include "util/outfile.h"

typedef struct jt_html {
    jt_tpl *t;                  /* the compiled template file */
    const char *tpl_file;       /* its name, for messages: "templates/jvmti.html.tmpl" */
    jt_out *o;
    FILE *f;                    /* jt_out_file(o) */
    int failed;                 /* a template error was reported */
    void *self;                 /* the emitter's own state, for its slots */
} jt_html;

/* One slot's value: text (escaped, or raw HTML) or a function that writes
 * it. */
typedef void (*jt_html_slot_fn)(jt_html *h, const void *arg);
typedef struct jt_html_var {
    const char *name;
    const char *text;
    jt_html_slot_fn fn;
    const void *arg;
    int raw;
} jt_html_var;

void jt_html_put(jt_html *h, const char *s);
void jt_html_putn(jt_html *h, const char *s, size_t n);
/* Text as HTML: & < > " escaped, everything else (UTF-8) as is. */
void jt_html_esc(jt_html *h, const char *s);
/* An identifier (a const char *) escaped, with <wbr> after each "_" that
 * has a letter or digit on both sides. */
void jt_html_ident(jt_html *h, const void *arg);

/* Writes BLOCK with the values V[0..N). */
void jt_html_render(jt_html *h, const char *block, const jt_html_var *v, size_t n);
/* The block named PREFIX + SUFFIX ("fn_phase_" + "live"). */
void jt_html_render_named(jt_html *h, const char *prefix, const char *suffix, const jt_html_var *v, size_t n);

/* The short forms the emitters use (include this header in emitter files
 * only). */
#define T(n, s) { (n), (s), NULL, NULL, 0 }
#define H(n, s) { (n), (s), NULL, NULL, 1 }
#define F(n, f, a) { (n), NULL, (f), (a), 0 }
#define W(n, s) { (n), NULL, jt_html_ident, (s), 0 }
#define RENDER(h, block, ...)                                                \
    do {                                                                     \
        const jt_html_var v_[] = { __VA_ARGS__ };                            \
        jt_html_render((h), (block), v_, sizeof v_ / sizeof v_[0]);          \
    } while (0)
#define RENDER0(h, block) jt_html_render((h), (block), NULL, 0)

#endif
