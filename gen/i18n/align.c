/* align.c — place the plain text of a translated page on the units of
 * `jvmtigen pot` (see align.h).
 *
 * The input is what a reader of the translated page would copy out of it:
 * the page's text in the page's order, without markup, with its own
 * faults (a heading glued to the paragraph before it, a sentence moved
 * next to a code name, a table cell left empty, a prototype in the middle
 * of a sentence, a function's name translated in its prototype).  Nothing
 * here guesses: what cannot be tied to the spec by something a translation
 * does not translate is left out or marked fuzzy.
 *
 * What does not change in a translation, and what the alignment rests on:
 * - identifiers: the names of functions, events, types, constants, errors,
 *   capabilities and parameters, and numbers (slots, values, versions);
 * - the C the page writes around the prose: a function's prototype
 *   ("jvmtiError GetPhase(jvmtiEnv* env, ..."), an event's ("void JNICALL
 *   VMInit(jvmtiEnv ..."), a function type's ("(JNICALL *jvmtiHeap...)"),
 *   the function table ("133 <title> jvmtiError (JNICALL *GetPhase) (...)");
 * - the shape of the page's tables: a row starts with its key — a
 *   parameter's or field's name followed by its C type ("threadjthread"),
 *   an error's name, a capability's name, a constant's name followed by
 *   its value ("JVMTI_PHASE_LIVE4"), an error's name and number in the
 *   error section ("JVMTI_ERROR_NULL_POINTER (100)");
 * - the page's order of sections, which is the spec's document order.
 *
 * How it goes:
 * 1. Headings.  The page's headings in order (the spec's sections, its
 *    categories, functions, function types and events: their `order`) are
 *    aligned with the text's heading-like lines (short, no sentence end
 *    but a closing question mark, no colon, no C; and a short tail glued
 *    after a paragraph's last full stop; or a title that is code, kept in
 *    English: "JAVA_TOOL_OPTIONS"; never the page's own index headings,
 *    a table of phrases below) by dynamic programming, monotone,
 *    skipping on either side.  The function table's lines are not candidates; the events
 *    after it are.
 *    Scoring a pair (heading, line): 0.2 for being a pair at all (-1.5
 *    for a glued tail whose next line goes on with a code name: most
 *    likely a sentence broken where the extraction broke the line), and more
 *    by evidence: +4 when the heading's prototype follows the line before
 *    any other heading-like line (+3, +2 when one or two come between);
 *    +3 when the line is the function table's title for that function
 *    (+1.5 x similarity when close); +1 when the section's first
 *    identifier follows within 800 bytes; and for a section, its code
 *    names (words with '_', a digit or an inner capital, and link
 *    targets, that the text has at most six times, counted only where
 *    they stand in translated prose, not in the C the page writes) found
 *    between the line and the next heading-like line: +3 x the share
 *    found when two or more are, +0.5 for one.
 *    Resynchronising: the best total is the alignment, and skipping costs
 *    nothing, so after a gap (a heading the text lost, a line that only
 *    looks like one) the next pair with evidence pulls the alignment back
 *    into step; the small bonus for pairing keeps the stretches between
 *    such pairs paired one to one where they can be.  A pair with
 *    evidence (>= 2; +3 for a code title found as it is) is sure; one
 *    without is sure only when the sure pairs around it enclose exactly
 *    as many headings as heading-like lines, all paired, or when it is
 *    next to a sure pair in both orders (the heading just before or after
 *    it, the line just before or after its line: a category's title and
 *    its first function's), one step only.
 * 2. Blocks.  A sure heading owns the text up to the next aligned one.
 *    What has no heading of its own (a type, a constants group, an error,
 *    a base type, a capability) is looked for in the block of the heading
 *    it comes after in document order.
 * 3. Rows.  In its block, each row key of the owner is searched in order
 *    from the block's start, spaces ignored, and must end where an
 *    identifier ends (the text may glue the next identifier on: a
 *    parameter with an empty cell is followed at once by the next
 *    parameter's name).  A row's text runs to the next row key found in
 *    the block, the next table header of the page (the page's own words
 *    as this translation renders them: a table of phrases below, per
 *    language), or the block's end; the last row of a constants group
 *    ends after as many sentences as its English has.  Sentences the page
 *    adds to a parameter (what the agent passes, what to deallocate)
 *    start with a phrase of that table and are cut off the end, as are
 *    the trailing sentences that name NULL where the English does not
 *    (what a null parameter means).  A type's fields are searched apart
 *    from the parameters (the page may show the type first); a function's
 *    error rows only after its error table's header, each name from the
 *    table's start (the page's order is not the spec's), the first
 *    occurrences being the function's own (the page's rows derived from
 *    the parameters come after them), and an error row ends where any
 *    error's name begins.  A parameter whose name the text translated
 *    ("深度jint") is found by its C type after a short run of translated
 *    text, in order, between the rows found around it (a type's field
 *    likewise, after the header that follows its caption), also after a
 *    cell that ends with a name of the spec.  A row glued to the cell
 *    before it is a row when that cell ends with a name of the spec (an
 *    error's or a constant's row) or when it is a constant's capital name
 *    after a lowercase letter or digit ("JNIjbyteJVMTI_..._CHAR67").  A
 *    type's heading, glued to the end of the line before its description,
 *    ends any row or paragraph there.  The base types are in the error
 *    section's block (the page shows the data types before the function
 *    table and the events after it).  The capabilities
 *    table is sure when four in five of its names are found in order.
 * 4. Descriptions and sections run from the heading to the owner's first
 *    row or table header, less the C the page puts there (the prototype,
 *    typedefs, the phase row before the capabilities table), with each
 *    constants group the description holds cut out and its placeholder
 *    (<constants id=.../>) put where it was.
 *    A type's description runs from the start of the line of its C
 *    definition to the "typedef", when the line before ends with its
 *    heading (like the table caption's title).
 * 5. Titles: a function's from the function table by its slot number; a
 *    type's or constants group's from "jvmtiThreadInfo- <title>" or
 *    "<title> ( jvmtiPhase)"; a section's, category's, function type's
 *    and event's from its sure heading line.
 * 6. Markup back: each <code> or link of the English whose text is an
 *    identifier is looked for, in order, in the translated text and
 *    wrapped again (word-bounded); "JVM TI" becomes <jvmti/>; line breaks
 *    become <p/> (or list items, where the English has a list); the
 *    elements a translation copies as they are (<example>, a nested
 *    <intro/>, <constants/>, the phase lists) are put back as the English
 *    has them, in place of the text that renders them where that text is
 *    found, else at the end.
 * 7. Confidence.  A placed unit is non-fuzzy only when its text has
 *    Chinese (or any non-ASCII) text, its identifiers (i18n/idents.c, the
 *    same check --lint makes) are the English unit's, the elements copied
 *    as-is are all there, and its length is plausible for its English (a
 *    few characters of the translation per character of English: between
 *    0.08 and 1.2, for units longer than 60 characters), and it does not
 *    run into the next row (a word holding a name of the spec followed by
 *    a C type: "...barshort_descriptionchar*").  Anything else found is
 *    fuzzy, with the reason; nothing found is missing.
 * 8. The change history: rows by their dates, in order (see there).
 * Units the rendered page does not show (its hidden issues section, the
 * implied jclass parameters its tables skip) are a part of their own,
 * not-on-page: no text of the page can have them. */
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

/* ---- the page's own words, as translations render them -------------------
 * Table headers, the sentences the page adds to a parameter, and the
 * headings of the page's own indexes (never a section's heading): text
 * that belongs to no unit.  Compared with spaces ignored.
 * One row per phrase; a new language adds its rows. */
typedef enum { CH_HEADER, CH_GENERATED, CH_HEADING } chrome_kind;
static const struct chrome { chrome_kind kind; const char *text; } chrome[] = {
    { CH_HEADER, "参数 名称 类型 描述" },
    { CH_HEADER, "参数名称类型描述" },
    { CH_HEADER, "参数无" },
    { CH_HEADER, "错误此函数返回" },
    { CH_HEADER, "错误 描述" },
    { CH_HEADER, "能力所需功能" },
    { CH_HEADER, "功能所需功能" },
    { CH_HEADER, "能力必需功能" },
    { CH_HEADER, "功能必需功能" },
    { CH_HEADER, "能力可选功能" },
    { CH_HEADER, "可选功能" },
    { CH_HEADER, "字段 类型 描述" },
    { CH_HEADER, "常量 值 描述" },
    { CH_HEADER, "字段 描述 自" },
    { CH_HEADER, "所有类型均为" },
    { CH_HEADER, "日期 更改" },
    { CH_HEADER, "日期 变更" },
    { CH_HEADING, "函数索引" },
    { CH_HEADING, "常量索引" },
    { CH_HEADING, "变更历史" },
    { CH_GENERATED, "代理传" },
    { CH_GENERATED, "代理程序传" },
};

/* ---- small text helpers ------------------------------------------------- */

static bool is_word(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static bool is_sp(char c) { return c == ' ' || c == '\t'; }

/* the code point at S and its length (the text is valid UTF-8) */
static unsigned cp_at(const char *s, size_t *len)
{
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] < 0x80) {
        *len = 1;
        return u[0];
    }
    if ((u[0] & 0xE0) == 0xC0) {
        *len = 2;
        return ((u[0] & 0x1Fu) << 6) | (u[1] & 0x3Fu);
    }
    if ((u[0] & 0xF0) == 0xE0) {
        *len = 3;
        return ((u[0] & 0x0Fu) << 12) | ((u[1] & 0x3Fu) << 6) | (u[2] & 0x3Fu);
    }
    *len = 4;
    return ((u[0] & 0x07u) << 18) | ((u[1] & 0x3Fu) << 12) | ((u[2] & 0x3Fu) << 6) | (u[3] & 0x3Fu);
}

static size_t ncp(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            k++;
    return k;
}

static bool has_nonascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return true;
    return false;
}

/* a full stop or other end of a sentence in the translation */
static bool sentence_end(unsigned cp)
{
    return cp == 0x3002 || cp == 0xFF1F || cp == 0xFF01 || cp == '?' || cp == '!';
}

/* ---- growable strings ---------------------------------------------------- */

typedef struct sbuf {
    char *s;
    size_t n, cap;
} sbuf;

static void sb_addn(sbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->s = realloc(b->s, b->cap);
        if (!b->s)
            jt_fatal("out of memory");
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

static void sb_add(sbuf *b, const char *s) { sb_addn(b, s, strlen(s)); }

static char *sb_take(sbuf *b)
{
    if (!b->s)
        sb_addn(b, "", 0);
    char *s = b->s;
    memset(b, 0, sizeof *b);
    return s;
}

/* ---- matching with spaces ignored ---------------------------------------- */

/* End of PAT matched at T[i], spaces (and, with NL, line breaks) in either
 * ignored; 0 when it does not match there. */
static size_t match_at(const char *t, size_t tlen, size_t i, const char *pat, bool nl)
{
    size_t j = i;
    for (const char *p = pat; *p; p++) {
        if (is_sp(*p) || *p == '\n')
            continue;
        while (j < tlen && (is_sp(t[j]) || (nl && t[j] == '\n')))
            j++;
        if (j >= tlen || t[j] != *p)
            return 0;
        j++;
    }
    return j;
}

/* First match of PAT in T[from, to): its start and end. */
static bool find_sq(const char *t, size_t from, size_t to, const char *pat, bool nl, size_t *s, size_t *e)
{
    while (is_sp(*pat))
        pat++;
    if (!*pat)
        return false;
    for (size_t i = from; i < to;) {
        const char *hit = memchr(t + i, *pat, to - i);
        if (!hit)
            return false;
        i = (size_t)(hit - t);
        size_t end = match_at(t, to, i, pat, nl);
        if (end) {
            *s = i, *e = end;
            return true;
        }
        i++;
    }
    return false;
}

/* ---- the context ----------------------------------------------------------- */

typedef struct unit_ref {
    size_t index;           /* into the alignment's units */
} unit_ref;

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
     * descriptions (type_heads): where no row or paragraph runs on */
    struct tspan { size_t hs, he; } *theads;
    size_t ntheads;
} ctx;

/* ---- the units ---------------------------------------------------------------- */

static bool is_label_what(const char *what) { return strstr(what, "title") != NULL; }

/* Prose the rendered page leaves out, so that no text of the page has it
 * (a part of its own, JT_PART_HIDDEN): the issues section (html: in the
 * page but hidden, as the published page omits it), named here by the
 * parent of the intros it holds; and the implied jclass parameters
 * (html_params.c skips them, as the prototypes do), by the model's flag. */
static const char *const hidden_parents[] = { "IssuesSection" };

static bool hidden_intro(const jt_intro *in)
{
    for (size_t k = 0; in->parent_id && k < sizeof hidden_parents / sizeof *hidden_parents; k++)
        if (!strcmp(in->parent_id, hidden_parents[k]))
            return true;
    return false;
}

static bool hidden_on_page(const char *ctxid, const jt_spec *s)
{
    for (size_t i = 0; i < s->nintros; i++)
        if (s->intros[i]->id && !strcmp(s->intros[i]->id, ctxid) && hidden_intro(s->intros[i]))
            return true;
    return false;
}

