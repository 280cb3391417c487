#!/usr/bin/env bash
# debian.sh — the Debian packages, as a user gets them: built with
# dpkg-buildpackage -us -uc -b from what the release tarball holds (the
# Makefile's `make distdir` copy in tests/out/debian-src/, made before this
# runs), lintian clean at its default level (no error, no warning), then
# unpacked with dpkg -x into a scratch root (not installed) and used from
# there:
# - the packaged jvmticheck finds the packaged shim by itself, from where
#   it lies (not the build tree's, nor one installed on the machine), runs
#   a good agent on JDK 17 (and the newer JDK) to a clean verdict with the
#   static TLS of the packaged libjvmticheck-tls.so, and turns the misuse
#   agent's problems into --error-exitcode's status;
# - the packaged jvmtigen writes JDK 17's jvmti.h byte for byte;
# - both man pages and libdt_check.so are in the packages.
#
# A whole second build of the project (a few minutes; the packages are
# configured as debian/rules says, whatever this tree was configured with).
# It runs in a clean environment (env -i): nothing of make check's reaches
# the package build.  Writes only under tests/out/debian/ (and the Makefile
# under tests/out/debian-src/).
# Exit 0 pass, 1 fail, 77 skip (no dpkg-buildpackage, debhelper or lintian,
# outside CI: under CI=true the set-up installs them, so that is a failure).
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init debian
: "${SPEC:?}" "${SPEC_DIR:?}"

for tool in dpkg-buildpackage dh lintian dpkg-deb; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        if [[ ${CI:-} == true ]]; then
            echo "FAIL: $tool not found (CI=true: scripts/setup-debian.sh installs it)"
            exit 1
        fi
        echo "SKIP: $tool not found (scripts/setup-debian.sh installs it)"
        exit 77
    fi
done
src=$(echo "$builddir"/tests/out/debian-src/*/)
for f in "$src/debian/control" "$SPEC" "$SPEC_DIR/jdk17/jvmti.xml" "$AGENTS_DIR/good_agent.so" "$AGENTS_DIR/misuse_agent.so"; do
    [[ -e $f ]] || { echo "FAIL: $f not found"; exit 1; }
done
mkdir -p "$out/build" "$out/root"

echo "== dpkg-buildpackage -us -uc -b (in a copy of $src)"
cp -a "$src" "$out/build/"
pkgsrc=$out/build/$(basename "$src")
# (the spec is not in the sources: debian/rules reads JVMTIGEN_SPEC)
if ! (cd "$pkgsrc" && exec env -i PATH="$PATH" HOME="$HOME" LC_ALL=C.UTF-8 JVMTIGEN_SPEC="$SPEC" \
    DEB_BUILD_OPTIONS="parallel=2" dpkg-buildpackage -us -uc -b) >"$out/build.log" 2>&1; then
    tail -40 "$out/build.log"
    echo "FAIL: dpkg-buildpackage (log: $out/build.log)"
    exit 1
fi
debs=()
for p in jvmtigen jvmticheck; do
    d=$(echo "$out"/build/${p}_*.deb)
    [[ -f $d ]] || { echo "FAIL: no ${p}_*.deb in $out/build"; exit 1; }
    echo "   $(basename "$d"): $(dpkg-deb -f "$d" Description | head -1)"
    debs+=("$d")
done

echo "== lintian"
changes=$(echo "$out"/build/*.changes)
# (--fail-on error,warning: the default level's tags; run as root in CI,
# lintian only says it would rather not)
if ! lintian --fail-on error,warning "$changes" >"$out/lintian.log" 2>&1; then
    fail "lintian reports errors or warnings:"
fi
grep -v '^running with root privileges' "$out/lintian.log" || true

echo "== unpacked into $out/root"
for d in "${debs[@]}"; do
    dpkg -x "$d" "$out/root"
done
launcher=$out/root/usr/bin/jvmticheck
shim=$(echo "$out"/root/usr/lib/*/jvmtigen/libjvmticheck.so)
[[ -f $shim ]] || fail "no libjvmticheck.so under $out/root/usr/lib/*/jvmtigen"
for f in libjvmticheck-tls.so libdt_check.so; do
    [[ -f $(dirname "$shim")/$f ]] || fail "no $f beside the shim"
done
for f in usr/include/jvmticheck.h usr/share/man/man1/jvmtigen.1.gz usr/share/man/man1/jvmticheck.1.gz \
    usr/share/man/man7/jvmticheck.7.gz; do
    [[ -f $out/root/$f ]] || fail "no /$f in the packages"
done
compgen -G "$out/root/usr/lib/*/pkgconfig/jvmticheck.pc" >/dev/null || fail "no jvmticheck.pc in the packages"
unset JVMTICHECK_SHIM JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS _JAVA_OPTIONS

"$launcher" --version | grep -q '^jvmticheck (jvmtigen) ' || fail "jvmticheck --version"
dry=$("$launcher" -n "$JAVA" "-agentpath:$AGENTS_DIR/good_agent.so" Hello) || fail "jvmticheck -n: exit $?"
echo "   $dry"
[[ $dry == *"-agentpath:$shim=agent="* ]] || fail "the packaged jvmticheck does not load the packaged shim $shim"

e2e_javac Hello
# run LAUNCHER-ARG...: the packaged launcher in $out; sets rc
run() {
    echo "   jvmticheck $*"
    rc=0
    (cd "$out" && LD_PRELOAD=$JAVA_PRELOAD exec "$launcher" "$@") >"$out/stdout" 2>"$out/stderr" || rc=$?
    echo "   exit $rc"
}
packaged_run() {
    local label=$1 java=$2/bin/java
    echo "== $label: an agent under the packaged launcher and shim"
    run "$java" "-agentpath:$AGENTS_DIR/good_agent.so" -cp classes Hello
    [[ $rc -eq 0 ]] || fail "$label good agent: exit $rc"
    grep -qx hello "$out/stdout" || fail "$label good agent: the program did not run"
    grep -qE '^jvmticheck: no problems found \([0-9]+ calls checked\)' "$out/stderr" || fail "$label good agent: no clean verdict"
    grep -q "options=\"agent=$AGENTS_DIR/good_agent.so\"" "$out/stderr" || fail "$label good agent: the shim's run header"
    grep -q 'tls=static' "$out/stderr" ||
        fail "$label good agent: the shim did not get its static TLS from the packaged libjvmticheck-tls.so"
}
packaged_run jdk17 "$JDK_HOME"
run --error-exitcode=3 "$JAVA" "-agentpath:$AGENTS_DIR/misuse_agent.so" -cp classes Hello
[[ $rc -eq 3 ]] || fail "misuse agent with --error-exitcode=3: exit $rc"
grep -qE '^jvmticheck: [0-9]+ violations' "$out/stderr" || fail "misuse agent: no verdict with violations"
if e2e_have_new_jdk; then
    packaged_run new "$JDK_NEW"
fi

echo "== the packaged jvmtigen"
mkdir -p "$out/gen"
if ! "$out/root/usr/bin/jvmtigen" -q --header --major-version=17 -o "$out/gen" "$SPEC_DIR/jdk17/jvmti.xml"; then
    fail "jvmtigen --header"
elif ! cmp "$out/gen/jvmti.h" "$JDK_HOME/include/jvmti.h"; then
    fail "the packaged jvmtigen's jvmti.h is not JDK 17's"
fi

e2e_finish
