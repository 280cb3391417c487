/* jc_deep_frames.c — check=deep about methods and their frames:
 *
 *   native_method  a native method given where the spec marks the param
 *                  <jmethodID native="error"> (GetBytecodes, GetMaxLocals,
 *                  GetLocalVariableTable ...): it has no bytecodes
 *   location       a jlocation outside the bytecodes of the method beside
 *                  it (SetBreakpoint, ClearBreakpoint): past its end, or in
 *                  a native or abstract method, which has none
 *   local_slot     GetLocal* / SetLocal* of a slot that holds no variable
 *                  at the frame's location, by the method's local variable
 *                  table (or beyond its max_locals)
 *   local_type     ... of a variable whose type is not the function's
 *
 * The first two are asked before the call (the answer is fixed: a method
 * is native or not, its code has one length), so check=strict refuses the
 * call with the spec's error, which is HotSpot's too (NATIVE_METHOD,
 * INVALID_LOCATION).  The local variable ones are asked after the VM has
 * refused the call (INVALID_SLOT or TYPE_MISMATCH, which it does without
 * effect): the frame is read then, so that nothing is asked of the VM on
 * a call that succeeds (debuggers read locals often), and only when the
 * frame cannot have moved since: the thread is the current one or is
 * suspended.  The check reports what the table says (a slot holding no
 * variable there, or the variable's type), which is not always the VM's
 * word: HotSpot answers TYPE_MISMATCH for an object slot read where the
 * table has no variable.  Without a table (a class compiled without -g)
 * only a slot beyond the method's max_locals is known to be wrong; a
 * table the private env cannot read (it lacks can_access_local_variables
 * and cannot add it) leaves the check silent.
 *
 * All questions go to the runtime's private env (jc_deep_env), only when
 * jc_deep_jni says the moment is safe.
 */
#include <stdio.h>
#include <string.h>

#include "jc_deep.h"
#include "jc_inline.h"
#include "jc_jvmti.h"
#include "jc_shim.h"

#define ACC_ABSTRACT 0x0400

/* A method as text for messages ("Probe.target(IJ)I"), or its address. */
static void method_text(jmethodID m, char *buf, size_t len)
{
    if (!jc_names_method(m, buf, len))
        snprintf(buf, len, "method %p", (void *)m);
}

static void dealloc(jvmtiEnv *own, void *p)
{
    if (p)
        JC_SHIM_FN(own, Deallocate)(own, (unsigned char *)p);
}

jvmtiError jc_deep_native(jc_env *ce, int num, const char *param, jmethodID m, jvmtiError bad)
{
    jvmtiEnv *own = jc_deep_env();
    jboolean native = JNI_FALSE;
    char text[256];
    if (bad != JVMTI_ERROR_NONE || !m || !own || !jc_deep_jni(ce) ||
        JC_SHIM_FN(own, IsMethodNative)(own, m, &native) != JVMTI_ERROR_NONE || !native)
        return bad;
    method_text(m, text, sizeof text);
    return jc_flag(JC_CHK_native_method, num, param, JVMTI_ERROR_NATIVE_METHOD, bad,
                   "%s is a native method: it has no bytecodes", text);
}

jvmtiError jc_deep_location(jc_env *ce, int num, const char *param, jmethodID m, jlocation loc, jvmtiError bad)
{
    jvmtiEnv *own = jc_deep_env();
    jboolean native = JNI_FALSE;
    jint mods = 0;
    jlocation start = -1, end = -1;
    char text[256];
    if (bad != JVMTI_ERROR_NONE || !m || !own || !jc_deep_jni(ce))
        return bad;
    const char *none = NULL;
    if (JC_SHIM_FN(own, IsMethodNative)(own, m, &native) == JVMTI_ERROR_NONE && native)
        none = "native";
    else if (JC_SHIM_FN(own, GetMethodModifiers)(own, m, &mods) == JVMTI_ERROR_NONE && (mods & ACC_ABSTRACT))
        none = "abstract";
    if (none) {
        method_text(m, text, sizeof text);
        return jc_flag(JC_CHK_location, num, param, JVMTI_ERROR_INVALID_LOCATION, bad,
                       "%s is %s: it has no bytecodes, so no location %lld", text, none, (long long)loc);
    }
    if (JC_SHIM_FN(own, GetMethodLocation)(own, m, &start, &end) != JVMTI_ERROR_NONE || start < 0 || end < start ||
        (loc >= start && loc <= end))
        return bad;
    method_text(m, text, sizeof text);
    return jc_flag(JC_CHK_location, num, param, JVMTI_ERROR_INVALID_LOCATION, bad,
                   "location %lld is outside the bytecodes of %s (%lld..%lld)", (long long)loc, text,
                   (long long)start, (long long)end);
}

/* ---- local variables ------------------------------------------------------------ */

/* The private env's can_access_local_variables: added on first need (the
 * agent's env holds it, or the VM would not have got as far as the slot,
 * so the VM can give it); 1 held, -1 refused. */
static _Atomic int locals_cap;

static bool can_read_tables(jvmtiEnv *own)
{
    int s = atomic_load(&locals_cap);
    if (s == 0) {
        jvmtiCapabilities caps;
        memset(&caps, 0, sizeof caps);
        caps.can_access_local_variables = 1;
        s = JC_SHIM_FN(own, AddCapabilities)(own, &caps) == JVMTI_ERROR_NONE ? 1 : -1;
        atomic_store(&locals_cap, s);
    }
    return s > 0;
}

