/* check_model.c — unit tests of the spec model (gen/model/model_*.c).
 *
 * Loads the two real specs from ../shared/spec and checks counts and facts
 * against numbers taken from the XML and the JDK's own header by hand (see
 * the comments), plus small malformed specs written on the fly.  The
 * expected values are written here, never read back from our outputs.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/doc.h"
#include "model/model.h"
#include "model/spec_rules.h"
#include "model/vm_errors.h"
#include "util/diag.h"

static char spec17[1024], spec8[1024], scratch[1024], jdwp[1024];

static void paths(void)
{
    const char *dir = getenv("SPEC_DIR");
    if (!dir)
        dir = "../shared/spec";
    snprintf(spec17, sizeof spec17, "%s/jdk17/jvmti.xml", dir);
    snprintf(spec8, sizeof spec8, "%s/jdk8/jvmti.xml", dir);
    const char *src = getenv("srcdir");
    snprintf(jdwp, sizeof jdwp, "%s/spec/jdwpTransport.xml", src ? src : ".");
    const char *b = getenv("builddir");
    snprintf(scratch, sizeof scratch, "%s/tests/out", b ? b : ".");
}

static jt_spec *load(const char *path)
{
    jt_load_options o = { .quiet_warnings = true };
    jt_spec *s = jt_spec_load(path, &o);
    ck_assert_msg(s != NULL, "could not load %s", path);
    return s;
}

static size_t count_live_functions(const jt_spec *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->nfunctions; i++)
        n += !s->functions[i]->elided;
    return n;
}

static size_t count_live_events(const jt_spec *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->nevents; i++)
        n += !s->events[i]->elided;
    return n;
}

/* Counts: `grep -c '<function '` etc. on the XML; live counts from the
 * function table and event enum of the JDK's shipped headers. */
START_TEST(counts_jdk17)
{
    jt_spec *s = load(spec17);
    ck_assert_uint_eq(s->nfunctions, 154);
    ck_assert_uint_eq(count_live_functions(s), 148);
    ck_assert_uint_eq(s->nevents, 34);
    ck_assert_uint_eq(count_live_events(s), 32);
    ck_assert_uint_eq(s->nerrors, 52);
    ck_assert_uint_eq(s->ncapabilities, 44);
    ck_assert_uint_eq(s->nconstants, 23);
    ck_assert_uint_eq(s->ncallbacks, 13);
    ck_assert_uint_eq(s->nbasetypes, 21);
    ck_assert_uint_eq(s->ntypedefs, 23);   /* 22 structs/unions + jvmtiCapabilities */
    ck_assert_int_eq(s->max_function_num, 156);
    ck_assert_int_eq(s->min_event_num, 50);
    ck_assert_int_eq(s->max_event_num, 86);
    ck_assert_int_eq(s->max_error_num, 116);
    ck_assert_int_eq(s->spec_major, -1);    /* JDK 9+: no version on <specification> */
    ck_assert_int_eq(s->hist_major, 17);
    jt_spec_free(s);
}
END_TEST

START_TEST(counts_jdk8)
{
    jt_spec *s = load(spec8);
    ck_assert_uint_eq(s->nfunctions, 145);
    ck_assert_uint_eq(count_live_functions(s), 139);
    ck_assert_uint_eq(s->nevents, 33);
    ck_assert_uint_eq(count_live_events(s), 31);
    ck_assert_uint_eq(s->nerrors, 49);
    ck_assert_uint_eq(s->ncapabilities, 41);
    ck_assert_uint_eq(s->nconstants, 23);
    ck_assert_uint_eq(s->ncallbacks, 13);
    ck_assert_int_eq(s->spec_major, 1);
    ck_assert_int_eq(s->spec_minor, 2);
    ck_assert_int_eq(s->spec_micro, 3);
    int ma, mi, mc;
    jt_spec_version(s, 0, &ma, &mi, &mc);
    ck_assert_int_eq(ma, 1);
    ck_assert_int_eq(mi, 2);
    ck_assert_int_eq(mc, 3);
    ck_assert_ptr_null(jt_find_function(s, "GetAllModules"));
    ck_assert_ptr_null(jt_find_event(s, "SampledObjectAlloc"));
    jt_spec_free(s);
}
END_TEST

START_TEST(get_thread_state)
{
    jt_spec *s = load(spec17);
    const jt_function *f = jt_find_function(s, "GetThreadState");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(f->num, 17);
    ck_assert_ptr_eq(s->function_by_num[17], f);
    ck_assert_str_eq(f->synopsis, "Get Thread State");
    ck_assert_str_eq(f->since, "1.0");
    ck_assert_uint_eq(f->nparams, 2);
    ck_assert_str_eq(f->params[0].id, "thread");
    ck_assert_int_eq(f->params[0].type->kind, JT_JTHREAD);
    ck_assert_str_eq(f->params[0].type->thread_null, "current");
    ck_assert_str_eq(f->params[0].type->thread_started, "maybe");
    ck_assert_str_eq(f->params[1].id, "thread_state_ptr");
    ck_assert_int_eq(f->params[1].type->kind, JT_OUTPTR);
    ck_assert_int_eq(f->params[1].type->inner->kind, JT_JINT);
    ck_assert(!f->params[1].type->nullok);
    ck_assert_str_eq(f->category->id, "threadCategory");
    jt_spec_free(s);
}
END_TEST

