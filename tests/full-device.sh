#!/usr/bin/env bash
# full-device.sh — jvmtigen on a disk that fills up: a clear error, exit 1,
# and no output at all (no partial file, no temporary file left behind).
#
#   1. --stdout into /dev/full (every write fails with ENOSPC).
#   2. -o into a 256 KiB tmpfs, which the HTML cannot fit in (needs a mount
#      namespace: `unshare -Urm`; skipped with a note where that is refused).
#   3. -o with a file size limit (ulimit -f, SIGXFSZ ignored: EFBIG), which
#      any machine allows: the same path through the code as a full disk.
#   4. the same tmpfs, already full before jvmtigen starts.
# Exit 0 pass, 1 fail.
set -euo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}"
out=$builddir/tests/out/full-device
rm -rf "$out"
mkdir -p "$out"
spec=$SPEC_DIR/jdk17/jvmti.xml
status=0

fail() { echo "FAIL: $*"; status=1; }

# expect NAME RC STDERR-FILE WANT DIR: exit 1, the message, DIR empty.
expect() {
    local name=$1 rc=$2 err=$3 want=$4 dir=$5 left
    [[ $rc -eq 1 ]] || fail "$name: exit $rc, expected 1"
    grep -qF -- "$want" "$err" || fail "$name: stderr lacks '$want'"
    left=$(find "$dir" -mindepth 1 2>/dev/null | head -5 || true)
    [[ -z $left ]] || fail "$name: left behind: ${left//$'\n'/ }"
    echo "   $name: exit $rc: $(head -1 "$err")"
}

echo "== --header --stdout >/dev/full"
rc=0
"$JVMTIGEN" --header --stdout "$spec" >/dev/full 2>"$out/devfull.err" || rc=$?
expect devfull "$rc" "$out/devfull.err" "cannot write standard output: No space left on device" "$out/none"

echo "== -o DIR with a 64 KiB file size limit (EFBIG)"
mkdir -p "$out/fsize"
rc=0
(
    trap '' XFSZ        # ignored, so a write past the limit fails with EFBIG
    ulimit -f 64        # in 1024-byte blocks
    exec "$JVMTIGEN" -o "$out/fsize" "$spec"
) 2>"$out/fsize.err" || rc=$?
expect fsize "$rc" "$out/fsize.err" "File too large" "$out/fsize"

# The tmpfs cases run in a private mount namespace.
if ! unshare -Urm true 2>/dev/null; then
    echo "   note: unshare -Urm refused here: the tmpfs cases are skipped"
    exit $status
fi
echo "== -o into a 256 KiB tmpfs (ENOSPC part-way)"
echo "== -o into a tmpfs that is full before the run"
export JVMTIGEN spec out
rc=0
unshare -Urm bash -c '
    set -u
    mnt=$out/mnt
    mkdir -p "$mnt"
    mount -t tmpfs -o size=256k tmpfs "$mnt" || exit 3
    mkdir "$mnt/small"
    rc=0; "$JVMTIGEN" -o "$mnt/small" "$spec" 2>"$out/tmpfs.err" || rc=$?
    echo "$rc" >"$out/tmpfs.rc"
    find "$mnt/small" -mindepth 1 >"$out/tmpfs.left"
    rm -rf "$mnt/small"
    mkdir "$mnt/full"
    dd if=/dev/zero of="$mnt/filler" bs=4k 2>/dev/null   # until ENOSPC
    rc=0; "$JVMTIGEN" --header -o "$mnt/full" "$spec" 2>"$out/full.err" || rc=$?
    echo "$rc" >"$out/full.rc"
    find "$mnt/full" -mindepth 1 >"$out/full.left"
' || rc=$?
if ((rc != 0)); then
    fail "the namespace script failed (exit $rc)"
    exit 1
fi
for name in tmpfs full; do
    mkdir -p "$out/$name.dir"   # stands for the directory inside the namespace
    [[ ! -s $out/$name.left ]] || fail "$name: left behind: $(tr '\n' ' ' <"$out/$name.left")"
    expect "$name" "$(cat "$out/$name.rc")" "$out/$name.err" "No space left on device" "$out/$name.dir"
done
exit $status
