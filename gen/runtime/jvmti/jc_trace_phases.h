/* jc_trace_phases.h — JVMTI's phases as the records name them (phase=live),
 * one table for the shim (jc_iface_jvmti's phase_name, which the trace
 * writer and the crash path ask, and the "allowed in:" list of a phase
 * violation in jc_support.c) and for `jvmtigen trace`, which prints a
 * recording's phase byte the same way (gen/trace/).
 *
 * The words are JVMTI's, so they live in the JVMTI tool, behind jc_iface,
 * not in common/'s record syntax (jc_trace_syntax.h).  Plain data and a
 * pure function with jvmtiPhase's values written out (jc_iface.c asserts
 * them against jvmti.h): the generator compiles this file without a
 * jvmti.h, and the crash path calls it from a signal handler.
 */
#ifndef JC_TRACE_PHASES_H
#define JC_TRACE_PHASES_H

/* A jvmtiPhase as the records name it (phase=live); "unknown" for a value
 * that is no phase. */
const char *jc_trace_phase_word(unsigned phase);

/* The phases in the order the spec lists them, for a list of the allowed
 * ones ("allowed in: onload live"). */
#define JC_TRACE_NPHASES 5
extern const struct jc_trace_phase { unsigned phase; const char *word; } jc_trace_phases[JC_TRACE_NPHASES];

#endif
