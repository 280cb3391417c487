/* collate.h — order strings the way OpenJDK's generator sorts them.
 *
 * OpenJDK's stylesheets sort with xsl:sort and no lang, which Java's XSLT
 * engine does with the default locale's Collator (the build runs with
 * en_US), not by code point: letters compare without regard to case first
 * (so "VirtualThreadEnd" comes before "VMDeath"), digits before letters and
 * punctuation before both, spaces and '-' count only when all else is
 * equal, and only then does lower case win over upper case.  Outputs that
 * must match OpenJDK's byte for byte sort with this: jvmti.h's event
 * typedefs, and every xsl:sort of `jvmtigen --xsl` (cmd/xsl_collate.c).
 */
#ifndef JVMTIGEN_COLLATE_H
#define JVMTIGEN_COLLATE_H

/* Java's Collator.compare() for Locale.US (strength TERTIARY, no
 * decomposition): <0, 0, >0.  Exact for ASCII; other characters (UTF-8)
 * come after all of ASCII, by code point.  0 also for strings that differ
 * only in characters Java ignores (control characters). */
int jt_collate_java(const char *a, const char *b);
/* The same, ties broken by byte order: 0 only for equal strings. */
int jt_collate(const char *a, const char *b);

#endif
