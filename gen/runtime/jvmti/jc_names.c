/* jc_names.c — names=on: references in trace records as names, not
 * addresses (issue 11): a jclass as its signature ("Ljava/lang/String;"),
 * a jmethodID as "java.lang.String.indexOf(I)I", a jfieldID as
 * "java.lang.String.value".
 *
 * Safety first: asking the VM about a reference it would refuse could
 * crash it, so a reference is resolved only when
 *   - the VM accepted it: the call it came with returned JVMTI_ERROR_NONE,
 *     it is an output of such a call, or an event handed it over (the
 *     generated code says so with `accepted`); a refused call's inputs and
 *     a failed call's stay addresses;
 *   - the phase is live, and the thread is in no callback that allows only
 *     callback-safe functions (GetClassSignature and the rest are not);
 *   - the thread is attached (a JNIEnv, to drop the local ref that
 *     GetMethodDeclaringClass makes).
 * All of that happens only inside a record being written: with tracing
 * off, or names=off, nothing here runs.
 *
 * The questions go to the runtime's private env (jc_shim.c), counted as
 * the shim's own calls.  Method names are cached by jmethodID (HotSpot
 * never reuses one): a table of NCACHE entries, emptied whole when it is
 * three quarters full, so memory stays bounded.  jclass refs are handles
 * (one class has many; a freed handle is reused for another) and jfieldIDs
 * are not unique across classes, so classes and fields are asked each time.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_jvmti.h"
#include "jc_shim.h"

#define NCACHE 4096
#define NAME_MAX_LEN 240

typedef struct entry {
    jmethodID id;               /* NULL: free */
    char name[NAME_MAX_LEN];
} entry;

static JavaVM *names_vm;
static jvmtiEnv *own;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static entry *cache;            /* under lock */
static size_t cached;

void jc_names_init(JavaVM *vm, jvmtiEnv *env)
{
    names_vm = vm;
    own = env;
}

/* Whether a reference may be asked about now. */
static bool usable(bool accepted)
{
    return accepted && jc_g.opt.names && own != NULL && jc_me()->restricted_depth == 0
           && atomic_load_explicit(&jc_g.phase, memory_order_relaxed) == JVMTI_PHASE_LIVE;
}

static JNIEnv *jni_env(void)
{
    JNIEnv *jni = NULL;
    if (!names_vm || (*names_vm)->GetEnv(names_vm, (void **)&jni, JNI_VERSION_1_2) != JNI_OK)
        return NULL;
    return jni;
}

static void dealloc(void *p)
{
    if (p)
        JC_SHIM_FN(own, Deallocate)(own, (unsigned char *)p);
}

/* "Ljava/lang/String;" -> "java.lang.String" (arrays and primitives as they are). */
static void dotted(const char *sig, char *buf, size_t len)
{
    size_t n = strlen(sig);
    if (n >= 2 && sig[0] == 'L' && sig[n - 1] == ';') {
        snprintf(buf, len, "%.*s", (int)(n - 2), sig + 1);
        for (char *c = buf; *c; c++)
            if (*c == '/')
                *c = '.';
    } else {
        snprintf(buf, len, "%s", sig);
    }
}

static bool class_signature(jclass k, char *buf, size_t len)
{
    char *sig = NULL;
    if (JC_SHIM_FN(own, GetClassSignature)(own, k, &sig, NULL) != JVMTI_ERROR_NONE || !sig)
        return false;
    snprintf(buf, len, "%s", sig);
    dealloc(sig);
    return true;
}

