/* xsl_diag.c — gather libxslt/libxml2 messages into located lines (see
 * xsl_diag.h).  One phase at a time, so the state is a few statics. */
#define _POSIX_C_SOURCE 200809L   /* strdup, vsnprintf */
#include "cmd/xsl_diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlerror.h>
#include <libxslt/xsltutils.h>

typedef struct {
    char *file;
    int line;
    int warning;        /* a warning whatever the outcome */
    int terminates;     /* an error whatever the outcome */
    int needs_loc;      /* takes the next location line's place */
    char *text;
} entry;

static entry *entries;
static int nentries, cap;
static char *default_file;
static char *loc_file;          /* from the last "... error: file F line N" */
static int loc_line;
static char pending[2048];      /* the line being assembled */
static size_t npending;
static xsltTransformContextPtr watched;

static void add(const char *file, int line, int warning, int terminates, const char *text)
{
    if (nentries == cap) {
        cap = cap ? 2 * cap : 16;
        entries = realloc(entries, (size_t)cap * sizeof *entries);
        if (!entries)
            jt_fatal("out of memory");
    }
    entry *e = &entries[nentries++];
    e->file = strdup(file ? file : default_file ? default_file : "jvmtigen");
    e->line = line;
    e->warning = warning;
    e->terminates = terminates;
    e->needs_loc = 0;
    e->text = strdup(text);
    if (!e->file || !e->text)
        jt_fatal("out of memory");
}

/* libxslt's location line: "compilation error: file F line N element E",
 * also without "line N" or "element E"; or with no file: "error",
 * "runtime error: element E".  Returns 1 when it was one. */
static int take_location(const char *s)
{
    static const char *const bare[] = { "error", "warning", "compilation error", "runtime error",
                                        "compilation warning", "runtime warning" };
    for (size_t i = 0; i < sizeof bare / sizeof bare[0]; i++) {
        size_t n = strlen(bare[i]);
        if (strncmp(s, bare[i], n) == 0 && (!s[n] || strncmp(s + n, ": element ", 10) == 0))
            return 1;
    }
    static const char *const kinds[] = { "compilation error: file ", "runtime error: file ",
                                         "compilation warning: file ", "runtime warning: file " };
    const char *f = NULL;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0] && !f; i++)
        if (strncmp(s, kinds[i], strlen(kinds[i])) == 0)
            f = s + strlen(kinds[i]);
    if (!f)
        return 0;
    const char *end = strstr(f, " line ");
    const char *el = strstr(f, " element ");
    if (!end || (el && el < end))
        end = el ? el : f + strlen(f);
    free(loc_file);
    loc_file = strndup(f, (size_t)(end - f));
    loc_line = strncmp(end, " line ", 6) == 0 ? atoi(end + 6) : 0;
    if (!loc_file)
        jt_fatal("out of memory");
    for (int i = 0; i < nentries; i++)
        if (entries[i].needs_loc) {
            free(entries[i].file);
            entries[i].file = strdup(loc_file);
            entries[i].line = loc_line;
            entries[i].needs_loc = 0;
            if (!entries[i].file)
                jt_fatal("out of memory");
        }
    return 1;
}

/* Where a message without a location line comes from: the instruction
 * being run, else the last location line seen. */
static void current_location(const char **file, int *line, int *warning, int *terminates)
{
    *file = loc_file;
    *line = loc_line;
    *warning = *terminates = 0;
    xmlNodePtr inst = watched ? watched->inst : NULL;
    if (inst && inst->doc) {
        *file = inst->doc->URL ? (const char *)inst->doc->URL : *file;
        *line = (int)xmlGetLineNo(inst);
        if (inst->ns && xmlStrEqual(inst->ns->href, XSLT_NAMESPACE) &&
            xmlStrEqual(inst->name, (const xmlChar *)"message")) {
            xmlChar *t = xmlGetProp(inst, (const xmlChar *)"terminate");
            *terminates = t && xmlStrEqual(t, (const xmlChar *)"yes");
            *warning = !*terminates;
            xmlFree(t);
        }
    }
}

