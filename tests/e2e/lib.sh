# e2e/lib.sh — sourced by the end-to-end tests (tests/e2e/*.sh): a real JVM
# runs a test agent under libjvmticheck, and the test reads the trace.
#
#   e2e_init NAME            out=$builddir/tests/out/NAME, empty; skips (77)
#                            when the JDK, python3 or the built libraries
#                            are missing
#   e2e_javac [-g] [--release=N] Class...
#                            compiles tests/e2e/java/Class.java into $out/classes
#                            (and, when a JDK older than 17 first runs them,
#                            with --release 8 into $out/classes-8: e2e_classes)
#   e2e_java ARG...          runs java in $out (so an hs_err file lands
#                            there); stdout/stderr in $out/stdout, $out/stderr;
#                            sets rc; under timeout when E2E_TIMEOUT is set
#   e2e_use_jdk DIR          later e2e_java runs use DIR/bin/java (classes
#                            stay those javac of $JDK_HOME compiled); sets
#                            jdk_v (DIR's feature version: 8, 11, 17, ...)
#                            and jdk_label (jdk8, jdk11, ...)
#   e2e_have_new_jdk         true when $JDK_NEW (configure --with-jdk-new)
#                            has a java; else prints a SKIP note
#   e2e_jdks [MIN]           the more JDKs (configure --with-jdks: 8, 11, 21
#                            by default), those of feature version MIN or
#                            newer, one a line: a test opts in with
#                              for jdk in $(e2e_jdks); do e2e_use_jdk "$jdk"; run_it "$jdk_label"; done
#                            One that is absent is a SKIP note (a failure
#                            under CI=true, where the set-up provides them).
#   e2e_jdk_version DIR      DIR's feature version (8, 11, 17, 21, 25)
#   e2e_jdk_lib DIR NAME     the path of DIR's native library NAME
#                            (libjdwp.so: lib/ since JDK 9, jre/lib/amd64/ in 8)
#   e2e_classes [DIR]        the class path for the current java (DIR's):
#                            $out/classes, or $out/classes-8 on a JDK older
#                            than 17
#   e2e_jvmti_version        the current java's JVMTI version as the spec of
#                            its JDK numbers it (1.2 for JDK 8, then 9, 11, ...)
#   e2e_build_shim SPEC SO [JVMTIGEN-OPTION...]
#                            builds libjvmticheck from another spec into SO
#                            (options such as --history=OTHER.xml)
#   trace CMD ARG...         tests/e2e/trace.py CMD ARG... (see there)
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
#
# The VMs.  Every e2e test runs on JDK 17 ($JDK_HOME) and the newer JDK
# ($JDK_NEW, Temurin 25).  The key scenarios also run on the more JDKs
# ($JDKS: configure --with-jdks, by default Debian's JDK 8, 11 and 21 that
# scripts/setup-jdks.sh caches; 8 and 21 run on trixie's C library there):
# jdb over libjdwp (e2e-jdb) and over libdt_check (e2e-dtcheck), the
# clean and the misuse agent (e2e-good; e2e-misuse from 11 on: its
# mistakes need JVMTI 9 and 11 functions), the JDK 25 agent (e2e-versions,
# expectations from each function's since and the VM's version), attach
# (e2e-attach), a Java agent (e2e-javaagent), virtual threads (e2e-vthreads:
# 21), the recording decoded (e2e-trace-bin) and the flight recorder
# (e2e-trace-ring).  The other tests stay on 17 and 25.
# The cost: those tests take about twice the CPU time (here
# e2e-good 15 s -> 32 s, e2e-trace-bin 94 s -> 227 s), some minutes of a
# make check in all; .ci/run runs them in make check and again under
# --enable-sanitizers (JDK 8 and 21 with ASan preloaded work), but not in
# make distcheck (configured --with-jdks=no: nothing new to learn there).

: "${JDK_HOME:?}" "${builddir:?}" "${srcdir:?}" "${LIBJVMTICHECK:?}" "${AGENTS_DIR:?}"
. "$srcdir/tests/skip-lib.sh"   # skip_or_fail, in_ci

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
        [[ -x $f ]] || skip_or_fail "$f not found (see README.md: scripts/setup-debian.sh)"
    done
    command -v python3 >/dev/null 2>&1 || skip_or_fail "python3 not found (it reads the JSON trace)"
    if [[ ! -f $LIBJVMTICHECK ]]; then
        echo "FAIL: $LIBJVMTICHECK not built"
        exit 1
    fi
}

