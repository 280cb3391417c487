/* dtc_runtime.h — the contract between the generated transport wrapper
 * (jdwpTransportcheck_gen.c, from spec/jdwpTransport.xml) and the
 * hand-written runtime of libdt_check.so (dtc_runtime.c).
 *
 * The generator writes the wrappers, the error tables and the wrapped
 * function table; the runtime owns the state of the connection, the
 * contract hooks dtc_pre_X / dtc_post_X (what the spec says in prose: the
 * order of calls, the packets' fields, the memory routines), the trace and
 * the verdict. */
#ifndef DTC_RUNTIME_H
#define DTC_RUNTIME_H

#include <stdbool.h>

#include "jdwpTransport.h"

typedef struct dtc_error_name { int num; const char *name; } dtc_error_name;
typedef struct dtc_fn_info {
    const char *name;
    const int *errors;          /* documented, -1 ended */
    bool returns_error;         /* false: returns a value (IsOpen) */
} dtc_fn_info;

extern const dtc_error_name dtc_error_names[];
extern const int dtc_universal_errors[];
extern const dtc_fn_info dtc_fns[];
extern const int dtc_nfns;
extern const struct jdwpTransportNativeInterface_ dtc_wrapped_table;

/* One call in progress: its arguments are kept until it returns, when
 * its record (the shim's, jc_rec_*) is written. */
enum { DTC_ARG_INT, DTC_ARG_PTR, DTC_ARG_STR };
#define DTC_MAX_ARGS 4
typedef struct dtc_arg {
    const char *name;           /* a string constant of the wrapper */
    int type;
    long long v;
    const void *p;
    char s[256];                /* a string argument, cut */
    bool null;
} dtc_arg;
typedef struct dtc_call {
    int fn;
    unsigned long long seq;
    dtc_arg args[DTC_MAX_ARGS];
    int nargs;
    unsigned long long t0;      /* when it started (ns) */
    bool failed_check;
} dtc_call;

void dtc_enter(dtc_call *c, jdwpTransportEnv *env, int fn);
void dtc_arg_long(dtc_call *c, const char *name, long long v);
void dtc_arg_str(dtc_call *c, const char *name, const char *v);
void dtc_arg_ptr(dtc_call *c, const char *name, const void *v);
void dtc_args_done(dtc_call *c);
/* A violation by the caller or the transport: check id, the param (or
 * NULL), a message. */
void dtc_violation(dtc_call *c, const char *check, const char *param, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A NULL the spec forbids: reported, the real function not called; returns
 * the error to give back. */
int dtc_refuse(dtc_call *c, const char *check, const char *param, int error);
/* A call a pre hook refused: traced, error returned. */
int dtc_refused(dtc_call *c, int error);
void dtc_result(dtc_call *c, int error);
void dtc_result_value(dtc_call *c, int value);

const struct jdwpTransportNativeInterface_ *dtc_real(jdwpTransportEnv *env);
jdwpTransportEnv *dtc_real_env(jdwpTransportEnv *env);

/* The contract hooks, one pair per function.  A pre hook returns -1 to
 * let the call through, or the error to return instead: a call the real
 * transport would crash on is reported and refused (see dtc_refused). */
int dtc_pre_GetCapabilities(dtc_call *c, JDWPTransportCapabilities *caps);
void dtc_post_GetCapabilities(dtc_call *c, jdwpTransportError r, JDWPTransportCapabilities *caps);
int dtc_pre_Attach(dtc_call *c, const char *address, jlong t1, jlong t2);
void dtc_post_Attach(dtc_call *c, jdwpTransportError r, const char *address, jlong t1, jlong t2);
int dtc_pre_StartListening(dtc_call *c, const char *address, char **actual);
void dtc_post_StartListening(dtc_call *c, jdwpTransportError r, const char *address, char **actual);
int dtc_pre_StopListening(dtc_call *c);
void dtc_post_StopListening(dtc_call *c, jdwpTransportError r);
int dtc_pre_Accept(dtc_call *c, jlong t1, jlong t2);
void dtc_post_Accept(dtc_call *c, jdwpTransportError r, jlong t1, jlong t2);
int dtc_pre_IsOpen(dtc_call *c);
void dtc_post_IsOpen(dtc_call *c, jboolean r);
int dtc_pre_Close(dtc_call *c);
void dtc_post_Close(dtc_call *c, jdwpTransportError r);
int dtc_pre_ReadPacket(dtc_call *c, jdwpPacket *pkt);
void dtc_post_ReadPacket(dtc_call *c, jdwpTransportError r, jdwpPacket *pkt);
int dtc_pre_WritePacket(dtc_call *c, const jdwpPacket *pkt);
void dtc_post_WritePacket(dtc_call *c, jdwpTransportError r, const jdwpPacket *pkt);
int dtc_pre_GetLastError(dtc_call *c, char **msg);
void dtc_post_GetLastError(dtc_call *c, jdwpTransportError r, char **msg);
int dtc_pre_SetTransportConfiguration(dtc_call *c, jdwpTransportConfiguration *config);
void dtc_post_SetTransportConfiguration(dtc_call *c, jdwpTransportError r, jdwpTransportConfiguration *config);

/* The entry point's work; the generated jdwpTransport_OnLoad (from the
 * spec's callback with entry=) calls it. */
jint dtc_entry_jdwpTransport_OnLoad(JavaVM *jvm, jdwpTransportCallback *callback, jint version,
                                    jdwpTransportEnv **env);

/* JDWP command sets and commands by number (jdwp_commands.c); NULL when
 * unknown. */
const char *dtc_command_set_name(int set);
const char *dtc_command_name(int set, int cmd);
/* A JDWP error code's name ("NOT_FOUND"); NULL when unknown. */
const char *dtc_jdwp_error_name(int code);

#endif
