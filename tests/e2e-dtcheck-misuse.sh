#!/usr/bin/env bash
# e2e-dtcheck-misuse.sh — a transport user in C that calls the wrapped
# table in the wrong order (tests/transport/misuse_user.c) over the real
# dt_socket of JDK 17 (and the newer JDK): each mistake is reported under
# its step with the check tests/data/dtcheck-misuse.expect names, the
# correct steps get none, nothing crashes or hangs, and the verdict counts
# them.  Then the other side: right calls over a transport that breaks the
# spec (tests/transport/bad_transport.c), each of its mistakes reported.
set -euo pipefail
. "$srcdir/tests/e2e-lib.sh"

e2e_init e2e-dtcheck-misuse
LIBDIR=$(dirname "$LIBJVMTICHECK")
user=$builddir/tests/transport/misuse_user
[[ -x $user ]] || { echo "FAIL: $user not built"; exit 1; }
grep -v '^#' "$srcdir/tests/data/dtcheck-misuse.expect" >"$out/expected"

run() {
    local jdk=$1 tag=$2 rc=0
    (cd "$out" && DTCHECK_OPTIONS=transport=$jdk/lib/libdt_socket.so exec timeout 60 "$user" "$LIBDIR/libdt_check.so" \
        "$jdk/lib/server/libjvm.so") >"$out/$tag.out" 2>&1 || rc=$?
    [[ $rc -eq 0 ]] || { fail "$tag: misuse_user exited $rc"; tail -5 "$out/$tag.out"; }
    grep -q '^step 15: done' "$out/$tag.out" || fail "$tag: the program did not reach its end"
    ! compgen -G "$out/hs_err_pid*.log" >/dev/null || fail "$tag: the JVM crashed"
    # each violation record under the step printed before it
    awk '/^step [0-9]+:/ { s = $2; sub(":", "", s) }
         /^dtcheck: violation \[/ { c = $3; gsub(/[][]/, "", c); print s ": " c }' "$out/$tag.out" >"$out/$tag.got"
    if diff -u "$out/expected" "$out/$tag.got"; then
        echo "   $tag: $(wc -l <"$out/expected") mistakes, each reported at its step"
    else
        fail "$tag: the reports differ from $srcdir/tests/data/dtcheck-misuse.expect"
    fi
    local n
    n=$(wc -l <"$out/expected")
    grep -q "^dtcheck: $n violations in [0-9]* contexts" "$out/$tag.out" \
        || fail "$tag: the verdict line does not count $n violations: $(grep '^dtcheck: [0-9n]' "$out/$tag.out" | tail -1)"
    grep '^dtcheck: violation' "$out/$tag.out" | head -3 | sed 's/^/      /'
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
if [[ $rc -eq 9 ]] && [[ $(grep -c '^dtcheck: violation' "$out/halt.out") -eq 1 ]] &&
   grep -q "^dtcheck: halt=on: stopped at the first violation, \[${first#*: }\] " "$out/halt.out" &&
   ! grep -q "^step $(( ${first%%:*} + 1 )):" "$out/halt.out"; then
    echo "   halt=on: exit 9 at the first mistake ($first): $(grep '^dtcheck: halt' "$out/halt.out")"
else
    fail "halt=on: exit $rc; $(grep -v '^dtcheck: #' "$out/halt.out" | head -5)"
fi

# The other side: right calls over a transport that breaks the spec
# (tests/transport/bad_transport.c).  What it does wrong, step by step, is
# written here from that file, never read back from our output.
bad=$builddir/tests/transport/.libs/bad_transport.so
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
awk '/^step [0-9]+:/ { s = $2; sub(":", "", s) }
     /^dtcheck: violation \[/ { c = $3; gsub(/[][]/, "", c); print s ": " c }' "$out/bad.out" >"$out/bad.got"
if diff -u "$out/bad.expected" "$out/bad.got" &&
   grep -q '^dtcheck: deviation \[undocumented_error\] .*StopListening: the transport returned JDWPTRANSPORT_ERROR_ILLEGAL_STATE' "$out/bad.out" &&
   grep -q '^dtcheck: 5 violations in [0-9]* contexts; the transport deviated from the spec 1 time' "$out/bad.out"; then
    echo "   bad transport: its 4 mistakes (and the user's NULL JavaVM) and 1 deviation reported at their steps"
else
    fail "bad transport: the reports differ"; cat "$out/bad.out" | grep -v '^dtcheck: #' | head -30
fi
e2e_finish
