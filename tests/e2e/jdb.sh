#!/usr/bin/env bash
# e2e/jdb.sh — a debugger attached at exit: the JDK's libjdwp under the
# shim, jdb attached, the program run to its end while jdb stays.  libjdwp's
# threads still free JVMTI memory while the VM exits; a refused Deallocate
# is fatal to it ("Can't deallocate jvmti memory", exit 134).  Every run
# must exit 0 with no crash and no such message; the only violations
# allowed are calls in the dead phase that the VM refused too: 20 runs on
# JDK 17, 5 on the newer JDK, 3 on each of the more JDKs (8, 11, 21).  Two more runs on JDK 17 under check=deep
# and one on the newer JDK (the VM asked about references), where jdb
# first lists the threads and thread groups and every thread's stack
# (references of every kind reach libjdwp's JVMTI calls): the same rules,
# no object_kind or stale_ref false alarm.
# And a debugging session under check=deep on JDK 17 and the newer JDK
# (Debuggee, compiled with -g): a breakpoint, locals, a step, print, set a
# local, watch and unwatch a field, clear the breakpoint; libjdwp reads
# local variable tables, locals, frames and fields through the shim, and
# every deep check (live references, native methods, locations, slots and
# types, watches and breakpoints cleared) must stay silent.
#
# The leak report (stack=3) is the same in every run of a JDK (function, param,
# count, allocation stack), and holds only libjdwp's real leaks, read
# against its sources (src/jdk.jdwp.agent/share/native/libjdwp):
#   - JDK 17, GetTopThreadGroups (util.c, util_initialize): the array is
#     read for the system thread group and never deallocated (later JDKs
#     deallocate it): real;
#   - JDK 17, Allocate through jvmtiAllocate from libdt_socket's
#     socketTransport_startListening: the address string StartListening
#     returns, kept by transport.c's transport_startTransport only in a
#     local (retAddress) to print "Listening for transport ..." and never
#     freed: real;
#   - the newer JDK: none;
#   - maybe, JDK 17, Allocate through jvmtiAllocate from libdt_socket's
#     setLastError <- socketTransport_stopListening: when jdb detaches
#     before libjdwp has marked the VM dead, debugLoop_run resets the
#     transport (debugInit_reset -> transport_reset -> StopListening, which
#     fails: the listener was stopped at accept) and setLastError keeps the
#     message in a pthread key made without a destructor
#     (dbgsysTlsAlloc); the thread then ends and the message is lost:
#     real, and there only in the runs where the detach won that race;
#   - maybe, JDK 17, the bags (bagCreateBag) of inStream_init and
#     outStream_initReply: debugLoop_run's streams of the command it is
#     answering when the VM dies, held in locals on that thread's stack,
#     which the shim does not scan (it cannot stop a JVM's threads to read
#     them), and freed when the command ends: false, a snapshot of a
#     command in flight, there only when jdb's last request meets the VM's
#     death.
# same_leaks leaves those two out of the comparison.
# Everything else libjdwp still holds at exit (class signatures under
# object tags, its bags and thread nodes, blocks reached from its data) is
# referenced, not leaked.  Before interior pointers counted and Allocate's
# blocks were zeroed, a stale word of a fresh block sometimes held
# GetTopThreadGroups' array: 1 leak site in one run, 2 in the next.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-jdb
e2e_javac Workload
"$JAVAC" -g -d "$out/classes" "$srcdir/tests/e2e/java/Debuggee.java"

