/* trace.h — `jvmtigen trace`: print a format=bin recording of the shim
 * (the command; the decoder is gen/trace/trace.h). */
#ifndef JVMTIGEN_CMD_TRACE_H
#define JVMTIGEN_CMD_TRACE_H

/* argv[0] is "trace": [--format=text|jsonl|chrome] [filters] FILE.  Exit status. */
int jt_trace_main(int argc, char **argv);

#endif
