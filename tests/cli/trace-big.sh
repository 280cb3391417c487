#!/usr/bin/env bash
# trace-big.sh — `jvmtigen trace` reads a recording larger than 4 GiB in
# bounded memory (no VM: the recording is made from a committed seed).
#
# A sparse file: the header of tests/fuzz/trace-seeds/v5-good.bin (a real
# recording), then its chunks again and again, each copy's start times
# shifted past the last copy's (its string records skipped after the first
# copy: a string is defined once per file), half of the copies at the
# front, the other half past 4 GiB, the rest holes up to the file's size:
#   - every record of every copy is printed, in start-time order, and each
#     copy's records are the seed's own (times aside);
#   - the decoder's peak RSS stays far below the records' bytes (and the
#     file's size): it holds a window and the chunks open at one time, not
#     the file, nor an index of every record;
#   - a record damaged past 4 GiB is named by its exact 64-bit offset.
# Sizes: TRACE_BIG_GIB, the file's size (default 5: holes cost no disk);
# TRACE_BIG_MIB, the records' bytes (default 192).  make check's file size
# limit (4 GiB) is raised to the sparse file's size for this test alone,
# where it can be (else the file stays just below 4 GiB, with a note).
# Exit 0 pass, 1 fail.
set -euo pipefail

: "${srcdir:?}" "${builddir:?}"
out=$builddir/tests/out/trace-big
rm -rf "$out"
mkdir -p "$out"
exec python3 - "$builddir/jvmtigen" "$srcdir/tests/fuzz/trace-seeds/v5-good.bin" "$out" \
    "${TRACE_BIG_GIB:-5}" "${TRACE_BIG_MIB:-192}" <<'EOF'
import collections, re, resource, struct, subprocess, sys

jvmtigen, seed, out, gib, mib = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
d = open(seed, "rb").read()
magic, version, unit, nlen, hlen = struct.unpack_from("<8sIIII", d, 0)
assert magic == b"JCTRACE3" and version == 5, (magic, version)
assert struct.unpack_from("<I", d, 28)[0] == 0, "the seed is timed in ns"

# the seed's chunks, and in each the offsets of its records (and which are strings)
chunks = []
c = hlen
while c < len(d):
    if d[c:c + 8] != b"JCCHUNK3":
        c += unit
        continue
    clen = struct.unpack_from("<I", d, c + 12)[0]
    recs, at = [], c + 64
    while at + 48 <= c + clen:
        state, rlen = struct.unpack_from("<II", d, at)
        if state == 0:
            break
        recs.append((at - c, state, d[at + 10]))
        at += rlen
    chunks.append((bytes(d[c:c + clen]), recs))
    c += clen
times = [struct.unpack_from("<Q", body, o + 32)[0] for body, recs in chunks for o, s, k in recs if k != 8]
shift = (max(times) - min(times)) * 2 + 1000000
per_copy = sum(len(body) for body, _ in chunks)
copies = max(2, mib * 1048576 // per_copy)
size = gib << 30
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
if soft != resource.RLIM_INFINITY and soft < size:
    try:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size if hard != resource.RLIM_INFINITY and hard < size else hard))
    except (ValueError, OSError):
        size = min(size, soft) // unit * unit
        print("note: the file size limit stays %d bytes: the file is that big, not %d GiB" % (soft, gib))
