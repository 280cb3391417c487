/* align_markup.c — step 6 of the overview at the top of align.c: what
 * the English unit marks up (code names, links, copied-as-is elements,
 * paragraphs, lists) and putting that markup back into the translated
 * text. */
#include "i18n/align_int.h"

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
    char *s = ja_xstrdup((const char *)xmlBufferContent(b));
    xmlBufferFree(b);
    return s;
}

void ja_text_of(xmlNode *n, sbuf *b)
{
    for (; n; n = n->next) {
        if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE)
            ja_sb_add(b, (const char *)n->content);
        else if (n->type == XML_ELEMENT_NODE)
            ja_text_of(n->children, b);
    }
}

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
    en->opaque_name[en->no] = ja_xstrdup(name);
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
        if (ja_is_word(*p))
            word = true;
    }
    return word;
}

static void en_walk(english *en, xmlNode *n, sbuf *vis)
{
    for (; n; n = n->next) {
        if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
            ja_sb_add(vis, (const char *)n->content);
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
            ja_sb_add(vis, "JVM TI");
            continue;
        }
        if (jt_ident_link_element(name)) {
            sbuf t = { 0 };
            ja_text_of(n->children, &t);
            char *txt = ja_sb_take(&t);
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
                txt = ja_xstrdup(id ? (const char *)id : "");
                xmlFree(id);
            }
            ja_sb_add(vis, txt);
            if (lookable(txt))
                en_add_marked(en, txt, node_xml(n));
            else
                free(txt);
            continue;
        }
        en_walk(en, n->children, vis);
    }
}

xmlDocPtr ja_parse_fragment(const char *frag)
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

bool ja_english_of(const char *msgid, english *en)
{
    memset(en, 0, sizeof *en);
    xmlDocPtr x = ja_parse_fragment(msgid);
    if (!x || !xmlDocGetRootElement(x)) {
        xmlFreeDoc(x);
        return false;
    }
    sbuf vis = { 0 };
    en_walk(en, xmlDocGetRootElement(x)->children, &vis);
    char *v = ja_sb_take(&vis);
    en->en_chars = ja_ncp(v, strlen(v));
    en->en_sentences = count_en_sentences(v);
    free(v);
    xmlFreeDoc(x);
    return true;
}

void ja_english_free(english *en)
{
    for (size_t i = 0; i < en->nm; i++)
        free(en->m[i].visible), free(en->m[i].xml);
    for (size_t i = 0; i < en->no; i++)
        free(en->opaque[i]), free(en->opaque_name[i]);
    free(en->m);
    free(en->opaque);
    free(en->opaque_name);
}

static void xml_escape_into(sbuf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '&': ja_sb_add(b, "&amp;"); break;
        case '<': ja_sb_add(b, "&lt;"); break;
        case '>': ja_sb_add(b, "&gt;"); break;
        default: ja_sb_addn(b, s + i, 1);
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
    return pos - b >= 2 && (b == 0 || !ja_is_word(s[b - 1]));
}

char *ja_remark(const english *en, const char *zh)
{
    /* escape, keeping markers */
    sbuf e = { 0 };
    xml_escape_into(&e, zh, strlen(zh));
    char *s = ja_sb_take(&e);
    size_t n = strlen(s);
    repls rs = { 0 };
    /* code and links, in order, word-bounded */
    size_t cursor = 0;
    for (size_t i = 0; i < en->nm; i++) {
        sbuf vb = { 0 };
        xml_escape_into(&vb, en->m[i].visible, strlen(en->m[i].visible));
        char *v = ja_sb_take(&vb);
        size_t vl = strlen(v);
        bool placed = false;
        for (int pass = 0; pass < 2 && !placed; pass++) {
            for (size_t at = pass ? 0 : cursor; at + vl <= n;) {
                char *hit = strstr(s + at, v);
                if (!hit)
                    break;
                size_t pos = (size_t)(hit - s);
                at = pos + 1;
                if (ja_is_word(v[0]) && pos > 0 && ja_is_word(s[pos - 1]) && !after_acronym(s, pos, v))
                    continue;
                if (ja_is_word(v[vl - 1]) && pos + vl < n && ja_is_word(s[pos + vl]))
                    continue;
                if (overlaps(&rs, pos, vl))
                    continue;
                add_repl(&rs, pos, vl, ja_xstrdup(en->m[i].xml));
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
            if (!overlaps(&rs, pos, 6) && !(pos + 6 < n && ja_is_word(s[pos + 6])))
                add_repl(&rs, pos, 6, ja_xstrdup("<jvmti/>"));
        }
    /* markers */
    for (size_t i = 0; i < n; i++)
        if (s[i] == MARK_OPEN) {
            size_t j = i + 1;
            size_t k = 0;
            while (j < n && s[j] >= '0' && s[j] <= '9')
                k = k * 10 + (size_t)(s[j++] - '0');
            if (j < n && s[j] == MARK_CLOSE && k < en->no)
                add_repl(&rs, i, j + 1 - i, ja_xstrdup(en->opaque[k]));
        }
    if (rs.n)
        qsort(rs.r, rs.n, sizeof *rs.r, cmp_repl);
    /* assemble: line breaks as paragraphs or list items */
    sbuf out = { 0 };
    bool in_list = false, line_start = true;
    size_t ri = 0;
    for (size_t i = 0; i < n;) {
        if (ri < rs.n && rs.r[ri].pos == i) {
            ja_sb_add(&out, rs.r[ri].with);
            i += rs.r[ri].len;
            ri++;
            line_start = false;
            continue;
        }
        if (line_start && en->has_list) {
            size_t j = i;
            while (j < n && ja_is_sp(s[j]))
                j++;
            bool item = j + 1 < n && s[j] == '-' && s[j + 1] == ' ';
            if (item) {
                ja_sb_add(&out, in_list ? "</li><li>" : "<ul><li>");
                in_list = true;
                i = j + 2;
                line_start = false;
                continue;
            }
            if (in_list) {
                ja_sb_add(&out, "</li></ul>");
                in_list = false;
            }
        }
        line_start = false;
        if (s[i] == '\n') {
            if (!in_list)
                ja_sb_add(&out, en->has_p ? "<p/>" : " ");
            else
                ja_sb_add(&out, " ");
            line_start = true;
            i++;
            continue;
        }
        ja_sb_addn(&out, s + i, 1);
        i++;
    }
    if (in_list)
        ja_sb_add(&out, "</li></ul>");
    for (size_t i = 0; i < rs.n; i++)
        free(rs.r[i].with);
    free(rs.r);
    free(s);
    return ja_sb_take(&out);
}

