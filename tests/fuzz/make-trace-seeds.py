#!/usr/bin/env python3
"""make-trace-seeds.py — small seeds for the fuzz target of `jvmtigen trace`
(tests/fuzz/fuzz_trace.c), made from a real format=bin recording.

    make-trace-seeds.py RECORDING OUTDIR [PREFIX]

A recording has 1 MiB chunks, too big for a seed: each chunk is cut to its
whole records within CHUNK bytes and the header says CHUNK (the decoder
reads any chunk size the header gives), so the seeds keep the real names,
strings, items and record kinds.  Writes good.bin, cut.bin (ends inside a
record: read up to the last whole one) and bad-state.bin (a record with
state 7: one error message), each name after PREFIX (the seeds of older
recording versions stay: "v4-" for version 4's).  Used once by hand per
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
    for c in range(hlen, len(d), chunk):
        if d[c:c + 8] != b"JCCHUNK3":
            continue
        at, end = c + 64, c + 64
        while at + 48 <= c + chunk:
            state, rlen = struct.unpack_from("<II", d, at)
            if state == 0 or end - c + rlen > CHUNK:
                break
            at += rlen
            end = at
        chunks.append(d[c:end] + bytes(CHUNK - (end - c)))
    good = bytes(head) + b"".join(chunks)
    open(outdir + "/" + prefix + "good.bin", "wb").write(good)
    open(outdir + "/" + prefix + "cut.bin", "wb").write(good[:hlen + CHUNK + 1000 + 20])
    bad = bytearray(good)
    struct.pack_into("<I", bad, hlen + 64, 7)
    open(outdir + "/" + prefix + "bad-state.bin", "wb").write(bytes(bad))
    print("%d chunks, %d bytes" % (len(chunks), len(good)))


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.stderr.write(__doc__)
        sys.exit(2)
    main(*sys.argv[1:])