START_TEST(function_attributes)
{
    jt_spec *s = load(spec17);
    const jt_function *f = jt_find_function(s, "Allocate");
    ck_assert_int_eq(f->phase, JT_PHASE_ANY);
    ck_assert(f->callbacksafe);
    ck_assert_str_eq(f->impl, "notrace");
    ck_assert_int_eq(f->params[1].type->kind, JT_ALLOCBUF);
    ck_assert_str_eq(f->params[1].type->incount, "size");
    ck_assert_int_eq(f->params[1].type->incount_index, 0);
    /* Deallocate's buffer may be NULL ("the call is ignored") */
    f = jt_find_function(s, "Deallocate");
    ck_assert(f->params[0].type->nullok);
    ck_assert_ptr_nonnull(f->params[0].type->nullok_doc);
    f = jt_find_function(s, "SetHeapSamplingInterval");
    ck_assert_str_eq(f->since, "11");
    ck_assert_int_eq(f->phase, JT_PHASE_ONLOAD);
    ck_assert_uint_eq(f->nrequired, 1);
    ck_assert_str_eq(f->required[0].cap->id, "can_generate_sampled_object_alloc_events");
    /* GetMethodName's class is implied by the jmethodID */
    f = jt_find_function(s, "GetMethodName");
    ck_assert(!f->params[0].implicit || f->params[0].type->kind == JT_JCLASS);
    f = jt_find_function(s, "GetFieldName");
    ck_assert_int_eq(f->params[0].type->kind, JT_JCLASS);
    ck_assert(!f->params[0].implicit);
    ck_assert_str_eq(f->params[1].type->field_class, "klass");
    /* errors resolve to the error section */
    f = jt_find_function(s, "GetLocalObject");
    int found = 0;
    for (size_t i = 0; i < f->nerrors; i++)
        if (f->errors[i].error && strcmp(f->errors[i].error->id, "JVMTI_ERROR_INVALID_SLOT") == 0)
            found = 1;
    ck_assert(found);
    /* elided functions are kept but marked */
    f = jt_find_function(s, "AsyncGetStackTrace");
    ck_assert_ptr_nonnull(f);
    ck_assert(f->elided);
    jt_spec_free(s);
}
END_TEST

START_TEST(events)
{
    jt_spec *s = load(spec17);
    const jt_event *ev = jt_find_event(s, "VMInit");
    ck_assert_int_eq(ev->num, 50);
    ck_assert_str_eq(ev->const_name, "JVMTI_EVENT_VM_INIT");
    ck_assert_str_eq(ev->label, "VM Initialization Event");
    ev = jt_find_event(s, "ClassFileLoadHook");
    ck_assert_int_eq(ev->num, 54);
    ck_assert_int_eq(ev->phase, JT_PHASE_ANY);
    ck_assert_uint_eq(ev->nparams, 9);
    ck_assert_str_eq(ev->params[8].id, "new_class_data");
    ck_assert_int_eq(ev->params[8].type->kind, JT_AGENTBUF);
    ev = jt_find_event(s, "SampledObjectAlloc");
    ck_assert_int_eq(ev->num, 86);
    ck_assert_str_eq(ev->since, "11");
    ev = jt_find_event(s, "NativeMethodBind");
    ck_assert(ev->params[2].implicit);  /* klass, implied by method */
    ck_assert_ptr_null(s->event_by_num[72 - 50]);  /* reserved */
    ck_assert_ptr_eq(s->event_by_num[62 - 50], jt_find_event(s, "Breakpoint"));
    ev = jt_find_event(s, "ClassUnload");
    ck_assert(ev->elided);
    jt_spec_free(s);
}
END_TEST

START_TEST(constants_and_errors)
{
    jt_spec *s = load(spec17);
    const jt_constants *g = jt_find_constants(s, "jvmtiThreadState");
    ck_assert_int_eq(g->kind, JT_CK_BITS);
    ck_assert_uint_eq(g->nconstants, 16);
    const jt_constant *c = jt_find_constant(s, "JVMTI_JAVA_LANG_THREAD_STATE_RUNNABLE");
    ck_assert_int_eq(c->value, 0x0001 | 0x0004);    /* ALIVE | RUNNABLE */
    c = jt_find_constant(s, "JVMTI_THREAD_STATE_IN_NATIVE");
    ck_assert_int_eq(c->value, 0x400000);
    g = jt_find_constants(s, "jvmtiPhase");
    ck_assert_int_eq(g->kind, JT_CK_ENUM);
    g = jt_find_constants(s, "jvmtiThreadPriority");
    ck_assert_int_eq(g->kind, JT_CK_CONST);
    const jt_error *e = jt_find_error(s, "JVMTI_ERROR_NULL_POINTER");
    ck_assert_int_eq(e->num, 100);
    ck_assert_str_eq(e->category_id, "universal-error");
    ck_assert_ptr_nonnull(strstr(e->short_text, "NULL"));
    ck_assert_ptr_null(strchr(e->short_text, '\n'));
    const jt_capability *k = jt_find_capability(s, "can_tag_objects");
    ck_assert_int_eq(k->index, 0);
    k = jt_find_capability(s, "can_generate_sampled_object_alloc_events");
    ck_assert_int_eq(k->index, 43);
    ck_assert_str_eq(k->since, "11");
    jt_spec_free(s);
}
END_TEST

START_TEST(types_resolve)
{
    jt_spec *s = load(spec17);
    const jt_typedef *t = jt_find_typedef(s, "jvmtiThreadInfo");
    ck_assert_uint_eq(t->nfields, 5);
    ck_assert_int_eq(t->fields[0].type->kind, JT_ALLOCFIELDBUF);
    t = jt_find_typedef(s, "jvmtiHeapReferenceInfo");
    ck_assert_int_eq(t->kind, JT_TD_UNION);
    const jt_function *f = jt_find_function(s, "SetEventNotificationMode");
    ck_assert_int_eq(f->params[0].type->kind, JT_ENUM);
    ck_assert_int_eq(f->params[0].type->ref.kind, JT_T_CONSTANTS);
    ck_assert_str_eq(((const jt_constants *)f->params[0].type->ref.ptr)->id, "jvmtiEventMode");
    ck_assert_int_eq(f->params[1].type->ref.kind, JT_T_BASETYPE);    /* jvmtiEvent */
    ck_assert_int_eq(f->params[3].type->kind, JT_VARARGS);
    f = jt_find_function(s, "FollowReferences");
    const jt_param *cb = NULL;
    for (size_t i = 0; i < f->nparams; i++)
        if (strcmp(f->params[i].id, "callbacks") == 0)
            cb = &f->params[i];
    ck_assert_ptr_nonnull(cb);
    ck_assert_int_eq(cb->type->kind, JT_INPTR);
    ck_assert_int_eq(cb->type->inner->ref.kind, JT_T_TYPEDEF);
    const jt_callback *c = jt_find_callback(s, "jvmtiHeapIterationCallback");
    ck_assert_int_eq(c->ret->kind, JT_JINT);
    ck_assert_str_eq(c->since, "1.1");
    jt_spec_free(s);
}
END_TEST

