/* jc_bintrace.h — the layout of a format=bin recording, shared by the
 * recorder (gen/runtime/common/jc_bin.c) and the decoder (gen/trace/,
 * `jvmtigen trace`).  Little-endian, as the machines the shim runs on.
 *
 *   [0, header)   128 bytes: magic (the same since version 3), version,
 *                 chunk unit (version 5; before it, the chunk size), names
 *                 length, header size (a multiple of
 *                 4096), flags (bit 0: addresses=off; bit 1: no phases,
 *                 an interface other than JVMTI's), at 28 the clock
 *                 (0: ns; 1: records with the ticks flag are timed in TSC
 *                 ticks), at 32 the u64 offset of the next free chunk
 *                 (shared by every process that maps the file: a fork()ed
 *                 child takes chunks of its own from it), at 40 the u32
 *                 next string id (shared the same way); the clock's
 *                 pairs (u64 ticks, u64 CLOCK_MONOTONIC ns): at 48 the
 *                 one taken at open, at 64 and 80 two slots for the latest
 *                 one, at 96 the u32 slot in use (1: at 64, 2: at 80).
 *                 ns = ns0 + (ticks - ticks0) * (ns1 - ns0) / (ticks1 - ticks0).
 *                 A flight recording (flags bit 2, ring=SIZE): at 104 the
 *                 u64 bytes of its ring, whose slots (chunks of one unit,
 *                 64 KiB) follow the header and are reused oldest first,
 *                 at 112 the u64 count of slots taken (the next is this
 *                 modulo their number); its strings are in chunks after
 *                 the ring.  The decoder needs neither: a slot being
 *                 reused is zeros from its magic on, and records are
 *                 ordered by their times, never by where they are.
 *                 Version 3 had 64 bytes, no clock, names at 64;
 *                 then the names: entries of 12 bytes (u8 kind, u8 len,
 *                 u16 num, u32 0, i64 value) and len bytes of name, for
 *                 every function slot (num), error (num), event (num),
 *                 constant group (num: its index, value: 0 enum, 1 bits,
 *                 2 plain) and constant (num: its group, value).  The
 *                 decoder needs no spec: the model's names and kinds are
 *                 in the file.
 *   then chunks, each owned by one thread:
 *     [0, 64)     magic, the thread's OS id (u32), at 12 the chunk's
 *                 length (u32; version 5), its OS name (32 bytes at 16),
 *                 at 48 a ring slot's index + 1 (u32; 0: no slot), at 52
 *                 the process's id (u32; 0 in files written before it: a
 *                 fork()ed child's chunks carry the child's)
 *     then records, 8-byte aligned, in the order the thread made them.
 *   Version 5: a chunk's length is a multiple of the unit (a thread's
 *   first is one unit, 16 KiB, each next one twice the last up to 1 MiB),
 *   and chunks start at the header's end plus a multiple of the unit.  A
 *   chunk never taken is zeros (no magic): the decoder steps over it one
 *   unit at a time.  The length is written before the magic.  Versions 3
 *   and 4: every chunk has the header's chunk size, and no length.
 *
 * A record: 48 bytes, then its items (16 bytes each, some with more after
 * them, padded to 8).
 *   u32 state     0: none yet (the chunk ends here); 1: entered (a call in
 *                 progress when the file was left); 2: complete; 3: skip
 *                 (completed by a later copy).  Stored last, with release
 *                 order, so a record is whole or absent whatever stops
 *                 the process.
 *   u32 len       its bytes with the items
 *   u16 num       function slot of a call (0: the name below)
 *   u8 kind       JC_BIN_K_*
 *   u8 phase      jvmtiPhase when it was made
 *   i32 error     (flags bit 0: present)
 *   u32 thread    string id of the thread's name (0: none)
 *   u32 name      string id of the name (calls with num 0, events, ...);
 *                 for a string record (JC_BIN_K_STRING): its own id
 *   u32 label     string id of a violation's or note's check
 *   u32 flags     bit 0: error present; bit 1: t and dur are ticks
 *   u64 t_ns      start, monotonic (string record: 0)
 *   u64 dur_ns    (string record: its length in bytes)
 * An item: u8 type (JC_BIN_I_*; bit 7: the outputs start here), 3 bytes 0,
 * u32 key (string id), u64 value.  An enum or bits value that fits 32 bits
 * holds its group's string id in the high half; a wider one (the _WIDE
 * types) has 8 more bytes, u32 group, u32 0.  An inline string: value is
 * its length, its bytes follow.  A virtual thread: key its name, value its
 * id, then u32 the carrier's name, u32 0.
 * String ids are per file: a string is written once, as a string record,
 * before any record that uses its id.
 */
#ifndef JVMTICHECK_BINTRACE_H
#define JVMTICHECK_BINTRACE_H

