/* template.c — load, compile and render templates (see template.h).
 *
 * A file is compiled once into blocks of segments (literal text or a slot
 * name), so rendering is a walk over an array with one fwrite() per literal
 * and one callback per slot: the page of ~1.6 MB renders in a few ms.
 * Literal segments point into the file's buffer, which the jt_tpl keeps.
 */
#include "emit/template.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n/catalog.h"
#include "util/diag.h"

typedef struct seg {
    const char *text;   /* literal, or NULL for a slot */
    size_t len;
    const char *slot;   /* slot name (NUL-terminated copy) */
    int line;
} seg;

struct jt_tpl_block {
    char *name;
    const char *file;
    seg *segs;
    size_t nsegs, cap;
    bool trim_end;      /* drop the newline before {{end}} */
    bool text;          /* {{text name}}: the body is one message */
    const char *src;    /* where the body's source starts */
};

struct jt_tpl {
    char *file;                     /* display name of the main file */
    jt_tpl_block *blocks;
    size_t nblocks, cap;
    size_t *index;                  /* open addressing: block number + 1 */
    size_t mask;
    char **bufs;                    /* file contents and slot names we own */
    size_t nbufs, capbufs;
    jt_catalog *ui;                 /* the page's words, or NULL: English */
    jt_tpl_message *msgs;           /* {{_text}} and {{text}} messages */
    size_t nmsgs, capmsgs;
};

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p)
        jt_fatal("out of memory");
    return p;
}

static char *xstrndup(const char *s, size_t n)
{
    char *r = xrealloc(NULL, n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

static void own(jt_tpl *t, char *buf)
{
    if (t->nbufs == t->capbufs) {
        t->capbufs = t->capbufs ? t->capbufs * 2 : 16;
        t->bufs = xrealloc(t->bufs, t->capbufs * sizeof *t->bufs);
    }
    t->bufs[t->nbufs++] = buf;
}

/* ---- reading files ----------------------------------------------------- */

static bool safe_name(const char *name)
{
    if (!*name || name[0] == '.')
        return false;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '.' || *p == '_' || *p == '-'))
            return false;
    return true;
}

/* The file's text (NUL-terminated, owned by T) and a display name for
 * messages; NULL (message printed) when it cannot be read. */
static char *read_template(jt_tpl *t, const char *name, const char **shown, const char *from,
                           int from_line)
{
    static char shown_buf[1024];
    if (!safe_name(name)) {
        jt_diag(JT_DIAG_ERROR, from, from_line, "template name \"%s\" is not a plain file name", name);
        return NULL;
    }
    const char *dir = getenv("JVMTIGEN_TEMPLATES");
    if (dir && *dir) {
        snprintf(shown_buf, sizeof shown_buf, "%s/%s", dir, name);
        FILE *f = fopen(shown_buf, "rb");
        if (!f) {
            jt_diag(JT_DIAG_ERROR, from ? from : shown_buf, from ? from_line : 0,
                    "cannot read template %s: %s (JVMTIGEN_TEMPLATES=%s)", shown_buf, strerror(errno),
                    dir);
            return NULL;
        }
        char *buf = NULL;
        size_t len = 0, cap = 0, n;
        do {
            if (cap - len < 65536) {
                cap = cap ? cap * 2 : 65536;
                buf = xrealloc(buf, cap + 1);
            }
            n = fread(buf + len, 1, cap - len, f);
            len += n;
        } while (n > 0);
        bool bad = ferror(f);
        fclose(f);
        if (bad) {
            free(buf);
            jt_diag(JT_DIAG_ERROR, shown_buf, 0, "cannot read template");
            return NULL;
        }
        buf[len] = '\0';
        own(t, buf);
        char *s = xstrndup(shown_buf, strlen(shown_buf));
        own(t, s);
        *shown = s;
        return buf;
    }
    for (size_t i = 0; i < jt_n_embedded_templates; i++) {
        const jt_embedded_file *e = &jt_embedded_templates[i];
        if (strcmp(e->name, name) == 0) {
            char *buf = xstrndup((const char *)e->data, e->size);
            own(t, buf);
            snprintf(shown_buf, sizeof shown_buf, "templates/%s", name);
            char *s = xstrndup(shown_buf, strlen(shown_buf));
            own(t, s);
            *shown = s;
            return buf;
        }
    }
    jt_diag(JT_DIAG_ERROR, from, from_line, "no template %s is built in (set JVMTIGEN_TEMPLATES=DIR to read it from DIR)",
            name);
    return NULL;
}

