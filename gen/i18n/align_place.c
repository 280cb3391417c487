/* align_place.c — step 7 of the overview at the top of align.c: a unit's
 * text placed, with the markup put back, and judged sure or fuzzy (with
 * the reason). */
#include "i18n/align_int.h"

/* ---- 7. confidence -------------------------------------------------------------- */

static char *trim_dup(const char *s, size_t n)
{
    /* trim spaces, line breaks and stray dashes of the table layout */
    while (n && (ja_is_sp(*s) || *s == '\n' || *s == '-'))
        s++, n--;
    while (n && (ja_is_sp(s[n - 1]) || s[n - 1] == '\n' || s[n - 1] == '-'))
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
    size_t n;
    for (const char *p = t; (p = ja_next_word(p, &n)) != NULL; p += n) {
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
    }
    return false;
}

/* Whether S has the word W (N bytes) standing alone. */
static bool has_word(const char *s, const char *w, size_t n)
{
    for (const char *q = s; (q = memmem(q, strlen(q), w, n)) != NULL; q++)
        if ((q == s || !ja_is_word(q[-1])) && !ja_is_word(q[n]))
            return true;
    return false;
}

/* Whether the text T names a name of the spec that MSGID, its English, has
 * nowhere (in a translated text even a name that reads as English,
 * "klass", is code): a translation keeps the names it has and adds none,
 * so such text is another unit's (a lost table's rows found in the next
 * one's block). */
static bool names_more(const ctx *c, const char *t, const char *msgid)
{
    size_t n;
    for (const char *p = t; (p = ja_next_word(p, &n)) != NULL; p += n)
        if (jt_vocab_class(c->vocab, p, n) != 0 && !has_word(msgid, p, n))
            return true;
    return false;
}

/* Places the translated text ZH (plain, markers) as U's msgstr and judges
 * it.  Takes ZH. */
void ja_place(ctx *c, jt_aunit *u, char *zh, size_t at, bool sure_position)
{
    char *t = trim_dup(zh, strlen(zh));
    free(zh);
    if (!*t || (!ja_has_nonascii(t, strlen(t)) && !(ja_code_title(u->msgid) && !strcmp(t, u->msgid)))) {
        free(t);
        if (!u->msgstr)
            u->why = "no translated text where it belongs";
        return;
    }
    english en;
    if (!ja_english_of(u->msgid, &en)) {
        free(t);
        return;
    }
    char *ms = ja_remark(&en, t);
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
    else if (names_more(c, t, u->msgid))
        why = "it names a name of the spec its English does not";
    else if (!sure_position)
        why = "its place in the text is not sure";
    else if (has_glued_row(c, t))
        why = "it runs into the next row of its table";
    else if (en.en_chars > 60) {
        double r = (double)ja_ncp(t, strlen(t)) / (double)en.en_chars;
        if (r < 0.08 || r > 1.2)
            why = "its length does not fit its English";
    }
    free(ids_en), free(h_en), free(ids_zh), free(h_zh);
    ja_english_free(&en);
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

