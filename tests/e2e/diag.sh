#!/usr/bin/env bash
# e2e/diag.sh — diagnostics that point at the bug (issue 11), on an agent
# with planted bugs at known lines (tests/e2e/agents/bug_agent.c, each marked
# "BUG:<id>"; the expected lines are grepped from that source):
#   - built with -g, each violation and leak names bug_agent.c:LINE; leaks
#     come largest first; stack=2 shows the caller too;
#   - stripped of debug info (strip --strip-debug): symbol+offset, no line;
#     stripped whole (strip): the exported Agent_OnLoad by name, static
#     functions as module+offset;
#   - one report per context: the capability bug hit 5 times is shown once
#     (repeat=3: three times) and counted in a context summary record;
#   - the verdict line on stderr, with and without problems (the good agent,
#     libjdwp); exitcode=N; halt=on;
#   - gen_suppressions=on lines fed back as suppress=FILE silence all; a bad
#     suppression file stops the VM with FILE:LINE;
#   - the run header record (pid, command, VM, versions, options) first in
#     a log named with log=%p;
#   - help prints the option reference and exits 0; a misplaced agent= gets
#     a hint.
# On JDK 17, and the newer JDK when there.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-diag
e2e_javac Hello Workload
src=$srcdir/tests/e2e/agents/bug_agent.c
agent=$AGENTS_DIR/bug_agent.so
line() { grep -n "BUG:$1 " "$src" | cut -d: -f1; }

# jq-like reads of a JSON trace: py LOG EXPR prints EXPR over L (the records).
py() {
    python3 -c 'import json,sys
L=[json.loads(x) for x in open(sys.argv[1])]
print(eval(sys.argv[2]))' "$1" "$2"
}

# site_of LOG KIND NAME: the site of the first KIND record of NAME.
site_of() {
    py "$1" "next((o.get('site','') for o in L if o['kind']=='$2' and o['name']=='$3'), 'NONE')"
}

verdict() { grep '^jvmticheck: ' "$out/stderr" | tail -1; }

expect_site() {   # LOG KIND NAME PATTERN
    local s
    s=$(site_of "$1" "$2" "$3")
    [[ $s == $4 ]] || fail "$2 $3: site '$s', expected $4"
}

run_bugs() {   # LABEL OPTIONS [AGENT]
    log=$out/$1.jsonl
    rm -f "$log"
    e2e_java "-agentpath:$LIBJVMTICHECK=format=jsonl,log=$log,$2,agent=${3:-$agent}" Hello
}

