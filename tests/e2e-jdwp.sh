#!/usr/bin/env bash
# e2e-jdwp.sh — the JDK's own debugger agent, libjdwp, under the shim: a
# large real-world agent (several envs, agent threads, raw monitors, tags)
# must run a program to the end with no violation.  In the same run HotSpot
# traces every JVMTI call it gets (-XX:TraceJVMTI=all); per function, its
# count must equal ours: the wrapper's call records plus the calls the shim
# made itself (the summary's shim_calls).  Only a call still blocked when
# the VM exits (a raw monitor wait) may be in HotSpot's count alone.
# JDWP's own leaks (memory it never deallocates) are printed, not failed.
# Again on the newer JDK, its own libjdwp, on a program with 3000 virtual
# threads.  And on JDK 17 under check=deep (object kinds asked of the VM
# through JNI): no violation there either.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e-lib.sh"

e2e_init e2e-jdwp
jdwp=$JDK_HOME/lib/libjdwp.so
[[ -f $jdwp ]] || { echo "SKIP: $jdwp not found"; exit 77; }
e2e_javac Workload

# jdwp_run LABEL JDWP CLASS ARGS... (check=$CHECK, default on)
jdwp_run() {
local label=$1 jdwp=$2
shift 2
log=$out/$label.jsonl
hslog=$out/$label-hotspot-jvmti.log
echo "== $label"
e2e_java -XX:TraceJVMTI=all "-Xlog:jvmti=trace:file=$hslog:none" \
    "-agentpath:$LIBJVMTICHECK=check=${CHECK:-on},trace=all,format=jsonl,summary=on,log=$log,agent=$jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0" \
    "$@"
e2e_expect_clean_run "$log"

if [[ -s $log ]]; then
    n=$(count violation)
    if [[ $n -ne 0 ]]; then
        fail "$n violation records, expected none:"
        grep '"kind":"violation"' "$log" | head -10
    fi
    echo "   JDWP's leaks (not failed):"
    grep '"kind":"leak"' "$log" | sed 's/^/     /' || echo "     none"
    if [[ ! -s $hslog ]]; then
        fail "HotSpot wrote no JVMTI trace to $hslog"
    else
        echo "   calls per function, HotSpot's trace against ours:"
        trace hotspot "$log" "$hslog" || fail "the call counts differ (DIFFERS above)"
    fi
fi
}

jdwp_run jdk17 "$jdwp" Workload
CHECK=deep jdwp_run jdk17-deep "$jdwp" Workload
# The newer JDK's libjdwp on platform and 3000 virtual threads.
if e2e_have_new_jdk && [[ -f $JDK_NEW/lib/libjdwp.so ]]; then
    JAVAC=$JDK_NEW/bin/javac e2e_javac VThreads
    e2e_use_jdk "$JDK_NEW"
    jdwp_run new-vthreads "$JDK_NEW/lib/libjdwp.so" VThreads 3000
fi
e2e_finish
