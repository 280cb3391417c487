/* items.c — a record's items, as the walk checks them and the formatters
 * and filters read them: how many bytes each takes, and a string item's
 * value (interned by id or inline).  Apart from the walk and the
 * formatters, which both need it, so that they depend on it one way. */
#include <stdint.h>

#include "internal.h"

/* An item's bytes; SIZE_MAX for an inline string too long to be one. */
size_t tr_item_len(const unsigned char *it)
{
    unsigned type = it[0] & ~JC_BIN_I_OUTFLAG;
    if (type == JC_BIN_I_STR_INLINE || type == JC_BIN_I_FIELD_INLINE) {
        uint64_t n = rd64(it + 8);
        return n > (1u << 30) ? SIZE_MAX : JC_BIN_ITEM + (size_t)((n + 7u) & ~(uint64_t)7);
    }
    if (type == JC_BIN_I_ENUM_WIDE || type == JC_BIN_I_BITS_WIDE || type == JC_BIN_I_VTHREAD)
        return JC_BIN_ITEM + 8;
    return JC_BIN_ITEM;
}

/* A string item's value: interned (by id, 0 NULL) or inline. */
int tr_item_str(names *nm, const unsigned char *it, str *out)
{
    unsigned type = it[0] & ~JC_BIN_I_OUTFLAG;
    if (type == JC_BIN_I_STR_INLINE || type == JC_BIN_I_FIELD_INLINE) {
        *out = (str){ it + JC_BIN_ITEM, (size_t)rd64(it + 8) };
        return 1;
    }
    uint32_t id = (uint32_t)rd64(it + 8);
    if (!id)
        return 0;
    *out = tr_id_str(nm, id);
    return 1;
}
