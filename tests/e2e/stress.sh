#!/usr/bin/env bash
# e2e/stress.sh — the shim under load: 64 Java threads (tests/e2e/java/Stress.java)
# each make 10 000 JVMTI calls through the native hammer() of
# tests/e2e/agents/stress_agent.c, with check=on,trace=all,format=jsonl, while
# thread, monitor-wait and contention events fire on them and their
# callbacks call JVMTI too.  The VM must neither hang (java runs under
# timeout) nor crash and must exit 0; every trace line must be JSON; and no
# record may be lost or misplaced: one call record per call the agent
# counted (in all, per function, and per thread and function for the
# stress threads), one event record per callback it counted, the summary's
# per-function and per-event counts the same; no violation, no leak.
# Prints the figures (threads, calls, events, trace lines and bytes, times).
# The trace (some 130 MB) is deleted when the test passes.  On JDK 17 and
# on the newer JDK (skipped with a note when there is none).
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

THREADS=64
CALLS=10000         # per thread, all made inside hammer
TIMEOUT=600         # seconds; a deadlock fails the test here

e2e_init e2e-stress
if ! command -v timeout >/dev/null 2>&1; then
    echo "SKIP: timeout (coreutils) not found"
    exit 77
fi

e2e_javac Stress

# Like e2e_java, under timeout: at TIMEOUT the JVM gets SIGQUIT (a thread
# dump in $out/stdout), and SIGKILL 20 s later if it is still there.
run_java() {
    echo "   java $*"
    rc=0
    (cd "$out" && LD_PRELOAD=$JAVA_PRELOAD exec timeout -s QUIT -k 20 "$TIMEOUT" "$JAVA" -cp "$out/classes" "$@") \
        >"$out/stdout" 2>"$out/stderr" || rc=$?
    echo "   exit $rc"
}

