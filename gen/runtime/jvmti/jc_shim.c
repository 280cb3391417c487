/* jc_shim.c — libjvmticheck as a JVM agent: the shim between the VM and a
 * real agent.
 *
 *   -agentpath:libjvmticheck.so=trace=all,...,agent=/path/libreal.so=its,options
 *
 * Agent_OnLoad / Agent_OnAttach parse our options, dlopen the real agent and
 * call its entry point with a wrapped JavaVM: a copy of the VM's invocation
 * table whose GetEnv hands out a checked jvmtiEnv (jc_env) for every JVMTI
 * version asked for.  JNI versions, and the VM's other invocation functions,
 * go to the real VM untouched.  The checked env then does the rest: the
 * generated wrappers check and trace each call, and the hooks route events
 * through our trampolines so that callbacks see the checked env too.
 *
 * Phase tracking.  A wrapped call must know the phase without asking the VM,
 * so the runtime keeps jc_g.phase up to date from a private env of its own
 * (jc_track_phase).  The VM posts an event to its envs in the order they were
 * created, and that order matters twice:
 *   - VMDeath must reach us after the agent's VMDeath callback, which may
 *     still call functions and Deallocate; only then may the phase become
 *     dead and the summary and leak report be written.  So the private env
 *     is created after the real agent's entry point returns.  Envs the
 *     agent creates later are told after ours: the VM is still live in
 *     their VMDeath callbacks while we say dead, which the wrapper's check
 *     of GetPhase (below) corrects; and the shim reports later anyway, from
 *     Agent_OnUnload.  (Replacing our env by a fresh one, last in the VM's
 *     list, would put ours last; but HotSpot stops its -XX:TraceJVMTI
 *     tracing at the first DisposeEnvironment.)
 *   - VMStart and VMInit must move the phase before the agent's callbacks
 *     run, which a late env cannot do; jc_hooks.c does that in front of the
 *     agent's own VMStart/VMInit callbacks.  Until the agent's entry point
 *     returns, the phase is the one its entry point is defined to run in;
 *     after Agent_OnLoad, primordial.
 * What events cannot tell (an early VMStart, which HotSpot posts only to
 * envs with can_generate_early_vmstart) the wrapper learns on its slow path:
 * before reporting a `phase` violation it asks the VM's GetPhase
 * (jc_phase_confirm in jc_support.c).
 *
 * Every failure at load is one line on stderr and a non-zero return, which
 * makes the VM stop with its own "agent library failed to init" line, or
 * the attach fail.  The library stays loaded after a failed attach, and a
 * second load of it (a second -agentpath, attach) runs in a copy of its
 * own: jc_instance.c.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1     /* jc_open.h: O_CLOEXEC, S_ISSOCK under -std=c11 */
#endif
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_callsite.h"
#include "jc_deep.h"
#include "jc_jvmti.h"
#include "jc_monitors.h"
#include "jc_open.h"
#include "jc_quote.h"
#include "jc_reach.h"
#include "jc_runtime.h"
#include "jc_shim.h"

typedef jint (JNICALL *jc_agent_entry)(JavaVM *vm, char *options, void *reserved);
typedef void (JNICALL *jc_agent_unload)(JavaVM *vm);

static JavaVM *jc_real_vm;                          /* the VM's own */
static struct JNIInvokeInterface_ jc_vm_functions;  /* its table, GetEnv ours */
static const struct JNIInvokeInterface_ *jc_vm_object = &jc_vm_functions;
static JavaVM *const jc_wrapped_vm = &jc_vm_object; /* what the agent gets */
static jc_agent_unload jc_real_unload;              /* the agent's, or NULL */
static int jc_started;                              /* an entry point ran */
static bool jc_live;                                /* ... and succeeded */
static atomic_flag jc_unloaded = ATOMIC_FLAG_INIT;  /* Agent_OnUnload ran */
static bool jc_bind_natives;                        /* the agent exports Java_ symbols */

