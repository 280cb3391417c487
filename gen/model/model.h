/* model.h — the plain-C model of one JVMTI specification (jvmti.xml).
 *
 * jt_spec_load() reads the XML once, builds these structs, resolves every
 * cross-reference (types, links, capabilities, errors) and checks them.  The
 * emitters read only this model, never the XML tree: anything an output needs
 * from the spec must be here.  All memory belongs to the spec's arena and is
 * released by jt_spec_free().
 *
 * Lists are arrays with a count, kept in document order; a few indexes (by
 * table slot, by event number, by name) are built once after loading.
 * Across kinds, document order is the `order` field: one sequence number,
 * counted in document order over every element with API meaning (intros,
 * categories, typedefs, capabilities, functions, callbacks, constants
 * groups, events, errors, base types), so emitters that interleave kinds
 * compare `order`, never line numbers.  An element is numbered where it
 * opens: whatever it declares inside comes after it.
 */
#ifndef JVMTIGEN_MODEL_H
#define JVMTIGEN_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/kinds.h"

typedef struct jt_spec jt_spec;
typedef struct jt_doc jt_doc;
typedef struct jt_type jt_type;
typedef struct jt_param jt_param;
typedef struct jt_function jt_function;
typedef struct jt_callback jt_callback;
typedef struct jt_typedef jt_typedef;
typedef struct jt_constants jt_constants;
typedef struct jt_constant jt_constant;
typedef struct jt_event jt_event;
typedef struct jt_error jt_error;
typedef struct jt_capability jt_capability;
typedef struct jt_category jt_category;
typedef struct jt_basetype jt_basetype;

/* ---- rich text ---------------------------------------------------------
 * Descriptions keep their markup as a small tree of our own so the HTML
 * emitter can render it; links carry their resolved target. */

typedef enum jt_target_kind {
    JT_T_NONE = 0, JT_T_FUNCTION, JT_T_CALLBACK, JT_T_EVENT, JT_T_TYPEDEF,
    JT_T_CONSTANTS, JT_T_CONSTANT, JT_T_BASETYPE, JT_T_CAPABILITY,
    JT_T_ERROR, JT_T_ERRORCATEGORY, JT_T_CATEGORY, JT_T_INTRO, JT_T_PARAM,
    JT_T_FIELD, JT_T_SECTION
} jt_target_kind;

typedef struct jt_attr { const char *name, *value; } jt_attr;

struct jt_doc {
    const char *name;       /* element name; NULL for a text node */
    const char *text;       /* text node content (entities expanded) */
    const jt_attr *attrs;
    size_t nattrs;
    jt_doc *children;       /* first child */
    jt_doc *next;           /* next sibling */
    int line;
    jt_target_kind target_kind;   /* for *link elements, once resolved */
    const void *target;
};

const char *jt_doc_attr(const jt_doc *d, const char *name);

/* ---- types ------------------------------------------------------------- */

/* What an <enum>/<struct> name refers to. */
typedef struct jt_ref {
    jt_target_kind kind;    /* JT_T_CONSTANTS, JT_T_TYPEDEF, JT_T_CALLBACK,
                               JT_T_BASETYPE, or JT_T_NONE for jvmtiEnv-like
                               names the header defines itself */
    const void *ptr;
} jt_ref;

struct jt_type {
    jt_kind kind;           /* outermost element: a wrapper or a leaf */
    jt_type *inner;         /* wrapped type for wrappers, NULL for leaves */
    const char *name;       /* JT_ENUM / JT_STRUCT: referenced type name */
    jt_ref ref;             /* resolved JT_ENUM / JT_STRUCT reference */
    int line;

    /* wrapper attributes */
    const char *incount, *outcount;   /* names of sibling params/fields */
    int incount_index, outcount_index; /* their index, -1 when none */
    bool nullok;
    const jt_doc *nullok_doc;
    bool nonconst;                    /* <inptr const="no">: C drops the const */         /* what NULL means, when nullok */
    /* impl= on a param kind (JDK 21: <outptr impl="nonullcheck">): how
     * HotSpot implements it, not what the spec allows.  "nonullcheck": the
     * VM's generated entry does not test this pointer for NULL (the
     * function does its own test), so NULL is still an agent's mistake. */
    const char *wrapper_impl;
    bool nonullcheck;

