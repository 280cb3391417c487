/* jl_java.c — reading a java command line as the java launcher does, so
 * that jvmticheck rewrites the agent options and nothing else: never an
 * argument of the program (java Main -agentpath:x passes "-agentpath:x"
 * to main), nor the value of an option (-cp DIR).
 *
 * The launcher's own rules (JDK 9 and later; JDK 8 has a subset of them):
 * - An option that takes its value as the next word is one of the rows
 *   below (the others are one word: -Dk=v, --add-modules=M, -Xmx1g).
 * - The first word that does not start with '-' and is no option's value
 *   is the main class (or source file); -jar JAR and -m/--module MODULE
 *   name it with an option, --module=MODULE in one word.  Every word after
 *   it is the program's.
 * - @FILE (before the main class, until --disable-@files) is replaced by
 *   FILE's words; @@X stands for the word @X.  jvmticheck does not rewrite
 *   files: main refuses to run when one holds an agent option.  (The file's
 *   words are not read here: a main class inside it is not seen, and words
 *   after it are still taken for options.)
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* memmem */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jl_java.h"

/* Options whose value is the next word. */
static const char *const value_options[] = {
    "-cp", "-classpath", "--class-path",
    "-p", "--module-path", "--upgrade-module-path",
    "--add-modules", "--enable-native-access", "--limit-modules",
    "--add-exports", "--add-opens", "--add-reads", "--patch-module",
    "--describe-module", "-d", "--source",
};

/* Options whose next word is the program to run. */
static const char *const main_options[] = { "-jar", "-m", "--module" };

static bool in(const char *word, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(word, list[i]) == 0)
            return true;
    return false;
}

void jl_java_roles(const jl_words *words, size_t from, enum jl_role *role)
{
    enum { OPTIONS, VALUE, MAIN_NEXT, APP } state = OPTIONS;
    bool argfiles = true;

    for (size_t i = from; i < words->n; i++) {
        const char *w = words->v[i];
        switch (state) {
        case APP:
            role[i] = JL_ROLE_APP;
            continue;
        case VALUE:
            role[i] = JL_ROLE_VALUE;
            state = OPTIONS;
            continue;
        case MAIN_NEXT:
            if (argfiles && w[0] == '@' && w[1] != '\0' && w[1] != '@') {
                role[i] = JL_ROLE_ARGFILE;      /* -jar @file: the file names the jar */
                continue;
            }
            role[i] = JL_ROLE_MAIN;
            state = APP;
            continue;
        case OPTIONS:
            break;
        }
        if (argfiles && w[0] == '@' && w[1] != '\0' && w[1] != '@') {
            role[i] = JL_ROLE_ARGFILE;
        } else if (w[0] != '-' || strncmp(w, "--module=", 9) == 0) {
            role[i] = JL_ROLE_MAIN;
            state = APP;
        } else {
            role[i] = JL_ROLE_OPTION;
            if (strcmp(w, "--disable-@files") == 0)
                argfiles = false;
            else if (in(w, main_options, sizeof main_options / sizeof *main_options))
                state = MAIN_NEXT;
            else if (in(w, value_options, sizeof value_options / sizeof *value_options))
                state = VALUE;
        }
    }
}

static const struct {
    const char *prefix;
    enum jl_agent_kind kind;
} agent_prefixes[] = {
    { "-agentpath:", JL_AGENTPATH },
    { "-agentlib:", JL_AGENTLIB },
    { "-javaagent:", JL_JAVAAGENT },
    { "-Xrun", JL_XRUN },
};

enum jl_agent_kind jl_agent_kind(const char *word, const char **tail)
{
    for (size_t i = 0; i < sizeof agent_prefixes / sizeof *agent_prefixes; i++) {
        size_t n = strlen(agent_prefixes[i].prefix);
        if (strncmp(word, agent_prefixes[i].prefix, n) == 0) {
            if (tail)
                *tail = word + n;
            return agent_prefixes[i].kind;
        }
    }
    return JL_NOT_AGENT;
}

const char *jl_options_file(const char *word)
{
    static const char prefix[] = "-XX:VMOptionsFile=";
    return strncmp(word, prefix, sizeof prefix - 1) == 0 ? word + sizeof prefix - 1 : NULL;
}

bool jl_file_names_agent(const char *path, char *which, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t cap = 1 << 16, len = 0;
    char *buf = jl_xmalloc(cap);
    size_t got;
    while ((got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *b = realloc(buf, cap *= 2);
            if (!b) {
                free(buf);
                fclose(f);
                return false;
            }
            buf = b;
        }
    }
    fclose(f);
    bool found = false;
    for (size_t i = 0; i < sizeof agent_prefixes / sizeof *agent_prefixes && !found; i++) {
        const char *p = agent_prefixes[i].prefix;
        if (agent_prefixes[i].kind != JL_XRUN && memmem(buf, len, p, strlen(p))) {
            snprintf(which, n, "%s", p);
            found = true;
        }
    }
    free(buf);
    return found;
}