/* ---- messages ---------------------------------------------------------------- */

static jint jc_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* One line on stderr (the log may not be open, or may be a file nobody reads
 * when the VM refuses to start); returns the code that stops the VM. */
static jint jc_fail_line(const char *line)
{
    fprintf(stderr, "%s\n", line);
    return JNI_ERR;
}

/* The same for our own messages; jc_init's and jc_track_phase's come with
 * the "jvmticheck: " already, and go to jc_fail_line. */
static jint jc_fail(const char *fmt, ...)
{
    va_list ap;
    char line[1024];
    int n = snprintf(line, sizeof line, "jvmticheck: ");

    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
    va_end(ap);
    return jc_fail_line(line);
}

/* ---- the wrapped JavaVM --------------------------------------------------------- */

/* JVMTI versions get a checked env around the real one; anything else (JNI
 * versions, errors) is the VM's answer unchanged. */
static jint JNICALL jc_vm_GetEnv(JavaVM *vm, void **penv, jint version)
{
    jint rc;
    jc_env *ce;

    (void)vm;
    rc = (*jc_real_vm)->GetEnv(jc_real_vm, penv, version);
    if (rc != JNI_OK || (version & JVMTI_VERSION_MASK_INTERFACE_TYPE) != JVMTI_VERSION_INTERFACE_JVMTI)
        return rc;
    jc_vm_learn((jvmtiEnv *)*penv);
    ce = jc_env_new(jc_real_vm, (jvmtiEnv *)*penv, version);
    if (ce == NULL) {
        jvmtiEnv *real = (jvmtiEnv *)*penv;

        JC_SHIM_FN(real, DisposeEnvironment)(real);
        *penv = NULL;
        return JNI_ENOMEM;
    }
    jc_hook_caps_changed(ce);
    *penv = ce;
    return JNI_OK;
}

static jint JNICALL jc_vm_DestroyJavaVM(JavaVM *vm)
{
    (void)vm;
    return (*jc_real_vm)->DestroyJavaVM(jc_real_vm);
}

static jint JNICALL jc_vm_AttachCurrentThread(JavaVM *vm, void **penv, void *args)
{
    (void)vm;
    return (*jc_real_vm)->AttachCurrentThread(jc_real_vm, penv, args);
}

static jint JNICALL jc_vm_DetachCurrentThread(JavaVM *vm)
{
    (void)vm;
    return (*jc_real_vm)->DetachCurrentThread(jc_real_vm);
}

static jint JNICALL jc_vm_AttachCurrentThreadAsDaemon(JavaVM *vm, void **penv, void *args)
{
    (void)vm;
    return (*jc_real_vm)->AttachCurrentThreadAsDaemon(jc_real_vm, penv, args);
}

static void jc_wrap_vm(JavaVM *real)
{
    jc_real_vm = real;
    jc_vm_functions = **real;   /* keeps the reserved slots as they are */
    jc_vm_functions.DestroyJavaVM = jc_vm_DestroyJavaVM;
    jc_vm_functions.AttachCurrentThread = jc_vm_AttachCurrentThread;
    jc_vm_functions.DetachCurrentThread = jc_vm_DetachCurrentThread;
    jc_vm_functions.GetEnv = jc_vm_GetEnv;
    jc_vm_functions.AttachCurrentThreadAsDaemon = jc_vm_AttachCurrentThreadAsDaemon;
}

/* ---- phase tracking ----------------------------------------------------------------- */

static void JNICALL jc_on_vm_start(jvmtiEnv *env, JNIEnv *jni)
{
    (void)env, (void)jni;
    atomic_store(&jc_g.phase, JVMTI_PHASE_START);
}

static void JNICALL jc_on_vm_init(jvmtiEnv *env, JNIEnv *jni, jthread thread)
{
    (void)env, (void)jni, (void)thread;
    atomic_store(&jc_g.phase, JVMTI_PHASE_LIVE);
}

