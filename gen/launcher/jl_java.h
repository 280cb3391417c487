/* jl_java.h — which words of a java command line are the launcher's and
 * the VM's options, and which of them load a JVMTI agent.
 */
#ifndef JVMTICHECK_JL_JAVA_H
#define JVMTICHECK_JL_JAVA_H

#include <stdbool.h>
#include <stddef.h>

#include "jl_words.h"

/* What a word is to the java launcher. */
enum jl_role {
    JL_ROLE_OPTION,     /* an option of the launcher or the VM */
    JL_ROLE_VALUE,      /* the value of the option before it (-cp DIR) */
    JL_ROLE_ARGFILE,    /* @FILE, which the launcher replaces by FILE's words */
    JL_ROLE_MAIN,       /* the main class, -jar's JAR, -m's module, the source file */
    JL_ROLE_APP         /* the program's own arguments: never ours to touch */
};

/* Gives each of words[from..n) its role, as the java launcher of JDK 9 and
 * later reads them (the same as JDK 8's for what JDK 8 has); role has
 * words->n entries. */
void jl_java_roles(const jl_words *words, size_t from, enum jl_role *role);

/* The kind of agent option a word is. */
enum jl_agent_kind {
    JL_NOT_AGENT,
    JL_AGENTPATH,       /* -agentpath:PATH[=OPTIONS] */
    JL_AGENTLIB,        /* -agentlib:NAME[=OPTIONS] */
    JL_JAVAAGENT,       /* -javaagent:JAR[=OPTIONS]: the JDK's libinstrument, given JAR[=OPTIONS] */
    JL_XRUN             /* -XrunNAME[:OPTIONS]: left as it is */
};

/* The kind of word; for the first three, *tail is what follows the
 * option's name and colon. */
enum jl_agent_kind jl_agent_kind(const char *word, const char **tail);

/* When word is -XX:VMOptionsFile=FILE, FILE; else NULL. */
const char *jl_options_file(const char *word);

/* When the file at path holds an agent option (in any form, quoted or
 * not), copies the first one's name (-agentpath:, ...) into which and
 * returns true.  A file that cannot be read: false (the VM reports it). */
bool jl_file_names_agent(const char *path, char *which, size_t n);

#endif
