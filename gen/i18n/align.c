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
 * The steps below have a file each, sharing the private align_int.h:
 * 1-2 align_heads.c, 3 align_rows.c, 4 align_prose.c, 5 align_titles.c,
 * 6 align_markup.c, 7 align_place.c, 8 align_history.c; the units of
 * `jvmtigen pot` are collected in align_units.c, the text helpers and the
 * page's own words are in align_text.c.  This file runs the steps in
 * order (jt_align) and places what has no heading of its own (functions'
 * titles, types, constants groups, errors, base types, capabilities) in
 * the blocks of the headings (do_rest).
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
 *    English: "JAVA_TOOL_OPTIONS"; never the page's own headings of its
 *    indexes and parts, a table of phrases in align_text.c, nor a type's
 *    title as the text captions it, "jvmtiTimerInfo- 计时器信息") by
 *    dynamic programming, monotone, skipping on either side.  The function
 *    table's lines are not candidates; the events after it are.
 *    Scoring a pair (heading, line): 0.2 for being a pair at all (-1.5
 *    for a glued tail whose next line goes on with a name of the spec:
 *    most likely a sentence broken where the extraction broke the line;
 *    such a tail does not end a section's span either), and more
 *    by evidence: +4 when the heading's prototype follows the line before
 *    any other heading-like line (+3, +2 when one or two come between);
 *    +3 when the line is the function table's title for that function
 *    (+1.5 x similarity when close; a function whose prototype the text
 *    lacks and whose table title is not close is no pair at all: the
 *    text lost its heading); +1 when the section's first
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
 *    row or table header (or a sentence the page adds: the phase a
 *    function may be called in, that it may be called from heap
 *    callbacks), less the C the page puts there (the prototype, also
 *    with its function's name translated, "jvmtiError 获取功能(jvmtiEnv*";
 *    typedefs; the phase row before the capabilities table), with each
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
 *    a C type: "...barshort_descriptionchar*"), and it names no name of
 *    the spec its English does not (a lost table's rows found in the next
 *    function's block are that function's).  Anything else found is
 *    fuzzy, with the reason; nothing found is missing.
 * 8. The change history: rows by their dates, in order (see there).
 * Units the rendered page does not show (its hidden issues section, the
 * implied jclass parameters its tables skip) are a part of their own,
 * not-on-page: no text of the page can have them. */
#include "i18n/align_int.h"

/* ---- the whole ------------------------------------------------------------------- */