/* Comes after the VMDeath callbacks of every env created before ours
 * (see the top of the file), so their last calls are in the summary.  The
 * shim reports later still, from Agent_OnUnload (after the agent's, which
 * may free memory there), which HotSpot calls on every exit, System.exit
 * and Runtime.halt included; jvmti_check_wrap has no unload of its own and
 * reports here. */
static void JNICALL jc_on_vm_death(jvmtiEnv *env, JNIEnv *jni)
{
    (void)env, (void)jni;
    if (!jc_started)
        jc_report_summary();
    atomic_store(&jc_g.phase, JVMTI_PHASE_DEAD);
}

/* Should Agent_OnUnload never come, the report is written at exit. */
static void jc_report_at_exit(void)
{
    jc_report_summary();
}

/* A new private env that follows VMStart, VMInit and VMDeath. */
static jvmtiEnv *jc_new_phase_env(JavaVM *vm, char *err, size_t errlen)
{
    static const jvmtiEvent events[] = { JVMTI_EVENT_VM_START, JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH,
                                         JVMTI_EVENT_CLASS_PREPARE };
    jvmtiEventCallbacks cb;
    jvmtiEnv *env = NULL;
    jvmtiError e;
    jint rc;

    rc = (*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_1_0);
    if (rc != JNI_OK) {
        snprintf(err, errlen, "jvmticheck: cannot get a JVMTI environment to follow the phase (GetEnv returned %d)",
                 (int)rc);
        return NULL;
    }
    memset(&cb, 0, sizeof cb);
    cb.VMStart = jc_on_vm_start;
    cb.VMInit = jc_on_vm_init;
    cb.VMDeath = jc_on_vm_death;
    if (jc_bind_natives)
        cb.ClassPrepare = jc_natives_class_prepare;
    e = JC_SHIM_FN(env, SetEventCallbacks)(env, &cb, (jint)sizeof cb);
    /* ClassPrepare (last) only for the agent's natives */
    size_t nevents = sizeof events / sizeof events[0] - (jc_bind_natives ? 0 : 1);
    for (size_t i = 0; e == JVMTI_ERROR_NONE && i < nevents; i++)
        e = JC_SHIM_FN(env, SetEventNotificationMode)(env, JVMTI_ENABLE, events[i], NULL);
    if (e != JVMTI_ERROR_NONE) {
        snprintf(err, errlen, "jvmticheck: cannot enable the VM start, init and death events (error %d)", (int)e);
        JC_SHIM_FN(env, DisposeEnvironment)(env);
        return NULL;
    }
    return env;
}

int jc_track_phase(JavaVM *vm, char *err, size_t errlen)
{
    jvmtiEnv *env;
    jvmtiPhase phase;
    jvmtiError e;

    env = jc_new_phase_env(vm, err, errlen);
    if (env == NULL)
        return -1;
    e = JC_SHIM_FN(env, GetPhase)(env, &phase);
    if (e != JVMTI_ERROR_NONE) {
        snprintf(err, errlen, "jvmticheck: GetPhase failed with error %d", (int)e);
        return -1;
    }
    atomic_store(&jc_g.phase, phase);
    jc_vthreads_init(vm, env);
    jc_names_init(vm, env);
    jc_deep_init(vm, env);
    return 0;
}


/* ---- entry points ------------------------------------------------------------------- */

/* Agent_OnLoad and Agent_OnAttach alike, for this runtime's one load:
 * entry names the real agent's entry point, phase the phase it runs in. */
