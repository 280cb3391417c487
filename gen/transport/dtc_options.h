/* dtc_options.h — DTCHECK_OPTIONS, the options of libdt_check.so: parsed in
 * one place (dtc_options.c) that the runtime and the fuzz target
 * (tests/fuzz/fuzz_dtcheck.c) share. */
#ifndef DTC_OPTIONS_H
#define DTC_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct dtc_options {
    char transport[512];        /* NAME (lib<NAME>.so beside libjdwp) or a PATH */
    char log[512];              /* "" for stderr; %p becomes the pid */
    bool jsonl;                 /* format=jsonl: JSON lines, else text */
    bool trace;                 /* a line per call and per packet */
    bool halt;                  /* stop at the first violation */
    int exitcode;               /* -1: leave the exit status alone */
} dtc_options;

/* The defaults: dt_socket, stderr, text, trace on, no halt, exit status
 * unchanged. */
void dtc_options_default(dtc_options *o);

/* Parses "key=value,key=value" (NULL or "" is no option) over the defaults
 * already in o.  Returns 0, or -1 with one line in err:
 * "DTCHECK_OPTIONS: error: what is wrong (what was expected)". */
int dtc_options_parse(const char *s, dtc_options *o, char *err, size_t errlen);

#endif
