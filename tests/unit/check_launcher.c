/* check_launcher.c — the jvmticheck launcher's parts without a VM
 * (tests/e2e/launcher.sh runs the launcher itself on real JDKs):
 * - jl_words.c: the option variables' words, split as HotSpot and the java
 *   launcher split them, and quoted so that they split back the same;
 * - jl_java.c: which words of a java command line are options (and may be
 *   rewritten) and which are values, the main class, the program's;
 * - jl_find.c: a JDK's directories in its two layouts, -agentlib's search
 *   in a JDK and on LD_LIBRARY_PATH, the shim beside the launcher (build
 *   tree, installed tree unpacked anywhere, JVMTICHECK_SHIM), relative
 *   paths between the configured directories.
 * The trees are made under a fresh temporary directory. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jl_find.h"
#include "jl_java.h"
#include "jl_words.h"

START_TEST(split_as_the_vm)
{
    jl_words w = {0};
    ck_assert(jl_words_split("  -a\t'b c'd \"e'f\" '' -Dx=\"1 2\"3\n", &w));
    ck_assert_uint_eq(w.n, 5);
    ck_assert_str_eq(w.v[0], "-a");
    ck_assert_str_eq(w.v[1], "b cd");
    ck_assert_str_eq(w.v[2], "e'f");
    ck_assert_str_eq(w.v[3], "");
    ck_assert_str_eq(w.v[4], "-Dx=1 23");
    ck_assert_ptr_null(w.v[5]);
    jl_words_free(&w);
    ck_assert(jl_words_split("", &w));
    ck_assert_uint_eq(w.n, 0);
    ck_assert(!jl_words_split("-a 'b", &w));        /* the VM stops: "Unmatched quote" */
    jl_words_free(&w);
}
END_TEST

START_TEST(quote_splits_back)
{
    static const char *const words[] = {
        "plain", "", " ", "\t", "'", "\"", "it's", "a\"b", "a 'b' \"c\"", "''", "x=y,z",
        "-agentpath:/a b/lib.so=opts,with=\"quotes\" and 'spaces'", "\\", "#x",
    };
    size_t n = sizeof words / sizeof *words;
    jl_words in = {0}, out = {0};
    for (size_t i = 0; i < n; i++)
        jl_words_add(&in, words[i]);
    char *joined = jl_words_join(&in);
    ck_assert(jl_words_split(joined, &out));
    ck_assert_uint_eq(out.n, n);
    for (size_t i = 0; i < n; i++)
        ck_assert_str_eq(out.v[i], words[i]);
    free(joined);
    char *q = jl_words_quote("plain");
    ck_assert_str_eq(q, "plain");                     /* quoted only where needed */
    free(q);
    jl_words_free(&in);
    jl_words_free(&out);
}
END_TEST

START_TEST(shell_quote)
{
    char *q = jl_shell_quote("-agentpath:/x/lib.so=a,b");
    ck_assert_str_eq(q, "-agentpath:/x/lib.so=a,b");
    free(q);
    q = jl_shell_quote("it's a b");
    ck_assert_str_eq(q, "'it'\\''s a b'");
    free(q);
    q = jl_shell_quote("");
    ck_assert_str_eq(q, "''");
    free(q);
}
END_TEST

/* The roles of words (the first, "java", is not read). */
static void roles_of(const char *const *words, size_t n, enum jl_role *role)
{
    jl_words w = {0};
    for (size_t i = 0; i < n; i++)
        jl_words_add(&w, words[i]);
    jl_java_roles(&w, 1, role);
    jl_words_free(&w);
}