static jint jc_start_run(JavaVM *vm, char *options, void *reserved, const char *entry, jvmtiPhase phase)
{
    char err[512];
    void *lib;
    jc_agent_entry real_entry;
    const char *path;
    jint rc;

    if (jc_init(options != NULL ? options : "", true, err, sizeof err) != 0)
        return jc_fail_line(err);
    if (jc_g.opt.help) {        /* the reference, and a clean exit, as jdwp's help */
        jc_help_print();
        exit(0);
    }
    atomic_store(&jc_g.phase, phase);
    jc_wrap_vm(vm);
    atexit(jc_report_at_exit);

    path = jc_g.opt.agent_path;
    char q[300], qe[600];
    jc_quote(path, q, sizeof q);
    /* a FIFO would block dlopen's open(2) until someone wrote to it */
    struct stat st;
    int fd = strchr(path, '/') ? jc_open_kind(path, O_RDONLY, 0, JC_KIND_REG, &st) : -1;
    if (fd < 0 && errno == 0 && strchr(path, '/'))
        return jc_fail("cannot load agent %s: it is %s (expected a shared library)", q, jc_file_kind_name(st.st_mode));
    if (fd >= 0)
        close(fd);
    dlerror();
    lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL)
        return jc_fail("cannot load agent %s: %s", q, jc_quote(dlerror(), qe, sizeof qe));
    /* the shim (this library, or another copy of it) as its own agent
     * would run again inside itself, on the options after agent= */
    if (dlsym(lib, "jvmticheck_instance_join") != NULL)
        return jc_fail("agent=%s is libjvmticheck itself: agent= names the agent to check "
                       "(agent=/path/to/libagent.so[=its options])", q);
    real_entry = (jc_agent_entry)dlsym(lib, entry);
    if (real_entry == NULL)
        return jc_fail("%s has no %s", q, entry);
    jc_real_unload = (jc_agent_unload)dlsym(lib, "Agent_OnUnload");
    jc_reach_add_module((const void *)(uintptr_t)real_entry);  /* its data: leak report roots */
    jc_bind_natives = jc_natives_init(lib, path);
    jc_mon_all_seen();      /* wrapped from its start: monitor_invalid may judge */

    rc = real_entry(jc_wrapped_vm, jc_g.opt.agent_options, reserved);
    if (rc != JNI_OK) {
        jc_fail("%s: %s returned %d", q, entry, (int)rc);
        return rc;
    }
    if (jc_track_phase(vm, err, sizeof err) != 0)
        return jc_fail_line(err);
    /* The VM leaves the OnLoad phase when Agent_OnLoad returns: primordial
     * next (GetPhase, asked above, still says onload). */
    if (phase == JVMTI_PHASE_ONLOAD)
        atomic_store(&jc_g.phase, JVMTI_PHASE_PRIMORDIAL);
    return JNI_OK;
}

/* A load of the library: the first is this runtime's; each later one goes
 * to a fresh copy of the library (jc_instance.c), whatever became of the
 * first.  A load that fails leaves this runtime as it is (it cannot be
 * unloaded): its report ends at once, and nothing of it runs at exit. */
static jint jc_start(JavaVM *vm, char *options, void *reserved, const char *entry, jvmtiPhase phase)
{
    if (jc_started)
        return jc_instance_forward(entry, vm, options, reserved);
    jc_started = 1;
    jc_instance_pin();
    jc_instance_begin();
    jint rc = jc_start_run(vm, options, reserved, entry, phase);
    if (rc == JNI_OK)
        jc_live = true;
    else
        jc_report_abandon();
    return rc;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    return jc_start(vm, options, reserved, "Agent_OnLoad", JVMTI_PHASE_ONLOAD);
}

JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM *vm, char *options, void *reserved)
{
    return jc_start(vm, options, reserved, "Agent_OnAttach", JVMTI_PHASE_LIVE);
}

/* The VM's last word to us, once for each load of this library that
 * succeeded: pass it on, then report (jc_report_summary reports once, so
 * this is a no-op when VMDeath already did); then the same for the copies
 * later loads made (jc_instance.c). */
JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    if (jc_live && !atomic_flag_test_and_set(&jc_unloaded)) {
        if (jc_real_unload != NULL)
            jc_real_unload(jc_wrapped_vm);
        jc_report_summary();
        jc_trace_flush_all();
    }
    jc_instance_unload_copies(vm);
}
