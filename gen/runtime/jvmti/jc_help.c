/* jc_help.c — the option reference `help` prints
 * (-agentpath:libjvmticheck.so=help), then the VM exits with 0.
 *
 * One line per row of the options table (jc_options.c, read through
 * jc_option_doc.h): the option with its words or argument, what it does and
 * its default, so `help` says what the parser takes and nothing else; the
 * man page and the docs' tables are made from the same rows
 * (tools/options_doc.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"
#include "jc_option_doc.h"
#include "jc_runtime.h"

/* "format=text|jsonl|bin", "log=FILE", "help" */
static void put_label(const jc_option_doc *d, char *b, size_t len)
{
    size_t k = (size_t)snprintf(b, len, "%s", d->name);
    if (d->arg) {
        if (*d->arg && k < len)
            k += (size_t)snprintf(b + k, len - k, "=%s", d->arg);
        return;
    }
    for (size_t i = 0; d->words[i] && k < len; i++)
        k += (size_t)snprintf(b + k, len - k, "%s%s", i ? "|" : "=", d->words[i]);
}

void jc_help_print(void)
{
    printf("jvmticheck: checks and traces an agent's JVMTI calls (man 7 jvmticheck)\n"
           "usage: -agentpath:libjvmticheck.so=OPTION,...,agent=/path/libagent.so[=its options]\n"
           "options:\n");
    jc_option_doc d;
    for (size_t i = 0; jc_option_doc_at(i, &d); i++) {
        if (!(d.ifaces & JC_IFACE_JVMTI))
            continue;
        char label[128];
        put_label(&d, label, sizeof label);
        printf("  %-36s %s; default %s\n", label, d.help, jc_option_doc_default(&d, JC_IFACE_JVMTI));
    }
    printf("checks:");
    for (int id = 0; id < JC_CHK_COUNT; id++)
        printf(" %s", jc_check_names[id]);
    printf("\nat the end, one line on stderr: the verdict (violations, contexts, leak sites; or no problems)\n");
    fflush(stdout);
}
