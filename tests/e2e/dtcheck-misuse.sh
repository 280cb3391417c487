#!/usr/bin/env bash
# e2e/dtcheck-misuse.sh — a transport user in C that calls the wrapped
# table in the wrong order (tests/e2e/transport/misuse_user.c) over the real
# dt_socket of JDK 17 (and the newer JDK): each mistake is reported under
# its step with the check tests/e2e/dtcheck-misuse.expect names, the
# correct steps get none, nothing crashes or hangs, and the verdict counts
# them.  Records are the shim's ("[t=... thread=... tid=...] VIOLATION
# [check] Function ..."), with the call site in misuse_user.c.  The shim's
# diagnostics options act on them as in the shim: suppress= (by check and
# function, and by the call site's module and symbol) silences what it
# names, gen_suppressions= writes the rule, only= keeps the records of the
# functions named (the verdict still counts all), repeat= shows one
# context's occurrences that many times, stack=N gives N frames.  Then the
# other side: right calls over a transport that breaks the spec
# (tests/e2e/transport/bad_transport.c), each of its mistakes reported.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-dtcheck-misuse
LIBDIR=$(dirname "$LIBJVMTICHECK")
user=$builddir/tests/e2e/transport/misuse_user
[[ -x $user ]] || { echo "FAIL: $user not built"; exit 1; }
grep -v '^#' "$srcdir/tests/e2e/dtcheck-misuse.expect" >"$out/expected"

# steps OUT: "step: check" for each violation record of OUT, under the
# step printed before it (violation records are written at once).
steps() {
    awk '/^step [0-9]+:/ { s = $2; sub(":", "", s) }
         /^\[t=[0-9]+ .*\] VIOLATION \[/ { c = $0; sub(/^[^]]*\] VIOLATION \[/, "", c); sub(/\].*/, "", c); print s ": " c }' "$1"
}

# user JDK TAG OPTIONS [MODE]: misuse_user over JDK's dt_socket with
# DTCHECK_OPTIONS=transport=...,OPTIONS; output in $out/TAG.out.
user() {
    local jdk=$1 tag=$2 opts=$3 rc=0
    (cd "$out" && DTCHECK_OPTIONS=transport=$jdk/lib/libdt_socket.so${opts:+,$opts} exec timeout 60 "$user" \
        "$LIBDIR/libdt_check.so" "$jdk/lib/server/libjvm.so" ${4:+"$4"}) >"$out/$tag.out" 2>&1 || rc=$?
    [[ $rc -eq 0 ]] || { fail "$tag: misuse_user exited $rc"; tail -5 "$out/$tag.out"; }
    grep -q '^step 15: done' "$out/$tag.out" || fail "$tag: the program did not reach its end"
    ! compgen -G "$out/hs_err_pid*.log" >/dev/null || fail "$tag: the JVM crashed"
}

run() {
    local jdk=$1 tag=$2
    user "$jdk" "$tag" ""
    steps "$out/$tag.out" >"$out/$tag.got"
    if diff -u "$out/expected" "$out/$tag.got"; then
        echo "   $tag: $(wc -l <"$out/expected") mistakes, each reported at its step"
    else
        fail "$tag: the reports differ from $srcdir/tests/e2e/dtcheck-misuse.expect"
    fi
    local n
    n=$(wc -l <"$out/expected")
    grep -q "^dtcheck: $n violations in [0-9]* contexts" "$out/$tag.out" \
        || fail "$tag: the verdict line does not count $n violations: $(grep '^dtcheck: [0-9n]' "$out/$tag.out" | tail -1)"
    # each with its call site: the line of misuse_user.c that made it
    local nsite
    nsite=$(grep -c '\] VIOLATION \[.* site="misuse_user\.c:[0-9]* main+0x' "$out/$tag.out" || true)
    [[ $nsite -eq $n ]] || fail "$tag: $nsite of $n violations name their call site in misuse_user.c"
    grep -m3 '\] VIOLATION' "$out/$tag.out" | sed 's/^/      /'
}

run "$JDK_HOME" jdk17
if e2e_have_new_jdk; then
    run "$JDK_NEW" jdknew
fi

# format=jsonl: the same mistakes, as JSON violation records in the same
# order (the steps run one after the other on one thread), every line JSON.
rc=0
(cd "$out" && DTCHECK_OPTIONS=transport=$JDK_HOME/lib/libdt_socket.so,format=jsonl,log=$out/misuse.jsonl \
    exec timeout 60 "$user" "$LIBDIR/libdt_check.so" "$JDK_HOME/lib/server/libjvm.so") >"$out/jsonl.out" 2>&1 || rc=$?
[[ $rc -eq 0 ]] || { fail "jsonl: misuse_user exited $rc"; tail -5 "$out/jsonl.out"; }
if python3 - "$out/misuse.jsonl" "$out/expected" <<'PY'; then
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
got = [r["check"] for r in recs if r["kind"] == "violation"]
want = [l.split(": ")[1].strip() for l in open(sys.argv[2]) if l.strip()]
verdict = [r for r in recs if r["kind"] == "summary" and r["name"] == "verdict"]
ok = got == want and all(r.get("message") and r.get("name") for r in recs if r["kind"] == "violation") \
    and verdict and verdict[-1]["violations"] == len(want)