START_TEST(java_roles)
{
    enum jl_role r[16];
    const char *const a[] = { "java", "-cp", "-agentpath:/v", "-agentpath:/o", "--add-modules", "m",
                              "Main", "-agentpath:/app", "-cp" };
    roles_of(a, 9, r);
    ck_assert_int_eq(r[1], JL_ROLE_OPTION);
    ck_assert_int_eq(r[2], JL_ROLE_VALUE);            /* the class path, not an agent */
    ck_assert_int_eq(r[3], JL_ROLE_OPTION);
    ck_assert_int_eq(r[4], JL_ROLE_OPTION);
    ck_assert_int_eq(r[5], JL_ROLE_VALUE);
    ck_assert_int_eq(r[6], JL_ROLE_MAIN);
    ck_assert_int_eq(r[7], JL_ROLE_APP);              /* the program's argument */
    ck_assert_int_eq(r[8], JL_ROLE_APP);

    const char *const b[] = { "java", "-jar", "app.jar", "-agentpath:/app" };
    roles_of(b, 4, r);
    ck_assert_int_eq(r[1], JL_ROLE_OPTION);
    ck_assert_int_eq(r[2], JL_ROLE_MAIN);
    ck_assert_int_eq(r[3], JL_ROLE_APP);

    const char *const c[] = { "java", "--module=m/p.Main", "-agentpath:/app" };
    roles_of(c, 3, r);
    ck_assert_int_eq(r[1], JL_ROLE_MAIN);
    ck_assert_int_eq(r[2], JL_ROLE_APP);

    const char *const d[] = { "java", "@opts", "-m", "@more", "m", "-agentpath:/app" };
    roles_of(d, 6, r);
    ck_assert_int_eq(r[1], JL_ROLE_ARGFILE);
    ck_assert_int_eq(r[2], JL_ROLE_OPTION);
    ck_assert_int_eq(r[3], JL_ROLE_ARGFILE);          /* -m @file: the file names the module */
    ck_assert_int_eq(r[4], JL_ROLE_MAIN);
    ck_assert_int_eq(r[5], JL_ROLE_APP);

    const char *const e[] = { "java", "--disable-@files", "@notafile", "x" };
    roles_of(e, 4, r);
    ck_assert_int_eq(r[2], JL_ROLE_MAIN);
    ck_assert_int_eq(r[3], JL_ROLE_APP);

    const char *const f[] = { "java", "@@escaped", "x" };
    roles_of(f, 3, r);
    ck_assert_int_eq(r[1], JL_ROLE_MAIN);             /* the word "@escaped" */
}
END_TEST

START_TEST(agent_kinds)
{
    const char *tail = NULL;
    ck_assert_int_eq(jl_agent_kind("-agentpath:/x.so=a=b", &tail), JL_AGENTPATH);
    ck_assert_str_eq(tail, "/x.so=a=b");
    ck_assert_int_eq(jl_agent_kind("-agentlib:jdwp=transport=dt_socket", &tail), JL_AGENTLIB);
    ck_assert_str_eq(tail, "jdwp=transport=dt_socket");
    ck_assert_int_eq(jl_agent_kind("-javaagent:a.jar=x", &tail), JL_JAVAAGENT);
    ck_assert_str_eq(tail, "a.jar=x");
    ck_assert_int_eq(jl_agent_kind("-Xrunjdwp:server=y", &tail), JL_XRUN);
    ck_assert_int_eq(jl_agent_kind("-agentpath", &tail), JL_NOT_AGENT);
    ck_assert_int_eq(jl_agent_kind("-Dx=-agentpath:/x", &tail), JL_NOT_AGENT);
    ck_assert_str_eq(jl_options_file("-XX:VMOptionsFile=/f"), "/f");
    ck_assert_ptr_null(jl_options_file("-XX:Flags=/f"));
}
END_TEST

START_TEST(relative_paths)
{
    char *r = jl_relative_path("/usr/bin", "/usr/lib/x86_64-linux-gnu/jvmtigen");
    ck_assert_str_eq(r, "../lib/x86_64-linux-gnu/jvmtigen");
    free(r);
    r = jl_relative_path("/usr/local/bin/", "/usr/local//lib/./jvmtigen");
    ck_assert_str_eq(r, "../lib/jvmtigen");
    free(r);
    r = jl_relative_path("/opt/a/b", "/opt/a/b");
    ck_assert_str_eq(r, ".");
    free(r);
    r = jl_relative_path("/x/bin", "/y");
    ck_assert_str_eq(r, "../../y");
    free(r);
}
END_TEST

