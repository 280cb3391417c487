#!/usr/bin/env bash
# bench-trace.sh — the recorder's real rate, and the decoder's.
#
#   scripts/bench-trace.sh LIBJVMTICHECK.so JVMTIGEN [CALLS]   (make bench passes the first two)
#
# The recorder (format=bin, trace=all) timing bench/bench_agent.c's
# GetPhase and GetThreadState loops, CALLS calls of each, in a real JVM:
#   fresh        one round in a fresh process: what a run really records
#                per second, every page of the file new;
#   best fresh   the fastest of BENCH_TRACE_FRESH (5) fresh processes, one
#                round each, to set beside the best round: minimum against
#                minimum, so the gap left is what a fresh process pays, not
#                the noise of a single run on a shared machine;
#   best round   the fastest of ROUNDS rounds in one process (what
#                scripts/bench-wrapper.sh shows): the least disturbed;
#   ring=64M     a flight recording, one round, then the best of ROUNDS:
#                its pages are reused once the ring went round.
# Then `jvmtigen trace` on the fresh recording: records decoded per second
# (text to /dev/null), beside the rate they were written at, and the
# decoder's peak RSS beside the file's size.  Prints figures, asserts
# nothing (timing is noisy on a shared machine).
set -euo pipefail
lib=${1:?usage: bench-trace.sh LIBJVMTICHECK.so JVMTIGEN [CALLS]}
jvmtigen=${2:?usage: bench-trace.sh LIBJVMTICHECK.so JVMTIGEN [CALLS]}
calls=${3:-${BENCH_TRACE_CALLS:-2000000}}
rounds=10
fresh=${BENCH_TRACE_FRESH:-5}
jdk=${JDK_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
here=$(cd "$(dirname "$0")/.." && pwd)
for f in "$lib" "$jvmtigen" "$jdk/bin/java"; do
    [[ -e $f ]] || { echo "bench-trace: $f not found" >&2; exit 1; }
done
work=$(mktemp -d "${TMPDIR:-/var/tmp}/bench-trace.XXXXXX")
trap 'rm -rf "$work"' EXIT

cc -std=c11 -O2 -shared -fPIC -I "$jdk/include" -I "$jdk/include/linux" \
   -o "$work/libbench.so" "$here/bench/bench_agent.c"
cat > "$work/Idle.java" <<'JAVA'
public class Idle { public static void main(String[] a) { } }
JAVA
"$jdk/bin/javac" -d "$work" "$work/Idle.java"

# run ROUNDS OPTIONS: the shim recording bench_agent's loops, "FN N NS" lines
run() {
    "$jdk/bin/java" -Xshare:auto "-agentpath:$lib=trace=all,format=bin,$2,agent=$work/libbench.so=$calls:$1" \
        -cp "$work" Idle 2>/dev/null | sed -n 's/^bench //p'
}
# show LABEL: "FN N NS" lines as figures
show() {
    while read -r fn n ns; do
        printf '%-30s %-16s %8s ns/call %7.2f M calls/s\n' "$1" "$fn" "$ns" \
            "$(awk -v ns="$ns" 'BEGIN { printf "%.2f", (ns > 0 ? 1e3 / ns : 0) }')"
    done
}
# record LABEL ROUNDS OPTIONS
record() { run "$2" "$3" | show "$1"; }

echo "recorder: format=bin,trace=all, $calls calls of each function per run"
record "fresh (one round)" 1 "log=$work/fresh.bin" | tee "$work/fresh.txt"
fresh_size=$(stat -c %s "$work/fresh.bin")
for ((i = 0; i < fresh; i++)); do
    run 1 "log=$work/again.bin"
    rm -f "$work/again.bin"
done | sort -k1,1 -k3,3n | awk '!seen[$1]++' | show "best of $fresh fresh processes"
record "best of $rounds rounds" "$rounds" "log=$work/rounds.bin"
rm -f "$work/rounds.bin"
record "ring=64M, fresh (one round)" 1 "ring=64M,log=$work/ring.bin"
record "ring=64M, best of $rounds rounds" "$rounds" "ring=64M,log=$work/ring.bin"
echo "   (fresh recording: $((fresh_size >> 20)) MiB; ring: $(($(stat -c %s "$work/ring.bin") >> 20)) MiB)"
rm -f "$work/ring.bin"

echo "decoder: jvmtigen trace of the fresh recording, text to /dev/null"
t0=$(date +%s%N)
records=$("$jvmtigen" trace "$work/fresh.bin" | wc -l)
t1=$(date +%s%N)
rss=$(python3 -c '
import resource, subprocess, sys
subprocess.run([sys.argv[1], "trace", sys.argv[2]], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)' "$jvmtigen" "$work/fresh.bin")
written=$(awk '/GetPhase/ { print $(NF - 2) }' "$work/fresh.txt")
awk -v n="$records" -v ns="$((t1 - t0))" -v w="$written" -v rss="$rss" -v size="$fresh_size" 'BEGIN {
    printf "%-30s %d records in %.2f s: %.2f M records/s decoded (written at %s M calls/s)\n",
        "jvmtigen trace", n, ns / 1e9, n / (ns / 1e3), w
    printf "%-30s peak RSS %d MiB for a recording of %d MiB\n", "", rss, size / 1048576 }'
