/* jc_bintrace.h — the layout of a format=bin trace file, shared by the
 * recorder (gen/runtime/jc_bin.c) and the viewer (gen/cmd/trace.c,
 * `jvmtigen trace`).  Little-endian, as the machines the shim runs on.
 *
 *   [0, JC_BIN_HEADER)    header: magic, version, chunk size, then the
 *                         names: entries (u8 kind, u16 num, u8 len, bytes)
 *                         for every function slot and every error value
 *   then chunks of chunk_size bytes, each owned by one thread:
 *     [0, 64)             magic, the thread's OS id (u32) and name (32 bytes)
 *     then records of 32 bytes, in the order the thread made them:
 *       u32 state         0: none yet (the chunk ends here), 1: entered
 *                         (the call was in progress when the file was
 *                         left), 2: complete; written last, so a record is
 *                         whole or absent whatever stops the process
 *       u16 num, u8 kind (1: call), u8 0, i32 error, u32 0,
 *       u64 t_ns (start, monotonic), u64 dur_ns
 */
#ifndef JVMTICHECK_BINTRACE_H
#define JVMTICHECK_BINTRACE_H

#define JC_BIN_MAGIC "JCTRACE1"
#define JC_BIN_CHUNK_MAGIC "JCCHUNK1"
#define JC_BIN_VERSION 1u
#define JC_BIN_HEADER 65536u            /* header and names */
#define JC_BIN_NAMES_AT 64u             /* names start here in the header */
#define JC_BIN_CHUNK_HEAD 64u
#define JC_BIN_REC 32u
#define JC_BIN_NAME_FN 1u               /* name entry kinds */
#define JC_BIN_NAME_ERROR 2u
#define JC_BIN_ENTERED 1u
#define JC_BIN_COMPLETE 2u
#define JC_BIN_KIND_CALL 1u

#endif