/* Every link in the prose points at something after loading. */
static int unresolved_links(const jt_doc *d)
{
    int n = 0;
    for (; d; d = d->next) {
        if (d->name) {
            size_t len = strlen(d->name);
            if (len > 4 && strcmp(d->name + len - 4, "link") == 0 && strcmp(d->name, "externallink") != 0 &&
                d->target_kind == JT_T_NONE)
                n++;
            n += unresolved_links(d->children);
        }
    }
    return n;
}

START_TEST(links_resolved)
{
    jt_spec *s = load(spec17);
    int n = 0, seen = 0;
    for (size_t i = 0; i < s->nfunctions; i++) {
        n += unresolved_links(s->functions[i]->description);
        seen += s->functions[i]->description != NULL;
    }
    for (size_t i = 0; i < s->nintros; i++)
        n += unresolved_links(s->intros[i]->body);
    ck_assert_int_gt(seen, 100);
    ck_assert_int_eq(n, 0);
    jt_spec_free(s);
}
END_TEST

/* Where things sit: intros, section labels, document order, the owners of
 * constants groups and params.  Expected values read off the XML. */
static const jt_intro *find_intro(const jt_spec *s, const char *id)
{
    for (size_t i = 0; i < s->nintros; i++)
        if (s->intros[i]->id && strcmp(s->intros[i]->id, id) == 0)
            return s->intros[i];
    return NULL;
}

START_TEST(placement)
{
    jt_spec *s = load(spec17);
    /* <intro id="whatIs"> is a child of <specification> */
    const jt_intro *in = find_intro(s, "whatIs");
    ck_assert_ptr_nonnull(in);
    ck_assert_ptr_null(in->parent_id);
    ck_assert(!in->nested);
    in = find_intro(s, "heapCallbacks");      /* in <category id="Heap"> */
    ck_assert_str_eq(in->parent_id, "Heap");
    ck_assert(!in->nested);

    ck_assert_str_eq(s->functionsection_label, "Functions");
    ck_assert_str_eq(s->errorsection_label, "Error Reference");
    ck_assert_str_eq(s->eventsection_label, "Events");
    ck_assert_str_eq(s->issuessection_label, "Issues");

    /* document order across kinds: whatIs (line 364) < threadCategory
     * (1129) < GetThreadState (1133) < jvmtiThreadState (in its
     * description) < GetCurrentThread (1484) */
    const jt_function *gts = jt_find_function(s, "GetThreadState");
    const jt_function *gct = jt_find_function(s, "GetCurrentThread");
    const jt_constants *g = jt_find_constants(s, "jvmtiThreadState");
    ck_assert_int_lt(find_intro(s, "whatIs")->order, gts->category->order);
    ck_assert_int_lt(gts->category->order, gts->order);
    ck_assert_int_lt(gts->order, g->order);
    ck_assert_int_lt(g->order, gct->order);
    ck_assert_int_lt(s->functions[s->nfunctions - 1]->order, s->events[0]->order);
    for (size_t i = 1; i < s->nfunctions; i++)
        ck_assert_int_lt(s->functions[i - 1]->order, s->functions[i]->order);

    /* constants groups: declared by GetThreadState's description */
    ck_assert_str_eq(g->category->id, "threadCategory");
    ck_assert_int_eq(g->owner_kind, JT_T_FUNCTION);
    ck_assert_ptr_eq(g->owner, gts);
    g = jt_find_constants(s, "jvmtiHeapFilter");      /* intro heapCallbacks */
    ck_assert_str_eq(g->category->id, "Heap");
    ck_assert_int_eq(g->owner_kind, JT_T_NONE);
    ck_assert_ptr_null(g->owner);
    g = jt_find_constants(s, "jvmtiResourceExhaustionFlags");  /* event section */
    ck_assert_ptr_null(g->category);
    ck_assert_int_eq(g->owner_kind, JT_T_EVENT);
    ck_assert_ptr_eq(g->owner, jt_find_event(s, "ResourceExhausted"));

    /* params know their owner */
    ck_assert_int_eq(gts->params[1].owner_kind, JT_T_FUNCTION);
    ck_assert_ptr_eq(gts->params[1].owner, gts);
    ck_assert_str_eq(jt_param_owner_id(&gts->params[1]), "GetThreadState");
    const jt_typedef *td = jt_find_typedef(s, "jvmtiThreadInfo");
    ck_assert_int_eq(td->fields[0].owner_kind, JT_T_TYPEDEF);
    ck_assert_str_eq(jt_param_owner_id(&td->fields[0]), "jvmtiThreadInfo");
    const jt_event *ev = jt_find_event(s, "ClassFileLoadHook");
    ck_assert_int_eq(ev->params[8].owner_kind, JT_T_EVENT);
    ck_assert_ptr_eq(ev->params[8].owner, ev);
    const jt_callback *cb = jt_find_callback(s, "jvmtiHeapIterationCallback");
    ck_assert_int_eq(cb->params[0].owner_kind, JT_T_CALLBACK);
    ck_assert_str_eq(jt_param_owner_id(&cb->params[0]), "jvmtiHeapIterationCallback");
    jt_spec_free(s);
}
END_TEST

/* ---- malformed specs ---------------------------------------------------- */

static char *write_spec(const char *name, const char *body)
{
    static char path[1200];
    snprintf(path, sizeof path, "%s/check_model", scratch);
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", path);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(path, sizeof path, "%s/check_model/%s", scratch, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(body, f);
    fclose(f);
    return path;
}

