#!/usr/bin/env bash
# debian.sh TARBALL — the Debian packages, as a user gets them: built from
# the release tarball (make dist) with dpkg-buildpackage -us -uc -b, lintian
# clean at its default level (no error, no warning), then unpacked with
# dpkg -x into a scratch root (not installed) and used from there:
# - the packaged jvmticheck finds the packaged shim beside itself (not the
#   build tree's, nor one installed on the machine), runs a good agent on
#   JDK 17 to a clean verdict with the static TLS of the packaged
#   libjvmticheck-tls.so, and turns the misuse agent's problems into
#   --error-exitcode's status;
# - the packaged jvmtigen writes JDK 17's jvmti.h byte for byte.
#
# Not part of make check: a package build is a whole second build, and it
# cannot run in distcheck's read-only tree.  `make check-debian` runs it
# (with the variables make check gives its tests); .ci/run calls that after
# distcheck.  Writes only under $builddir/tests/out/debian/.
# Exit 0 pass, 1 fail, 77 skip (no dpkg-buildpackage or lintian, outside CI).
set -euo pipefail

: "${builddir:?}" "${srcdir:?}" "${SPEC_DIR:?}" "${JDK_HOME:?}" "${AGENTS_DIR:?}"
tarball=${1:?usage: debian.sh TARBALL}
out=$builddir/tests/out/debian
status=0

fail() {
    echo "FAIL: $*"
    status=1
}

for tool in dpkg-buildpackage lintian dpkg-deb; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        if [[ ${CI:-} == true ]]; then
            echo "FAIL: $tool not found (scripts/setup-debian.sh installs it)"
            exit 1
        fi
        echo "SKIP: $tool not found (scripts/setup-debian.sh installs it)"
        exit 77
    fi
done
spec=${SPEC:-$SPEC_DIR/jdk25/jvmti.xml}
for f in "$tarball" "$spec" "$SPEC_DIR/jdk17/jvmti.xml" "$JDK_HOME/bin/java" "$AGENTS_DIR/good_agent.so"; do
    [[ -e $f ]] || { echo "FAIL: $f not found"; exit 1; }
done

rm -rf "$out"
mkdir -p "$out/build" "$out/root" "$out/classes"

echo "== dpkg-buildpackage -us -uc -b (from $(basename "$tarball"))"
tar -xzf "$tarball" -C "$out/build"
src=$(echo "$out"/build/*/)
if ! (cd "$src" && JVMTIGEN_SPEC=$spec DEB_BUILD_OPTIONS="parallel=2 ${DEB_BUILD_OPTIONS:-}" \
    dpkg-buildpackage -us -uc -b) >"$out/build.log" 2>&1; then
    tail -40 "$out/build.log"
    echo "FAIL: dpkg-buildpackage (log: $out/build.log)"
    exit 1
fi
debs=("$out"/build/jvmtigen_*.deb "$out"/build/jvmticheck_*.deb)
for d in "${debs[@]}"; do
    [[ -f $d ]] || { echo "FAIL: no $d"; exit 1; }
    echo "   $(basename "$d"): $(dpkg-deb -f "$d" Description | head -1)"
done

echo "== lintian"
changes=$(echo "$out"/build/*.changes)
# (run as root in CI: lintian only says it would rather not)
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
[[ -f $(dirname "$shim")/libjvmticheck-tls.so ]] || fail "no libjvmticheck-tls.so beside the shim"
[[ -f $(dirname "$shim")/libdt_check.so ]] || fail "no libdt_check.so beside the shim"
unset JVMTICHECK_SHIM JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS _JAVA_OPTIONS

"$launcher" --version | grep -q '^jvmticheck (jvmtigen) ' || fail "jvmticheck --version"
dry=$("$launcher" -n "$JDK_HOME/bin/java" "-agentpath:$AGENTS_DIR/good_agent.so" Hello)
echo "   $dry"
[[ $dry == *"-agentpath:$shim=agent="* ]] || fail "the packaged jvmticheck does not load the packaged shim $shim"

"$JDK_HOME/bin/javac" -d "$out/classes" "$srcdir/tests/java/Hello.java"
# run [LAUNCHER-ARG...]: the packaged launcher in $out; sets rc
run() {
    echo "   jvmticheck $*"
    rc=0
    (cd "$out" && exec "$launcher" "$@") >"$out/stdout" 2>"$out/stderr" || rc=$?
    echo "   exit $rc"
}
run "$JDK_HOME/bin/java" "-agentpath:$AGENTS_DIR/good_agent.so" -cp classes Hello
[[ $rc -eq 0 ]] || fail "good agent: exit $rc"
grep -qx hello "$out/stdout" || fail "good agent: the program did not run"
grep -qE '^jvmticheck: no problems found \([0-9]+ calls checked\)' "$out/stderr" || fail "good agent: no clean verdict"
grep -q 'tls=static' "$out/stderr" || fail "good agent: the shim did not get its static TLS from the packaged libjvmticheck-tls.so"
run --error-exitcode=3 "$JDK_HOME/bin/java" "-agentpath:$AGENTS_DIR/misuse_agent.so" -cp classes Hello
[[ $rc -eq 3 ]] || fail "misuse agent with --error-exitcode=3: exit $rc"
grep -qE '^jvmticheck: [0-9]+ violations' "$out/stderr" || fail "misuse agent: no verdict with violations"
if [[ $status -ne 0 ]]; then
    echo "---- stderr of the last run ----"
    head -20 "$out/stderr"
fi

echo "== the packaged jvmtigen"
mkdir -p "$out/gen"
if ! "$out/root/usr/bin/jvmtigen" -q --header --major-version=17 -o "$out/gen" "$SPEC_DIR/jdk17/jvmti.xml"; then
    fail "jvmtigen --header"
elif ! cmp "$out/gen/jvmti.h" "$JDK_HOME/include/jvmti.h"; then
    fail "the packaged jvmtigen's jvmti.h is not JDK 17's"
fi
for page in jvmtigen.1 jvmticheck.1; do
    [[ -f $out/root/usr/share/man/man1/$page.gz ]] || fail "no $page in the packages"
done

[[ $status -eq 0 ]] && echo "PASS: tests/debian.sh" || echo "FAIL: tests/debian.sh"
exit $status
