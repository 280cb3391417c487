#!/usr/bin/env bash
# e2e/attach-fail.sh — an attach of the shim that fails must not take the VM
# down, and a later attach must work.  HotSpot 9 and later unload an agent
# library whose Agent_OnAttach fails; a failed load of the shim has by then
# started threads of its own (the trace's flusher with trace=all, the
# recorder's chunk maker with format=bin), which ran on in unmapped code:
# the VM died of SIGSEGV.  The shim is never unloaded now.
#
# Each run (JDK 17, the newer JDK and the more JDKs where configured:
# 8, 11, 21) attaches the shim
# into a running VM (tests/e2e/java/AttachMany.java) with an agent that fails
# (missing; or its Agent_OnAttach returns JNI_ERR after some calls:
# profiler_agent fail), under trace=all, format=bin or log=FILE; then
# checks that the shim is still mapped, keeps the VM working for a while,
# attaches the shim again with a good agent (profiler_agent start), and
# works again.  Expected: the first load refused with one line naming the
# agent, the second loaded and reported as load 2, and the VM ends with
# exit 0.  One more run: an agent that breaks the spec, then fails: the
# failed load's verdict follows its line, and exitcode= does not apply.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-attach-fail
E2E_TIMEOUT=300     # a hang guard, not a time limit
e2e_javac AttachMany
agent=$AGENTS_DIR/profiler_agent.so

# fail_run JDK WHY MODE: one run; WHY is missing or refuses, MODE trace, bin or log
fail_run() {
    local jdk=$1 why=$2 mode=$3 label="JDK $1, agent $2, $3" bad opts opts2 log2
    case $why in
        missing) bad=$out/no-such-agent.so ;;
        refuses) bad=$agent=fail ;;
    esac
    log2=$out/$jdk-$why-$mode-2
    case $mode in
        trace) opts=trace=all opts2="trace=all,format=jsonl,log=$log2.jsonl" ;;
        bin) opts="trace=all,format=bin,log=$out/$jdk-$why-$mode.bin" opts2="trace=all,format=bin,log=$log2.bin" ;;
        log) opts="log=$out/$jdk-$why-$mode.txt" opts2="log=$log2.txt" ;;
    esac
    echo "== $label"
    e2e_java -Djdk.attach.allowAttachSelf=true AttachMany \
        "$LIBJVMTICHECK" "$opts,agent=$bad" mapped="$LIBJVMTICHECK" work=1500 \
        "$LIBJVMTICHECK" "$opts2,agent=$agent=start" work=300
    e2e_expect_clean_exit "$label"
    grep -qx 'load 1: refused (returned -1)' "$out/stdout" || fail "$label: the failed load was not refused"
    grep -qx 'mapped: yes' "$out/stdout" || fail "$label: the shim was unloaded after the failed attach"
    grep -qx 'load 2: ok' "$out/stdout" || fail "$label: the attach after the failed one did not work"
    grep -q '^done' "$out/stdout" || fail "$label: the VM did not run to its end"
    case $why in
        missing) grep -q "^jvmticheck: cannot load agent $bad: " "$out/stderr" ||
                     fail "$label: no line says the agent is missing" ;;
        refuses) grep -qx "jvmticheck: ${bad%=fail}: Agent_OnAttach returned -1" "$out/stderr" ||
                     fail "$label: no line says the agent's Agent_OnAttach failed" ;;
    esac
    [[ $(grep -c '^jvmticheck:' "$out/stderr") -eq 1 ]] || fail "$label: the failed load wrote more than its one line"
    grep -qx 'profiler_agent: started' "$out/stderr" || fail "$label: the second load's agent did not start"
    grep -q '^jvmticheck (load 2, profiler_agent.so): no problems found' "$out/stderr" ||
        fail "$label: no verdict of load 2 naming its agent"
    # the second load's own log holds its calls
    case $mode in
        trace) e2e_expect_clean_run "$log2.jsonl"
               [[ $(count call SetEventNotificationMode) -ge 1 ]] || fail "$label: load 2's calls are not in its log" ;;
        bin) if "$JVMTIGEN" trace --format=jsonl "$log2.bin" >"$log2.jsonl" 2>"$out/decode.err"; then
                 e2e_expect_clean_run "$log2.jsonl"
                 [[ $(count call SetEventNotificationMode) -ge 1 ]] || fail "$label: load 2's calls are not in its recording"
             else
                 fail "$label: jvmtigen trace $log2.bin: $(head -2 "$out/decode.err")"
             fi ;;
        log) [[ -f $log2.txt ]] || fail "$label: load 2 wrote no log" ;;
    esac
    return 0
}

jdks=17
if e2e_have_new_jdk; then
    jdks="17 new"
fi
for jdk in $jdks; do
    if [[ $jdk == 17 ]]; then e2e_use_jdk "$JDK_HOME"; else e2e_use_jdk "$JDK_NEW"; fi
    for why in missing refuses; do
        for mode in trace bin log; do
            fail_run "$jdk" "$why" "$mode"
        done
    done
    label="JDK $jdk, agent breaks the spec, then refuses"
    echo "== $label"
    e2e_java -Djdk.attach.allowAttachSelf=true AttachMany \
        "$LIBJVMTICHECK" "exitcode=7,agent=$agent=fail-bad" work=300
    e2e_expect_clean_exit "$label"
    grep -qx 'load 1: refused (returned -1)' "$out/stdout" || fail "$label: the failed load was not refused"
    grep -A1 -x "jvmticheck: $agent: Agent_OnAttach returned -1" "$out/stderr" |
        grep -qx 'jvmticheck: 1 violation in 1 context' || fail "$label: no verdict right after the failure's line"
done
# the failure matrix on the more JDKs (8, 11, 21) too
for d in $(e2e_jdks); do
    e2e_use_jdk "$d"
    for why in missing refuses; do
        for mode in trace bin log; do
            fail_run "$(e2e_jdk_version "$d")" "$why" "$mode"
        done
    done
done
e2e_finish
