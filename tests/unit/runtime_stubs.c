/* runtime_stubs.c — the symbols jvmticheck_gen.c defines for the runtime,
 * in miniature, so tests/unit/check_runtime can link the runtime without a
 * generated wrapper.  Two functions (slots 1 and 2), three events (numbers
 * 50 to 52), the real capability count of the spec the tests use. */
#include "jc_runtime.h"

static const int no_caps[] = { -1 };
static const jc_error_doc no_errors[] = { { JVMTI_ERROR_NONE, 0, NULL, false } };
/* StubTwo documents an expected outcome and a misuse (trace=problems) */
static const jc_error_doc two_errors[] = {
    { JVMTI_ERROR_NULL_POINTER, JVMTI_VERSION_1_0, "JVMTI_ERROR_NULL_POINTER", false },
    { JVMTI_ERROR_CLASS_NOT_PREPARED, JVMTI_VERSION_1_0, "JVMTI_ERROR_CLASS_NOT_PREPARED", true },
    { JVMTI_ERROR_NONE, 0, NULL, false },
};

const jc_fn_info jc_fn_table[] = {
    { NULL, 0, 0, false, 0, no_caps, no_errors, 0 },
    { "StubOne", 1, ~0u, true, JVMTI_VERSION_1_0, no_caps, no_errors, 0 },
    { "StubTwo", 2, ~0u, false, JVMTI_VERSION_1_0, no_caps, two_errors, 2 },
};
const int jc_fn_max = 2;
const jint jc_spec_version = JVMTI_VERSION;
const jint jc_known_specs[] = { JVMTI_VERSION };
const int jc_known_spec_count = 1;
unsigned char jc_fn_absent[3];
unsigned char jc_fn_path[3];
void (*const jc_slot_forwarders[3 + JC_TABLE_EXTRA])(void);
/* by the real table's slots: JC_SHIM_FN counts the runtime's own calls
 * (GetSystemProperty for the run header, ...) at their slot */
jc_fn_stats jc_fn_stats_table[sizeof(struct jvmtiInterface_1_) / sizeof(void *) + 1];

const jc_event_info jc_event_table[] = {
    { "StubEvent", 50, false, no_caps, false, JVMTI_VERSION_1_0 },
    { "StubThreadEvent", 51, true, no_caps, false, JVMTI_VERSION_1_0 },
    /* one newer than an old VM (since 21: jc_event_absent) */
    { "StubNewEvent", 52, true, no_caps, false, 0x30150000 },
};
const int jc_event_min = 50, jc_event_max = 52;
_Atomic uint64_t jc_event_counts[3];

const char *const jc_cap_names[] = { "can_tag_objects", NULL };
const int jc_cap_count = (int)(sizeof(jvmtiCapabilities) * 8);    /* every bit */

const struct jvmtiInterface_1_ jc_wrapped_interface;
const jvmtiEventCallbacks jc_event_trampolines;

bool jc_fn_selected[3];
bool jc_event_selected[3];
int jc_selection_inits;         /* how often jc_init asked: the tests look */

void jc_selection_init(void)
{
    for (int i = 0; i <= jc_fn_max; i++)
        jc_fn_selected[i] = jc_fn_table[i].name && jc_options_selects(&jc_g.opt, jc_fn_table[i].name);
    for (int i = 0; i <= jc_event_max - jc_event_min; i++)
        jc_event_selected[i] = jc_options_selects(&jc_g.opt, jc_event_table[i].name);
    jc_selection_inits++;
}