#define MINI_HEAD "<?xml version=\"1.0\"?>\n<specification label=\"x\">\n<title subtitle=\"v\">T</title>\n" \
    "<functionsection label=\"F\"><category id=\"c\" label=\"C\">\n"
#define MINI_TAIL "</category></functionsection>\n<errorsection label=\"E\"><errorcategory id=\"u\" label=\"U\">" \
    "<errorid id=\"JVMTI_ERROR_NONE\" num=\"0\">ok</errorid></errorcategory></errorsection>\n" \
    "<eventsection label=\"Ev\"/><datasection/><issuessection label=\"I\"/>" \
    "<changehistory id=\"ChangeHistory\" update=\"x\"/></specification>\n"
#define FN(body) "<function id=\"Foo\" num=\"1\"><synopsis>Foo</synopsis><description>d</description>" \
    "<origin>new</origin><capabilities/><parameters>" body "</parameters><errors/></function>\n"

START_TEST(minimal_spec_loads)
{
    jt_spec *s = load(write_spec("ok.xml", MINI_HEAD FN("<param id=\"n\"><jint min=\"0\"/><description>n</description></param>") MINI_TAIL));
    ck_assert_uint_eq(s->nfunctions, 1);
    ck_assert_str_eq(s->functions[0]->params[0].type->min, "0");
    jt_spec_free(s);
}
END_TEST

START_TEST(nested_intro)
{
    /* an intro inside a description: not top-level, though it has no parent */
    jt_spec *s = load(write_spec("nested.xml", MINI_HEAD
        "<function id=\"Foo\" num=\"1\"><synopsis>Foo</synopsis><description>d"
        "<intro id=\"inner\" label=\"Inner\">i</intro></description>"
        "<origin>new</origin><capabilities/><parameters/><errors/></function>" MINI_TAIL));
    const jt_intro *in = find_intro(s, "inner");
    ck_assert_ptr_nonnull(in);
    ck_assert_ptr_null(in->parent_id);
    ck_assert(in->nested);
    ck_assert_int_gt(in->order, s->functions[0]->order);
    ck_assert_str_eq(s->functionsection_label, "F");
    ck_assert_str_eq(s->errorsection_label, "E");
    ck_assert_str_eq(s->eventsection_label, "Ev");
    ck_assert_str_eq(s->issuessection_label, "I");
    jt_spec_free(s);
}
END_TEST

/* A link that names nothing costs the HTML one link: the spec loads, with a
 * warning, and the link keeps no target. */
START_TEST(dangling_link_warns)
{
    const char *p = write_spec("dangling.xml", MINI_HEAD
        "<function id=\"Foo\" num=\"1\"><synopsis>Foo</synopsis><description>see <functionlink id=\"Nope\"/>"
        "</description><origin>new</origin><capabilities/><parameters/><errors/></function>" MINI_TAIL);
    jt_load_options o = { .quiet_warnings = true };
    jt_diag_reset();
    jt_spec *s = jt_spec_load(p, &o);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(jt_diag_warnings(), 2);   /* with "no internal DTD" */
    const jt_doc *d = s->functions[0]->description;
    while (d && !(d->name && strcmp(d->name, "functionlink") == 0))
        d = d->next;
    ck_assert_ptr_nonnull(d);
    ck_assert_ptr_null(d->target);
    jt_spec_free(s);
}
END_TEST

/* Inside <elide> nothing is fatal: an undefined type, capability and param
 * link in an elided function are notes, and the function stays out of the
 * table.  The same undefined type in a live function stops the load. */
START_TEST(elided_problems_are_notes)
{
    const char *p = write_spec("elided.xml", MINI_HEAD FN("") "<elide>"
        "<function id=\"Hidden\" num=\"2\"><synopsis>H</synopsis><description>see <paramlink id=\"nope\"/>"
        "</description><origin>new</origin><capabilities><required id=\"can_fly\"/></capabilities>"
        "<parameters><param id=\"e\"><enum>jvmtiNope</enum><description>e</description></param></parameters>"
        "<errors/></function></elide>" MINI_TAIL);
    jt_load_options o = { .quiet_warnings = true };
    jt_diag_reset();
    jt_spec *s = jt_spec_load(p, &o);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(jt_diag_errors(), 0);
    ck_assert_int_eq(jt_diag_warnings(), 1);   /* "no internal DTD" alone */
    ck_assert_int_eq(s->max_function_num, 1);
    ck_assert(jt_find_function(s, "Hidden")->elided);
    jt_spec_free(s);
}
END_TEST

/* JDK 5's JVMDI twins: a function with hide= shares the num of a live one
 * and stays out of the table; what it holds is only a note.  <jvmdi> and
 * <vmspeclink> (old prose) and <struct>jvmtiEnv</struct> without a
 * jvmtiEnv basetype load without a warning. */
START_TEST(hidden_function_out_of_table)
{
    const char *p = write_spec("hidden.xml", MINI_HEAD FN("")
        "<function id=\"Foo\" num=\"1\" hide=\"_JVMDI_\"><synopsis>Old</synopsis><description>"
        "<jvmdi>old</jvmdi> see <vmspeclink id=\"Overview.doc.html#17257\" name=\"Frames\"/></description>"
        "<origin>jvmdi</origin><capabilities/><parameters>"
        "<param id=\"s\"><struct>JVMDI_Hook</struct><description>s</description></param>"
        "<param id=\"e\"><outptr><struct>jvmtiEnv</struct></outptr><description>e</description></param>"
        "</parameters><errors/></function>" MINI_TAIL);
    jt_load_options o = { .quiet_warnings = true };
    jt_diag_reset();
    jt_spec *s = jt_spec_load(p, &o);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(jt_diag_errors(), 0);
    ck_assert_int_eq(jt_diag_warnings(), 1);   /* "no internal DTD" alone */
    ck_assert_uint_eq(s->nfunctions, 2);
    ck_assert(s->functions[0]->in_table);
    ck_assert(s->functions[1]->hidden && !s->functions[1]->in_table);
    ck_assert_ptr_eq(s->function_by_num[1], s->functions[0]);
    jt_spec_free(s);
}
END_TEST

