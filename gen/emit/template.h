/* template.h — the tiny template engine the HTML emitter fills.
 *
 * A template file is a set of named blocks:
 *
 *     {{block name}}text with {{slot}}s{{end}}
 *
 * Text outside blocks is ignored (so files can carry comments), {{! ... }}
 * is a comment, and {{>file}} inside a block inserts another template file
 * verbatim (the page's CSS and JavaScript).  When "{{block name}}" ends its
 * line, that newline and the one before "{{end}}" are not part of the
 * block, so blocks can sit on lines of their own; a block written on one
 * line keeps all its text.  There are
 * no conditionals or loops: the emitter picks which block to render and
 * fills each {{slot}} itself, the way glad keeps its templates as small
 * blocks that code switches on and off.
 *
 * Words: {{_text}} is text of the page's own (a heading, a caption) and
 * {{text name}} ... {{end}} a block that is one sentence, slots and markup
 * included.  Both are messages of a gettext catalog (--lang): the text is
 * the msgid (a text block's msgctxt is its name), and a translation
 * replaces it when the template is compiled; a text block's translation
 * may use the English's slots and no others.  Without a catalog the text
 * is used as it is.  `jvmtigen pot --ui` lists the messages.
 *
 * Templates are compiled into jvmtigen (templates_gen.c, made from
 * templates/ at build time); setting JVMTIGEN_TEMPLATES=DIR reads them from
 * DIR instead, to try template changes without rebuilding.
 */
#ifndef JVMTIGEN_TEMPLATE_H
#define JVMTIGEN_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/outfile.h"

typedef struct jt_tpl jt_tpl;
typedef struct jt_tpl_block jt_tpl_block;

/* Writes the value of one slot; returns false when the slot is unknown. */
typedef bool (*jt_tpl_fill)(void *arg, const char *slot, jt_out *o);

/* Loads and compiles template file NAME (and the files it includes) from
 * $JVMTIGEN_TEMPLATES or the compiled-in copies.  NULL (message printed,
 * "file:line: error: ...") on failure. */
jt_tpl *jt_tpl_load(const char *name);
/* The same, with the page's words from catalog UI (NULL: English). */
struct jt_catalog;
jt_tpl *jt_tpl_load_lang(const char *name, struct jt_catalog *ui);

/* The messages of the loaded file, in file order (ctx NULL for {{_text}}). */
typedef struct jt_tpl_message {
    const char *ctx, *msgid, *file;
    int line;
} jt_tpl_message;
size_t jt_tpl_nmessages(const jt_tpl *t);
const jt_tpl_message *jt_tpl_messages(const jt_tpl *t);
void jt_tpl_free(jt_tpl *t);

/* A block by name, or NULL. */
const jt_tpl_block *jt_tpl_find(const jt_tpl *t, const char *name);
/* The same for a block the emitter cannot do without: NULL after
 * "FILE: error: no block NAME (WHY)". */
const jt_tpl_block *jt_tpl_need(const jt_tpl *t, const char *file, const char *name, const char *why);
const char *jt_tpl_block_name(const jt_tpl_block *b);

/* Writes block B, asking FILL for every slot.  Returns 0, or -1 after
 * printing "file:line: error: unknown slot" for a slot FILL does not know. */
int jt_tpl_render(const jt_tpl_block *b, jt_out *o, jt_tpl_fill fill, void *arg);

/* The compiled-in template files (templates_gen.c). */
typedef struct jt_embedded_file {
    const char *name;
    const unsigned char *data;
    size_t size;
} jt_embedded_file;

extern const jt_embedded_file jt_embedded_templates[];
extern const size_t jt_n_embedded_templates;

#endif
