#!/usr/bin/env bash
# e2e/jdwp.sh — the JDK's own debugger agent, libjdwp, under the shim: a
# large real-world agent (several envs, agent threads, raw monitors, tags)
# must run a program to the end with no violation.  In the same run HotSpot
# traces every JVMTI call it gets (-XX:TraceJVMTI=all); per function, its
# count must equal ours: the wrapper's call records plus the calls the shim
# made itself (the summary's shim_calls).  Only a call still blocked when
# the VM exits (a raw monitor wait) may be in HotSpot's count alone.
# Leak report: jdwp keeps its class signatures as object tags (and much
# else in its data, thread-local storage and its own blocks): those must be
# "referenced" summary records, not leaks.  The only leaks allowed are the
# two that JDK 17's libjdwp really has (its util_initialize never frees the
# GetTopThreadGroups array; transport_startTransport never frees the
# address StartListening returns, from socketTransport_startListening),
# told by their stacks; the newer JDK's libjdwp has none.
# Three plain runs (no HotSpot trace) on each JDK report the same leaks:
# the report does not hang on chance (tests/e2e/jdb.sh says why each leak
# is real, against libjdwp's sources).
# Again on the newer JDK, its own libjdwp, on a program with 3000 virtual
# threads.  And on JDK 17 under check=deep (object kinds asked of the VM
# through JNI): no violation there either.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-jdwp
jdwp=$JDK_HOME/lib/libjdwp.so
[[ -f $jdwp ]] || { echo "SKIP: $jdwp not found"; exit 77; }
e2e_javac Workload

# jdwp_run LABEL JDWP KNOWN_LEAKS CLASS ARGS... (check=$CHECK, default on)
jdwp_run() {
local label=$1 jdwp=$2 known=$3
shift 3
log=$out/$label.jsonl
hslog=$out/$label-hotspot-jvmti.log
echo "== $label"
e2e_java -XX:TraceJVMTI=all "-Xlog:jvmti=trace:file=$hslog:none" \
    "-agentpath:$LIBJVMTICHECK=check=${CHECK:-on},trace=all,format=jsonl,summary=on,stack=3,log=$log,agent=$jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0" \
    "$@"
e2e_expect_clean_run "$log"

if [[ -s $log ]]; then
    n=$(count violation)
    if [[ $n -ne 0 ]]; then
        fail "$n violation records, expected none:"
        grep '"kind":"violation"' "$log" | head -10
    fi
    trace held "$log" >"$out/$label.held"
    echo "   leaks and still referenced blocks:"
    awk -F'\t' '$1 == "leak" { print "     leak", $2, $3, $4, $5 }
                 $1 == "referenced" { n[$2 " " $3 " held by " $4] += $5 }
                 END { for (k in n) print "     referenced", k ":", n[k] }' "$out/$label.held" | sort
    local unknown
    unknown=$(awk -F'\t' -v known="$known" '$1 == "leak" {
                  ok = 0; n = split(known, k, ";")
                  for (i = 1; i <= n; i++) {
                      split(k[i], f, "|")    # FUNCTION|part of the stack
                      if (k[i] != "" && $2 == f[1] && index($5, f[2]) > 0) ok = 1
                  }
                  if (!ok) print $2, $5 }' "$out/$label.held")
    [[ -z $unknown ]] || fail "leaks jdwp does not have: $unknown"
    grep -q '^referenced	GetClassSignature	signature_ptr	object tag	' "$out/$label.held" \
        || fail "jdwp's class signatures are not referenced by object tags"
    if [[ ! -s $hslog ]]; then
        fail "HotSpot wrote no JVMTI trace to $hslog"
    else
        echo "   calls per function, HotSpot's trace against ours:"
        trace hotspot "$log" "$hslog" || fail "the call counts differ (DIFFERS above)"
    fi
fi
}

# same_leaks LABEL JDK: three runs, the same leak records (function,
# param, count, bytes, allocation stack)
same_leaks() {
    local label=$1 jdk=$2 i
    for i in 1 2 3; do
        e2e_java "-agentpath:$LIBJVMTICHECK=trace=none,format=jsonl,stack=4,log=$out/$label-$i.jsonl,agent=$jdk/lib/libjdwp.so=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0" Workload
        e2e_expect_clean_exit "$label run $i"
        python3 -c 'import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r["kind"] == "leak":
        print(r["name"], r.get("param"), r["count"], r["bytes"], r.get("stack"))' "$out/$label-$i.jsonl" | sort >"$out/$label-$i.leaks"
        [[ $i -eq 1 ]] || cmp -s "$out/$label-1.leaks" "$out/$label-$i.leaks" ||
            fail "$label: run $i's leaks differ from run 1's: $(diff "$out/$label-1.leaks" "$out/$label-$i.leaks" | head -4)"
    done
    echo "   $label: 3 runs, the same $(wc -l <"$out/$label-1.leaks") leak records"
}

jdwp_known17="GetTopThreadGroups|util_initialize+;Allocate|<- socketTransport_startListening+"
same_leaks jdk17-same "$JDK_HOME"
[[ $(wc -l <"$out/jdk17-same-1.leaks") -eq 2 ]] || fail "jdk17: leaks $(cat "$out/jdk17-same-1.leaks"), expected libjdwp's two"
jdwp_run jdk17 "$jdwp" "$jdwp_known17" Workload
CHECK=deep jdwp_run jdk17-deep "$jdwp" "$jdwp_known17" Workload
# The newer JDK's libjdwp on platform and 3000 virtual threads.
if e2e_have_new_jdk && [[ -f $JDK_NEW/lib/libjdwp.so ]]; then
    JAVAC=$JDK_NEW/bin/javac e2e_javac VThreads
    e2e_use_jdk "$JDK_NEW"
    same_leaks new-same "$JDK_NEW"
    [[ ! -s $out/new-same-1.leaks ]] || fail "new: leaks $(cat "$out/new-same-1.leaks"), expected none"
    jdwp_run new-vthreads "$JDK_NEW/lib/libjdwp.so" "" VThreads 3000
fi
e2e_finish
