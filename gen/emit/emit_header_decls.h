/* emit_header_decls.h — the header of an interface laid out as
 * declarations in document order (jdwpTransport.h); jt_emit_header calls
 * it when the spec's <interface> asks for that layout. */
#ifndef JVMTIGEN_EMIT_HEADER_DECLS_H
#define JVMTIGEN_EMIT_HEADER_DECLS_H

#include "emit/emit.h"

int jt_emit_header_decls(const jt_emit_ctx *ctx);

#endif
