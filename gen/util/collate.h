/* collate.h — order identifiers the way OpenJDK's generator sorts them.
 *
 * OpenJDK's stylesheets sort with xsl:sort and no lang, which Java's XSLT
 * engine does with the default locale's Collator (the build runs with
 * en_US).  For the ASCII identifiers of jvmti.xml that collator compares
 * letters without regard to case first (so "VirtualThreadEnd" comes before
 * "VMDeath", where byte order puts it after), digits before letters and
 * punctuation before both, and only then lets lower case win over upper
 * case.  Outputs that must match OpenJDK's byte for byte sort with this.
 */
#ifndef JVMTIGEN_COLLATE_H
#define JVMTIGEN_COLLATE_H

/* <0, 0, >0 like strcmp; 0 only for equal strings. */
int jt_collate(const char *a, const char *b);

#endif