/* ---- trees on disk ---------------------------------------------------------------- */

static char root[] = "/tmp/check_launcher.XXXXXX";

static char *at(const char *rel)
{
    return jl_xasprintf("%s/%s", root, rel);
}

static void touch(const char *rel)
{
    char *p = at(rel);
    for (char *s = p + strlen(root) + 1; (s = strchr(s, '/')); s++) {
        *s = '\0';
        mkdir(p, 0755);
        *s = '/';
    }
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs("x", f);
    fclose(f);
    free(p);
}

static void setup(void)
{
    ck_assert_ptr_nonnull(mkdtemp(root));
}

static void teardown(void)
{
    char *cmd = jl_xasprintf("rm -rf '%s'", root);
    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
    strcpy(root + strlen(root) - 6, "XXXXXX");
}

START_TEST(jdk_layouts)
{
    touch("jdk/bin/java");
    touch("jdk/lib/libjava.so");
    touch("jdk/lib/server/libjvm.so");
    touch("jdk/lib/modules");
    jl_jdk j;
    char *java = at("jdk/bin/java"), *lib = at("jdk/lib"), *vm = at("jdk/lib/server");
    ck_assert(jl_jdk_from_java(java, &j));
    ck_assert_str_eq(j.libdir, lib);
    ck_assert_str_eq(j.vmdir, vm);
    ck_assert(j.modular);
    jl_jdk_free(&j);
    free(java), free(lib), free(vm);

    char *nothing = at("jdk/lib");
    ck_assert(!jl_jdk_from_home(nothing, &j));        /* no libjava.so under it */
    free(nothing);

#if defined(__x86_64__)
    /* JDK 8: jre/lib/amd64, from the JDK's bin/java and from jre/bin/java */
    touch("jdk8/bin/java");
    touch("jdk8/jre/bin/java");
    touch("jdk8/jre/lib/amd64/libjava.so");
    touch("jdk8/jre/lib/amd64/server/libjvm.so");
    char *j8 = at("jdk8/bin/java"), *jre8 = at("jdk8/jre/bin/java"), *lib8 = at("jdk8/jre/lib/amd64");
    ck_assert(jl_jdk_from_java(j8, &j));
    ck_assert_str_eq(j.libdir, lib8);
    ck_assert(!j.modular);
    jl_jdk_free(&j);
    ck_assert(jl_jdk_from_java(jre8, &j));
    ck_assert_str_eq(j.libdir, lib8);
    jl_jdk_free(&j);
    free(j8), free(jre8), free(lib8);
#endif
}
END_TEST

START_TEST(agentlib_search)
{
    touch("jdk/lib/libjava.so");
    touch("jdk/lib/libjdwp.so");
    touch("jdk/lib/server/libjvm.so");
    touch("jdk/lib/server/libinvm.so");
    touch("ld/libjvmticheck_test_agent.so");
    touch("ld2/libjvmticheck_test_agent.so");
    touch("ld2/libjdwp.so");
    char *home = at("jdk"), *jdwp = at("jdk/lib/libjdwp.so"), *invm = at("jdk/lib/server/libinvm.so");
    char *ld = at("ld/libjvmticheck_test_agent.so");
    char *path = jl_xasprintf("%s/none::%s/ld2:%s/ld", root, root, root);
    char *path2 = jl_xasprintf("%s/ld:%s/ld2", root, root);
    jl_jdk j;
    ck_assert(jl_jdk_from_home(home, &j));

    char *f = jl_find_agentlib(&j, "jdwp", path);
    ck_assert_str_eq(f, jdwp);                        /* the JDK's first, before LD_LIBRARY_PATH */
    free(f);
    f = jl_find_agentlib(&j, "invm", NULL);
    ck_assert_str_eq(f, invm);                        /* libjvm.so's RPATH */
    free(f);
    f = jl_find_agentlib(&j, "jvmticheck_test_agent", path2);
    ck_assert_str_eq(f, ld);                          /* LD_LIBRARY_PATH, in its order */
    free(f);
    ck_assert_ptr_null(jl_find_agentlib(&j, "jvmticheck_test_agent", NULL));
    ck_assert_ptr_null(jl_find_agentlib(&j, "jvmticheck_test_nowhere", path));
    jl_jdk_free(&j);
    free(home), free(jdwp), free(invm), free(ld), free(path), free(path2);
}
END_TEST

