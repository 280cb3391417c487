/* jc_help.c — the option reference `help` prints
 * (-agentpath:libjvmticheck.so=help), then the VM exits with 0.
 *
 * One row per option, as doc/shim.md's and jvmticheck(7)'s option tables
 * say it; the parser (jc_options.c) is the authority on the values, and
 * tests/e2e/diag.sh checks that every option the parser names in its
 * "unknown option" message has a row here, tests/docs/options-doc.sh that the
 * rows list the words the parser takes.
 */
#include <stdio.h>
#include <stdlib.h>

#include "jc_callsite.h"

static const struct help_row {
    const char *option, *what;
} rows[] = {
    { "log=FILE", "where records go (appended; %p becomes the pid); default stderr" },
    { "record=FILE", "also a format=bin recording of the same records (jvmtigen trace FILE)" },
    { "ring=SIZE", "a flight recorder: the recording keeps only its newest SIZE bytes of records (64M, 1G)" },
    { "format=text|jsonl|bin", "one line per record, text or a JSON object; bin: a recording at log= "
                               "(jvmtigen trace FILE); default text" },
    { "trace=all|calls|events|errors|problems|none", "which records (join with '+'): every call, event, "
      "failing call; problems: failing calls whose error is no expected outcome (CLASS_NOT_PREPARED, "
      "ABSENT_INFORMATION, THREAD_NOT_ALIVE... are: counted, not shown); default problems" },
    { "only=GLOB[+GLOB...]", "trace only these functions and events (fnmatch)" },
    { "check=on|off|strict|deep|strict+deep", "on: report and call the VM; strict: report and refuse; deep: also object kinds; default on" },
    { "leaks=on|off", "report JVMTI memory never Deallocated and no longer held (tags, storage, agent data), by allocation site; default on" },
    { "summary=on|off", "per function (calls, errors, expected_errors, time), event, check and context counts at the end; default off" },
    { "addresses=on|off", "off prints pointers as 0xPTR; default on" },
    { "portability=on|off", "off hides portability notes; default on" },
    { "names=on|off", "classes, methods and fields by name, not address; default on in text, off in jsonl" },
    { "exitcode=N", "exit with N (1-255) when anything was reported" },
    { "halt=on|off", "stop at the first violation, naming its call site; default off" },
    { "repeat=N", "show the first N occurrences of each context, count the rest; default 1" },
    { "stack=N", "frames of each call site shown (1-32); default 1" },
    { "suppress=FILE", "suppression rules, one a line: CHECK FUNCTION [MODULE [SYMBOL]] (globs)" },
    { "gen_suppressions=on|off", "add a ready suppression line to each report; default off" },
    { "help", "print this and exit" },
    { "agent=PATH[=OPTIONS]", "the real agent; must come last, the rest is its options" },
};

void jc_help_print(void)
{
    printf("jvmticheck: checks and traces an agent's JVMTI calls (man 7 jvmticheck)\n"
           "usage: -agentpath:libjvmticheck.so=OPTION,...,agent=/path/libagent.so[=its options]\n"
           "options:\n");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        printf("  %-36s %s\n", rows[i].option, rows[i].what);
    printf("checks:");
    for (int id = 0; id < JC_CHK_COUNT; id++)
        printf(" %s", jc_check_names[id]);
    printf("\nat the end, one line on stderr: the verdict (violations, contexts, leak sites; or no problems)\n");
    fflush(stdout);
}