    /* leaf attributes */
    const char *min;                  /* jint/jlong min= as written */
    int64_t min_value;
    const char *thread_null;          /* jthread null= ("current", ...) */
    const char *thread_started;       /* jthread started= ("no", "maybe") */
    const char *thread_frame;         /* jthread frame= ("current") */
    const char *thread_impl;          /* jthread impl= ("noconvert") */
    const char *method_class;         /* jmethodID class= param name */
    bool method_native;               /* jmethodID native= present */
    const char *native_doc;           /* its value */
    const char *class_method;         /* jclass method= param name */
    const char *class_field;          /* jclass field= param name */
    const char *field_class;          /* jfieldID class= */
    const char *frame_thread;         /* jframeID thread= */
    const char *object_frame;         /* jobject frame= (JDK 21 DTD): the
                                         param naming the frame the object
                                         belongs to; no spec sets it yet */
};

/* The innermost leaf of a type. */
const jt_type *jt_type_leaf(const jt_type *t);

/* ---- parameters, fields ------------------------------------------------ */

struct jt_param {
    const char *id;
    jt_type *type;
    const jt_doc *description;
    int index;              /* position among its siblings */
    /* A jclass with method= or field= is implied by that method/field and
     * does not appear in C signatures. */
    bool implicit;
    /* Whose parameter (or field) this is: JT_T_FUNCTION, JT_T_CALLBACK,
     * JT_T_EVENT (owner points at that struct) or JT_T_TYPEDEF (a field). */
    jt_target_kind owner_kind;
    const void *owner;
    int line;
};

/* The id of a param's owner ("GetThreadState", "jvmtiThreadInfo"): the
 * prefix of its "#Owner.param" anchor. */
const char *jt_param_owner_id(const jt_param *p);

/* ---- capabilities ------------------------------------------------------ */

struct jt_capability {
    const char *id;         /* can_tag_objects */
    const char *disp1, *disp2;
    const char *since;
    const jt_doc *description;
    int index;              /* bit position in jvmtiCapabilities */
    int order;              /* document order across kinds */
    int line;
};

typedef struct jt_cap_use {   /* <required>/<capability> in a function/event */
    const char *id;
    const jt_capability *cap;
    const jt_doc *description;
    int line;
} jt_cap_use;

/* ---- functions, callbacks, events -------------------------------------- */

typedef enum jt_phase {
    JT_PHASE_UNSET = 0, JT_PHASE_ONLOAD, JT_PHASE_ONLOAD_ONLY,
    JT_PHASE_START, JT_PHASE_LIVE, JT_PHASE_ANY
} jt_phase;

typedef struct jt_error_use { /* <error id=...> in a function */
    const char *id;
    const jt_error *error;
    const jt_doc *description;
    int line;
} jt_error_use;

struct jt_function {
    const char *id;             /* GetThreadState */
    int num;                    /* table slot, 1-based */
    const char *synopsis;       /* "Get Thread State" */
    jt_phase phase;             /* JT_PHASE_UNSET: the spec's default (live) */
    const char *phase_attr;     /* as written, NULL when absent */
    bool callbacksafe;          /* callbacksafe="safe" */
    const char *impl, *hide, *jkernel;
    const char *since;          /* "1.0" when absent */
    const char *origin;
    bool elided;                /* inside <elide>: not part of the API */
    /* hide= (JDK 5's JVMDI twins, hide="_JVMDI_"): implemented by HotSpot
     * under that prefix but kept out of the function table and jvmti.h,
     * as OpenJDK's generator does; its num may repeat a live one's. */
    bool hidden;
    bool in_table;              /* neither elided nor hidden: has its slot */
    bool eventcapabilities;     /* <eventcapabilities/> instead of a list */
    const jt_category *category;
    jt_typedef **typedefs; size_t ntypedefs;   /* declared inside */
    const jt_doc *description;
    jt_cap_use *required; size_t nrequired;
    jt_cap_use *optional; size_t noptional;
    jt_param *params; size_t nparams;
    jt_error_use *errors; size_t nerrors;
    /* <returns>: what the function returns when that is not the
     * interface's error type (jdwpTransport's IsOpen returns a jboolean);
     * NULL: it returns an error code, spec->iface.error_type. */
    jt_type *ret;
    const jt_doc *ret_doc;
    int order;                  /* document order across kinds */
    int line;
};

