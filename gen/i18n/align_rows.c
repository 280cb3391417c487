/* align_rows.c — step 3 of the overview at the top of align.c: the rows
 * of an owner's tables (parameters, capabilities, errors, constants,
 * fields, base types), found by their keys in the owner's block, and their
 * text placed. */
#include "i18n/align_int.h"

/* ---- 3. rows --------------------------------------------------------------------- */

/* The rest of the ASCII word at P starts with a name of the spec (text
 * glued on after a key), or there is no word at P. */
static bool word_ends(const ctx *c, size_t p, size_t to)
{
    if (p >= to || !ja_is_word(c->t[p]))
        return true;
    size_t q = p;
    while (q < to && ja_is_word(c->t[q]))
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

row *ja_add_row(rowset *rs, row_kind kind, jt_aunit *u, char *key)
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

/* Find KEY for row R in [from, to), word-bounded at its end; the row
 * kinds that the page also writes in C or in other tables refuse those
 * places. */
/* The word that ends at P ends in a name of the spec (a constant, a
 * function...): a cell of the row before that ended with a code name,
 * which the text glues to the next row's key ("...MAX_PRIORITYJVMTI_ERROR_X"). */
static bool ends_in_name(const ctx *c, size_t p)
{
    size_t b = p;
    while (b > 0 && ja_is_word(c->t[b - 1]))
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
    for (size_t at = from; at < to && ja_find_sq(c->t, at, to, r->key, false, &s, &e); at = s + 1) {
        if (!word_ends(c, e, to))
            continue;
        if (s > 0 && ja_is_word(c->t[s - 1]) && r->kind != RK_PARAM && r->kind != RK_FIELD && r->kind != RK_BASE &&
            !((r->kind == RK_ERRUSE || r->kind == RK_CONST) && ends_in_name(c, s)) &&
            !(r->kind == RK_CONST && glued_cell(c, s, r->key)))
            continue;
        /* "can_x : 1;" in the typedef, "JVMTI_ERROR_X (100)" in the error section */
        size_t q = e;
        while (q < to && ja_is_sp(c->t[q]))
            q++;
        if (q < to && (c->t[q] == ':' || c->t[q] == ';' || c->t[q] == '=' || c->t[q] == ','))
            continue;
        if ((r->kind == RK_ERRUSE || r->kind == RK_CAPUSE) && q < to && c->t[q] == '(')
            continue;
        if ((r->kind == RK_PARAM || r->kind == RK_FIELD) && s > 0 && ja_is_word(c->t[s - 1])) {
            /* glued to the cell before: only after a C type */
            size_t b = s;
            while (b > 0 && (ja_is_word(c->t[b - 1]) || c->t[b - 1] == '*'))
                b--;
            if (b == s || !ja_has_nonascii(c->t + (b > 0 ? b - 1 : 0), b > 0 ? 1 : 0)) {
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
size_t ja_next_stop(const ctx *c, const rowset *rs, size_t from, size_t to, bool generated)
{
    size_t stop = to;
    for (size_t i = 0; i < rs->n; i++)
        if (rs->r[i].found && rs->r[i].ks >= from && rs->r[i].ks < stop)
            stop = rs->r[i].ks;
    for (size_t i = 0; i < c->ntheads; i++)
        if (c->theads[i].hs >= from && c->theads[i].hs < stop)
            stop = c->theads[i].hs;
    for (size_t i = 0; i < ja_nchrome; i++) {
        if ((ja_chrome[i].kind == CH_GENERATED && !generated) || ja_chrome[i].kind == CH_PART)
            continue;
        size_t s, e;
        if (ja_find_sq(c->t, from, stop, ja_chrome[i].text, false, &s, &e))
            stop = s;
    }
    return stop;
}

/* ---- the owners ------------------------------------------------------------------- */

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

void ja_params_rows(ctx *c, rowset *rs, row_kind kind, const char *owner, const jt_param *ps, size_t n)
{
    row *last = NULL;
    for (size_t i = 0; i < n; i++) {
        char cx[512];
        snprintf(cx, sizeof cx, "%s.%s", owner, ps[i].id);
        jt_aunit *u = ja_unit(c, cx, false);
        if (u && !ps[i].implicit)
            last = ja_add_row(rs, kind, u, param_key(&ps[i]));
    }
    /* a type's table may be followed by prose at once: its last field ends
     * after as many sentences as its English has */
    if (last && kind == RK_FIELD)
        last->last_of_group = true;
}

void ja_uses_rows(ctx *c, rowset *rs, const char *owner, const jt_cap_use *caps, size_t ncaps,
                  const jt_error_use *errs, size_t nerrs)
{
    char cx[512];
    for (size_t i = 0; i < ncaps; i++) {
        snprintf(cx, sizeof cx, "%s/%s", owner, caps[i].id);
        jt_aunit *u = ja_unit(c, cx, false);
        if (u)
            ja_add_row(rs, RK_CAPUSE, u, ja_xstrdup(caps[i].id));
    }
    for (size_t i = 0; i < nerrs; i++) {
        snprintf(cx, sizeof cx, "%s/%s", owner, errs[i].id);
        size_t nth = 0;
        for (size_t k = 0; k < i; k++)
            nth += !strcmp(errs[k].id, errs[i].id);
        jt_aunit *u = ja_unit_nth(c, cx, false, nth);
        if (u)
            ja_add_row(rs, RK_ERRUSE, u, ja_xstrdup(errs[i].id));
    }
}

void ja_group_rows(ctx *c, rowset *rs, const jt_constants *g)
{
    for (size_t k = 0; k < g->nconstants; k++) {
        jt_aunit *u = ja_unit(c, g->constants[k].id, false);
        if (!u)
            continue;
        size_t n = strlen(g->constants[k].id) + strlen(g->constants[k].num) + 2;
        char *key = malloc(n);
        if (!key)
            jt_fatal("out of memory");
        snprintf(key, n, "%s%s", g->constants[k].id, g->constants[k].num);
        row *r = ja_add_row(rs, RK_CONST, u, key);
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
    for (size_t at = from; at < to && ja_find_sq(c->t, at, to, ty, false, &s, &e); at = s + 1) {
        if (!word_ends(c, e, to) || (e < to && c->t[e] == '*') || s == 0 || !((unsigned char)c->t[s - 1] & 0x80))
            continue;
        /* back over the translated name: at most 8 code points, none a
         * sentence's end */
        size_t cps;
        size_t ns = ja_phrase_start(c, s, from, 9, &cps);
        if (cps == 0 || cps > 8)
            continue;
        if (ns > from && !ja_is_sp(c->t[ns - 1]) && ((unsigned char)c->t[ns - 1] & 0x80) == 0 && c->t[ns - 1] != '\n' &&
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
        for (size_t at = from; at < to && ja_find_sq(c->t, at, to, cap, false, &a, &b); at = b) {
            if (a > 0 && ja_is_word(c->t[a - 1]))
                continue;
            for (size_t k = 0; k < ja_nchrome; k++)
                if (ja_chrome[k].kind == CH_HEADER && !strncmp(ja_chrome[k].text, want, strlen(want)) &&
                    ja_find_sq(c->t, b, b + 200 < to ? b + 200 : to, ja_chrome[k].text, false, &hs, &he)) {
                    *lo = he;
                    return true;
                }
        }
        return false;
    }
    *lo = to;
    for (size_t k = 0; k < ja_nchrome; k++)
        if (ja_chrome[k].kind == CH_HEADER && !strncmp(ja_chrome[k].text, want, strlen(want)) &&
            ja_find_sq(c->t, from, *lo, ja_chrome[k].text, false, &hs, &he))
            *lo = he;
    return true;
}

void ja_find_rows(ctx *c, rowset *rs, size_t from, size_t to)
{
    size_t cur[RK_CAP + 1];
    for (size_t k = 0; k <= RK_CAP; k++)
        cur[k] = from;
    /* a function's errors are rows of its error table, not the mentions
     * of their names in the descriptions before it */
    for (size_t k = 0; k < ja_nchrome; k++) {
        size_t hs, he;
        if (ja_chrome[k].kind == CH_HEADER && !strncmp(ja_chrome[k].text, "错误", strlen("错误")) &&
            ja_find_sq(c->t, from, to, ja_chrome[k].text, false, &hs, &he) && (cur[RK_ERRUSE] == from || he < cur[RK_ERRUSE]))
            cur[RK_ERRUSE] = he;
    }
    size_t errtab = cur[RK_ERRUSE];
    /* a parameter's row is in the parameters table, not the prototype
     * before it (where "..." and the names are too) */
    for (size_t k = 0; k < ja_nchrome; k++) {
        size_t hs, he;
        if (ja_chrome[k].kind == CH_HEADER && !strncmp(ja_chrome[k].text, "参数", strlen("参数")) &&
            ja_find_sq(c->t, from, to, ja_chrome[k].text, false, &hs, &he) &&
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
            hi = ja_next_stop(c, &(rowset){ 0 }, lo, hi, false);
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
        unsigned cp = ja_cp_at(c->t + i, &k);
        i += k;
        if (!ja_sentence_end(cp) && i < to)
            continue;
        if (first_end == SIZE_MAX)
            first_end = i;
        else {
            size_t a, b;
            if (ja_find_sq(c->t, sstart, i, "NULL", false, &a, &b)) {
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
bool ja_rows_sure(const rowset *rs, size_t min)
{
    size_t found = 0;
    for (size_t i = 0; i < rs->n; i++)
        found += rs->r[i].found;
    return rs->n >= min && found * 5 >= rs->n * 4;
}

void ja_place_rows(ctx *c, rowset *rs, size_t to, bool sure)
{
    for (size_t i = 0; i < rs->n; i++) {
        row *r = &rs->r[i];
        if (!r->found)
            continue;
        size_t end = ja_next_stop(c, rs, r->ke, to, r->kind == RK_PARAM || r->kind == RK_FIELD);
        if (r->kind == RK_ERRUSE || r->kind == RK_ERROR) {
            /* the page's own rows of an error table (the errors every
             * function may return) are not units: an error's text ends
             * where any error's name begins */
            size_t a, b;
            if (ja_find_sq(c->t, r->ke, end, "JVMTI_ERROR_", false, &a, &b))
                end = a;
        }
        if (r->last_of_group) {
            english en;
            size_t want = 1;
            if (ja_english_of(r->u->msgid, &en)) {
                want = en.en_sentences;
                ja_english_free(&en);
            }
            size_t se = ja_sentences_end(c, r->ke, end, want);
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
            while (e && ja_is_sp(zh[e - 1]))
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
        ja_place(c, r->u, zh, s, sure && !r->ambiguous);
    }
}

void ja_free_rows(rowset *rs)
{
    for (size_t i = 0; i < rs->n; i++)
        free((char *)rs->r[i].key);
    free(rs->r);
    memset(rs, 0, sizeof *rs);
}

/* The text of [from, to) less the cuts, with markers for the copied
 * elements; OPAQUE_IDS maps the English's copied elements to the cuts. */