static jt_align_part part_of(const char *what, const char *ctxid, const jt_spec *s)
{
    if ((!strcmp(what, "section title") || !strcmp(what, "section")) && hidden_on_page(ctxid, s))
        return JT_PART_HIDDEN;
    if (!strcmp(what, "section title") || !strcmp(what, "section") || !strcmp(what, "category title"))
        return JT_PART_SECTIONS;
    if (!strcmp(what, "function title") || !strcmp(what, "function description"))
        return JT_PART_FUNCTIONS;
    if (!strcmp(what, "event title") || !strcmp(what, "event description"))
        return JT_PART_EVENTS;
    if (!strcmp(what, "parameter description")) {
        char owner[256];
        size_t n = strcspn(ctxid, ".");
        snprintf(owner, sizeof owner, "%.*s", (int)n, ctxid);
        /* a jclass implied by a method or field parameter: the page's
         * parameter table leaves it out, as the prototype does */
        const jt_function *f = ctxid[n] ? jt_find_function(s, owner) : NULL;
        const jt_event *ev = ctxid[n] ? jt_find_event(s, owner) : NULL;
        const jt_param *ps = f ? f->params : ev ? ev->params : NULL;
        size_t nps = f ? f->nparams : ev ? ev->nparams : 0;
        for (size_t i = 0; i < nps; i++)
            if (ps[i].implicit && !strcmp(ps[i].id, ctxid + n + 1))
                return JT_PART_HIDDEN;
        return ev ? JT_PART_EVENTS : JT_PART_PARAMETERS;
    }
    if (!strcmp(what, "capability") || !strcmp(what, "capability's effect here"))
        return JT_PART_CAPABILITIES;
    if (!strcmp(what, "error") || !strcmp(what, "error's meaning here"))
        return JT_PART_ERRORS;
    if (!strcmp(what, "change history") || !strcmp(what, "change"))
        return JT_PART_HISTORY;
    return JT_PART_TYPES;
}

