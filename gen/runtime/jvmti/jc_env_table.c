/* jc_env_table.c — what a new checked env's function table holds (the
 * generated wrappers, and forwarders in the slots the spec leaves
 * reserved), made once from the generated tables; and an env's
 * capabilities as the bits the wrappers test.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#include "jc_jvmti.h"
#include "jvmti_names.h"

/* What every env's table holds at first: the generated wrappers, and the
 * forwarders in the slots the spec leaves reserved. */
static struct {
    struct jvmtiInterface_1_ table;
    void (*extra[JC_TABLE_EXTRA])(void);
} jc_template;
static pthread_once_t jc_template_once = PTHREAD_ONCE_INIT;
_Static_assert(offsetof(jc_env, table_extra) == offsetof(jc_env, table) + sizeof(struct jvmtiInterface_1_),
               "the extra slots follow the table");
_Static_assert(sizeof jc_template == sizeof(struct jvmtiInterface_1_) + JC_TABLE_EXTRA * sizeof(void *),
               "the template is the table and the extra slots");

static void jc_env_template_init(void)
{
    jc_template.table = jc_wrapped_interface;
    for (int slot = 1; slot <= jc_fn_max + JC_TABLE_EXTRA; slot++)
        if (jc_slot_forwarders[slot] != NULL)
            memcpy((char *)&jc_template + (size_t)(slot - 1) * sizeof(void *), &jc_slot_forwarders[slot],
                   sizeof(void *));
}

const struct jvmtiInterface_1_ *jc_env_template(void)
{
    pthread_once(&jc_template_once, jc_env_template_init);
    return &jc_template.table;
}

void jc_env_copy_template(jc_env *ce)
{
    pthread_once(&jc_template_once, jc_env_template_init);
    memcpy(&ce->table, &jc_template, sizeof jc_template);
}

void jc_env_set_caps(jc_env *ce, const jvmtiCapabilities *caps)
{
    uint64_t bits[2] = { 0, 0 };
    int n = jc_cap_count < jvmti_capability_count ? jc_cap_count : jvmti_capability_count;
    for (int i = 0; i < n && i < 128; i++)
        if (jvmti_capability_get(caps, i))
            bits[i >> 6] |= (uint64_t)1 << (i & 63);
    atomic_store_explicit(&ce->caps[0], bits[0], memory_order_relaxed);
    atomic_store_explicit(&ce->caps[1], bits[1], memory_order_relaxed);
}

