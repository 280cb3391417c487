/* align_int.h — private to `jvmtigen align` (gen/i18n/align*.c; nothing
 * else includes it, the interface is align.h): the types its steps share
 * and the functions one step's file calls in another's.  The steps are
 * numbered in the overview at the top of align.c; each file says which it
 * holds.  Shared functions are named ja_*; the rest stay static. */
#ifndef JVMTIGEN_I18N_ALIGN_INT_H
#define JVMTIGEN_I18N_ALIGN_INT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memmem */
#endif
#include "i18n/align.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n/idents.h"
#include "i18n/prose.h"
#include "model/ctype.h"
#include "util/diag.h"

/* the page's own words (align_text.c) */
typedef enum {
    CH_HEADER,      /* a table's header: ends the row or text before it */
    CH_GENERATED,   /* a sentence the page adds to a parameter */
    CH_HEADING,     /* a heading of the page's own index, alone on its line or
                       glued to a paragraph's end; ends the text before it */
    CH_PART         /* a heading of one of the page's parts (its functions,
                       errors, events): a line of its own and nothing else,
                       as the word is common in prose */
} chrome_kind;
struct chrome { chrome_kind kind; const char *text; };
extern const struct chrome ja_chrome[];
extern const size_t ja_nchrome;

/* growable strings (align_text.c) */
typedef struct sbuf {
    char *s;
    size_t n, cap;
} sbuf;

/* ---- the context: one alignment's state, every step's first argument ---- */

typedef struct cand {
    size_t start, end;      /* the line (or glued tail) */
    char *text;
    bool doubtful;          /* a glued tail whose next line goes on with a
                               code name: likely a broken sentence */
} cand;

typedef enum { H_INTRO, H_CATEGORY, H_FUNCTION, H_CALLBACK, H_EVENT } hkind;

typedef struct head {
    hkind kind;
    const void *obj;
    const char *id;
    int order;
    long anchor;            /* prototype position, -1 */
    char *hint;             /* the function table's title */
    long match;             /* candidate, -1 */
    double score;
    bool sure;
    size_t bstart, bend;    /* the block, when sure */
    /* a section's rare code-like words, each with where the text has it */
    struct htok { size_t *at; bool *prose; size_t nat; } *toks;
    size_t ntoks;
} head;

typedef struct ctx {
    const jt_spec *spec;
    const jt_rtext *rt;
    const char *t;
    size_t len;
    jt_vocab *vocab;
    jt_alignment *al;
    /* units by (ctx, class): open addressing */
    struct uslot { const char *key; size_t index; } *uidx;
    size_t umask;
    cand *cands;
    size_t ncands;
    head *heads;
    size_t nheads;
    size_t ftable;          /* where the function table starts; len if none */
    size_t ftable_end;      /* the end of its last line (the events follow it) */
    /* the types' headings glued to the end of the line before their
     * descriptions (ja_type_heads): where no row or paragraph runs on */
    struct tspan { size_t hs, he; } *theads;
    size_t ntheads;
    /* each typedef's title as the text captions it, or NULL (ja_type_titles) */
    char **type_titles;
    size_t ntitles;
} ctx;

/* the units as jt_prose_units gives them (align_units.c) */
typedef struct collect_arg {
    ctx *c;
    size_t cap;
} collect_arg;

/* 3. rows (align_rows.c); RK_FIELD: a field of a type, searched on its own (the page may show a
 * function's type before or after its parameters) */
typedef enum { RK_PARAM, RK_CAPUSE, RK_ERRUSE, RK_CONST, RK_ERROR, RK_BASE, RK_FIELD, RK_CAP } row_kind;

typedef struct row {
    row_kind kind;
    jt_aunit *u;
    const char *key;        /* what was searched (owned) */
    size_t ks, ke;          /* key found: start, end */
    bool found;
    bool last_of_group;     /* ends after as many sentences as its English */
    bool ambiguous;         /* its key is in its table twice: not sure which */
} row;

typedef struct rowset {
    row *r;
    size_t n, cap;
} rowset;

/* 6. what the English unit marks up (align_markup.c) */
typedef struct marked {
    char *visible;          /* the identifier-like text to look for */
    char *xml;              /* the element as the English has it */
} marked;

typedef struct english {
    marked *m;
    size_t nm, capm;
    char **opaque;          /* the copied-as-is elements, in order */
    char **opaque_name;
    size_t no, capo;
    bool has_p, has_list, has_jvmti;
    size_t en_chars;        /* visible English, for the length check */
    size_t en_sentences;
} english;

