#!/usr/bin/env bash
# e2e/fast.sh — the wrappers' fast path and where their per-thread block
# lives (issue 14, item 5).
#
# A call that is not timed and not traced unless it fails (trace=none, and
# the default trace=problems, and trace=errors) takes its wrapper's fast path, w_<Function>,
# which tests each check's cheap condition and leaves every call that may
# fail one to the full wrapper.  So, with trace=none (where nothing but
# the verdict tells what was found):
#  - the good agent under check=on and check=deep: "no problems found",
#    calls counted (more than 100), the JVMTI memory it frees tracked (a
#    Deallocate of a block the fast path failed to track would be a
#    bad_deallocate);
#  - the misuse agent under check=strict: as many violations and leak
#    sites as tests/e2e/misuse.expect lists (the fast path lets no
#    mistake through), and the agent sees every refusal it expects.
# A call that passes every check and fails in the VM (framepop_agent's
# second NotifyFramePop on JDK 25: DUPLICATE, documented there) leaves the
# fast path for e_<Function>: under trace=errors it is the
# log's one call record, with its arguments and error, and no violation.
# Where the block lives, as the run header says (tls=): in static TLS from
# libjvmticheck-tls.so beside the shim; in dynamic TLS when that is not
# there (the shim copied alone) or when glibc refuses it because static TLS
# is spent (tls_hog_agent.so, loaded first, loads copies of itself until
# glibc refuses one).  Those two run the same agents to the
# same verdicts.  On JDK 17 and on the newer JDK (skipped with a note when
# there is none).  Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-fast
e2e_javac Workload Hello

verdict() { grep '^jvmticheck: ' "$out/stderr" | tail -1; }

# what misuse.expect lists: its violations, and its leak sites
expected=$(grep -v '^#' "$srcdir/tests/e2e/misuse.expect" | awk 'NF { if ($1 == "leak") l++; else v++ }
    END { printf "%d violations in %d contexts, %d leak site", v, v, l }')

# fast_runs LABEL SHIM [JAVA-OPTION...]: the good and misuse runs
fast_runs() {
    local label=$1 shim=$2
    shift 2
    local check n
    for check in on deep; do
        e2e_java "$@" "-agentpath:$shim=check=$check,trace=none,agent=$AGENTS_DIR/good_agent.so" Workload
        e2e_expect_clean_exit "$label good check=$check"
        n=$(verdict | sed -n 's/^jvmticheck: no problems found (\([0-9]*\) calls checked)$/\1/p')
        echo "   $label good check=$check: $(verdict)"
        [[ -n $n && $n -gt 100 ]] || fail "$label good check=$check: verdict '$(verdict)', expected no problems in more than 100 calls"
    done
    e2e_java "$@" "-agentpath:$shim=check=strict,trace=none,agent=$AGENTS_DIR/misuse_agent.so" Workload
    e2e_expect_clean_exit "$label misuse"
    echo "   $label misuse: $(verdict)"
    [[ $(verdict) == "jvmticheck: $expected "* ]] \
        || fail "$label misuse: verdict '$(verdict)', expected '$expected …' (tests/e2e/misuse.expect)"
}

# tls_is LABEL WANT SHIM [JAVA-OPTION...]: the header of a traced run says tls=WANT
tls_is() {
    local label=$1 want=$2 shim=$3 log=$out/header-$1.txt
    shift 3
    rm -f "$log"
    e2e_java "$@" "-agentpath:$shim=trace=errors,log=$log,agent=$AGENTS_DIR/good_agent.so" Workload
    e2e_expect_clean_exit "$label header"
    local got
    got=$(head -1 "$log" 2>/dev/null | sed -n 's/.*\] header jvmticheck .* tls=\([a-z]*\)$/\1/p')
    echo "   $label: tls=$got"
    [[ $got == "$want" ]] || fail "$label: the header says tls='$got', expected $want: $(head -c 300 "$log" 2>/dev/null)"
}

# The shim alone in a directory, without its helper.
alone=$out/alone
mkdir -p "$alone"
cp "$LIBJVMTICHECK" "$alone/"
[[ -f $(dirname "$LIBJVMTICHECK")/libjvmticheck-tls.so ]] || fail "libjvmticheck-tls.so is not beside $LIBJVMTICHECK"
# Copies of the hog, each a module of its own with 64 bytes of static TLS:
# more than glibc's surplus (1664 bytes by default).
hogs=$out/hogs
mkdir -p "$hogs"
for i in $(seq 1 256); do cp "$AGENTS_DIR/tls_hog_agent.so" "$hogs/hog-$i.so"; done
hog=-agentpath:$AGENTS_DIR/tls_hog_agent.so=$hogs

run_all() {
    local jdk=$1
    echo "== $jdk, the shim with its helper"
    tls_is "$jdk" static "$LIBJVMTICHECK"
    fast_runs "$jdk" "$LIBJVMTICHECK"
    echo "== $jdk, the shim without its helper"
    tls_is "$jdk-alone" dynamic "$alone/libjvmticheck.so"
    fast_runs "$jdk-alone" "$alone/libjvmticheck.so"
    echo "== $jdk, static TLS spent"
    tls_is "$jdk-spent" dynamic "$LIBJVMTICHECK" "$hog"
    grep -m1 '^tls_hog_agent: loaded [0-9]* copies, then: .*cannot allocate memory in static TLS block' "$out/stderr" \
        || fail "$jdk-spent: the hog did not spend static TLS: $(grep -m1 '^tls_hog_agent' "$out/stderr")"
    fast_runs "$jdk-spent" "$LIBJVMTICHECK" "$hog"
}

# failed_call: on the newer JDK (JDK 17 answers the second call with 0)
failed_call() {
    local log=$out/framepop.jsonl
    rm -f "$log"
    # trace=errors: DUPLICATE is an expected outcome, which the default does not print
    e2e_java "-agentpath:$LIBJVMTICHECK=trace=errors,format=jsonl,log=$log,agent=$AGENTS_DIR/framepop_agent.so" Hello
    e2e_expect_clean_exit "framepop"
    grep -q '^framepop_agent: NotifyFramePop -> 0 40$' "$out/stderr" \
        || fail "framepop: the agent says '$(grep -m1 '^framepop_agent' "$out/stderr")', expected '0 40' (DUPLICATE)"
    local calls
    calls=$(grep '"kind":"call"' "$log" | sed 's/"tid":[0-9]*,//; s/,"t_ns":.*//')
    echo "   call records: $calls"
    [[ $calls == '{"kind":"call","name":"NotifyFramePop","thread":"main","phase":"live","args":{"thread":null,"depth":0},"error":"JVMTI_ERROR_DUPLICATE"' ]] \
        || fail "framepop: expected the failed NotifyFramePop as the one call record"
    grep -q '"kind":"violation"' "$log" && fail "framepop: a violation: $(grep -m1 '"kind":"violation"' "$log")"
    return 0
}

run_all jdk17
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    run_all new
    echo "== new, a call that fails in the VM"
    failed_call
fi
e2e_finish
