# e2e-lib.sh — sourced by the end-to-end tests (tests/e2e-*.sh): a real JVM
# runs a test agent under libjvmticheck, and the test reads the trace.
#
#   e2e_init NAME            out=$builddir/tests/out/NAME, empty; skips (77)
#                            when the JDK, python3 or the built libraries
#                            are missing
#   e2e_javac Class...       compiles tests/java/Class.java into $out/classes
#   e2e_java ARG...          runs java in $out (so an hs_err file lands
#                            there); stdout/stderr in $out/stdout, $out/stderr;
#                            sets rc; under timeout when E2E_TIMEOUT is set
#   e2e_use_jdk DIR          later e2e_java runs use DIR/bin/java (classes
#                            stay those javac of $JDK_HOME compiled)
#   e2e_have_new_jdk         true when $JDK_NEW (configure --with-jdk-new)
#                            has a java; else prints a SKIP note
#   e2e_build_shim SPEC SO [JVMTIGEN-OPTION...]
#                            builds libjvmticheck from another spec into SO
#                            (options such as --history=OTHER.xml)
#   trace CMD ARG...         tests/trace.py CMD ARG... (see there)
#   e2e_expect_clean_exit [LABEL]
#                            the checks every run must pass (exit 0, no
#                            crash, no sanitizer report, no FAILED line)
#   e2e_expect_clean_run LOG those, and LOG all JSON; leaves the
#                            record counts of LOG in $out/counts
#   count KIND [NAME]        how many records of KIND (and NAME) LOG holds
#   fail MESSAGE             prints FAIL: MESSAGE and marks the test failed
#   e2e_finish               prints the run's stderr on failure; exits
#
# The shim is $LIBJVMTICHECK and the test agents are in $AGENTS_DIR (from
# the Makefile's AM_TESTS_ENVIRONMENT).

: "${JDK_HOME:?}" "${builddir:?}" "${srcdir:?}" "${LIBJVMTICHECK:?}" "${AGENTS_DIR:?}"

status=0
rc=0
JAVA=$JDK_HOME/bin/java
JAVAC=$JDK_HOME/bin/javac

# Under ./configure --enable-sanitizers libjvmticheck.so needs the ASan
# runtime loaded first, and the JVM uses SIGSEGV itself (ASan must leave it
# alone) and leaks on purpose at exit.  JAVA_PRELOAD goes into LD_PRELOAD of
# every java run; tests check stderr for sanitizer reports.
JAVA_PRELOAD=
if [[ ${JT_SANITIZED:-no} != no ]]; then
    JAVA_PRELOAD=${JT_ASAN_LIB:-}
    export ASAN_OPTIONS=${ASAN_OPTIONS:-handle_segv=0:allow_user_segv_handler=1:detect_leaks=0}
fi

fail() {
    echo "FAIL: $*"
    status=1
}

e2e_init() {
    out=$builddir/tests/out/$1
    rm -rf "$out"
    mkdir -p "$out/classes"
    local f
    for f in "$JAVA" "$JAVAC"; do
        if [[ ! -x $f ]]; then
            echo "SKIP: $f not found (see README.md: scripts/setup-debian.sh)"
            exit 77
        fi
    done
    if ! command -v python3 >/dev/null 2>&1; then
        echo "SKIP: python3 not found (it reads the JSON trace)"
        exit 77
    fi
    if [[ ! -f $LIBJVMTICHECK ]]; then
        echo "FAIL: $LIBJVMTICHECK not built"
        exit 1
    fi
}

e2e_javac() {
    local c srcs=()
    for c in "$@"; do
        srcs+=("$srcdir/tests/java/$c.java")
    done
    if ! "$JAVAC" -d "$out/classes" "${srcs[@]}" >"$out/javac.log" 2>&1; then
        cat "$out/javac.log"
        echo "FAIL: javac ${srcs[*]}"
        exit 1
    fi
}

