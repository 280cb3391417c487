/* hpp_types.h — how a spec parameter appears in HotSpot's JvmtiEnv class.
 *
 * HotSpot's implementation functions do not take every argument as the
 * agent passed it: the generated entry layer has already turned a jthread
 * into a JavaThread*, a jmethodID into a Method*, a jfieldID into a
 * fieldDescriptor*, a jclass into its mirror oop, and so on, under other
 * names.  Each such case is one row of jt_hpp_types[] (kind, attribute
 * case, first JDK version); every other type keeps its C spelling and its
 * spec name. */
#ifndef JVMTIGEN_HPP_TYPES_H
#define JVMTIGEN_HPP_TYPES_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

/* Which attribute case of a leaf a row covers. */
typedef enum jt_hpp_case {
    JT_HPP_ANY,             /* every element of the kind */
    JT_HPP_CONVERTED,       /* jthread without impl="noconvert" */
    JT_HPP_NOCONVERT,       /* jthread with impl="noconvert" */
    JT_HPP_PAIRED,          /* jclass with method= or field= */
    JT_HPP_UNPAIRED         /* jclass without them */
} jt_hpp_case;

typedef struct jt_hpp_type {
    jt_kind kind;           /* the param's outermost element */
    jt_hpp_case when;
    int from_major;         /* first JDK feature version (0: all) */
    /* HotSpot type; NULL: the C spelling; "": the param is left out (the
     * entry layer uses it, the implementation does not get it) */
    const char *type;
    const char *name;       /* HotSpot param name; NULL: the spec's id */
} jt_hpp_type;

extern const jt_hpp_type jt_hpp_types[];
extern const size_t jt_hpp_ntypes;

/* The row for t as the generator of JDK feature version `major` used it,
 * or NULL when none applies (C spelling, spec name). */
const jt_hpp_type *jt_hpp_type_for(const jt_type *t, int major);

/* Spells param p for JvmtiEnv: its type into type[len] and its name into
 * *name.  Returns false when the param is left out of the signature. */
bool jt_hpp_param(const jt_param *p, int major, char *type, size_t len, const char **name);

#endif
