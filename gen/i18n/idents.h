/* idents.h — the identifiers a unit of prose names, in English or in a
 * translation (jvmtigen align's confidence, --lint's check of a catalog).
 *
 * A translation keeps the names of the API as they are: the functions,
 * events, types, constants, errors, capabilities and parameters a
 * sentence names are the same in every language.  So the identifiers
 * visible in a unit — in its text and as the text of its links — must be
 * the same set in the msgid and in the msgstr.  A spec's name that is also
 * an English word (a parameter "thread", "method") counts only where the
 * markup marks it as code (<code>, a link), since plain "thread" in the
 * English is a word that a translation rightly translates; so is a name
 * that is one capitalised word ("Allocate", "Breakpoint", "Exception").
 *
 * The content of the elements a translation copies as they are (a nested
 * <intro/>, a <constants/> group, the phase lists, <example>, <pre>) is
 * not prose: it is left out of the identifiers, and the elements
 * themselves are listed apart ("holders"), so that a translation that
 * loses one (and with it a table and its anchors) is told too. */
#ifndef JVMTIGEN_I18N_IDENTS_H
#define JVMTIGEN_I18N_IDENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

typedef struct jt_vocab jt_vocab;

jt_vocab *jt_vocab_new(const jt_spec *s);
void jt_vocab_free(jt_vocab *v);

/* 0: not a name of the spec; 1: a name that is also a plain English word
 * (counted only as code); 2: a name. */
int jt_vocab_class(const jt_vocab *v, const char *tok, size_t len);

/* The identifiers of FRAGMENT (a msgid or msgstr: the spec's markup),
 * sorted, unique, separated by one space, in *IDS; the copied-as-is
 * elements ("name attr=value ...", sorted, separated by " | ") in
 * *HOLDERS.  Both malloc'd.  false (nothing set) when FRAGMENT is not
 * well-formed markup. */
bool jt_unit_idents(const jt_vocab *v, const char *fragment, char **ids, char **holders);

/* Whether NAME is one of the elements copied as they are. */
bool jt_ident_opaque_element(const char *name);
/* Whether NAME is a link (its text, or its id when empty, is code). */
bool jt_ident_link_element(const char *name);

#endif