print("   jsonl: %d lines, all JSON; violations %s the expected %d in order; %s" % (len(recs),
      "are" if got == want else "are NOT (%r)" % got, len(want), verdict[-1]["message"] if verdict else "no verdict"))
sys.exit(0 if ok else 1)
PY
    :
else
    fail "jsonl: the JSON log differs"
fi

# halt=on,exitcode=9: the first mistake's record, one halt line, exit 9,
# and no step after it.
first=$(head -1 "$out/expected")
rc=0
(cd "$out" && DTCHECK_OPTIONS=transport=$JDK_HOME/lib/libdt_socket.so,halt=on,exitcode=9 \
    exec timeout 60 "$user" "$LIBDIR/libdt_check.so" "$JDK_HOME/lib/server/libjvm.so") >"$out/halt.out" 2>&1 || rc=$?
if [[ $rc -eq 9 ]] && [[ $(grep -c '\] VIOLATION \[' "$out/halt.out") -eq 1 ]] &&
   grep -q "^dtcheck: halt=on: stopped at the first violation, \[${first#*: }\] " "$out/halt.out" &&
   ! grep -q "^step $(( ${first%%:*} + 1 )):" "$out/halt.out"; then
    echo "   halt=on: exit 9 at the first mistake ($first): $(grep '^dtcheck: halt' "$out/halt.out")"
else
    fail "halt=on: exit $rc; $(grep -v '\] call ' "$out/halt.out" | head -5)"
fi

# The other side: right calls over a transport that breaks the spec
# (tests/e2e/transport/bad_transport.c).  What it does wrong, step by step, is
# written here from that file, never read back from our output.
bad=$builddir/tests/e2e/transport/.libs/bad_transport.so
cat >"$out/bad.expected" <<'EXP'
0: null
3: packet_length
3: memory_callback
4: memory_callback
6: free_unknown
EXP
rc=0
(cd "$out" && DTCHECK_OPTIONS=transport=$bad exec timeout 60 "$user" "$LIBDIR/libdt_check.so" \
    "$JDK_HOME/lib/server/libjvm.so" transport) >"$out/bad.out" 2>&1 || rc=$?
[[ $rc -eq 0 ]] || { fail "bad transport: misuse_user exited $rc"; tail -5 "$out/bad.out"; }
steps "$out/bad.out" >"$out/bad.got"
if diff -u "$out/bad.expected" "$out/bad.got" &&
   grep -q '\] WARNING \[undocumented_error\] StopListening .*message="the transport returned JDWPTRANSPORT_ERROR_ILLEGAL_STATE' "$out/bad.out" &&
   grep -q '^dtcheck: 5 violations in [0-9]* contexts; the transport deviated from the spec 1 time' "$out/bad.out"; then
    echo "   bad transport: its 4 mistakes (and the user's NULL JavaVM) and 1 deviation reported at their steps"
else
    fail "bad transport: the reports differ"; grep -v '\] call ' "$out/bad.out" | sed -n 1,30p
fi

# suppress=FILE: a rule by check and function (step 3's Accept), and one by
# the call site's module and symbol (step 13's WritePacket from main in
# misuse_user): the two are gone, the rest reported as before, and the
# verdict says what was suppressed.  gen_suppressions=on gives each record
# its rule, which names the call site.
cat >"$out/dt.supp" <<'SUPP'
# tests/e2e/dtcheck-misuse.sh
not_listening Accept
packet_flags WritePacket misuse_user main
SUPP
grep -v -e '^3: not_listening$' -e '^13: packet_flags$' "$out/expected" >"$out/supp.expected"
user "$JDK_HOME" supp "suppress=$out/dt.supp,gen_suppressions=on"
steps "$out/supp.out" >"$out/supp.got"
ns=$(wc -l <"$out/supp.expected")
if diff -u "$out/supp.expected" "$out/supp.got" &&
   grep -q "^dtcheck: $ns violations in $ns contexts; suppressed 2 violations\$" "$out/supp.out" &&
   grep -q '\] VIOLATION \[not_open\] ReadPacket .* suppression="not_open ReadPacket misuse_user main"' "$out/supp.out"; then
    echo "   suppress=: 2 of $(wc -l <"$out/expected") silenced; $(grep '^dtcheck: [0-9]' "$out/supp.out")"
else
    fail "suppress=: $(grep '^dtcheck: [0-9n]' "$out/supp.out"); $(grep -m1 'VIOLATION' "$out/supp.out")"
fi
# a rule naming a check the transport does not have is one message
printf 'null_pointer ReadPacket\n' >"$out/bad.supp"
rc=0
(cd "$out" && DTCHECK_OPTIONS=suppress=$out/bad.supp exec timeout 60 "$user" "$LIBDIR/libdt_check.so" \
    "$JDK_HOME/lib/server/libjvm.so") >"$out/badsupp.out" 2>&1 || rc=$?