struct jt_callback {
    const char *id;             /* jvmtiHeapIterationCallback */
    jt_type *ret;               /* return type (a leaf) */
    const char *synopsis;
    const char *since;
    bool elided;
    const jt_category *category;
    const jt_doc *description;
    jt_param *params; size_t nparams;
    /* inline="yes": no typedef of its own; a struct field that points to
     * it declares the function pointer in place (jdwpTransportCallback's
     * alloc and free). */
    bool inline_decl;
    /* The calling convention macro of its pointer type: "JNICALL" unless
     * callconv="none" gives "" (the C default). */
    const char *callconv;
    /* entry=: the exported symbol this is the signature of
     * ("jdwpTransport_OnLoad"); NULL when none. */
    const char *entry;
    int order;                  /* document order across kinds */
    int line;
};

typedef enum jt_filter { JT_FILTER_UNSET = 0, JT_FILTER_THREAD, JT_FILTER_GLOBAL } jt_filter;

struct jt_event {
    const char *id;             /* VMInit */
    const char *label;          /* "VM Initialization Event" */
    const char *const_name;     /* JVMTI_EVENT_VM_INIT */
    int num;
    jt_phase phase;
    const char *phase_attr;
    jt_filter filtered;
    const char *since;
    const char *origin;
    bool elided;
    const jt_doc *description;
    jt_typedef **typedefs; size_t ntypedefs;
    jt_cap_use *required; size_t nrequired;
    jt_cap_use *optional; size_t noptional;
    jt_param *params; size_t nparams;
    int order;                  /* document order across kinds */
    int line;
};

/* ---- data types -------------------------------------------------------- */

typedef enum jt_typedef_kind { JT_TD_STRUCT, JT_TD_UNION, JT_TD_CAPABILITIES } jt_typedef_kind;

struct jt_typedef {
    jt_typedef_kind kind;
    const char *id;             /* jvmtiThreadInfo */
    const char *label;
    const char *since;
    const jt_doc *description;
    jt_param *fields; size_t nfields;   /* struct/union fields */
    const jt_category *category;
    const void *owner;          /* function or event it is declared in */
    const char *tag;            /* tag=: the C struct tag, NULL when none */
    /* member= on a <uniontypedef>: the type is a struct whose one member
     * of that name is the union of the fields (jdwpPacket's "type") */
    const char *union_member;
    int order;                  /* document order across kinds */
    int line;
};

/* JT_CK_DEFINE: preprocessor constants (kind="define"), not enumerators */
typedef enum jt_constants_kind { JT_CK_ENUM, JT_CK_BITS, JT_CK_CONST, JT_CK_DEFINE } jt_constants_kind;

struct jt_constant {
    const char *id;             /* JVMTI_THREAD_STATE_ALIVE */
    const char *num;            /* as written: "0x0001", "A | B" */
    int64_t value;              /* evaluated */
    const jt_doc *description;
    const jt_constants *group;
    int line;
};

struct jt_constants {
    const char *id;             /* jvmtiThreadState */
    const char *label;
    jt_constants_kind kind;
    const char *since;
    jt_constant *constants; size_t nconstants;
    /* Where the group is declared (groups sit in prose).  category: the
     * category whose text holds it, NULL in the event section.  owner: the
     * function, callback or event whose text declares it, directly or in a
     * typedef it declares (owner_kind JT_T_FUNCTION, JT_T_CALLBACK,
     * JT_T_EVENT), the typedef when a category's typedef declares it
     * (JT_T_TYPEDEF), or NULL (JT_T_NONE) in an intro. */
    const jt_category *category;
    jt_target_kind owner_kind;
    const void *owner;
    int order;                  /* document order across kinds */
    int line;
};

struct jt_error {
    const char *id;             /* JVMTI_ERROR_NULL_POINTER */
    int num;
    const char *short_text;     /* description as plain text, one line */
    const jt_doc *description;
    const char *category_id;    /* universal, function-specific ... */
    const char *category_label;
    int order;                  /* document order across kinds */
    int line;
};

