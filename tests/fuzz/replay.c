/* replay.c — run the fuzz target (fuzz_spec.c) on files, without libFuzzer.
 *
 *     fuzz_replay FILE-OR-DIR...
 *
 * Feeds every regular file named, or found directly inside a directory
 * named, to LLVMFuzzerTestOneInput once.  `make check` uses it to replay
 * the seed corpus and every input the fuzzer ever crashed on
 * (tests/fuzz/regress/), with whatever compiler and sanitizers the build
 * uses.  A crash or sanitizer report fails the test; the target's own
 * verdict on an input (loads or not) does not matter.  Exit 0 when every
 * input ran, 1 when a file could not be read, 2 on bad usage.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int ran, unreadable;

static void run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "fuzz_replay: %s: %s\n", path, strerror(errno));
        unreadable++;
        return;
    }
    size_t cap = 1 << 16, len = 0, n;
    unsigned char *buf = malloc(cap);
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            unsigned char *bigger = realloc(buf, cap *= 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
        }
    }
    int bad = ferror(f) || !buf;
    fclose(f);
    if (bad) {
        fprintf(stderr, "fuzz_replay: %s: cannot read\n", path);
        free(buf);
        unreadable++;
        return;
    }
    printf("replay %s (%zu bytes)\n", path, len);
    fflush(stdout);
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    ran++;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files directly inside dir, in name order so runs are repeatable. */
static void run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "fuzz_replay: %s: %s\n", dir, strerror(errno));
        unreadable++;
        return;
    }
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char **more = realloc(names, (n + 1) * sizeof *names);
        if (!more)
            break;
        names = more;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if (!(names[n] = malloc(len)))
            break;
        snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (n > 1)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            run_file(names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: fuzz_replay FILE-OR-DIR...\n");
        return 2;
    }
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
            run_dir(argv[i]);
        else
            run_file(argv[i]);
    }
    printf("fuzz_replay: %d inputs ran, %d unreadable\n", ran, unreadable);
    return unreadable ? 1 : 0;
}
