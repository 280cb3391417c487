/* emit_wrapper_transport.h — the checked wrapper of a non-JVMTI interface
 * (<interface>, jdwpTransport); jt_emit_wrapper calls it for such a spec. */
#ifndef JVMTIGEN_EMIT_WRAPPER_TRANSPORT_H
#define JVMTIGEN_EMIT_WRAPPER_TRANSPORT_H

#include "emit/emit.h"

int jt_emit_transport_wrapper(const jt_emit_ctx *ctx);

#endif
