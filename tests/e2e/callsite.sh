#!/usr/bin/env bash
# e2e/callsite.sh — every report at the agent's own line, whatever the
# agent is written in and however it was built:
#   - a C++ agent (tests/e2e/agents/cpp_agent.cpp) that calls JVMTI only through
#     jvmti.h's inline wrappers, built here with g++ and clang++ at -O0 (an
#     out-of-line copy of each wrapper, shared by every call) and -O2 (the
#     wrappers inlined): each report names cpp_agent.cpp:LINE and the
#     demangled function, never jvmti.h or _jvmtiEnv::; four GetPhase
#     mistakes in four functions are four contexts; a suppression of one
#     (gen_suppressions' line, by linkage name; or a hand-written glob over
#     the demangled name) leaves the other three; a function of the agent
#     inlined into another is a frame of its own, marked [inlined];
#     stripped of debug info, the out-of-line wrappers are still skipped;
#   - a C agent whose calls go through its own helpers
#     (tests/e2e/agents/helper_agent.c): a violation is at the helper's line and
#     stack=2 tells its callers apart; leaks through its allocation helper
#     are one record per caller, each stack naming it, and a suppression of
#     one leaves the others;
#   - libjdwp, whose allocation helper jvmtiAllocate is called from libjdwp
#     and from its transport library: its leaks there name their callers
#     (up to JDK 17 one, at socketTransport_startListening in libdt_socket);
#     on JDK 17 exactly its two known leaks, and a suppression of that
#     caller takes that leak alone, one naming another caller nothing.
# Every expected line is grepped from the agents' sources (marker comments
# "MISTAKE:<id>"), not taken from the shim.  On JDK 17, and the newer JDK
# when there; libjdwp's part on the more JDKs (8, 11, 21) too.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-callsite
e2e_javac Hello Workload
cpp=$srcdir/tests/e2e/agents/cpp_agent.cpp
csrc=$srcdir/tests/e2e/agents/helper_agent.c
line() { grep -n "MISTAKE:$2 " "$1" | cut -d: -f1; }   # FILE ID

# py LOG EXPR prints EXPR over L, the records of the JSON trace LOG.
py() {
    python3 -c 'import json,sys
L=[json.loads(x) for x in open(sys.argv[1])]
V=[o for o in L if o["kind"]=="violation"]
K=[o for o in L if o["kind"]=="leak"]
print(eval(sys.argv[2]))' "$1" "$2"
}

verdict() { grep '^jvmticheck: ' "$out/stderr" | tail -1; }

run() {   # LABEL AGENT OPTIONS [CLASS]
    log=$out/$1.jsonl
    rm -f "$log"
    e2e_java "-agentpath:$LIBJVMTICHECK=format=jsonl,log=$log,$3,agent=$2" "${4:-Hello}"
    e2e_expect_clean_exit "$1"
}

