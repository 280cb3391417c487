/* check_hpp_types.c — unit tests of the HotSpot parameter-type table
 * (gen/emit/hpp_types.c) on types built by hand, no spec needed.
 *
 * Expected spellings are taken by hand from the jvmtiEnv.hpp files in
 * ../shared/reference/openjdk/jdkN/ (the line each case comes from is in
 * the comments), never from our own output.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "emit/hpp_types.h"

static jt_type leaf(jt_kind k)
{
    jt_type t = { 0 };
    t.kind = k;
    t.incount_index = t.outcount_index = -1;
    return t;
}

static jt_param param(const char *id, jt_type *t)
{
    jt_param p = { 0 };
    p.id = id;
    p.type = t;
    return p;
}

/* Spells p for `major`; checks it is kept, its type and its name. */
static void expect(const jt_param *p, int major, const char *type, const char *name)
{
    char buf[256];
    const char *n = NULL;
    ck_assert_msg(jt_hpp_param(p, major, buf, sizeof buf, &n), "%s left out", p->id);
    ck_assert_str_eq(buf, type);
    ck_assert_str_eq(n, name);
}

/* jdk17: "SuspendThread(JavaThread* java_thread)";
 * jdk21: "SuspendThread(jthread thread)" (impl="noconvert"). */
START_TEST(threads)
{
    jt_type t = leaf(JT_JTHREAD);
    jt_param p = param("thread", &t);
    expect(&p, 17, "JavaThread*", "java_thread");
    t.thread_impl = "noconvert";
    expect(&p, 21, "jthread", "thread");
    /* a wrapper keeps the C spelling: "GetAllThreads(..., jthread** threads_ptr)" */
    jt_type inner = leaf(JT_JTHREAD);
    jt_type buf = leaf(JT_ALLOCBUF);
    buf.inner = &inner;
    jt_param q = param("threads_ptr", &buf);
    expect(&q, 17, "jthread**", "threads_ptr");
}
END_TEST

/* jdk11: "GetMethodName(Method* method_oop, ...)"; jdk17 and later:
 * "GetMethodName(Method* checked_method, ...)"; jdk8 (JVMTI 1.2): method_oop. */
START_TEST(methods_renamed)
{
    jt_type t = leaf(JT_JMETHODID);
    jt_param p = param("method", &t);
    expect(&p, 1, "Method*", "method_oop");
    expect(&p, 11, "Method*", "method_oop");
    expect(&p, 17, "Method*", "checked_method");
    expect(&p, 25, "Method*", "checked_method");
}
END_TEST

/* "GetClassSignature(oop k_mirror, ...)"; the klass of a class/method pair
 * is left out: "SetBreakpoint(Method* checked_method, jlocation location)";
 * "GetFieldName(fieldDescriptor* fdesc_ptr, ...)". */
START_TEST(classes_and_fields)
{
    char buf[64];
    const char *n;
    jt_type c = leaf(JT_JCLASS);
    jt_param p = param("klass", &c);
    expect(&p, 17, "oop", "k_mirror");
    c.class_method = "method";
    ck_assert(!jt_hpp_param(&p, 17, buf, sizeof buf, &n));
    c.class_method = NULL;
    c.class_field = "field";
    ck_assert(!jt_hpp_param(&p, 17, buf, sizeof buf, &n));
    jt_type f = leaf(JT_JFIELDID);
    jt_param q = param("field", &f);
    expect(&q, 17, "fieldDescriptor*", "fdesc_ptr");
}
END_TEST

/* "RawMonitorWait(JvmtiRawMonitor * rmonitor, jlong millis)";
 * "SetEventNotificationMode(..., jthread event_thread,   ...)";
 * "AddCapabilities(const jvmtiCapabilities* capabilities_ptr)"; plain leaves
 * keep type and name: "GetTime(jlong* nanos_ptr)", "jlong millis". */
START_TEST(others)
{
    jt_type m = leaf(JT_JRAWMONITORID);
    jt_param p = param("monitor", &m);
    expect(&p, 25, "JvmtiRawMonitor *", "rmonitor");
    jt_type v = leaf(JT_VARARGS);
    jt_param q = param("...", &v);
    expect(&q, 25, " ", "...");
    jt_type s = leaf(JT_STRUCT);
    s.name = "jvmtiCapabilities";
    jt_type in = leaf(JT_INPTR);
    in.inner = &s;
    jt_param r = param("capabilities_ptr", &in);
    expect(&r, 25, "const jvmtiCapabilities*", "capabilities_ptr");
    jt_type l = leaf(JT_JLONG);
    jt_param u = param("millis", &l);
    expect(&u, 25, "jlong", "millis");
    ck_assert_ptr_null(jt_hpp_type_for(&l, 25));
}
END_TEST

/* One row per fact: no two rows for the same kind, case and version. */
START_TEST(rows_distinct)
{
    for (size_t i = 0; i < jt_hpp_ntypes; i++)
        for (size_t j = i + 1; j < jt_hpp_ntypes; j++)
            ck_assert_msg(!(jt_hpp_types[i].kind == jt_hpp_types[j].kind &&
                            jt_hpp_types[i].when == jt_hpp_types[j].when &&
                            jt_hpp_types[i].from_major == jt_hpp_types[j].from_major),
                          "rows %zu and %zu say the same", i, j);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("hpp_types");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, threads);
    tcase_add_test(tc, methods_renamed);
    tcase_add_test(tc, classes_and_fields);
    tcase_add_test(tc, others);
    tcase_add_test(tc, rows_distinct);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
