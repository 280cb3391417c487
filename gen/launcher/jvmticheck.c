/* jvmticheck.c — the jvmticheck command: `jvmticheck [OPTION]... [--] java
 * ARG...` runs the command with every JVMTI agent on it loaded through
 * libjvmticheck.so, as valgrind runs a program under its tool.
 *
 * Each agent option, on the java command line or in the variables the VM
 * and the java launcher read (JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS,
 * _JAVA_OPTIONS), becomes one load of the shim with the agent behind it:
 *
 *   -agentpath:PATH[=OPTS]  -agentlib:NAME[=OPTS]  -javaagent:JAR[=OPTS]
 *     -> -agentpath:SHIM=SHIM_OPTIONS,agent=LIBRARY[=OPTS]
 *
 * where LIBRARY is PATH, the file HotSpot would load for NAME
 * (jl_find.c), or the JDK's libinstrument.so given JAR[=OPTS], which is
 * what the VM does for -javaagent (it also adds the java.instrument
 * module on JDK 9 and later: so do we, --add-modules=java.instrument).
 * agent= comes last and takes the rest verbatim, so OPTS needs no
 * quoting there; in the variables each word is quoted as the VM reads
 * them (jl_words.c).  Everything else, and every argument of the program
 * (jl_java.c), is left as it is.  Then exec: the VM's exit status is the
 * command's, but for --error-exitcode=N, the shim's exitcode=N.
 *
 * The shim's options are given as --KEY=VALUE (--trace=all, --log=FILE)
 * and checked here with the shim's own parser (gen/runtime/common/jc_options.c)
 * before anything runs, so a bad one is one line and exit 2, not a VM
 * that fails to start once per agent.  In log= and record= %n is the
 * load's number (the shim expands %p itself); several agents must not
 * share a file, so one of those without %n is refused then.
 *
 * A command with no agent runs as it is (exec, no shim), with one note
 * on stderr saying it runs unchecked (-q: none; --require-agent: exit 2
 * instead): a run that is not checked should never look like a clean one.
 * Agent options inside files (@argfiles, -XX:VMOptionsFile=) cannot be
 * rewritten: jvmticheck refuses to run rather than run one unchecked.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jc_runtime.h"
#include "jl_find.h"
#include "jl_java.h"
#include "jl_words.h"

#ifndef JT_BINDIR
#define JT_BINDIR "/usr/local/bin"
#endif
#ifndef JT_PKGLIBDIR
#define JT_PKGLIBDIR "/usr/local/lib/jvmtigen"
#endif
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "?"
#endif

#define USAGE_EXIT 2

static const char usage_text[] =
    "Usage: jvmticheck [OPTION]... [--] COMMAND [ARG]...\n"
    "Run COMMAND (java ...) with each of its JVMTI agents (-agentpath:, -agentlib:,\n"
    "-javaagent:, on the command line or in JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS,\n"
    "_JAVA_OPTIONS) checked by libjvmticheck.so, one load of it per agent.\n"
    "\n"
    "  --error-exitcode=N  exit with N (1-255) when problems were reported\n"
    "  --KEY=VALUE         the shim's option KEY=VALUE, for every agent: --trace=all,\n"
    "                      --log=FILE (%p: the pid, %n: the agent's load number),\n"
    "                      --format=jsonl, --check=strict, ... (see jvmticheck(7))\n"
    "  --require-agent     exit 2 when the command has no agent to check\n"
    "  -n, --dry-run       print the command and variables that would run, run nothing\n"
    "  -q, --quiet         no notes from jvmticheck itself (the shim's verdicts stay)\n"
    "  -h, --help          this help\n"
    "  -V, --version       the version\n"
    "\n"
    "The shim is $JVMTICHECK_SHIM, else found beside this program. Exit status: the\n"
    "command's (or N, see above); 2 for a usage error; 126/127 when COMMAND cannot run.\n"
    "See jvmticheck(1) and, for the shim's options, jvmticheck(7).\n";

static bool quiet;

static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
    if (quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("jvmticheck: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static _Noreturn void die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static _Noreturn void die(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("jvmticheck: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(status);
}

/* ---- the launcher's own command line ----------------------------------------------- */

typedef struct settings {
    jl_words shim_opts;         /* "key=value" items, in order */
    bool dry_run, require_agent;
    bool per_load_files;        /* log= or record= given */
    bool files_numbered;        /* ... each with %n */
    int cmd;                    /* argv index of COMMAND */
} settings;