# stress_run LABEL: the run and every check on the current java
stress_run() {
    echo "== $1"
    log=$out/trace-$1.jsonl
    agent_counts=$out/agent-counts-$1.txt
    trace_counts=$out/trace-threads-$1.txt
    t0=$(date +%s%N)
    run_java "-agentpath:$LIBJVMTICHECK=check=on,trace=all,format=jsonl,summary=on,log=$log,agent=$AGENTS_DIR/stress_agent.so=out=$agent_counts" \
        Stress "$THREADS" "$CALLS"
    t1=$(date +%s%N)
    if [[ $rc -eq 124 || $rc -eq 137 ]]; then
        fail "$1: java still running after ${TIMEOUT}s (deadlock?); thread dump in $out/stdout"
    fi
    e2e_expect_clean_run "$log"
    t2=$(date +%s%N)

    # One more pass over the trace (streamed, one line at a time): call records
    # per thread and function for the stress threads, and the summary's counts.
    python3 - "$log" >"$trace_counts" <<'EOF' || fail "$1: cannot read the per-thread counts of $log"
import collections, json, sys
per_thread = collections.Counter()
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        if line.startswith('{"kind":"summary"'):
            r = json.loads(line)
            if r.get("type") == "function":
                print("summary-call", r["name"], r["calls"])
            elif r.get("type") == "event":
                print("summary-event", r["name"], r["count"])
        elif line.startswith('{"kind":"call"') and '"thread":"stress-' in line:
            r = json.loads(line)
            if r["thread"].startswith("stress-"):
                per_thread[(r["thread"], r["name"])] += 1
for (thread, name), n in sorted(per_thread.items()):
    print("thread", thread, name, n)
EOF
    t3=$(date +%s%N)

    # agent KIND NAME: what the agent counted; traced KIND NAME: from the trace.
    agent() {
        awk -v k="$1" -v n="$2" '$1 == k && $2 == n { c = $3 } END { print c + 0 }' "$agent_counts"
    }
    traced() {
        awk -v k="$1" -v n="$2" '$1 == k && $2 == n { c = $3 } END { print c + 0 }' "$trace_counts"
    }

    if [[ ! -s $agent_counts ]]; then
        fail "$1: the agent wrote no $agent_counts"
    elif [[ -s $log && -s $out/counts ]]; then
        grep -q "stress done: $THREADS threads, $((THREADS * CALLS)) calls" "$out/stdout" ||
            fail "$1: Stress did not finish its $((THREADS * CALLS)) calls: $(head -c 300 "$out/stdout")"
        [[ $(agent total failures) -eq 0 ]] || fail "$1: $(agent total failures) calls of the agent failed"
        [[ $(agent total stress_threads) -eq $THREADS ]] ||
            fail "$1: ThreadStart saw $(agent total stress_threads) stress threads, expected $THREADS"
        full=$(awk -v c="$CALLS" '$1 == "hammer" && $3 == c' "$agent_counts" | wc -l)
        [[ $full -eq $THREADS ]] || fail "$1: only $full threads made their $CALLS calls in hammer"
        [[ $(agent total hammer) -eq $((THREADS * CALLS)) ]] ||
            fail "$1: hammer made $(agent total hammer) calls, expected $((THREADS * CALLS))"

        # Calls: in all, per function (records and the summary).
        made=$(agent total calls)
        records=$(count call)
        [[ $made -eq $records ]] || fail "$1: $records call records for $made calls"
        bad=0
        for fn in $(awk '$1 == "call" { print $2 }' "$agent_counts"); do
            a=$(agent call "$fn") r=$(count call "$fn") s=$(traced summary-call "$fn")
            if [[ $a -ne $r || $a -ne $s ]]; then
                fail "$1: $fn: the agent made $a calls, the trace has $r records, the summary says $s"
                bad=1
            fi
        done
        [[ $bad -eq 1 ]] || echo "   calls per function: the agent's counts, the records and the summary agree"

        # Calls per stress thread and function: every record on its own thread.
        agent_threads=$(awk '$1 == "thread"' "$agent_counts" | sort)
        trace_threads=$(awk '$1 == "thread"' "$trace_counts" | sort)
        if [[ $agent_threads == "$trace_threads" ]]; then
            echo "   calls per thread and function: $(awk '$1 == "thread"' "$trace_counts" | wc -l) (thread, function) counts agree"
        else
            fail "$1: calls per thread and function differ (< agent, > trace):"
            diff <(echo "$agent_threads") <(echo "$trace_threads") | grep '^[<>]' | head -20 || :
        fi

        # Events: per event, the callbacks, the records and the summary.
        for ev in $(awk '$1 == "event" { print $2 }' "$agent_counts"); do
            a=$(agent event "$ev") r=$(count event "$ev") s=$(traced summary-event "$ev")
            printf '   %-24s callbacks %6d, records %6d, summary %6d\n' "$ev" "$a" "$r" "$s"
            [[ $a -eq $r && $a -eq $s ]] || fail "$1: $ev: $a callbacks, $r records, summary $s"
        done
        # Each stress thread starts, ends and waits 1 ms every 5th of its bursts
        # of 80 calls (Stress.java): at least that many of these events.
        waits=$((THREADS * ((CALLS + 80 * 5 - 1) / (80 * 5))))
        for ev in ThreadStart ThreadEnd; do
            [[ $(count event "$ev") -ge $THREADS ]] || fail "$1: fewer than $THREADS $ev records"
        done
        for ev in MonitorWait MonitorWaited; do
            [[ $(count event "$ev") -ge $waits ]] || fail "$1: fewer than $waits $ev records"
        done
        [[ $(count event MonitorContendedEnter) -ge $THREADS ]] ||
            fail "$1: too little contention to test anything (fewer than $THREADS MonitorContendedEnter)"

        for kind in violation leak; do
            n=$(count "$kind")
            if [[ $n -ne 0 ]]; then
                fail "$1: $n $kind records, expected none:"
                grep "\"kind\":\"$kind\"" "$log" | head -10
            fi
        done

        ms() { echo $((($2 - $1) / 1000000)); }
        echo "   figures: $THREADS threads x $CALLS calls in hammer = $(agent total hammer);" \
            "$made calls in all, $(count event) events ($(count event MonitorContendedEnter) contended enters," \
            "$(count event MonitorWait) waits); trace $(wc -l <"$log") lines, $(wc -c <"$log") bytes;" \
            "java run $(ms "$t0" "$t1") ms wall, parse (trace.py counts) $(ms "$t1" "$t2") ms," \
            "per-thread pass $(ms "$t2" "$t3") ms"
    fi
    [[ $status -ne 0 ]] || rm -f "$log"
}

stress_run jdk17
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    stress_run new
fi
e2e_finish