grep -q "^$out/bad.supp:1: error: unknown check 'null_pointer'" "$out/badsupp.out" && [[ $rc -ne 0 ]] \
    && echo "   suppress= with a JVMTI check id: $(grep -m1 'error: unknown check' "$out/badsupp.out")" \
    || fail "suppress= with a JVMTI check id: exit $rc: $(head -2 "$out/badsupp.out")"

# only=Accept: the records of Accept alone (steps 3 and 10 of
# misuse_user.c are its mistakes), the verdict counting all.
user "$JDK_HOME" only "only=Accept"
steps "$out/only.out" >"$out/only.got"
printf '3: not_listening\n10: min\n' >"$out/only.expected"
n=$(wc -l <"$out/expected")
calls=$(grep -c '\] call ' "$out/only.out" || true)
others=$(grep '\] call ' "$out/only.out" | grep -vc '\] call Accept(' || true)
if diff -u "$out/only.expected" "$out/only.got" && [[ $calls -eq 2 && $others -eq 0 ]] &&
   grep -q "^dtcheck: $n violations in $n contexts\$" "$out/only.out"; then
    echo "   only=Accept: 2 call records, both Accept, its 2 violations; the verdict counts $n"
else
    fail "only=Accept: $calls call records ($others not Accept); $(tr '\n' ' ' <"$out/only.got")"
fi

# repeat=: one mistake three times from one line is one context; shown
# once by default, with a summary of its count, and twice with repeat=2
# (with step 0's NULL JavaVM, 4 violations in 2 contexts).
for rp in 1 2; do
    user "$JDK_HOME" repeat$rp "repeat=$rp" repeat
    shown=$(grep -c '\] VIOLATION \[not_open\] ReadPacket' "$out/repeat$rp.out" || true)
    if [[ $shown -eq $rp ]] && grep -q '^dtcheck: 4 violations in 2 contexts$' "$out/repeat$rp.out" &&
       grep -q "\] summary ReadPacket type=context check=not_open site=.* context=2 count=3 shown=$rp" "$out/repeat$rp.out"; then
        echo "   repeat=$rp: 3 occurrences of one context, $rp shown, the summary counts 3"
    else
        fail "repeat=$rp: $shown shown; $(grep -e '^dtcheck: [0-9]' -e 'summary ReadPacket' "$out/repeat$rp.out")"
    fi
done

# stack=3: a violation's stack, the caller's frames joined by " <- ",
# starting at its call site.
user "$JDK_HOME" stack "stack=3,only=Accept"
if grep -q '\] VIOLATION \[not_listening\] Accept .*site="misuse_user\.c:[0-9]* main+0x[0-9a-f]* (misuse_user+0x[0-9a-f]*)" .*stack="misuse_user\.c:[0-9]* main+0x[0-9a-f]* (misuse_user+0x[0-9a-f]*) <- ' "$out/stack.out"; then
    echo "   stack=3: $(grep -m1 -o 'stack="[^"]*"' "$out/stack.out")"
else
    fail "stack=3: $(grep -m1 'VIOLATION' "$out/stack.out")"
fi

# format=bin and record=: the same run's jsonl log and its recording,
# decoded by jvmtigen trace, hold the same records (timing masked);
# format=bin alone: the recording decodes to the same violations in order.
rm -f "$out/rec.jsonl" "$out/rec.bin" "$out/alone.bin"
user "$JDK_HOME" rec "format=jsonl,addresses=off,log=$out/rec.jsonl,record=$out/rec.bin"
"$JVMTIGEN" trace --format=jsonl "$out/rec.bin" >"$out/rec-decoded.jsonl" 2>"$out/rec-decode.err" \
    || fail "jvmtigen trace $out/rec.bin: $(head -2 "$out/rec-decode.err")"
python3 "$srcdir/tests/e2e/trace_bin_check.py" same "$out/rec.jsonl" "$out/rec-decoded.jsonl" call violation note summary \
    || fail "record=: the decoded recording differs from the jsonl log"
user "$JDK_HOME" alone "format=bin,log=$out/alone.bin"
"$JVMTIGEN" trace --format=text "$out/alone.bin" >"$out/alone.txt" 2>"$out/alone-decode.err" \
    || fail "jvmtigen trace $out/alone.bin: $(head -2 "$out/alone-decode.err")"
grep -o '\] VIOLATION \[[a-z_]*\]' "$out/alone.txt" | sed 's/.*\[//; s/\]//' >"$out/alone.got"
cut -d' ' -f2 "$out/expected" >"$out/alone.expected"
if diff -u "$out/alone.expected" "$out/alone.got" && [[ $(grep -c '\] call ' "$out/alone.txt") -ge 15 ]] &&
   ! grep -q '\] call ' "$out/alone.out"; then
    echo "   format=bin: $(grep -c '\] call ' "$out/alone.txt") calls and the $(wc -l <"$out/alone.expected") violations in order, decoded; no call on stderr"
else
    fail "format=bin: the decoded recording's violations differ"
fi
e2e_finish
