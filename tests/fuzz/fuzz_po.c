/* fuzz_po.c — libFuzzer target: one input is one PO file, read as
 * --translations and --lang read theirs (gen/i18n/catalog.c through
 * libgettextpo, then gen/i18n/prose.c's translated markup through libxml2,
 * then the templates compiled with it as the page's words).
 *
 * A PO file comes from a translator, so any bytes must give either a
 * catalog or exactly one "FILE:LINE: error:" message; anything else (a
 * crash, a sanitizer report, two messages) is a finding.  libgettextpo
 * reads files by name, so the input goes to a memfd named through
 * /proc/self/fd.  The spec whose prose is translated is the small seed
 * spec of the spec target ($JVMTIGEN_FUZZ_BASE), loaded once.
 * Built by scripts/fuzz.sh (FUZZ_TARGET=po) with libFuzzer, and with
 * replay.c as tests/fuzz/fuzz_po_replay, which tests/fuzz/replay.sh runs over
 * tests/fuzz/po-seeds, tests/fuzz/po-regress and the project's own
 * catalogs in every `make check`. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "emit/template.h"
#include "i18n/catalog.h"
#include "i18n/prose.h"
#include "model/model.h"
#include "util/diag.h"

#include "fuzz_base.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jt_spec *base;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    /* the messages are expected (and counted); libFuzzer's own reports
     * still reach stderr */
    base = fuzz_base_spec();
    return 0;
}

static void one_message(const char *what)
{
    if (jt_diag_errors() != 1) {
        fprintf(stdout, "fuzz_po: %s failed with %d messages (expected one)\n", what, jt_diag_errors());
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!base) {
        LLVMFuzzerInitialize(NULL, NULL);
        if (!base)
            abort();        /* JVMTIGEN_FUZZ_BASE names no spec */
    }
    char path[64];
    int fd = fuzz_memfd("fuzz.po", data, size, path, sizeof path);

    jt_diag_reset();
    jt_catalog *cat = jt_catalog_load(path);
    if (!cat) {
        one_message("loading");
    } else {
        jt_prose *p = jt_prose_load(base, cat);
        if (!p)
            one_message("its markup");
        else {
            (void)jt_prose_stale(p, false);
            (void)jt_prose_label(p, "GetPhase", "Get Phase");
            jt_prose_free(p);
        }
        jt_diag_reset();
        jt_tpl *t = jt_tpl_load_lang("jvmti.html.tmpl", cat);
        if (!t)
            one_message("the page's words");
        jt_tpl_free(t);
        jt_catalog_free(cat);
    }
    close(fd);
    return 0;
}
