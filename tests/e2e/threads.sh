#!/usr/bin/env bash
# e2e/threads.sh — 16 Java threads fight for one lock while the agent
# (tests/e2e/agents/threads_agent.c) calls JVMTI from every contention callback:
# records of concurrent threads must not interleave (every line is JSON),
# and the trace must hold exactly one call record per call the agent counted
# and one event record per contention callback it got.  On JDK 17 and on
# the newer JDK (skipped with a note when there is none).
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-threads
e2e_javac Contend
# threads_run LABEL: up to three runs on the current java
threads_run() {
    echo "== $1"
    log=$out/trace-$1.jsonl
    counts=$out/agent-counts-$1.txt
    # How much the threads contend is up to the scheduler: on a loaded machine
    # (or under ASan) a run may see too little to test anything, so up to three
    # runs are made and the first with enough contention is checked.
    for attempt in 1 2 3; do
        rm -f "$log" "$counts"
        e2e_java "-agentpath:$LIBJVMTICHECK=check=on,trace=all,format=jsonl,log=$log,agent=$AGENTS_DIR/threads_agent.so=out=$counts" Contend
        e2e_expect_clean_run "$log"
        [[ -s $log && $(count event MonitorContendedEnter) -ge 16 ]] && break
        echo "   run $attempt: fewer than 16 MonitorContendedEnter events; running again"
    done

    if [[ ! -s $counts ]]; then
        fail "$1: the agent wrote no $counts"
    elif [[ -s $log ]]; then
        sed 's/^/   agent: /' "$counts"
        made=$(awk '$1 == "calls" { print $2 }' "$counts")
        traced=$(count call)
        echo "   agent made $made calls; the trace has $traced call records"
        [[ $made -eq $traced ]] || fail "$1: $traced call records for $made calls"
        for event in MonitorContendedEnter MonitorContendedEntered; do
            got=$(awk -v e="$event" '$1 == e { print $2 }' "$counts")
            traced=$(count event "$event")
            echo "   $event: agent got $got, the trace has $traced"
            [[ $got -eq $traced ]] || fail "$1: $traced $event records for $got callbacks"
        done
        [[ $(count event MonitorContendedEnter) -ge 16 ]] ||
            fail "$1: too little contention to test anything (fewer than 16 MonitorContendedEnter)"
        [[ $(count violation) -eq 0 ]] || fail "$1: violations in the trace"
    fi
}

threads_run jdk17
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    threads_run new
fi
e2e_finish
