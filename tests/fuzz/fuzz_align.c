/* fuzz_align.c — libFuzzer target: one input is the plain text of a
 * translated page, read as `jvmtigen align` reads it (gen/i18n/rtext.c)
 * and placed on the units of a spec (gen/i18n/align.c), the result put
 * into a PO catalog in memory (gen/i18n/po_out.c, libgettextpo).
 *
 * The text comes from whoever extracted a translated page, so any bytes
 * must give either an alignment or exactly one "FILE:LINE: error:"
 * message.  Besides crashes and sanitizer reports, the target checks what
 * align promises: a unit placed with confidence has well-formed markup
 * whose identifiers are its English unit's (the check --lint makes); a
 * violation aborts.  The spec is the small seed spec of the spec target
 * ($JVMTIGEN_FUZZ_BASE), loaded once by fuzz_base.h (as fuzz_po.c's).
 * Built by scripts/fuzz.sh (FUZZ_TARGET=align) with libFuzzer, and with
 * replay.c as tests/fuzz/fuzz_align_replay, which tests/fuzz/replay.sh runs
 * over tests/fuzz/align-seeds in every `make check`. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create, in fuzz_base.h */
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n/align.h"
#include "i18n/idents.h"
#include "i18n/po_out.h"
#include "i18n/rtext.h"
#include "model/model.h"
#include "util/diag.h"

#include "fuzz_base.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jt_spec *base;
static jt_vocab *vocab;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    base = fuzz_base_spec();
    if (base && !vocab)
        vocab = jt_vocab_new(base);
    return 0;
}

static void check_placed(const jt_aunit *u)
{
    char *ie = NULL, *he = NULL, *it = NULL, *ht = NULL;
    if (!jt_unit_idents(vocab, u->msgid, &ie, &he))
        return;                 /* an English that is not markup: nothing to hold it to */
    if (!jt_unit_idents(vocab, u->msgstr, &it, &ht)) {
        fprintf(stdout, "fuzz_align: %s placed with markup that is not well-formed: %s\n", u->ctx, u->msgstr);
        abort();
    }
    if (strcmp(ie, it) != 0 || strcmp(he, ht) != 0) {
        fprintf(stdout, "fuzz_align: %s placed with other identifiers (%s | %s) than its English (%s | %s)\n",
                u->ctx, it, ht, ie, he);
        abort();
    }
    free(ie), free(he), free(it), free(ht);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!base) {
        LLVMFuzzerInitialize(NULL, NULL);
        if (!base)
            abort();            /* JVMTIGEN_FUZZ_BASE names no spec */
    }
    jt_diag_reset();
    jt_rtext *t = jt_rtext_parse("fuzz.txt", (const char *)data, size);
    if (!t) {
        if (jt_diag_errors() != 1) {
            fprintf(stdout, "fuzz_align: refused with %d messages (expected one)\n", jt_diag_errors());
            abort();
        }
        return 0;
    }
    jt_alignment *al = jt_align(base, t);
    jt_po_out *po = jt_po_out_new("zh_CN");
    for (size_t i = 0; i < al->n; i++) {
        const jt_aunit *u = &al->units[i];
        if (!u->msgstr)
            continue;
        if (!u->fuzzy)
            check_placed(u);
        jt_po_out_add(po, u->ctx, u->msgid, u->msgstr, u->fuzzy, u->what, u->why, "fuzz.xml", u->line);
    }
    jt_po_out_free(po);
    jt_alignment_free(al);
    jt_rtext_free(t);
    return 0;
}
