/* pot.h — `jvmtigen pot`: the gettext template (POT) of a spec's prose,
 * for --translations, or with --ui of the page's own words, for --lang. */
#ifndef JVMTIGEN_CMD_POT_H
#define JVMTIGEN_CMD_POT_H

/* argv[0] is "pot".  Returns the exit status: 0 written, 1 a spec that
 * does not load or a failed write (nothing written), 2 bad usage. */
int jt_pot_main(int argc, char **argv);

#endif
