# skip-lib.sh — sourced by the shell tests: skip_or_fail, the one place
# that decides whether a missing tool may be skipped.
#
#   skip_or_fail REASON         the whole test: SKIP (exit 77) with REASON;
#                               under CI, FAIL (exit 1)
#   skip_or_fail REASON part    one part of a test: a note, return 0; under
#                               CI, a FAIL line and return 1, so that the
#                               caller counts a failure:
#                                   skip_or_fail "no X: part skipped" part || fail=1
#
# For what scripts/setup-debian.sh installs (npm's vnu-jar and
# playwright-core, chromium, python3-jsonschema, valgrind, clang, the CJK
# font ...): on a developer's machine without it the test says what it left
# out; CI (CI=true, as .ci/run is run) has run the set-up, so a missing part
# there is a broken set-up, and a test that passed without it would hide
# that.  Inputs that are not installed (../shared) and parts that cannot run
# by nature (valgrind under ASan) skip plainly, with exit 77, not through
# this.

# True when running under CI (CI set to anything but "", "0" or "false").
in_ci() {
    [[ -n ${CI:-} && ${CI:-} != 0 && ${CI:-} != false ]]
}

skip_or_fail() {
    local reason=$1 part=${2:-}
    if in_ci; then
        echo "FAIL: $reason (CI=$CI: scripts/setup-debian.sh installs this; it must not be skipped)"
        [[ $part == part ]] && return 1
        exit 1
    fi
    if [[ $part == part ]]; then
        echo "   note: $reason"
        return 0
    fi
    echo "SKIP: $reason"
    exit 77
}