e2e_javac() {
    local c srcs=() release=() opts=()
    while [[ ${1:-} == -* ]]; do
        case $1 in
            --release=*) release=(--release "${1#--release=}") ;;
            *) opts+=("$1") ;;
        esac
        shift
    done
    for c in "$@"; do
        srcs+=("$srcdir/tests/e2e/java/$c.java")
    done
    if ! "$JAVAC" "${opts[@]}" "${release[@]}" -d "$out/classes" "${srcs[@]}" >"$out/javac.log" 2>&1; then
        cat "$out/javac.log"
        echo "FAIL: javac ${srcs[*]}"
        exit 1
    fi
    # JDK 8 and 11 run class files of Java 8, from the same javac
    # (--release 8), compiled when a run on them first needs them (e2e_classes)
    # (absolute: e2e_classes may run in another directory)
    local dir
    dir=$(cd "$srcdir/tests/e2e/java" && pwd)
    [[ -n ${release[*]} ]] || echo "${opts[*]} ${srcs[*]//"$srcdir/tests/e2e/java"/$dir}" >>"$out/classes-8.todo"
}

e2e_java() {
    echo "   java $*"
    rc=0
    # E2E_TIMEOUT=SECONDS: a hang guard (not a time limit on the work):
    # a VM still running then is killed, and the run exits 124
    local guard=()
    [[ -z ${E2E_TIMEOUT:-} ]] || guard=(timeout -k 20 "$E2E_TIMEOUT")
    (cd "$out" && LD_PRELOAD=$JAVA_PRELOAD exec "${guard[@]}" "$JAVA" -cp "$(e2e_classes)" "$@") \
        >"$out/stdout" 2>"$out/stderr" || rc=$?
    echo "   exit $rc"
    [[ $rc -ne 124 || -z ${E2E_TIMEOUT:-} ]] || fail "java still ran after ${E2E_TIMEOUT}s (a hang): killed"
}

e2e_use_jdk() {
    JAVA=$1/bin/java
    jdk_v=$(e2e_jdk_version "$1")
    jdk_label=jdk$jdk_v
    echo "   (java of $1, JDK $jdk_v)"
}
jdk_v=17
jdk_label=jdk17