START_TEST(undefined_capability_warns)
{
    const char *p = write_spec("cap.xml", MINI_HEAD
        "<function id=\"Foo\" num=\"1\"><synopsis>Foo</synopsis><description>d</description>"
        "<origin>new</origin><capabilities><required id=\"can_fly\"/></capabilities><parameters/>"
        "<errors><error id=\"JVMTI_ERROR_NOPE\">x</error></errors></function>" MINI_TAIL);
    jt_load_options o = { .quiet_warnings = true };
    jt_diag_reset();
    jt_spec *s = jt_spec_load(p, &o);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(jt_diag_warnings(), 3);   /* with "no internal DTD" */
    ck_assert_ptr_null(s->functions[0]->required[0].cap);
    ck_assert_ptr_null(s->functions[0]->errors[0].error);
    jt_spec_free(s);
}
END_TEST

START_TEST(unknown_kind_rejected)
{
    const char *p = write_spec("kind.xml", MINI_HEAD FN("<param id=\"n\"><frobbuf><jint/></frobbuf><description>n</description></param>") MINI_TAIL);
    jt_load_options o = { .quiet_warnings = true };
    ck_assert_ptr_null(jt_spec_load(p, &o));
}
END_TEST

START_TEST(num_collision_rejected)
{
    const char *p = write_spec("collide.xml", MINI_HEAD FN("") 
        "<function id=\"Bar\" num=\"1\"><synopsis>Bar</synopsis><description>d</description>"
        "<origin>new</origin><capabilities/><parameters/><errors/></function>" MINI_TAIL);
    jt_load_options o = { .quiet_warnings = true };
    ck_assert_ptr_null(jt_spec_load(p, &o));
}
END_TEST

START_TEST(undefined_enum_rejected)
{
    const char *p = write_spec("enum.xml", MINI_HEAD FN("<param id=\"e\"><enum>jvmtiNope</enum><description>e</description></param>") MINI_TAIL);
    jt_load_options o = { .quiet_warnings = true };
    ck_assert_ptr_null(jt_spec_load(p, &o));
}
END_TEST

START_TEST(other_schema_rejected)
{
    const char *p = write_spec("html.xml", "<html><body/></html>\n");
    jt_load_options o = { .quiet_warnings = true };
    ck_assert_ptr_null(jt_spec_load(p, &o));
}
END_TEST

START_TEST(invalid_attribute_is_only_a_warning)
{
    /* research VMs add attributes the DTD lacks: <jlong min="0"/> */
    static const char body[] = MINI_HEAD FN("<param id=\"n\"><jlong min=\"0\"/><description>n</description></param>") MINI_TAIL;
    /* same spec with an internal DTD that does not allow min on jlong */
    char doc[4096];
    /* the root name is a parameter so that this file holds no DOCTYPE line
     * a search for copies of jvmti.xml would mistake for one */
    snprintf(doc, sizeof doc, "<?xml version=\"1.0\"?>\n<!DOCTYPE %s [\n"
             "<!ELEMENT jlong EMPTY>\n]>\n%s", "specification", strchr(body, '\n') + 1);
    jt_spec *s = load(write_spec("jlongmin.xml", doc));
    ck_assert_int_eq(s->functions[0]->params[0].type->min_value, 0);
    jt_spec_free(s);
}
END_TEST

/* Our spec/jdwpTransport.xml: the interface's own names and the model's
 * additions, as the JDK 25 header declares them (include/jdwpTransport.h). */
START_TEST(jdwp_transport)
{
    jt_spec *s = load(jdwp);
    ck_assert(s->iface.declared);
    ck_assert_str_eq(s->iface.env, "jdwpTransportEnv");
    ck_assert_str_eq(s->iface.table, "jdwpTransportNativeInterface_");
    ck_assert_str_eq(s->iface.error_type, "jdwpTransportError");
    ck_assert_int_eq(s->iface.layout, JT_LAYOUT_DECLARATIONS);
    ck_assert_int_eq(s->max_function_num, 12);
    ck_assert_ptr_null(s->function_by_num[1]);          /* void *reserved1 */
    const jt_function *open = jt_find_function(s, "IsOpen");
    ck_assert_int_eq(open->num, 7);
    ck_assert_ptr_nonnull(open->ret);
    ck_assert_int_eq(open->ret->kind, JT_JBOOLEAN);
    ck_assert_ptr_null(jt_find_function(s, "Close")->ret);
    const jt_callback *onload = jt_find_callback(s, "jdwpTransport_OnLoad_t");
    ck_assert_str_eq(onload->entry, "jdwpTransport_OnLoad");
    ck_assert_str_eq(onload->callconv, "JNICALL");
    ck_assert(!onload->inline_decl);
    const jt_callback *alloc = jt_find_callback(s, "jdwpTransportAllocFunction");
    ck_assert(alloc->inline_decl);
    ck_assert_str_eq(alloc->callconv, "");
    const jt_typedef *pkt = jt_find_typedef(s, "jdwpPacket");
    ck_assert_int_eq(pkt->kind, JT_TD_UNION);
    ck_assert_str_eq(pkt->union_member, "type");
    ck_assert_ptr_null(pkt->tag);
    ck_assert_str_eq(jt_find_typedef(s, "jdwpTransportCallback")->tag, "jdwpTransportCallback");
    ck_assert_int_eq(jt_find_typedef(s, "jdwpReplyPacket")->fields[3].type->kind, JT_JSHORT);
    ck_assert_int_eq(jt_find_constants(s, "jdwpHeaderSize")->kind, JT_CK_DEFINE);
    ck_assert_int_eq(jt_find_constant(s, "JDWP_HEADER_SIZE")->value, 11);
    ck_assert_int_eq(jt_find_constant(s, "JDWPTRANSPORT_FLAGS_REPLY")->value, 0x80);
    ck_assert_int_eq(jt_find_error(s, "JDWPTRANSPORT_ERROR_MSG_NOT_AVAILABLE")->num, 204);
    ck_assert_uint_eq(s->nerrors, 8);
    ck_assert_uint_eq(s->ncapabilities, 16);
    /* SetTransportConfiguration(jdwpTransportConfiguration *config): an
     * input, not const in C */
    const jt_param *cfg = &jt_find_function(s, "SetTransportConfiguration")->params[0];
    ck_assert(cfg->type->nonconst);
    ck_assert_int_eq(cfg->type->kind, JT_INPTR);
    jt_spec_free(s);
    /* a JVMTI spec keeps JVMTI's names */
    s = load(spec17);
    ck_assert(!s->iface.declared);
    ck_assert_str_eq(s->iface.env, "jvmtiEnv");
    ck_assert_str_eq(s->iface.error_type, "jvmtiError");
    ck_assert_int_eq(s->iface.layout, JT_LAYOUT_JVMTI);
    jt_spec_free(s);
}
END_TEST