for jdk in "$JDK_HOME" ${JDK_NEW:+"$JDK_NEW"}; do
    [[ -x $jdk/bin/java ]] || continue
    e2e_use_jdk "$jdk"
    v=$(basename "$jdk")

    echo "== $v: built with -g: file:line of each planted bug"
    run_bugs "$v-g" "stack=2"
    [[ $rc -eq 0 ]] || fail "exit $rc without exitcode=, expected 0"
    expect_site "$log" violation GetPhase "bug_agent.c:$(line null_pointer) Agent_OnLoad+0x* (bug_agent.so+0x*)"
    expect_site "$log" violation GetLoadedClasses "bug_agent.c:$(line phase) Agent_OnLoad+0x*"
    expect_site "$log" violation GetOwnedMonitorInfo "bug_agent.c:$(line capability) on_vm_init+0x*"
    expect_site "$log" violation Deallocate "bug_agent.c:$(line bad_deallocate) free_stack_pointer+0x*"
    expect_site "$log" leak GetClassSignature "bug_agent.c:$(line leak3) leak_twice+0x*"
    expect_site "$log" leak GetSystemProperty "bug_agent.c:$(line leak1) on_vm_init+0x*"
    stack=$(py "$log" "[o.get('stack') for o in L if o['name']=='Deallocate' and o['kind']=='violation'][0]")
    [[ $stack == *"free_stack_pointer+0x"*" <- bug_agent.c:"*" on_vm_init+0x"* ]] \
        || fail "stack=2: '$stack', expected free_stack_pointer <- on_vm_init"
    leaks=$(py "$log" "' '.join(o['name']+':'+str(o['count']) for o in L if o['kind']=='leak')")
    [[ $leaks == "GetClassSignature:3 GetSystemProperty:1" ]] || fail "leaks '$leaks', expected the 3-block site first"
    n=$(py "$log" "sum(1 for o in L if o['kind']=='violation' and o['name']=='GetOwnedMonitorInfo')")
    [[ $n -eq 1 ]] || fail "$n capability records, expected 1 (one per context)"
    cx=$(py "$log" "[(o['count'],o['shown']) for o in L if o.get('type')=='context' and o['name']=='GetOwnedMonitorInfo']")
    [[ $cx == "[(5, 1)]" ]] || fail "context summary $cx, expected count 5, shown 1"
    vd=$(verdict)
    [[ $vd =~ ^jvmticheck:\ 8\ violations\ in\ 4\ contexts,\ 2\ leak\ sites\ \(4\ blocks,\ [0-9]+\ bytes\)\;\ log\ $log$ ]] \
        || fail "verdict '$vd'"
    echo "   $vd"
    grep -q hello "$out/stdout" || fail "the program did not run"

    echo "== $v: the run header (log=%p)"
    rm -f "$out/$v-hdr".*.jsonl
    opts="format=jsonl,log=$out/$v-hdr.%p.jsonl,agent=$AGENTS_DIR/good_agent.so"
    e2e_java "-agentpath:$LIBJVMTICHECK=$opts" Hello
    hdr=$(ls "$out/$v-hdr".*.jsonl 2>/dev/null | head -1)
    if [[ -z $hdr ]]; then
        fail "log=%p: no log named with the pid"
    else
        pid=${hdr##*-hdr.}
        pid=${pid%.jsonl}
        vmver=$("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.vm.version = //p')
        got=$(py "$hdr" "'|'.join(str(L[0].get(k)) for k in ('kind','pid','vm_version','options','shim'))")
        [[ $got == "header|$pid|$vmver|$opts|"?* ]] || fail "header: '$got', expected 'header|$pid|$vmver|$opts|SHIM'"
        [[ $(py "$hdr" "L[0]['jvmti']+' '+L[0]['spec']") =~ ^[0-9]+\.[0-9]+\ [0-9]+\.[0-9]+$ ]] || fail "header: no JVMTI and spec versions"
        [[ $(py "$hdr" "L[0]['command']") == *"-agentpath:$LIBJVMTICHECK=$opts Hello" ]] || fail "header: command $(py "$hdr" "L[0]['command']")"
        echo "   $(head -c 300 "$hdr")…"
    fi

    echo "== $v: repeat=3"
    run_bugs "$v-repeat" "repeat=3"
    occ=$(py "$log" "[o.get('occurrence',1) for o in L if o['kind']=='violation' and o['name']=='GetOwnedMonitorInfo']")
    [[ $occ == "[1, 2, 3]" ]] || fail "repeat=3: occurrences $occ, expected [1, 2, 3]"

    echo "== $v: stripped of debug info, and stripped whole"
    cp "$agent" "$out/bug_nodebug.so"
    strip --strip-debug "$out/bug_nodebug.so"
    run_bugs "$v-nodebug" "" "$out/bug_nodebug.so"
    expect_site "$log" violation Deallocate "free_stack_pointer+0x* (bug_nodebug.so+0x*)"
    expect_site "$log" leak GetClassSignature "leak_twice+0x* (bug_nodebug.so+0x*)"
    cp "$agent" "$out/bug_stripped.so"
    strip "$out/bug_stripped.so"
    run_bugs "$v-stripped" "" "$out/bug_stripped.so"
    expect_site "$log" violation GetPhase "Agent_OnLoad+0x* (bug_stripped.so+0x*)"
    expect_site "$log" violation Deallocate "(bug_stripped.so+0x*)"
    grep -q 'bug_agent.c:' "$log" && fail "a stripped agent's trace names source lines"

    echo "== $v: exitcode=, halt=on"
    run_bugs "$v-exitcode" "exitcode=7"
    [[ $rc -eq 7 ]] || fail "exitcode=7: exit $rc"
    grep -q hello "$out/stdout" || fail "exitcode=7: the program did not run to the end"
    run_bugs "$v-halt" "halt=on"
    [[ $rc -eq 1 ]] || fail "halt=on: exit $rc, expected 1"
    grep -q "^jvmticheck: halt=on: stopped at the first violation, \[null_pointer\] GetPhase at bug_agent.c:$(line null_pointer) " \
        "$out/stderr" || fail "halt=on: no stop line naming GetPhase at bug_agent.c:$(line null_pointer)"
    grep -q hello "$out/stdout" && fail "halt=on: the program ran on"
    [[ $(py "$log" "sum(1 for o in L if o['kind']=='violation')") -eq 1 ]] || fail "halt=on: not exactly one violation record"
    run_bugs "$v-halt9" "halt=on,exitcode=9"
    [[ $rc -eq 9 ]] || fail "halt=on,exitcode=9: exit $rc"

    echo "== $v: gen_suppressions=on, then suppress=FILE"
    run_bugs "$v-gen" "gen_suppressions=on"
    py "$log" "'\\n'.join(o['suppression'] for o in L if 'suppression' in o)" >"$out/bugs.supp"
    n=$(wc -l <"$out/bugs.supp")
    [[ $n -eq 6 ]] || fail "gen_suppressions: $n lines, expected 6 (4 contexts, 2 leak sites)"
    grep -qx "capability GetOwnedMonitorInfo bug_agent.so on_vm_init" "$out/bugs.supp" \
        || fail "no suppression line for the capability bug: $(cat "$out/bugs.supp")"
    # a leak's line names its frames of the agent's module: leak_twice, then its caller
    grep -qx "leak GetClassSignature bug_agent.so leak_twice on_vm_init" "$out/bugs.supp" \
        || fail "no suppression line for the leak in leak_twice (called from on_vm_init)"
    run_bugs "$v-suppressed" "suppress=$out/bugs.supp,exitcode=7"
    [[ $rc -eq 0 ]] || fail "all suppressed, exitcode=7: exit $rc, expected 0"
    vd=$(verdict)
    [[ $vd =~ ^jvmticheck:\ no\ problems\ found\ \([0-9]+\ calls\ checked\)\;\ suppressed\ 8\ violations\ and\ 2\ leak\ sites\;\ log ]] \
        || fail "all suppressed: verdict '$vd'"
    echo "   $vd"
    printf '# only the capability bug, by globs\ncap*ty GetOwned* bug_*.so on_vm_*\n' >"$out/some.supp"
    run_bugs "$v-some" "suppress=$out/some.supp,leaks=off"
    vd=$(verdict)
    [[ $vd =~ ^jvmticheck:\ 3\ violations\ in\ 3\ contexts\;\ suppressed\ 5\ violations\;\ log ]] || fail "some suppressed: verdict '$vd'"
    printf 'leak Get*\nbogus GetPhase\n' >"$out/bad.supp"
    run_bugs "$v-badsupp" "suppress=$out/bad.supp"
    [[ $rc -eq 1 ]] || fail "bad suppression file: exit $rc, expected 1"
    grep -q "^$out/bad.supp:2: error: unknown check 'bogus'" "$out/stderr" || fail "bad suppression file: no FILE:2 message"

    echo "== $v: messages: allowed phases, the callback"
    [[ $(py "$out/$v-g.jsonl" "[o['message'] for o in L if o['kind']=='violation' and o['name']=='GetLoadedClasses'][0]") == \
        "not allowed in the onload phase (allowed in: live)" ]] || fail "phase message without the allowed phases"
    log=$out/$v-misuse.jsonl
    e2e_java "-agentpath:$LIBJVMTICHECK=check=strict,format=jsonl,log=$log,agent=$AGENTS_DIR/misuse_agent.so" Workload
    msgs=$(py "$log" "sorted(set(o['message'] for o in L if o.get('check')=='callback_unsafe'))")
    [[ $msgs == *"(in the IterateThroughHeap callback)"* && $msgs == *"(in the GarbageCollectionStart event callback)"* ]] \
        || fail "callback_unsafe messages do not name the callback: $msgs"

    echo "== $v: a well-behaved agent: no problems"
    e2e_java "-agentpath:$LIBJVMTICHECK=exitcode=7,agent=$AGENTS_DIR/good_agent.so" Workload
    [[ $rc -eq 0 ]] || fail "good agent with exitcode=7: exit $rc"
    vd=$(verdict)
    [[ $vd =~ ^jvmticheck:\ no\ problems\ found\ \(([0-9]+)\ calls\ checked\)$ && ${BASH_REMATCH[1]} -gt 100 ]] \
        || fail "good agent: verdict '$vd'"
    echo "   $vd"
done

echo "== help, a misplaced agent=, libjdwp"
e2e_use_jdk "$JDK_HOME"
e2e_java "-agentpath:$LIBJVMTICHECK=help" Hello
[[ $rc -eq 0 ]] || fail "help: exit $rc, expected 0"
grep -q hello "$out/stdout" && fail "help: the program ran"
cp "$out/stdout" "$out/help.txt"
e2e_java "-agentpath:$LIBJVMTICHECK=bogus,agent=$agent" Hello
known=$(sed -n "s/.*(known: \(.*\)).*/\1/p" "$out/stderr")
[[ -n $known ]] || fail "no list of known options"
for o in ${known//,/}; do
    grep -q "^  $o\b" "$out/help.txt" || fail "help has no row for option $o"
done
e2e_java "-agentpath:$LIBJVMTICHECK=agent=$agent,trace=all" Hello
[[ $rc -ne 0 ]] && grep -q "agent= must come last" "$out/stderr" || fail "misplaced agent=: no hint"
if [[ -f $JDK_HOME/lib/libjdwp.so ]]; then
    e2e_java "-agentpath:$LIBJVMTICHECK=leaks=off,exitcode=7,agent=$JDK_HOME/lib/libjdwp.so=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0" Workload
    [[ $rc -eq 0 ]] || fail "libjdwp: exit $rc"
    vd=$(verdict)
    [[ $vd =~ ^jvmticheck:\ no\ problems\ found ]] || fail "libjdwp: verdict '$vd'"
    echo "   libjdwp: $vd"
fi
e2e_finish