e2e_java() {
    echo "   java $*"
    rc=0
    # E2E_TIMEOUT=SECONDS: a hang guard (not a time limit on the work):
    # a VM still running then is killed, and the run exits 124
    local guard=()
    [[ -z ${E2E_TIMEOUT:-} ]] || guard=(timeout -k 20 "$E2E_TIMEOUT")
    (cd "$out" && LD_PRELOAD=$JAVA_PRELOAD exec "${guard[@]}" "$JAVA" -cp "$out/classes" "$@") \
        >"$out/stdout" 2>"$out/stderr" || rc=$?
    echo "   exit $rc"
    [[ $rc -ne 124 || -z ${E2E_TIMEOUT:-} ]] || fail "java still ran after ${E2E_TIMEOUT}s (a hang): killed"
}

e2e_use_jdk() {
    JAVA=$1/bin/java
    echo "   (java of $1)"
}

e2e_have_new_jdk() {
    if [[ -n ${JDK_NEW:-} && -x $JDK_NEW/bin/java ]]; then
        return 0
    fi
    echo "   SKIP (note): no newer JDK (configure --with-jdk-new=DIR; ${JDK_NEW:-none configured}): its runs are left out"
    return 1
}

# The shim generated from SPEC, compiled like libjvmticheck (gen/runtime
# plus the generated wrapper) with $CC, into SO.
e2e_build_shim() {
    local spec=$1 so=$2 gen
    shift 2
    gen=$(dirname "$so")/gen-$(basename "$so" .so)
    mkdir -p "$gen"
    "$JVMTIGEN" -q --wrapper --header --tables "$@" -o "$gen" "$spec" >"$gen/jvmtigen.log" 2>&1 || {
        cat "$gen/jvmtigen.log"; fail "jvmtigen on $spec"; return 1; }
    # shellcheck disable=SC2086
    ${CC:-cc} -std=c11 -Wall -Werror=implicit-function-declaration -O1 -shared -fPIC -fvisibility=hidden -pthread -Wl,-z,nodelete -o "$so" \
        -I"$gen" -I"$GEN_RUNTIME_DIR" $JNI_CFLAGS \
        "$GEN_RUNTIME_DIR"/*.c "$gen/jvmticheck_gen.c" "$gen/jvmti_names.c" ${LIBDW_LIBS:--ldw} -ldl >"$gen/cc.log" 2>&1 || {
        cat "$gen/cc.log"; fail "compiling the shim from $spec"; return 1; }
}

trace() {
    python3 "$srcdir/tests/trace.py" "$@"
}

# The checks every run must pass whatever it logs: exit 0, no hs_err file,
# no sanitizer report, no FAILED line from the agent itself; LABEL, when
# given, starts each message.
e2e_expect_clean_exit() {
    local at=${1:+$1: }
    [[ $rc -eq 0 ]] || fail "${at}java exited $rc, expected 0"
    if compgen -G "$out/hs_err_pid*.log" >/dev/null; then
        fail "${at}the JVM crashed: $(ls "$out"/hs_err_pid*.log)"
    fi
    if grep -qE 'runtime error:|ERROR: AddressSanitizer' "$out/stderr"; then
        fail "${at}a sanitizer reports an error:"
        grep -A12 -E 'runtime error:|ERROR: AddressSanitizer' "$out/stderr" | head -30
    fi
    if grep -q 'FAILED' "$out/stderr"; then
        fail "${at}the agent reports failures:"
        grep 'FAILED' "$out/stderr" | head -20
    fi
    return 0
}

# Those, and a trace whose every line is JSON.
e2e_expect_clean_run() {
    local log=$1
    e2e_expect_clean_exit
    : >"$out/counts"
    if [[ ! -s $log ]]; then
        fail "no trace written to $log"
    elif trace counts "$log" >"$out/counts"; then
        echo "   $log: $(awk '$2 == "*" { printf "%s%d %s", sep, $3, $1; sep = ", " }' "$out/counts")"
    else
        fail "$log has lines that are not JSON"
    fi
}

# Reads $out/counts (python starts slowly: one parse of the trace per run).
count() {
    awk -v k="$1" -v n="${2:-*}" '$1 == k && $2 == n { c = $3 } END { print c + 0 }' "$out/counts"
}

e2e_finish() {
    if [[ $status -ne 0 && -f $out/stderr ]]; then
        echo "---- stderr of the last java run (first 40 lines) ----"
        head -40 "$out/stderr"
    fi
    exit $status
}
