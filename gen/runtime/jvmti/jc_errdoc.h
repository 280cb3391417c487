/* jc_errdoc.h — judging an error the VM returned against the spec of the
 * VM's own version (jc_errdoc.c); apart from the report, so the rule can be
 * unit-tested with any table of versions. */
#ifndef JVMTICHECK_ERRDOC_H
#define JVMTICHECK_ERRDOC_H

#include "jc_runtime.h"

enum jc_err_verdict {
    JC_ERR_DOCUMENTED,          /* nothing to say */
    JC_ERR_UNDOCUMENTED,        /* undocumented_error, judged against *against */
    JC_ERR_UNJUDGED             /* the VM is newer than every known spec: a note */
};

/* err of fi, returned by a VM of version vm, with known (nknown, oldest
 * first) the versions of the specs fi->errors was made from.  *doc: err's
 * entry in fi->errors, or NULL; *against: the spec version of the verdict
 * (for JC_ERR_UNJUDGED the newest known). */
enum jc_err_verdict jc_error_verdict(const jc_fn_info *fi, jvmtiError err, jint vm, const jint *known, int nknown,
                                     const jc_error_doc **doc, jint *against);

#endif
