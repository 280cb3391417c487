/* misuse_user.c — a transport user that gets the order wrong, for
 * tests/e2e/dtcheck-misuse.sh.  It loads libdt_check.so (argv[1]) the way
 * libjdwp does, with the real dt_socket under it (DTCHECK_OPTIONS
 * transport=), and calls the wrapped table in each wrong way the spec
 * rules out, one mistake a step, printing "step N: what" before each so the
 * test can match the reports to the steps.  The transport gets a real
 * JavaVM (libjvm.so, argv[2], started with JNI_CreateJavaVM): dt_socket
 * uses it.  With a third argument, "transport", every call is right and
 * the transport under it is wrong (bad_transport.c); with "repeat", one
 * mistake is made three times from one line (one context, for repeat=).  Built against the JDK's own
 * jdwpTransport.h, as a third party builds.  Every call must return: the
 * checked transport refuses what would crash the real one. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jdwpTransport.h"

static void *my_alloc(jint n) { return n > 0 ? malloc((size_t)n) : NULL; }
static void my_free(void *p) { free(p); }

static void step(int n, const char *what)
{
    printf("step %d: %s\n", n, what);
    fflush(stdout);
    fflush(stderr);
}

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: misuse_user LIBDT_CHECK.so LIBJVM.so [transport]\n");
        return 2;
    }
    void *jvmlib = dlopen(argv[2], RTLD_NOW);
    jint (JNICALL *create)(JavaVM **, void **, void *) =
        jvmlib ? (jint (JNICALL *)(JavaVM **, void **, void *))dlsym(jvmlib, "JNI_CreateJavaVM") : NULL;
    JavaVM *vm = NULL;
    JNIEnv *jni = NULL;
    JavaVMInitArgs args = { JNI_VERSION_1_8, 0, NULL, JNI_TRUE };
    if (!create || create(&vm, (void **)&jni, &args) != JNI_OK) {
        fprintf(stderr, "misuse_user: cannot start a JVM from %s\n", argv[2]);
        return 2;
    }
    void *lib = dlopen(argv[1], RTLD_NOW);
    jdwpTransport_OnLoad_t onload = lib ? (jdwpTransport_OnLoad_t)dlsym(lib, "jdwpTransport_OnLoad") : NULL;
    if (!onload) {
        fprintf(stderr, "misuse_user: %s\n", dlerror());
        return 2;
    }
    jdwpTransportCallback cb = { my_alloc, my_free };
    jdwpTransportEnv *t = NULL;
    step(0, "jdwpTransport_OnLoad with a NULL JavaVM");
    if (onload(NULL, &cb, JDWPTRANSPORT_VERSION_1_0, &t) != JNI_ERR)
        return 3;
    if (onload(vm, &cb, JDWPTRANSPORT_VERSION_1_0, &t) != JNI_OK || !t) {
        fprintf(stderr, "misuse_user: jdwpTransport_OnLoad failed\n");
        return 2;
    }
    jdwpPacket p = { 0 };
    jbyte data[16] = { 0 };
    char *addr = NULL;

    if (argc == 4 && strcmp(argv[3], "repeat") == 0) {
        step(1, "ReadPacket before any connection, three times from one line");
        for (int i = 0; i < 3; i++)
            (*t)->ReadPacket(t, &p);
        step(15, "done");
        (*vm)->DestroyJavaVM(vm);
        return 0;
    }
    if (argc == 4) {
        /* mode "transport": every call right, over a transport that is not
         * (tests/e2e/transport/bad_transport.c) */
        step(1, "StartListening");
        if ((*t)->StartListening(t, "", &addr) == JDWPTRANSPORT_ERROR_NONE)
            free(addr);
        step(2, "Accept");
        (*t)->Accept(t, 0, 0);
        step(3, "ReadPacket");
        if ((*t)->ReadPacket(t, &p) == JDWPTRANSPORT_ERROR_NONE)
            free(p.type.cmd.data);
        step(4, "GetLastError");
        if ((*t)->GetLastError(t, &addr) == JDWPTRANSPORT_ERROR_NONE)
            free(addr);
        step(5, "StopListening");
        (*t)->StopListening(t);
        step(6, "Close");
        (*t)->Close(t);
        step(15, "done");
        (*vm)->DestroyJavaVM(vm);
        return 0;
    }

    step(1, "ReadPacket before any connection");
    (*t)->ReadPacket(t, &p);
    step(2, "WritePacket before any connection");
    p.type.cmd.len = 11;
    p.type.cmd.id = 1;
    p.type.cmd.cmdSet = 1;
    p.type.cmd.cmd = 1;
    (*t)->WritePacket(t, &p);
    step(3, "Accept before StartListening");
    (*t)->Accept(t, 1, 1);
    step(4, "ReadPacket with a NULL packet");
    (*t)->ReadPacket(t, NULL);
    step(5, "GetCapabilities with a NULL pointer");
    (*t)->GetCapabilities(t, NULL);
    step(6, "Attach to a NULL address");
    (*t)->Attach(t, NULL, 0, 0);
    step(7, "StartListening, correctly");
    if ((*t)->StartListening(t, "127.0.0.1:0", &addr) != JDWPTRANSPORT_ERROR_NONE)
        return 3;
    free(addr);     /* memory from the agent's alloc: the agent's free */
    step(8, "StartListening again while listening");
    addr = NULL;
    (*t)->StartListening(t, "127.0.0.1:0", &addr);
    free(addr);
    step(9, "Attach while listening");
    (*t)->Attach(t, "127.0.0.1:1", 0, 0);
    step(10, "Accept with a negative handshake timeout");
    (*t)->Accept(t, 1, -1);
    step(11, "WritePacket of a length below the header");
    p.type.cmd.len = 5;
    (*t)->WritePacket(t, &p);
    step(12, "WritePacket with data promised and NULL");
    p.type.cmd.len = 27;
    p.type.cmd.data = NULL;
    (*t)->WritePacket(t, &p);
    step(13, "WritePacket with flags neither command nor reply");
    p.type.cmd.len = 11 + (jint)sizeof data;
    p.type.cmd.data = data;
    p.type.cmd.flags = 0x40;
    (*t)->WritePacket(t, &p);
    step(14, "StopListening, Close, correctly");
    (*t)->StopListening(t);
    (*t)->Close(t);
    step(15, "done");
    (*vm)->DestroyJavaVM(vm);
    return 0;
}
