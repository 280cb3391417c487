/* check_html.c — the HTML emitter's small helpers, without a page:
 * - jt_legal_split (gen/emit/html_legal.c): the spec's leading comment into
 *   copyright notice and licence, indentation removed;
 * - the command line of the page's options: --html-plain, --doc-base=URL
 *   and --doc-base= (empty: relative links), which must stay distinct
 *   from "not given". */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cli.h"
#include "emit/html_legal.h"

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

int main(void)
{
    Suite *su = suite_create("html");
    TCase *tc = tcase_create("helpers");
    tcase_add_test(tc, legal_split);
    tcase_add_test(tc, legal_no_copyright);
    tcase_add_test(tc, cli_html_options);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