/* Marker for the k-th copied element in a translated text: \1 k \2. */
#define MARK_OPEN '\1'
#define MARK_CLOSE '\2'

/* 4. descriptions (align_prose.c): a span of the text to leave out of a description, or to replace by a
 * copied element (opaque >= 0). */
typedef struct cut {
    size_t s, e;
    long opaque;
} cut;

typedef struct cuts {
    cut *c;
    size_t n, cap;
} cuts;


/* align_text.c */
bool ja_is_word(char c);
bool ja_is_sp(char c);
unsigned ja_cp_at(const char *s, size_t *len);
size_t ja_ncp(const char *s, size_t n);
bool ja_has_nonascii(const char *s, size_t n);
bool ja_sentence_end(unsigned cp);
void ja_sb_addn(sbuf *b, const char *s, size_t n);
void ja_sb_add(sbuf *b, const char *s);
char *ja_sb_take(sbuf *b);
bool ja_find_sq(const char *t, size_t from, size_t to, const char *pat, bool nl, size_t *s, size_t *e);
char *ja_xstrdup(const char *s);
const char *ja_next_word(const char *p, size_t *n);
bool ja_code_like(const char *w, size_t n);
bool ja_code_title(const char *label);
double ja_likeness(const char *a, const char *b);
size_t ja_phrase_start(const ctx *c, size_t p, size_t lo, size_t max, size_t *ncps);
size_t ja_sentences_end(const ctx *c, size_t from, size_t to, size_t want);

/* align_units.c */
bool ja_hidden_intro(const jt_intro *in);
void ja_collect(void *arg, const char *ctxid, const char *msgid, const char *what, int line);
void ja_index_units(ctx *c);
jt_aunit *ja_unit(ctx *c, const char *ctxid, bool label);
jt_aunit *ja_unit_nth(ctx *c, const char *ctxid, bool label, size_t nth);

/* align_heads.c */
void ja_find_cands(ctx *c);
char *ja_table_title(ctx *c, const jt_function *f, size_t *where);
void ja_build_heads(ctx *c);
void ja_align_heads(ctx *c);
const head *ja_block_of(const ctx *c, int order);

/* align_rows.c */
row *ja_add_row(rowset *rs, row_kind kind, jt_aunit *u, char *key);
size_t ja_next_stop(const ctx *c, const rowset *rs, size_t from, size_t to, bool generated);
void ja_params_rows(ctx *c, rowset *rs, row_kind kind, const char *owner, const jt_param *ps, size_t n);
void ja_uses_rows(ctx *c, rowset *rs, const char *owner, const jt_cap_use *caps, size_t ncaps,
                  const jt_error_use *errs, size_t nerrs);
void ja_group_rows(ctx *c, rowset *rs, const jt_constants *g);
void ja_find_rows(ctx *c, rowset *rs, size_t from, size_t to);
bool ja_rows_sure(const rowset *rs, size_t min);
void ja_place_rows(ctx *c, rowset *rs, size_t to, bool sure);
void ja_free_rows(rowset *rs);

/* align_markup.c */
void ja_text_of(xmlNode *n, sbuf *b);
xmlDocPtr ja_parse_fragment(const char *frag);
bool ja_english_of(const char *msgid, english *en);
void ja_english_free(english *en);
char *ja_remark(const english *en, const char *zh);

/* align_place.c */
void ja_place(ctx *c, jt_aunit *u, char *zh, size_t at, bool sure_position);

/* align_prose.c */
void ja_cut_c(const ctx *c, size_t from, size_t to, cuts *cs);
bool ja_group_span(ctx *c, const jt_constants *g, size_t from, size_t to, size_t *gs, size_t *ge, rowset *rows);
void ja_do_function(ctx *c, const head *h, const head *blk);
void ja_do_callback(ctx *c, const head *h, const head *blk);
void ja_do_event(ctx *c, const head *h, const head *blk);
void ja_do_intro(ctx *c, const head *h);

/* align_titles.c */
char *ja_inline_title(ctx *c, const char *id, size_t *where);
void ja_type_titles(ctx *c);
const char *ja_type_title(const ctx *c, const jt_typedef *td);
void ja_place_title(ctx *c, jt_aunit *u, const char *id);
void ja_type_heads(ctx *c);
void ja_type_description(ctx *c, const jt_typedef *td);

/* align_history.c */
void ja_do_history(ctx *c);

#endif