far = ((size // 2 + (1 << 29) if size <= (4 << 30) else (4 << 30) + (1 << 29)) - hlen) // unit * unit + hlen
assert size > far + (copies // 2 + 2) * per_copy > (2 << 30), "TRACE_BIG_GIB too small for the records"

def copy(k):
    """The seed's chunks with start times shifted k times; strings skipped after the first."""
    for body, recs in chunks:
        b = bytearray(body)
        for o, state, kind in recs:
            if kind == 8:
                if k:
                    struct.pack_into("<I", b, o, 3)
            elif state != 3:
                struct.pack_into("<Q", b, o + 32, struct.unpack_from("<Q", b, o + 32)[0] + k * shift)
        yield bytes(b)

big = out + "/big.bin"
bad_at = None
with open(big, "wb") as f:
    f.write(d[:hlen])
    at = hlen
    for k in range(copies):
        if k == copies // 2:
            at = far
            f.seek(at)
        for body in copy(k):
            if k == copies - 1 and bad_at is None:
                bad_at = at + 64        # its first record, damaged below
            f.write(body)
            at += len(body)
    f.truncate(size)
print("%d copies of %d records in %d bytes of chunks, in a file of %d bytes (%d on disk)" % (
    copies, sum(1 for _, r in chunks for _, s, k in r if k != 8 and s != 3), copies * per_copy, size,
    __import__("os").stat(big).st_blocks * 512))

# ASan (the --enable-sanitizers build) keeps freed memory in a quarantine
# of 256 MiB: the decoder's chunks, loaded and freed one after another,
# would fill it and the RSS bound would measure ASan.  Without it, the
# bound holds there too (about 25 MiB).
env = dict(__import__("os").environ)
env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"),
                                             "quarantine_size_mb=0:thread_local_quarantine_size_kb=0"]))

def masked(line):
    return re.sub(r"^\[t=\d+ ", "[t=T ", line)

seed_lines = subprocess.run([jvmtigen, "trace", seed], check=True, capture_output=True, text=True, env=env).stdout.splitlines()
want = collections.Counter(masked(l) for l in seed_lines)

failed = []
p = subprocess.Popen([jvmtigen, "trace", big], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
got = collections.Counter()
n, last, unsorted = 0, -1, 0
for line in p.stdout:
    n += 1
    t = int(re.match(r"\[t=(\d+) ", line).group(1))
    unsorted += t < last
    last = t
    got[masked(line.rstrip("\n"))] += 1
err = p.stderr.read()
rc = p.wait()
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
print("decoded %d records, peak RSS %.1f MiB (records %.1f MiB, file %.1f GiB)" % (
    n, rss / 1048576, copies * per_copy / 1048576, size / (1 << 30)))
if rc != 0 or err:
    failed.append("jvmtigen trace exited %d: %s" % (rc, err[:300]))
if n != copies * len(seed_lines):
    failed.append("%d records, expected %d copies of %d" % (n, copies, len(seed_lines)))
if unsorted:
    failed.append("%d records start before the one printed before them" % unsorted)
if any(got[l] != copies * c for l, c in want.items()) or set(got) - set(want):
    failed.append("the copies' records are not the seed's")
limit = max(min(copies * per_copy // 2, 96 << 20), 48 << 20)
if rss > limit:
    failed.append("peak RSS %d bytes, expected below %d (half the records, 48 to 96 MiB)" % (rss, limit))

# a record state damaged past 4 GiB: one message with its exact offset, no output
with open(big, "r+b") as f:
    f.seek(bad_at)
    f.write(struct.pack("<I", 7))
r = subprocess.run([jvmtigen, "trace", big], capture_output=True, text=True, env=env)
want_err = "%s:%d: error: bad record state (expected 1 entered, 2 complete or 3 skip)\n" % (big, bad_at)
if r.returncode != 1 or r.stdout or r.stderr != want_err:
    failed.append("damaged at %d: exit %d, %d bytes out, stderr %r; expected exit 1 and %r" % (
        bad_at, r.returncode, len(r.stdout), r.stderr[:300], want_err))
else:
    print("damaged past 4 GiB: " + r.stderr.strip())

for f in failed:
    print("FAIL: " + f)
if not failed:
    print("PASS: a recording of %.1f GiB decoded whole, in order, in %.1f MiB" % (size / (1 << 30), rss / 1048576))
    __import__("os").unlink(big)
sys.exit(1 if failed else 0)
EOF
