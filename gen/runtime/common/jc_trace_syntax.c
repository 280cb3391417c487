/* jc_trace_syntax.c — the text and jsonl record syntax, shared by the
 * shim's writer and `jvmtigen trace` (see jc_trace_syntax.h). */
#include <string.h>

#include "jc_bintrace.h"
#include "jc_trace_syntax.h"

static const char *const text_kinds[] = {
    [JC_BIN_K_CALL] = "call", [JC_BIN_K_EVENT] = "event", [JC_BIN_K_VIOLATION] = "VIOLATION",
    [JC_BIN_K_LEAK] = "leak", [JC_BIN_K_SUMMARY] = "summary", [JC_BIN_K_NOTE] = "NOTE",
    [JC_BIN_K_WARNING] = "WARNING", [JC_BIN_K_STRING] = "", [JC_BIN_K_HEADER] = "header",
    [JC_BIN_K_PACKET] = "packet",
};
static const char *const json_kinds[] = {
    [JC_BIN_K_CALL] = "call", [JC_BIN_K_EVENT] = "event", [JC_BIN_K_VIOLATION] = "violation",
    [JC_BIN_K_LEAK] = "leak", [JC_BIN_K_SUMMARY] = "summary", [JC_BIN_K_NOTE] = "note",
    [JC_BIN_K_WARNING] = "warning", [JC_BIN_K_STRING] = "", [JC_BIN_K_HEADER] = "header",
    [JC_BIN_K_PACKET] = "packet",
};
#define NKINDS (sizeof text_kinds / sizeof text_kinds[0])

const jc_trace_syntax jc_trace_text = {
    "(", "()", ")", " -> out(", ", ", "NULL", "", "'", " ", "", "=", text_kinds,
};
const jc_trace_syntax jc_trace_jsonl = {
    ",\"args\":{", ",\"args\":{}", "}", ",\"out\":{", ",", "null", "\"", "\"", ",", "\"", "\":", json_kinds,
};

const char *jc_trace_kind_word(const jc_trace_syntax *sx, unsigned bin_kind)
{
    return bin_kind < NKINDS && sx->kind_words[bin_kind] ? sx->kind_words[bin_kind] : "";
}

bool jc_trace_bare(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
              || (c && strchr("_-.:/@+|", c))))
            return false;
    }
    return true;
}