struct jt_basetype {
    const char *id;             /* jthread */
    const char *name;           /* name= anchor, NULL when absent */
    const char *definition;     /* C text, NULL when none */
    const char *group_id, *group_label;  /* jniTypes / jvmtiTypes */
    const jt_doc *description;
    int order;                  /* document order across kinds */
    int line;
};

/* A section of prose: <intro> anywhere, with its id and label.  Top-level
 * intros (the spec's introduction) have parent_id NULL and nested false. */
typedef struct jt_intro {
    const char *id;
    const char *label;
    const jt_doc *body;
    const char *parent_id;      /* category/section it sits in, or NULL */
    bool nested;                /* inside other prose (a description, an
                                   intro): parent_id is NULL, and the prose
                                   around it renders it */
    int order;                  /* document order across kinds */
    int line;
} jt_intro;

struct jt_category {
    const char *id;
    const char *label;
    jt_intro **intros; size_t nintros;
    int order;                  /* document order across kinds */
    int line;
};

typedef struct jt_change {
    const char *date;
    const char *version;        /* NULL when absent */
    const jt_doc *body;
    int line;
} jt_change;

/* ---- the interface ----------------------------------------------------- */

/* How the C header is laid out: JVMTI's generated jvmti.h (with its
 * per-JDK conventions), or declarations in document order between a
 * fixed frame, as a hand-written header such as jdwpTransport.h is. */
typedef enum jt_header_layout { JT_LAYOUT_JVMTI = 0, JT_LAYOUT_DECLARATIONS } jt_header_layout;

/* Which interface the spec describes: <interface> in the spec, or JVMTI's
 * names when it has none (every jvmti.xml).  Emitters take the names of
 * output files, the env type, the function table and the error type from
 * here. */
typedef struct jt_interface {
    const char *id;             /* "jvmti", "jdwpTransport": output file prefix */
    const char *name;           /* "JVM TI": the interface as comments name it */
    const char *env;            /* jvmtiEnv */
    const char *env_struct;     /* _jvmtiEnv: the C++ class with the member functions */
    const char *table;          /* jvmtiInterface_1_: the function table's struct tag */
    const char *error_type;     /* jvmtiError */
    const char *event_type;     /* jvmtiEvent: C type of event numbers; NULL: none */
    const char *guard;          /* the header's include guard */
    const char *error_prefix;   /* every error id starts so: JVMTI_ERROR_ */
    const char *cap_prefix;     /* every capability starts so: can_ ("": any name) */
    const char *versions;       /* id of the constants group of versions the
                                   header puts first; NULL for JVMTI */
    jt_header_layout layout;
    bool declared;              /* from an <interface> element */
    int line;
} jt_interface;

/* ---- the whole spec ---------------------------------------------------- */

struct jt_spec {
    const char *path;           /* file it was loaded from */
    jt_interface iface;
    const char *label;          /* "JVM(TM) Tool Interface" */
    const jt_doc *title;
    const char *title_subtitle;
    const char *copyright;      /* the leading XML comment, verbatim */
    /* <copyright> (JDK 11 and 12 DTDs): the notice as prose; NULL when absent */
    const jt_doc *copyright_notice;
    int copyright_line;
    /* <specification majorversion=...> (JDK 8 style) or -1 each */
    int spec_major, spec_minor, spec_micro;
    /* Highest version= in <changehistory>, or -1 each */
    int hist_major, hist_minor, hist_micro;

    jt_intro **intros; size_t nintros;          /* every <intro>, in order */
    jt_category **categories; size_t ncategories;
    jt_function **functions; size_t nfunctions; /* document order */
    jt_callback **callbacks; size_t ncallbacks;
    jt_typedef **typedefs; size_t ntypedefs;    /* structs, unions, caps */
    jt_constants **constants; size_t nconstants;
    jt_event **events; size_t nevents;
    jt_error **errors; size_t nerrors;          /* section order */
    jt_basetype **basetypes; size_t nbasetypes;
    jt_capability *capabilities; size_t ncapabilities;
    const jt_typedef *capabilities_typedef;
    jt_change *changes; size_t nchanges;
    const char *changehistory_update;
    /* label= of the sections, as written; NULL when absent (the DTD
     * requires them; <datasection> has none) */
    const char *functionsection_label;  /* "Functions" */
    const char *errorsection_label;     /* "Error Reference" */
    const char *eventsection_label;     /* "Events" */
    int eventsection_line;              /* 0: no <eventsection> */
    int root_line;                      /* <specification> */
    const char *issuessection_label;    /* "Issues" */