START_TEST(shim_beside_the_launcher)
{
    /* an installed tree unpacked under root */
    touch("usr/bin/jvmticheck");
    touch("usr/lib/x86_64-linux-gnu/jvmtigen/libjvmticheck.so");
    char *self = at("usr/bin/jvmticheck"), *want = at("usr/lib/x86_64-linux-gnu/jvmtigen/libjvmticheck.so");
    char *tried = NULL;
    char *f = jl_find_shim(self, NULL, "/usr/bin", "/usr/lib/x86_64-linux-gnu/jvmtigen", &tried);
    ck_assert_str_eq(f, want);
    free(f);
    /* the build tree: .libs/ beside it comes first */
    touch("usr/bin/.libs/libjvmticheck.so");
    char *built = at("usr/bin/.libs/libjvmticheck.so");
    f = jl_find_shim(self, "", "/usr/bin", "/usr/lib/x86_64-linux-gnu/jvmtigen", &tried);
    ck_assert_str_eq(f, built);
    free(f);
    /* JVMTICHECK_SHIM wins, and only it is tried */
    f = jl_find_shim(self, want, "/usr/bin", "/nowhere", &tried);
    ck_assert_str_eq(f, want);
    free(f);
    char *missing = at("missing.so");
    ck_assert_ptr_null(jl_find_shim(self, missing, "/usr/bin", "/usr/lib/x86_64-linux-gnu/jvmtigen", &tried));
    ck_assert_str_eq(tried, missing);
    free(tried);
    tried = NULL;
    /* nothing anywhere: what was tried is said */
    char *other = at("opt/bin/jvmticheck");
    ck_assert_ptr_null(jl_find_shim(other, NULL, "/opt/bin", "/nonexistent/jvmtigen", &tried));
    ck_assert_ptr_nonnull(strstr(tried, "/nonexistent/jvmtigen/libjvmticheck.so"));
    ck_assert_ptr_nonnull(strstr(tried, "opt/bin/.libs/libjvmticheck.so"));
    free(tried);
    free(self), free(want), free(built), free(missing), free(other);
}
END_TEST

START_TEST(files_with_agents)
{
    char which[32] = "";
    touch("plain.args");
    char *plain = at("plain.args"), *agents = at("agents.args"), *none = at("none.args");
    FILE *f = fopen(agents, "w");
    fputs("-cp classes\n# a comment\n\"-javaagent:/a b.jar=x\"\n", f);
    fclose(f);
    ck_assert(!jl_file_names_agent(plain, which, sizeof which));
    ck_assert(jl_file_names_agent(agents, which, sizeof which));
    ck_assert_str_eq(which, "-javaagent:");
    ck_assert(!jl_file_names_agent(none, which, sizeof which));   /* unreadable: the VM says so */
    free(plain), free(agents), free(none);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("launcher");
    TCase *tc = tcase_create("words");
    tcase_add_test(tc, split_as_the_vm);
    tcase_add_test(tc, quote_splits_back);
    tcase_add_test(tc, shell_quote);
    tcase_add_test(tc, java_roles);
    tcase_add_test(tc, agent_kinds);
    tcase_add_test(tc, relative_paths);
    suite_add_tcase(su, tc);
    TCase *disk = tcase_create("disk");
    tcase_add_checked_fixture(disk, setup, teardown);
    tcase_add_test(disk, jdk_layouts);
    tcase_add_test(disk, agentlib_search);
    tcase_add_test(disk, shim_beside_the_launcher);
    tcase_add_test(disk, files_with_agents);
    suite_add_tcase(su, disk);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
