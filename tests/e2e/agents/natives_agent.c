/* natives_agent.c — an agent library that implements the native methods of
 * tests/e2e/java/Natives.java, as test agents often do, for
 * tests/e2e/natives.sh.  HotSpot finds such natives in agent libraries; the
 * shim must make them found there too.  Its JVMTI use is a token one.
 */
#define AGENT_NAME "natives_agent"

#include "agent.h"

JNIEXPORT jint JNICALL Java_Natives_answer(JNIEnv *jni, jclass cls)
{
    (void)jni, (void)cls;
    return 42;
}

JNIEXPORT jint JNICALL Java_Natives_twice__I(JNIEnv *jni, jclass cls, jint x)
{
    (void)jni, (void)cls;
    return 2 * x;
}

JNIEXPORT jlong JNICALL Java_Natives_twice__J(JNIEnv *jni, jclass cls, jlong x)
{
    (void)jni, (void)cls;
    return 2 * x;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *jvmti;
    jint version;

    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) {
        agent_failed("GetEnv", 0);
        return JNI_ERR;
    }
    TRY((*jvmti)->GetVersionNumber(jvmti, &version));
    return JNI_OK;
}
