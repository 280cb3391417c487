#!/usr/bin/env bash
# e2e/launcher.sh — the jvmticheck command (gen/launcher/) in front of a
# real java, on JDK 17 and the newer JDK: every agent of the command
# becomes a load of the shim, the verdicts reach stderr, and the exit
# status is the program's, or --error-exitcode's N when problems were
# reported.  On the more JDKs (8, 11, 21), a C and a Java agent at once.
#
# - -agentpath: a C agent; the program's own arguments that look like
#   agent options reach it untouched; the misuse agent's violations leave
#   the status alone without --error-exitcode (the program's 3 comes back)
#   and make it N with it; a clean agent with --error-exitcode keeps the
#   program's status;
# - -agentlib: the same agent as libjvmticheck_good.so on LD_LIBRARY_PATH;
#   with only -Djava.library.path HotSpot does not find it, nor does
#   jvmticheck (the VM's own error, exit 1, and a note saying why);
# - -javaagent: the agent jar tests/e2e/javaagent.sh builds, through the
#   JDK's libinstrument;
# - JAVA_TOOL_OPTIONS (a Java agent whose options hold a space, quoted)
#   and JDK_JAVA_OPTIONS (a C agent), rewritten;
# - two agents at once: two loads, two verdicts naming them, %n in --log;
#   one log file for both is refused;
# - a command without agents runs unchanged (its output and status), with
#   one note on stderr (-q: none; --require-agent: exit 2, nothing run);
#   a bad shim option, or an @argfile that names an agent (which cannot be
#   rewritten), is one line and exit 2 before any VM starts.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-launcher
: "${JVMTICHECK_LAUNCHER:?}"
if [[ ! -x $JVMTICHECK_LAUNCHER ]]; then
    echo "FAIL: $JVMTICHECK_LAUNCHER not built"
    exit 1
fi
unset JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS _JAVA_OPTIONS JVMTICHECK_SHIM
e2e_javac Args Hello
mkdir -p "$out/agent" "$out/lib"
if ! "$JAVAC" --release 8 -d "$out/agent" "$srcdir/tests/e2e/java/instrument/Probe.java" >"$out/javac.log" 2>&1 ||
    ! "$JDK_HOME/bin/jar" cfm "$out/probe.jar" "$srcdir/tests/e2e/java/instrument/MANIFEST.MF" -C "$out/agent" . \
        >>"$out/javac.log" 2>&1; then
    cat "$out/javac.log"
    echo "FAIL: building the agent jar"
    exit 1
fi
cp "$AGENTS_DIR/good_agent.so" "$out/lib/libjvmticheck_good.so"
good=$AGENTS_DIR/good_agent.so
misuse=$AGENTS_DIR/misuse_agent.so

# launch [VAR=VALUE]... -- JVMTICHECK-ARG...: jvmticheck in $out, with
# those variables; stdout and stderr in $out/stdout, $out/stderr; sets rc.
launch() {
    local vars=()
    while [[ $1 != -- ]]; do
        vars+=("$1")
        shift
    done
    shift
    echo "   ${vars[*]:+${vars[*]} }jvmticheck $*"
    rc=0
    (cd "$out" && exec env LD_PRELOAD="$JAVA_PRELOAD" "${vars[@]}" "$JVMTICHECK_LAUNCHER" "$@") \
        >"$out/stdout" 2>"$out/stderr" || rc=$?
    echo "   exit $rc"
    if grep -qE 'runtime error:|ERROR: AddressSanitizer' "$out/stderr"; then
        fail "a sanitizer reports an error:"
        grep -A12 -E 'runtime error:|ERROR: AddressSanitizer' "$out/stderr" | head -30
    fi
}

expect_rc() {
    [[ $rc -eq $1 ]] || fail "$2: exit $rc, expected $1"
}

# has FILE REGEX WHAT / lacks FILE REGEX WHAT
has() {
    grep -qE -- "$2" "$out/$1" || { fail "$3: no line matching '$2' in $1:"; head -20 "$out/$1"; }
}
lacks() {
    if grep -qE -- "$2" "$out/$1"; then
        fail "$3: $1 has a line matching '$2':"
        grep -E -- "$2" "$out/$1" | head -5
    fi
}

clean_verdict='^jvmticheck: no problems found \([0-9]+ calls checked\)'

