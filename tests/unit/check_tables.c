/* check_tables.c — the name tables emitter (gen/emit/emit_tables.c), checked on
 * its real output.
 *
 * For each spec (jdk17, jdk8, jdk11, jdk21, jdk25) the tests generate jvmti.h, jvmti_names.h and
 * jvmti_names.c into $builddir/tests/out/check_tables/<spec>/<test>/, then
 * generate from the model a C program that walks every error, event,
 * function, constant and capability of the spec through the generated API
 * (name -> value -> name) and compares it with the header's own symbols;
 * compile it with -Werror, run it, and require exit status 0.  So a table
 * that drifts from the model or from jvmti.h fails here, with the program's
 * output in the message.
 *
 * Inputs: SPEC_DIR (or argv[1]; default $srcdir/../shared/spec), JDK_HOME
 * for jni.h (default /usr/lib/jvm/java-17-openjdk-amd64), CC / CXX for the
 * compilers (default cc / c++), builddir (default ".").
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

#include "emit/emit.h"
#include "model/model.h"
#include "util/outfile.h"

/* The specs under test and the major version each is generated as (0: the
 * spec's own), as tests/golden/golden.sh does. */
static const struct spec_case {
    const char *name;
    int major;
} cases[] = {
    { "jdk17", 17 },
    { "jdk8", 0 },
    { "jdk11", 11 },
    { "jdk21", 21 },
    { "jdk25", 25 },
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

static const char *spec_dir;
static jt_spec *specs[NCASES];

static const char *env_or(const char *name, const char *dflt)
{
    const char *v = getenv(name);
    return v && *v ? v : dflt;
}

/* ---- files and commands ------------------------------------------------ */

static char *xvasprintf(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = n < 0 ? NULL : malloc((size_t)n + 1);
    if (!s)
        abort();    /* also used outside tests, where ck_assert cannot report */
    vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

static char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = xvasprintf(fmt, ap);
    va_end(ap);
    return s;
}

static void mkdir_p(const char *path)
{
    char *p = xasprintf("%s", path);
    for (char *q = p + 1; *q; q++) {
        if (*q != '/')
            continue;
        *q = '\0';
        ck_assert_msg(mkdir(p, 0777) == 0 || errno == EEXIST, "mkdir %s: %s", p, strerror(errno));
        *q = '/';
    }
    ck_assert_msg(mkdir(p, 0777) == 0 || errno == EEXIST, "mkdir %s: %s", p, strerror(errno));
    free(p);
}

/* $builddir/tests/out/check_tables/<input>/<test>, emptied. */
static char *fresh_dir(const char *input, const char *test)
{
    char *dir = xasprintf("%s/tests/out/check_tables/%s/%s",
                          env_or("builddir", "."), input, test);
    char *cmd = xasprintf("rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
    mkdir_p(dir);
    return dir;
}

/* A refused emit publishes nothing: jt_out_finish fails, dir stays empty. */
static void assert_nothing_published(const char *dir)
{
    ck_assert_int_eq(jt_out_finish(0), -1);
    char *cmd = xasprintf("test -z \"$(ls -A '%s')\"", dir);
    ck_assert_msg(system(cmd) == 0, "files were left in %s", dir);
    free(cmd);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s: %s", path, strerror(errno));
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0)
        if ((len += n) + 1 == cap)
            buf = realloc(buf, cap *= 2);
    ck_assert_ptr_nonnull(buf);
    buf[len] = '\0';
    fclose(f);
    return buf;
}

/* Runs a shell command in DIR with its output in DIR/LOG; fails the test
 * with the command and (the end of) its output unless it exits 0. */
static void run(const char *what, const char *dir, const char *log, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void run(const char *what, const char *dir, const char *log, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *cmd = xvasprintf(fmt, ap);
    va_end(ap);

    char *full = xasprintf("cd '%s' && { %s; } >'%s' 2>&1", dir, cmd, log);
    int st = system(full);
    free(full);
    if (st == 0) {
        free(cmd);
        return;
    }
    char *path = xasprintf("%s/%s", dir, log);
    char *out = read_file(path);
    size_t len = strlen(out);
    ck_abort_msg("%s failed (%s %d): %s\n%s", what,
                 st != -1 && WIFEXITED(st) ? "exit status" : "wait status",
                 st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : st, cmd,
                 len > 3000 ? out + len - 3000 : out);
}

/* ---- generating ---------------------------------------------------------- */

static jt_emit_ctx context(int spec, const char *outdir)
{
    ck_assert_msg(specs[spec] != NULL, "cannot load %s/%s/jvmti.xml (see the messages above)",
                  spec_dir, cases[spec].name);
    jt_emit_ctx ctx = { .spec = specs[spec], .outdir = outdir };
    jt_spec_version(specs[spec], cases[spec].major, &ctx.major, &ctx.minor, &ctx.micro);
    return ctx;
}

/* Runs the tables emitter (and the header's, when asked) into dir and
 * publishes the files, as main.c does. */
static void generate(int spec, const char *dir, bool with_header)
{
    jt_emit_ctx ctx = context(spec, dir);
    int ok = (!with_header || jt_emit_header(&ctx) == 0) && jt_emit_tables(&ctx) == 0;
    ck_assert_msg(jt_out_finish(ok) == 0, "generating into %s failed for %s (see the messages above)",
                  dir, cases[spec].name);
}

static const char *jdk_home(void)
{
    return env_or("JDK_HOME", "/usr/lib/jvm/java-17-openjdk-amd64");
}

/* Compiler flags: the generated files first, so their jvmti.h wins over
 * the JDK's; the JDK only for jni.h. */
static char *include_flags(const char *dir)
{
    return xasprintf("-I'%s' -I'%s/include' -I'%s/include/linux'", dir, jdk_home(), jdk_home());
}

/* A C string literal, written independently of the emitter's. */
static void put_str(FILE *f, const char *s)
{
    if (!s) {
        fputs("NULL", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p >= 0x7f || *p == '?')
            fprintf(f, "\\%03o", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

/* ---- the round-trip program -------------------------------------------- */

/* Its fixed part: checks that hold for any spec, and the loops over the
 * per-spec tables written after it. */
static const char driver_head[] =
    "#include <stddef.h>\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "#include \"jvmti_names.h\"\n"
    "\n"
    "static int checks, failures;\n"
    "#define CHECK(c) check((c) != 0, __LINE__, #c)\n"
    "static void check(int ok, int line, const char *what)\n"
    "{\n"
    "    checks++;\n"
    "    if (!ok && failures++ < 50)\n"
    "        fprintf(stderr, \"roundtrip.c:%d: check failed: %s\\n\", line, what);\n"
    "}\n"
    "static int streq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }\n"
    "\n"
    "static int capability_bits(const jvmtiCapabilities *caps)\n"
    "{\n"
    "    int i, n = 0;\n"
    "    for (i = 0; i < jvmti_capability_count; i++) n += jvmti_capability_get(caps, i);\n"
    "    return n;\n"
    "}\n"
    "#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__\n"
    "/* Bit i%32 of the i/32-th unsigned int: how GCC lays out the bitfields\n"
    " * on a little-endian target (what agents poking the struct assume). */\n"
    "static int storage_bit(const jvmtiCapabilities *caps, int i)\n"
    "{\n"
    "    unsigned int words[sizeof(jvmtiCapabilities) / sizeof(unsigned int)];\n"
    "    memcpy(words, caps, sizeof words);\n"
    "    return (int)(words[i / 32] >> (i % 32) & 1u);\n"
    "}\n"
    "#endif\n"
    "\n"
    "/* Parses a jvmti_bits_format() result back into a value. */\n"
    "static int parse_bits(const char *group, const char *text, jlong *out)\n"
    "{\n"
    "    char buf[1024], *p = buf;\n"
    "    jlong v = 0;\n"
    "    strcpy(buf, text);\n"
    "    while (p) {\n"
    "        char *bar = strchr(p, '|');\n"
    "        jlong c;\n"
    "        if (bar) *bar = '\\0';\n"
    "        if (strncmp(p, \"0x\", 2) == 0) c = (jlong)strtoull(p + 2, NULL, 16);\n"
    "        else if (strcmp(p, \"0\") == 0) c = 0;\n"
    "        else if (!jvmti_constant_from_name(group, p, &c)) return 0;\n"
    "        v |= c;\n"
    "        p = bar ? bar + 1 : NULL;\n"
    "    }\n"
    "    *out = v;\n"
    "    return 1;\n"
    "}\n"
    "\n";

/* The tables the loops walk, one struct per kind of name. */
static const char driver_types[] =
    "struct error_row { const char *name; jvmtiError value; int num; const char *first, *text; };\n"
    "struct event_row { const char *name, *cname; jvmtiEvent value; int num; };\n"
    "struct function_row { const char *name; int num, slot; };\n"
    "struct constant_row { const char *group; int kind; const char *name; jlong header, model; const char *first; };\n"
    "struct group_row { const char *name; int kind, count; };\n"
    "struct capability_row { const char *name; int index; };\n"
    "\n";

/* (An array of lines: C caps a string literal at 4095 characters.) */
static const char *const driver_body[] = {
    "static int known_error(int v)\n",
    "{\n",
    "    size_t i;\n",
    "    for (i = 0; i < sizeof errors / sizeof errors[0]; i++) if (errors[i].num == v) return 1;\n",
    "    return 0;\n",
    "}\n",
    "static int known_event(int v)\n",
    "{\n",
    "    size_t i;\n",
    "    for (i = 0; i < sizeof events / sizeof events[0]; i++) if (events[i].num == v) return 1;\n",
    "    return 0;\n",
    "}\n",
    "static int known_function(int v)\n",
    "{\n",
    "    size_t i;\n",
    "    for (i = 0; i < sizeof functions / sizeof functions[0]; i++) if (functions[i].num == v) return 1;\n",
    "    return 0;\n",
    "}\n",
    "static int known_constant(const char *group, jlong v)\n",
    "{\n",
    "    size_t i;\n",
    "    for (i = 0; i < sizeof constants / sizeof constants[0]; i++)\n",
    "        if (strcmp(constants[i].group, group) == 0 && constants[i].model == v) return 1;\n",
    "    return 0;\n",
    "}\n",
    "\n",
    "int main(void)\n",
    "{\n",
    "    size_t i;\n",
    "    int v;\n",
    "    jvmtiError err;\n",
    "    jvmtiEvent ev;\n",
    "    jlong value;\n",
    "    char buf[1024];\n",
    "    jvmtiCapabilities caps;\n",
    "\n",
    "    /* errors */\n",
    "    for (i = 0; i < sizeof errors / sizeof errors[0]; i++) {\n",
    "        const struct error_row *r = &errors[i];\n",
    "        CHECK((int)r->value == r->num);\n",
    "        CHECK(streq(jvmti_error_name(r->value), r->first));\n",
    "        CHECK(jvmti_error_from_name(r->name, &err) && err == r->value);\n",
    "        CHECK(r->text == NULL ? jvmti_error_description(r->value) == NULL\n",
    "                              : streq(jvmti_error_description(r->value), r->text));\n",
    "    }\n",
    "    for (v = -2; v <= MAX_ERROR + 2; v++)\n",
    "        if (!known_error(v))\n",
    "            CHECK(jvmti_error_name((jvmtiError)v) == NULL && jvmti_error_description((jvmtiError)v) == NULL);\n",
    "\n",
    "    /* events */\n",
    "    for (i = 0; i < sizeof events / sizeof events[0]; i++) {\n",
    "        const struct event_row *r = &events[i];\n",
    "        CHECK((int)r->value == r->num);\n",
    "        CHECK(streq(jvmti_event_name(r->value), r->name));\n",
    "        CHECK(streq(jvmti_event_constant_name(r->value), r->cname));\n",
    "        CHECK(jvmti_event_from_name(r->name, &ev) && ev == r->value);\n",
    "    }\n",
    "    for (v = MIN_EVENT - 2; v <= MAX_EVENT + 2; v++)\n",
    "        if (!known_event(v))\n",
    "            CHECK(jvmti_event_name((jvmtiEvent)v) == NULL && jvmti_event_constant_name((jvmtiEvent)v) == NULL);\n",
    "    for (i = 0; i < sizeof elided_events / sizeof elided_events[0]; i++)\n",
    "        CHECK(elided_events[i] == NULL || !jvmti_event_from_name(elided_events[i], &ev));\n",
    "\n",
    "    /* functions: slot = position of the member in the header's table */\n",
    "    for (i = 0; i < sizeof functions / sizeof functions[0]; i++) {\n",
    "        const struct function_row *r = &functions[i];\n",
    "        CHECK(r->slot == r->num);\n",
    "        CHECK(streq(jvmti_function_name(r->num), r->name));\n",
    "        CHECK(jvmti_function_from_name(r->name, &v) && v == r->num);\n",
    "    }\n",
    "    for (v = -2; v <= MAX_FUNCTION + 2; v++)\n",
    "        if (!known_function(v))\n",
    "            CHECK(jvmti_function_name(v) == NULL);\n",
    "    for (i = 0; i < sizeof elided_functions / sizeof elided_functions[0]; i++)\n",
    "        CHECK(elided_functions[i] == NULL || !jvmti_function_from_name(elided_functions[i], &v));\n",
    "\n",
    "    /* constant groups, in spec order */\n",
    "    CHECK(jvmti_constant_group_count == (int)(sizeof groups / sizeof groups[0]));\n",
    "    for (i = 0; i < sizeof groups / sizeof groups[0]; i++) {\n",
    "        const jvmti_constant_group *g = jvmti_constant_group_find(groups[i].name);\n",
    "        CHECK(g != NULL && g == jvmti_constant_groups[i]);\n",
    "        CHECK(g != NULL && streq(g->name, groups[i].name) && (int)g->kind == groups[i].kind\n",
    "              && g->count == groups[i].count);\n",
    "    }\n",
    "    CHECK(jvmti_constant_group_find(\"jvmtiNoSuchGroup\") == NULL);\n",
    "    CHECK(jvmti_constant_group_find(NULL) == NULL);\n",
    "\n",
    "    /* constants: header == model; by name in the group and anywhere;\n",
    "     * by value the first in spec order; formatting parses back */\n",
    "    for (i = 0; i < sizeof constants / sizeof constants[0]; i++) {\n",
    "        const struct constant_row *r = &constants[i];\n",
    "        jlong back;\n",
    "        size_t n;\n",
    "        CHECK(r->header == r->model);\n",
    "        CHECK(jvmti_constant_from_name(r->group, r->name, &value) && value == r->model);\n",
    "        CHECK(jvmti_constant_from_name(NULL, r->name, &value) && value == r->model);\n",
    "        CHECK(!jvmti_constant_from_name(\"jvmtiNoSuchGroup\", r->name, &value));\n",
    "        CHECK(streq(jvmti_constant_name(r->group, r->model), r->first));\n",
    "        CHECK(streq(jvmti_group_constant_name(jvmti_constant_group_find(r->group), r->model), r->first));\n",
    "        n = jvmti_bits_format(r->group, r->model, buf, sizeof buf);\n",
    "        CHECK(n > 0 && n == strlen(buf));\n",
    "        if (r->kind == JVMTI_CONSTANTS_BITS)\n",
    "            CHECK(parse_bits(r->group, buf, &back) && back == r->model);\n",
    "        else\n",
    "            CHECK(streq(buf, r->first));\n",
    "        for (value = r->model - 2; value <= r->model + 2; value++)\n",
    "            if (!known_constant(r->group, value))\n",
    "                CHECK(jvmti_constant_name(r->group, value) == NULL);\n",
    "    }\n",
    "    CHECK(!jvmti_constant_from_name(NULL, \"JVMTI_NO_SUCH_CONSTANT\", &value));\n",
    "    CHECK(!jvmti_constant_from_name(NULL, NULL, &value));\n",
    "    CHECK(jvmti_constant_name(\"jvmtiNoSuchGroup\", 0) == NULL);\n",
    "\n",
    "    /* capabilities: names in struct order, get/set through the fields */\n",
    "    CHECK(jvmti_capability_count == (int)(sizeof capabilities / sizeof capabilities[0]));\n",
    "    for (i = 0; i < sizeof capabilities / sizeof capabilities[0]; i++) {\n",
    "        const struct capability_row *r = &capabilities[i];\n",
    "        CHECK(streq(jvmti_capability_names[r->index], r->name));\n",
    "        CHECK(jvmti_capability_from_name(r->name, &v) && v == r->index);\n",
    "        memset(&caps, 0, sizeof caps);\n",
    "        CHECK(jvmti_capability_set(&caps, r->index, 1));\n",
    "        CHECK(jvmti_capability_get(&caps, r->index) == 1 && capability_bits(&caps) == 1);\n",
    "#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__\n",
    "        CHECK(storage_bit(&caps, r->index));\n",
    "#endif\n",
    "        CHECK(jvmti_capability_set(&caps, r->index, 0));\n",
    "        CHECK(capability_bits(&caps) == 0);\n",
    "    }\n",
    "    check_capability_fields();\n",
    "    memset(&caps, 0xff, sizeof caps);\n",
    "    CHECK(capability_bits(&caps) == jvmti_capability_count);\n",
    "    CHECK(jvmti_capability_get(&caps, -1) == 0 && jvmti_capability_get(&caps, jvmti_capability_count) == 0);\n",
    "    CHECK(!jvmti_capability_set(&caps, -1, 1) && !jvmti_capability_set(&caps, jvmti_capability_count, 1));\n",
    "    CHECK(jvmti_capability_get(NULL, 0) == 0);\n",
    "    CHECK(!jvmti_capability_from_name(\"can_fly\", &v));\n",
    "\n",
    "    /* facts from the spec, by hand */\n",
    "    CHECK(streq(jvmti_error_name((jvmtiError)100), \"JVMTI_ERROR_NULL_POINTER\"));\n",
    "    CHECK(streq(jvmti_error_name(JVMTI_ERROR_NONE), \"JVMTI_ERROR_NONE\"));\n",
    "    CHECK(jvmti_error_description(JVMTI_ERROR_NULL_POINTER) != NULL\n",
    "          && strstr(jvmti_error_description(JVMTI_ERROR_NULL_POINTER), \"Pointer is unexpectedly \") != NULL);\n",
    "    CHECK(jvmti_error_name((jvmtiError)-1) == NULL && jvmti_error_name((jvmtiError)1) == NULL);\n",
    "    CHECK(jvmti_error_name((jvmtiError)100000) == NULL);\n",
    "    CHECK(!jvmti_error_from_name(\"JVMTI_ERROR_NO_SUCH\", &err) && !jvmti_error_from_name(\"\", &err));\n",
    "    CHECK(!jvmti_error_from_name(NULL, &err));\n",
    "    CHECK(streq(jvmti_event_name((jvmtiEvent)50), \"VMInit\"));\n",
    "    CHECK(streq(jvmti_event_constant_name(JVMTI_EVENT_VM_INIT), \"JVMTI_EVENT_VM_INIT\"));\n",
    "    CHECK(jvmti_event_from_name(\"VMDeath\", &ev) && ev == JVMTI_EVENT_VM_DEATH);\n",
    "    CHECK(jvmti_event_name((jvmtiEvent)0) == NULL && jvmti_event_name((jvmtiEvent)49) == NULL);\n",
    "    CHECK(!jvmti_event_from_name(\"JVMTI_EVENT_VM_INIT\", &ev) && !jvmti_event_from_name(\"vminit\", &ev));\n",
    "    CHECK(streq(jvmti_function_name(17), \"GetThreadState\"));\n",
    "    CHECK(jvmti_function_from_name(\"GetThreadState\", &v) && v == 17);\n",
    "    CHECK(jvmti_function_name(0) == NULL && jvmti_function_name(-1) == NULL);\n",
    "    CHECK(jvmti_function_name(1) == NULL);  /* reserved1 */\n",
    "    CHECK(jvmti_function_name(100000) == NULL);\n",
    "    CHECK(!jvmti_function_from_name(\"GetThreadStat\", &v) && !jvmti_function_from_name(\"GetThreadStatez\", &v));\n",
    "    CHECK(streq(jvmti_capability_names[0], \"can_tag_objects\"));\n",
    "    CHECK(streq(jvmti_constant_name(\"jvmtiPhase\", JVMTI_PHASE_LIVE), \"JVMTI_PHASE_LIVE\"));\n",
    "    CHECK(jvmti_constant_name(\"jvmtiPhase\", 3) == NULL);\n",
    "    CHECK(jvmti_constant_from_name(\"jvmtiThreadState\", \"JVMTI_THREAD_STATE_ALIVE\", &value) && value == 1);\n",
    "    CHECK(!jvmti_constant_from_name(\"jvmtiPhase\", \"JVMTI_THREAD_STATE_ALIVE\", &value));\n",
    "    /* a mask and the states it covers: by value the mask comes first */\n",
    "    CHECK(streq(jvmti_constant_name(\"jvmtiJavaLangThreadState\", JVMTI_JAVA_LANG_THREAD_STATE_MASK),\n",
    "                \"JVMTI_JAVA_LANG_THREAD_STATE_MASK\"));\n",
    "\n",
    "    /* formatting */\n",
    "    CHECK(jvmti_bits_format(\"jvmtiThreadState\", JVMTI_THREAD_STATE_ALIVE | JVMTI_THREAD_STATE_RUNNABLE | 0x8,\n",
    "                            buf, sizeof buf) == strlen(buf));\n",
    "    CHECK(streq(buf, \"JVMTI_THREAD_STATE_ALIVE|JVMTI_THREAD_STATE_RUNNABLE|0x8\"));\n",
    "    CHECK(jvmti_bits_format(\"jvmtiThreadState\", JVMTI_THREAD_STATE_ALIVE | JVMTI_THREAD_STATE_RUNNABLE | 0x8,\n",
    "                            buf, 10) == strlen(\"JVMTI_THREAD_STATE_ALIVE|JVMTI_THREAD_STATE_RUNNABLE|0x8\"));\n",
    "    CHECK(streq(buf, \"JVMTI_THR\"));\n",
    "    CHECK(jvmti_bits_format(\"jvmtiThreadState\", JVMTI_THREAD_STATE_ALIVE, NULL, 0)\n",
    "          == strlen(\"JVMTI_THREAD_STATE_ALIVE\"));\n",
    "    jvmti_bits_format(\"jvmtiThreadState\", 0, buf, sizeof buf);\n",
    "    CHECK(streq(buf, \"0\"));\n",
    "    jvmti_bits_format(\"jvmtiThreadState\", 0x8, buf, sizeof buf);\n",
    "    CHECK(streq(buf, \"0x8\"));\n",
    "    jvmti_bits_format(\"jvmtiVersionInterfaceTypes\", 0, buf, sizeof buf);\n",
    "    CHECK(streq(buf, \"JVMTI_VERSION_INTERFACE_JNI\"));\n",
    "    /* overlapping masks: each one adds a bit, the text ORs back */\n",
    "    jvmti_bits_format(\"jvmtiJavaLangThreadState\", JVMTI_JAVA_LANG_THREAD_STATE_RUNNABLE, buf, sizeof buf);\n",
    "    CHECK(streq(buf, \"JVMTI_JAVA_LANG_THREAD_STATE_RUNNABLE\"));\n",
    "    jvmti_bits_format(\"jvmtiJavaLangThreadState\", JVMTI_JAVA_LANG_THREAD_STATE_MASK, buf, sizeof buf);\n",
    "    CHECK(streq(buf, \"JVMTI_JAVA_LANG_THREAD_STATE_MASK\"));\n",
    "    jvmti_bits_format(\"jvmtiPhase\", JVMTI_PHASE_START, buf, sizeof buf);\n",
    "    CHECK(streq(buf, \"JVMTI_PHASE_START\"));\n",
    "    jvmti_bits_format(\"jvmtiPhase\", 99, buf, sizeof buf);\n",
    "    CHECK(streq(buf, \"99\"));\n",
    "    jvmti_bits_format(\"jvmtiPhase\", -3, buf, sizeof buf);\n",
    "    CHECK(streq(buf, \"-3\"));\n",
    "    strcpy(buf, \"x\");\n",
    "    CHECK(jvmti_bits_format(\"jvmtiNoSuchGroup\", 1, buf, sizeof buf) == 0 && buf[0] == '\\0');\n",
    "\n",
    "    printf(\"%d checks, %d failed\\n\", checks, failures);\n",
    "    return failures != 0;\n",
    "}\n",
    NULL
};

/* The first constant of g, in spec order, with c's value. */
static const char *first_with_value(const jt_constants *g, int64_t value)
{
    for (size_t i = 0; i < g->nconstants; i++)
        if (g->constants[i].value == value)
            return g->constants[i].id;
    return NULL;
}

static const char *first_error_with_num(const jt_spec *s, int num)
{
    for (size_t i = 0; i < s->nerrors; i++)
        if (s->errors[i]->num == num)
            return s->errors[i]->id;
    return NULL;
}

static void put_jlong_lit(FILE *f, int64_t v)
{
    if (v == INT64_MIN)
        fputs("(jlong)(-9223372036854775807LL - 1)", f);
    else
        fprintf(f, "(jlong)(%lldLL)", (long long)v);
}

/* Whether a non-elided event or function has this id too. */
static bool live_event(const jt_spec *s, const char *id)
{
    for (int n = s->min_event_num; s->event_by_num && n <= s->max_event_num; n++) {
        const jt_event *e = s->event_by_num[n - s->min_event_num];
        if (e && strcmp(e->id, id) == 0)
            return true;
    }
    return false;
}

static bool live_function(const jt_spec *s, const char *id)
{
    for (int n = 0; s->function_by_num && n <= s->max_function_num; n++)
        if (s->function_by_num[n] && strcmp(s->function_by_num[n]->id, id) == 0)
            return true;
    return false;
}

/* Writes DIR/roundtrip.c: the tables of the spec's names, then the fixed
 * checks over them. */
static void write_driver(const jt_spec *s, const char *dir)
{
    char *path = xasprintf("%s/roundtrip.c", dir);
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot create %s: %s", path, strerror(errno));

    fputs("/* roundtrip.c -- generated by check_tables from the model. */\n", f);
    fputs(driver_head, f);
    fputs(driver_types, f);

    int max_error = -1;
    fputs("static const struct error_row errors[] = {\n", f);
    for (size_t i = 0; i < s->nerrors; i++) {
        const jt_error *e = s->errors[i];
        fprintf(f, "    { \"%s\", %s, %d, \"%s\", ", e->id, e->id, e->num,
                first_error_with_num(s, e->num));
        put_str(f, e->short_text);
        fputs(" },\n", f);
        if (e->num > max_error)
            max_error = e->num;
    }
    fprintf(f, "};\n#define MAX_ERROR %d\n\n", max_error);

    fputs("static const struct event_row events[] = {\n", f);
    for (int n = s->min_event_num; n <= s->max_event_num; n++) {
        const jt_event *e = s->event_by_num[n - s->min_event_num];
        if (e)
            fprintf(f, "    { \"%s\", \"%s\", %s, %d },\n", e->id, e->const_name, e->const_name, e->num);
    }
    fprintf(f, "};\n#define MIN_EVENT %d\n#define MAX_EVENT %d\n", s->min_event_num, s->max_event_num);
    fputs("static const char *const elided_events[] = {\n", f);
    for (size_t i = 0; i < s->nevents; i++)
        if (s->events[i]->elided && !live_event(s, s->events[i]->id))
            fprintf(f, "    \"%s\",\n", s->events[i]->id);
    fputs("    NULL\n};\n\n", f);

    fputs("static const struct function_row functions[] = {\n", f);
    for (int n = 0; n <= s->max_function_num; n++) {
        const jt_function *fn = s->function_by_num[n];
        if (fn)
            fprintf(f, "    { \"%s\", %d, (int)(offsetof(jvmtiInterface_1, %s) / sizeof(void *)) + 1 },\n",
                    fn->id, fn->num, fn->id);
    }
    fprintf(f, "};\n#define MAX_FUNCTION %d\n", s->max_function_num);
    fputs("static const char *const elided_functions[] = {\n", f);
    for (size_t i = 0; i < s->nfunctions; i++) {
        const jt_function *fn = s->functions[i];
        if (fn->elided && !live_function(s, fn->id))
            fprintf(f, "    \"%s\",\n", fn->id);
    }
    fputs("    NULL\n};\n\n", f);

    static const char *const kinds[] = {
        [JT_CK_ENUM] = "JVMTI_CONSTANTS_ENUM", [JT_CK_BITS] = "JVMTI_CONSTANTS_BITS",
        [JT_CK_CONST] = "JVMTI_CONSTANTS_CONST",
    };
    fputs("static const struct group_row groups[] = {\n", f);
    for (size_t i = 0; i < s->nconstants; i++)
        fprintf(f, "    { \"%s\", %s, %zu },\n", s->constants[i]->id,
                kinds[s->constants[i]->kind], s->constants[i]->nconstants);
    fputs("};\n", f);
    fputs("static const struct constant_row constants[] = {\n", f);
    for (size_t i = 0; i < s->nconstants; i++) {
        const jt_constants *g = s->constants[i];
        for (size_t k = 0; k < g->nconstants; k++) {
            const jt_constant *c = &g->constants[k];
            fprintf(f, "    { \"%s\", %s, \"%s\", %s, ", g->id, kinds[g->kind], c->id, c->id);
            put_jlong_lit(f, c->value);
            fprintf(f, ", \"%s\" },\n", first_with_value(g, c->value));
        }
    }
    fputs("};\n\n", f);

    fputs("static const struct capability_row capabilities[] = {\n", f);
    for (size_t i = 0; i < s->ncapabilities; i++)
        fprintf(f, "    { \"%s\", %d },\n", s->capabilities[i].id, s->capabilities[i].index);
    fputs("};\n\n", f);
    /* Setting each field by name must show at its index and nowhere else. */
    fputs("static void check_capability_fields(void)\n{\n    jvmtiCapabilities caps;\n", f);
    for (size_t i = 0; i < s->ncapabilities; i++) {
        const jt_capability *c = &s->capabilities[i];
        fprintf(f, "    memset(&caps, 0, sizeof caps);\n"
                   "    caps.%s = 1;\n"
                   "    CHECK(jvmti_capability_get(&caps, %d) == 1 && capability_bits(&caps) == 1);\n"
                   "    CHECK(jvmti_capability_set(&caps, %d, 0) && caps.%s == 0);\n",
                c->id, c->index, c->index, c->id);
    }
    fputs("}\n\n", f);

    for (const char *const *line = driver_body; *line; line++)
        fputs(*line, f);
    ck_assert_msg(fclose(f) == 0, "cannot write %s", path);
    free(path);
}

/* ---- tests ------------------------------------------------------------- */

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Both files appear, each starting with the banner naming its input, no
 * temporary file is left, and generating again gives the same bytes. */
START_TEST(test_files)
{
    char *dir = fresh_dir(cases[_i].name, "files");
    static const char *const names[] = { "jvmti_names.h", "jvmti_names.c" };
    char *first[2];

    generate(_i, dir, false);
    for (int k = 0; k < 2; k++) {
        char *path = xasprintf("%s/%s", dir, names[k]);
        first[k] = read_file(path);
        char *want = xasprintf("/* %s -- ", names[k]);
        ck_assert_msg(strncmp(first[k], want, strlen(want)) == 0,
                      "%s does not start with \"%s\"", path, want);
        const char *end = strstr(first[k], "*/");
        const char *gen = strstr(first[k], "Generated by jvmtigen from jvmti.xml (JVM TI ");
        const char *dont = strstr(first[k], "Do not edit");
        ck_assert_msg(gen && gen < end, "%s: no banner naming jvmti.xml", path);
        ck_assert_msg(dont && dont < end, "%s: banner does not say \"Do not edit\"", path);
        free(want);
        free(path);
    }
    char *cmd = xasprintf("test -z \"$(ls -A '%s' | grep -v '^jvmti_names\\.[ch]$')\"", dir);
    ck_assert_msg(system(cmd) == 0, "%s holds files other than jvmti_names.[ch]", dir);
    free(cmd);

    generate(_i, dir, false);
    for (int k = 0; k < 2; k++) {
        char *path = xasprintf("%s/%s", dir, names[k]);
        char *again = read_file(path);
        ck_assert_msg(strcmp(first[k], again) == 0, "%s differs when generated twice", path);
        free(again);
        free(first[k]);
        free(path);
    }
    free(dir);
}
END_TEST

/* The generated round-trip program compiles warning-free as C99 against
 * the generated files and passes every check. */
START_TEST(test_roundtrip)
{
    char *dir = fresh_dir(cases[_i].name, "roundtrip");
    generate(_i, dir, true);
    write_driver(specs[_i], dir);

    char *inc = include_flags(dir);
    const char *cc = env_or("CC", "cc");
    run("compiling the round-trip program", dir, "compile.log",
        "%s -std=c99 -Wall -Wextra -pedantic -Werror %s -o roundtrip roundtrip.c jvmti_names.c",
        cc, inc);
    run("the round-trip program", dir, "roundtrip.log", "./roundtrip");
    free(inc);
    free(dir);
}
END_TEST

/* jvmti_names.c compiles as C++ too, and C++ code links against the C
 * object through the header's extern "C". */
START_TEST(test_cplusplus)
{
    char *dir = fresh_dir(cases[_i].name, "cplusplus");
    generate(_i, dir, true);

    char *path = xasprintf("%s/use.cpp", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("#include <cstring>\n"
          "#include \"jvmti_names.h\"\n"
          "int main()\n"
          "{\n"
          "    jvmtiError e;\n"
          "    jvmtiCapabilities caps;\n"
          "    char buf[64];\n"
          "    std::memset(&caps, 0, sizeof caps);\n"
          "    jvmti_capability_set(&caps, 0, 1);\n"
          "    jvmti_bits_format(\"jvmtiThreadState\", 5, buf, sizeof buf);\n"
          "    return !(std::strcmp(jvmti_error_name(JVMTI_ERROR_NULL_POINTER), \"JVMTI_ERROR_NULL_POINTER\") == 0\n"
          "             && jvmti_error_from_name(\"JVMTI_ERROR_NONE\", &e) && e == JVMTI_ERROR_NONE\n"
          "             && caps.can_tag_objects == 1 && jvmti_capability_count > 0\n"
          "             && std::strcmp(buf, \"JVMTI_THREAD_STATE_ALIVE|JVMTI_THREAD_STATE_RUNNABLE\") == 0);\n"
          "}\n", f);
    ck_assert_int_eq(fclose(f), 0);

    char *inc = include_flags(dir);
    const char *cc = env_or("CC", "cc"), *cxx = env_or("CXX", "c++");
    run("compiling jvmti_names.c as C++", dir, "cxx.log",
        "%s -x c++ -Wall -Wextra -Werror %s -c -o names-cxx.o jvmti_names.c", cxx, inc);
    run("linking C++ against the C tables", dir, "link.log",
        "%s -std=c99 -Wall -Wextra -pedantic -Werror %s -c -o names.o jvmti_names.c"
        " && %s -Wall -Wextra -Werror %s -o use use.cpp names.o && ./use",
        cc, inc, cxx, inc);
    free(inc);
    free(path);
    free(dir);
}
END_TEST

/* An output directory that cannot be written: -1, and nothing written. */
START_TEST(test_bad_outdir)
{
    char *dir = fresh_dir(cases[_i].name, "bad-outdir");
    char *missing = xasprintf("%s/no/such/dir", dir);
    jt_emit_ctx ctx = context(_i, missing);
    ck_assert_int_eq(jt_emit_tables(&ctx), -1);
    ck_assert_int_eq(jt_out_finish(0), -1);
    char *cmd = xasprintf("test -z \"$(find '%s' -type f)\"", dir);
    ck_assert_msg(system(cmd) == 0, "files were left under %s", dir);
    free(cmd);
    free(missing);
    free(dir);
}
END_TEST

/* ---- publishing: all or nothing, and nothing hidden left behind ----------- */

static void write_output(const char *dir, const char *name, const char *text)
{
    jt_out *o = jt_out_open(dir, name);
    ck_assert_ptr_nonnull(o);
    jt_out_puts(o, text);
    ck_assert_int_eq(jt_out_commit(o), 0);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char buf[256];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return xasprintf("%s", buf);
}

static void assert_text(const char *dir, const char *name, const char *want)
{
    char *path = xasprintf("%s/%s", dir, name);
    char *got = slurp(path);
    ck_assert_msg(got && strcmp(got, want) == 0, "%s holds '%s', expected '%s'", path, got ? got : "(none)", want);
    free(got);
    free(path);
}

/* Hidden files (our temporaries, backups) left in dir. */
static int hidden_files(const char *dir)
{
    char *cmd = xasprintf("test -z \"$(find '%s' -name '.*' -type f)\"", dir);
    int left = system(cmd) != 0;
    free(cmd);
    return left;
}

/* One output cannot be put in place (a directory holds its name): none of
 * the run's outputs replaces the old ones, and no temporary is left. */
START_TEST(test_publish_all_or_nothing)
{
    char *dir = fresh_dir("publish", "all-or-nothing");
    write_output(dir, "a.txt", "old a");
    write_output(dir, "c.txt", "old c");
    ck_assert_int_eq(jt_out_finish(1), 0);
    char *blocker = xasprintf("%s/b.txt/inside", dir);
    write_output(dir, "a.txt", "new a");
    write_output(dir, "b.txt", "new b");
    /* (made after b.txt's temporary: a name that is no regular file when
     * an output is opened is refused there, jt_out_replaceable) */
    mkdir_p(blocker);
    write_output(dir, "c.txt", "new c");
    ck_assert_int_eq(jt_out_finish(1), -1);
    assert_text(dir, "a.txt", "old a");
    assert_text(dir, "c.txt", "old c");
    ck_assert_msg(!hidden_files(dir), "temporaries left in %s", dir);
    /* and a run that can publish replaces them all */
    write_output(dir, "a.txt", "new a");
    write_output(dir, "c.txt", "new c");
    write_output(dir, "d.txt", "new d");
    ck_assert_int_eq(jt_out_finish(1), 0);
    assert_text(dir, "a.txt", "new a");
    assert_text(dir, "c.txt", "new c");
    assert_text(dir, "d.txt", "new d");
    ck_assert_msg(!hidden_files(dir), "backups left in %s", dir);
    free(blocker);
    free(dir);
}
END_TEST

/* SIGTERM (or SIGINT) while outputs are being written: the process dies of
 * the signal and leaves none of its temporaries. */
START_TEST(test_signal_removes_temporaries)
{
    static const int sigs[] = { SIGTERM, SIGINT };
    char *dir = fresh_dir("publish", "signal");
    pid_t pid = fork();
    ck_assert_int_ne(pid, -1);
    if (pid == 0) {
        signal(sigs[_i], SIG_DFL);
        if (jt_out_dir(dir) != 0)
            _exit(2);
        write_output(dir, "done.txt", "committed");
        jt_out *o = jt_out_open(dir, "half.txt");
        if (!o)
            _exit(2);
        jt_out_puts(o, "half");
        fflush(jt_out_file(o));
        raise(sigs[_i]);
        _exit(3);
    }
    int st = 0;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == sigs[_i], "child status %#x: not killed by signal %d", st, sigs[_i]);
    ck_assert_msg(!hidden_files(dir), "temporaries left in %s after signal %d", dir, sigs[_i]);
    char *done = xasprintf("%s/done.txt", dir);
    ck_assert_msg(access(done, F_OK) != 0, "%s was published by a killed run", done);
    free(done);
    free(dir);
}
END_TEST

/* -o a/b/c: the folder is made with its parents. */
START_TEST(test_outdir_parents)
{
    char *base = fresh_dir("publish", "parents");
    char *dir = xasprintf("%s/a/b/c", base);
    ck_assert_int_eq(jt_out_dir(dir), 0);
    write_output(dir, "x.txt", "x");
    ck_assert_int_eq(jt_out_finish(1), 0);
    assert_text(dir, "x.txt", "x");
    free(dir);
    free(base);
}
END_TEST

/* ---- a hand-made model: the corners the real specs do not reach ---------- */

/* Escapes (quote, backslash, "??=", tab, newline, UTF-8 followed by a
 * digit), an empty group, aliases, INT64 extremes, a lone event, a sparse
 * function table with an elided function. */
static jt_error syn_error_list[] = {
    { .id = "JVMTI_ERROR_NONE", .num = 0, .short_text = "No error." },
    { .id = "JVMTI_ERROR_ODD", .num = 3,
      .short_text = "quote \" backslash \\ trigraph ?\?= tab\t nl\n caf\xc3\xa9" "1 end" },
};
static jt_error *syn_errors[] = { &syn_error_list[0], &syn_error_list[1] };

static jt_event syn_event = { .id = "Solo", .const_name = "JVMTI_EVENT_SOLO", .num = 5 };
static jt_event syn_elided_event = { .id = "Ghost", .const_name = "JVMTI_EVENT_GHOST", .num = 6,
                                     .elided = true };
static jt_event *syn_events[] = { &syn_event, &syn_elided_event };
static jt_event *syn_event_by_num[] = { &syn_event };

static jt_function syn_fn = { .id = "Two", .num = 2 };
static jt_function syn_elided_fn = { .id = "Elided", .num = 3, .elided = true };
static jt_function *syn_functions[] = { &syn_fn, &syn_elided_fn };
static jt_function *syn_function_by_num[] = { NULL, NULL, &syn_fn, NULL };

static jt_constant syn_bits[] = {
    { .id = "A", .value = 1 }, { .id = "B", .value = 2 },
    { .id = "AB", .value = 3 }, { .id = "A2", .value = 1 },
};
static jt_constant syn_enum[] = {
    { .id = "X", .value = 10 }, { .id = "Y", .value = 12 }, { .id = "Z", .value = 10 },
};
static jt_constant syn_const[] = {
    { .id = "MIN", .value = INT64_MIN }, { .id = "MAX", .value = INT64_MAX },
    { .id = "ZERO", .value = 0 }, { .id = "NEG", .value = -5 },
};
static jt_constants syn_groups[] = {
    { .id = "grpEmpty", .kind = JT_CK_ENUM },
    { .id = "grpBits", .kind = JT_CK_BITS, .constants = syn_bits, .nconstants = 4 },
    { .id = "grpEnum", .kind = JT_CK_ENUM, .constants = syn_enum, .nconstants = 3 },
    { .id = "grpConst", .kind = JT_CK_CONST, .constants = syn_const, .nconstants = 4 },
};
static jt_constants *syn_group_ptrs[] = { &syn_groups[0], &syn_groups[1], &syn_groups[2], &syn_groups[3] };

static jt_capability syn_caps[] = {
    { .id = "can_b", .index = 1 }, { .id = "can_a", .index = 0 },
};

static const jt_typedef syn_caps_typedef = { .id = "jvmtiCapabilities" };

/* The names the emitter writes come from the model: JVMTI's, as the loader
 * sets them for a spec without <interface>. */
static jt_spec syn_spec = {
    .path = "/somewhere/else/mini-jvmti.xml",
    .iface = { .id = "jvmti", .name = "JVM TI", .error_type = "jvmtiError", .event_type = "jvmtiEvent" },
    .capabilities_typedef = &syn_caps_typedef,
    .errors = syn_errors, .nerrors = 2, .max_error_num = 3,
    .events = syn_events, .nevents = 2,
    .event_by_num = syn_event_by_num, .min_event_num = 5, .max_event_num = 5,
    .functions = syn_functions, .nfunctions = 2,
    .function_by_num = syn_function_by_num, .max_function_num = 3,
    .constants = syn_group_ptrs, .nconstants = 4,
    .capabilities = syn_caps, .ncapabilities = 2,
};

/* The jvmti.h of that model, by hand. */
static const char syn_header[] =
    "typedef long long jlong;\n"
    "typedef enum { JVMTI_ERROR_NONE = 0, JVMTI_ERROR_ODD = 3 } jvmtiError;\n"
    "typedef enum { JVMTI_EVENT_SOLO = 5 } jvmtiEvent;\n"
    "typedef struct { unsigned int can_a : 1; unsigned int can_b : 1; unsigned int : 30; } jvmtiCapabilities;\n";

static const char syn_driver[] =
    "#include <stdint.h>\n"
    "#include <stdio.h>\n"
    "#include <string.h>\n"
    "#include \"jvmti_names.h\"\n"
    "static int failures;\n"
    "#define CHECK(c) do { if (!(c)) { failures++; fprintf(stderr, \"mini.c:%d: check failed: %s\\n\", __LINE__, #c); } } while (0)\n"
    "static int streq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }\n"
    "static const char *fmt(const char *g, jlong v)\n"
    "{\n"
    "    static char buf[128];\n"
    "    jvmti_bits_format(g, v, buf, sizeof buf);\n"
    "    return buf;\n"
    "}\n"
    "int main(void)\n"
    "{\n"
    "    static const char odd[] = \"quote \\\" backslash \\\\ trigraph ?\\?= tab\\t nl\\n caf\\303\\251\" \"1 end\";\n"
    "    jlong v;\n"
    "    int n;\n"
    "    jvmtiCapabilities caps;\n"
    "    const jvmti_constant_group *g = jvmti_constant_group_find(\"grpEmpty\");\n"
    "    CHECK(jvmti_error_description(JVMTI_ERROR_ODD) != NULL\n"
    "          && memcmp(jvmti_error_description(JVMTI_ERROR_ODD), odd, sizeof odd) == 0);\n"
    "    CHECK(streq(jvmti_error_name(JVMTI_ERROR_ODD), \"JVMTI_ERROR_ODD\"));\n"
    "    CHECK(jvmti_error_name((jvmtiError)1) == NULL && jvmti_error_name((jvmtiError)4) == NULL);\n"
    "    CHECK(streq(jvmti_event_name(JVMTI_EVENT_SOLO), \"Solo\") && jvmti_event_name((jvmtiEvent)6) == NULL);\n"
    "    CHECK(!jvmti_event_from_name(\"Ghost\", (jvmtiEvent *)&n));\n"
    "    CHECK(streq(jvmti_function_name(2), \"Two\") && jvmti_function_name(3) == NULL);\n"
    "    CHECK(!jvmti_function_from_name(\"Elided\", &n) && jvmti_function_from_name(\"Two\", &n) && n == 2);\n"
    "    CHECK(g != NULL && g->count == 0 && jvmti_constant_name(\"grpEmpty\", 0) == NULL);\n"
    "    CHECK(streq(fmt(\"grpEmpty\", 0), \"0\") && streq(fmt(\"grpEmpty\", -12), \"-12\"));\n"
    "    CHECK(streq(jvmti_constant_name(\"grpBits\", 1), \"A\") && streq(jvmti_constant_name(\"grpBits\", 3), \"AB\"));\n"
    "    CHECK(jvmti_constant_from_name(\"grpBits\", \"A2\", &v) && v == 1);\n"
    "    CHECK(streq(fmt(\"grpBits\", 3), \"A|B\") && streq(fmt(\"grpBits\", 7), \"A|B|0x4\"));\n"
    "    CHECK(streq(fmt(\"grpBits\", 0), \"0\") && streq(fmt(\"grpBits\", 4), \"0x4\"));\n"
    "    CHECK(streq(jvmti_constant_name(\"grpEnum\", 10), \"X\") && jvmti_constant_name(\"grpEnum\", 11) == NULL);\n"
    "    CHECK(streq(jvmti_constant_name(\"grpEnum\", 12), \"Y\") && jvmti_constant_name(\"grpEnum\", 13) == NULL);\n"
    "    CHECK(jvmti_constant_name(\"grpEnum\", 9) == NULL && jvmti_constant_name(\"grpEnum\", INT64_MIN) == NULL);\n"
    "    CHECK(jvmti_constant_from_name(NULL, \"Z\", &v) && v == 10);\n"
    "    CHECK(streq(jvmti_constant_name(\"grpConst\", INT64_MIN), \"MIN\"));\n"
    "    CHECK(streq(jvmti_constant_name(\"grpConst\", INT64_MAX), \"MAX\"));\n"
    "    CHECK(streq(jvmti_constant_name(\"grpConst\", 0), \"ZERO\") && streq(jvmti_constant_name(\"grpConst\", -5), \"NEG\"));\n"
    "    CHECK(jvmti_constant_name(\"grpConst\", 1) == NULL && jvmti_constant_name(\"grpConst\", INT64_MAX - 1) == NULL);\n"
    "    CHECK(jvmti_constant_from_name(\"grpConst\", \"MIN\", &v) && v == INT64_MIN);\n"
    "    CHECK(streq(fmt(\"grpConst\", INT64_MIN + 1), \"-9223372036854775807\") && streq(fmt(\"grpConst\", 7), \"7\"));\n"
    "    CHECK(jvmti_capability_count == 2 && streq(jvmti_capability_names[0], \"can_a\")\n"
    "          && streq(jvmti_capability_names[1], \"can_b\"));\n"
    "    memset(&caps, 0, sizeof caps);\n"
    "    CHECK(jvmti_capability_set(&caps, 1, 1) && caps.can_b == 1 && caps.can_a == 0);\n"
    "    CHECK(jvmti_capability_get(&caps, 1) == 1 && jvmti_capability_get(&caps, 0) == 0);\n"
    "    return failures != 0;\n"
    "}\n";

static void write_text(const char *dir, const char *name, const char *text)
{
    char *path = xasprintf("%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot create %s: %s", path, strerror(errno));
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
    free(path);
}

START_TEST(test_corners)
{
    char *dir = fresh_dir("hand-made", "corners");
    jt_emit_ctx ctx = { .spec = &syn_spec, .outdir = dir, .major = 1, .minor = 2, .micro = 3 };
    ck_assert_int_eq(jt_emit_tables(&ctx), 0);
    ck_assert_int_eq(jt_out_finish(1), 0);
    write_text(dir, "jvmti.h", syn_header);
    write_text(dir, "mini.c", syn_driver);

    char *src = xasprintf("%s/jvmti_names.c", dir);
    char *text = read_file(src);
    ck_assert_msg(strstr(text, "from mini-jvmti.xml (JVM TI 1.2.3)"), "%s: banner names the wrong input", src);
    free(text);
    free(src);

    const char *cc = env_or("CC", "cc"), *cxx = env_or("CXX", "c++");
    run("compiling the corner-case program", dir, "compile.log",
        "%s -std=c99 -Wall -Wextra -pedantic -Werror -I. -o mini mini.c jvmti_names.c"
        " && %s -x c++ -Wall -Wextra -Werror -I. -c -o names-cxx.o jvmti_names.c", cc, cxx);
    run("the corner-case program", dir, "mini.log", "./mini");
    free(dir);
}
END_TEST

/* Another interface with errors and functions only: its tables carry its
 * own names (from the model) and no section it lacks (no event, constant
 * or capability lookups written over nothing). */
static jt_error widget_error_list[] = {
    { .id = "WIDGET_ERROR_NONE", .num = 0, .short_text = "Fine." },
    { .id = "WIDGET_ERROR_JAMMED", .num = 5, .short_text = "Jammed." },
};
static jt_error *widget_errors[] = { &widget_error_list[0], &widget_error_list[1] };
static jt_spec widget_spec = {
    .path = "widget.xml",
    .iface = { .id = "widget", .name = "widget", .error_type = "widgetError", .declared = true, .line = 3 },
    .errors = widget_errors, .nerrors = 2, .max_error_num = 5,
    .functions = syn_functions, .nfunctions = 2,
    .function_by_num = syn_function_by_num, .max_function_num = 3,
};

START_TEST(test_sections)
{
    char *dir = fresh_dir("hand-made", "sections");
    jt_emit_ctx ctx = { .spec = &widget_spec, .outdir = dir, .major = 1, .minor = 0, .micro = 0 };
    ck_assert_int_eq(jt_emit_tables(&ctx), 0);
    ck_assert_int_eq(jt_out_finish(1), 0);
    write_text(dir, "widget.h", "typedef enum { WIDGET_ERROR_NONE = 0, WIDGET_ERROR_JAMMED = 5 } widgetError;\n");
    write_text(dir, "use.c",
        "#include <string.h>\n#include \"widget_names.h\"\n"
        "int main(void)\n{\n    widgetError e;\n    int n;\n"
        "    return !(strcmp(widget_error_name(WIDGET_ERROR_JAMMED), \"WIDGET_ERROR_JAMMED\") == 0\n"
        "             && widget_error_from_name(\"WIDGET_ERROR_NONE\", &e) && e == WIDGET_ERROR_NONE\n"
        "             && widget_error_name((widgetError)1) == NULL\n"
        "             && strcmp(widget_function_name(2), \"Two\") == 0 && widget_function_name(3) == NULL\n"
        "             && widget_function_from_name(\"Two\", &n) && n == 2);\n}\n");
    const char *cc = env_or("CC", "cc"), *cxx = env_or("CXX", "c++");
    run("compiling the widget tables", dir, "compile.log",
        "%s -std=c99 -Wall -Wextra -pedantic -Werror -I. -o use use.c widget_names.c"
        " && %s -x c++ -Wall -Wextra -Werror -I. -c -o names-cxx.o widget_names.c", cc, cxx);
    run("the widget tables' program", dir, "use.log", "./use");
    /* only the sections it has, and none of JVMTI's names */
    run("looking for sections the interface lacks", dir, "grep.log",
        "! grep -n -i -E 'event|constant|capabilit|jvmti_|jvmti\\.h|JVM TI' widget_names.h widget_names.c");
    free(dir);
}
END_TEST

/* Events need the C type of their numbers from <interface eventtype=>:
 * without it, an error at the <interface> line and nothing written. */
START_TEST(test_events_need_type)
{
    char *dir = fresh_dir("hand-made", "event-type");
    jt_spec s = widget_spec;
    s.events = syn_events;
    s.nevents = 2;
    s.event_by_num = syn_event_by_num;
    s.min_event_num = s.max_event_num = 5;
    jt_emit_ctx ctx = { .spec = &s, .outdir = dir };
    ck_assert_int_eq(jt_emit_tables(&ctx), -1);
    assert_nothing_published(dir);
    free(dir);
}
END_TEST

/* A model the tables cannot represent (two capabilities on one bit) is an
 * error with the spec's file and line, and nothing is published. */
START_TEST(test_bad_model)
{
    char *dir = fresh_dir("hand-made", "bad-model");
    jt_capability caps[] = { { .id = "can_a", .index = 0, .line = 7 }, { .id = "can_b", .index = 0, .line = 8 } };
    jt_spec bad = syn_spec;
    bad.capabilities = caps;
    jt_emit_ctx ctx = { .spec = &bad, .outdir = dir };
    ck_assert_int_eq(jt_emit_tables(&ctx), -1);
    assert_nothing_published(dir);
    free(dir);
}
END_TEST

/* ---- suite ------------------------------------------------------------- */

/* Loads every spec once, in the parent, before the tests fork. */
static void load_specs(void)
{
    jt_load_options opts = { .quiet_warnings = true };
    for (int i = 0; i < NCASES; i++) {
        char *path = xasprintf("%s/%s/jvmti.xml", spec_dir, cases[i].name);
        specs[i] = jt_spec_load(path, &opts);
        free(path);
    }
}

static void free_specs(void)
{
    for (int i = 0; i < NCASES; i++) {
        jt_spec_free(specs[i]);
        specs[i] = NULL;
    }
}

/* SPEC_DIR, else argv[1], else $srcdir/../shared/spec, else ../shared/spec. */
static const char *find_spec_dir(int argc, char **argv)
{
    const char *dir = env_or("SPEC_DIR", NULL);
    if (dir)
        return dir;
    if (argc > 1)
        return argv[1];
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/../shared/spec", env_or("srcdir", "."));
    char probe[4200];
    snprintf(probe, sizeof probe, "%s/jdk17/jvmti.xml", buf);
    return file_exists(probe) ? buf : "../shared/spec";
}

int main(int argc, char **argv)
{
    spec_dir = find_spec_dir(argc, argv);
    for (int i = 0; i < NCASES; i++) {
        char *path = xasprintf("%s/%s/jvmti.xml", spec_dir, cases[i].name);
        if (!file_exists(path)) {
            fprintf(stderr, "SKIP: %s not found (set SPEC_DIR)\n", path);
            return 77;
        }
        free(path);
    }

    Suite *s = suite_create("tables");
    TCase *tc = tcase_create("emit");
    tcase_add_unchecked_fixture(tc, load_specs, free_specs);
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_files, 0, NCASES);
    char *jni = xasprintf("%s/include/jni.h", jdk_home());
    if (file_exists(jni)) {
        tcase_add_loop_test(tc, test_roundtrip, 0, NCASES);
        tcase_add_loop_test(tc, test_cplusplus, 0, NCASES);
    } else {
        fprintf(stderr, "SKIP: %s not found (set JDK_HOME): not compiling against the spec's jvmti.h\n", jni);
    }
    free(jni);
    tcase_add_loop_test(tc, test_bad_outdir, 0, 1);
    tcase_add_test(tc, test_corners);
    tcase_add_test(tc, test_bad_model);
    tcase_add_test(tc, test_sections);
    tcase_add_test(tc, test_events_need_type);
    suite_add_tcase(s, tc);
    TCase *pub = tcase_create("publish");
    tcase_add_test(pub, test_publish_all_or_nothing);
    tcase_add_loop_test(pub, test_signal_removes_temporaries, 0, 2);
    tcase_add_test(pub, test_outdir_parents);
    suite_add_tcase(s, pub);

    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
