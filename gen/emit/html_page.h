/* html_page.h — what the files of the spec page (emit_html.c and the
 * html_*.c it calls) share: the page's state R, its short forms of
 * html_render.h's output, the argument types of slots used in more than one
 * file, and the functions one file renders for another.  Internal to the
 * page: nothing outside gen/emit/emit_html.c and html_{page_util,prose,
 * types,params,members}.c includes it.  Split by job so that no file is
 * over about 1000 lines; the prefix jt_hp_ keeps the shared names apart
 * in libjvmtigen.a.
 */
#ifndef JVMTIGEN_HTML_PAGE_H
#define JVMTIGEN_HTML_PAGE_H

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/array.h"
#include "model/checks.h"
#include "model/ctype.h"
#include "util/diag.h"
#include "emit/emit.h"
#include "model/model.h"
#include "util/outfile.h"
#include "emit/template.h"
#include "emit/html_legal.h"
#include "emit/html_render.h"
#include "emit/html_search.h"
#include "emit/site.h"
#include "i18n/catalog.h"
#include "i18n/lang.h"
#include "i18n/prose.h"
#include "model/version.h"
#include "util/path.h"

/* ---- state ------------------------------------------------------------- */

typedef struct R R;
struct R {
    const jt_emit_ctx *ctx;
    const jt_spec *s;
    jt_html h;                  /* rendering state; h.self is this R */
    int phrasing;               /* phrasing elements open around the cursor */
    int plain_dl;               /* inside a <dl> without <dt> */
    int jdk;                    /* JDK feature release for outside links */
    bool plain;                 /* --html-plain: none of our additions */
    const jt_prose *prose;      /* --translations: the spec's prose translated */
};

/* A label or synopsis of the spec (ctx: its element's anchor), translated
 * when --translations has it. */
static inline const char *L(const R *r, const char *ctx, const char *english)
{
    return r->prose && ctx ? jt_prose_label(r->prose, ctx, english) : english;
}

/* ---- output (html_render.c writes; these are the page's short forms) ---- */

static inline void put(R *r, const char *s) { jt_html_put(&r->h, s); }
static inline void esc(R *r, const char *s) { jt_html_esc(&r->h, s); }

/* ---- argument types of slots of several files ---------------------- */

/* A growable array of pointers. */
typedef struct ptrs {
    const void **p;
    size_t n, cap;
} ptrs;

typedef struct sig_arg {
    const jt_param *ps;
    size_t n;
} sig_arg;

/* Typedefs a function or event declares: declarations (structs only, as
 * published) and tables. */
typedef struct td_list {
    jt_typedef *const *p;
    size_t n;
} td_list;

typedef struct params_arg {
    const jt_param *ps;
    size_t n;
    bool function;              /* add the kind sentences (functions only) */
} params_arg;

/* The checks jvmticheck applies (checks.c decides, as for the wrapper). */
typedef struct checks_arg {
    jt_check cs[JT_MAX_CHECKS];
    int n;
} checks_arg;

typedef struct caps_arg {
    const jt_cap_use *req;
    size_t nreq;
    const jt_cap_use *opt;
    size_t nopt;
    const char *what;           /* "function" or "event" */
} caps_arg;

typedef struct badge_arg {
    const char *phase;
    bool callbacksafe;
    const jt_cap_use *req;
    size_t nreq;
    const jt_cap_use *opt;
    size_t nopt;
    const char *since;
    const char *position;       /* function table slot, or NULL */
    const char *kind, *id;      /* for "changed in" badges on a site */
} badge_arg;

/* html_page_util.c */
void *jt_hp_xcalloc(size_t n, size_t sz);
void jt_hp_ptrs_push(ptrs *a, const void *x);
void jt_hp_ptrs_sort(ptrs *a, int (*cmp)(const void *, const void *));
int jt_hp_name_cmp(const char *a, const char *b);
const char *jt_hp_anchor_of(const char *id, char *buf, size_t n);
bool jt_hp_doc_empty(const jt_doc *d);
void jt_hp_doc_string(R *r, const jt_doc *d);
int jt_hp_by_constants_order(const void *a, const void *b);
void jt_hp_put_anchor(R *r, const char *owner_id, const char *id);

/* html_prose.c */
void jt_hp_slot_doc(jt_html *h, const void *arg);
void jt_hp_slot_description(jt_html *h, const void *arg);
void jt_hp_doc(R *r, const jt_doc *d);

/* html_types.c */
void jt_hp_render_intro(R *r, const jt_intro *in);
bool jt_hp_intro_in(const jt_intro *in, const char *parent);
void jt_hp_slot_intros(jt_html *h, const void *arg);
void jt_hp_render_constants(R *r, const jt_constants *g);
void jt_hp_render_enum_code(R *r, const jt_constants *g);
void jt_hp_slot_type_link(jt_html *h, const void *arg);
void jt_hp_slot_c_type(jt_html *h, const void *arg);
void jt_hp_slot_params_sig(jt_html *h, const void *arg);
void jt_hp_slot_params_slot(jt_html *h, const void *arg);
void jt_hp_slot_params_callback(jt_html *h, const void *arg);
void jt_hp_render_typedef_section(R *r, const jt_typedef *td);
void jt_hp_slot_typedefs_code(jt_html *h, const void *arg);
void jt_hp_slot_typedefs_tables(jt_html *h, const void *arg);

/* html_params.c */
void jt_hp_slot_nothing(jt_html *h, const void *arg);
void jt_hp_slot_check_items(jt_html *h, const void *arg);
void jt_hp_render_parameters(R *r, const params_arg *a);
void jt_hp_render_function_errors(R *r, const jt_function *f);
void jt_hp_render_capabilities(R *r, const caps_arg *a);
void jt_hp_slot_event_cap_rows(jt_html *h, const void *arg);
const char *jt_hp_phase_or_live(const char *attr);
void jt_hp_render_badges(R *r, const badge_arg *b);

/* html_members.c */
void jt_hp_slot_fn_ret(jt_html *h, const void *arg);
const char *jt_hp_function_label(const jt_spec *s);
const char *jt_hp_event_label(const jt_spec *s);
const char *jt_hp_issues_label(const jt_spec *s);
bool jt_hp_listed(const jt_function *f);
void jt_hp_slot_function_section(jt_html *h, const void *arg);
void jt_hp_slot_event_section(jt_html *h, const void *arg);

/* html_versions.c */
void jt_hp_slot_versions(jt_html *h, const void *arg);
void jt_hp_changed_in(R *r, const char *kind, const char *id, const char *block);
void jt_hp_slot_cap_changed(jt_html *h, const void *arg);

#endif