static int parse_exitcode(const char *v)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (!*v || *end || errno || n < 1 || n > 255)
        die(USAGE_EXIT, "bad value '%s' for --error-exitcode (expected a number from 1 to 255)", v);
    return (int)n;
}

static void parse_command_line(int argc, char **argv, settings *s)
{
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage_text, stdout);
            exit(0);
        } else if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0) {
            printf("jvmticheck (jvmtigen) %s\n", PACKAGE_VERSION);
            exit(0);
        } else if (strcmp(a, "-n") == 0 || strcmp(a, "--dry-run") == 0) {
            s->dry_run = true;
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            quiet = true;
        } else if (strcmp(a, "--require-agent") == 0) {
            s->require_agent = true;
        } else if (strncmp(a, "--error-exitcode=", 17) == 0) {
            jl_words_take(&s->shim_opts, jl_xasprintf("exitcode=%d", parse_exitcode(a + 17)));
        } else if (a[1] == '-' && a[2] != '\0' && a[2] != '=') {
            const char *item = a + 2;
            size_t klen = strcspn(item, "=");
            if (klen == 5 && strncmp(item, "agent", 5) == 0)
                die(USAGE_EXIT, "--agent: jvmticheck takes the agents from the command (its -agentpath:, "
                    "-agentlib: and -javaagent: options)");
            if (strchr(item, ','))
                die(USAGE_EXIT, "%s: the shim's options are separated by commas, so a value cannot hold one", a);
            jl_words_add(&s->shim_opts, item);
        } else {
            die(USAGE_EXIT, "unknown option '%s' (jvmticheck --help lists them; the shim's are --KEY=VALUE)", a);
        }
    }
    if (i >= argc)
        die(USAGE_EXIT, "no command to run (jvmticheck [OPTION]... [--] java ARG...)");
    s->cmd = i;

    /* The shim's own parser, on the options every load will get. */
    char *text = jl_xstrdup(""), err[1024];
    for (size_t k = 0; k < s->shim_opts.n; k++) {
        char *t = jl_xasprintf("%s%s%s", text, k ? "," : "", s->shim_opts.v[k]);
        free(text);
        text = t;
    }
    jc_options o;
    if (jc_options_parse(text, false, &o, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        exit(USAGE_EXIT);
    }
    if (o.help) {
        fputs(usage_text, stdout);
        exit(0);
    }
    s->per_load_files = o.log_path || o.record_path;
    s->files_numbered = (!o.log_path || strstr(o.log_path, "%n")) && (!o.record_path || strstr(o.record_path, "%n"));
    jc_options_free(&o);
    free(text);
}

/* ---- the lists of words the VM reads --------------------------------------------- */

/* In the order HotSpot reads them, which is the order it loads agents in:
 * JAVA_TOOL_OPTIONS, the command line (JDK_JAVA_OPTIONS's words first,
 * the java launcher puts them there), _JAVA_OPTIONS. */
enum { L_TOOL, L_JDK_JAVA, L_ARGV, L_JAVA, NLISTS };

typedef struct list {
    const char *var;            /* the variable, or NULL: the command line */
    bool launcher_words;        /* read by the java launcher (roles), not only the VM */
    size_t first;               /* its first option (the command line: 1) */
    bool read;                  /* present, and its words are known */
    bool changed;
    bool add_instrument;        /* a -javaagent in it, on a modular JDK */
    size_t add_after;           /* ... the last one's index */
    jl_words words;
} list;

typedef struct agent {
    int list;
    size_t index;
    char *lib;                  /* the library the shim is to load */
    const char *options;        /* its options (NULL: none), into words of the list */
    bool is_shim;               /* already a load of the shim: left as it is */
    int load;
} agent;

typedef struct run {
    settings set;
    list lists[NLISTS];
    char *command;              /* resolved */
    bool is_java;
    jl_jdk jdk;
    int jdk_state;              /* 0 not asked yet, 1 found, -1 none */
    const char *jdk_from;
    char *shim;
    char *shim_tried;
    agent *agents;
    size_t nagents;
    int loads;                  /* shim loads, ours and those already there */
    int wrapped;                /* ours */
    bool library_path_given;    /* -Djava.library.path= somewhere */
} run;