static void end_line(void)
{
    pending[npending] = '\0';
    size_t n = npending;
    npending = 0;
    while (n && (pending[n - 1] == ' ' || pending[n - 1] == '\r'))
        pending[--n] = '\0';
    if (n == 0 || take_location(pending))
        return;
    const char *file;
    int line, warning, terminates;
    current_location(&file, &line, &warning, &terminates);
    /* the location is ours to print; libxslt's own prefix goes */
    add(file, line, warning, terminates, pending);
}

static void append(const char *s)
{
    for (; *s; s++) {
        if (*s == '\n') {
            end_line();
        } else if (npending < sizeof pending - 1) {
            pending[npending++] = *s;
        }
    }
}

static void on_generic(void *ctx, const char *fmt, ...)
{
    (void)ctx;
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    append(buf);
}

/* libxml2's own errors on the way (XPath, a document() parse): the file and
 * line they carry, else where libxslt was. */
static void on_structured(void *ctx, xmlErrorPtr e)
{
    (void)ctx;
    if (!e || !e->message)
        return;
    if (npending)
        end_line();
    char msg[1024];
    snprintf(msg, sizeof msg, "%s", e->message);
    for (char *p = msg; (p = strchr(p, '\n')); )
        *p = ' ';
    size_t n = strlen(msg);
    while (n && msg[n - 1] == ' ')
        msg[--n] = '\0';
    char text[sizeof msg + 256];
    if (e->domain == XML_FROM_XPATH && e->str1)
        snprintf(text, sizeof text, "%s in XPath expression \"%.200s\"", msg, e->str1);
    else
        snprintf(text, sizeof text, "%s", msg);
    const char *file;
    int line, warning, terminates;
    current_location(&file, &line, &warning, &terminates);
    if (e->file)
        file = e->file, line = e->line;
    add(file, line, e->level == XML_ERR_WARNING, 0, text);
    /* compiling, an XPath error comes before libxslt's location line */
    if (!e->file && !watched)
        entries[nentries - 1].needs_loc = 1;
}

void jt_xsl_diag_note(const char *text)
{
    if (npending)
        end_line();
    add(loc_file, loc_line, 0, 0, text);
    entries[nentries - 1].needs_loc = 1;
}

void jt_xsl_diag_begin(const char *file)
{
    free(default_file);
    default_file = strdup(file);
    free(loc_file);
    loc_file = strdup(file);
    loc_line = 0;
    npending = 0;
    watched = NULL;
    xsltSetGenericErrorFunc(NULL, on_generic);
    xmlSetGenericErrorFunc(NULL, on_generic);
    xmlSetStructuredErrorFunc(NULL, on_structured);
}

void jt_xsl_diag_watch(xsltTransformContextPtr ctxt)
{
    watched = ctxt;
    xsltSetTransformErrorFunc(ctxt, NULL, on_generic);
}

int jt_xsl_diag_end(int failed)
{
    if (npending)
        end_line();
    /* One failure comes in up to three lines (libxml2's XPath error,
     * libxslt's view of it, "XPath evaluation returned no result"): the
     * first at a place says what is wrong, the rest at that place go.
     * xsl:message lines all stay. */
    int errors = 0;
    const entry *prev = NULL;
    for (int i = 0; i < nentries; i++) {
        entry *e = &entries[i];
        int message = e->warning || e->terminates;
        int err = e->terminates || (failed && !e->warning);
        if (!message && prev && e->line == prev->line && strcmp(e->file, prev->file) == 0)
            continue;
        errors += err;
        jt_diag(err ? JT_DIAG_ERROR : JT_DIAG_WARNING, e->file, e->line, "%s%s",
                e->terminates ? "stopped by xsl:message: " : "", e->text);
        prev = message ? NULL : e;
    }
    for (int i = 0; i < nentries; i++) {
        free(entries[i].file);
        free(entries[i].text);
    }
    nentries = 0;
    watched = NULL;
    xsltSetGenericErrorFunc(NULL, NULL);
    xmlSetGenericErrorFunc(NULL, NULL);
    xmlSetStructuredErrorFunc(NULL, NULL);
    return errors;
}
