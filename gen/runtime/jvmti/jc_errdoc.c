/* jc_errdoc.c — undocumented_error: is an error the VM returned documented
 * by the spec of the VM's own version?
 *
 * One shim runs on every VM, but each JDK's spec documents its own errors:
 * NotifyFramePop's JVMTI_ERROR_DUPLICATE is documented since JDK 25, so a
 * JDK 25 VM may return it, a JDK 17 VM may not.  The generator writes, per
 * function, every error any spec it knew documents (the wrapper's own spec
 * and those given with jvmtigen --history) with the oldest version that
 * documents it, and the list of those versions (jc_known_specs).  Errors are
 * taken to stay documented once they are: that can miss a removed error,
 * never flag a documented one.
 *
 * The verdict, for a VM of version V and an error E of function F:
 *   - some known spec no newer than V documents E: documented;
 *   - else the nearest known spec at or after V does not document E (it is
 *     V's own spec when the shim knows it): a violation, judged against it;
 *   - else E is documented only by a spec newer than V with no known spec
 *     in between: documented (nothing known says otherwise, as before);
 *   - else (V is newer than every known spec and none documents E): not
 *     judged, a note, since the VM's own spec may document E.
 * None of this runs unless the VM returned an error.
 *
 * jc_error_expected: whether such an error is an expected outcome of the
 * function (the generator marks them: the spec's function-specific
 * required errors, a state of the VM or program a correct agent meets,
 * CLASS_NOT_PREPARED, ABSENT_INFORMATION, THREAD_NOT_ALIVE, ...), for
 * trace=problems, which does not print those, and summary=on's
 * expected_errors.  Documented for the VM's version too: an undocumented
 * error is a problem.
 */
#include <stdatomic.h>
#include <stdio.h>

#include "jc_errdoc.h"
#include "jc_inline.h"
#include "jc_version.h"
#include "jvmti_names.h"

enum jc_err_verdict jc_error_verdict(const jc_fn_info *fi, jvmtiError err, jint vm, const jint *known, int nknown,
                                     const jc_error_doc **doc, jint *against)
{
    jint v = jc_version_mm(vm);
    *doc = NULL;
    for (size_t i = 0; i < fi->nerrors; i++)
        if (fi->errors[i].err == err)
            *doc = &fi->errors[i];
    if (*doc && (*doc)->since <= v)
        return JC_ERR_DOCUMENTED;
    jint nearest = 0;
    for (int k = 0; k < nknown && !nearest; k++)
        if (jc_version_mm(known[k]) >= v)
            nearest = jc_version_mm(known[k]);
    *against = nearest ? nearest : (nknown ? jc_version_mm(known[nknown - 1]) : 0);
    if (nearest && (!*doc || nearest < (*doc)->since))
        return JC_ERR_UNDOCUMENTED;
    return *doc ? JC_ERR_DOCUMENTED : JC_ERR_UNJUDGED;
}

bool jc_error_expected(int num, jvmtiError err)
{
    if (num <= 0 || num > jc_fn_max)
        return false;               /* no function of the spec: nothing documents it */
    const jc_fn_info *fi = &jc_fn_table[num];
    jint vm = jc_vm_version();
    jint v = jc_version_mm(vm ? vm : jc_spec_version);
    for (size_t i = 0; fi->errors && i < fi->nerrors; i++)
        if (fi->errors[i].err == err)
            return fi->errors[i].outcome && fi->errors[i].since <= v;
    return false;
}

/* An error of a VM newer than every known spec: noted once per function
 * and error number (below 128; others every time, which no VM returns). */
static bool first_note(int num, jvmtiError err)
{
    static _Atomic uint64_t noted[1024][2];
    if (num < 0 || num >= 1024 || err < 0 || err >= 128)
        return true;
    uint64_t bit = (uint64_t)1 << (err & 63);
    return !(atomic_fetch_or_explicit(&noted[num][err >> 6], bit, memory_order_relaxed) & bit);
}

void jc_check_documented(int num, jvmtiError err)
{
    const jc_fn_info *fi = &jc_fn_table[num];
    const jc_error_doc *doc;
    jint against = 0, vm = jc_vm_version();
    if (vm == 0)
        vm = jc_spec_version;       /* not learned yet: as the spec */
    enum jc_err_verdict verdict = jc_error_verdict(fi, err, vm, jc_known_specs, jc_known_spec_count, &doc, &against);
    if (verdict == JC_ERR_DOCUMENTED)
        return;

    char vmv[16], specv[16], errname[48];
    jc_version_text(vm, vmv, sizeof vmv);
    jc_version_text(against, specv, sizeof specv);
    const char *name = doc ? doc->name : jvmti_error_name(err);
    if (name)
        snprintf(errname, sizeof errname, "%s", name);
    else
        snprintf(errname, sizeof errname, "error %d", (int)err);

    if (verdict == JC_ERR_UNJUDGED) {
        if (first_note(num, err))
            jc_note(JC_NOTE_unjudged_error, fi->name, NULL,
                    "the VM (JVMTI %s) returned %s, which no spec the shim knows documents for %s (the newest is "
                    "%s); the VM is newer, and its own spec may: not judged",
                    vmv, errname, fi->name, specv);
        return;
    }
    char since[48] = "";
    if (doc) {
        char sv[16];
        jc_version_text(doc->since, sv, sizeof sv);
        snprintf(since, sizeof since, " (documented since %s)", sv);
    }
    if (jc_version_mm(vm) == against)
        jc_violation(JC_CHK_undocumented_error, fi->name, NULL,
                     "the VM returned %s, which the JVMTI %s spec does not document for %s%s", errname, specv,
                     fi->name, since);
    else
        jc_violation(JC_CHK_undocumented_error, fi->name, NULL,
                     "the VM (JVMTI %s) returned %s, which the JVMTI %s spec (the nearest the shim knows at or "
                     "after the VM's) does not document for %s%s",
                     vmv, errname, specv, fi->name, since);
}
