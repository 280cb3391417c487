/* jc_vm_version.c — the running VM's JVMTI version, 0 until the first env
 * meets the VM (jc_vm_learn sets it, once).  Data with its two accessors,
 * apart from jc_vm.c: what judges by the version (jc_errdoc.c) reads it
 * without needing the code that learns it. */
#include "jc_runtime.h"

static jint vm_version;         /* 0 until learned */

jint jc_vm_version(void)
{
    return __atomic_load_n(&vm_version, __ATOMIC_ACQUIRE);
}

void jc_vm_version_set(jint v)
{
    __atomic_store_n(&vm_version, v, __ATOMIC_RELEASE);
}
