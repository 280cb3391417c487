/* trace.c — `jvmtigen trace [--format=text|jsonl|chrome] [filters] FILE`:
 * the command only (usage, options, opening the file); the decoder of
 * format=bin recordings it runs is gen/trace/ (its overview: decode.c).
 * The file is opened here and read through a window there, never whole:
 * a recording may be far larger than memory. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* O_CLOEXEC under -std=c11 */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../trace/trace.h"
#include "../util/diag.h"
#include "../util/suggest.h"
#include "trace.h"

#define USAGE "[--format=text|jsonl|chrome] [--thread=NAME|TID] [--function=GLOB] [--check=GLOB] " \
              "[--since=TIME] [--until=TIME] FILE"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: jvmtigen trace " USAGE "\n"
            "Prints a format=bin recording of libjvmticheck (format=bin,log=FILE or record=FILE).\n"
            "  --format=text     the shim's text lines (default)\n"
            "  --format=jsonl    the shim's JSON lines\n"
            "  --format=chrome   Chrome trace-event JSON (Perfetto, chrome://tracing)\n"
            "  --thread=NAME     only records of threads whose name matches the glob NAME,\n"
            "                    or of the OS thread id NAME\n"
            "  --function=GLOB   only records whose function or event name matches\n"
            "  --check=GLOB      only violations and notes whose check id matches, and the\n"
            "                    summaries of their contexts\n"
            "  --since=TIME      only records that start TIME or later after the first one\n"
            "  --until=TIME      only records that start TIME or earlier after the first one\n"
            "                    (TIME: a number with ns, us, ms or s; ns when bare)\n"
            "A file cut short (a crash, SIGKILL) is read up to its last whole record.\n");
}

static const char *opt_value(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : NULL;
}

int jt_trace_main(int argc, char **argv)
{
    enum jt_trace_fmt fmt = JT_TRACE_TEXT;
    jt_trace_filters tf = { 0 };
    const char *path = NULL, *v;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--format=text") == 0) {
            fmt = JT_TRACE_TEXT;
        } else if (strcmp(argv[i], "--format=jsonl") == 0) {
            fmt = JT_TRACE_JSONL;
        } else if (strcmp(argv[i], "--format=chrome") == 0) {
            fmt = JT_TRACE_CHROME;
        } else if ((v = opt_value(argv[i], "--thread"))) {
            tf.thread = v;
        } else if ((v = opt_value(argv[i], "--function"))) {
            tf.function = v;
        } else if ((v = opt_value(argv[i], "--check"))) {
            tf.check = v;
        } else if ((v = opt_value(argv[i], "--since"))) {
            tf.since = v;
        } else if ((v = opt_value(argv[i], "--until"))) {
            tf.until = v;
        } else if ((v = opt_value(argv[i], "--format"))) {
            fprintf(stderr, "jvmtigen trace: error: --format=%s: expected text, jsonl or chrome\n", v);
            return 2;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            static const char *const known[] = { "--format", "--thread", "--function", "--check",
                                                 "--since", "--until", "--help" };
            const char *near = jt_suggest(argv[i], known, sizeof known / sizeof known[0]);
            if (near && strcmp(near, argv[i]) == 0 && strcmp(near, "--help") != 0) {
                fprintf(stderr, "jvmtigen trace: error: %s needs a value (%s=...)\n", near, near);
                return 2;
            }
            fprintf(stderr, "jvmtigen trace: error: unknown option %.*s%s%s%s (expected " USAGE ")\n",
                    (int)strcspn(argv[i], "="), argv[i], near ? " (did you mean " : "", near ? near : "",
                    near ? "?)" : "");
            return 2;
        } else if (argv[i][0] == '-' || path) {
            fprintf(stderr, "jvmtigen trace: error: unexpected '%s' (expected " USAGE ")\n", argv[i]);
            return 2;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        fprintf(stderr, "jvmtigen trace: error: no FILE (expected " USAGE ")\n");
        return 2;
    }
    uint64_t ns;
    if (tf.since && jt_trace_parse_time(tf.since, &ns) != 0) {
        fprintf(stderr, "jvmtigen trace: error: bad --since=%s (" JT_TRACE_TIME_EXPECTED ")\n", tf.since);
        return 2;
    }
    if (tf.until && jt_trace_parse_time(tf.until, &ns) != 0) {
        fprintf(stderr, "jvmtigen trace: error: bad --until=%s (" JT_TRACE_TIME_EXPECTED ")\n", tf.until);
        return 2;
    }
    /* read through a window, never whole: a recording may be far larger
     * than memory; a FIFO or device is refused, a recording is a file */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    const char *refusal = NULL;
    if (fd < 0)
        refusal = strerror(errno);
    else if (fstat(fd, &st) != 0)
        refusal = strerror(errno);
    else if (!S_ISREG(st.st_mode))
        refusal = "is not a regular file";
    else if (st.st_size == 0)
        refusal = "is empty";
    if (refusal) {
        jt_diag(JT_DIAG_ERROR, path, 0, "%s (expected a jvmticheck recording (format=bin))", refusal);
        if (fd >= 0)
            close(fd);
        return 1;
    }
    static char obuf[1u << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    int write_failed = 0;
    int rc = jt_trace_decode_fd(fd, (uint64_t)st.st_size, path, fmt, &tf, stdout, &write_failed);
    close(fd);
    if (fflush(stdout) != 0 || ferror(stdout))
        write_failed = 1;
    if (write_failed) {
        fprintf(stderr, "jvmtigen trace: error: cannot write standard output\n");
        return 1;
    }
    if (rc != 0)
        return 1;
    return 0;
}
