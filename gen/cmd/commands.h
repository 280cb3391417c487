/* commands.h — jvmtigen's subcommands (jvmtigen diff, site, pot, trace):
 * one table that main() dispatches through and --help lists, so a new
 * subcommand cannot be left out of either. */
#ifndef JVMTIGEN_COMMANDS_H
#define JVMTIGEN_COMMANDS_H

typedef struct jt_command {
    const char *name;                   /* argv[1] */
    int (*main)(int argc, char **argv); /* gets argv + 1 */
    const char *synopsis;               /* --help's line(s) after "jvmtigen NAME " */
} jt_command;

extern const jt_command jt_commands[];
extern const int jt_ncommands;

/* The subcommand named name, or NULL. */
const jt_command *jt_command_find(const char *name);

#endif