static bool method_name(jmethodID m, char *buf, size_t len)
{
    JNIEnv *jni = jni_env();
    jclass k = NULL;
    char *name = NULL, *sig = NULL, csig[NAME_MAX_LEN], cls[NAME_MAX_LEN];
    if (!jni || JC_SHIM_FN(own, GetMethodDeclaringClass)(own, m, &k) != JVMTI_ERROR_NONE || !k)
        return false;
    bool ok = class_signature(k, csig, sizeof csig)
              && JC_SHIM_FN(own, GetMethodName)(own, m, &name, &sig, NULL) == JVMTI_ERROR_NONE && name && sig;
    (*jni)->DeleteLocalRef(jni, k);
    if (ok) {
        dotted(csig, cls, sizeof cls);
        if (snprintf(buf, len, "%s.%s%s", cls, name, sig) < 0)     /* a long name is cut */
            ok = false;
    }
    dealloc(name);
    dealloc(sig);
    return ok;
}

static size_t slot_of(jmethodID m)
{
    uint64_t x = (uint64_t)(uintptr_t)m;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 32;
    return (size_t)x & (NCACHE - 1);
}

static bool cache_get(jmethodID m, char *buf, size_t len)
{
    bool hit = false;
    pthread_mutex_lock(&lock);
    if (cache)
        for (size_t i = slot_of(m); cache[i].id; i = (i + 1) & (NCACHE - 1))
            if (cache[i].id == m) {
                snprintf(buf, len, "%s", cache[i].name);
                hit = true;
                break;
            }
    pthread_mutex_unlock(&lock);
    return hit;
}

static void cache_put(jmethodID m, const char *name)
{
    pthread_mutex_lock(&lock);
    if (!cache)
        cache = calloc(NCACHE, sizeof *cache);
    if (cache && cached + 1 > NCACHE * 3 / 4) {     /* bounded: start again */
        memset(cache, 0, NCACHE * sizeof *cache);
        cached = 0;
    }
    if (cache) {
        size_t i = slot_of(m);
        while (cache[i].id && cache[i].id != m)
            i = (i + 1) & (NCACHE - 1);
        cached += cache[i].id == NULL;
        cache[i].id = m;
        snprintf(cache[i].name, sizeof cache[i].name, "%s", name);
    }
    pthread_mutex_unlock(&lock);
}

void jc_rec_arg_class(jc_rec *r, const char *name, jclass k, bool accepted)
{
    char sig[NAME_MAX_LEN];
    if (k && usable(accepted) && class_signature(k, sig, sizeof sig))
        jc_rec_arg_str(r, name, sig);
    else
        jc_rec_arg_ptr(r, name, (const void *)k);
}

void jc_rec_arg_method(jc_rec *r, const char *name, jmethodID m, bool accepted)
{
    char text[NAME_MAX_LEN];
    if (m && usable(accepted) && (cache_get(m, text, sizeof text) || (method_name(m, text, sizeof text)
                                                                       && (cache_put(m, text), true))))
        jc_rec_arg_str(r, name, text);
    else
        jc_rec_arg_ptr(r, name, (const void *)m);
}

bool jc_names_method(jmethodID m, char *buf, size_t len)
{
    return m && own && (cache_get(m, buf, len) || (method_name(m, buf, len) && (cache_put(m, buf), true)));
}

void jc_rec_arg_field(jc_rec *r, const char *name, jclass k, jfieldID f, bool accepted)
{
    char csig[NAME_MAX_LEN], cls[NAME_MAX_LEN], text[2 * NAME_MAX_LEN];
    char *fname = NULL;
    if (k && f && usable(accepted) && class_signature(k, csig, sizeof csig)
        && JC_SHIM_FN(own, GetFieldName)(own, k, f, &fname, NULL, NULL) == JVMTI_ERROR_NONE && fname) {
        dotted(csig, cls, sizeof cls);
        snprintf(text, sizeof text, "%s.%s", cls, fname);
        dealloc(fname);
        jc_rec_arg_str(r, name, text);
    } else {
        jc_rec_arg_ptr(r, name, (const void *)f);
    }
}

void jc_names_reset(void)
{
    pthread_mutex_lock(&lock);
    free(cache);
    cache = NULL;
    cached = 0;
    own = NULL;
    names_vm = NULL;
    pthread_mutex_unlock(&lock);
}
