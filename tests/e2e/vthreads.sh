#!/usr/bin/env bash
# e2e/vthreads.sh — virtual threads (JDK 21+: the newer JDK, skipped with a
# note when there is none, and JDK 21 of --with-jdks).
#
# tests/e2e/java/VThreads.java starts 4 platform and 3000 virtual threads
# (vt-0 ...); vthread_agent enables VirtualThreadStart and VirtualThreadEnd
# (with can_support_virtual_threads) and calls GetThreadInfo in each.
# Through the shim, check=strict, trace=all: exit 0; 3000 of each event
# traced, as many as the agent counted; every record of those events and
# of the GetThreadInfo calls in them names its virtual thread (vt-N), says
# "virtual":true and carries the thread's id; no record is named after a
# carrier (ForkJoinPool-...); no violation, no leak.
#
# Then what the spec says of virtual threads (vthread_agent option
# "misuse", 50 virtual threads): RunAgentThread with a virtual thread,
# which the JDK 21 and 25 specs forbid ("thread is a virtual thread":
# UNSUPPORTED_OPERATION), is one `virtual_thread` violation; check=strict
# refuses it with JVMTI_ERROR_UNSUPPORTED_OPERATION (73), check=on passes it
# and the VM answers 73 itself.  GetCurrentThreadCpuTime and
# GetThreadCpuTime on a virtual thread, which the VM need not support, are
# one `virtual_thread_unsupported` note each when the VM answers 73, and no
# violation.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-vthreads
if ! e2e_have_new_jdk; then
    exit 77
fi
# (class files of Java 21, which JDK 21 runs too)
JAVAC=$JDK_NEW/bin/javac e2e_javac --release=21 VThreads
vthreads_run() {
    echo "== $jdk_label"
    n=3000
    log=$out/trace-$jdk_label.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=check=strict,format=jsonl,trace=all,log=$log,agent=$AGENTS_DIR/vthread_agent.so" VThreads $n
    e2e_expect_clean_run "$log"
    grep -q "^vthreads done: $n " "$out/stdout" || fail "the program did not finish: $(cat "$out/stdout")"
    line=$(grep '^vthread_agent: ' "$out/stderr" || true)
    [[ $line == "vthread_agent: start=$n end=$n" ]] || fail "the agent says '$line', expected start=$n end=$n"
    [[ $(count event VirtualThreadStart) -eq $n ]] || fail "$(count event VirtualThreadStart) VirtualThreadStart records, expected $n"
    [[ $(count event VirtualThreadEnd) -eq $n ]] || fail "$(count event VirtualThreadEnd) VirtualThreadEnd records, expected $n"
    trace threads "$log" >"$out/threads"
    sed 's/^/   /' "$out/threads"
    # kind name named-virtual other
    awk -v n=$n '
        ($1 == "event" && ($2 == "VirtualThreadStart" || $2 == "VirtualThreadEnd")) ||
        ($1 == "call" && ($2 == "GetThreadInfo" || $2 == "Deallocate")) {
            want = ($1 == "event") ? n : 2 * n
            if ($3 != want || $4 != 0) { print "FAIL: " $1 " " $2 ": " $3 " from a named virtual thread, " $4 " not; expected " want " and 0"; bad = 1 }
        }
        END { exit bad }' "$out/threads" || status=1
    ! grep -q '"thread":"ForkJoinPool' "$log" || fail "records named after a carrier thread"
    [[ $(count violation) -eq 0 ]] || fail "violations: $(trace violations "$log" | sort | uniq -c)"
    [[ $(count leak) -eq 0 ]] || fail "leaks: $(grep '"kind":"leak"' "$log" | head -3)"

    for mode in strict on; do
        echo "== virtual threads where the spec says no, check=$mode"
        log=$out/misuse-$jdk_label-$mode.jsonl
        e2e_java "-agentpath:$LIBJVMTICHECK=check=$mode,format=jsonl,trace=errors,log=$log,agent=$AGENTS_DIR/vthread_agent.so=misuse" VThreads 50
        e2e_expect_clean_run "$log"
        grep -q "^vthreads done: 50 " "$out/stdout" || fail "$mode: the program did not finish: $(cat "$out/stdout")"
        got=$(sed -n 's/^vthread_agent: RunAgentThread -> //p' "$out/stderr")
        [[ $got == 73 ]] || fail "$mode: RunAgentThread gave '$got', expected 73 (UNSUPPORTED_OPERATION)"
        [[ "$(trace violations "$log")" == "virtual_thread RunAgentThread thread" ]] \
            || fail "$mode: violations '$(trace violations "$log")', expected one virtual_thread"
        cpu=$(sed -n 's/^vthread_agent: cpu time -> //p' "$out/stderr")
        want=
        [[ ${cpu%% *} == 73 ]] && want="note virtual_thread_unsupported GetCurrentThreadCpuTime"
        [[ ${cpu##* } == 73 ]] && want="$want${want:+
}note virtual_thread_unsupported GetThreadCpuTime"
        [[ -n $cpu ]] || fail "$mode: the agent asked no CPU time"
        [[ "$(trace notes "$log" | sort)" == "$(sort <<<"$want")" ]] \
            || fail "$mode: notes '$(trace notes "$log")', expected '$want' (the VM answered $cpu)"
    done
    [[ $cpu == "73 73" ]] || echo "   note: this VM answered the CPU time calls on a virtual thread with $cpu"
}
for jdk in $(e2e_jdks 21) "$JDK_NEW"; do e2e_use_jdk "$jdk"; vthreads_run; done
e2e_finish
