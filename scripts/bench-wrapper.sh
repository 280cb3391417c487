#!/usr/bin/env bash
# bench-wrapper.sh — what the checked wrapper costs per call, in a real JVM.
#
#   scripts/bench-wrapper.sh LIBJVMTICHECK.so [CALLS]
#
# Builds bench/bench_agent.c, then runs a trivial Java program: the agent
# alone (the VM's own cost), through the shim with check=on,trace=none
# (our added cost per call), check=deep, and with trace=all into a file in
# each format beside HotSpot's own -XX:TraceJVMTI (tracing throughput).
# Each run times its calls in ROUNDS rounds and prints the fastest (the
# one least disturbed by other work).  Prints figures; asserts nothing.
set -euo pipefail
lib=${1:?usage: bench-wrapper.sh LIBJVMTICHECK.so [CALLS]}
calls=${2:-5000000}
rounds=10
jdk=${JDK_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc -std=c11 -O2 -shared -fPIC -I "$jdk/include" -I "$jdk/include/linux" \
   -o "$work/libbench.so" "$here/bench/bench_agent.c"
cat > "$work/Idle.java" <<'JAVA'
public class Idle { public static void main(String[] a) { } }
JAVA
"$jdk/bin/javac" -d "$work" "$work/Idle.java"

run() {   # run LABEL AGENTPATH [JAVA OPTION...]
    local label=$1 agent=$2
    shift 2
    "$jdk/bin/java" -Xshare:auto "$@" -agentpath:"$agent" -cp "$work" Idle | sed -n 's/^bench //p' |
        while read -r fn n ns; do
            printf '%-28s %-16s %10s ns/call %12s calls/s\n' "$label" "$fn" "$ns" \
                "$(awk -v ns="$ns" 'BEGIN { printf "%.0f", (ns > 0 ? 1e9 / ns : 0) }')"
        done
}
run "direct (VM only)" "$work/libbench.so=$calls:$rounds"
run "check=on,trace=none" "$lib=check=on,trace=none,leaks=off,agent=$work/libbench.so=$calls:$rounds"
# check=deep: GetThreadState's jthread is checked to be a Thread (jc_deep.c)
run "check=deep,trace=none" "$lib=check=deep,trace=none,leaks=off,agent=$work/libbench.so=$calls:$rounds"
# check=on,trace=none against the direct call in one process: the same
# loop on the raw env and on the checked one (jvmti_check_wrap), in
# alternating rounds, so that machine noise hits both alike
# (bench/bench_overhead.c).  The fastest round of each, then the medians.
# Also under the default trace=problems (failing calls through the
# slow path), and with the shim alone in a directory, without
# libjvmticheck-tls.so beside it: its per-thread block in dynamic TLS, as
# when static TLS is spent (README, Benchmarks).
overhead_agent() {   # overhead_agent LIBJVMTICHECK OUT.so: bench_overhead.c linked with it
    local dir
    dir=$(cd "$(dirname "$1")" && pwd)
    cc -std=c11 -O2 -shared -fPIC -I "$jdk/include" -I "$jdk/include/linux" -I "$here/gen/runtime/common" -I "$here/gen/runtime/jvmti" \
       -o "$2" "$here/bench/bench_overhead.c" "$1" -Wl,-rpath,"$dir"
}
alternating() {   # alternating LABEL OVERHEAD-AGENT OPTIONS
    "$jdk/bin/java" -Xshare:auto -agentpath:"$2=$((calls / 2)):15:$3" -cp "$work" Idle 2>/dev/null |
        sed -n 's/^overhead //p' | while read -r fn dmin cmin dmed cmed; do
            printf '%-28s %-16s direct %6s ns, checked %6s ns: +%s ns (medians %s, %s: +%s ns)\n' \
                "$1" "$fn" "$dmin" "$cmin" "$(awk -v a="$cmin" -v b="$dmin" 'BEGIN { printf "%.2f", a - b }')" \
                "$dmed" "$cmed" "$(awk -v a="$cmed" -v b="$dmed" 'BEGIN { printf "%.2f", a - b }')"
        done
}
overhead_agent "$lib" "$work/libovh.so"
alternating "same run, alternating" "$work/libovh.so" check=on,trace=none,leaks=off
alternating "  trace=problems (default)" "$work/libovh.so" check=on,leaks=off
mkdir -p "$work/alone"
cp "$lib" "$work/alone/"
overhead_agent "$work/alone/$(basename "$lib")" "$work/libovh-alone.so"
alternating "  without libjvmticheck-tls" "$work/libovh-alone.so" check=on,trace=none,leaks=off
tcalls=$((calls / 5))
start=$(date +%s%N)
run "trace=all to a file" "$lib=trace=all,format=jsonl,log=$work/trace.jsonl,agent=$work/libbench.so=$tcalls:$rounds"
end=$(date +%s%N)
lines=$(wc -l < "$work/trace.jsonl")
echo "trace=all,format=jsonl: $lines records, $(du -h "$work/trace.jsonl" | cut -f1), whole run $(( (end - start) / 1000000 )) ms"
# Tracing every call, side by side (issue 14): our text, jsonl and bin
# (the recording) into a file, and HotSpot's own -XX:TraceJVMTI=all into a
# file, the same number of calls; ns/call and calls/s of the bench loop.
rm -f "$work/trace.jsonl"        # the files are big: one at a time
run "trace=all,format=text" "$lib=trace=all,format=text,log=$work/trace.txt,agent=$work/libbench.so=$tcalls:$rounds"
rm -f "$work/trace.txt"
run "trace=all,format=jsonl" "$lib=trace=all,format=jsonl,log=$work/trace2.jsonl,agent=$work/libbench.so=$tcalls:$rounds"
rm -f "$work/trace2.jsonl"
run "HotSpot -XX:TraceJVMTI=all" "$work/libbench.so=$tcalls:$rounds" -XX:+UnlockDiagnosticVMOptions \
    -XX:TraceJVMTI=all "-Xlog:jvmti=trace:file=$work/hotspot.log:none"
rm -f "$work/hotspot.log"
run "trace=all,format=bin" "$lib=trace=all,format=bin,log=$work/trace.bin,agent=$work/libbench.so=$tcalls:$rounds"
