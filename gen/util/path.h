/* path.h — file names as the generator prints them.  One helper so that
 * every output that names its input (a banner, a JSON field, a PO
 * comment) names it the same way. */
#ifndef JVMTIGEN_PATH_H
#define JVMTIGEN_PATH_H

/* The last component of PATH (after its last '/'), or PATH itself: a
 * pointer into PATH. */
const char *jt_basename(const char *path);

#endif