static const char *list_name(int l)
{
    static const char *const names[NLISTS] = {
        [L_TOOL] = "in JAVA_TOOL_OPTIONS", [L_JDK_JAVA] = "in JDK_JAVA_OPTIONS",
        [L_ARGV] = "on the command line", [L_JAVA] = "in _JAVA_OPTIONS",
    };
    return names[l];
}

/* The JDK that resolves -agentlib and -javaagent: the command's when it
 * is a JDK's java, else $JAVA_HOME's, else that of the java on PATH. */
static const jl_jdk *jdk_of(run *r)
{
    if (r->jdk_state == 0) {
        r->jdk_state = -1;
        const char *home = getenv("JAVA_HOME");
        char *java = NULL;
        if (r->is_java && jl_jdk_from_java(r->command, &r->jdk)) {
            r->jdk_from = "the command's JDK";
            r->jdk_state = 1;
        } else if (home && *home && jl_jdk_from_home(home, &r->jdk)) {
            r->jdk_from = "JAVA_HOME";
            r->jdk_state = 1;
        } else if ((java = jl_find_command("java")) && jl_jdk_from_java(java, &r->jdk)) {
            r->jdk_from = "the java on PATH";
            r->jdk_state = 1;
        }
        free(java);
    }
    return r->jdk_state > 0 ? &r->jdk : NULL;
}

static bool same_file(const char *a, const char *b)
{
    char *ra = realpath(a, NULL);
    bool same = ra && b && strcmp(ra, b) == 0;
    free(ra);
    return same;
}

static void refuse_file(const char *file, const char *how, int l)
{
    char which[32];
    if (jl_file_names_agent(file, which, sizeof which))
        die(USAGE_EXIT, "%s (%s, %s) holds a %s option, and jvmticheck cannot rewrite one inside a file: "
            "give the agent on the command line or in JAVA_TOOL_OPTIONS", file, how, list_name(l), which);
}

/* One agent option, word i of list l: resolves its library. */
static void take_agent(run *r, int l, size_t i, enum jl_agent_kind kind, const char *tail)
{
    const char *word = r->lists[l].words.v[i];
    agent a = { .list = l, .index = i };
    const char *eq = strchr(tail, '=');
    char *name = eq ? jl_xstrndup(tail, (size_t)(eq - tail)) : jl_xstrdup(tail);
    a.options = eq ? eq + 1 : NULL;
    if (!*name) {               /* -agentpath:=x: the VM's own error */
        free(name);
        return;
    }

    if (kind == JL_AGENTPATH) {
        a.lib = jl_xstrdup(name);
    } else {
        const jl_jdk *jdk = jdk_of(r);
        if (!jdk)
            die(USAGE_EXIT, "%s (%s): cannot tell which JDK will run it, to find its library: set JAVA_HOME",
                word, list_name(l));
        if (kind == JL_AGENTLIB) {
            a.lib = jl_find_agentlib(jdk, name, getenv("LD_LIBRARY_PATH"));
            if (!a.lib)
                note("%s (%s): lib%s.so is not where HotSpot looks (%s, then LD_LIBRARY_PATH, the ld.so cache "
                     "and the system's library directories%s): left as it is, unchecked",
                     word, list_name(l), name, jdk->libdir,
                     r->library_path_given ? "; -Djava.library.path is not searched for agents" : "");
        } else {
            a.lib = jl_xasprintf("%s/libinstrument.so", jdk->libdir);
            a.options = tail;
            if (access(a.lib, R_OK) != 0) {
                note("%s (%s): %s is missing (%s): left as it is, unchecked", word, list_name(l), a.lib,
                     r->jdk_from);
                free(a.lib);
                a.lib = NULL;
            }
        }
    }
    free(name);
    if (!a.lib)
        return;
    a.is_shim = same_file(a.lib, r->shim);
    if (!a.is_shim && strchr(a.lib, '=')) {
        note("%s (%s): the shim cannot be given a library whose path holds '=' (%s): left as it is, unchecked",
             word, list_name(l), a.lib);
        free(a.lib);
        return;
    }
    if (a.is_shim) {
        free(a.lib);
        a.lib = NULL;
    } else {
        r->wrapped++;
        if (kind == JL_JAVAAGENT && jdk_of(r)->modular) {
            r->lists[l].add_instrument = true;
            r->lists[l].add_after = i;
        }
    }
    a.load = ++r->loads;
    r->agents = realloc(r->agents, (r->nagents + 1) * sizeof *r->agents);
    if (!r->agents)
        die(USAGE_EXIT, "out of memory");
    r->agents[r->nagents++] = a;
}