START_TEST(plain_text)
{
    jt_spec *s = load(spec17);
    const jt_error *e = jt_find_error(s, "JVMTI_ERROR_INVALID_THREAD");
    char *t = jt_doc_plain_text(e->description);
    ck_assert_ptr_null(strstr(t, "  "));
    ck_assert(t[0] != ' ' && t[strlen(t) - 1] != ' ');
    free(t);
    jt_spec_free(s);
}
END_TEST

/* What the specs say of virtual threads (spec_rules.c), read by hand from
 * the errors of the JDK 21 and 25 XML: RunAgentThread's "thread is a
 * virtual thread." forbids one; the CPU time functions' "... and the
 * implementation does not support ..." let the VM refuse; JDK 17 has no
 * such error. */
START_TEST(vthread_rules)
{
    const char *dir = getenv("SPEC_DIR");
    char path[1024];
    for (int v = 17; v <= 25; v += 4) {
        snprintf(path, sizeof path, "%s/jdk%d/jvmti.xml", dir ? dir : "../shared/spec", v);
        jt_spec *s = load(path);
        char got[512] = "";
        for (int num = 1; num <= s->max_function_num; num++) {
            const jt_function *f = s->function_by_num[num];
            const char *pid = NULL, *err = NULL;
            jt_vthread_rule r = f ? jt_documented_vthread(f, &pid, &err) : JT_VTHREAD_NONE;
            if (r != JT_VTHREAD_NONE)
                snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s:%s:%s:%s;",
                         r == JT_VTHREAD_FORBIDDEN ? "forbidden " : "optional ", f->id, pid ? pid : "-", err, "");
        }
        if (v == 17)
            ck_assert_str_eq(got, "");
        else
            ck_assert_str_eq(got, "forbidden RunAgentThread:thread:JVMTI_ERROR_UNSUPPORTED_OPERATION:;"
                                  "optional GetCurrentThreadCpuTime:-:JVMTI_ERROR_UNSUPPORTED_OPERATION:;"
                                  "optional GetThreadCpuTime:thread:JVMTI_ERROR_UNSUPPORTED_OPERATION:;");
        jt_spec_free(s);
    }
}
END_TEST

/* A check of param pid of function fid, by id; fails when absent. */
static jt_check param_check(const jt_spec *s, const char *fid, const char *pid, const char *id)
{
    const jt_function *f = jt_find_function(s, fid);
    ck_assert_msg(f != NULL, "no function %s", fid);
    for (size_t i = 0; i < f->nparams; i++)
        if (strcmp(f->params[i].id, pid) == 0) {
            jt_check cs[JT_MAX_CHECKS];
            int n = jt_param_checks(s, &f->params[i], cs);
            for (int k = 0; k < n; k++)
                if (strcmp(cs[k].id, id) == 0)
                    return cs[k];
        }
    ck_abort_msg("%s.%s has no %s check", fid, pid, id);
    return (jt_check){ 0 };
}

static const jt_param *param_of(const jt_spec *s, const char *fid, const char *pid)
{
    const jt_function *f = jt_find_function(s, fid);
    for (size_t i = 0; f && i < f->nparams; i++)
        if (strcmp(f->params[i].id, pid) == 0)
            return &f->params[i];
    ck_abort_msg("no param %s.%s", fid, pid);
    return NULL;
}

/* HotSpot's answers (vm_errors.c): in the JDK 17, 21 and 25 specs each
 * row names a check the model derives and an error the spec allows for
 * the function, and the check returns it; StopThread's NULL exception,
 * the spec's "not an object" (INVALID_OBJECT), is HotSpot's NULL_POINTER;
 * SetTag's stays INVALID_OBJECT.  HotSpot's order: a NULL callback
 * (its entry) before the filter's value and a NULL jobject (its body). */
START_TEST(vm_error_facts)
{
    const char *dir = getenv("SPEC_DIR");
    char path[1024];
    for (int v = 17; v <= 25; v += 4) {
        snprintf(path, sizeof path, "%s/jdk%d/jvmti.xml", dir ? dir : "../shared/spec", v);
        jt_spec *s = load(path);
        for (size_t i = 0; i < jt_vm_nerrors; i++) {
            const jt_vm_error *row = &jt_vm_errors[i];
            jt_check c = param_check(s, row->function, row->param, row->check);
            ck_assert_msg(jt_vm_error_allowed(s, jt_find_function(s, row->function), row->error),
                          "jdk%d: %s does not allow %s", v, row->function, row->error);
            if (row->jdk_from || row->jdk_to)
                ck_assert_ptr_eq(c.vm, row);
            else
                ck_assert_str_eq(c.error, row->error);
        }
        ck_assert_str_eq(param_check(s, "StopThread", "exception", "null_pointer").error, "JVMTI_ERROR_NULL_POINTER");
        ck_assert_str_eq(param_check(s, "SetTag", "object", "null_pointer").error, "JVMTI_ERROR_INVALID_OBJECT");
        ck_assert(!jt_vm_error_allowed(s, jt_find_function(s, "StopThread"), "JVMTI_ERROR_INVALID_CLASS"));
        jt_check cb = param_check(s, "IterateOverHeap", "heap_object_callback", "null_pointer");
        jt_check filter = param_check(s, "IterateOverHeap", "object_filter", "enum_value");
        jt_check obj = param_check(s, "IterateOverObjectsReachableFromObject", "object", "null_pointer");
        ck_assert_int_eq(jt_vm_check_stage(param_of(s, "IterateOverHeap", "heap_object_callback"), &cb), 0);
        ck_assert_int_eq(jt_vm_check_stage(param_of(s, "IterateOverHeap", "object_filter"), &filter), 1);
        ck_assert_int_eq(jt_vm_check_stage(param_of(s, "IterateOverObjectsReachableFromObject", "object"), &obj), 1);
        jt_spec_free(s);
    }
}
END_TEST