# jdwp_leaks JDK: libjdwp (C) allocates through its helper jvmtiAllocate,
# which its transport library libdt_socket calls back too: a leak there is
# one record per caller, whose stack names it, past the module boundary and
# short of the VM's frames.  libjdwp up to JDK 17 leaks the address string
# socketTransport_startListening (libdt_socket) allocates through
# jvmtiAllocate (tests/e2e/jdb.sh says why it is real); later ones do not.
# JDK 8's libjdwp has no symbols: its frames are module+offset, and the
# caller is told by its module.  On JDK 17, the whole leak set (that and
# GetTopThreadGroups' array in util_initialize), and suppressions by caller.
jdwp_leaks() {
    local jdk=$1 lib v=$jdk_label jdwp k s
    lib=$(e2e_jdk_lib "$jdk" libjdwp.so)
    [[ -f $lib ]] || { echo "   SKIP (note): no $lib"; return 0; }
    echo "== $v: libjdwp: a leak through jvmtiAllocate names its caller"
    jdwp="$lib=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0"
    run "$v-jdwp" "$jdwp" "gen_suppressions=on" Workload
    local -a helper_leaks
    mapfile -t helper_leaks < <(py "$log" "'\\n'.join(o.get('stack', 'NONE') for o in K if o['name']=='Allocate')")
    [[ -n ${helper_leaks[*]} ]] || helper_leaks=()
    echo "   ${#helper_leaks[@]} Allocate leak records${helper_leaks[*]:+: ${helper_leaks[*]}}"
    for k in "${helper_leaks[@]}"; do
        [[ $k == *"(libjdwp.so+0x"*") <- "?* && $k != *libjvm.so* ]] \
            || fail "$v libjdwp: an Allocate leak whose stack names no caller (or reaches into the VM): $k"
        ((jdk_v == 8)) || [[ $k == "jvmtiAllocate+0x"* ]] \
            || fail "$v libjdwp: an Allocate leak not at jvmtiAllocate: $k"
    done
    if ((jdk_v <= 17)); then
        [[ ${#helper_leaks[@]} -eq 1 && ${helper_leaks[0]} == *"(libjdwp.so+0x"*") <- "*"(libdt_socket.so+0x"*") <- "*"(libjdwp.so+0x"* ]] \
            || fail "$v libjdwp: not one Allocate leak at jvmtiAllocate <- libdt_socket <- libjdwp: ${helper_leaks[*]}"
        ((jdk_v == 8)) || [[ ${helper_leaks[0]} == "jvmtiAllocate+0x"*" <- socketTransport_startListening+0x"* ]] \
            || fail "$v libjdwp: the Allocate leak is not at jvmtiAllocate's caller socketTransport_startListening: ${helper_leaks[*]}"
    fi
    ((jdk_v == 17)) || return 0
    s=$(py "$log" "sorted(o['name'] + ' ' + o['site'].split('+')[0] for o in K)")
    [[ $s == "['Allocate jvmtiAllocate', 'GetTopThreadGroups util_initialize']" ]] \
        || fail "$v libjdwp: leaks $s, expected Allocate at jvmtiAllocate and GetTopThreadGroups at util_initialize"
    py "$log" "[o['suppression'] for o in K if o['name']=='Allocate'][0]" >"$out/jdwp.supp" || true
    local -a f
    read -r -a f <"$out/jdwp.supp" || f=()
    [[ ${#f[@]} -ge 5 && "${f[*]:0:5}" == "leak Allocate libjdwp.so jvmtiAllocate socketTransport_startListening" ]] \
        || fail "$v libjdwp: suppression line '$(cat "$out/jdwp.supp")', expected leak Allocate libjdwp.so jvmtiAllocate socketTransport_startListening ..."
    # a rule for another caller of the helper takes nothing; the generated
    # one takes that leak and leaves GetTopThreadGroups'
    printf 'leak Allocate libjdwp.so jvmtiAllocate bagCreateBag\n' >"$out/jdwp-other.supp"
    run "$v-jdwp-other" "$jdwp" "suppress=$out/jdwp-other.supp" Workload
    s=$(py "$log" "sorted(o['name'] for o in K)")
    [[ $s == "['Allocate', 'GetTopThreadGroups']" ]] \
        || fail "$v libjdwp: a rule for jvmtiAllocate's caller bagCreateBag left leaks $s, expected both"
    run "$v-jdwp-supp" "$jdwp" "suppress=$out/jdwp.supp" Workload
    s=$(py "$log" "sorted(o['name'] for o in K)")
    [[ $s == "['GetTopThreadGroups']" ]] \
        || fail "$v libjdwp: socketTransport_startListening's leak suppressed, leaks $s remain, expected GetTopThreadGroups"
    vd=$(verdict)
    [[ $vd == *"; suppressed 1 leak site;"* ]] || fail "$v libjdwp: one leak suppressed: verdict '$vd'"
}

# ---- the C++ agent, four ways ------------------------------------------------
variants=()
for cxx in g++ clang++; do
    if ! command -v "$cxx" >/dev/null 2>&1; then
        if [[ ${CI:-} == true ]]; then
            fail "$cxx not found (scripts/setup-debian.sh installs it)"
        else
            echo "   SKIP (note): $cxx not found: its builds are left out"
        fi
        continue
    fi
    for opt in O0 O2; do
        name=cpp_agent_${cxx//+/x}_$opt
        # shellcheck disable=SC2086
        if "$cxx" -g -"$opt" -fPIC -shared -Wall -Wextra -Werror $JNI_CFLAGS -o "$out/$name.so" "$cpp" \
            >"$out/$name.cc.log" 2>&1; then
            variants+=("$name")
        else
            cat "$out/$name.cc.log"
            fail "$cxx -$opt cpp_agent.cpp did not build"
        fi
    done
done

# The GetPhase mistakes: marker, then the function as demangled.
phase_ids=(phase_a phase_b phase_c phase_t)
declare -A phase_fn=([phase_a]='Checker::phaseA()' [phase_b]='Checker::phaseB()'
                     [phase_c]='probe::phaseC(_jvmtiEnv*)' [phase_t]='void probe::phaseT<3>(_jvmtiEnv*)')

# expect_phase_sites LOG SO ID...: the GetPhase violations are exactly
# those of the IDs, one record and one context each, each at its line.
expect_phase_sites() {
    local log=$1 so=$2 id s found
    shift 2
    local -a sites
    mapfile -t sites < <(py "$log" "'\\n'.join(o.get('site','') for o in V if o['name']=='GetPhase')")
    [[ ${#sites[@]} -eq $# ]] || fail "$so: ${#sites[@]} GetPhase violations, expected $#: ${sites[*]}"
    local nctx
    nctx=$(py "$log" "len(set(o.get('context') for o in V if o['name']=='GetPhase'))")
    [[ $nctx -eq $# ]] || fail "$so: GetPhase in $nctx contexts, expected $#"
    for id in "$@"; do
        found=
        for s in "${sites[@]}"; do
            [[ $s == "cpp_agent.cpp:$(line "$cpp" "$id") ${phase_fn[$id]}+0x"*" ($so+0x"*")" ]] && found=1
        done
        [[ -n $found ]] || fail "$so: no GetPhase site at cpp_agent.cpp:$(line "$cpp" "$id") ${phase_fn[$id]}; sites: ${sites[*]}"
    done
}

for jdk in "$JDK_HOME" ${JDK_NEW:+"$JDK_NEW"}; do
    [[ -x $jdk/bin/java ]] || continue
    e2e_use_jdk "$jdk"
    v=$(basename "$jdk")
    for name in "${variants[@]}"; do
        so=$name.so
        echo "== $v: $name: each report at cpp_agent.cpp:LINE, demangled"
        run "$v-$name" "$out/$so" "stack=2,gen_suppressions=on"
        expect_phase_sites "$log" "$so" "${phase_ids[@]}"
        s=$(py "$log" "[o['site'] for o in V if o['name']=='GetLoadedClasses']")
        [[ $s == "['cpp_agent.cpp:$(line "$cpp" phase) Agent_OnLoad+0x"*" ($so+0x"*")']" ]] \
            || fail "$name: GetLoadedClasses at $s, expected cpp_agent.cpp:$(line "$cpp" phase) Agent_OnLoad"
        s=$(py "$log" "[o['stack'] for o in V if o['name']=='GetOwnedMonitorInfo']")
        [[ $s == "['cpp_agent.cpp:$(line "$cpp" capability) "*"ownedMonitors"*" [inlined] ($so+0x"*") <- cpp_agent.cpp:$(line "$cpp" capability_caller) Checker::monitors(_jobject*)+0x"*" ($so+0x"*")']" ]] \
            || fail "$name: GetOwnedMonitorInfo stack $s, expected the inlined ownedMonitors <- Checker::monitors"
        s=$(py "$log" "[o['site'] for o in K if o['name']=='GetSystemProperty']")
        [[ $s == "['cpp_agent.cpp:$(line "$cpp" leak) Checker::leakProperty()+0x"*" ($so+0x"*")']" ]] \
            || fail "$name: leak at $s, expected cpp_agent.cpp:$(line "$cpp" leak) Checker::leakProperty()"
        grep -qE 'jvmti\.h|_jvmtiEnv::' "$log" && fail "$name: the trace names the header's wrappers: $(grep -oE '[^"]*(jvmti\.h|_jvmtiEnv::)[^"]*' "$log" | head -3)"
        vd=$(verdict)
        [[ $vd == "jvmticheck: 6 violations in 6 contexts, 1 leak site ("* ]] || fail "$name: verdict '$vd'"

        echo "== $v: $name: suppress phaseB by its generated line, phaseC by a demangled glob"
        py "$log" "[o['suppression'] for o in V if o['name']=='GetPhase' and 'cpp_agent.cpp:$(line "$cpp" phase_b) ' in o['site']][0]" \
            >"$out/$name.supp" || true
        read -r -a f <"$out/$name.supp" || f=()
        [[ ${#f[@]} -eq 4 && ${f[0]} == null_pointer && ${f[1]} == GetPhase && ${f[2]} == "$so" && ${f[3]} == _Z*phaseB* ]] \
            || fail "$name: suppression line '$(cat "$out/$name.supp")', expected null_pointer GetPhase $so and phaseB's linkage name"
        run "$v-$name-supp" "$out/$so" "suppress=$out/$name.supp"
        expect_phase_sites "$log" "$so" phase_a phase_c phase_t
        vd=$(verdict)
        [[ $vd == *"; suppressed 1 violation;"* ]] || fail "$name: one suppressed: verdict '$vd'"
        printf '# by the demangled name\nnull_pointer GetPhase cpp_agent_* probe::phaseC(*\n' >"$out/$name-glob.supp"
        run "$v-$name-glob" "$out/$so" "suppress=$out/$name-glob.supp"
        expect_phase_sites "$log" "$so" phase_a phase_b phase_t
    done

    if [[ ${#variants[@]} -gt 0 ]]; then
        name=${variants[0]}
        echo "== $v: $name stripped of debug info: the wrappers by their ELF symbols"
        cp "$out/$name.so" "$out/cpp_nodebug.so"
        strip --strip-debug "$out/cpp_nodebug.so"
        run "$v-nodebug" "$out/cpp_nodebug.so" ""
        n=$(py "$log" "len(set(o['site'] for o in V if o['name']=='GetPhase' and o['site'].startswith(('Checker::phase', 'probe::phase', 'void probe::phase'))))")
        [[ $n -eq 4 ]] || fail "stripped: $n GetPhase sites in the agent's functions, expected 4: $(py "$log" "[o['site'] for o in V]")"
        grep -q '_jvmtiEnv::' "$log" && fail "stripped: the trace names the header's wrappers"
    fi

    # ---- the C agent with helpers of its own ------------------------------------
    agent=$AGENTS_DIR/helper_agent.so
    echo "== $v: helper_agent: the violation at the helper's line; leaks per caller of the allocation helper"
    run "$v-helper" "$agent" "gen_suppressions=on"
    s=$(py "$log" "[o['site'] for o in V if o['name']=='GetPhase']")
    [[ $s == "['helper_agent.c:$(line "$csrc" helper) my_get_phase+0x"*" (helper_agent.so+0x"*")']" ]] \
        || fail "helper: GetPhase at $s, expected one record at helper_agent.c:$(line "$csrc" helper) my_get_phase"
    [[ $(py "$log" "[o['count'] for o in L if o.get('type')=='context' and o['name']=='GetPhase']") == "[2]" ]] \
        || fail "helper: the helper's GetPhase context does not count 2"
    alloc="helper_agent.c:$(line "$csrc" alloc) my_alloc+0x"
    mapfile -t leaks < <(py "$log" "'\\n'.join('%d %d %s | %s' % (o['count'], o['bytes'], o['site'], o.get('stack','')) for o in K if o['name']=='Allocate')")
    [[ ${#leaks[@]} -eq 3 ]] || fail "helper: ${#leaks[@]} Allocate leak records, expected 3 (one per caller): ${leaks[*]}"
    for want in "2 32 leak_a $(line "$csrc" leak_a) leak_a+0x" "1 32 leak_b $(line "$csrc" leak_b) leak_b+0x" \
                "1 64 leak_c $(line "$csrc" leak_c) leak_c [inlined] (helper_agent.so+0x"; do
        read -r count bytes fn ln rest <<<"$want"
        found=
        for k in "${leaks[@]}"; do
            [[ $k == "$count $bytes $alloc"*" | $alloc"*" <- helper_agent.c:$ln $rest"*" <- helper_agent.c:"*" on_vm_init+0x"* ]] && found=1
            [[ $k == "$count $bytes "*"$fn"* && $k == *libjvm* ]] && fail "helper: the $fn leak's stack leaves the agent: $k"
        done
        [[ -n $found ]] || fail "helper: no leak of $count blocks, $bytes bytes at my_alloc <- $fn (line $ln) <- on_vm_init: ${leaks[*]}"
    done
    s=$(py "$log" "[o['stack'] for o in K if o['name']=='Allocate' and o['bytes']==64]")
    [[ $s == *" <- helper_agent.c:$(line "$csrc" leak_c_caller) on_vm_init+0x"* ]] \
        || fail "helper: leak_c is not inlined at helper_agent.c:$(line "$csrc" leak_c_caller) in on_vm_init: $s"
    py "$log" "[o['suppression'] for o in K if o['name']=='Allocate' and ' <- helper_agent.c:$(line "$csrc" leak_a) ' in o['stack']][0]" \
        >"$out/leak_a.supp" || true
    grep -qx "leak Allocate helper_agent.so my_alloc leak_a on_vm_init" "$out/leak_a.supp" \
        || fail "helper: leak_a's suppression line '$(cat "$out/leak_a.supp")', expected its frames my_alloc leak_a on_vm_init"
    run "$v-helper-supp" "$agent" "suppress=$out/leak_a.supp"
    s=$(py "$log" "sorted(o['bytes'] for o in K if o['name']=='Allocate')")
    [[ $s == "[32, 64]" ]] || fail "helper: leak_a suppressed, leaks of $s bytes remain, expected [32, 64] (leak_b, leak_c)"
    vd=$(verdict)
    [[ $vd == *"; suppressed 1 leak site;"* ]] \
        || fail "helper: one leak suppressed: verdict '$vd'"

    echo "== $v: helper_agent, stack=2: the helper's two callers are two contexts"
    run "$v-helper-stack" "$agent" "stack=2"
    mapfile -t stacks < <(py "$log" "'\\n'.join(sorted(o['stack'] for o in V if o['name']=='GetPhase'))")
    [[ ${#stacks[@]} -eq 2 ]] || fail "helper stack=2: ${#stacks[@]} GetPhase records, expected 2"
    for id in caller_a caller_b; do
        fn=phase_from_${id#caller_}
        found=
        for s in "${stacks[@]}"; do
            [[ $s == "helper_agent.c:$(line "$csrc" helper) my_get_phase+0x"*" <- helper_agent.c:$(line "$csrc" "$id") $fn+0x"* ]] && found=1
        done
        [[ -n $found ]] || fail "helper stack=2: no stack my_get_phase <- $fn (line $(line "$csrc" "$id")): ${stacks[*]}"
    done
    jdwp_leaks "$jdk"
done
for jdk in $(e2e_jdks); do
    e2e_use_jdk "$jdk"
    jdwp_leaks "$jdk"
done
e2e_finish
