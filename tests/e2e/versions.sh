#!/usr/bin/env bash
# e2e/versions.sh — one shim for every VM.
#
# newer_agent (built against the JDK 25 jvmti.h) calls functions that are
# newer than JDK 17 (SuspendAllVirtualThreads, ResumeAllVirtualThreads,
# ClearAllFramePops), three of them correctly and two wrongly.
# Last it calls slot 160, past every table so far: refused (`version`,
# 98) on every VM, never a jump past the table.
#   - JDK 17, the shim from $SPEC (the JDK 25 spec by default): the VM has
#     none of them; each call is a `version` violation and returns
#     JVMTI_ERROR_NOT_AVAILABLE (98), never reaching the VM; exit 0.  With
#     check=off nothing is reported, and still nothing reaches the VM.
#   - the newer JDK (--with-jdk-new; skipped with a note when absent), the
#     same shim: the calls reach the VM; the two wrong ones are reported by
#     their own checks; the env asked for JVMTI 11, so one `portability` note
#     per function.
#   - the more JDKs (8, 11, 21: --with-jdks), the same shim: each call's
#     outcome from the spec (since) and the VM's version (older_run).
#   - the newer JDK under a shim built from the JDK 17 spec (older than the
#     VM): one `vm_newer` warning; the slots that spec leaves reserved go to
#     the VM's own functions, traced as slot67, slot118, slot119, with the
#     VM's answers.
#   - events newer than the VM (newer_agent=events enables and disables
#     SampledObjectAlloc, since 11, and VirtualThreadStart, since 21): on
#     JDK 17 VirtualThreadStart is a `version` violation saying the VM's
#     JVMTI 17.0 lacks it (not "needs capability"), the VM's own answer
#     102 (INVALID_EVENT_TYPE) under check=on and the shim's under
#     check=strict; on a JDK 8 (JDK8_HOME, or one found in /usr/lib/jvm;
#     skipped with a note when there is none) both events are.
# Expected values come from the spec and the agent's source, not from a run.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-versions
e2e_javac Hello
agent=$AGENTS_DIR/newer_agent.so
[[ -f $SPEC ]] || { echo "SKIP: $SPEC not found"; exit 77; }
if ! grep -q 'since="25"' "$SPEC"; then
    echo "SKIP: libjvmticheck was built from an older spec than JDK 25's ($SPEC)"
    exit 77
fi

# What the agent printed: "NAME -> ERROR", one line per call, in order.
agent_results() {
    sed -n 's/^newer_agent: \([A-Za-z0-9]*\) -> \(-\?[0-9]*\)$/\1 \2/p' "$out/stderr" | tr '\n' ' '
}

# expect_lines FILE WANT: FILE's lines, sorted, must be WANT's (sorted).
expect_lines() {
    local what=$1 got=$2 want=$3
    if [[ "$(sort <<<"$got")" == "$(sort <<<"$want")" ]]; then
        echo "   ok: $what"
    else
        fail "$what differ"
        diff <(sort <<<"$want") <(sort <<<"$got") | sed 's/^/     /' || true
    fi
}

seventeen_calls="VirtualThreadStart 102 SuspendAllVirtualThreads 98 ResumeAllVirtualThreads 98 ClearAllFramePops 98 SuspendAllVirtualThreads 98 ClearAllFramePops 98 slot160 98 "

echo "== JDK 17, check=strict: every newer function reported, none called"
log=$out/jdk17.jsonl
e2e_java "-agentpath:$LIBJVMTICHECK=check=strict,format=jsonl,trace=all,log=$log,agent=$agent" Hello
e2e_expect_clean_run "$log"
[[ "$(agent_results)" == "$seventeen_calls" ]] \
    || fail "the agent got '$(agent_results)', expected '$seventeen_calls'"
expect_lines "version violations" "$(trace violations "$log")" "version SetEventNotificationMode event_type
version SuspendAllVirtualThreads -
version SuspendAllVirtualThreads -
version ResumeAllVirtualThreads -
version ClearAllFramePops -
version ClearAllFramePops -
version slot160 -"
expect_lines "calls of the newer functions" "$(trace calls "$log" | grep -E '^(Suspend|Resume)All|^ClearAll')" \
    "SuspendAllVirtualThreads JVMTI_ERROR_NOT_AVAILABLE
SuspendAllVirtualThreads JVMTI_ERROR_NOT_AVAILABLE
ResumeAllVirtualThreads JVMTI_ERROR_NOT_AVAILABLE
ClearAllFramePops JVMTI_ERROR_NOT_AVAILABLE
ClearAllFramePops JVMTI_ERROR_NOT_AVAILABLE"
[[ $(count warning) -eq 0 ]] || fail "a warning on a VM older than the spec"