static size_t hash_s(const char *s)
{
    size_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

typedef struct collect_arg {
    ctx *c;
    size_t cap;
} collect_arg;

static void collect(void *arg, const char *ctxid, const char *msgid, const char *what, int line)
{
    collect_arg *a = arg;
    jt_alignment *al = a->c->al;
    if (al->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 1024;
        al->units = realloc(al->units, a->cap * sizeof *al->units);
        if (!al->units)
            jt_fatal("out of memory");
    }
    jt_aunit *u = &al->units[al->n++];
    memset(u, 0, sizeof *u);
    u->ctx = strdup(ctxid);
    u->msgid = strdup(msgid);
    u->what = what;     /* string literals of prose.c */
    u->line = line;
    u->part = part_of(what, ctxid, a->c->spec);
    u->why = u->part == JT_PART_HIDDEN ? "not on the rendered page (hidden there, or left out)"
                                       : "not found in the text";
    if (!u->ctx || !u->msgid)
        jt_fatal("out of memory");
}

static char *ukey(const char *ctxid, bool label)
{
    size_t n = strlen(ctxid);
    char *k = malloc(n + 3);
    if (!k)
        jt_fatal("out of memory");
    memcpy(k, ctxid, n);
    k[n] = '\1';
    k[n + 1] = label ? 'T' : 'D';
    k[n + 2] = '\0';
    return k;
}

static void index_units(ctx *c)
{
    size_t size = 16;
    while (size < c->al->n * 2)
        size *= 2;
    c->uidx = calloc(size, sizeof *c->uidx);
    if (!c->uidx)
        jt_fatal("out of memory");
    c->umask = size - 1;
    for (size_t i = 0; i < c->al->n; i++) {
        char *k = ukey(c->al->units[i].ctx, is_label_what(c->al->units[i].what));
        size_t h = hash_s(k) & c->umask;
        bool dup = false;
        for (; c->uidx[h].key; h = (h + 1) & c->umask)
            if (!strcmp(c->uidx[h].key, k)) {
                dup = true;
                break;
            }
        if (dup) {
            free(k);
            continue;
        }
        c->uidx[h].key = k;
        c->uidx[h].index = i;
    }
}

static jt_aunit *unit(ctx *c, const char *ctxid, bool label)
{
    char *k = ukey(ctxid, label);
    jt_aunit *u = NULL;
    for (size_t h = hash_s(k) & c->umask; c->uidx[h].key; h = (h + 1) & c->umask)
        if (!strcmp(c->uidx[h].key, k)) {
            u = &c->al->units[c->uidx[h].index];
            break;
        }
    free(k);
    return u;
}

/* The Nth (from 0) unit of CTXID: a function may list one error twice,
 * with two meanings, two units of one msgctxt. */
static jt_aunit *unit_nth(ctx *c, const char *ctxid, bool label, size_t nth)
{
    jt_aunit *u = unit(c, ctxid, label);
    if (!u || nth == 0)
        return u;
    for (size_t i = (size_t)(u - c->al->units) + 1; i < c->al->n; i++)
        if (!strcmp(c->al->units[i].ctx, ctxid) && is_label_what(c->al->units[i].what) == label && --nth == 0)
            return &c->al->units[i];
    return NULL;
}

/* ---- 1. headings --------------------------------------------------------------- */

static bool code_like(const char *w, size_t n);

static bool heading_like(const char *s, size_t n)
{
    while (n && is_sp(*s))
        s++, n--;
    while (n && is_sp(s[n - 1]))
        n--;
    if (!n || ncp(s, n) > 40)
        return false;
    if (s[0] == '-' || s[0] == '#' || s[0] == '*' || s[0] == '.' || s[0] == '}')
        return false;
    bool letter = false;
    for (size_t i = 0; i < n;) {
        size_t k;
        unsigned cp = cp_at(s + i, &k);
        /* a heading may be a question ("...是什么?"): its mark ends it */
        if ((cp == '?' || cp == 0xFF1F) && i + k == n && i > 0)
            break;
        /* a colon introduces a list ("...函数:- ..."): not a heading */
        if (cp == ';' || cp == '{' || cp == '}' || cp == '=' || cp == '<' || cp == '>' || sentence_end(cp) ||
            cp == 0xFF1B || cp == ':' || cp == 0xFF1A)
            return false;
        if (cp >= 0x80 || (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z'))
            letter = true;
        i += k;
    }
    size_t k;
    const char *last = s + n - 1;
    while (last > s && ((unsigned char)*last & 0xC0) == 0x80)
        last--;
    unsigned end = cp_at(last, &k);
    if (end == ':' || end == 0xFF1A || end == ',' || end == 0xFF0C || end == 0x3001)
        return false;
    return letter && has_nonascii(s, n);
}

static void add_cand(ctx *c, size_t *cap, size_t start, size_t end)
{
    while (start < end && is_sp(c->t[start]))
        start++;
    while (end > start && is_sp(c->t[end - 1]))
        end--;
    if (c->ncands == *cap) {
        *cap = *cap ? *cap * 2 : 512;
        c->cands = realloc(c->cands, *cap * sizeof *c->cands);
        if (!c->cands)
            jt_fatal("out of memory");
    }
    cand *k = &c->cands[c->ncands++];
    k->start = start;
    k->end = end;
    k->text = strndup(c->t + start, end - start);
    k->doubtful = false;
    if (!k->text)
        jt_fatal("out of memory");
}

/* The English of a heading of the page (a section's or category's title). */
static const char *head_label(const head *h)
{
    if (h->kind == H_INTRO)
        return ((const jt_intro *)h->obj)->label;
    if (h->kind == H_CATEGORY)
        return ((const jt_category *)h->obj)->label;
    return NULL;
}

/* A title that is code (one word with '_', a digit or an inner capital:
 * "JAVA_TOOL_OPTIONS") stays as it is in a translation. */
static bool code_title(const char *label)
{
    if (!label || !*label)
        return false;
    for (const char *p = label; *p; p++)
        if (!is_word(*p))
            return false;
    return code_like(label, strlen(label));
}

/* The line [s, e) is a heading the translation kept in English because it
 * is code. */
static bool kept_heading(const ctx *c, size_t s, size_t e)
{
    while (s < e && is_sp(c->t[s]))
        s++;
    while (e > s && is_sp(c->t[e - 1]))
        e--;
    for (size_t i = 0; i < c->nheads; i++) {
        const char *l = head_label(&c->heads[i]);
        if (code_title(l) && strlen(l) == e - s && !memcmp(c->t + s, l, e - s))
            return true;
    }
    return false;
}

/* The line [s, e) is a heading of the page's own (an index). */
static bool page_heading(const ctx *c, size_t s, size_t e)
{
    for (size_t i = 0; i < sizeof chrome / sizeof *chrome; i++) {
        size_t a, b;
        if (chrome[i].kind == CH_HEADING && find_sq(c->t, s, e, chrome[i].text, false, &a, &b)) {
            bool rest = false;
            for (size_t k = s; k < a; k++)
                rest |= !is_sp(c->t[k]);
            for (size_t k = b; k < e; k++)
                rest |= !is_sp(c->t[k]);
            if (!rest)
                return true;
        }
    }
    return false;
}

static void find_cands(ctx *c)
{
    size_t cap = 0;
    for (size_t l = 0; l < c->rt->nlines; l++) {
        size_t s = c->rt->line_start[l];
        size_t e = l + 1 < c->rt->nlines ? c->rt->line_start[l + 1] - 1 : c->len;
        if (s >= c->ftable && s < c->ftable_end)
            continue;           /* the function table's lines */
        if (page_heading(c, s, e))
            continue;
        if (heading_like(c->t + s, e - s) || kept_heading(c, s, e)) {
            add_cand(c, &cap, s, e);
            continue;
        }
        /* a heading glued after the paragraph's last full stop */
        size_t last = 0;
        bool found = false;
        for (size_t i = s; i < e;) {
            size_t k;
            unsigned cp = cp_at(c->t + i, &k);
            if (sentence_end(cp))
                last = i + k, found = true;
            i += k;
        }
        if (found && last < e && ncp(c->t + last, e - last) <= 12 && heading_like(c->t + last, e - last)) {
            bool clean = true;
            for (size_t i = last; i < e; i++)
                if (c->t[i] == '(' || c->t[i] == ')' || c->t[i] == ',' || c->t[i] == ':' || is_word(c->t[i]))
                    clean = false;
            if (clean && !page_heading(c, last, e)) {
                add_cand(c, &cap, last, e);
                c->cands[c->ncands - 1].doubtful = e + 1 < c->len && is_word(c->t[e + 1]);
            }
        }
    }
}

/* share of the code points of A that B has too (a crude likeness of two
 * short titles) */
static double likeness(const char *a, const char *b)
{
    size_t total = 0, hit = 0;
    for (size_t i = 0; a[i];) {
        size_t k;
        cp_at(a + i, &k);
        if ((unsigned char)a[i] >= 0x80) {
            total++;
            char one[5] = { 0 };
            memcpy(one, a + i, k);
            if (strstr(b, one))
                hit++;
        }
        i += k;
    }
    return total ? (double)hit / (double)total : 0.0;
}

static int cmp_head(const void *a, const void *b)
{
    const head *x = a, *y = b;
    return (x->order > y->order) - (x->order < y->order);
}

static void add_head(ctx *c, size_t *cap, hkind kind, const void *obj, const char *id, int order)
{
    if (c->nheads == *cap) {
        *cap = *cap ? *cap * 2 : 512;
        c->heads = realloc(c->heads, *cap * sizeof *c->heads);
        if (!c->heads)
            jt_fatal("out of memory");
    }
    head *h = &c->heads[c->nheads++];
    memset(h, 0, sizeof *h);
    h->kind = kind, h->obj = obj, h->id = id, h->order = order;
    h->anchor = -1, h->match = -1;
}

/* The function table: "<num> <title> jvmtiError (JNICALL *<id>)". */
static char *table_title(ctx *c, const jt_function *f, size_t *where)
{
    char pat[300];
    snprintf(pat, sizeof pat, "(JNICALL *%s)", f->id);
    size_t s, e;
    if (!find_sq(c->t, 0, c->len, pat, false, &s, &e))
        return NULL;
    /* back over "jvmtiError " or "void " to the title */
    size_t i = s;
    while (i > 0 && is_sp(c->t[i - 1]))
        i--;
    while (i > 0 && is_word(c->t[i - 1]))
        i--;
    size_t tend = i;
    while (tend > 0 && is_sp(c->t[tend - 1]))
        tend--;
    char num[32];
    int nn = snprintf(num, sizeof num, "%d ", f->num);
    /* the number before the title: search back at most 200 bytes */
    size_t lo = tend > 200 ? tend - 200 : 0;
    for (size_t j = tend; j-- > lo;) {
        if (c->t[j] == '\n' || c->t[j] == ';')
            break;
        if (j + (size_t)nn <= tend && memcmp(c->t + j, num, (size_t)nn) == 0 &&
            (j == 0 || !is_word(c->t[j - 1]))) {
            size_t ts = j + (size_t)nn;
            if (ts >= tend)
                return NULL;
            *where = ts;
            return strndup(c->t + ts, tend - ts);
        }
    }
    return NULL;
}

static void build_heads(ctx *c)
{
    const jt_spec *s = c->spec;
    size_t cap = 0;
    for (size_t i = 0; i < s->nintros; i++)
        if (s->intros[i]->id && *s->intros[i]->id && s->intros[i]->label && *s->intros[i]->label &&
            !hidden_intro(s->intros[i]))
            add_head(c, &cap, H_INTRO, s->intros[i], s->intros[i]->id, s->intros[i]->order);
    for (size_t i = 0; i < s->ncategories; i++)
        add_head(c, &cap, H_CATEGORY, s->categories[i], s->categories[i]->id, s->categories[i]->order);
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *f = s->functions[i];
        if (!f->elided && !f->hide)
            add_head(c, &cap, H_FUNCTION, f, f->id, f->order);
    }
    for (size_t i = 0; i < s->ncallbacks; i++)
        if (!s->callbacks[i]->elided)
            add_head(c, &cap, H_CALLBACK, s->callbacks[i], s->callbacks[i]->id, s->callbacks[i]->order);
    for (size_t i = 0; i < s->nevents; i++)
        if (!s->events[i]->elided)
            add_head(c, &cap, H_EVENT, s->events[i], s->events[i]->id, s->events[i]->order);
    if (c->nheads)
        qsort(c->heads, c->nheads, sizeof *c->heads, cmp_head);

    /* the function table: where it starts bounds the page's headings */
    c->ftable = c->len;
    c->ftable_end = c->len;
    size_t last_title = 0;
    for (size_t i = 0; i < c->nheads; i++) {
        head *h = &c->heads[i];
        if (h->kind != H_FUNCTION)
            continue;
        size_t where;
        h->hint = table_title(c, h->obj, &where);
        if (h->hint && where < c->ftable)
            c->ftable = where;
        if (h->hint && where > last_title)
            last_title = where;
    }
    if (c->ftable < c->len) {
        /* the table ends with the line of its last title */
        const char *nl = memchr(c->t + last_title, '\n', c->len - last_title);
        c->ftable_end = nl ? (size_t)(nl - c->t) + 1 : c->len;
    }
    /* the prototypes, in order */
    size_t from = 0;
    for (size_t i = 0; i < c->nheads; i++) {
        head *h = &c->heads[i];
        char pat[300];
        if (h->kind == H_FUNCTION)
            snprintf(pat, sizeof pat, "jvmtiError %s(jvmtiEnv", h->id);
        else if (h->kind == H_EVENT)
            snprintf(pat, sizeof pat, "JNICALL %s(jvmtiEnv", h->id);
        else if (h->kind == H_CALLBACK)
            snprintf(pat, sizeof pat, "(JNICALL *%s)", h->id);
        else
            continue;
        size_t s0, e0;
        if (find_sq(c->t, from, c->len, pat, true, &s0, &e0) ||
            find_sq(c->t, 0, c->len, pat, true, &s0, &e0)) {
            if (s0 >= c->ftable && h->kind != H_EVENT)
                continue;       /* the table's own line, not the prototype */
            h->anchor = (long)s0;
            if (s0 >= from)
                from = e0;
        }
    }
}

/* first strong identifier of an intro's body */
static bool first_ident(ctx *c, const jt_doc *d, char *out, size_t n)
{
    for (; d; d = d->next) {
        if (d->name && jt_ident_opaque_element(d->name))
            continue;
        if (!d->name && d->text) {
            for (const char *p = d->text; *p;) {
                if (!is_word(*p)) {
                    p++;
                    continue;
                }
                const char *q = p;
                while (is_word(*q))
                    q++;
                if (jt_vocab_class(c->vocab, p, (size_t)(q - p)) == 2 && (size_t)(q - p) < n) {
                    memcpy(out, p, (size_t)(q - p));
                    out[q - p] = '\0';
                    return true;
                }
                p = q;
            }
        }
        if (d->name && d->children && first_ident(c, d->children, out, n))
            return true;
    }
    return false;
}

/* ---- a section's words that a translation keeps ---------------------------
 * Code-like words of a section's English (with '_' or a digit or an
 * uppercase letter after the first, three characters or more, or a link's
 * target) are kept by a translation; those the text has at most
 * RARE_MAX times tie the section's heading to the text that follows it. */
enum { RARE_MAX = 6, SPAN_MAX = 4000 };

static bool code_like(const char *w, size_t n)
{
    if (n < 3)
        return false;
    for (size_t i = 0; i < n; i++)
        if (w[i] == '_' || (w[i] >= '0' && w[i] <= '9') || (i > 0 && w[i] >= 'A' && w[i] <= 'Z'))
            return true;
    return false;
}

/* Whether the word at [at, at+n) stands in translated prose: a non-ASCII
 * character next to it, spaces aside. */
static bool in_prose(const ctx *c, size_t at, size_t n)
{
    size_t b = at;
    while (b > 0 && is_sp(c->t[b - 1]))
        b--;
    if (b > 0 && ((unsigned char)c->t[b - 1] & 0x80))
        return true;
    size_t e = at + n;
    while (e < c->len && is_sp(c->t[e]))
        e++;
    return e < c->len && ((unsigned char)c->t[e] & 0x80);
}

static void add_tok(ctx *c, head *h, const char *w, size_t n)
{
    for (size_t i = 0; i < h->ntoks; i++)
        if (h->toks[i].nat && !memcmp(c->t + h->toks[i].at[0], w, n) && !is_word(c->t[h->toks[i].at[0] + n]) &&
            (h->toks[i].at[0] == 0 || !is_word(c->t[h->toks[i].at[0] - 1])))
            return;             /* have it */
    size_t at[RARE_MAX], nat = 0;
    bool prose[RARE_MAX];
    for (const char *p = c->t; (p = memmem(p, c->len - (size_t)(p - c->t), w, n)) != NULL; p += n) {
        if ((p > c->t && is_word(p[-1])) || is_word(p[n]))
            continue;
        bool pr = in_prose(c, (size_t)(p - c->t), n);
        if (!pr)
            continue;           /* C the page writes (a typedef, a table): not counted */
        if (nat == RARE_MAX) {
            nat = RARE_MAX + 1;
            break;
        }
        prose[nat] = pr;
        at[nat++] = (size_t)(p - c->t);
    }
    if (nat == 0 || nat > RARE_MAX)
        return;
    h->toks = realloc(h->toks, (h->ntoks + 1) * sizeof *h->toks);
    if (!h->toks)
        jt_fatal("out of memory");
    struct htok *k = &h->toks[h->ntoks++];
    k->at = malloc(nat * sizeof *k->at);
    if (!k->at)
        jt_fatal("out of memory");
    memcpy(k->at, at, nat * sizeof *k->at);
    k->prose = malloc(nat * sizeof *k->prose);
    if (!k->prose)
        jt_fatal("out of memory");
    memcpy(k->prose, prose, nat * sizeof *k->prose);
    k->nat = nat;
}

static void collect_toks(ctx *c, head *h, const jt_doc *d)
{
    for (; d; d = d->next) {
        if (d->name && !strcmp(d->name, "intro"))
            continue;           /* a nested section's words are its own */
        if (d->name && jt_ident_link_element(d->name) && !d->children) {
            const char *id = jt_doc_attr(d, "id");
            if (id && code_like(id, strlen(id)))
                add_tok(c, h, id, strlen(id));
        }
        if (!d->name && d->text)
            for (const char *p = d->text; *p;) {
                if (!is_word(*p)) {
                    p++;
                    continue;
                }
                const char *q = p;
                while (is_word(*q))
                    q++;
                if (code_like(p, (size_t)(q - p)))
                    add_tok(c, h, p, (size_t)(q - p));
                p = q;
            }
        if (d->children)
            collect_toks(c, h, d->children);
    }
}

/* How many of H's words the text has in [from, to): one for each in
 * prose, a half for each only in C. */
static double tok_hits(const head *h, size_t from, size_t to)
{
    double n = 0;
    for (size_t i = 0; i < h->ntoks; i++) {
        double best = 0;
        for (size_t k = 0; k < h->toks[i].nat; k++)
            if (h->toks[i].at[k] >= from && h->toks[i].at[k] < to && best < (h->toks[i].prose[k] ? 1.0 : 0.5))
                best = h->toks[i].prose[k] ? 1.0 : 0.5;
        n += best;
    }
    return n;
}

/* index of the first candidate at or after OFF */
static size_t cand_at(const ctx *c, size_t off)
{
    size_t lo = 0, hi = c->ncands;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->cands[mid].start < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static double pair_score(ctx *c, const head *h, size_t j, const char *intro_ident)
{
    const cand *k = &c->cands[j];
    double s = k->doubtful ? -1.5 : 0.2;
    const char *label = head_label(h);
    if (code_title(label) && !strcmp(label, k->text))
        s += 3;                 /* a title that is code, kept as it is */
    if (h->anchor >= 0 && k->start < (size_t)h->anchor) {
        size_t after = cand_at(c, (size_t)h->anchor);
        size_t between = after - 1 - j;
        if (between == 0)
            s += 4;
        else if (between == 1)
            s += 3;
        else if (between == 2)
            s += 2;
    }
    if (h->hint) {
        if (!strcmp(h->hint, k->text))
            s += 3;
        else {
            double l = likeness(h->hint, k->text);
            double r = likeness(k->text, h->hint);
            double m = l < r ? l : r;
            if (m >= 0.6)
                s += 1.5 * m;
        }
    }
    if (h->ntoks) {
        /* the section's words in the text up to the next heading-like line */
        size_t to = j + 1 < c->ncands ? c->cands[j + 1].start : c->len;
        if (to > k->end + SPAN_MAX)
            to = k->end + SPAN_MAX;
        double hits = tok_hits(h, k->end, to);
        if (hits >= 2)
            s += 3.0 * hits / (double)h->ntoks;
        else if (hits > 0)
            s += 0.5;
    }
    if (intro_ident) {
        size_t a, b;
        size_t to = k->end + 800 < c->len ? k->end + 800 : c->len;
        if (find_sq(c->t, k->end, to, intro_ident, false, &a, &b))
            s += 1;
    }
    return s;
}

static void align_heads(ctx *c)
{
    size_t H = c->nheads, C = c->ncands;
    if (!H || !C)
        return;
    char **idents = calloc(H, sizeof *idents);
    double *dp = malloc((H + 1) * (C + 1) * sizeof *dp);
    unsigned char *bt = malloc((H + 1) * (C + 1));
    if (!idents || !dp || !bt)
        jt_fatal("out of memory");
    for (size_t i = 0; i < H; i++)
        if (c->heads[i].kind == H_INTRO)
            collect_toks(c, &c->heads[i], ((const jt_intro *)c->heads[i].obj)->body);
    for (size_t i = 0; i < H; i++) {
        char id[128];
        if (c->heads[i].kind == H_INTRO && first_ident(c, ((const jt_intro *)c->heads[i].obj)->body, id, sizeof id))
            idents[i] = strdup(id);
    }
#define DP(i, j) dp[(i) * (C + 1) + (j)]
#define BT(i, j) bt[(i) * (C + 1) + (j)]
    for (size_t j = 0; j <= C; j++)
        DP(0, j) = 0, BT(0, j) = 2;
    for (size_t i = 1; i <= H; i++) {
        DP(i, 0) = 0, BT(i, 0) = 1;
        for (size_t j = 1; j <= C; j++) {
            double best = DP(i - 1, j);
            unsigned char how = 1;                  /* heading skipped */
            if (DP(i, j - 1) > best)
                best = DP(i, j - 1), how = 2;       /* line skipped */
            double m = DP(i - 1, j - 1) + pair_score(c, &c->heads[i - 1], j - 1, idents[i - 1]);
            if (m > best)
                best = m, how = 3;
            DP(i, j) = best, BT(i, j) = how;
        }
    }
    for (size_t i = H, j = C; i > 0 && j > 0;) {
        unsigned char how = BT(i, j);
        if (how == 3) {
            head *h = &c->heads[i - 1];
            h->match = (long)(j - 1);
            h->score = pair_score(c, h, j - 1, idents[i - 1]);
            i--, j--;
        } else if (how == 1)
            i--;
        else
            j--;
    }
#undef DP
#undef BT
    for (size_t i = 0; i < H; i++)
        free(idents[i]);
    free(idents);
    free(dp);
    free(bt);

    /* sure: evidence, or a one-to-one stretch between sure ones */
    for (size_t i = 0; i < H; i++)
        c->heads[i].sure = c->heads[i].match >= 0 && c->heads[i].score >= 2;
    long prev_h = -1, prev_c = -1;
    for (size_t i = 0; i <= H; i++) {
        if (i < H && !c->heads[i].sure)
            continue;
        long ci = i < H ? c->heads[i].match : (long)C;
        long nh = (long)i - prev_h - 1, nc = ci - prev_c - 1;
        if (nh > 0 && nh == nc) {
            bool all = true;
            for (long k = prev_h + 1; k < (long)i; k++)
                if (c->heads[k].match < 0)
                    all = false;
            if (all)
                for (long k = prev_h + 1; k < (long)i; k++)
                    c->heads[k].sure = true;
        }
        prev_h = (long)i, prev_c = ci;
    }
    /* sure: next to a sure pair in both orders (the heading before or
     * after a sure one and the heading-like line next to its line: a
     * category's title and its first function's), one step only */
    bool *next = calloc(H ? H : 1, sizeof *next);
    if (!next)
        jt_fatal("out of memory");
    for (size_t i = 0; i < H; i++) {
        const head *h = &c->heads[i];
        if (h->sure || h->match < 0 || c->cands[h->match].doubtful)
            continue;
        if ((i + 1 < H && c->heads[i + 1].sure && c->heads[i + 1].match == h->match + 1) ||
            (i > 0 && c->heads[i - 1].sure && c->heads[i - 1].match == h->match - 1 && c->heads[i - 1].match >= 0))
            next[i] = true;
    }
    for (size_t i = 0; i < H; i++)
        c->heads[i].sure |= next[i];
    free(next);
    /* blocks */
    size_t last = H;
    for (size_t i = H; i-- > 0;) {
        head *h = &c->heads[i];
        if (h->match < 0)
            continue;
        h->bstart = c->cands[h->match].end;
        h->bend = last < H ? c->cands[c->heads[last].match].start : c->len;
        if (h->bend < h->bstart)
            h->bend = h->bstart;
        last = i;
    }
}

/* The block an element of document order ORDER lies in: the last aligned
 * heading before it. */
static const head *block_of(const ctx *c, int order)
{
    const head *b = NULL;
    for (size_t i = 0; i < c->nheads && c->heads[i].order <= order; i++)
        if (c->heads[i].match >= 0)
            b = &c->heads[i];
    return b;
}

/* ---- 3. rows --------------------------------------------------------------------- */

/* The rest of the ASCII word at P starts with a name of the spec (text
 * glued on after a key), or there is no word at P. */
static bool word_ends(const ctx *c, size_t p, size_t to)
{
    if (p >= to || !is_word(c->t[p]))
        return true;
    size_t q = p;
    while (q < to && is_word(c->t[q]))
        q++;
    for (size_t e = q; e > p; e--)
        if (jt_vocab_class(c->vocab, c->t + p, e - p))
            return true;
    /* the next cell starts with an acronym of the translated text
     * ("JNIEnvJVM工具接口..."): a short run of capitals after a lowercase
     * letter, running into translated text */
    if (p > 0 && c->t[p - 1] >= 'a' && c->t[p - 1] <= 'z' && q - p <= 4 && q < to &&
        ((unsigned char)c->t[q] & 0x80)) {
        size_t k = p;
        while (k < q && c->t[k] >= 'A' && c->t[k] <= 'Z')
            k++;
        return k == q;
    }
    return false;
}

/* RK_FIELD: a field of a type, searched on its own (the page may show a
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

static row *add_row(rowset *rs, row_kind kind, jt_aunit *u, char *key)
{
    if (rs->n == rs->cap) {
        rs->cap = rs->cap ? rs->cap * 2 : 64;
        rs->r = realloc(rs->r, rs->cap * sizeof *rs->r);
        if (!rs->r)
            jt_fatal("out of memory");
    }
    row *r = &rs->r[rs->n++];
    memset(r, 0, sizeof *r);
    r->kind = kind, r->u = u, r->key = key;
    return r;
}

static char *xstrdup(const char *s)
{
    char *d = strdup(s);
    if (!d)
        jt_fatal("out of memory");
    return d;
}

/* Find KEY for row R in [from, to), word-bounded at its end; the row
 * kinds that the page also writes in C or in other tables refuse those
 * places. */
/* The word that ends at P ends in a name of the spec (a constant, a
 * function...): a cell of the row before that ended with a code name,
 * which the text glues to the next row's key ("...MAX_PRIORITYJVMTI_ERROR_X"). */
static bool ends_in_name(const ctx *c, size_t p)
{
    size_t b = p;
    while (b > 0 && is_word(c->t[b - 1]))
        b--;
    for (size_t k = b; k + 1 < p; k++)
        if (jt_vocab_class(c->vocab, c->t + k, p - k) == 2)
            return true;
    return false;
}

/* A constant's row ("JVMTI_X66", its name and value) glued to the cell
 * before ("...JNIjbyteJVMTI_PRIMITIVE_TYPE_CHAR67"): a name in capitals
 * after a lowercase letter or a digit cannot be the tail of another name
 * (names do not change case there without a '_'). */
static bool glued_cell(const ctx *c, size_t s, const char *key)
{
    char b = c->t[s - 1];
    return key[0] >= 'A' && key[0] <= 'Z' && ((b >= 'a' && b <= 'z') || (b >= '0' && b <= '9'));
}

static bool find_row(const ctx *c, row *r, size_t from, size_t to)
{
    size_t s, e;
    for (size_t at = from; at < to && find_sq(c->t, at, to, r->key, false, &s, &e); at = s + 1) {
        if (!word_ends(c, e, to))
            continue;
        if (s > 0 && is_word(c->t[s - 1]) && r->kind != RK_PARAM && r->kind != RK_FIELD && r->kind != RK_BASE &&
            !((r->kind == RK_ERRUSE || r->kind == RK_CONST) && ends_in_name(c, s)) &&
            !(r->kind == RK_CONST && glued_cell(c, s, r->key)))
            continue;
        /* "can_x : 1;" in the typedef, "JVMTI_ERROR_X (100)" in the error section */
        size_t q = e;
        while (q < to && is_sp(c->t[q]))
            q++;
        if (q < to && (c->t[q] == ':' || c->t[q] == ';' || c->t[q] == '=' || c->t[q] == ','))
            continue;
        if ((r->kind == RK_ERRUSE || r->kind == RK_CAPUSE) && q < to && c->t[q] == '(')
            continue;
        if ((r->kind == RK_PARAM || r->kind == RK_FIELD) && s > 0 && is_word(c->t[s - 1])) {
            /* glued to the cell before: only after a C type */
            size_t b = s;
            while (b > 0 && (is_word(c->t[b - 1]) || c->t[b - 1] == '*'))
                b--;
            if (b == s || !has_nonascii(c->t + (b > 0 ? b - 1 : 0), b > 0 ? 1 : 0)) {
                /* the word before must end in a type (jint, jthread, char*
                 * ...) or be the NULL a description ends with */
                bool typed = false;
                for (size_t k = b; k < s; k++)
                    if (jt_vocab_class(c->vocab, c->t + k, s - k) == 2 ||
                        (s - k == 4 && !memcmp(c->t + k, "char", 4)) ||
                        (s - k == 4 && !memcmp(c->t + k, "void", 4)) ||
                        (s - k == 4 && !memcmp(c->t + k, "NULL", 4)))
                        typed = true;
                if (!typed)
                    continue;
            }
        }
        r->ks = s, r->ke = e, r->found = true;
        return true;
    }
    return false;
}

/* Where the page's own words or a row key begin after FROM, before TO. */
static size_t next_stop(const ctx *c, const rowset *rs, size_t from, size_t to, bool generated)
{
    size_t stop = to;
    for (size_t i = 0; i < rs->n; i++)
        if (rs->r[i].found && rs->r[i].ks >= from && rs->r[i].ks < stop)
            stop = rs->r[i].ks;
    for (size_t i = 0; i < c->ntheads; i++)
        if (c->theads[i].hs >= from && c->theads[i].hs < stop)
            stop = c->theads[i].hs;
    for (size_t i = 0; i < sizeof chrome / sizeof *chrome; i++) {
        if (chrome[i].kind == CH_GENERATED && !generated)
            continue;
        size_t s, e;
        if (find_sq(c->t, from, stop, chrome[i].text, false, &s, &e))
            stop = s;
    }
    return stop;
}

/* ---- 6. markup back ---------------------------------------------------------------- */

typedef struct repl {
    size_t pos, len;
    char *with;
} repl;

typedef struct repls {
    repl *r;
    size_t n, cap;
} repls;

static void add_repl(repls *rs, size_t pos, size_t len, char *with)
{
    if (rs->n == rs->cap) {
        rs->cap = rs->cap ? rs->cap * 2 : 32;
        rs->r = realloc(rs->r, rs->cap * sizeof *rs->r);
        if (!rs->r)
            jt_fatal("out of memory");
    }
    rs->r[rs->n++] = (repl){ pos, len, with };
}

static bool overlaps(const repls *rs, size_t pos, size_t len)
{
    for (size_t i = 0; i < rs->n; i++)
        if (pos < rs->r[i].pos + rs->r[i].len && rs->r[i].pos < pos + len)
            return true;
    return false;
}

static int cmp_repl(const void *a, const void *b)
{
    const repl *x = a, *y = b;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

static char *node_xml(xmlNode *n)
{
    xmlBufferPtr b = xmlBufferCreate();
    if (!b)
        jt_fatal("out of memory");
    xmlNodeDump(b, n->doc, n, 0, 0);
    char *s = xstrdup((const char *)xmlBufferContent(b));
    xmlBufferFree(b);
    return s;
}

static void text_of(xmlNode *n, sbuf *b)
{
    for (; n; n = n->next) {
        if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE)
            sb_add(b, (const char *)n->content);
        else if (n->type == XML_ELEMENT_NODE)
            text_of(n->children, b);
    }
}

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

static void en_add_marked(english *en, char *visible, char *xml)
{
    if (en->nm == en->capm) {
        en->capm = en->capm ? en->capm * 2 : 16;
        en->m = realloc(en->m, en->capm * sizeof *en->m);
        if (!en->m)
            jt_fatal("out of memory");
    }
    en->m[en->nm++] = (marked){ visible, xml };
}

static void en_add_opaque(english *en, char *xml, const char *name)
{
    if (en->no == en->capo) {
        en->capo = en->capo ? en->capo * 2 : 8;
        en->opaque = realloc(en->opaque, en->capo * sizeof *en->opaque);
        en->opaque_name = realloc(en->opaque_name, en->capo * sizeof *en->opaque_name);
        if (!en->opaque || !en->opaque_name)
            jt_fatal("out of memory");
    }
    en->opaque_name[en->no] = xstrdup(name);
    en->opaque[en->no++] = xml;
}

/* An identifier-like visible text: one word, or code without spaces. */
static bool lookable(const char *s)
{
    if (!*s)
        return false;
    bool word = false;
    for (const char *p = s; *p; p++) {
        if ((unsigned char)*p >= 0x80 || *p == ' ' || *p == '\n' || *p == '\t')
            return false;
        if (is_word(*p))
            word = true;
    }
    return word;
}

static void en_walk(english *en, xmlNode *n, sbuf *vis)
{
    for (; n; n = n->next) {
        if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
            sb_add(vis, (const char *)n->content);
            continue;
        }
        if (n->type != XML_ELEMENT_NODE)
            continue;
        const char *name = (const char *)n->name;
        if (jt_ident_opaque_element(name)) {
            en_add_opaque(en, node_xml(n), name);
            continue;
        }
        if (!strcmp(name, "p"))
            en->has_p = true;
        if (!strcmp(name, "ul") || !strcmp(name, "li"))
            en->has_list = true;
        if (!strcmp(name, "jvmti")) {
            en->has_jvmti = true;
            sb_add(vis, "JVM TI");
            continue;
        }
        if (jt_ident_link_element(name)) {
            sbuf t = { 0 };
            text_of(n->children, &t);
            char *txt = sb_take(&t);
            /* collapse the spec's white space */
            char *w = txt;
            for (char *r = txt; *r; r++) {
                bool sp = *r == ' ' || *r == '\n' || *r == '\t' || *r == '\r';
                if (sp && (w == txt || w[-1] == ' '))
                    continue;
                *w++ = sp ? ' ' : *r;
            }
            while (w > txt && w[-1] == ' ')
                w--;
            *w = '\0';
            if (!*txt && strcmp(name, "code") != 0) {
                xmlChar *id = xmlGetProp(n, (const xmlChar *)"id");
                free(txt);
                txt = xstrdup(id ? (const char *)id : "");
                xmlFree(id);
            }
            sb_add(vis, txt);
            if (lookable(txt))
                en_add_marked(en, txt, node_xml(n));
            else
                free(txt);
            continue;
        }
        en_walk(en, n->children, vis);
    }
}

static xmlDocPtr parse_fragment(const char *frag)
{
    size_t len = strlen(frag);
    if (len > INT_MAX - 32)
        return NULL;
    char *w = malloc(len + 20);
    if (!w)
        jt_fatal("out of memory");
    memcpy(w, "<msgstr>", 8);
    memcpy(w + 8, frag, len);
    memcpy(w + 8 + len, "</msgstr>", 10);
    xmlDocPtr x = xmlReadMemory(w, (int)(len + 17), "unit", "UTF-8",
                                XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR);
    free(w);
    return x;
}

static size_t count_en_sentences(const char *s)
{
    size_t n = 0;
    for (const char *p = s; *p; p++)
        if ((*p == '.' || *p == '?' || *p == '!') && (p[1] == ' ' || p[1] == '\0' || p[1] == '\n') &&
            p > s && p[-1] != '.' && !(p >= s + 2 && p[-2] == 'e' && p[-1] == '.'))
            n++;
    return n ? n : 1;
}

static bool english_of(const char *msgid, english *en)
{
    memset(en, 0, sizeof *en);
    xmlDocPtr x = parse_fragment(msgid);
    if (!x || !xmlDocGetRootElement(x)) {
        xmlFreeDoc(x);
        return false;
    }
    sbuf vis = { 0 };
    en_walk(en, xmlDocGetRootElement(x)->children, &vis);
    char *v = sb_take(&vis);
    en->en_chars = ncp(v, strlen(v));
    en->en_sentences = count_en_sentences(v);
    free(v);
    xmlFreeDoc(x);
    return true;
}

static void english_free(english *en)
{
    for (size_t i = 0; i < en->nm; i++)
        free(en->m[i].visible), free(en->m[i].xml);
    for (size_t i = 0; i < en->no; i++)
        free(en->opaque[i]), free(en->opaque_name[i]);
    free(en->m);
    free(en->opaque);
    free(en->opaque_name);
}

/* Marker for the k-th copied element in a translated text: \1 k \2. */
#define MARK_OPEN '\1'
#define MARK_CLOSE '\2'

static void xml_escape_into(sbuf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '&': sb_add(b, "&amp;"); break;
        case '<': sb_add(b, "&lt;"); break;
        case '>': sb_add(b, "&gt;"); break;
        default: sb_addn(b, s + i, 1);
        }
    }
}

