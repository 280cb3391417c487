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
#   5. --xsl (OpenJDK's jvmtiEnter.xsl, a 225 kB output) into /dev/full and
#      into a 64 KiB tmpfs: the cause named, not "Input/output error".
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

xsl=$SPEC_DIR/../reference/openjdk/jdk17/xsl/jvmtiEnter.xsl
if [[ -f $xsl ]]; then
    echo "== --xsl jvmtiEnter.xsl --stdout >/dev/full"
    rc=0
    "$JVMTIGEN" --xsl="$xsl" --param interface=jvmti --param majorversion=17 --stdout "$spec" >/dev/full \
        2>"$out/xsl-devfull.err" || rc=$?
    expect xsl-devfull "$rc" "$out/xsl-devfull.err" "cannot write standard output: No space left on device" "$out/none"
else
    xsl=
    echo "   note: $xsl not found: the --xsl cases are skipped"
fi

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
export JVMTIGEN spec out xsl
rc=0
unshare -Urm bash -c '
    set -u
    mnt=$out/mnt
    mkdir -p "$mnt"
    mount -t tmpfs -o size=256k tmpfs "$mnt" || exit 3
    if [[ -n $xsl ]]; then
        mkdir "$mnt/xsl"
        mount -t tmpfs -o size=64k tmpfs "$mnt/xsl" || exit 3
        rc=0; "$JVMTIGEN" --xsl="$xsl" --param interface=jvmti --param majorversion=17 -o "$mnt/xsl" \
            --xsl-output=jvmtiEnter.cpp "$spec" 2>"$out/xsl-tmpfs.err" || rc=$?
        echo "$rc" >"$out/xsl-tmpfs.rc"
        find "$mnt/xsl" -mindepth 1 >"$out/xsl-tmpfs.left"
        umount "$mnt/xsl"
    fi
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
names=(tmpfs full)
[[ -n $xsl ]] && names+=(xsl-tmpfs)
for name in "${names[@]}"; do
    mkdir -p "$out/$name.dir"   # stands for the directory inside the namespace
    [[ ! -s $out/$name.left ]] || fail "$name: left behind: $(tr '\n' ' ' <"$out/$name.left")"
    expect "$name" "$(cat "$out/$name.rc")" "$out/$name.err" "No space left on device" "$out/$name.dir"
done
exit $status
