/* align_text.c — the text helpers of `jvmtigen align`: the page's own words
 * per language (table headers, added sentences, index headings), code
 * points, growable strings, matching with spaces ignored (the page's
 * plain text loses and adds spaces anywhere), and the words, titles and
 * runs of text the steps judge alike.  Shared by every step of the
 * overview at the top of align.c and depending on none, so that the
 * steps' files depend on each other one way only. */
#include "i18n/align_int.h"

/* ---- the page's own words, as translations render them -------------------
 * Table headers, the sentences the page adds to a parameter, and the
 * headings of the page's own indexes (never a section's heading): text
 * that belongs to no unit.  Compared with spaces ignored.
 * One row per phrase; a new language adds its rows. */
const struct chrome ja_chrome[] = {
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
    { CH_HEADER, "可在任何阶段调用" },
    { CH_HEADER, "可以在任何阶段调用" },
    { CH_HEADER, "此函数可以从对 Heap 迭代函数的回调中调用" },
    { CH_HEADING, "函数索引" },
    { CH_HEADING, "常量索引" },
    { CH_HEADING, "事件索引" },
    { CH_HEADING, "变更历史" },
    { CH_PART, "函数" },
    { CH_PART, "错误" },
    { CH_PART, "事件" },
    { CH_GENERATED, "代理传" },
    { CH_GENERATED, "代理程序传" },
};
const size_t ja_nchrome = sizeof ja_chrome / sizeof *ja_chrome;

/* ---- small text helpers ------------------------------------------------- */

bool ja_is_word(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool ja_is_sp(char c) { return c == ' ' || c == '\t'; }

/* the code point at S and its length (the text is valid UTF-8) */
unsigned ja_cp_at(const char *s, size_t *len)
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

size_t ja_ncp(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            k++;
    return k;
}

bool ja_has_nonascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return true;
    return false;
}

/* a full stop or other end of a sentence in the translation */
bool ja_sentence_end(unsigned cp)
{
    return cp == 0x3002 || cp == 0xFF1F || cp == 0xFF01 || cp == '?' || cp == '!';
}

/* ---- growable strings ---------------------------------------------------- */

void ja_sb_addn(sbuf *b, const char *s, size_t n)
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

void ja_sb_add(sbuf *b, const char *s) { ja_sb_addn(b, s, strlen(s)); }

char *ja_sb_take(sbuf *b)
{
    if (!b->s)
        ja_sb_addn(b, "", 0);
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
        if (ja_is_sp(*p) || *p == '\n')
            continue;
        while (j < tlen && (ja_is_sp(t[j]) || (nl && t[j] == '\n')))
            j++;
        if (j >= tlen || t[j] != *p)
            return 0;
        j++;
    }
    return j;
}

/* First match of PAT in T[from, to): its start and end. */
bool ja_find_sq(const char *t, size_t from, size_t to, const char *pat, bool nl, size_t *s, size_t *e)
{
    while (ja_is_sp(*pat))
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

/* ---- words, titles and runs of text ---------------------------------------- */

/* The next word (a run of ja_is_word characters) at or after P: its
 * start, and its length in *N; NULL when there is none. */
const char *ja_next_word(const char *p, size_t *n)
{
    while (*p && !ja_is_word(*p))
        p++;
    if (!*p)
        return NULL;
    const char *q = p;
    while (ja_is_word(*q))
        q++;
    *n = (size_t)(q - p);
    return p;
}

char *ja_xstrdup(const char *s)
{
    char *d = strdup(s);
    if (!d)
        jt_fatal("out of memory");
    return d;
}

/* A word that is code: three characters or more, with '_', a digit or an
 * uppercase letter after the first. */
bool ja_code_like(const char *w, size_t n)
{
    if (n < 3)
        return false;
    for (size_t i = 0; i < n; i++)
        if (w[i] == '_' || (w[i] >= '0' && w[i] <= '9') || (i > 0 && w[i] >= 'A' && w[i] <= 'Z'))
            return true;
    return false;
}

/* A title that is code (one word with '_', a digit or an inner capital:
 * "JAVA_TOOL_OPTIONS") stays as it is in a translation. */
bool ja_code_title(const char *label)
{
    if (!label || !*label)
        return false;
    for (const char *p = label; *p; p++)
        if (!ja_is_word(*p))
            return false;
    return ja_code_like(label, strlen(label));
}

/* share of the code points of A that B has too (a crude likeness of two
 * short titles) */
double ja_likeness(const char *a, const char *b)
{
    size_t total = 0, hit = 0;
    for (size_t i = 0; a[i];) {
        size_t k;
        ja_cp_at(a + i, &k);
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

/* Where the run of translated text that ends at P begins: back over
 * non-ASCII code points, not before LO, stopping at the end of a sentence
 * or a clause (a full stop, a colon, a comma) and after at most MAX code
 * points; their number in *NCPS.  A constants group's title before its
 * "( id)" and a parameter name the text translated before its C type are
 * such runs. */
size_t ja_phrase_start(const ctx *c, size_t p, size_t lo, size_t max, size_t *ncps)
{
    size_t start = p, n = 0;
    while (start > lo && n < max && ((unsigned char)c->t[start - 1] & 0x80)) {
        size_t j = start - 1;
        while (j > lo && ((unsigned char)c->t[j] & 0xC0) == 0x80)
            j--;
        size_t k;
        unsigned cp = ja_cp_at(c->t + j, &k);
        if (ja_sentence_end(cp) || cp == 0xFF1A || cp == 0xFF0C || cp == 0x3001)
            break;
        start = j, n++;
    }
    if (ncps)
        *ncps = n;
    return start;
}

/* The end of the WANT-th sentence from FROM (or of the line, or TO): the
 * last row of a constants group runs as many sentences as its English. */
size_t ja_sentences_end(const ctx *c, size_t from, size_t to, size_t want)
{
    size_t n = 0;
    for (size_t i = from; i < to;) {
        size_t k;
        unsigned cp = ja_cp_at(c->t + i, &k);
        i += k;
        if (ja_sentence_end(cp) && ++n == want)
            return i;
        if (cp == '\n')
            return i - 1;
    }
    return to;
}