/* The translated text ZH (plain, with copied-element markers) as markup. */
/* S[POS] starts V, a lowercase name, right after an acronym the text
 * glued it to ("JNIjbyte": a table cell "JNI <code>jbyte</code>" run
 * together): the capitals before it are a word of their own. */
static bool after_acronym(const char *s, size_t pos, const char *v)
{
    if (!(v[0] >= 'a' && v[0] <= 'z'))
        return false;
    size_t b = pos;
    while (b > 0 && s[b - 1] >= 'A' && s[b - 1] <= 'Z')
        b--;
    return pos - b >= 2 && (b == 0 || !is_word(s[b - 1]));
}

static char *remark(const english *en, const char *zh)
{
    /* escape, keeping markers */
    sbuf e = { 0 };
    xml_escape_into(&e, zh, strlen(zh));
    char *s = sb_take(&e);
    size_t n = strlen(s);
    repls rs = { 0 };
    /* code and links, in order, word-bounded */
    size_t cursor = 0;
    for (size_t i = 0; i < en->nm; i++) {
        sbuf vb = { 0 };
        xml_escape_into(&vb, en->m[i].visible, strlen(en->m[i].visible));
        char *v = sb_take(&vb);
        size_t vl = strlen(v);
        bool placed = false;
        for (int pass = 0; pass < 2 && !placed; pass++) {
            for (size_t at = pass ? 0 : cursor; at + vl <= n;) {
                char *hit = strstr(s + at, v);
                if (!hit)
                    break;
                size_t pos = (size_t)(hit - s);
                at = pos + 1;
                if (is_word(v[0]) && pos > 0 && is_word(s[pos - 1]) && !after_acronym(s, pos, v))
                    continue;
                if (is_word(v[vl - 1]) && pos + vl < n && is_word(s[pos + vl]))
                    continue;
                if (overlaps(&rs, pos, vl))
                    continue;
                add_repl(&rs, pos, vl, xstrdup(en->m[i].xml));
                cursor = pos + vl;
                placed = true;
                break;
            }
        }
        free(v);
    }
    if (en->has_jvmti)
        for (char *hit = strstr(s, "JVM TI"); hit; hit = strstr(hit + 1, "JVM TI")) {
            size_t pos = (size_t)(hit - s);
            if (!overlaps(&rs, pos, 6) && !(pos + 6 < n && is_word(s[pos + 6])))
                add_repl(&rs, pos, 6, xstrdup("<jvmti/>"));
        }
    /* markers */
    for (size_t i = 0; i < n; i++)
        if (s[i] == MARK_OPEN) {
            size_t j = i + 1;
            size_t k = 0;
            while (j < n && s[j] >= '0' && s[j] <= '9')
                k = k * 10 + (size_t)(s[j++] - '0');
            if (j < n && s[j] == MARK_CLOSE && k < en->no)
                add_repl(&rs, i, j + 1 - i, xstrdup(en->opaque[k]));
        }
    if (rs.n)
        qsort(rs.r, rs.n, sizeof *rs.r, cmp_repl);
    /* assemble: line breaks as paragraphs or list items */
    sbuf out = { 0 };
    bool in_list = false, line_start = true;
    size_t ri = 0;
    for (size_t i = 0; i < n;) {
        if (ri < rs.n && rs.r[ri].pos == i) {
            sb_add(&out, rs.r[ri].with);
            i += rs.r[ri].len;
            ri++;
            line_start = false;
            continue;
        }
        if (line_start && en->has_list) {
            size_t j = i;
            while (j < n && is_sp(s[j]))
                j++;
            bool item = j + 1 < n && s[j] == '-' && s[j + 1] == ' ';
            if (item) {
                sb_add(&out, in_list ? "</li><li>" : "<ul><li>");
                in_list = true;
                i = j + 2;
                line_start = false;
                continue;
            }
            if (in_list) {
                sb_add(&out, "</li></ul>");
                in_list = false;
            }
        }
        line_start = false;
        if (s[i] == '\n') {
            if (!in_list)
                sb_add(&out, en->has_p ? "<p/>" : " ");
            else
                sb_add(&out, " ");
            line_start = true;
            i++;
            continue;
        }
        sb_addn(&out, s + i, 1);
        i++;
    }
    if (in_list)
        sb_add(&out, "</li></ul>");
    for (size_t i = 0; i < rs.n; i++)
        free(rs.r[i].with);
    free(rs.r);
    free(s);
    return sb_take(&out);
}

