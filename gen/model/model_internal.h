/* model_internal.h — shared state of the two halves of the loader:
 * model_build.c (XML tree -> structs) and model_resolve.c (names -> pointers,
 * checks, indexes).  Nothing outside the loader includes this. */
#ifndef JVMTIGEN_MODEL_INTERNAL_H
#define JVMTIGEN_MODEL_INTERNAL_H

#include "util/arena.h"
#include "model/model.h"
#include "util/diag.h"

/* Where a link or type appears, so it can be resolved after everything has
 * been built (a description may name a param defined further down). */
typedef enum jt_scope_kind { JT_SCOPE_NONE, JT_SCOPE_FUNCTION, JT_SCOPE_CALLBACK,
                             JT_SCOPE_EVENT, JT_SCOPE_TYPEDEF } jt_scope_kind;

typedef struct jt_scope {
    jt_scope_kind kind;
    void *owner;                /* jt_function / jt_callback / jt_event / jt_typedef */
    const struct jt_scope *up;  /* enclosing scope (typedef inside a function) */
} jt_scope;

typedef struct jt_pending_link {
    jt_doc *node;
    const jt_scope *scope;
    bool elided;                /* inside <elide>: never fatal */
} jt_pending_link;

typedef struct jt_pending_type {
    jt_type *type;
    jt_param *siblings;         /* params/fields the counts may name */
    size_t nsiblings;
    const char *owner_id;       /* for messages */
    const struct jt_scope *scope;   /* a field's count may name a param of
                                       the function declaring the struct */
    bool elided;                /* inside <elide>: never fatal */
} jt_pending_type;

typedef struct jt_builder {
    jt_spec *spec;
    jt_arena *a;
    const char *file;
    jt_pending_link *links; size_t nlinks, caplinks;
    jt_pending_type *types; size_t ntypes, captypes;
    int order;                      /* last document-order number given */
    int elide_depth;                /* > 0 while building inside <elide> */
    const jt_category *category;    /* the <category> being built, or NULL */
    /* Lines whose DTD-validity warnings an error of ours already explains
     * (an unknown type element and its parent): not repeated. */
    int explained[64]; int nexplained;
    struct {    /* capacities of the spec's growing arrays */
        size_t intros, categories, functions, callbacks, typedefs, constants,
            events, errors, basetypes, changes, capabilities;
    } cap;
} jt_builder;

/* Growable arrays living in the arena: doubling wastes a little memory but
 * keeps the builder simple, and the arena frees everything at once. */
#define JT_PUSH(a, arr, n, cap, item) do {                                   \
        if ((n) == (cap)) {                                                  \
            size_t ncap_ = (cap) ? (cap) * 2 : 8;                            \
            void *p_ = jt_alloc((a), ncap_ * sizeof *(arr));                 \
            if (n) memcpy(p_, (arr), (n) * sizeof *(arr));                   \
            (arr) = p_;                                                      \
            (cap) = ncap_;                                                   \
        }                                                                    \
        (arr)[(n)++] = (item);                                               \
    } while (0)

/* How bad a problem of the spec is, as data: what it breaks decides its
 * level.  A problem that would make an output wrong (a header that names an
 * undeclared type, two functions in one slot) stops generation; one that
 * only costs a link or a check is a warning; anything inside <elide>, which
 * is not part of the API and which OpenJDK's generator never reads for
 * code, is a note.  One row per kind of problem (model_resolve.c). */
typedef enum jt_problem {
    JT_PB_LINK,             /* a link names nothing, or the wrong kind */
    JT_PB_COUNT,            /* incount/outcount names no sibling */
    JT_PB_TYPE,             /* <enum>/<struct> names nothing */
    JT_PB_CAPABILITY,       /* a function/event needs an undefined capability */
    JT_PB_ERROR,            /* a function lists an undefined error */
    JT_PB_COUNT_
} jt_problem;

jt_diag_level jt_problem_level(jt_problem pb, bool elided);

/* model_resolve.c */
int jt_resolve(jt_builder *b);

#endif
