/* wrapper_ctx.h — what the files of the wrapper emitter share: the state
 * of the jvmticheck_gen.c being written (emit_wrapper.c writes the
 * wrappers and trampolines, wrapper_tables.c the metadata tables the
 * runtime reads).  Internal to those files. */
#ifndef JVMTIGEN_WRAPPER_CTX_H
#define JVMTIGEN_WRAPPER_CTX_H

#include <stdbool.h>

#include "model/model.h"
#include "util/outfile.h"

/* A spec whose documented errors the wrapper knows, and its version. */
typedef struct known_spec {
    const jt_spec *spec;
    unsigned version;           /* JVMTI_VERSION_x without the micro part */
} known_spec;

typedef struct wctx {
    jt_out *o;
    const jt_spec *s;
    int errors;
    known_spec known[17];       /* s and --history, oldest first */
    int nknown;
    /* names=on: whether the VM has accepted the references being formatted
     * (a C expression), and the class param a jfieldID belongs to. */
    const char *accepted;
    const char *klass;
} wctx;

#define P(...) jt_out_printf(w->o, __VA_ARGS__)

/* wrapper_tables.c, which emit_wrapper.c calls (never the other way):
 * whether only callbacksafe functions may be called during EV (a column of
 * the event table, and the wrappers' trampolines), and the metadata
 * tables (jc_runtime.h's jc_fn_table, jc_event_table, ...). */
bool jt_wr_restricts(const jt_event *ev);
void jt_wr_put_tables(wctx *w);

#endif
