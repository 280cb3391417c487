/* jc_header.c — the run header record (issue 11): what ran, written once
 * when the first env meets the VM, so that a log read later says which
 * process, VM, shim, spec and options made it.
 *
 *   {"kind":"header","name":"jvmticheck",…,"pid":123,"command":"java -agentpath:… Hello",
 *    "vm":"OpenJDK 64-Bit Server VM","vm_version":"17.0.9+9-Debian-1","jvmti":"17.0",
 *    "spec":"25.0","shim":"0.1.0","options":"trace=all,…","tls":"static"}
 *
 * The VM's name and version are asked with GetSystemProperty on the real
 * env (counted as the shim's own calls), which the VM answers only in the
 * OnLoad and live phases: an env first met in another phase gives a header
 * without them.  Not written under trace=none, nor with format=bin (whose
 * stderr is kept for violations).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "jc_jvmti.h"
#include "jc_shim.h"
#include "jc_version.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"   /* built outside the Autotools build */
#endif

/* /proc/self/cmdline with its NULs as spaces (truncated to fit). */
static void command_line(char *buf, size_t len)
{
    buf[0] = '\0';
    int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    ssize_t n = read(fd, buf, len - 1);
    close(fd);
    if (n <= 0)
        return;
    while (n > 0 && buf[n - 1] == '\0')
        n--;
    for (ssize_t i = 0; i < n; i++)
        if (buf[i] == '\0')
            buf[i] = ' ';
    buf[n] = '\0';
}

static void property(jvmtiEnv *real, const char *name, char *buf, size_t len)
{
    char *value = NULL;
    buf[0] = '\0';
    if (JC_SHIM_FN(real, GetSystemProperty)(real, name, &value) != JVMTI_ERROR_NONE || value == NULL)
        return;
    snprintf(buf, len, "%s", value);
    JC_SHIM_FN(real, Deallocate)(real, (unsigned char *)value);
}

void jc_header_write(jvmtiEnv *real, jint vm_version)
{
    if (!jc_g.active || jc_g.opt.trace == 0 || jc_g.opt.format == JC_FMT_BIN)
        return;
    char command[2048], vm[128], vm_ver[128], jvmti[16], spec[16];
    command_line(command, sizeof command);
    property(real, "java.vm.name", vm, sizeof vm);
    property(real, "java.vm.version", vm_ver, sizeof vm_ver);
    jc_version_text(vm_version, jvmti, sizeof jvmti);
    jc_version_text(jc_spec_version, spec, sizeof spec);
    jc_rec *r = jc_rec_begin(JC_REC_HEADER, "jvmticheck");
    jc_rec_field_int(r, "pid", (long long)getpid());
    jc_rec_field_str(r, "command", command);
    if (vm[0])
        jc_rec_field_str(r, "vm", vm);
    if (vm_ver[0])
        jc_rec_field_str(r, "vm_version", vm_ver);
    jc_rec_field_str(r, "jvmti", jvmti);
    jc_rec_field_str(r, "spec", spec);
    jc_rec_field_str(r, "shim", PACKAGE_VERSION);
    jc_rec_field_str(r, "options", jc_options_text());
    /* where the per-thread block every wrapper reads lives (jc_thread.c):
     * "dynamic" costs each call a __tls_get_addr */
    jc_rec_field_str(r, "tls", jc_thread_static() ? "static" : "dynamic");
    jc_rec_end(r, jc_now_ns(), 0);
}
