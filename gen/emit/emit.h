/* emit.h — the interface every emitter implements.
 *
 * An emitter reads only the model and writes one or more files into the
 * output directory through outfile.h.  main.c runs the selected emitters in
 * the order of jt_emitters[]; each returns 0 or -1 (message printed). */
#ifndef JVMTIGEN_EMIT_H
#define JVMTIGEN_EMIT_H

#include <stdbool.h>

#include "model/model.h"

struct jt_site_info;            /* emit/site.h */
struct jt_catalog;              /* i18n/catalog.h */
struct jt_prose;                /* i18n/prose.h */

/* Options of the HTML page (--html-plain, --doc-base). */
typedef struct jt_html_options {
    bool plain;                 /* the spec alone: no badges, checks, search */
    bool doc_base_set;          /* --doc-base given */
    const char *doc_base;       /* base URL of the JDK docs' specs/ directory; "" = relative links */
    const struct jt_site_info *site;    /* jvmtigen site: the other versions; NULL otherwise */
    const char *lang;           /* --lang=LL: the page's language; NULL: English */
    const char *translations;   /* --translations=FILE.po, as given */
    struct jt_catalog *ui;      /* the page's own words in LANG (NULL: English) */
    const struct jt_prose *prose;   /* the spec's prose translated, or NULL */
} jt_html_options;

typedef struct jt_emit_ctx {
    const jt_spec *spec;
    const char *outdir;
    int major, minor, micro;    /* version being generated */
    jt_html_options html;
    /* --history: specs of other versions (the wrapper's documented errors) */
    const jt_spec *const *history;
    int nhistory;
} jt_emit_ctx;

typedef struct jt_emitter {
    const char *option;         /* CLI flag without dashes: "header" */
    const char *help;           /* one line for --help */
    const char *outputs;        /* files written, for --help */
    int (*run)(const jt_emit_ctx *ctx);
    /* JVMTI's own outputs (HotSpot's class, the libjvmticheck wrapper):
     * nothing to write for a spec of another interface (<interface>) */
    bool jvmti_only;
} jt_emitter;

int jt_emit_header(const jt_emit_ctx *ctx);   /* jvmti.h */
int jt_emit_hpp(const jt_emit_ctx *ctx);      /* jvmtiEnv.hpp */
int jt_emit_tables(const jt_emit_ctx *ctx);   /* jvmti_names.h, jvmti_names.c */
int jt_emit_wrapper(const jt_emit_ctx *ctx);  /* jvmticheck_gen.c */
int jt_emit_json(const jt_emit_ctx *ctx);     /* jvmti.json */
int jt_emit_html(const jt_emit_ctx *ctx);     /* jvmti.html */

extern const jt_emitter jt_emitters[];
extern const int jt_nemitters;

#endif