/* ---- 7. confidence -------------------------------------------------------------- */

static char *trim_dup(const char *s, size_t n)
{
    /* trim spaces, line breaks and stray dashes of the table layout */
    while (n && (is_sp(*s) || *s == '\n' || *s == '-'))
        s++, n--;
    while (n && (is_sp(s[n - 1]) || s[n - 1] == '\n' || s[n - 1] == '-'))
        n--;
    char *d = strndup(s, n);
    if (!d)
        jt_fatal("out of memory");
    return d;
}

/* Whether T holds a table row's key glued to the text before it
 * ("...hotspot.barshort_descriptionchar*"): a word with a name of the
 * spec inside it, after other characters, followed by a C type to the
 * word's end.  Such a text runs into the next row. */
static bool has_glued_row(const ctx *c, const char *t)
{
    static const char *const ctypes[] = { "jint", "jlong", "jboolean", "jchar", "jbyte", "jshort", "jfloat",
                                          "jdouble", "jthread", "jobject", "jclass", "jmethodID", "jfieldID",
                                          "jlocation", "jvalue", "char", "void", "size_t" };
    for (const char *p = t; *p;) {
        if (!is_word(*p)) {
            p++;
            continue;
        }
        const char *q = p;
        while (is_word(*q))
            q++;
        size_t n = (size_t)(q - p);
        for (size_t i = 2; i + 3 < n; i++) {
            /* p[i..k) a name, p[k..n) a type */
            for (size_t k = i + 2; k < n; k++) {
                bool ty = jt_vocab_class(c->vocab, p + k, n - k) == 2 && (p[k] == 'j' || p[k] == 'J');
                for (size_t m = 0; !ty && m < sizeof ctypes / sizeof *ctypes; m++)
                    ty = strlen(ctypes[m]) == n - k && !memcmp(p + k, ctypes[m], n - k);
                if (ty && jt_vocab_class(c->vocab, p + i, k - i) && p[i - 1] != '_')
                    return true;
            }
        }
        p = q;
    }
    return false;
}

/* Places the translated text ZH (plain, markers) as U's msgstr and judges
 * it.  Takes ZH. */
static void place(ctx *c, jt_aunit *u, char *zh, size_t at, bool sure_position)
{
    char *t = trim_dup(zh, strlen(zh));
    free(zh);
    if (!*t || (!has_nonascii(t, strlen(t)) && !(code_title(u->msgid) && !strcmp(t, u->msgid)))) {
        free(t);
        if (!u->msgstr)
            u->why = "no translated text where it belongs";
        return;
    }
    english en;
    if (!english_of(u->msgid, &en)) {
        free(t);
        return;
    }
    char *ms = remark(&en, t);
    /* copied elements the text did not show: at the end, in order */
    for (size_t i = 0; i < en.no; i++) {
        char mk[32];
        snprintf(mk, sizeof mk, "%c%zu%c", MARK_OPEN, i, MARK_CLOSE);
        if (!strstr(t, mk)) {
            size_t l = strlen(ms);
            char *m2 = malloc(l + strlen(en.opaque[i]) + 1);
            if (!m2)
                jt_fatal("out of memory");
            memcpy(m2, ms, l);
            strcpy(m2 + l, en.opaque[i]);
            free(ms);
            ms = m2;
        }
    }
    char *ids_en = NULL, *h_en = NULL, *ids_zh = NULL, *h_zh = NULL;
    bool ok_en = jt_unit_idents(c->vocab, u->msgid, &ids_en, &h_en);
    bool ok_zh = jt_unit_idents(c->vocab, ms, &ids_zh, &h_zh);
    const char *why = NULL;
    if (!ok_zh)
        why = "the markup put back is not well-formed";
    else if (!ok_en || strcmp(ids_en, ids_zh) != 0)
        why = "its identifiers differ from the English";
    else if (strcmp(h_en, h_zh) != 0)
        why = "an element copied as-is is missing";
    else if (!sure_position)
        why = "its place in the text is not sure";
    else if (has_glued_row(c, t))
        why = "it runs into the next row of its table";
    else if (en.en_chars > 60) {
        double r = (double)ncp(t, strlen(t)) / (double)en.en_chars;
        if (r < 0.08 || r > 1.2)
            why = "its length does not fit its English";
    }
    free(ids_en), free(h_en), free(ids_zh), free(h_zh);
    english_free(&en);
    free(t);
    /* a sure placement replaces a fuzzy one, never the other way round */
    if (u->msgstr && !u->fuzzy) {
        free(ms);
        return;
    }
    if (u->msgstr && why) {
        free(ms);
        return;
    }
    free(u->msgstr);
    u->msgstr = ms;
    u->fuzzy = why != NULL;
    u->why = why;
    u->text_line = c->rt->orig_line[jt_rtext_line_of(c->rt, at < c->len ? at : c->len ? c->len - 1 : 0)];
}

/* ---- 4. descriptions -------------------------------------------------------------- */

/* A span of the text to leave out of a description, or to replace by a
 * copied element (opaque >= 0). */
typedef struct cut {
    size_t s, e;
    long opaque;
} cut;

typedef struct cuts {
    cut *c;
    size_t n, cap;
} cuts;

static void add_cut(cuts *cs, size_t s, size_t e, long opaque)
{
    if (e <= s)
        return;
    if (cs->n == cs->cap) {
        cs->cap = cs->cap ? cs->cap * 2 : 16;
        cs->c = realloc(cs->c, cs->cap * sizeof *cs->c);
        if (!cs->c)
            jt_fatal("out of memory");
    }
    cs->c[cs->n++] = (cut){ s, e, opaque };
}

static int cmp_cut(const void *a, const void *b)
{
    const cut *x = a, *y = b;
    return (x->s > y->s) - (x->s < y->s);
}

/* end of a balanced C fragment starting at P: through the matching ')' */
static size_t paren_end(const ctx *c, size_t p, size_t to)
{
    int depth = 0;
    for (size_t i = p; i < to; i++) {
        if (c->t[i] == '(')
            depth++;
        else if (c->t[i] == ')' && --depth == 0)
            return i + 1;
    }
    return p;
}

/* "typedef ... ;" with a { ... } body if it has one; its end */
static size_t typedef_end(const ctx *c, size_t p, size_t to)
{
    int depth = 0;
    for (size_t i = p; i < to; i++) {
        char ch = c->t[i];
        if (ch == '{')
            depth++;
        else if (ch == '}')
            depth--;
        else if (ch == ';' && depth <= 0)
            return i + 1;
        else if (ch == '\n' && depth <= 0)
            return p;
    }
    return p;
}

static void cut_c(const ctx *c, size_t from, size_t to, cuts *cs)
{
    /* typedefs and struct declarations the page shows */
    static const char *const starts[] = { "typedef ", "struct _" };
    for (size_t k = 0; k < 2; k++)
        for (size_t at = from; at < to;) {
            const char *hit = memmem(c->t + at, to - at, starts[k], strlen(starts[k]));
            if (!hit)
                break;
            size_t p = (size_t)(hit - c->t);
            size_t e = typedef_end(c, p, to);
            if (e > p)
                add_cut(cs, p, e, -1);
            at = (e > p ? e : p + 1);
        }
}

/* Where the run of translated text that ends at P begins: back over
 * non-ASCII code points, not before LO, stopping at the end of a sentence
 * or a clause (a full stop, a colon, a comma) and after at most MAX code
 * points; their number in *NCPS.  A constants group's title before its
 * "( id)" and a parameter name the text translated before its C type are
 * such runs. */
static size_t phrase_start(const ctx *c, size_t p, size_t lo, size_t max, size_t *ncps)
{
    size_t start = p, n = 0;
    while (start > lo && n < max && ((unsigned char)c->t[start - 1] & 0x80)) {
        size_t j = start - 1;
        while (j > lo && ((unsigned char)c->t[j] & 0xC0) == 0x80)
            j--;
        size_t k;
        unsigned cp = cp_at(c->t + j, &k);
        if (sentence_end(cp) || cp == 0xFF1A || cp == 0xFF0C || cp == 0x3001)
            break;
        start = j, n++;
    }
    if (ncps)
        *ncps = n;
    return start;
}

/* The constants group G's table in [from, to): from its title to its last
 * row's end.  Returns false when its title is not there. */
static bool group_span(ctx *c, const jt_constants *g, size_t from, size_t to, size_t *gs, size_t *ge, rowset *rows)
{
    char pat[300];
    snprintf(pat, sizeof pat, "(%s)", g->id);
    size_t s, e;
    if (!find_sq(c->t, from, to, pat, false, &s, &e))
        return false;
    /* the title before "( id)": back to a stop */
    size_t b = s;
    while (b > from && is_sp(c->t[b - 1]))
        b--;
    size_t lo = b > 60 ? b - 60 : 0;
    size_t title = phrase_start(c, b, lo < from ? from : lo, SIZE_MAX, NULL);
    /* rows: the last one found of this group */
    size_t end = e;
    for (size_t i = 0; i < rows->n; i++)
        if (rows->r[i].kind == RK_CONST && rows->r[i].found && rows->r[i].ks >= e && rows->r[i].ks < to) {
            const char *id = rows->r[i].u->ctx;
            for (size_t k = 0; k < g->nconstants; k++)
                if (!strcmp(g->constants[k].id, id) && rows->r[i].ke > end)
                    end = rows->r[i].ke;
        }
    *gs = title;
    *ge = end;
    return true;
}

/* ---- the last row of a group: as many sentences as its English ------------------ */

static size_t sentences_end(const ctx *c, size_t from, size_t to, size_t want)
{
    size_t n = 0;
    for (size_t i = from; i < to;) {
        size_t k;
        unsigned cp = cp_at(c->t + i, &k);
        i += k;
        if (sentence_end(cp) && ++n == want)
            return i;
        if (cp == '\n')
            return i - 1;
    }
    return to;
}

/* ---- the owners ------------------------------------------------------------------- */

typedef struct owner_rows {
    rowset rows;
} owner_rows;

/* The C type of a parameter as the page writes it, for its row key. */
static char *param_key(const jt_param *p)
{
    char ty[256];
    jt_c_type(p->type, ty, sizeof ty);
    size_t n = strlen(p->id) + strlen(ty) + 1;
    char *k = malloc(n);
    if (!k)
        jt_fatal("out of memory");
    snprintf(k, n, "%s%s", p->id, ty);
    return k;
}

static void params_rows(ctx *c, rowset *rs, row_kind kind, const char *owner, const jt_param *ps, size_t n)
{
    row *last = NULL;
    for (size_t i = 0; i < n; i++) {
        char cx[512];
        snprintf(cx, sizeof cx, "%s.%s", owner, ps[i].id);
        jt_aunit *u = unit(c, cx, false);
        if (u && !ps[i].implicit)
            last = add_row(rs, kind, u, param_key(&ps[i]));
    }
    /* a type's table may be followed by prose at once: its last field ends
     * after as many sentences as its English has */
    if (last && kind == RK_FIELD)
        last->last_of_group = true;
}

static void uses_rows(ctx *c, rowset *rs, const char *owner, const jt_cap_use *caps, size_t ncaps,
                      const jt_error_use *errs, size_t nerrs)
{
    char cx[512];
    for (size_t i = 0; i < ncaps; i++) {
        snprintf(cx, sizeof cx, "%s/%s", owner, caps[i].id);
        jt_aunit *u = unit(c, cx, false);
        if (u)
            add_row(rs, RK_CAPUSE, u, xstrdup(caps[i].id));
    }
    for (size_t i = 0; i < nerrs; i++) {
        snprintf(cx, sizeof cx, "%s/%s", owner, errs[i].id);
        size_t nth = 0;
        for (size_t k = 0; k < i; k++)
            nth += !strcmp(errs[k].id, errs[i].id);
        jt_aunit *u = unit_nth(c, cx, false, nth);
        if (u)
            add_row(rs, RK_ERRUSE, u, xstrdup(errs[i].id));
    }
}

static void group_rows(ctx *c, rowset *rs, const jt_constants *g)
{
    for (size_t k = 0; k < g->nconstants; k++) {
        jt_aunit *u = unit(c, g->constants[k].id, false);
        if (!u)
            continue;
        size_t n = strlen(g->constants[k].id) + strlen(g->constants[k].num) + 2;
        char *key = malloc(n);
        if (!key)
            jt_fatal("out of memory");
        snprintf(key, n, "%s%s", g->constants[k].id, g->constants[k].num);
        row *r = add_row(rs, RK_CONST, u, key);
        r->last_of_group = k + 1 == g->nconstants;
    }
}