# jdb_run N JDK [CHECK [JDB-COMMAND...]]: java waits (suspend=y) for jdb;
# once jdb has seen the VM start it sends the commands, resumes it with
# "cont" and stays attached, reading nothing more, until java is gone.
jdb_run() {
    local n=$1 jdk=$2 check=${3:-on} log=$out/run$1.jsonl port="" i jpid
    shift 2
    shift $(($# > 0 ? 1 : 0))
    # made here, before java starts: the background shell opens them later,
    # and the poll below must never read a file that is not there yet
    : >"$out/stdout$n"
    : >"$out/stderr$n"
    (cd "$out" && LD_PRELOAD=$JAVA_PRELOAD exec "$jdk/bin/java" -cp "$(e2e_classes "$jdk")" \
        "-agentpath:$LIBJVMTICHECK=check=$check,format=jsonl,repeat=1000000,stack=3,log=$log,agent=$(e2e_jdk_lib "$jdk" libjdwp.so)=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0" \
        Workload) >"$out/stdout$n" 2>"$out/stderr$n" &
    jpid=$!
    for i in $(seq 200); do     # until jdwp says where it listens (20 s at most)
        port=$(sed -n 's/^Listening for transport dt_socket at address: \([0-9]*\)$/\1/p' "$out/stdout$n" || true)
        [[ -n $port ]] && break
        kill -0 $jpid 2>/dev/null || break
        sleep 0.1
    done
    if [[ -z $port ]]; then
        kill $jpid 2>/dev/null || true
        wait $jpid || true
        fail "run $n: jdwp never listened"
        return
    fi
    { for i in $(seq 200); do
          grep -q 'VM Started' "$out/jdb$n.log" 2>/dev/null && break
          sleep 0.1
      done
      for i in "$@"; do echo "$i"; done
      echo cont
      while kill -0 $jpid 2>/dev/null; do sleep 0.1; done; } |
        timeout 60 "$jdk/bin/jdb" -connect "com.sun.jdi.SocketAttach:hostname=127.0.0.1,port=$port" \
            >"$out/jdb$n.log" 2>&1 || true
    rc=0
    wait $jpid || rc=$?
    [[ $rc -eq 0 ]] || { fail "run $n: java exited $rc"; tail -5 "$out/stderr$n"; }
    ! grep -q "Can't deallocate" "$out/stderr$n" || fail "run $n: libjdwp could not deallocate"
    ! compgen -G "$out/hs_err_pid*.log" >/dev/null || fail "run $n: the JVM crashed"
    if [[ -s $log ]]; then
        trace counts "$log" >"$out/counts" || fail "run $n: the trace has lines that are not JSON"
        # libjdwp's threads may call in the dead phase while the VM exits:
        # reported, and real (the VM answers WRONG_PHASE: check=on passes
        # the call on); nothing else may be reported
        local other wrong
        other=$(trace violations "$log" | grep -vc '^phase ' || true)
        wrong=$(trace calls "$log" | grep -c ' JVMTI_ERROR_WRONG_PHASE$' || true)
        [[ $other -eq 0 ]] || fail "run $n: violations: $(trace violations "$log" | sort | uniq -c)"
        [[ $(count violation) -eq $wrong ]] \
            || fail "run $n: $(count violation) phase violations, but the VM answered WRONG_PHASE $wrong times"
        # sites, not block counts: libjdwp listens again (and leaks one more
        # address) when jdb detaches before the application has ended
        trace held "$log" | awk -F'\t' '$1 == "leak" { print $2, $3, $5 }' | sort >"$out/leaks$n.all"
        grep -vE ' <- (setLastError\+[0-9a-fx]* \(libdt_socket.so\+[0-9a-fx]*\) <- socketTransport_stopListening|bagCreateBag\+[0-9a-fx]* \(libjdwp.so\+[0-9a-fx]*\) <- (inStream_init|outStream_initReply))\+' \
            "$out/leaks$n.all" >"$out/leaks$n" || true
    fi
}

# same_leaks LABEL N...: runs N... reported the same leaks, and only the
# known ones (FUNCTION|part of the stack, ;-separated in $known)
same_leaks() {
    local label=$1 first=$2 n known=$3
    shift 3
    for n in "$@"; do
        cmp -s "$out/leaks$first" "$out/leaks$n" ||
            fail "$label: run $n's leaks differ from run $first's: $(diff "$out/leaks$first" "$out/leaks$n" | head -4)"
    done
    echo "   $label: $(($# + 1)) runs, the same $(wc -l <"$out/leaks$first") leak sites: $(cut -d' ' -f1 "$out/leaks$first" | tr '\n' ' ')"
    local k want=0
    IFS=';' read -ra k <<<"$known"
    for n in "${k[@]}"; do
        [[ -n $n ]] || continue
        want=$((want + 1))
        grep -qF "${n%%|*} " "$out/leaks$first" && grep -F "${n%%|*} " "$out/leaks$first" | grep -qF "${n#*|}" ||
            fail "$label: the known leak $n is not reported"
    done
    [[ $(wc -l <"$out/leaks$first") -eq $want ]] || fail "$label: leaks beyond the known ones: $(cat "$out/leaks$first")"
}

# jdb_say CMD PATTERN: send CMD to jdb (on fd 3), wait (30 s at most) until
# its output ($jlog) has one more line matching PATTERN than before.
jdb_say() {
    local before i
    before=$(grep -c -- "$2" "$jlog" || true)
    echo "$1" >&3
    for i in $(seq 300); do
        (( $(grep -c -- "$2" "$jlog" || true) > before )) && return 0
        sleep 0.1
    done
    fail "$tag: jdb never answered '$1' with '$2'"
    return 1
}

# debug_session TAG JDK: Debuggee under libjdwp under the shim with
# check=deep, driven by jdb step by step; no violation but the dead-phase
# ones jdb_run allows, and the session went as planned.
debug_session() {
    local tag=$1 jdk=$2 log=$out/$1.jsonl jlog=$out/$1.jdb.log port="" i jpid jdbpid
    : >"$out/$tag.stdout"; : >"$out/$tag.stderr"; : >"$jlog"
    (cd "$out" && LD_PRELOAD=$JAVA_PRELOAD exec "$jdk/bin/java" -cp "$out/classes" \
        "-agentpath:$LIBJVMTICHECK=check=deep,trace=all,format=jsonl,repeat=1000000,log=$log,agent=$jdk/lib/libjdwp.so=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0" \
        Debuggee) >"$out/$tag.stdout" 2>"$out/$tag.stderr" &
    jpid=$!
    for i in $(seq 200); do
        port=$(sed -n 's/^Listening for transport dt_socket at address: \([0-9]*\)$/\1/p' "$out/$tag.stdout" || true)
        [[ -n $port ]] && break
        kill -0 $jpid 2>/dev/null || break
        sleep 0.1
    done
    if [[ -z $port ]]; then
        kill $jpid 2>/dev/null || true; wait $jpid || true
        fail "$tag: jdwp never listened"
        return
    fi
    rm -f "$out/fifo"; mkfifo "$out/fifo"
    timeout 120 "$jdk/bin/jdb" -connect "com.sun.jdi.SocketAttach:hostname=127.0.0.1,port=$port" \
        <"$out/fifo" >"$jlog" 2>&1 &
    jdbpid=$!
    exec 3>"$out/fifo"
    for i in $(seq 300); do grep -q 'VM Started' "$jlog" && break; sleep 0.1; done
    jdb_say "stop at Debuggee:6" "breakpoint Debuggee:6" &&
    jdb_say "cont" "Breakpoint hit:" &&
    jdb_say "locals" "x = 1" &&
    jdb_say "step" "Step completed:" &&
    jdb_say "locals" "result = 1" &&
    jdb_say "print result" "result = 1" &&
    jdb_say "set result = 5" "result = 5 = 5" &&
    jdb_say "where" "\[1\] Debuggee.square" &&
    jdb_say "watch all Debuggee.calls" "Set watch modification of Debuggee.calls" &&
    jdb_say "unwatch all Debuggee.calls" "Removed: watch modification of Debuggee.calls" &&
    jdb_say "clear Debuggee:6" "Removed: breakpoint Debuggee:6" &&
    jdb_say "cont" "The application exited" || true
    exec 3>&-
    rc=0
    wait $jdbpid || rc=$?
    [[ $rc -eq 0 ]] || fail "$tag: jdb exited $rc"
    rc=0
    wait $jpid || rc=$?
    [[ $rc -eq 0 ]] || { fail "$tag: java exited $rc"; tail -5 "$out/$tag.stderr"; }
    ! compgen -G "$out/hs_err_pid*.log" >/dev/null || fail "$tag: the JVM crashed"
    # the local set to 5 at the first call (x=1): 5 + 4 + 9
    grep -q '^total 18$' "$out/$tag.stdout" || fail "$tag: the program did not print total 18: $(cat "$out/$tag.stdout")"
    if [[ ! -s $log ]]; then
        fail "$tag: no trace written"
        return
    fi
    trace counts "$log" >"$out/counts" || fail "$tag: the trace has lines that are not JSON"
    local other wrong f
    other=$(trace violations "$log" | grep -vc '^phase ' || true)
    wrong=$(trace calls "$log" | grep -c ' JVMTI_ERROR_WRONG_PHASE$' || true)
    [[ $other -eq 0 ]] || fail "$tag: violations: $(trace violations "$log" | sort | uniq -c)"
    [[ $(count violation) -eq $wrong ]] \
        || fail "$tag: $(count violation) phase violations, but the VM answered WRONG_PHASE $wrong times"
    # the deep checks had something to judge
    for f in SetBreakpoint ClearBreakpoint GetLocalInt SetLocalInt GetLocalVariableTable \
             SetFieldModificationWatch ClearFieldModificationWatch ClearFieldAccessWatch; do
        [[ $(count call "$f") -ge 1 ]] || fail "$tag: libjdwp made no $f call"
    done
}

echo "== JDK 17: 20 runs"
for n in $(seq 20); do jdb_run "$n" "$JDK_HOME"; done
echo "   $(grep -l 'The application exited' "$out"/jdb*.log | wc -l) of 20 jdb sessions saw the application exit"
echo "== JDK 17, check=deep: 2 runs, jdb lists threads, groups and stacks first"
for n in 31 32; do jdb_run "$n" "$JDK_HOME" deep threads threadgroups "where all"; done
grep -q 'Group system' "$out/jdb31.log" || fail "run 31: jdb listed no threads: $(head -c 600 "$out/jdb31.log")"
same_leaks "JDK 17" 1 "GetTopThreadGroups|util_initialize+;Allocate|<- socketTransport_startListening+" $(seq 2 20) 31 32
echo "== JDK 17, check=deep: a debugging session"
debug_session debug17 "$JDK_HOME"
for jdk in $(e2e_jdks); do echo "== $jdk: 3 runs"; for n in 1 2 3; do jdb_run "jdk$(e2e_jdk_version "$jdk")-$n" "$jdk"; done; done
if e2e_have_new_jdk; then
    echo "== newer JDK: 5 runs"
    for n in $(seq 21 25); do jdb_run "$n" "$JDK_NEW"; done
    same_leaks "newer JDK" 21 "" $(seq 22 25)
    echo "== newer JDK, check=deep: a run listing threads, groups and stacks, and a debugging session"
    jdb_run 33 "$JDK_NEW" deep threads threadgroups "where all"
    debug_session debug-new "$JDK_NEW"
fi
e2e_finish