#define JC_BIN_MAGIC "JCTRACE3"
#define JC_BIN_CHUNK_MAGIC "JCCHUNK3"
#define JC_BIN_VERSION 5u
#define JC_BIN_VERSION_OLDEST 3u        /* the oldest the decoder reads */
#define JC_BIN_NAMES_AT 128u            /* names start here in the header */
#define JC_BIN_NAMES_AT_V3 64u          /* ... and did in version 3 */
#define JC_BIN_CLOCK_AT 28u             /* u32: JC_BIN_CLOCK_* */
#define JC_BIN_CLOCK_TSC 1u
#define JC_BIN_CLOCK_0_AT 48u           /* the pair at open */
#define JC_BIN_CLOCK_A_AT 64u           /* the latest pair, slot 1 ... */
#define JC_BIN_CLOCK_B_AT 80u           /* ... or slot 2 */
#define JC_BIN_CLOCK_USE_AT 96u         /* u32: the slot in use */
#define JC_BIN_NEXT_AT 32u              /* u64: next free chunk offset */
#define JC_BIN_NEXT_ID_AT 40u           /* u32: next string id */
#define JC_BIN_MAX_IDS (1u << 20)       /* string ids are below this */
#define JC_BIN_CHUNK_HEAD 64u
#define JC_BIN_CHUNK_LEN_AT 12u         /* u32 in a chunk's head: its length (version 5) */
#define JC_BIN_VERSION_CHUNK_LEN 5u     /* the first version whose chunks say their length */
#define JC_BIN_REC 48u                  /* a record's fixed part */
#define JC_BIN_ITEM 16u
#define JC_BIN_I_OUTFLAG 0x80u          /* item type bit: outputs from here */
#define JC_BIN_NAME_HEAD 12u
#define JC_BIN_FLAG_NOADDR 1u           /* header flag: addresses=off */
#define JC_BIN_FLAG_NOPHASE 2u          /* header flag: records have no phase (libdt_check) */
#define JC_BIN_FLAG_RING 4u             /* header flag: a flight recording (ring=) */
#define JC_BIN_RING_AT 104u             /* u64: the ring's bytes */
#define JC_BIN_RING_NEXT_AT 112u        /* u64: slots taken */
#define JC_BIN_CHUNK_SLOT_AT 48u        /* u32 in a chunk's head: its ring slot + 1 */
#define JC_BIN_CHUNK_PID_AT 52u         /* u32 in a chunk's head: the writer's process id */
#define JC_BIN_RF_ERROR 1u              /* record flag: error present */
#define JC_BIN_RF_TICKS 2u              /* record flag: t and dur in ticks */

enum jc_bin_name_kind {
    JC_BIN_NAME_FN = 1, JC_BIN_NAME_ERROR = 2, JC_BIN_NAME_EVENT = 3, JC_BIN_NAME_GROUP = 4,
    JC_BIN_NAME_CONST = 5
};

enum jc_bin_state { JC_BIN_ENTERED = 1, JC_BIN_COMPLETE = 2, JC_BIN_SKIP = 3 };

/* Record kinds: jc_rec_kind + 1 up to warnings, then the string record,
 * then kinds added since (the run header, a transport's packet), so that
 * files written before keep their meaning. */
enum jc_bin_kind {
    JC_BIN_K_CALL = 1, JC_BIN_K_EVENT, JC_BIN_K_VIOLATION, JC_BIN_K_LEAK, JC_BIN_K_SUMMARY, JC_BIN_K_NOTE,
    JC_BIN_K_WARNING, JC_BIN_K_STRING, JC_BIN_K_HEADER, JC_BIN_K_PACKET
};

/* Item types: one per jc_rec_* call of the trace API (jc_runtime.h). */
enum jc_bin_item {
    JC_BIN_I_INT = 1,       /* value: int64 */
    JC_BIN_I_UINT,          /* value: uint64 */
    JC_BIN_I_DOUBLE,        /* value: the double's bits */
    JC_BIN_I_BOOL,
    JC_BIN_I_CHAR,          /* value: the code */
    JC_BIN_I_STR,           /* value: string id, 0: NULL */
    JC_BIN_I_PTR,           /* value: the address */
    JC_BIN_I_ENUM,          /* value: int32, group name id above */
    JC_BIN_I_BITS,
    JC_BIN_I_OUT,           /* the outputs follow (when no item can carry the flag) */
    JC_BIN_I_FIELD_STR,     /* an extra field: value string id (0: NULL) */
    JC_BIN_I_FIELD_INT,
    JC_BIN_I_VTHREAD,       /* a virtual thread: see above */
    JC_BIN_I_STR_INLINE,    /* value bytes follow (a string not interned) */
    JC_BIN_I_FIELD_INLINE,  /* the same for an extra field */
    JC_BIN_I_ENUM_WIDE,     /* value: int64, then the group */
    JC_BIN_I_BITS_WIDE,
    JC_BIN_I_MAX = JC_BIN_I_BITS_WIDE
};

#endif