/* A parameter row whose name the text translated ("深度jint" for
 * "depthjint"): its C type right after a short run of non-ASCII text that
 * follows a sentence's end or a space, in [from, to).  Only between the
 * rows found around it (or after the table's header), so that the types
 * name the rows in the spec's order. */
static bool find_translated_param(const ctx *c, row *r, size_t from, size_t to)
{
    const char *dot = strrchr(r->u->ctx, '.');
    const char *ty = r->key + (dot ? strlen(dot + 1) : 0);
    if (!*ty)
        return false;
    size_t s, e;
    for (size_t at = from; at < to && find_sq(c->t, at, to, ty, false, &s, &e); at = s + 1) {
        if (!word_ends(c, e, to) || (e < to && c->t[e] == '*') || s == 0 || !((unsigned char)c->t[s - 1] & 0x80))
            continue;
        /* back over the translated name: at most 8 code points, none a
         * sentence's end */
        size_t cps;
        size_t ns = phrase_start(c, s, from, 9, &cps);
        if (cps == 0 || cps > 8)
            continue;
        if (ns > from && !is_sp(c->t[ns - 1]) && ((unsigned char)c->t[ns - 1] & 0x80) == 0 && c->t[ns - 1] != '\n' &&
            !ends_in_name(c, ns))
            continue;
        r->ks = ns, r->ke = e, r->found = true;
        return true;
    }
    return false;
}

/* Search the rows in order within [from, to), each kind from the start. */
/* Where the table of R's rows starts in [from, to): a function's
 * parameters after its parameters table's header; a type's fields after
 * the header that follows its caption ("jvmtiParamInfo- <title>字段 类型
 * 描述"), the block may hold several types' tables. */
static bool table_start(const ctx *c, const row *r, size_t from, size_t to, size_t *lo)
{
    const char *want = r->kind == RK_FIELD ? "字段" : "参数";
    size_t hs, he;
    if (r->kind == RK_FIELD) {
        char cap[300];
        snprintf(cap, sizeof cap, "%.*s-", (int)strcspn(r->u->ctx, "."), r->u->ctx);
        size_t a, b;
        for (size_t at = from; at < to && find_sq(c->t, at, to, cap, false, &a, &b); at = b) {
            if (a > 0 && is_word(c->t[a - 1]))
                continue;
            for (size_t k = 0; k < sizeof chrome / sizeof *chrome; k++)
                if (chrome[k].kind == CH_HEADER && !strncmp(chrome[k].text, want, strlen(want)) &&
                    find_sq(c->t, b, b + 200 < to ? b + 200 : to, chrome[k].text, false, &hs, &he)) {
                    *lo = he;
                    return true;
                }
        }
        return false;
    }
    *lo = to;
    for (size_t k = 0; k < sizeof chrome / sizeof *chrome; k++)
        if (chrome[k].kind == CH_HEADER && !strncmp(chrome[k].text, want, strlen(want)) &&
            find_sq(c->t, from, *lo, chrome[k].text, false, &hs, &he))
            *lo = he;
    return true;
}

static void find_rows(ctx *c, rowset *rs, size_t from, size_t to)
{
    size_t cur[RK_CAP + 1];
    for (size_t k = 0; k <= RK_CAP; k++)
        cur[k] = from;
    /* a function's errors are rows of its error table, not the mentions
     * of their names in the descriptions before it */
    for (size_t k = 0; k < sizeof chrome / sizeof *chrome; k++) {
        size_t hs, he;
        if (chrome[k].kind == CH_HEADER && !strncmp(chrome[k].text, "错误", strlen("错误")) &&
            find_sq(c->t, from, to, chrome[k].text, false, &hs, &he) && (cur[RK_ERRUSE] == from || he < cur[RK_ERRUSE]))
            cur[RK_ERRUSE] = he;
    }
    size_t errtab = cur[RK_ERRUSE];
    /* a parameter's row is in the parameters table, not the prototype
     * before it (where "..." and the names are too) */
    for (size_t k = 0; k < sizeof chrome / sizeof *chrome; k++) {
        size_t hs, he;
        if (chrome[k].kind == CH_HEADER && !strncmp(chrome[k].text, "参数", strlen("参数")) &&
            find_sq(c->t, from, to, chrome[k].text, false, &hs, &he) &&
            (cur[RK_PARAM] == from || he < cur[RK_PARAM]))
            cur[RK_PARAM] = he;
    }
    for (size_t i = 0; i < rs->n; i++) {
        row *r = &rs->r[i];
        if (r->kind == RK_ERRUSE) {
            /* an error table's order is the page's: each name from the
             * table's start.  A function may give one error two meanings
             * (two rows, two units, in order), and the page lists the
             * function's own errors before the rows it adds from the
             * parameters ("depth小于零"), so the first occurrences are the
             * function's; a name found fewer times than the function has
             * units for it is not sure (which one is missing?) */
            size_t idx = 0, want = 0;
            for (size_t k = 0; k < rs->n; k++)
                if (rs->r[k].kind == RK_ERRUSE && !strcmp(rs->r[k].key, r->key)) {
                    want++;
                    if (k < i)
                        idx++;
                }
            size_t seen = 0, at = errtab;
            row probe = *r;
            bool placed = false;
            while (find_row(c, &probe, at, to)) {
                if (seen == idx) {
                    *r = probe;
                    placed = true;
                }
                seen++;
                at = probe.ke;
                probe = *r;
                probe.found = false;
            }
            if (placed && seen < want)
                r->ambiguous = true;
            continue;
        }
        if (find_row(c, r, cur[r->kind], to))
            cur[r->kind] = r->ke;
    }
    /* the parameters and fields whose names the text translated, between
     * the rows found around them */
    static const row_kind named[] = { RK_PARAM, RK_FIELD };
    for (size_t nk = 0; nk < sizeof named / sizeof *named; nk++) {
        row_kind kind = named[nk];
        size_t lo = SIZE_MAX;
        for (size_t i = 0; i < rs->n; i++) {
            row *r = &rs->r[i];
            if (r->kind != kind)
                continue;
            if (lo == SIZE_MAX && !table_start(c, r, from, to, &lo))
                break;
            if (r->found) {
                lo = r->ke;
                continue;
            }
            size_t hi = to;
            for (size_t k = i + 1; k < rs->n; k++)
                if (rs->r[k].kind == kind && rs->r[k].found && rs->r[k].ks >= lo) {
                    hi = rs->r[k].ks;   /* (one found before the table, "..." in
                                           the prototype, bounds nothing) */
                    break;
                }
            hi = next_stop(c, &(rowset){ 0 }, lo, hi, false);
            if (lo < hi && find_translated_param(c, r, lo, hi))
                lo = r->ke;
        }
    }
}

/* The sentences the page adds to a parameter that may be null ("If
 * thread is NULL, the current thread is used"): at the end of [from, to),
 * after the first sentence, each naming NULL where the English does not.
 * Returns the end of what is left. */
static size_t drop_null_sentences(const ctx *c, size_t from, size_t to)
{
    size_t first_end = SIZE_MAX, cut = to;
    size_t sstart = from;
    for (size_t i = from; i < to;) {
        size_t k;
        unsigned cp = cp_at(c->t + i, &k);
        i += k;
        if (!sentence_end(cp) && i < to)
            continue;
        if (first_end == SIZE_MAX)
            first_end = i;
        else {
            size_t a, b;
            if (find_sq(c->t, sstart, i, "NULL", false, &a, &b)) {
                if (cut == to)
                    cut = sstart;
            } else
                cut = to;       /* only a tail of such sentences is cut */
        }
        sstart = i;
    }
    return cut;
}

/* Whether rows hold their own evidence: at least MIN of them, four in five
 * found in their order by keys no other table has (a constant's name and
 * value, a capability's name, a field's name and type).  Then their place
 * is sure whatever is known of the heading above them. */
static bool rows_sure(const rowset *rs, size_t min)
{
    size_t found = 0;
    for (size_t i = 0; i < rs->n; i++)
        found += rs->r[i].found;
    return rs->n >= min && found * 5 >= rs->n * 4;
}

static void place_rows(ctx *c, rowset *rs, size_t to, bool sure)
{
    for (size_t i = 0; i < rs->n; i++) {
        row *r = &rs->r[i];
        if (!r->found)
            continue;
        size_t end = next_stop(c, rs, r->ke, to, r->kind == RK_PARAM || r->kind == RK_FIELD);
        if (r->kind == RK_ERRUSE || r->kind == RK_ERROR) {
            /* the page's own rows of an error table (the errors every
             * function may return) are not units: an error's text ends
             * where any error's name begins */
            size_t a, b;
            if (find_sq(c->t, r->ke, end, "JVMTI_ERROR_", false, &a, &b))
                end = a;
        }
        if (r->last_of_group) {
            english en;
            size_t want = 1;
            if (english_of(r->u->msgid, &en)) {
                want = en.en_sentences;
                english_free(&en);
            }
            size_t se = sentences_end(c, r->ke, end, want);
            if (se < end)
                end = se;
        }
        size_t s = r->ke;
        if (r->kind == RK_PARAM && !strstr(r->u->msgid, "NULL"))
            end = drop_null_sentences(c, s, end);
        char *zh = strndup(c->t + s, end - s);
        if (!zh)
            jt_fatal("out of memory");
        size_t zl = strlen(zh);
        if (r->kind == RK_CAP) {
            /* the since column: " 1.0" at the end */
            size_t e = zl;
            while (e && is_sp(zh[e - 1]))
                e--;
            size_t d = e;
            while (d && ((zh[d - 1] >= '0' && zh[d - 1] <= '9') || zh[d - 1] == '.'))
                d--;
            if (d < e && strchr(zh + d, '.'))
                zh[d] = '\0';
        }
        if (r->kind == RK_ERROR) {
            /* "(100) -" after the key */
            char *p = zh;
            while (*p == ' ')
                p++;
            if (*p == '-')
                memmove(zh, p + 1, strlen(p + 1) + 1);
        }
        place(c, r->u, zh, s, sure && !r->ambiguous);
    }
}

static void free_rows(rowset *rs)
{
    for (size_t i = 0; i < rs->n; i++)
        free((char *)rs->r[i].key);
    free(rs->r);
    memset(rs, 0, sizeof *rs);
}

/* The text of [from, to) less the cuts, with markers for the copied
 * elements; OPAQUE_IDS maps the English's copied elements to the cuts. */
static char *cut_text(const ctx *c, size_t from, size_t to, cuts *cs)
{
    if (cs->n)
        qsort(cs->c, cs->n, sizeof *cs->c, cmp_cut);
    sbuf b = { 0 };
    size_t at = from;
    for (size_t i = 0; i < cs->n; i++) {
        cut *k = &cs->c[i];
        if (k->e <= at || k->s >= to)
            continue;
        size_t s = k->s < at ? at : k->s;
        sb_addn(&b, c->t + at, s - at);
        if (k->opaque >= 0) {
            /* the element is a block of its own: the line breaks the
             * extraction put around it are not paragraphs */
            if (b.n && b.s[b.n - 1] == '\n')
                b.s[--b.n] = '\0';
            char mk[32];
            snprintf(mk, sizeof mk, "%c%ld%c", MARK_OPEN, k->opaque, MARK_CLOSE);
            sb_add(&b, mk);
        }
        at = k->e < to ? k->e : to;
        if (k->opaque >= 0 && at < to && c->t[at] == '\n')
            at++;
    }
    if (at < to)
        sb_addn(&b, c->t + at, to - at);
    return sb_take(&b);
}

/* The index among the English's copied elements of <constants id=ID>. */
static long opaque_index(const char *msgid, const char *element, const char *id)
{
    english en;
    if (!english_of(msgid, &en))
        return -1;
    long found = -1;
    char want[300];
    snprintf(want, sizeof want, "id=\"%s\"", id);
    for (size_t i = 0; i < en.no && found < 0; i++)
        if (!strcmp(en.opaque_name[i], element) && strstr(en.opaque[i], want))
            found = (long)i;
    english_free(&en);
    return found;
}

/* A description or section in [from, to): less the C, with its constants
 * groups as placeholders. */
static void place_prose(ctx *c, jt_aunit *u, size_t from, size_t to, rowset *rows, const char *proto,
                        bool sure)
{
    if (!u || to <= from)
        return;
    cuts cs = { 0 };
    cut_c(c, from, to, &cs);
    if (proto) {
        size_t s, e;
        if (find_sq(c->t, from, to, proto, true, &s, &e)) {
            size_t pe = paren_end(c, s + (strchr(c->t + s, '(') - (c->t + s)), to);
            add_cut(&cs, s, pe > e ? pe : e, -1);
        }
    }
    /* the constants groups of the spec this text holds */
    for (size_t g = 0; g < c->spec->nconstants; g++) {
        const jt_constants *grp = c->spec->constants[g];
        long k = opaque_index(u->msgid, "constants", grp->id);
        if (k < 0)
            continue;
        size_t gs, ge;
        if (group_span(c, grp, from, to, &gs, &ge, rows))
            add_cut(&cs, gs, ge, k);
    }
    /* the code a translation copies as it is (<example>, <pre>): where the
     * text shows it, the English element goes in its place */
    english en;
    if (english_of(u->msgid, &en)) {
        for (size_t i = 0; i < en.no; i++) {
            if (strcmp(en.opaque_name[i], "example") != 0 && strcmp(en.opaque_name[i], "pre") != 0)
                continue;
            xmlDocPtr x = parse_fragment(en.opaque[i]);
            if (!x || !xmlDocGetRootElement(x)) {
                xmlFreeDoc(x);
                continue;
            }
            sbuf b = { 0 };
            text_of(xmlDocGetRootElement(x)->children, &b);
            xmlFreeDoc(x);
            char *code = sb_take(&b);
            /* trimmed; at least a few characters, or it would match anywhere */
            char *cs0 = code;
            while (*cs0 && (is_sp(*cs0) || *cs0 == '\n'))
                cs0++;
            size_t cl = strlen(cs0);
            while (cl && (is_sp(cs0[cl - 1]) || cs0[cl - 1] == '\n'))
                cs0[--cl] = '\0';
            size_t a, e;
            if (cl >= 8 && find_sq(c->t, from, to, cs0, true, &a, &e))
                add_cut(&cs, a, e, (long)i);
            free(code);
        }
        english_free(&en);
    }
    /* nested sections: their text is theirs; the placeholder goes at the end */
    char *zh = cut_text(c, from, to, &cs);
    free(cs.c);
    place(c, u, zh, from, sure);
}