static void scan_list(run *r, int l)
{
    list *ls = &r->lists[l];
    if (!ls->read)
        return;
    enum jl_role *role = jl_xmalloc((ls->words.n + 1) * sizeof *role);
    for (size_t i = 0; i < ls->words.n; i++)
        role[i] = JL_ROLE_OPTION;
    if (ls->launcher_words)
        jl_java_roles(&ls->words, ls->first, role);
    for (size_t i = ls->first; i < ls->words.n; i++) {
        const char *w = ls->words.v[i], *tail, *file;
        if (role[i] == JL_ROLE_ARGFILE) {
            refuse_file(w + 1, w, l);
            continue;
        }
        if (role[i] != JL_ROLE_OPTION)
            continue;
        if ((file = jl_options_file(w))) {
            refuse_file(file, "-XX:VMOptionsFile=", l);
            continue;
        }
        enum jl_agent_kind kind = jl_agent_kind(w, &tail);
        if (kind == JL_XRUN)
            note("%s (%s) is left unchecked: as -agentlib:NAME=OPTIONS it would be checked", w, list_name(l));
        else if (kind != JL_NOT_AGENT)
            take_agent(r, l, i, kind, tail);
    }
    free(role);
}

/* ---- rewriting ------------------------------------------------------------------------ */

/* s with each %n replaced by n. */
static char *number_file(const char *s, int n)
{
    char num[16];
    size_t count = 0, nlen = (size_t)snprintf(num, sizeof num, "%d", n);
    for (const char *m = s; (m = strstr(m, "%n")); m += 2)
        count++;
    char *out = jl_xmalloc(strlen(s) + count * nlen + 1), *o = out;
    for (const char *p = s;; ) {
        const char *m = strstr(p, "%n");
        size_t k = m ? (size_t)(m - p) : strlen(p);
        memcpy(o, p, k);
        o += k;
        if (!m)
            break;
        memcpy(o, num, nlen);
        o += nlen;
        p = m + 2;
    }
    *o = '\0';
    return out;
}

static char *shim_word(const run *r, const agent *a)
{
    char *opts = jl_xstrdup("");
    for (size_t k = 0; k < r->set.shim_opts.n; k++) {
        const char *item = r->set.shim_opts.v[k];
        char *v = strncmp(item, "log=", 4) == 0 || strncmp(item, "record=", 7) == 0 ? number_file(item, a->load)
                                                                                     : jl_xstrdup(item);
        char *t = jl_xasprintf("%s%s,", opts, v);
        free(v);
        free(opts);
        opts = t;
    }
    char *w = jl_xasprintf("-agentpath:%s=%sagent=%s%s%s", r->shim, opts, a->lib, a->options ? "=" : "",
                           a->options ? a->options : "");
    free(opts);
    return w;
}

static void rewrite(run *r)
{
    /* the words first (agents point into them), then the insertions */
    char **words = jl_xmalloc((r->nagents + 1) * sizeof *words);
    for (size_t k = 0; k < r->nagents; k++)
        words[k] = r->agents[k].lib ? shim_word(r, &r->agents[k]) : NULL;
    for (size_t k = 0; k < r->nagents; k++) {
        if (!words[k])
            continue;
        list *ls = &r->lists[r->agents[k].list];
        jl_words_set(&ls->words, r->agents[k].index, words[k]);
        ls->changed = true;
    }
    free(words);
    for (int l = 0; l < NLISTS; l++)
        if (r->lists[l].add_instrument)
            jl_words_insert(&r->lists[l].words, r->lists[l].add_after + 1, "--add-modules=java.instrument");
}

/* ---- running ------------------------------------------------------------------------- */

static void print_dry_run(const run *r, char **argv)
{
    for (int l = 0; l < NLISTS; l++) {
        if (!r->lists[l].var || !r->lists[l].changed)
            continue;
        char *v = jl_words_join(&r->lists[l].words);
        char *q = jl_shell_quote(v);
        printf("%s=%s ", r->lists[l].var, q);
        free(q);
        free(v);
    }
    const jl_words *cmd = &r->lists[L_ARGV].words;
    for (size_t i = 0; i < cmd->n; i++) {
        char *q = jl_shell_quote(cmd->v[i]);
        printf("%s%s", i ? " " : "", q);
        free(q);
    }
    putchar('\n');
    (void)argv;
}