# The feature version from the JDK's release file; Debian's JDK 8 has
# none, its java -version then says 1.8.0_N.
e2e_jdk_version() {
    local v
    v=$(sed -n 's/^JAVA_VERSION="\(.*\)"$/\1/p' "$1/release" 2>/dev/null)
    # (java -version is slow to start: asked once per test)
    [[ -n $v ]] || v=$(awk -v d="$1" '$1 == d { print $2 }' "$out/jdk-versions" 2>/dev/null)
    if [[ -z $v ]]; then
        v=$("$1/bin/java" -version 2>&1 | sed -n 's/^[a-z]* version "\([^"]*\)".*/\1/p')
        echo "$1 $v" >>"$out/jdk-versions"
    fi
    v=${v#1.}
    echo "${v%%[._-]*}"
}

# e2e_jdks [MIN [MAX]]: the JDKs of $JDKS present, of feature version MIN
# to MAX; each absent one a note (under CI=true a failure, which
# e2e_finish sees in $out/jdks-missing: this runs in a subshell).
e2e_jdks() {
    local min=${1:-0} max=${2:-999} d v
    for d in ${JDKS:-}; do
        if [[ ! -x $d/bin/java ]]; then
            if in_ci; then
                echo "FAIL: JDK $d not found (CI=true: scripts/setup-debian.sh provides it)" >&2
                echo "$d" >>"$out/jdks-missing"
            else
                echo "   SKIP (note): JDK $d not found (scripts/setup-jdks.sh caches it): its runs are left out" >&2
            fi
            continue
        fi
        v=$(e2e_jdk_version "$d")
        ((v >= min && v <= max)) && echo "$d"
    done
    return 0
}

# JDK 8 keeps libjdwp.so and the rest in jre/lib/amd64, later JDKs in lib.
e2e_jdk_lib() {
    local f
    for f in "$1/lib/$2" "$1/jre/lib/amd64/$2" "$1/lib/amd64/$2"; do
        [[ -f $f ]] && { echo "$f"; return 0; }
    done
    echo "$1/lib/$2"
}

# e2e_classes [DIR]: the classes for the java of DIR (default: the current
# one); JDK 8's Attach API is in its lib/tools.jar.
e2e_classes() {
    local cp=$out/classes home=${1:-${JAVA%/bin/java}} v=$jdk_v line
    [[ -z ${1:-} ]] || v=$(e2e_jdk_version "$1")
    ((v >= 17)) || cp=$out/classes-8
    if ((v < 17)) && [[ -s $out/classes-8.todo ]]; then
        while read -r line; do
            # shellcheck disable=SC2086  # options and paths, one word each
            if ! "$JAVAC" --release 8 -d "$out/classes-8" $line >"$out/javac8.log" 2>&1; then
                cat "$out/javac8.log" >&2
                echo "javac --release 8 $line (the classes for JDK 8 and 11) failed" >>"$out/javac8-failed"
            fi
        done <"$out/classes-8.todo"
        : >"$out/classes-8.todo"
    fi
    [[ ! -f $home/lib/tools.jar ]] || cp=$cp:$home/lib/tools.jar
    echo "$cp"
}

# The JVMTI version of the current java, in the numbering of its spec:
# 1.2 for JDK 8 (JVMTI_VERSION 0x30010200 and up), then the JDK's own.
e2e_jvmti_version() {
    if ((jdk_v <= 8)); then echo 1.2; else echo "$jdk_v"; fi
}

e2e_have_new_jdk() {
    if [[ -n ${JDK_NEW:-} && -x $JDK_NEW/bin/java ]]; then
        return 0
    fi
    echo "   SKIP (note): no newer JDK (configure --with-jdk-new=DIR; ${JDK_NEW:-none configured}): its runs are left out"
    return 1
}

# The shim generated from SPEC, built like libjvmticheck with $CC into SO:
# the JVMTI tool (gen/runtime/jvmti/, against SPEC's headers) and the
# generated wrapper, linked with the built common layer (libjccommon,
# which knows no JVMTI type, so one build serves every spec).
e2e_build_shim() {
    local spec=$1 so=$2 gen
    shift 2
    gen=$(dirname "$so")/gen-$(basename "$so" .so)
    mkdir -p "$gen"
    "$JVMTIGEN" -q --wrapper --header --tables "$@" -o "$gen" "$spec" >"$gen/jvmtigen.log" 2>&1 || {
        cat "$gen/jvmtigen.log"; fail "jvmtigen on $spec"; return 1; }
    # shellcheck disable=SC2086
    ${CC:-cc} -std=c11 -Wall -Werror=implicit-function-declaration -O1 -shared -fPIC -fvisibility=hidden -pthread -Wl,-z,nodelete -o "$so" \
        -I"$gen" -I"$GEN_RUNTIME_DIR/common" -I"$GEN_RUNTIME_DIR/jvmti" $JNI_CFLAGS \
        "$GEN_RUNTIME_DIR"/jvmti/*.c "$gen/jvmticheck_gen.c" "$gen/jvmti_names.c" "$builddir/.libs/libjccommon.a" \
        ${LIBDW_LIBS:--ldw} -ldl -lstdc++ >"$gen/cc.log" 2>&1 || {
        cat "$gen/cc.log"; fail "compiling the shim from $spec"; return 1; }
}

trace() {
    python3 "$srcdir/tests/e2e/trace.py" "$@"
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
    if [[ -s $out/javac8-failed ]]; then
        echo "FAIL: $(cat "$out/javac8-failed")"
        status=1
    fi
    if [[ -s $out/jdks-missing ]]; then
        echo "FAIL: JDKs missing under CI=true: $(sort -u "$out/jdks-missing" | tr '\n' ' ')"
        status=1
    fi
    if [[ $status -ne 0 && -f $out/stderr ]]; then
        echo "---- stderr of the last java run (first 40 lines) ----"
        head -40 "$out/stderr"
    fi
    exit $status
}