/* The phase row before the capabilities table: "...<num><since>" at the
 * end of a function's prose; its start. */
static size_t phase_row(const ctx *c, const jt_function *f, size_t from, size_t to)
{
    char tail[64];
    snprintf(tail, sizeof tail, "%d%s", f->num, f->since ? f->since : "1.0");
    size_t e = to;
    while (e > from && (is_sp(c->t[e - 1]) || c->t[e - 1] == '\n'))
        e--;
    size_t n = strlen(tail);
    if (e - from < n || memcmp(c->t + e - n, tail, n) != 0)
        return to;
    /* back to the prototype's end or the last sentence's */
    size_t i = e - n;
    while (i > from) {
        size_t j = i - 1;
        while (j > from && ((unsigned char)c->t[j] & 0xC0) == 0x80)
            j--;
        size_t k;
        unsigned cp = cp_at(c->t + j, &k);
        if (cp == ')' || sentence_end(cp) || cp == '\n')
            return i;
        i = j;
    }
    return i;
}

static void do_function(ctx *c, const head *h, const head *blk)
{
    const jt_function *f = h->obj;
    rowset rs = { 0 };
    uses_rows(c, &rs, f->id, f->required, f->nrequired, NULL, 0);
    uses_rows(c, &rs, f->id, f->optional, f->noptional, f->errors, f->nerrors);
    params_rows(c, &rs, RK_PARAM, f->id, f->params, f->nparams);
    for (size_t i = 0; i < f->ntypedefs; i++) {
        const jt_typedef *td = f->typedefs[i];
        params_rows(c, &rs, RK_FIELD, td->id, td->fields, td->nfields);
    }
    for (size_t g = 0; g < c->spec->nconstants; g++)
        if (c->spec->constants[g]->owner == f)
            group_rows(c, &rs, c->spec->constants[g]);
    size_t from = blk->bstart, to = blk->bend;
    find_rows(c, &rs, from, to);
    bool sure = blk == h && h->sure;
    place_rows(c, &rs, to, blk->sure);
    if (blk == h) {
        /* the description: to the first row or table header */
        size_t end = to;
        for (size_t i = 0; i < rs.n; i++)
            if (rs.r[i].found && rs.r[i].kind != RK_CONST && rs.r[i].ks < end)
                end = rs.r[i].ks;
        rowset none = { 0 };
        end = next_stop(c, &none, from, end, false);
        end = phase_row(c, f, from, end);
        char proto[300];
        snprintf(proto, sizeof proto, "jvmtiError %s(", f->id);
        place_prose(c, unit(c, f->id, false), from, end, &rs, proto, sure);
    }
    free_rows(&rs);
}

static void do_callback(ctx *c, const head *h, const head *blk)
{
    const jt_callback *cb = h->obj;
    rowset rs = { 0 };
    params_rows(c, &rs, RK_PARAM, cb->id, cb->params, cb->nparams);
    find_rows(c, &rs, blk->bstart, blk->bend);
    place_rows(c, &rs, blk->bend, blk->sure);
    if (blk == h) {
        size_t end = blk->bend;
        for (size_t i = 0; i < rs.n; i++)
            if (rs.r[i].found && rs.r[i].ks < end)
                end = rs.r[i].ks;
        rowset none = { 0 };
        end = next_stop(c, &none, blk->bstart, end, false);
        place_prose(c, unit(c, cb->id, false), blk->bstart, end, &rs, NULL, h->sure);
        if (h->sure)
            place(c, unit(c, cb->id, true), xstrdup(c->cands[h->match].text), c->cands[h->match].start, true);
    }
    free_rows(&rs);
}

static void do_event(ctx *c, const head *h, const head *blk)
{
    const jt_event *ev = h->obj;
    rowset rs = { 0 };
    uses_rows(c, &rs, ev->id, ev->required, ev->nrequired, NULL, 0);
    uses_rows(c, &rs, ev->id, ev->optional, ev->noptional, NULL, 0);
    params_rows(c, &rs, RK_PARAM, ev->id, ev->params, ev->nparams);
    for (size_t i = 0; i < ev->ntypedefs; i++)
        params_rows(c, &rs, RK_FIELD, ev->typedefs[i]->id, ev->typedefs[i]->fields, ev->typedefs[i]->nfields);
    for (size_t g = 0; g < c->spec->nconstants; g++)
        if (c->spec->constants[g]->owner == ev)
            group_rows(c, &rs, c->spec->constants[g]);
    find_rows(c, &rs, blk->bstart, blk->bend);
    place_rows(c, &rs, blk->bend, blk->sure);
    if (blk == h) {
        size_t end = blk->bend;
        for (size_t i = 0; i < rs.n; i++)
            if (rs.r[i].found && rs.r[i].kind != RK_CONST && rs.r[i].ks < end)
                end = rs.r[i].ks;
        rowset none = { 0 };
        end = next_stop(c, &none, blk->bstart, end, false);
        char proto[300];
        snprintf(proto, sizeof proto, "JNICALL %s(", ev->id);
        size_t s, e;
        /* "void JNICALL X(...)": the "void" goes with it */
        if (find_sq(c->t, blk->bstart, end, proto, true, &s, &e) && s >= 5 && !memcmp(c->t + s - 5, "void ", 5))
            snprintf(proto, sizeof proto, "void JNICALL %s(", ev->id);
        place_prose(c, unit(c, ev->id, false), blk->bstart, end, &rs, proto, h->sure);
        if (h->sure)
            place(c, unit(c, ev->id, true), xstrdup(c->cands[h->match].text), c->cands[h->match].start, true);
    }
    free_rows(&rs);
}

static void do_intro(ctx *c, const head *h)
{
    const jt_intro *in = h->obj;
    if (h->match < 0)
        return;
    rowset rs = { 0 };
    for (size_t g = 0; g < c->spec->nconstants; g++) {
        const jt_constants *grp = c->spec->constants[g];
        if (grp->owner_kind == JT_T_NONE && block_of(c, grp->order) == h)
            group_rows(c, &rs, grp);
    }
    find_rows(c, &rs, h->bstart, h->bend);
    place_rows(c, &rs, h->bend, h->sure || rows_sure(&rs, 2));
    /* the section: to its block's end, or a table header, or a type's fields */
    size_t end = next_stop(c, &(rowset){ 0 }, h->bstart, h->bend, false);
    place_prose(c, unit(c, in->id, false), h->bstart, end, &rs, NULL, h->sure);
    if (h->sure)
        place(c, unit(c, in->id, true), xstrdup(c->cands[h->match].text), c->cands[h->match].start, true);
    free_rows(&rs);
}

/* ---- 5. titles of what has no heading ----------------------------------------------- */

/* "<id>- <title>" anywhere: the shortest such title; or "<title> ( <id>)". */
static char *inline_title(ctx *c, const char *id, size_t *where)
{
    char *best = NULL;
    size_t bestn = SIZE_MAX;
    char pat[300];
    snprintf(pat, sizeof pat, "%s-", id);
    size_t s, e;
    for (size_t at = 0; at < c->len && find_sq(c->t, at, c->len, pat, false, &s, &e); at = e) {
        if (s > 0 && is_word(c->t[s - 1]))
            continue;
        size_t p = e;
        while (p < c->len && is_sp(c->t[p]))
            p++;
        size_t q = p;
        while (q < c->len) {
            size_t k;
            unsigned cp = cp_at(c->t + q, &k);
            if (cp == '\n' || (cp < 0x80 && (is_word((char)cp) || cp == '(')) || sentence_end(cp) ||
                cp == 0xFF1A)
                break;
            q += k;
        }
        while (q > p && is_sp(c->t[q - 1]))
            q--;
        if (q > p && q - p < bestn && has_nonascii(c->t + p, q - p)) {
            free(best);
            best = strndup(c->t + p, q - p);
            bestn = q - p;
            *where = p;
        }
    }
    return best;
}

static void place_title(ctx *c, jt_aunit *u, const char *id)
{
    if (!u)
        return;
    size_t where = 0;
    char *t = inline_title(c, id, &where);
    if (t)
        place(c, u, t, where, true);
}

/* A type's heading and description.  The page shows a type as its heading
 * (its title), its description, its C definition and its table, captioned
 * "<id>- <title>"; the text glues the heading to the end of the paragraph
 * before it and breaks the line after it, so the description is the text
 * from the start of the line that holds "typedef ... } <id>;" (or from its
 * title, where that line repeats it) to the "typedef".  The line before
 * must end with the heading: a run of translated text holding the
 * caption's title (the heading may word it a little differently).
 * False when the text does not show the type so. */
static bool type_head(const ctx *c, const jt_typedef *td, size_t *hs_out, size_t *ds, size_t *de)
{
    size_t where;
    char *title = inline_title((ctx *)c, td->id, &where);
    if (!title)
        return false;
    char pat[300];
    snprintf(pat, sizeof pat, "} %s;%s-", td->id, td->id);
    size_t s, e;
    if (!find_sq(c->t, 0, c->len, pat, false, &s, &e)) {
        free(title);
        return false;
    }
    /* the "typedef" this definition starts with, on the same line */
    size_t ls = s;
    while (ls > 0 && c->t[ls - 1] != '\n')
        ls--;
    const char *td_at = NULL;
    for (const char *p = c->t + ls; (p = memmem(p, (size_t)(c->t + s - p), "typedef ", 8)) != NULL; p += 8)
        td_at = p;
    if (!td_at || ls == 0) {
        free(title);
        return false;
    }
    size_t end = (size_t)(td_at - c->t), start = ls;
    /* the line before ends with the heading */
    size_t hs = ls - 1;
    while (hs > 0) {
        size_t k = hs - 1;
        while (k > 0 && ((unsigned char)c->t[k] & 0xC0) == 0x80)
            k--;
        size_t n;
        unsigned cp = cp_at(c->t + k, &n);
        if (cp == '\n' || cp < 0x80 || sentence_end(cp))
            break;
        hs = k;
    }
    char *heading = strndup(c->t + hs, ls - 1 - hs);
    bool ok = heading && *heading && likeness(title, heading) >= 0.8;
    free(heading);
    /* a title repeated on the line: the description starts after it */
    size_t a, b;
    if (ok && find_sq(c->t, start, end, title, false, &a, &b))
        start = b;
    free(title);
    if (!ok)
        return false;
    *hs_out = hs, *ds = start, *de = end;
    return true;
}

static void type_heads(ctx *c)
{
    for (size_t i = 0; i < c->spec->ntypedefs; i++) {
        size_t hs, ds, de;
        if (!type_head(c, c->spec->typedefs[i], &hs, &ds, &de))
            continue;
        c->theads = realloc(c->theads, (c->ntheads + 1) * sizeof *c->theads);
        if (!c->theads)
            jt_fatal("out of memory");
        size_t he = hs;
        while (he < c->len && c->t[he] != '\n')
            he++;
        c->theads[c->ntheads++] = (struct tspan){ hs, he };
    }
}

static void type_description(ctx *c, const jt_typedef *td)
{
    jt_aunit *u = unit(c, td->id, false);
    if (!u || (u->msgstr && !u->fuzzy))
        return;
    size_t hs, start, end;
    if (type_head(c, td, &hs, &start, &end) && start < end)
        place(c, u, strndup(c->t + start, end - start), start, true);
}

/* ---- the whole ------------------------------------------------------------------- */

