/* jvmticheck.h — check and trace an agent's own JVMTI calls.
 *
 * libjvmticheck is usually loaded as a shim in front of an agent
 * (-agentpath:libjvmticheck.so=OPTIONS,agent=/path/libagent.so=ITS_OPTIONS).
 * An agent can instead link it and wrap its env itself:
 *
 *     cc -shared -fPIC agent.c $(pkg-config --cflags --libs jvmticheck)
 *
 *     jvmtiEnv *raw, *jvmti;
 *     (*vm)->GetEnv(vm, (void **)&raw, JVMTI_VERSION);
 *     jvmti = jvmti_check_wrap(vm, raw, "check=strict,trace=errors,log=/tmp/agent.jsonl");
 *     if (jvmti == NULL)
 *         return JNI_ERR;
 *
 * and then use jvmti everywhere, raw nowhere.
 */
#ifndef JVMTICHECK_H
#define JVMTICHECK_H

#include <jvmti.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define JVMTICHECK_API __attribute__((visibility("default")))
#else
#define JVMTICHECK_API
#endif

/* Returns a checked env around env, a JVMTI env of vm: every call made
 * through it is checked against the specification (phase, capabilities,
 * NULL and range of parameters, ...) and traced as options say, and the
 * event callbacks set through it receive it rather than env.  Call it as
 * early as possible (best in Agent_OnLoad), so that the phase is followed
 * from the start.
 *
 * options are the shim's, without agent=: for example
 * "check=strict,trace=all,format=jsonl,log=/tmp/t.jsonl".  The first call
 * in a process sets them; later calls must pass the same string.  An env
 * that is already checked (an agent running under the shim gets those from
 * GetEnv) is returned as it is, whatever the options.
 *
 * Returns NULL after printing one line on stderr when the options are bad
 * or the runtime cannot start; env is then untouched and still usable.
 * The checked env lives as long as env; DisposeEnvironment it, not env. */
JVMTICHECK_API jvmtiEnv *jvmti_check_wrap(JavaVM *vm, jvmtiEnv *env, const char *options);

#ifdef __cplusplus
}
#endif

#endif
