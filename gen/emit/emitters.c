/* emitters.c — the emitters main.c can run, in the order it runs them. */
#include "emit/emit.h"

const jt_emitter jt_emitters[] = {
    /* file names are the JVMTI ones; a spec with <interface id="X"> writes X.h ... */
    { "header", "write jvmti.h", "jvmti.h", jt_emit_header, false },
    { "hpp", "write HotSpot's JvmtiEnv class declaration", "jvmtiEnv.hpp", jt_emit_hpp, true },
    { "tables", "write the name tables", "jvmti_names.h jvmti_names.c", jt_emit_tables, false },
    { "wrapper", "write the checked, tracing wrapper", "jvmticheck_gen.c", jt_emit_wrapper, false },
    { "html", "write the HTML documentation of the spec", "jvmti.html", jt_emit_html, false },
    { "json", "write the model as JSON", "jvmti.json", jt_emit_json, false },
};

const int jt_nemitters = (int)(sizeof jt_emitters / sizeof jt_emitters[0]);