    /* indexes built after loading */
    int max_function_num;
    jt_function **function_by_num;  /* [0..max_function_num], non-elided */
    int min_event_num, max_event_num;
    jt_event **event_by_num;        /* [min..max] - min, non-elided */
    int max_error_num;

    struct jt_arena *arena;
};

/* Diagnostics collected while loading. */
typedef struct jt_load_options {
    bool quiet_warnings;        /* do not print warnings */
} jt_load_options;

/* What a spec file is, as messages about a wrong file name it. */
#define JT_SPEC_EXPECTED "a JVMTI specification, jvmti.xml"

/* Load, build, resolve and check.  On failure prints "file:line: error: ..."
 * messages to stderr and returns NULL.  Warnings (DTD violations, unknown
 * elements) are printed and do not fail the load. */
jt_spec *jt_spec_load(const char *path, const jt_load_options *opts);
/* The same from memory (buf need not be NUL-terminated); name is the file
 * name messages give.  For the fuzzer and for callers that hold the text. */
jt_spec *jt_spec_load_memory(const char *buf, size_t len, const char *name,
                             const jt_load_options *opts);
void jt_spec_free(jt_spec *spec);

/* Lookups by id (linear; emitters use the indexes above for hot paths). */
const jt_function *jt_find_function(const jt_spec *s, const char *id);
const jt_event *jt_find_event(const jt_spec *s, const char *id);
const jt_typedef *jt_find_typedef(const jt_spec *s, const char *id);
const jt_callback *jt_find_callback(const jt_spec *s, const char *id);
const jt_constants *jt_find_constants(const jt_spec *s, const char *id);
const jt_constant *jt_find_constant(const jt_spec *s, const char *id);
const jt_error *jt_find_error(const jt_spec *s, const char *id);
const jt_capability *jt_find_capability(const jt_spec *s, const char *id);
const jt_basetype *jt_find_basetype(const jt_spec *s, const char *id);
/* The param (or field) named ID among PS[0..N), or NULL (also for ID NULL). */
const jt_param *jt_find_param(const jt_param *ps, size_t n, const char *id);

/* The version the spec describes: major from --major-version (or the spec),
 * minor and micro from the spec.  *_out may be NULL. */
void jt_spec_version(const jt_spec *s, int major_override,
                     int *major_out, int *minor_out, int *micro_out);
/* A note (--lint shows notes) when that version is a guess: the spec
 * declares none (the JDK build passes it from JDK 13 on), only a change
 * history, and no override was given. */
void jt_spec_version_check(const jt_spec *s, int major_override);

/* "1.2" -> major 1 minor 2; "11" -> 11, 0.  Returns false when malformed. */
bool jt_parse_since(const char *since, int *major, int *minor);

/* An error the spec implies for a function because of one parameter's
 * kind (e.g. JVMTI_ERROR_NULL_POINTER for a pointer that is not nullok).
 * role names why: "null", "thread", "min", "enum", "thread_alive" ... */
typedef struct jt_implied_error {
    const char *error;
    const char *role;
} jt_implied_error;

/* Fills out with the (at most two) errors p implies; returns how many. */
int jt_implied_errors(const jt_param *p, jt_implied_error out[2]);

/* "enum", "bits", "const", "define": the kind= a constants group has. */
const char *jt_constants_kind_name(jt_constants_kind k);

/* The name of an output file of this spec's interface: "jvmti" + suffix
 * (".h", ".json", ...), or the <interface> id's.  Returns buf. */
const char *jt_output_name(const jt_spec *s, const char *suffix, char *buf, size_t len);

/* Name of a phase attribute value; NULL for JT_PHASE_UNSET. */
const char *jt_phase_name(jt_phase p);

#endif
