#!/usr/bin/env python3
"""make-trace-seeds.py — small seeds for the fuzz target of `jvmtigen trace`
(tests/fuzz/fuzz_trace.c), made from a real format=bin recording.

    make-trace-seeds.py RECORDING OUTDIR [PREFIX]

A recording has chunks up to 1 MiB, too big for a seed: each chunk is cut
to its whole records within CHUNK bytes and the header says CHUNK (the
decoder reads any chunk size the header gives; from version 5 on, the unit,
and each chunk says CHUNK as its length too), so the seeds keep the real
names, strings, items and record kinds.  Writes good.bin, cut.bin (ends inside a
record: read up to the last whole one) and bad-state.bin (a record with
state 7: one error message), from version 5 on gap.bin (good.bin with
two units of zeros after its first chunk: the same records), each name
after PREFIX (the seeds of older
recording versions stay: unprefixed for version 3's, "v4-" for version
4's, "v5-" for version 5's, "v5-ring-" for a flight recording's, ring=1M
gone round three times: its slots out of time order, its strings in a
chunk after the ring).  Used once by hand per
version; the seeds are committed.
"""
import struct
import sys

CHUNK = 8192


def main(src, outdir, prefix=""):
    d = open(src, "rb").read()
    magic, version, chunk, nlen, hlen = struct.unpack_from("<8sIIII", d, 0)
    assert magic == b"JCTRACE3", magic
    head = bytearray(d[:hlen])
    struct.pack_into("<I", head, 12, CHUNK)
    chunks = []
    c = hlen
    while c < len(d):
        clen = chunk            # version 5: the unit, unless the chunk says
        if d[c:c + 8] != b"JCCHUNK3":
            c += clen
            continue
        if version >= 5:
            clen = struct.unpack_from("<I", d, c + 12)[0]
        at, end = c + 64, c + 64
        while at + 48 <= c + clen:
            state, rlen = struct.unpack_from("<II", d, at)
            if state == 0 or end - c + rlen > CHUNK:
                break
            at += rlen
            end = at
        piece = bytearray(d[c:end] + bytes(CHUNK - (end - c)))
        if version >= 5:
            struct.pack_into("<I", piece, 12, CHUNK)
        chunks.append(bytes(piece))
        c += clen
    good = bytes(head) + b"".join(chunks)
    open(outdir + "/" + prefix + "good.bin", "wb").write(good)
    open(outdir + "/" + prefix + "cut.bin", "wb").write(good[:hlen + CHUNK + 1000 + 20])
    bad = bytearray(good)
    struct.pack_into("<I", bad, hlen + 64, 7)
    open(outdir + "/" + prefix + "bad-state.bin", "wb").write(bytes(bad))
    if version >= 5:
        # two units of zeros after the first chunk (a chunk made ready and
        # never taken): the same records as good.bin
        gap = bytes(head) + chunks[0] + bytes(2 * CHUNK) + b"".join(chunks[1:])
        open(outdir + "/" + prefix + "gap.bin", "wb").write(gap)
    print("%d chunks, %d bytes" % (len(chunks), len(good)))


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.stderr.write(__doc__)
        sys.exit(2)
    main(*sys.argv[1:])
