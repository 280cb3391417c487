/* lang.h — the catalog of the page's own words for --lang=LL. */
#ifndef JVMTIGEN_I18N_LANG_H
#define JVMTIGEN_I18N_LANG_H

#include "i18n/catalog.h"

/* Loads LL.po for --lang=LL into *OUT (NULL for "en", the templates' own
 * language).  Returns 0; 2 after one message when there is no catalog for
 * LL (it lists those there are); 1 when the catalog does not load. */
int jt_lang_load(const char *lang, jt_catalog **out);

/* "zh_CN" -> "zh-CN", the form of the page's lang attribute. */
void jt_lang_tag(const char *lang, char *buf, size_t n);

#endif