/* What check=deep reads of the spec (spec_rules.c), on every spec that
 * has it: the functions of a local variable (INVALID_SLOT "Invalid slot",
 * TYPE_MISMATCH "The variable type is not ..."), the package that must be
 * in a module ("If the package pkg_name does not belong to the module."),
 * the class a param's description names with its errorlink, and the
 * Clear functions of a Set ("Clear" for "Set", NOT_FOUND and DUPLICATE).
 * Expected values read off the XML by hand. */
static void deep_rules_of(const char *path, char *got, size_t len)
{
    jt_spec *s = load(path);
    got[0] = '\0';
#define PUT(...) snprintf(got + strlen(got), len - strlen(got), __VA_ARGS__)
    for (int num = 1; num <= s->max_function_num; num++) {
        const jt_function *f = s->function_by_num[num], *set;
        jt_local_rule lr;
        if (!f)
            continue;
        if (jt_documented_local(f, &lr))
            PUT("local %s %s/%s/%s %s;", f->id, lr.thread, lr.depth, lr.slot, lr.types);
        for (size_t i = 0; i < f->nparams; i++) {
            const char *a, *b;
            if (jt_documented_package(&f->params[i], &a, &b))
                PUT("package %s.%s %s %s;", f->id, f->params[i].id, a, b);
            if (jt_documented_java_class(&f->params[i], &a, &b))
                PUT("class %s.%s %s %s;", f->id, f->params[i].id, a, b);
        }
        if ((set = jt_clears(s, f)) != NULL)
            PUT("clears %s %s %s;", f->id, set->id, jt_cleared_by(s, set) == f ? "both ways" : "one way");
    }
#undef PUT
    jt_spec_free(s);
}

START_TEST(deep_rules)
{
    const char *dir = getenv("SPEC_DIR");
    static const char locals[] =
        "local GetLocalObject thread/depth/slot L;local GetLocalInt thread/depth/slot ISCBZ;"
        "local GetLocalLong thread/depth/slot J;local GetLocalFloat thread/depth/slot F;"
        "local GetLocalDouble thread/depth/slot D;local SetLocalObject thread/depth/slot L;"
        "local SetLocalInt thread/depth/slot ISCBZ;local SetLocalLong thread/depth/slot J;"
        "local SetLocalFloat thread/depth/slot F;local SetLocalDouble thread/depth/slot D;";
    static const char clears[] =
        "clears ClearBreakpoint SetBreakpoint both ways;"
        "clears ClearFieldAccessWatch SetFieldAccessWatch both ways;"
        "clears ClearFieldModificationWatch SetFieldModificationWatch both ways;";
    char path[1024], got[4096], want[4096];
    /* JDK 8: no modules */
    snprintf(path, sizeof path, "%s/jdk8/jvmti.xml", dir ? dir : "../shared/spec");
    deep_rules_of(path, got, sizeof got);
    snprintf(want, sizeof want, "%s%s", locals, clears);
    ck_assert_str_eq(got, want);
    for (int v = 17; v <= 25; v += 8) {
        snprintf(path, sizeof path, "%s/jdk%d/jvmti.xml", dir ? dir : "../shared/spec", v);
        deep_rules_of(path, got, sizeof got);
        /* by function number: GetNamedModule (40) between ClearBreakpoint
         * (39) and ClearFieldAccessWatch (42); params in their order */
        snprintf(want, sizeof want,
                 "%s"
                 "clears ClearBreakpoint SetBreakpoint both ways;"
                 "class GetNamedModule.class_loader java.lang.ClassLoader JVMTI_ERROR_ILLEGAL_ARGUMENT;"
                 "clears ClearFieldAccessWatch SetFieldAccessWatch both ways;"
                 "clears ClearFieldModificationWatch SetFieldModificationWatch both ways;"
                 "package AddModuleExports.pkg_name module JVMTI_ERROR_ILLEGAL_ARGUMENT;"
                 "class AddModuleExports.to_module java.lang.Module JVMTI_ERROR_INVALID_MODULE;"
                 "package AddModuleOpens.pkg_name module JVMTI_ERROR_ILLEGAL_ARGUMENT;"
                 "class AddModuleOpens.to_module java.lang.Module JVMTI_ERROR_INVALID_MODULE;",
                 locals);
        ck_assert_str_eq(got, want);
    }
}
END_TEST

/* A fact for some JDKs only: found by function, param and check, and the
 * wrapper chooses by the running VM (rows made up here). */