echo "== JDK 17, check=off: nothing reported, nothing called"
log=$out/jdk17-off.jsonl
e2e_java "-agentpath:$LIBJVMTICHECK=check=off,format=jsonl,log=$log,agent=$agent" Hello
[[ $rc -eq 0 ]] || fail "java exited $rc under check=off"
[[ "$(agent_results)" == "$seventeen_calls" ]] \
    || fail "check=off: the agent got '$(agent_results)', expected '$seventeen_calls'"
[[ ! -s $log ]] || [[ -z "$(trace violations "$log")" ]] || fail "check=off reported violations"

# events_run LABEL OPTIONS WANT-RESULTS WANT-VIOLATIONS: newer_agent=events
# under the shim with OPTIONS (a jsonl log), on the JDK in use.
events_run() {
    local label=$1 opts=$2 want=$3 wantv=$4
    log=$out/events-$label.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=$opts,format=jsonl,log=$log,agent=$agent=events" Hello
    e2e_expect_clean_run "$log"
    [[ "$(agent_results)" == "$want" ]] || fail "$label: the agent got '$(agent_results)', expected '$want'"
    expect_lines "$label: violations" "$(trace violations "$log")" "$wantv"
    [[ $(count violation SetEventNotificationMode) -eq $(grep -c . <<<"$wantv") ]] ||
        fail "$label: $(count violation SetEventNotificationMode) violation records, expected $(grep -c . <<<"$wantv")"
}
# lacks EVENT NUM SINCE VM: the message of each such violation in $log
lacks() {
    grep -q "\"message\":\"the VM's JVMTI $4 lacks the event $1 ($2), which is since $3: the VM knows no such event (JVMTI_ERROR_INVALID_EVENT_TYPE)\"" "$log" ||
        fail "no violation says the VM's JVMTI $4 lacks $1: $(grep '"kind":"violation"' "$log" | head -2)"
}

echo "== JDK 17: enabling an event newer than the VM (VirtualThreadStart, since 21)"
e2e_use_jdk "$JDK_HOME"
for mode in strict on; do
    events_run "jdk17-$mode" "check=$mode" \
        "EnableSampledObjectAlloc 0 DisableSampledObjectAlloc 0 EnableVirtualThreadStart 102 DisableVirtualThreadStart 102 " \
        "version SetEventNotificationMode event_type
version SetEventNotificationMode event_type"
    lacks VirtualThreadStart 87 21.0 17.0
done

