/* check_html.c — the HTML emitter's small helpers, without a page:
 * - jt_legal_split (gen/emit/html_legal.c): the spec's leading comment into
 *   copyright notice and licence, indentation removed;
 * - the command line of the page's options: --html-plain, --doc-base=URL
 *   and --doc-base= (empty: relative links), which must stay distinct
 *   from "not given";
 * - the PO catalogs of --lang and --translations (gen/i18n/catalog.c): keys,
 *   the line of each entry, what translates nothing, what is refused. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cli.h"
#include "emit/html_legal.h"
#include "i18n/catalog.h"
#include "util/diag.h"

static const char comment[] =
    "\n"
    " Copyright (c) 2002, 2021, Example Corp. All rights reserved.\n"
    " DO NOT ALTER THIS HEADER.\n"
    "\n"
    " This code is free software; you can\n"
    "   redistribute it.\n"
    "\n"
    " Second paragraph.\n"
    "\n";

START_TEST(legal_split)
{
    jt_legal l;
    ck_assert_int_eq(jt_legal_split(comment, &l), 0);
    ck_assert_str_eq(l.notice, "Copyright (c) 2002, 2021, Example Corp. All rights reserved.\n"
                               "DO NOT ALTER THIS HEADER.");
    ck_assert_str_eq(l.licence, "This code is free software; you can\n  redistribute it.\n\nSecond paragraph.");
    jt_legal_free(&l);
}
END_TEST

START_TEST(legal_no_copyright)
{
    jt_legal l;
    ck_assert_int_eq(jt_legal_split("  Just a note\n  on two lines\n", &l), 0);
    ck_assert_str_eq(l.notice, "");
    ck_assert_str_eq(l.licence, "Just a note\non two lines");
    jt_legal_free(&l);
    ck_assert_int_eq(jt_legal_split(NULL, &l), 0);
    ck_assert_str_eq(l.notice, "");
    ck_assert_str_eq(l.licence, "");
    jt_legal_free(&l);
}
END_TEST

static int parse(jt_cli *cli, int argc, const char **argv)
{
    return jt_cli_parse(cli, argc, (char **)argv);
}

START_TEST(cli_html_options)
{
    jt_cli cli;
    const char *none[] = { "jvmtigen", "--html", "s.xml", NULL };
    ck_assert_int_eq(parse(&cli, 3, none), -1);
    ck_assert(!cli.html.plain);
    ck_assert(!cli.html.doc_base_set);

    const char *plain[] = { "jvmtigen", "--html", "--html-plain", "--doc-base=https://x.org/specs/", "s.xml", NULL };
    ck_assert_int_eq(parse(&cli, 5, plain), -1);
    ck_assert(cli.html.plain);
    ck_assert(cli.html.doc_base_set);
    ck_assert_str_eq(cli.html.doc_base, "https://x.org/specs/");

    const char *empty[] = { "jvmtigen", "--doc-base=", "s.xml", NULL };
    ck_assert_int_eq(parse(&cli, 3, empty), -1);
    ck_assert(cli.html.doc_base_set);
    ck_assert_str_eq(cli.html.doc_base, "");

    const char *missing[] = { "jvmtigen", "s.xml", "--doc-base", NULL };
    ck_assert_int_eq(parse(&cli, 3, missing), JT_EXIT_USAGE);
}
END_TEST

/* A PO file written here, read back through libgettextpo: keys with and
 * without msgctxt, the line of each entry (its msgctxt line when it has
 * one), fuzzy and untranslated entries kept but translating nothing,
 * obsolete ones and the header left out. */
static const char *write_po(const char *text)
{
    static char path[] = "/tmp/check_html_XXXXXX.po";
    strcpy(path, "/tmp/check_html_XXXXXX.po");
    int fd = mkstemps(path, 3);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

START_TEST(catalog_entries)
{
    const char *path = write_po("# comment\n"
                                "msgid \"\"\n"
                                "msgstr \"Language: zh_CN\\n\"\n"
                                "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
                                "\n"
                                "#: jvmti.xml:1\n"
                                "msgctxt \"GetPhase\"\n"              /* line 7 */
                                "msgid \"Get Phase\"\n"
                                "msgstr \"\u83b7\u53d6\"\n"
                                "\n"
                                "#, fuzzy\n"
                                "msgid \"Contents\"\n"                /* line 12 */
                                "msgstr \"x\"\n"
                                "\n"
                                "#~ msgid \"old\"\n"
                                "#~ msgstr \"gone\"\n"
                                "\n"
                                "msgid \"\"\n"
                                "\"Two \"\n"
                                "\"lines\"\n"                         /* msgid at line 18 */
                                "msgstr \"\"\n");
    jt_catalog *c = jt_catalog_load(path);
    ck_assert_ptr_nonnull(c);
    ck_assert_str_eq(jt_catalog_lang(c), "zh_CN");
    ck_assert_uint_eq(jt_catalog_count(c), 3);
    ck_assert_int_eq(jt_catalog_entry(c, 0)->line, 7);
    ck_assert_int_eq(jt_catalog_entry(c, 1)->line, 12);
    ck_assert_int_eq(jt_catalog_entry(c, 2)->line, 18);
    ck_assert_str_eq(jt_catalog_get(c, "GetPhase", "Get Phase"), "\u83b7\u53d6");
    ck_assert_ptr_null(jt_catalog_get(c, NULL, "Get Phase"));     /* the context is part of the key */
    ck_assert_ptr_null(jt_catalog_get(c, NULL, "Contents"));      /* fuzzy */
    ck_assert_ptr_null(jt_catalog_get(c, NULL, "Two lines"));     /* untranslated */
    ck_assert_ptr_null(jt_catalog_get(c, NULL, "old"));           /* obsolete */
    ck_assert(jt_catalog_entry(c, 0)->used && jt_catalog_entry(c, 1)->used && jt_catalog_entry(c, 2)->used);
    jt_catalog_free(c);
    unlink(path);
}
END_TEST

START_TEST(catalog_refused)
{
    jt_diag_set_silent(1);
    const char *path = write_po("msgid \"a\"\nmsgstr \"b\"\nmsgid \"a\"\nmsgstr \"c\"\n");
    jt_diag_reset();
    ck_assert_ptr_null(jt_catalog_load(path));                     /* a duplicate */
    ck_assert_int_eq(jt_diag_errors(), 1);
    unlink(path);
    path = write_po("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n");
    jt_diag_reset();
    ck_assert_ptr_null(jt_catalog_load(path));                     /* not UTF-8 */
    ck_assert_int_eq(jt_diag_errors(), 1);
    unlink(path);
    jt_diag_set_silent(0);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("html");
    TCase *tc = tcase_create("helpers");
    tcase_add_test(tc, legal_split);
    tcase_add_test(tc, legal_no_copyright);
    tcase_add_test(tc, cli_html_options);
    tcase_add_test(tc, catalog_entries);
    tcase_add_test(tc, catalog_refused);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