START_TEST(vm_error_by_jdk)
{
    const char *dir = getenv("SPEC_DIR");
    char path[1024], buf[160];
    snprintf(path, sizeof path, "%s/jdk25/jvmti.xml", dir ? dir : "../shared/spec");
    jt_spec *s = load(path);
    static const jt_vm_error rows[] = {
        { "StopThread", "thread", "null_pointer", "JVMTI_ERROR_NULL_POINTER", 0, 0 },
        { "StopThread", "exception", "null_pointer", "JVMTI_ERROR_NULL_POINTER", 21, 0 },
    };
    const jt_param *exc = param_of(s, "StopThread", "exception");
    ck_assert_ptr_eq(jt_vm_error_find(rows, 2, exc, "null_pointer"), &rows[1]);
    ck_assert_ptr_null(jt_vm_error_find(rows, 2, exc, "object_kind"));
    ck_assert_ptr_null(jt_vm_error_find(rows, 2, param_of(s, "SetTag", "object"), "null_pointer"));
    jt_check c = { .id = "null_pointer", .error = "JVMTI_ERROR_INVALID_OBJECT" };
    ck_assert_str_eq(jt_vm_error_expr(&c, buf, sizeof buf), "JVMTI_ERROR_INVALID_OBJECT");
    c.vm = &rows[1];
    ck_assert_str_eq(jt_vm_error_expr(&c, buf, sizeof buf),
                     "(jc_vm_jdk_in(21, 0) ? JVMTI_ERROR_NULL_POINTER : JVMTI_ERROR_INVALID_OBJECT)");
    jt_spec_free(s);
}
END_TEST

/* Expected outcomes (spec_rules.c): the function-specific required errors
 * of the JDK 8 and 17 specs, read by hand from their <errorsection>, but
 * three that name a misuse; no universal or agent error is one. */
START_TEST(outcome_errors)
{
    static const struct { const char *id; bool outcome; } rows[] = {
        { "JVMTI_ERROR_CLASS_NOT_PREPARED", true }, { "JVMTI_ERROR_ABSENT_INFORMATION", true },
        { "JVMTI_ERROR_THREAD_NOT_ALIVE", true }, { "JVMTI_ERROR_NO_MORE_FRAMES", true },
        { "JVMTI_ERROR_OPAQUE_FRAME", true }, { "JVMTI_ERROR_NOT_FOUND", true }, { "JVMTI_ERROR_DUPLICATE", true },
        { "JVMTI_ERROR_INTERRUPT", true }, { "JVMTI_ERROR_NATIVE_METHOD", true },
        { "JVMTI_ERROR_THREAD_SUSPENDED", true }, { "JVMTI_ERROR_THREAD_NOT_SUSPENDED", true },
        { "JVMTI_ERROR_NOT_AVAILABLE", true }, { "JVMTI_ERROR_UNMODIFIABLE_CLASS", true },
        { "JVMTI_ERROR_CLASS_LOADER_UNSUPPORTED", true },
        /* required, yet a misuse */
        { "JVMTI_ERROR_INVALID_PRIORITY", false }, { "JVMTI_ERROR_INVALID_EVENT_TYPE", false },
        { "JVMTI_ERROR_NOT_MONITOR_OWNER", false },
        /* universal */
        { "JVMTI_ERROR_NULL_POINTER", false }, { "JVMTI_ERROR_WRONG_PHASE", false }, { "JVMTI_ERROR_INTERNAL", false },
        { "JVMTI_ERROR_OUT_OF_MEMORY", false }, { "JVMTI_ERROR_NONE", false },
        /* the agent's */
        { "JVMTI_ERROR_INVALID_THREAD", false }, { "JVMTI_ERROR_INVALID_CLASS", false },
        { "JVMTI_ERROR_ILLEGAL_ARGUMENT", false }, { "JVMTI_ERROR_MUST_POSSESS_CAPABILITY", false },
        { "JVMTI_ERROR_TYPE_MISMATCH", false }, { "JVMTI_ERROR_INVALID_SLOT", false },
        { "JVMTI_ERROR_FAILS_VERIFICATION", false },
    };
    const char *const paths[] = { spec8, spec17 };
    for (int k = 0; k < 2; k++) {
        jt_spec *s = load(paths[k]);
        for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
            const jt_error *e = jt_find_error(s, rows[i].id);
            ck_assert_msg(e != NULL, "%s: no %s", paths[k], rows[i].id);
            ck_assert_msg(jt_error_is_outcome(e) == rows[i].outcome, "%s: %s", paths[k], rows[i].id);
        }
        size_t n = 0;
        for (size_t i = 0; i < s->nerrors; i++)
            n += jt_error_is_outcome(s->errors[i]);
        ck_assert_uint_eq(n, k == 0 ? 14 : 15);     /* 17 and 18 required errors, less the three */
        jt_spec_free(s);
    }
    ck_assert(!jt_error_is_outcome(NULL));
}
END_TEST

int main(void)
{
    paths();
    Suite *su = suite_create("model");
    TCase *tc = tcase_create("real specs");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, counts_jdk17);
    tcase_add_test(tc, counts_jdk8);
    tcase_add_test(tc, get_thread_state);
    tcase_add_test(tc, function_attributes);
    tcase_add_test(tc, events);
    tcase_add_test(tc, constants_and_errors);
    tcase_add_test(tc, types_resolve);
    tcase_add_test(tc, links_resolved);
    tcase_add_test(tc, plain_text);
    tcase_add_test(tc, jdwp_transport);
    tcase_add_test(tc, placement);
    tcase_add_test(tc, vthread_rules);
    tcase_add_test(tc, vm_error_facts);
    tcase_add_test(tc, vm_error_by_jdk);
    tcase_add_test(tc, deep_rules);
    tcase_add_test(tc, outcome_errors);
    suite_add_tcase(su, tc);
    TCase *bad = tcase_create("small specs");
    tcase_add_test(bad, minimal_spec_loads);
    tcase_add_test(bad, nested_intro);
    tcase_add_test(bad, dangling_link_warns);
    tcase_add_test(bad, elided_problems_are_notes);
    tcase_add_test(bad, undefined_capability_warns);
    tcase_add_test(bad, hidden_function_out_of_table);
    tcase_add_test(bad, unknown_kind_rejected);
    tcase_add_test(bad, num_collision_rejected);
    tcase_add_test(bad, undefined_enum_rejected);
    tcase_add_test(bad, other_schema_rejected);
    tcase_add_test(bad, invalid_attribute_is_only_a_warning);
    suite_add_tcase(su, bad);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