/* The frame at depth cannot move while we look: the thread is the caller
 * (NULL, or the same object) or is suspended. */
static bool frame_still(JNIEnv *jni, jvmtiEnv *own, jthread thread)
{
    jthread cur = NULL;
    jint state = 0;
    if (!thread)
        return true;
    if (!jc_deep_live(jni, thread))
        return false;
    if (JC_SHIM_FN(own, GetCurrentThread)(own, &cur) == JVMTI_ERROR_NONE && cur) {
        bool same = (*jni)->IsSameObject(jni, thread, cur) != JNI_FALSE;
        (*jni)->DeleteLocalRef(jni, cur);
        if (same)
            return true;
    }
    return JC_SHIM_FN(own, GetThreadState)(own, thread, &state) == JVMTI_ERROR_NONE &&
           (state & JVMTI_THREAD_STATE_SUSPENDED);
}

static const struct { char letter; const char *word; } type_words[] = {
    { 'I', "int" }, { 'S', "short" }, { 'C', "char" }, { 'B', "byte" }, { 'Z', "boolean" },
    { 'J', "long" }, { 'F', "float" }, { 'D', "double" }, { 'L', "Object" },
};

/* "int, short, char, byte or boolean" of "ISCBZ". */
static void types_text(const char *types, char *buf, size_t len)
{
    size_t at = 0, n = strlen(types);
    buf[0] = '\0';
    for (size_t i = 0; i < n && at < len; i++)
        for (size_t k = 0; k < sizeof type_words / sizeof *type_words; k++)
            if (type_words[k].letter == types[i])
                at += (size_t)snprintf(buf + at, len - at, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
                                       type_words[k].word);
}

/* The variables a table has live at loc, "0 a I, 3 s Ljava/lang/String;". */
static void live_text(const jvmtiLocalVariableEntry *t, jint n, jlocation loc, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (jint i = 0; i < n && at < len; i++)
        if (loc >= t[i].start_location && loc <= t[i].start_location + t[i].length)
            at += (size_t)snprintf(buf + at, len - at, "%s%d %s %s", at ? ", " : "", (int)t[i].slot,
                                   t[i].name ? t[i].name : "?", t[i].signature ? t[i].signature : "?");
    if (!buf[0])
        snprintf(buf, len, "none");
}

static void free_table(jvmtiEnv *own, jvmtiLocalVariableEntry *t, jint n)
{
    for (jint i = 0; t && i < n; i++) {
        dealloc(own, t[i].name);
        dealloc(own, t[i].signature);
        dealloc(own, t[i].generic_signature);
    }
    dealloc(own, t);
}

void jc_deep_local(jc_env *ce, int num, const char *param, jthread thread, jint depth, jint slot,
                   const char *types, jvmtiError err)
{
    jvmtiEnv *own = jc_deep_env();
    JNIEnv *jni = jc_deep_jni(ce);
    jmethodID m = NULL;
    jlocation loc = -1;
    char text[256], live[256], want[96];
    if (!own || !jni || !frame_still(jni, own, thread) ||
        JC_SHIM_FN(own, GetFrameLocation)(own, thread, depth, &m, &loc) != JVMTI_ERROR_NONE || !m || loc < 0 ||
        !can_read_tables(own))
        return;
    jvmtiLocalVariableEntry *t = NULL;
    jint n = 0;
    jvmtiError e = JC_SHIM_FN(own, GetLocalVariableTable)(own, m, &n, &t);
    if (e == JVMTI_ERROR_ABSENT_INFORMATION) {
        /* no table: only max_locals is known (a long or double takes two) */
        jint max = 0;
        bool wide = types[0] == 'J' || types[0] == 'D';
        if (JC_SHIM_FN(own, GetMaxLocals)(own, m, &max) != JVMTI_ERROR_NONE ||
            (slot >= 0 && slot + (wide ? 1 : 0) < max))
            return;
        method_text(m, text, sizeof text);
        jc_flag(JC_CHK_local_slot, num, param, err, JVMTI_ERROR_NONE,
                "slot %d is outside the %d local slots of %s", (int)slot, (int)max, text);
        return;
    }
    if (e != JVMTI_ERROR_NONE)
        return;
    const jvmtiLocalVariableEntry *v = NULL;
    for (jint i = 0; i < n && !v; i++)
        if (t[i].slot == slot && loc >= t[i].start_location && loc <= t[i].start_location + t[i].length)
            v = &t[i];
    method_text(m, text, sizeof text);
    if (!v) {
        live_text(t, n, loc, live, sizeof live);
        jc_flag(JC_CHK_local_slot, num, param, err, JVMTI_ERROR_NONE,
                "slot %d holds no local variable of %s at location %lld (its local variable table has live "
                "there: %s)",
                (int)slot, text, (long long)loc, live);
    } else if (types[0] && v->signature) {
        char letter = v->signature[0] == '[' ? 'L' : v->signature[0];
        if (!strchr(types, letter)) {
            types_text(types, want, sizeof want);
            jc_flag(JC_CHK_local_type, num, param, err, JVMTI_ERROR_NONE,
                    "slot %d is the variable %s of type %s in %s at location %lld, not of type %s", (int)slot,
                    v->name ? v->name : "?", v->signature, text, (long long)loc, want);
        }
    }
    free_table(own, t, n);
}