launcher_run() {
    local label=$1 jdk=$2 java=$2/bin/java

    echo "== $label: -agentpath"
    launch -- "$java" "-agentpath:$good" -cp classes Args a "-agentpath:$misuse" -javaagent:x.jar
    expect_rc 0 "$label -agentpath"
    has stderr "$clean_verdict" "$label -agentpath: the shim's verdict"
    has stderr "options=\"agent=$good\"" "$label -agentpath: the shim's run header"
    has stdout '^arg: -agentpath:.*/misuse_agent.so$' "$label -agentpath: the program's own argument"
    has stdout '^arg: -javaagent:x.jar$' "$label -agentpath: the program's own argument"

    echo "== $label: problems, and the exit status"
    launch -- "$java" "-agentpath:$misuse" -cp classes Args status=3
    expect_rc 3 "$label misuse without --error-exitcode (the program's status)"
    has stderr '^jvmticheck: [0-9]+ violations? in' "$label misuse: the verdict"
    launch -- --error-exitcode=7 "$java" "-agentpath:$misuse" -cp classes Args status=3
    expect_rc 7 "$label misuse with --error-exitcode=7"
    launch -- --error-exitcode=7 "$java" "-agentpath:$good" -cp classes Args status=3
    expect_rc 3 "$label a clean agent with --error-exitcode=7 (the program's status)"
    has stderr "$clean_verdict" "$label clean agent, --error-exitcode"

    echo "== $label: -agentlib, found where HotSpot looks"
    launch LD_LIBRARY_PATH="$out/lib" -- "$java" -agentlib:jvmticheck_good -cp classes Hello
    expect_rc 0 "$label -agentlib on LD_LIBRARY_PATH"
    has stderr "$clean_verdict" "$label -agentlib: the verdict"
    has stderr "options=\"agent=$out/lib/libjvmticheck_good.so\"" "$label -agentlib: the library the shim loaded"
    e2e_java "-Djava.library.path=$out/lib" -agentlib:jvmticheck_good Hello
    cp "$out/stdout" "$out/$label.plain-libpath.stdout"
    [[ $rc -eq 1 ]] || fail "$label: java alone found an agent only on -Djava.library.path (exit $rc): HotSpot's search changed?"
    launch -- "$java" "-Djava.library.path=$out/lib" -agentlib:jvmticheck_good -cp classes Hello
    expect_rc 1 "$label -agentlib on -Djava.library.path only (the VM does not find it)"
    # (HotSpot writes its start-up errors on stdout)
    has stdout 'Could not find agent library jvmticheck_good' "$label -agentlib on java.library.path: the VM's own error"
    cmp -s "$out/stdout" "$out/$label.plain-libpath.stdout" || fail "$label -agentlib on java.library.path: not java's own output"
    has stderr '^jvmticheck: -agentlib:jvmticheck_good .*-Djava.library.path is not searched' \
        "$label -agentlib on java.library.path: jvmticheck's note"

    echo "== $label: -javaagent"
    launch -- "$java" "-javaagent:$out/probe.jar=hi" -cp classes Hello
    expect_rc 0 "$label -javaagent"
    has stdout '^transformer called true args=hi$' "$label -javaagent: the agent ran"
    has stderr "$clean_verdict" "$label -javaagent: the verdict"
    has stderr "agent=$jdk/lib/libinstrument.so=$out/probe.jar=hi" "$label -javaagent: through libinstrument"
    lacks stderr 'VIOLATION' "$label -javaagent"

    echo "== $label: JAVA_TOOL_OPTIONS and JDK_JAVA_OPTIONS"
    launch JAVA_TOOL_OPTIONS="-Dx=1 '-javaagent:$out/probe.jar=hi there'" -- "$java" -cp classes Hello
    expect_rc 0 "$label JAVA_TOOL_OPTIONS"
    has stdout '^transformer called true args=hi there$' "$label JAVA_TOOL_OPTIONS: the agent's quoted options"
    has stderr '^Picked up JAVA_TOOL_OPTIONS: .*libjvmticheck.so=agent=' "$label JAVA_TOOL_OPTIONS rewritten"
    has stderr "$clean_verdict" "$label JAVA_TOOL_OPTIONS: the verdict"
    launch JDK_JAVA_OPTIONS="-agentpath:$good" -- "$java" -cp classes Hello
    expect_rc 0 "$label JDK_JAVA_OPTIONS"
    has stderr 'Picked up JDK_JAVA_OPTIONS: .*libjvmticheck.so=agent=' "$label JDK_JAVA_OPTIONS rewritten"
    has stderr "$clean_verdict" "$label JDK_JAVA_OPTIONS: the verdict"

    echo "== $label: two agents"
    rm -f "$out"/two.*.log
    launch -- --error-exitcode=5 --log="$out/two.%n.log" "$java" "-agentpath:$good" "-agentpath:$misuse" -cp classes Hello
    expect_rc 5 "$label two agents, one with problems"
    has stderr '^jvmticheck \(load 1, good_agent.so\): no problems found' "$label two agents: the first's verdict"
    has stderr '^jvmticheck \(load 2, misuse_agent.so\): [0-9]+ violations' "$label two agents: the second's verdict"
    [[ -s $out/two.1.log && -s $out/two.2.log ]] || fail "$label two agents: no log per load (two.1.log, two.2.log)"
    grep -q 'VIOLATION' "$out/two.1.log" 2>/dev/null && fail "$label two agents: load 1's log (the good agent's) has violations"
    grep -q 'VIOLATION' "$out/two.2.log" 2>/dev/null || fail "$label two agents: load 2's log (the misuse agent's) has no violation"
    launch -- --log="$out/two.log" "$java" "-agentpath:$good" "-agentpath:$misuse" -cp classes Hello
    expect_rc 2 "$label two agents sharing one log"
    has stderr '^jvmticheck: 2 agents would write one log=/record= file' "$label two agents, one log: refused"
    [[ ! -s $out/stdout ]] || fail "$label two agents, one log: the program ran"

    echo "== $label: no agent"
    e2e_java Args status=4 "a b"
    cp "$out/stdout" "$out/$label.plain.stdout"
    launch -- "$java" -cp classes Args status=4 "a b"
    expect_rc 4 "$label no agent (the program's status)"
    cmp -s "$out/stdout" "$out/$label.plain.stdout" || fail "$label no agent: the output differs from java's own"
    [[ $(wc -l <"$out/stderr") -eq 1 ]] || fail "$label no agent: stderr is not the one note"
    has stderr '^jvmticheck: no JVMTI agent in .*: running it unchecked$' "$label no agent: the note"
}