static _Noreturn void run_command(const run *r, char **argv)
{
    if (r->set.dry_run) {
        print_dry_run(r, argv);
        exit(fflush(stdout) == 0 ? 0 : 1);
    }
    for (int l = 0; l < NLISTS; l++) {
        if (!r->lists[l].var || !r->lists[l].changed)
            continue;
        char *v = jl_words_join(&r->lists[l].words);
        if (setenv(r->lists[l].var, v, 1) != 0)
            die(USAGE_EXIT, "cannot set %s: %s", r->lists[l].var, strerror(errno));
        free(v);
    }
    fflush(NULL);
    char **cmd = r->lists[L_ARGV].words.v;
    execvp(cmd[0], cmd);
    int e = errno;
    die(e == ENOENT ? 127 : 126, "cannot run %s: %s", cmd[0], strerror(e));
}

int main(int argc, char **argv)
{
    run r = {0};
    parse_command_line(argc, argv, &r.set);

    r.lists[L_TOOL].var = "JAVA_TOOL_OPTIONS";
    r.lists[L_JDK_JAVA].var = "JDK_JAVA_OPTIONS";
    r.lists[L_JDK_JAVA].launcher_words = true;
    r.lists[L_ARGV].launcher_words = true;
    r.lists[L_ARGV].first = 1;          /* argv[0] is the command */
    r.lists[L_JAVA].var = "_JAVA_OPTIONS";
    for (int l = 0; l < NLISTS; l++) {
        list *ls = &r.lists[l];
        if (!ls->var) {
            for (int i = r.set.cmd; i < argc; i++)
                jl_words_add(&ls->words, argv[i]);
            continue;
        }
        const char *v = getenv(ls->var);
        if (!v)
            continue;
        if (!jl_words_split(v, &ls->words)) {
            note("%s has an unmatched quote: left as it is (the VM will say so)", ls->var);
            jl_words_free(&ls->words);
            continue;
        }
        ls->read = true;
        for (size_t i = 0; i < ls->words.n; i++)
            if (strncmp(ls->words.v[i], "-Djava.library.path=", 20) == 0)
                r.library_path_given = true;
    }

    const char *name = argv[r.set.cmd], *base = strrchr(name, '/');
    r.command = jl_find_command(name);
    if (!r.command)
        die(127, "%s: command not found", name);
    const char *rbase = strrchr(r.command, '/');
    r.is_java = strcmp(base ? base + 1 : name, "java") == 0 || strcmp(rbase ? rbase + 1 : r.command, "java") == 0;
    r.lists[L_ARGV].read = r.is_java;   /* another command's arguments are not the VM's */
    if (r.is_java)
        for (size_t i = 1; i < r.lists[L_ARGV].words.n; i++)
            if (strncmp(r.lists[L_ARGV].words.v[i], "-Djava.library.path=", 20) == 0)
                r.library_path_given = true;

    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = '\0';
    r.shim = jl_find_shim(n > 0 ? self : argv[0], getenv("JVMTICHECK_SHIM"), JT_BINDIR, JT_PKGLIBDIR,
                          &r.shim_tried);

    for (int l = 0; l < NLISTS; l++)
        scan_list(&r, l);

    if (r.wrapped == 0) {
        if (r.loads == 0) {
            const char *why = r.is_java ? "" : " (it is not java: its arguments are not read, only the variables)";
            if (r.set.require_agent)
                die(USAGE_EXIT, "no JVMTI agent to check in %s's command line, JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS "
                    "or _JAVA_OPTIONS%s", name, why);
            note("no JVMTI agent in %s's command line, JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS or _JAVA_OPTIONS%s: "
                 "running it unchecked", name, why);
        }
        run_command(&r, argv);
    }
    if (!r.shim)
        die(USAGE_EXIT, "libjvmticheck.so not found (looked for %s; JVMTICHECK_SHIM=FILE names it)", r.shim_tried);
    if (strchr(r.shim, '='))
        die(USAGE_EXIT, "the shim's path %s holds '=', which -agentpath: cannot take (the VM cuts there): "
            "set JVMTICHECK_SHIM to a path without one", r.shim);
    if (r.wrapped > 1 && r.set.per_load_files && !r.set.files_numbered)
        die(USAGE_EXIT, "%d agents would write one log=/record= file: put %%n (the agent's load number) in its name",
            r.wrapped);
    rewrite(&r);
    run_command(&r, argv);
}