/* ---- compiling --------------------------------------------------------- */

static void push_seg(jt_tpl_block *b, seg s)
{
    if (b->nsegs == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 8;
        b->segs = xrealloc(b->segs, b->cap * sizeof *b->segs);
    }
    b->segs[b->nsegs++] = s;
}

static void push_text(jt_tpl_block *b, const char *text, size_t len, int line)
{
    if (len)
        push_seg(b, (seg){ text, len, NULL, line });
}

static int count_lines(const char *from, const char *to)
{
    int n = 0;
    for (; from < to; from++)
        n += *from == '\n';
    return n;
}

static bool is_ident(const char *s, size_t n)
{
    if (!n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
              (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
            return false;
    return true;
}

/* ---- the page's words: messages of a catalog ------------------------------ */

static void add_message(jt_tpl *t, const char *ctx, const char *msgid, const char *file, int line)
{
    if (t->nmsgs == t->capmsgs) {
        t->capmsgs = t->capmsgs ? t->capmsgs * 2 : 64;
        t->msgs = xrealloc(t->msgs, t->capmsgs * sizeof *t->msgs);
    }
    t->msgs[t->nmsgs++] = (jt_tpl_message){ ctx, msgid, file, line };
}

static bool has_slot(const seg *segs, size_t n, const char *slot, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (segs[i].slot && strlen(segs[i].slot) == len && strncmp(segs[i].slot, slot, len) == 0)
            return true;
    return false;
}

/* A text block's translation STR in place of its English segments: text
 * and {{slot}}s, each slot one the English has. */
static int compile_translation(jt_tpl *t, jt_tpl_block *b, const char *str, const jt_cat_entry *e)
{
    seg *english = b->segs;
    size_t nenglish = b->nsegs;
    char *own_str = xstrndup(str, strlen(str));
    own(t, own_str);
    b->segs = NULL;
    b->nsegs = b->cap = 0;
    const char *p = own_str, *lit = own_str;
    int rc = 0;
    while ((p = strstr(p, "{{")) != NULL) {
        const char *close = strstr(p + 2, "}}");
        size_t n = close ? (size_t)(close - p - 2) : 0;
        if (!close || !is_ident(p + 2, n) || !has_slot(english, nenglish, p + 2, n)) {
            jt_diag(JT_DIAG_ERROR, jt_catalog_path(t->ui), e->line,
                    "the translation of %s uses {{%.*s}}, which is not one of the English text's slots",
                    b->name, close ? (int)n : 2, close ? p + 2 : "..");
            rc = -1;
            break;
        }
        push_text(b, lit, (size_t)(p - lit), e->line);
        char *slot = xstrndup(p + 2, n);
        own(t, slot);
        push_seg(b, (seg){ NULL, 0, slot, e->line });
        p = lit = close + 2;
    }
    if (rc == 0)
        push_text(b, lit, strlen(lit), e->line);
    free(english);
    return rc;
}

/* {{end}} of a {{text}} block: its source is a message. */
static int end_text_block(jt_tpl *t, jt_tpl_block *b, const char *end)
{
    size_t len = (size_t)(end - b->src);
    if (b->trim_end && len && b->src[len - 1] == '\n')
        len--;
    char *msgid = xstrndup(b->src, len);
    own(t, msgid);
    add_message(t, b->name, msgid, b->file, b->segs && b->nsegs ? b->segs[0].line : 0);
    const jt_cat_entry *e = t->ui ? jt_catalog_find(t->ui, b->name, msgid) : NULL;
    if (e && e->msgstr)
        return compile_translation(t, b, e->msgstr, e);
    return 0;
}

static int compile(jt_tpl *t, const char *file, char *text)
{
    jt_tpl_block *cur = NULL;
    const char *p = text, *lit = text;
    int line = 1;
    int errors = 0;
    while ((p = strstr(p, "{{")) != NULL) {
        const char *close = strstr(p + 2, "}}");
        if (p[2] == '!') {
            /* a comment may quote tags: it ends at the }} that balances */
            int depth = 1;
            for (close = p + 2; *close; close++) {
                if (close[0] == '{' && close[1] == '{') {
                    depth++;
                    close++;
                } else if (close[0] == '}' && close[1] == '}') {
                    if (--depth == 0)
                        break;
                    close++;
                }
            }
            if (!*close)
                close = NULL;
        }
        line += count_lines(lit, p);
        if (!close) {
            jt_diag(JT_DIAG_ERROR, file, line, "unclosed {{ (expected }})");
            return -1;
        }
        const char *in = p + 2;
        size_t n = (size_t)(close - in);
        const char *next = close + 2;
        if (cur)
            push_text(cur, lit, (size_t)(p - lit), line);
        if (n && in[0] == '!') {
            /* comment */
        } else if ((n > 6 && strncmp(in, "block ", 6) == 0) || (n > 5 && strncmp(in, "text ", 5) == 0)) {
            bool is_text = in[0] == 't';
            if (cur) {
                jt_diag(JT_DIAG_ERROR, file, line, "{{block}} inside block %s (expected {{end}} first)",
                        cur->name);
                errors++;
            }
            const char *nm = in + (is_text ? 5 : 6);
            size_t nl = n - (is_text ? 5 : 6);
            if (!is_ident(nm, nl)) {
                jt_diag(JT_DIAG_ERROR, file, line, "bad block name \"%.*s\" (expected letters, digits, _)",
                        (int)nl, nm);
                return -1;
            }
            char *name = xstrndup(nm, nl);
            if (jt_tpl_find(t, name)) {
                jt_diag(JT_DIAG_ERROR, file, line, "block %s defined twice", name);
                errors++;
            }
            if (t->nblocks == t->cap) {
                t->cap = t->cap ? t->cap * 2 : 32;
                t->blocks = xrealloc(t->blocks, t->cap * sizeof *t->blocks);
            }
            cur = &t->blocks[t->nblocks++];
            *cur = (jt_tpl_block){ name, file, NULL, 0, 0, false, is_text, NULL };
            if (*next == '\n') {
                next++;
                cur->trim_end = true;
            }
            cur->src = next;
        } else if (n == 3 && strncmp(in, "end", 3) == 0) {
            if (!cur) {
                jt_diag(JT_DIAG_ERROR, file, line, "{{end}} outside a block");
                errors++;
            } else {
                /* a block opened on its own line also ends on its own line */
                if (cur->trim_end && cur->nsegs && cur->segs[cur->nsegs - 1].text) {
                    seg *last = &cur->segs[cur->nsegs - 1];
                    if (last->len && last->text[last->len - 1] == '\n' &&
                        last->text + last->len == p)
                        last->len--;
                }
                if (cur->text && end_text_block(t, cur, p) != 0)
                    return -1;      /* one message for a bad catalog */
                cur = NULL;
            }
        } else if (n > 1 && in[0] == '_') {
            /* the page's own words: a message of the catalog */
            char *msgid = xstrndup(in + 1, n - 1);
            own(t, msgid);
            add_message(t, NULL, msgid, file, line);
            const char *tr = t->ui ? jt_catalog_get(t->ui, NULL, msgid) : NULL;
            if (!cur) {
                jt_diag(JT_DIAG_ERROR, file, line, "{{_%s}} outside a block", msgid);
                errors++;
            } else if (cur->text) {
                jt_diag(JT_DIAG_ERROR, file, line, "{{_...}} inside text block %s (the block is one message)",
                        cur->name);
                errors++;
            } else if (tr) {
                char *copy = xstrndup(tr, strlen(tr));
                own(t, copy);
                push_text(cur, copy, strlen(copy), line);
            } else {
                push_text(cur, msgid, n - 1, line);
            }
        } else if (n > 1 && in[0] == '>') {
            char *inc = xstrndup(in + 1, n - 1);
            own(t, inc);
            const char *shown;
            char *body = read_template(t, inc, &shown, file, line);
            if (!body)
                return -1;
            if (!cur) {
                jt_diag(JT_DIAG_ERROR, file, line, "{{>%s}} outside a block", inc);
                errors++;
            } else {
                push_text(cur, body, strlen(body), line);
            }
        } else if (is_ident(in, n)) {
            if (!cur) {
                jt_diag(JT_DIAG_ERROR, file, line, "slot {{%.*s}} outside a block", (int)n, in);
                errors++;
            } else {
                char *slot = xstrndup(in, n);
                own(t, slot);
                push_seg(cur, (seg){ NULL, 0, slot, line });
            }
        } else {
            size_t shown = strcspn(in, "\n");
            jt_diag(JT_DIAG_ERROR, file, line,
                    "cannot read {{%.*s%s (expected {{slot}}, {{block name}}, {{text name}}, {{end}}, {{_text}}, {{>file}} or {{! comment}})",
                    (int)(shown < n && shown < 40 ? shown : n > 40 ? 40 : n), in, shown < n ? "..." : "}}");
            errors++;
        }
        line += count_lines(p, next);
        p = lit = next;
    }
    if (cur) {
        jt_diag(JT_DIAG_ERROR, file, line + count_lines(lit, lit + strlen(lit)),
                "block %s has no {{end}}", cur->name);
        errors++;
    }
    return errors ? -1 : 0;
}

static size_t hash_name(const char *s)
{
    size_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* The emitter looks blocks up by name tens of thousands of times per page. */
static void build_index(jt_tpl *t)
{
    size_t size = 16;
    while (size < t->nblocks * 2)
        size *= 2;
    t->index = xrealloc(NULL, size * sizeof *t->index);
    memset(t->index, 0, size * sizeof *t->index);
    t->mask = size - 1;
    for (size_t i = 0; i < t->nblocks; i++) {
        size_t h = hash_name(t->blocks[i].name) & t->mask;
        while (t->index[h])
            h = (h + 1) & t->mask;
        t->index[h] = i + 1;
    }
}

jt_tpl *jt_tpl_load(const char *name) { return jt_tpl_load_lang(name, NULL); }

size_t jt_tpl_nmessages(const jt_tpl *t) { return t->nmsgs; }
const jt_tpl_message *jt_tpl_messages(const jt_tpl *t) { return t->msgs; }

jt_tpl *jt_tpl_load_lang(const char *name, jt_catalog *ui)
{
    jt_tpl *t = xrealloc(NULL, sizeof *t);
    memset(t, 0, sizeof *t);
    t->ui = ui;
    const char *shown;
    char *text = read_template(t, name, &shown, NULL, 0);
    if (!text || compile(t, shown, text) != 0) {
        jt_tpl_free(t);
        return NULL;
    }
    build_index(t);
    return t;
}

void jt_tpl_free(jt_tpl *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->nblocks; i++) {
        free(t->blocks[i].name);
        free(t->blocks[i].segs);
    }
    free(t->blocks);
    free(t->index);
    free(t->msgs);
    for (size_t i = 0; i < t->nbufs; i++)
        free(t->bufs[i]);
    free(t->bufs);
    free(t);
}

const jt_tpl_block *jt_tpl_find(const jt_tpl *t, const char *name)
{
    if (t->index) {
        for (size_t h = hash_name(name) & t->mask; t->index[h]; h = (h + 1) & t->mask)
            if (strcmp(t->blocks[t->index[h] - 1].name, name) == 0)
                return &t->blocks[t->index[h] - 1];
        return NULL;
    }
    for (size_t i = 0; i < t->nblocks; i++)
        if (strcmp(t->blocks[i].name, name) == 0)
            return &t->blocks[i];
    return NULL;
}

const jt_tpl_block *jt_tpl_need(const jt_tpl *t, const char *file, const char *name, const char *why)
{
    const jt_tpl_block *b = jt_tpl_find(t, name);
    if (!b)
        jt_diag(JT_DIAG_ERROR, file, 0, "no block %s (%s)", name, why);
    return b;
}

const char *jt_tpl_block_name(const jt_tpl_block *b) { return b->name; }

int jt_tpl_render(const jt_tpl_block *b, jt_out *o, jt_tpl_fill fill, void *arg)
{
    FILE *f = jt_out_file(o);
    for (size_t i = 0; i < b->nsegs; i++) {
        const seg *s = &b->segs[i];
        if (s->text) {
            fwrite(s->text, 1, s->len, f);
        } else if (!fill(arg, s->slot, o)) {
            jt_diag(JT_DIAG_ERROR, b->file, s->line, "unknown slot {{%s}} in block %s", s->slot, b->name);
            return -1;
        }
    }
    return 0;
}