echo "== JDK 8: enabling events newer than the VM (SampledObjectAlloc, since 11; VirtualThreadStart)"
jdk8=${JDK8_HOME:-}
for d in $(e2e_jdks 8 8); do jdk8=$d; done
if [[ -n $jdk8 && -x $jdk8/bin/java ]]; then
    e2e_use_jdk "$jdk8"
    # Hello is compiled for JDK 8's class file version only when javac can
    mkdir -p "$out/classes8"
    if "$JAVAC" --release 8 -d "$out/classes8" "$srcdir/tests/e2e/java/Hello.java" >"$out/javac8.log" 2>&1; then
        cp "$out/classes8"/*.class "$out/classes/"
    fi
    events_run jdk8 check=strict \
        "EnableSampledObjectAlloc 102 DisableSampledObjectAlloc 102 EnableVirtualThreadStart 102 DisableVirtualThreadStart 102 " \
        "version SetEventNotificationMode event_type
version SetEventNotificationMode event_type
version SetEventNotificationMode event_type
version SetEventNotificationMode event_type"
    lacks SampledObjectAlloc 86 11.0 1.2
    lacks VirtualThreadStart 87 21.0 1.2
    e2e_use_jdk "$JDK_HOME"
else
    echo "   SKIP (note): no JDK 8 (scripts/setup-debian.sh caches one; configure --with-jdks)"
fi

# The more JDKs (8, 11, 21), the same shim: what each call gets follows
# from the spec.  What is newer (since) than the VM's JVMTI version is a
# `version` violation and never reaches the VM (a function: 98
# NOT_AVAILABLE; the event: 102 INVALID_EVENT_TYPE, the VM's own answer);
# the rest gets what it gets on the newer JDK.  The agent asked GetEnv for
# 11 (JDK 8 grants 1.2 only): a function the VM has that is newer than
# that is one portability note.
since_of() {    # function NAME | event CONST: its since in $SPEC
    xmllint --xpath "string(//$1[@${2%%=*}='${2#*=}']/@since)" "$SPEC"
}
vm_has() {      # SINCE: the current java (JDK $jdk_v) has what is since SINCE
    local major=${1%%.*}
    ((major == 1 || (jdk_v >= 9 && major <= jdk_v)))
}
older_run() {
    local log=$out/$jdk_label.jsonl want="" viol="" notes="" env_v=11 row kind key got bad s
    ((jdk_v >= 11)) || env_v=1
    echo "== $jdk_label (JVMTI $(e2e_jvmti_version)), the same shim: what the VM lacks is refused"
    e2e_java "-agentpath:$LIBJVMTICHECK=check=strict,format=jsonl,trace=all,log=$log,agent=$agent" Hello
    e2e_expect_clean_run "$log"
    # name, function|event and how to find it in the spec, what the newer
    # JDK answers and the violation it gives (- none): the agent's calls in order
    for row in "VirtualThreadStart event const=JVMTI_EVENT_VIRTUAL_THREAD_START 0 -" \
               "SuspendAllVirtualThreads function id=SuspendAllVirtualThreads 0 -" \
               "ResumeAllVirtualThreads function id=ResumeAllVirtualThreads 0 -" \
               "ClearAllFramePops function id=ClearAllFramePops 0 -" \
               "SuspendAllVirtualThreads function id=SuspendAllVirtualThreads 103 min_value SuspendAllVirtualThreads except_count" \
               "ClearAllFramePops function id=ClearAllFramePops 99 capability ClearAllFramePops -"; do
        read -r name kind key got bad <<<"$row"
        s=$(since_of "$kind" "$key")
        [[ -n $s ]] || { fail "no since for $kind $key in $SPEC"; return; }
        if ! vm_has "$s"; then
            [[ $kind == event ]] && got=102 bad="version SetEventNotificationMode event_type" || got=98 bad="version $name -"
        elif [[ $kind == function && ${s%%.*} -gt $env_v ]] && [[ $notes != *" $name"* ]]; then
            notes+="note portability $name"$'\n'
        fi
        want+="$name $got "
        [[ $bad == - ]] || viol+="$bad"$'\n'
    done
    want+="slot160 98 "
    viol+="version slot160 -"
    [[ "$(agent_results)" == "$want" ]] || fail "$jdk_label: the agent got '$(agent_results)', expected '$want'"
    expect_lines "$jdk_label: violations" "$(trace violations "$log")" "$viol"
    expect_lines "$jdk_label: notes" "$(trace notes "$log")" "${notes%$'\n'}"
}
for jdk in $(e2e_jdks); do e2e_use_jdk "$jdk"; older_run; done

if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    echo "== newer JDK, the same shim: the calls reach the VM"
    log=$out/new.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=check=strict,format=jsonl,trace=all,log=$log,agent=$agent" Hello
    e2e_expect_clean_run "$log"
    # 103 ILLEGAL_ARGUMENT (strict, min_value), 99 MUST_POSSESS_CAPABILITY
    want="VirtualThreadStart 0 SuspendAllVirtualThreads 0 ResumeAllVirtualThreads 0 ClearAllFramePops 0 SuspendAllVirtualThreads 103 ClearAllFramePops 99 slot160 98 "
    [[ "$(agent_results)" == "$want" ]] || fail "the agent got '$(agent_results)', expected '$want'"
    expect_lines "violations" "$(trace violations "$log")" "min_value SuspendAllVirtualThreads except_count
capability ClearAllFramePops -
version slot160 -"
    expect_lines "notes" "$(trace notes "$log")" "note portability SuspendAllVirtualThreads
note portability ResumeAllVirtualThreads
note portability ClearAllFramePops"

    echo "== newer JDK, the same shim: both events are the VM's, nothing to report"
    events_run new check=strict \
        "EnableSampledObjectAlloc 0 DisableSampledObjectAlloc 0 EnableVirtualThreadStart 0 DisableVirtualThreadStart 0 " ""

    echo "== newer JDK, a shim built from the JDK 17 spec: unknown slots go to the VM"
    if [[ -f $SPEC_DIR/jdk17/jvmti.xml ]] && e2e_build_shim "$SPEC_DIR/jdk17/jvmti.xml" "$out/libjvmticheck17.so"; then
        log=$out/new-shim17.jsonl
        e2e_java "-agentpath:$out/libjvmticheck17.so=check=strict,format=jsonl,trace=all,log=$log,agent=$agent" Hello
        e2e_expect_clean_run "$log"
        # the VM's own answers: JVMTI_ERROR_ILLEGAL_ARGUMENT for the negative count
        want="VirtualThreadStart 0 SuspendAllVirtualThreads 0 ResumeAllVirtualThreads 0 ClearAllFramePops 0 SuspendAllVirtualThreads 103 ClearAllFramePops 99 slot160 98 "
        [[ "$(agent_results)" == "$want" ]] || fail "the agent got '$(agent_results)', expected '$want'"
        expect_lines "calls by slot" "$(trace calls "$log" | grep '^slot')" "slot118 JVMTI_ERROR_NONE
slot119 JVMTI_ERROR_NONE
slot67 JVMTI_ERROR_NONE
slot118 JVMTI_ERROR_ILLEGAL_ARGUMENT
slot67 JVMTI_ERROR_MUST_POSSESS_CAPABILITY
slot160 JVMTI_ERROR_NOT_AVAILABLE"
        expect_lines "warnings" "$(trace notes "$log")" "warning vm_newer GetVersionNumber"
        [[ "$(trace violations "$log")" == "version slot160 -" ]] || fail "violations: $(trace violations "$log")"
    fi
fi
e2e_finish