static void do_rest(ctx *c)
{
    const jt_spec *s = c->spec;
    /* function titles: the function table */
    for (size_t i = 0; i < c->nheads; i++) {
        head *h = &c->heads[i];
        if (h->kind == H_FUNCTION && h->hint) {
            size_t where = 0;
            char *again = table_title(c, h->obj, &where);
            if (again)
                place(c, unit(c, h->id, true), again, where, true);
        }
        if (h->kind == H_CATEGORY && h->match >= 0 && h->sure)
            place(c, unit(c, h->id, true), xstrdup(c->cands[h->match].text), c->cands[h->match].start, true);
    }
    /* types declared in a category: fields in the block they fall in */
    for (size_t i = 0; i < s->ntypedefs; i++) {
        const jt_typedef *td = s->typedefs[i];
        place_title(c, unit(c, td->id, true), td->id);
        type_description(c, td);
        if (td->owner)
            continue;           /* done with its function or event */
        const head *blk = block_of(c, td->order);
        if (!blk)
            continue;
        rowset rs = { 0 };
        params_rows(c, &rs, RK_FIELD, td->id, td->fields, td->nfields);
        size_t from = blk->bstart;
        size_t where;
        char *t = inline_title(c, td->id, &where);
        free(t);
        find_rows(c, &rs, from, blk->bend);
        place_rows(c, &rs, blk->bend, blk->sure || rows_sure(&rs, 3));
        free_rows(&rs);
    }
    /* constants groups: titles; rows of those not in a function or event */
    for (size_t g = 0; g < s->nconstants; g++) {
        const jt_constants *grp = s->constants[g];
        jt_aunit *u = unit(c, grp->id, true);
        if (u) {
            size_t where = 0;
            char *t = inline_title(c, grp->id, &where);
            if (!t) {
                char pat[300];
                snprintf(pat, sizeof pat, "(%s)", grp->id);
                size_t a, b, gs, ge;
                rowset none = { 0 };
                if (find_sq(c->t, 0, c->len, pat, false, &a, &b) && group_span(c, grp, 0, c->len, &gs, &ge, &none) &&
                    gs < a) {
                    size_t q = a;
                    while (q > gs && is_sp(c->t[q - 1]))
                        q--;
                    t = strndup(c->t + gs, q - gs);
                    where = gs;
                }
            }
            if (t)
                place(c, u, t, where, true);
        }
        if (grp->owner_kind == JT_T_FUNCTION || grp->owner_kind == JT_T_EVENT)
            continue;
        const head *blk = block_of(c, grp->order);
        if (!blk || (blk->kind == H_INTRO && grp->owner_kind == JT_T_NONE))
            continue;           /* done with its section */
        rowset rs = { 0 };
        group_rows(c, &rs, grp);
        find_rows(c, &rs, blk->bstart, blk->bend);
        place_rows(c, &rs, blk->bend, blk->sure || rows_sure(&rs, 2));
        free_rows(&rs);
    }
    /* the error section: "JVMTI_ERROR_X (n)" rows */
    {
        rowset rs = { 0 };
        for (size_t i = 0; i < s->nerrors; i++) {
            jt_aunit *u = unit(c, s->errors[i]->id, false);
            if (!u)
                continue;
            char key[300];
            snprintf(key, sizeof key, "%s (%d)", s->errors[i]->id, s->errors[i]->num);
            add_row(&rs, RK_ERROR, u, xstrdup(key));
        }
        const head *blk = s->nerrors ? block_of(c, s->errors[0]->order) : NULL;
        if (blk) {
            find_rows(c, &rs, blk->bstart, c->ftable);
            place_rows(c, &rs, c->ftable, true);
        }
        free_rows(&rs);
    }
    /* the base types: "<id><description>" in the data types' tables */
    {
        rowset rs = { 0 };
        for (size_t i = 0; i < s->nbasetypes; i++) {
            jt_aunit *u = unit(c, s->basetypes[i]->id, false);
            if (u)
                add_row(&rs, RK_BASE, u, xstrdup(s->basetypes[i]->id));
        }
        /* the page shows the data types after the errors and before the
         * function table, the events after that table (the spec's order
         * has the events first): they are in the error section's block */
        const head *blk = !s->nbasetypes ? NULL
                          : s->nerrors   ? block_of(c, s->errors[0]->order)
                                         : block_of(c, s->basetypes[0]->order);
        if (blk) {
            /* after the error section */
            size_t from = blk->bstart;
            for (size_t i = 0; i < s->nerrors; i++) {
                char key[300];
                snprintf(key, sizeof key, "%s (%d)", s->errors[i]->id, s->errors[i]->num);
                size_t a, b;
                if (find_sq(c->t, from, c->ftable, key, false, &a, &b))
                    from = b;
            }
            find_rows(c, &rs, from, c->ftable);
            /* a base type's text ends at its C definition */
            for (size_t i = 0; i < rs.n; i++) {
                row *r = &rs.r[i];
                if (!r->found)
                    continue;
                size_t end = next_stop(c, &rs, r->ke, c->ftable, false);
                const char *def = NULL;
                for (size_t k = 0; k < s->nbasetypes; k++)
                    if (!strcmp(s->basetypes[k]->id, r->u->ctx))
                        def = s->basetypes[k]->definition;
                cuts cs = { 0 };
                cut_c(c, r->ke, end, &cs);
                for (size_t k = 0; k < cs.n; k++)
                    if (cs.c[k].s < end)
                        end = cs.c[k].s;
                (void)def;
                free(cs.c);
                place(c, r->u, strndup(c->t + r->ke, end - r->ke), r->ke, true);
            }
        }
        free_rows(&rs);
    }
    /* the capabilities: rows of the jvmtiCapabilities table */
    if (s->capabilities_typedef) {
        rowset rs = { 0 };
        for (size_t i = 0; i < s->ncapabilities; i++) {
            char cx[512];
            snprintf(cx, sizeof cx, "%s.%s", s->capabilities_typedef->id, s->capabilities[i].id);
            jt_aunit *u = unit(c, cx, false);
            if (u)
                add_row(&rs, RK_CAP, u, xstrdup(s->capabilities[i].id));
        }
        const head *blk = block_of(c, s->capabilities_typedef->order);
        if (blk) {
            find_rows(c, &rs, blk->bstart, blk->bend);
            place_rows(c, &rs, blk->bend, blk->sure || rows_sure(&rs, 5));
        }
        free_rows(&rs);
    }
}

/* ---- 8. the change history ------------------------------------------------------------
 * A table of rows "<date> <change> <version>" after the function table.
 * A translation writes the dates its own way but keeps their numbers:
 * year, month and day in that order, each followed by one character that
 * is not a digit ("2002年11月14日", "2002-11-14").  Changes are matched to
 * the text's dates in order, each to an equal date among the next few
 * (a row the text lost is skipped; the next one gets back into step); a
 * row runs to the next date of the text, less the version at its end.
 * Changes of one day are sure only when the text has as many rows of it
 * together. */

static int month_of(const char *w, size_t n)
{
    static const char *const months[] = { "jan", "feb", "mar", "apr", "may", "jun",
                                          "jul", "aug", "sep", "oct", "nov", "dec" };
    if (n < 3)
        return 0;
    for (int m = 0; m < 12; m++) {
        bool same = true;
        for (size_t i = 0; i < 3; i++)
            if ((w[i] | 0x20) != months[m][i])
                same = false;
        if (same)
            return m + 1;
    }
    return 0;
}

/* The spec's "14 Nov 2002" as y*10000 + m*100 + d; 0 if not a date. */
static long en_date(const char *s)
{
    if (!s)
        return 0;
    char *e;
    long d = strtol(s, &e, 10);
    while (*e == ' ')
        e++;
    const char *w = e;
    while ((*e | 0x20) >= 'a' && (*e | 0x20) <= 'z')
        e++;
    int m = month_of(w, (size_t)(e - w));
    long y = strtol(e, NULL, 10);
    return m && d > 0 && d <= 31 && y > 1900 ? y * 10000 + m * 100 + d : 0;
}

/* The date the text writes at P (numbers: year, month, day; or the
 * English's own "14 Nov 2002", left as it is), as en_date does, and its
 * end; 0 if none. */
static long text_date(const ctx *c, size_t p, size_t *end)
{
    if (p > 0 && c->t[p - 1] >= '0' && c->t[p - 1] <= '9')
        return 0;
    {
        /* "14 Nov 2002" */
        size_t i = p;
        while (i < c->len && i - p < 2 && c->t[i] >= '0' && c->t[i] <= '9')
            i++;
        if (i > p && i < c->len && c->t[i] == ' ') {
            size_t w = ++i;
            while (i < c->len && ((c->t[i] | 0x20) >= 'a' && (c->t[i] | 0x20) <= 'z'))
                i++;
            size_t y = i + 1;
            if (i < c->len && c->t[i] == ' ' && month_of(c->t + w, i - w) && y + 4 <= c->len) {
                bool four = true;
                for (size_t k = y; k < y + 4; k++)
                    four = four && c->t[k] >= '0' && c->t[k] <= '9';
                if (four && (y + 4 == c->len || !(c->t[y + 4] >= '0' && c->t[y + 4] <= '9'))) {
                    char buf[32];
                    snprintf(buf, sizeof buf, "%.*s", (int)(y + 4 - p), c->t + p);
                    long v = en_date(buf);
                    if (v) {
                        *end = y + 4;
                        return v;
                    }
                }
            }
        }
    }
    long v[3];
    size_t i = p;
    for (int k = 0; k < 3; k++) {
        size_t s = i;
        long n = 0;
        while (i < c->len && c->t[i] >= '0' && c->t[i] <= '9' && i - s < 4)
            n = n * 10 + (c->t[i++] - '0');
        if (i == s || i - s != (k == 0 ? 4u : i - s) || (k > 0 && i - s > 2) || i >= c->len)
            return 0;
        size_t l;
        unsigned cp = cp_at(c->t + i, &l);
        if ((cp >= '0' && cp <= '9') || cp == ' ' || cp == '\n' || (cp < 0x80 && is_word((char)cp)))
            return 0;
        i += l;
        v[k] = n;
    }
    if (v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > 31)
        return 0;
    *end = i;
    return v[0] * 10000 + v[1] * 100 + v[2];
}

enum { HISTORY_LOOKAHEAD = 4 };

static void do_history(ctx *c)
{
    const jt_spec *s = c->spec;
    if (!s->nchanges)
        return;
    size_t from = c->ftable < c->len ? c->ftable_end : 0;
    /* the text's dates, in order */
    size_t *ds = NULL, *de = NULL, nd = 0, cap = 0;
    long *dv = NULL;
    for (size_t p = from; p < c->len; p++) {
        if (c->t[p] < '0' || c->t[p] > '9')
            continue;
        size_t e;
        long v = text_date(c, p, &e);
        if (!v)
            continue;
        if (nd == cap) {
            cap = cap ? cap * 2 : 256;
            ds = realloc(ds, cap * sizeof *ds), de = realloc(de, cap * sizeof *de), dv = realloc(dv, cap * sizeof *dv);
            if (!ds || !de || !dv)
                jt_fatal("out of memory");
        }
        ds[nd] = p, de[nd] = e, dv[nd++] = v;
        p = e - 1;
    }
    /* the introduction: after the page's update date and version, to the
     * first date (less the table's header) */
    if (nd) {
        size_t a, b, at = from;
        if (s->changehistory_update && find_sq(c->t, at, ds[0], s->changehistory_update, false, &a, &b)) {
            at = b;
            const char *ver = s->changes[s->nchanges - 1].version;
            bool sure = ver && find_sq(c->t, at, ds[0], ver, false, &a, &b);
            if (sure)
                at = b;
            size_t end = next_stop(c, &(rowset){ 0 }, at, ds[0], false);
            place(c, unit(c, "ChangeHistory", false), strndup(c->t + at, end - at), at, sure);
        }
    }
    size_t k = 0;
    for (size_t i = 0; i < s->nchanges && k < nd; i++) {
        const jt_change *ch = &s->changes[i];
        long want = en_date(ch->date);
        size_t hit = nd;
        for (size_t j = k; j < nd && j < k + HISTORY_LOOKAHEAD; j++)
            if (dv[j] == want) {
                hit = j;
                break;
            }
        if (hit == nd)
            continue;
        k = hit + 1;
        char cx[512];
        snprintf(cx, sizeof cx, "ChangeHistory/%s", ch->date);
        size_t nth = 0;
        for (size_t q = 0; q < i; q++)
            nth += s->changes[q].date && !strcmp(s->changes[q].date, ch->date);
        jt_aunit *u = unit_nth(c, cx, false, nth);
        if (!u)
            continue;
        size_t rs = de[hit], re = hit + 1 < nd ? ds[hit + 1] : c->len;
        /* the version column at the row's end */
        size_t e = re;
        while (e > rs && (is_sp(c->t[e - 1]) || c->t[e - 1] == '\n'))
            e--;
        size_t v = e;
        while (v > rs && (is_word(c->t[v - 1]) || c->t[v - 1] == '.'))
            v--;
        if (v < e && (v == rs || is_sp(c->t[v - 1]) || ((unsigned char)c->t[v - 1] & 0x80)) &&
            ((ch->version && e - v == strlen(ch->version) && !memcmp(c->t + v, ch->version, e - v)) ||
             (!ch->version && c->t[v] >= '0' && c->t[v] <= '9' && memchr(c->t + v, '.', e - v))))
            e = v;
        /* several changes of one day: sure only when the text has as
         * many rows of that day together (else which one did it lose?) */
        size_t sa = i, sb = i + 1, ta = hit, tb = hit + 1;
        while (sa > 0 && en_date(s->changes[sa - 1].date) == want)
            sa--;
        while (sb < s->nchanges && en_date(s->changes[sb].date) == want)
            sb++;
        while (ta > 0 && dv[ta - 1] == want)
            ta--;
        while (tb < nd && dv[tb] == want)
            tb++;
        place(c, u, strndup(c->t + rs, e - rs), rs, sb - sa == tb - ta);
    }
    free(ds), free(de), free(dv);
}

jt_alignment *jt_align(const jt_spec *spec, const jt_rtext *text)
{
    ctx c = { 0 };
    c.spec = spec;
    c.rt = text;
    c.t = text->text;
    c.len = text->len;
    c.vocab = jt_vocab_new(spec);
    c.al = calloc(1, sizeof *c.al);
    if (!c.al)
        jt_fatal("out of memory");
    collect_arg ca = { &c, 0 };
    jt_prose_units(spec, collect, &ca);
    index_units(&c);

    build_heads(&c);
    find_cands(&c);
    align_heads(&c);
    type_heads(&c);

    for (size_t i = 0; i < c.nheads; i++) {
        head *h = &c.heads[i];
        const head *blk = h->match >= 0 ? h : block_of(&c, h->order);
        if (!blk)
            continue;
        switch (h->kind) {
        case H_FUNCTION: do_function(&c, h, blk); break;
        case H_CALLBACK: do_callback(&c, h, blk); break;
        case H_EVENT: do_event(&c, h, blk); break;
        case H_INTRO: do_intro(&c, h); break;
        case H_CATEGORY: break;
        }
    }
    do_rest(&c);
    do_history(&c);

    for (size_t i = 0; i < c.ncands; i++)
        free(c.cands[i].text);
    free(c.cands);
    for (size_t i = 0; i < c.nheads; i++) {
        free(c.heads[i].hint);
        for (size_t k = 0; k < c.heads[i].ntoks; k++)
            free(c.heads[i].toks[k].at), free(c.heads[i].toks[k].prose);
        free(c.heads[i].toks);
    }
    free(c.heads);
    free(c.theads);
    for (size_t i = 0; i <= c.umask; i++)
        free((char *)c.uidx[i].key);
    free(c.uidx);
    jt_vocab_free(c.vocab);
    return c.al;
}

void jt_alignment_free(jt_alignment *a)
{
    if (!a)
        return;
    for (size_t i = 0; i < a->n; i++) {
        free(a->units[i].ctx);
        free(a->units[i].msgid);
        free(a->units[i].msgstr);
    }
    free(a->units);
    free(a);
}

const char *jt_align_part_name(jt_align_part p)
{
    static const char *const names[JT_NPARTS] = {
        "sections", "functions", "parameters", "events", "types", "capabilities", "errors", "history",
        "not-on-page",
    };
    return p < JT_NPARTS ? names[p] : "?";
}