static void do_rest(ctx *c)
{
    const jt_spec *s = c->spec;
    /* function titles: the function table */
    for (size_t i = 0; i < c->nheads; i++) {
        head *h = &c->heads[i];
        if (h->kind == H_FUNCTION && h->hint) {
            size_t where = 0;
            char *again = ja_table_title(c, h->obj, &where);
            if (again)
                ja_place(c, ja_unit(c, h->id, true), again, where, true);
        }
        if (h->kind == H_CATEGORY && h->match >= 0 && h->sure)
            ja_place(c, ja_unit(c, h->id, true), ja_xstrdup(c->cands[h->match].text), c->cands[h->match].start, true);
    }
    /* types declared in a category: fields in the block they fall in */
    for (size_t i = 0; i < s->ntypedefs; i++) {
        const jt_typedef *td = s->typedefs[i];
        ja_place_title(c, ja_unit(c, td->id, true), td->id);
        ja_type_description(c, td);
        if (td->owner)
            continue;           /* done with its function or event */
        const head *blk = ja_block_of(c, td->order);
        if (!blk)
            continue;
        rowset rs = { 0 };
        ja_params_rows(c, &rs, RK_FIELD, td->id, td->fields, td->nfields);
        size_t from = blk->bstart;
        size_t where;
        char *t = ja_inline_title(c, td->id, &where);
        free(t);
        ja_find_rows(c, &rs, from, blk->bend);
        ja_place_rows(c, &rs, blk->bend, blk->sure || ja_rows_sure(&rs, 3));
        ja_free_rows(&rs);
    }
    /* constants groups: titles; rows of those not in a function or event */
    for (size_t g = 0; g < s->nconstants; g++) {
        const jt_constants *grp = s->constants[g];
        jt_aunit *u = ja_unit(c, grp->id, true);
        if (u) {
            size_t where = 0;
            char *t = ja_inline_title(c, grp->id, &where);
            if (!t) {
                char pat[300];
                snprintf(pat, sizeof pat, "(%s)", grp->id);
                size_t a, b, gs, ge;
                rowset none = { 0 };
                if (ja_find_sq(c->t, 0, c->len, pat, false, &a, &b) && ja_group_span(c, grp, 0, c->len, &gs, &ge, &none) &&
                    gs < a) {
                    size_t q = a;
                    while (q > gs && ja_is_sp(c->t[q - 1]))
                        q--;
                    t = strndup(c->t + gs, q - gs);
                    where = gs;
                }
            }
            if (t)
                ja_place(c, u, t, where, true);
        }
        if (grp->owner_kind == JT_T_FUNCTION || grp->owner_kind == JT_T_EVENT)
            continue;
        const head *blk = ja_block_of(c, grp->order);
        if (!blk || (blk->kind == H_INTRO && grp->owner_kind == JT_T_NONE))
            continue;           /* done with its section */
        rowset rs = { 0 };
        ja_group_rows(c, &rs, grp);
        ja_find_rows(c, &rs, blk->bstart, blk->bend);
        ja_place_rows(c, &rs, blk->bend, blk->sure || ja_rows_sure(&rs, 2));
        ja_free_rows(&rs);
    }
    /* the error section: "JVMTI_ERROR_X (n)" rows */
    {
        rowset rs = { 0 };
        for (size_t i = 0; i < s->nerrors; i++) {
            jt_aunit *u = ja_unit(c, s->errors[i]->id, false);
            if (!u)
                continue;
            char key[300];
            snprintf(key, sizeof key, "%s (%d)", s->errors[i]->id, s->errors[i]->num);
            ja_add_row(&rs, RK_ERROR, u, ja_xstrdup(key));
        }
        const head *blk = s->nerrors ? ja_block_of(c, s->errors[0]->order) : NULL;
        if (blk) {
            ja_find_rows(c, &rs, blk->bstart, c->ftable);
            ja_place_rows(c, &rs, c->ftable, true);
        }
        ja_free_rows(&rs);
    }
    /* the base types: "<id><description>" in the data types' tables */
    {
        rowset rs = { 0 };
        for (size_t i = 0; i < s->nbasetypes; i++) {
            jt_aunit *u = ja_unit(c, s->basetypes[i]->id, false);
            if (u)
                ja_add_row(&rs, RK_BASE, u, ja_xstrdup(s->basetypes[i]->id));
        }
        /* the page shows the data types after the errors and before the
         * function table, the events after that table (the spec's order
         * has the events first): they are in the error section's block */
        const head *blk = !s->nbasetypes ? NULL
                          : s->nerrors   ? ja_block_of(c, s->errors[0]->order)
                                         : ja_block_of(c, s->basetypes[0]->order);
        if (blk) {
            /* after the error section */
            size_t from = blk->bstart;
            for (size_t i = 0; i < s->nerrors; i++) {
                char key[300];
                snprintf(key, sizeof key, "%s (%d)", s->errors[i]->id, s->errors[i]->num);
                size_t a, b;
                if (ja_find_sq(c->t, from, c->ftable, key, false, &a, &b))
                    from = b;
            }
            ja_find_rows(c, &rs, from, c->ftable);
            /* a base type's text ends at its C definition */
            for (size_t i = 0; i < rs.n; i++) {
                row *r = &rs.r[i];
                if (!r->found)
                    continue;
                size_t end = ja_next_stop(c, &rs, r->ke, c->ftable, false);
                const char *def = NULL;
                for (size_t k = 0; k < s->nbasetypes; k++)
                    if (!strcmp(s->basetypes[k]->id, r->u->ctx))
                        def = s->basetypes[k]->definition;
                cuts cs = { 0 };
                ja_cut_c(c, r->ke, end, &cs);
                for (size_t k = 0; k < cs.n; k++)
                    if (cs.c[k].s < end)
                        end = cs.c[k].s;
                (void)def;
                free(cs.c);
                ja_place(c, r->u, strndup(c->t + r->ke, end - r->ke), r->ke, true);
            }
        }
        ja_free_rows(&rs);
    }
    /* the capabilities: rows of the jvmtiCapabilities table */
    if (s->capabilities_typedef) {
        rowset rs = { 0 };
        for (size_t i = 0; i < s->ncapabilities; i++) {
            char cx[512];
            snprintf(cx, sizeof cx, "%s.%s", s->capabilities_typedef->id, s->capabilities[i].id);
            jt_aunit *u = ja_unit(c, cx, false);
            if (u)
                ja_add_row(&rs, RK_CAP, u, ja_xstrdup(s->capabilities[i].id));
        }
        const head *blk = ja_block_of(c, s->capabilities_typedef->order);
        if (blk) {
            ja_find_rows(c, &rs, blk->bstart, blk->bend);
            ja_place_rows(c, &rs, blk->bend, blk->sure || ja_rows_sure(&rs, 5));
        }
        ja_free_rows(&rs);
    }
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
    jt_prose_units(spec, ja_collect, &ca);
    ja_index_units(&c);

    ja_build_heads(&c);
    ja_type_titles(&c);
    ja_find_cands(&c);
    ja_align_heads(&c);
    ja_type_heads(&c);

    for (size_t i = 0; i < c.nheads; i++) {
        head *h = &c.heads[i];
        const head *blk = h->match >= 0 ? h : ja_block_of(&c, h->order);
        if (!blk)
            continue;
        switch (h->kind) {
        case H_FUNCTION: ja_do_function(&c, h, blk); break;
        case H_CALLBACK: ja_do_callback(&c, h, blk); break;
        case H_EVENT: ja_do_event(&c, h, blk); break;
        case H_INTRO: ja_do_intro(&c, h); break;
        case H_CATEGORY: break;
        }
    }
    do_rest(&c);
    ja_do_history(&c);

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
    for (size_t i = 0; i < c.ntitles; i++)
        free(c.type_titles[i]);
    free(c.type_titles);
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
