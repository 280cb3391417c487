/* commands.c — the table of jvmtigen's subcommands (see commands.h). */
#include "cmd/commands.h"

#include <string.h>

#include "analyze/diff.h"
#include "cmd/align.h"
#include "cmd/pot.h"
#include "cmd/site.h"
#include "cmd/trace.h"

const jt_command jt_commands[] = {
    { "diff", jt_diff_main, "[--format=text|json|html] [-q] OLD.xml NEW.xml" },
    { "site", jt_site_main, "[-o DIR] [--html-plain] [--doc-base=URL] [--lang=LL]\n"
                            "                [--translations=FILE.po] SPEC.xml..." },
    { "pot", jt_pot_main, "[-o FILE] SPEC.xml | jvmtigen pot --ui [-o FILE]" },
    { "align", jt_align_main, "[-o FILE.po] [--lang=LL] [--report=FILE] [-q] SPEC.xml TEXT" },
    { "trace", jt_trace_main, "[--format=text|jsonl|chrome] [--thread=NAME|TID]\n"
                              "                [--function=GLOB] [--check=GLOB] [--since=TIME] [--until=TIME]\n"
                              "                RECORDING.bin" },
};
const int jt_ncommands = sizeof jt_commands / sizeof jt_commands[0];

const jt_command *jt_command_find(const char *name)
{
    for (int i = 0; i < jt_ncommands; i++)
        if (strcmp(jt_commands[i].name, name) == 0)
            return &jt_commands[i];
    return NULL;
}
