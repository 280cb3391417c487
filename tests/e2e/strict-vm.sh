#!/usr/bin/env bash
# e2e/strict-vm.sh — check=strict refuses a bad call with the error the VM
# itself would have answered (gen/model/vm_errors.c: where the spec allows
# several errors, HotSpot's; where a call makes several mistakes, the one
# HotSpot sees first).
#
# The misuse agent (tests/e2e/agents/misuse_agent.c, options deep) makes every
# mistake and prints "misuse_agent: mistake KIND Function:what -> ERR" for
# each:
#   1. check=strict+deep: every call the shim refused (the trace's refused
#      records, per function) is one of those lines, so no refused call is
#      left out of the comparison;
#   2. check=off, option safe: the passable mistakes (and the accepted
#      ones) reach the VM; the shielded ones (a stack pointer to
#      Deallocate, a call from a GC or heap callback, a destroyed raw
#      monitor, a Thread given as a ThreadGroup) are not made;
#   3. each passable mistake got the same error in both runs; an accepted
#      one (the VM does not refuse it) got NONE from the VM and an error
#      from strict.
# On JDK 17 and on the newer JDK when there is one.  Exit 0 pass, 1 fail,
# 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-strict-vm
e2e_javac Workload

# mistakes FILE: "KIND LABEL ERR" lines of the agent's stderr in FILE
mistakes() {
    sed -n 's/^misuse_agent: mistake \([a-z]*\) \([^ ]*\) -> \(-*[0-9]*\)$/\1 \2 \3/p' "$1"
}

# compare LABEL: both runs on the current java
compare() {
    local label=$1 log=$out/$1-strict.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=check=strict+deep,format=jsonl,trace=errors,leaks=off,log=$log,agent=$AGENTS_DIR/misuse_agent.so=deep" Workload
    e2e_expect_clean_run "$log"
    mistakes "$out/stderr" >"$out/$label-strict.txt"
    # 1. the refused calls, per function, are the agent's mistakes
    trace refused "$log" | awk '{ print $1 }' | sort | uniq -c >"$out/$label-refused.txt"
    awk '{ sub(/:.*/, "", $2); print $2 }' "$out/$label-strict.txt" | sort | uniq -c >"$out/$label-made.txt"
    if ! diff "$out/$label-refused.txt" "$out/$label-made.txt" >"$out/$label-coverage.diff"; then
        fail "$label: the refused calls (<) are not the mistakes the agent names (>):"
        cat "$out/$label-coverage.diff"
    fi
    echo "   $label: $(wc -l <"$out/$label-strict.txt") mistakes refused under strict"

    e2e_java "-agentpath:$LIBJVMTICHECK=check=off,trace=none,leaks=off,agent=$AGENTS_DIR/misuse_agent.so=deep+safe" Workload
    e2e_expect_clean_exit "$label check=off"
    mistakes "$out/stderr" >"$out/$label-vm.txt"
    # 3. strict's error beside the VM's
    awk -v label="$label" '
        NR == FNR { strict[$2] = $3; kind[$2] = $1; next }
        {
            seen[$2] = 1
            if ($1 == "shielded") { print "FAIL: " label ": " $2 " reached the VM (shielded)"; bad = 1 }
            else if (!($2 in strict)) { print "FAIL: " label ": " $2 " was made under check=off only"; bad = 1 }
            else if ($1 == "accepted" && ($3 != 0 || strict[$2] == 0)) {
                print "FAIL: " label ": " $2 ": the VM answered " $3 " (expected 0: it accepts it), strict " strict[$2]; bad = 1 }
            else if ($1 == "passable" && $3 != strict[$2]) {
                print "FAIL: " label ": " $2 ": strict returned " strict[$2] ", the VM answers " $3; bad = 1 }
            else n++
        }
        END {
            for (l in kind) if (kind[l] != "shielded" && !(l in seen)) {
                print "FAIL: " label ": " l " was not made under check=off"; bad = 1 }
            printf "   %s: %d mistakes passed to the VM, each answered as strict did\n", label, n
            exit bad
        }' "$out/$label-strict.txt" "$out/$label-vm.txt" || status=1
}

compare jdk17
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    compare new
fi
e2e_finish
