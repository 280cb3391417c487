#!/usr/bin/env bash
# compile-header.sh — what jvmtigen generates must compile cleanly, as C99
# and as C++, with every warning an error, for the five shared specs.
#
# For each spec: generate everything into a directory, compile a small agent
# that uses jvmtiEnv, jvmtiCapabilities and jvmtiEventCallbacks against the
# generated jvmti.h (jni.h comes from the JDK), then compile jvmti_names.c.
# Exit 0 pass, 1 fail, 77 skip (inputs or compilers missing).
set -euo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${JDK_HOME:?}" "${builddir:?}" "${srcdir:?}"
. "$srcdir/tests/skip-lib.sh"   # skip_or_fail
out=$builddir/tests/out/compile-header
rm -rf "$out"
mkdir -p "$out"

for f in "$JDK_HOME/include/jni.h" "$JDK_HOME/include/linux/jni_md.h" \
         "$SPEC_DIR/jdk17/jvmti.xml" "$SPEC_DIR/jdk8/jvmti.xml" \
         "$SPEC_DIR/jdk25/jvmti.xml"; do
    if [[ ! -f $f ]]; then
        echo "SKIP: $f not found (see README.md: scripts/setup-debian.sh, ../shared/spec)"
        exit 77
    fi
done
for cc in gcc g++; do
    command -v "$cc" >/dev/null || skip_or_fail "$cc not installed"
done

# The same agent as C and as C++ (JNI's C++ API has no explicit env argument).
cat >"$out/agent.c" <<'AGENT'
#include <string.h>
#include "jvmti.h"

#ifdef __cplusplus
#define JT_CALL(env, fn, ...) (env)->fn(__VA_ARGS__)
extern "C" {
#else
#define JT_CALL(env, fn, ...) (*(env))->fn((env), __VA_ARGS__)
#endif

static void JNICALL on_vm_init(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread)
{
    (void)jvmti; (void)jni; (void)thread;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *jvmti = NULL;
    jvmtiCapabilities caps;
    jvmtiEventCallbacks callbacks;

    (void)options; (void)reserved;
    if (JT_CALL(vm, GetEnv, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK)
        return JNI_ERR;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    caps.can_generate_all_class_hook_events = 1;
    if (JT_CALL(jvmti, AddCapabilities, &caps) != JVMTI_ERROR_NONE)
        return JNI_ERR;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMInit = on_vm_init;
    if (JT_CALL(jvmti, SetEventCallbacks, &callbacks, (jint)sizeof callbacks) != JVMTI_ERROR_NONE)
        return JNI_ERR;
    if (JT_CALL(jvmti, SetEventNotificationMode, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, (jthread)NULL)
        != JVMTI_ERROR_NONE)
        return JNI_ERR;
    return JNI_OK;
}

#ifdef __cplusplus
}
#endif
AGENT
cp "$out/agent.c" "$out/agent.cpp"

status=0
# run DESCRIPTION COMMAND...: print the command, run it, record a failure.
run() {
    local what=$1; shift
    echo "   $*"
    if "$@"; then
        echo "   ok: $what"
    else
        echo "FAIL: $what"
        status=1
    fi
}

jdk_inc=(-I "$JDK_HOME/include" -I "$JDK_HOME/include/linux")
for v in jdk8 jdk11 jdk17 jdk21 jdk25; do
    gen=$out/$v
    mkdir -p "$gen"
    [[ -f $SPEC_DIR/$v/jvmti.xml ]] || { echo "note: $SPEC_DIR/$v/jvmti.xml not found: skipped"; continue; }
    echo "== $v: $JVMTIGEN -q -o $gen $SPEC_DIR/$v/jvmti.xml"
    if ! "$JVMTIGEN" -q -o "$gen" "$SPEC_DIR/$v/jvmti.xml"; then
        echo "FAIL: jvmtigen exited non-zero on the $v spec"
        status=1
        continue
    fi
    run "$v jvmti.h as C99" gcc -std=c99 -Wall -Wextra -pedantic -Werror \
        -c -I "$gen" "${jdk_inc[@]}" -o "$gen/agent-c.o" "$out/agent.c"
    run "$v jvmti.h as C++" g++ -std=c++11 -Wall -Wextra -pedantic -Werror \
        -c -I "$gen" "${jdk_inc[@]}" -o "$gen/agent-cpp.o" "$out/agent.cpp"
    run "$v jvmti_names.c as C99" gcc -std=c99 -Wall -Wextra -pedantic -Werror \
        -c -I "$gen" "${jdk_inc[@]}" -o "$gen/jvmti_names.o" "$gen/jvmti_names.c"
done

exit $status