# On the more JDKs (configure --with-jdks): a C agent and a Java agent at
# once (JDK 8 keeps libinstrument in jre/lib/amd64 and has no modules to
# add), and JDK_JAVA_OPTIONS, which the java launcher reads from JDK 9 on.
more_run() {
    local label=$1 jdk=$2 cp instrument
    cp=$(e2e_classes)
    instrument=$(readlink -f "$(e2e_jdk_lib "$jdk" libinstrument.so)")  # (the launcher resolves links)
    echo "== $label: -agentpath and -javaagent"
    launch -- "$jdk/bin/java" "-agentpath:$good" "-javaagent:$out/probe.jar=hi" -cp "$cp" Hello
    expect_rc 0 "$label two agents"
    has stdout '^transformer called true args=hi$' "$label -javaagent: the agent ran"
    has stderr '^jvmticheck \(load 1, good_agent.so\): no problems found' "$label: the C agent's verdict"
    has stderr '^jvmticheck \(load 2, libinstrument.so\): no problems found' "$label: the Java agent's verdict"
    has stderr "options=\"agent=$instrument=$out/probe.jar=hi\"" "$label -javaagent: the JDK's own libinstrument"
    if ((jdk_v >= 9)); then
        launch JDK_JAVA_OPTIONS="-agentpath:$good" -- "$jdk/bin/java" -cp "$cp" Hello
        expect_rc 0 "$label JDK_JAVA_OPTIONS"
        has stderr "$clean_verdict" "$label JDK_JAVA_OPTIONS: the verdict"
    fi
}

launcher_run jdk17 "$JDK_HOME"

echo "== usage"
launch -- -q "$JAVA" -cp classes Args status=4
expect_rc 4 "-q, no agent"
[[ ! -s $out/stderr ]] || fail "-q, no agent: stderr is not empty"
launch -- --require-agent "$JAVA" -cp classes Args
expect_rc 2 "--require-agent, no agent"
[[ ! -s $out/stdout ]] || fail "--require-agent, no agent: the program ran"
launch -- --trace=some "$JAVA" "-agentpath:$good" -cp classes Args
expect_rc 2 "a bad shim option"
[[ $(wc -l <"$out/stderr") -eq 1 ]] || fail "a bad shim option: not one line"
has stderr "^jvmticheck: bad value 'some' for trace" "a bad shim option"
[[ ! -s $out/stdout ]] || fail "a bad shim option: the program ran"
printf -- '-cp classes\n"-agentpath:%s"\n' "$good" >"$out/agent.args"
launch -- "$JAVA" @agent.args Args
expect_rc 2 "an @argfile naming an agent"
has stderr '^jvmticheck: agent.args \(@agent.args, on the command line\) holds a -agentpath: option' "an @argfile naming an agent"
[[ ! -s $out/stdout ]] || fail "an @argfile naming an agent: the program ran unchecked"
launch PATH="$JDK_HOME/bin:$PATH" -- -n java "-agentpath:$good" Main
expect_rc 0 "--dry-run, java from PATH"
has stdout "^java -agentpath:[^ ]*libjvmticheck.so=agent=$good Main$" "--dry-run"

if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    launcher_run new "$JDK_NEW"
fi
for jdk in $(e2e_jdks); do e2e_use_jdk "$jdk"; more_run "$jdk_label" "$jdk"; done
if compgen -G "$out/hs_err_pid*.log" >/dev/null; then
    fail "a JVM crashed: $(ls "$out"/hs_err_pid*.log)"
fi
e2e_finish
