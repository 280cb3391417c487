#!/usr/bin/env bash
# e2e/javaagent.sh — a Java agent (-javaagent) through the shim: the JDK's
# libinstrument, the agent behind every java.lang.instrument tool (APM
# agents, coverage, mocking), wrapped as agent=.../libinstrument.so=JAR.
#
# tests/e2e/java/instrument/Probe.java retransforms, redefines, lists classes,
# sizes an object and sets a native-method prefix.  Through the shim the
# program's output must equal its output without the shim, stderr must
# carry nothing from the VM that it would not carry without the shim (the
# shim once made HotSpot warn "Re-registering of platform native method",
# registering libinstrument's natives itself), no violation is reported,
# and, per function, the calls we trace plus the shim's own equal what
# HotSpot traces (-XX:TraceJVMTI=all) in the same run.  No leak either,
# under exitcode=7: the exit status stays 0.  libinstrument allocates its
# agent (JPLISAgent.c's allocateJPLISAgent) and keeps it for the VM's life
# only as &agent->mNormalEnvironment, a pointer into the block's middle, in
# the env's local storage: a "referenced" record with "pointer":"interior",
# not a leak (its other blocks, the agent class name and options, it frees
# after premain).  Again under check=deep (the VM asked about every
# reference libinstrument passes, the module and package names of its
# module edits): the same output, no violation.  On JDK 17 and the newer
# JDK.  Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-javaagent
mkdir -p "$out/agent"
if ! "$JAVAC" --release 8 -d "$out/agent" "$srcdir/tests/e2e/java/instrument/Probe.java" >"$out/javac.log" 2>&1 ||
    ! "$JDK_HOME/bin/jar" cfm "$out/probe.jar" "$srcdir/tests/e2e/java/instrument/MANIFEST.MF" -C "$out/agent" . \
        >>"$out/javac.log" 2>&1; then
    cat "$out/javac.log"
    echo "FAIL: building the agent jar"
    exit 1
fi
e2e_javac Hello

javaagent_run() {
    local label=$1 jdk=$2 log=$out/$1.jsonl hslog=$out/$1-hotspot-jvmti.log
    local instrument
    instrument=$(e2e_jdk_lib "$jdk" libinstrument.so)
    if [[ ! -f $instrument ]]; then
        fail "$instrument not found"
        return 0
    fi
    echo "== $label: -javaagent without the shim"
    e2e_java "-javaagent:$out/probe.jar=hi" Hello
    [[ $rc -eq 0 ]] || fail "without the shim: exit $rc"
    cp "$out/stdout" "$out/$label.plain.stdout"
    cp "$out/stderr" "$out/$label.plain.stderr"
    grep -q '^transformer called true args=hi$' "$out/stdout" || fail "the agent did not run to its end without the shim"

    echo "== $label: through the shim"
    # HotSpot's JVMTI trace into its own file: -Xlog, or on JDK 8, which
    # has no unified logging (it came in 9), the VM's log file
    local hsopts=("-Xlog:jvmti=trace:file=$hslog:none")
    ((jdk_v >= 9)) || hsopts=(-XX:+UnlockDiagnosticVMOptions -XX:+LogVMOutput "-XX:LogFile=$hslog" -XX:-DisplayVMOutput)
    e2e_java -XX:TraceJVMTI=all "${hsopts[@]}" \
        "-agentpath:$LIBJVMTICHECK=check=on,trace=all,format=jsonl,summary=on,exitcode=7,log=$log,agent=$instrument=$out/probe.jar=hi" \
        Hello
    e2e_expect_clean_run "$log"
    if ! cmp -s "$out/stdout" "$out/$label.plain.stdout"; then
        fail "the program's output differs through the shim:"
        diff "$out/$label.plain.stdout" "$out/stdout" | head -10
    fi
    # stderr: the shim's verdict line is ours; anything else must be what
    # the run without the shim printed too.
    grep -v '^jvmticheck: ' "$out/stderr" >"$out/$label.shim.stderr" || true
    if ! diff "$out/$label.plain.stderr" "$out/$label.shim.stderr" >"$out/$label.stderr.diff"; then
        fail "stderr carries lines it does not carry without the shim:"
        head -10 "$out/$label.stderr.diff"
    fi
    [[ $(count violation) -eq 0 ]] || fail "violations: $(trace violations "$log" | sort | uniq -c)"
    local f
    for f in RetransformClasses RedefineClasses GetLoadedClasses SetNativeMethodPrefixes AddToSystemClassLoaderSearch; do
        [[ $(count call "$f") -ge 1 ]] || fail "no $f call traced"
    done
    [[ $(count event ClassFileLoadHook) -ge 1 ]] || fail "no ClassFileLoadHook event traced"
    if [[ $(count leak) -ne 0 ]]; then
        fail "leaks:"
        grep '"kind":"leak"' "$log" | head -5
    fi
    grep -q '"kind":"summary","name":"Allocate",.*"type":"referenced","param":"mem_ptr","held":"env-local storage","pointer":"interior",' "$log" \
        || fail "libinstrument's agent block is not held through its env-local storage (interior)"
    if [[ ! -s $hslog ]]; then
        fail "HotSpot wrote no JVMTI trace to $hslog"
    else
        echo "   calls per function, HotSpot's trace against ours:"
        trace hotspot "$log" "$hslog" || fail "the call counts differ (DIFFERS above)"
    fi

    echo "== $label: through the shim, check=deep"
    log=$out/$label-deep.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=check=deep,trace=all,format=jsonl,log=$log,agent=$instrument=$out/probe.jar=hi" \
        Hello
    e2e_expect_clean_run "$log"
    cmp -s "$out/stdout" "$out/$label.plain.stdout" || fail "check=deep: the program's output differs through the shim"
    [[ $(count violation) -eq 0 ]] || fail "check=deep: violations: $(trace violations "$log" | sort | uniq -c)"
    [[ $(count call RedefineClasses) -ge 1 ]] || fail "check=deep: no RedefineClasses call traced"
}

javaagent_run jdk17 "$JDK_HOME"
for jdk in $(e2e_jdks); do e2e_use_jdk "$jdk"; javaagent_run "$jdk_label" "$jdk"; done
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    javaagent_run new "$JDK_NEW"
fi
e2e_finish
