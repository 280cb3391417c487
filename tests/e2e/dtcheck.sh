#!/usr/bin/env bash
# e2e/dtcheck.sh — a real debugging session through libdt_check.so.
#
# java runs Debuggee with libjdwp in server mode on transport=dt_check; the
# JDK's libjdwp looks for libdt_check.so in sun.boot.library.path (the
# JDK's lib directory), then by plain name through the dynamic linker, so
# LD_LIBRARY_PATH names our build's .libs (java.library.path is not
# searched: tested below).  jdb attaches, sets a breakpoint, continues to
# it, steps, prints a local and continues to the end.  Both must succeed;
# the trace must show the listen and the handshake, commands by name
# (VirtualMachine.IDSizes, EventRequest.Set), one reply written for every
# command read (same ids), and 0 violations.  Records are the shim's
# (libdt_check runs the shim's runtime): "[t=... thread=... tid=...] call
# Fn(args) = ERROR", "packet CommandSet.Command dir=in type=command ...".
# On JDK 17 and the newer JDK, and once more on JDK 17 with format=jsonl
# (log=...%p...): every line must be JSON, with the same facts in the
# shim's field names, threads by their Java names.  Then format=bin: on JDK 17, format=jsonl with
# record=FILE, the recording decoded by `jvmtigen trace` equal to the log
# (timing masked), and --format=chrome of it valid trace-event JSON; on
# the newer JDK (JDK 17 without one), format=bin alone, the recording
# decoded to jsonl passing the same checks as the jsonl log.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-dtcheck
LIBDIR=$(dirname "$LIBJVMTICHECK")
if [[ ! -f $LIBDIR/libdt_check.so ]]; then
    echo "FAIL: $LIBDIR/libdt_check.so not built"
    exit 1
fi
# a transport library exports its entry point, nothing of the shim's
exports=$(nm -D --defined-only "$LIBDIR/libdt_check.so" | awk '{ print $3 }' | tr '\n' ' ')
[[ $exports == "jdwpTransport_OnLoad " ]] || fail "libdt_check.so exports $exports, expected jdwpTransport_OnLoad alone"
e2e_javac -g Debuggee

# jdb_say CMD PATTERN: send CMD to jdb, wait (30 s at most) until its output
# has one more line matching PATTERN than before.
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

session() {
    local jdk=$1 tag=$2 fmt=${3:-text} port="" i jpid jdbpid
    local trace=$out/$tag.trace jlog=$out/$tag.jdb.log opts
    opts=log=$trace
    [[ $fmt == jsonl ]] && { rm -f "$out/$tag".*.jsonl; opts="log=$out/$tag.%p.jsonl,format=jsonl"; }
    [[ $fmt == record ]] && { rm -f "$out/$tag.jsonl" "$out/$tag.bin"
                              opts="log=$out/$tag.jsonl,format=jsonl,addresses=off,record=$out/$tag.bin"; }
    [[ $fmt == bin ]] && { rm -f "$out/$tag.bin"; opts="log=$out/$tag.bin,format=bin"; }
    : >"$out/$tag.stdout"; : >"$out/$tag.stderr"; : >"$jlog"
    (cd "$out" && LD_LIBRARY_PATH=$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} LD_PRELOAD=$JAVA_PRELOAD \
        DTCHECK_OPTIONS=$opts \
        exec "$jdk/bin/java" -cp "$(e2e_classes "$jdk")" \
        -agentlib:jdwp=transport=dt_check,server=y,suspend=y,address=127.0.0.1:0 Debuggee) \
        >"$out/$tag.stdout" 2>"$out/$tag.stderr" &
    jpid=$!
    for i in $(seq 200); do
        port=$(sed -n 's/^Listening for transport dt_check at address: \([0-9]*\)$/\1/p' "$out/$tag.stdout" || true)
        [[ -n $port ]] && break
        kill -0 $jpid 2>/dev/null || break
        sleep 0.1
    done
    if [[ -z $port ]]; then
        kill $jpid 2>/dev/null || true; wait $jpid || true
        fail "$tag: jdwp never listened on dt_check"; cat "$out/$tag.stdout" "$out/$tag.stderr"
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
    jdb_say "step" "Step completed:" &&
    jdb_say "print result" "result = 1" &&
    jdb_say "clear Debuggee:6" "Removed: breakpoint Debuggee:6" &&
    jdb_say "cont" "The application exited" || true
    exec 3>&-
    local rc=0
    wait $jdbpid || rc=$?
    [[ $rc -eq 0 ]] || fail "$tag: jdb exited $rc"
    rc=0
    wait $jpid || rc=$?
    [[ $rc -eq 0 ]] || fail "$tag: java exited $rc"
    grep -q '^total 14$' "$out/$tag.stdout" || fail "$tag: the program did not print its result"
    grep -q 'Step completed: .*Debuggee.square(), line=7' "$jlog" || fail "$tag: the step did not end on line 7"
    if [[ $fmt == jsonl ]]; then
        check_jsonl "$tag" "$out/$tag.$jpid.jsonl"
        return
    fi
    if [[ $fmt == record ]]; then
        decode jsonl "$out/$tag.bin" "$out/$tag.decoded.jsonl"
        python3 "$srcdir/tests/e2e/trace_bin_check.py" same "$out/$tag.jsonl" "$out/$tag.decoded.jsonl" \
            call packet note summary || fail "$tag: the decoded recording differs from the jsonl log"
        decode chrome "$out/$tag.bin" "$out/$tag.chrome.json"
        python3 "$srcdir/tests/e2e/trace_bin_check.py" chrome "$out/$tag.chrome.json" \
            || fail "$tag: --format=chrome of the recording is no valid trace-event JSON"
        return
    fi
    if [[ $fmt == bin ]]; then
        ! grep -q '\] \(call\|packet\) ' "$out/$tag.stderr" || fail "$tag: format=bin wrote calls or packets to stderr"
        decode jsonl "$out/$tag.bin" "$out/$tag.decoded.jsonl"
        check_jsonl "$tag" "$out/$tag.decoded.jsonl" "$out/$tag.bin"
        return
    fi
    # the trace: the connection, the commands by name, replies for commands
    local want
    for want in '\] call StartListening(address="127.0.0.1:0"' '\] call Accept(accept_timeout=0' \
                '\] NOTE \[handshake\] Accept message="debugger accepted, handshake done' \
                '\] packet VirtualMachine.IDSizes dir=in type=command id=[0-9]* len=11 flags=0 command_set=1 command=7 ' \
                '\] packet VirtualMachine.IDSizes dir=out type=reply id=[0-9]* len=[0-9]* flags=128 command_set=1 command=7 error_code=0 error=NONE ' \
                '\] packet EventRequest.Set dir=in type=command id=[0-9]* len=[0-9]* flags=0 command_set=15 command=1 ' \
                '\] packet Event.Composite dir=out type=command id=[0-9]* len=[0-9]* flags=0 command_set=64 command=100 ' \
                '\] summary verdict violations=0 .*message="dtcheck: no problems found'; do
        grep -q -- "$want" "$trace" || fail "$tag: the trace has no line matching '$want'"
    done
    grep -q "^dtcheck: no problems found (.*; log $trace\$" "$out/$tag.stderr" \
        || fail "$tag: no verdict line naming the log on stderr: $(grep dtcheck "$out/$tag.stderr" | tail -1)"
    ! grep -q '\] VIOLATION \[' "$trace" || { fail "$tag: violations:"; grep VIOLATION "$trace" | head; }
    # dt_socket's one known deviation, shown, never counted as a violation:
    # StopListening when no longer listening answers ILLEGAL_STATE
    if grep -q '\] WARNING \[undocumented_error\]' "$trace"; then
        grep '\] WARNING \[undocumented_error\]' "$trace" | sed 's/^/      /'
        ! grep '\] WARNING \[undocumented_error\]' "$trace" | grep -v '\] WARNING \[undocumented_error\] StopListening error=201 message="the transport returned JDWPTRANSPORT_ERROR_ILLEGAL_STATE' \
            || fail "$tag: a deviation other than dt_socket's StopListening"
    fi
    python3 - "$trace" "$tag" <<'PY' || fail "$tag: packet counts do not add up"
import re, sys
read, replied = [], []
for line in open(sys.argv[1]):
    m = re.search(r"\] packet \S+ dir=in type=command id=(\d+)", line)
    if m: read.append(int(m.group(1)))
    m = re.search(r"\] packet \S+ dir=out type=reply id=(\d+)", line)
    if m: replied.append(int(m.group(1)))
summary = [l for l in open(sys.argv[1]) if "] summary packets " in l][-1]
m = re.search(r"read_commands=(\d+) .*written_replies=(\d+)", summary)
ok = sorted(read) == sorted(replied) and int(m.group(1)) == len(read) and int(m.group(2)) == len(replied)
print("   %s: %d commands read, %d replies written, same ids: %s; %s" % (sys.argv[2], len(read), len(replied),
      sorted(read) == sorted(replied), summary.strip()))
sys.exit(0 if ok and len(read) > 20 else 1)
PY
    echo "   $tag: $(grep -c '\] call ' "$trace") calls traced; $(grep '^dtcheck: ' "$out/$tag.stderr" | tail -1)"
}

# decode FORMAT FILE OUT: jvmtigen trace of a recording.
decode() {
    local rc=0
    "$JVMTIGEN" trace --format="$1" "$2" >"$3" 2>"$out/decode.err" || rc=$?
    [[ $rc -eq 0 && ! -s $out/decode.err ]] || fail "jvmtigen trace --format=$1 $2: exit $rc: $(head -2 "$out/decode.err")"
}

# check_jsonl TAG LOG [LOGNAME]: a session's JSON lines (the format=jsonl
# log, log=...%p... named by the pid; or a recording decoded, LOGNAME the
# recording's name as the verdict line gives it), line by line.
check_jsonl() {
    local tag=$1 log=$2 logname=${3:-$2}
    [[ -f $log ]] || { fail "$tag: no log $log (log=%p not expanded?)"; ls "$out" | head; return; }
    grep -q "^dtcheck: no problems found (.*; log $logname\$" "$out/$tag.stderr" \
        || fail "$tag: no verdict line naming the log on stderr: $(grep dtcheck "$out/$tag.stderr" | tail -1)"
    python3 - "$log" "$tag" <<'PY' || fail "$tag: the JSON lines log is wrong"
import json, sys
recs, bad = [], 0
for n, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    try:
        recs.append(json.loads(line))
    except ValueError as e:
        print("   line %d is not JSON (%s): %r" % (n, e, line[:200])); bad += 1
problems = []
def want(what, pred):
    if not any(pred(r) for r in recs):
        problems.append("no record with " + what)
for r in recs:
    for k in ("kind", "name", "thread", "tid", "t_ns"):
        if k not in r:
            problems.append("a record without %r: %r" % (k, r)); break
calls = [r for r in recs if r["kind"] == "call"]
want("a StartListening call with address 127.0.0.1:0",
     lambda r: r["kind"] == "call" and r["name"] == "StartListening" and r["args"].get("address") == "127.0.0.1:0"
     and r.get("error") == "JDWPTRANSPORT_ERROR_NONE" and "dur_ns" in r)
want("an Accept call", lambda r: r["kind"] == "call" and r["name"] == "Accept" and r["args"].get("accept_timeout") == 0)
want("the handshake note", lambda r: r["kind"] == "note" and r.get("check") == "handshake"
     and "handshake done" in r.get("message", ""))
for r in recs:
    if "phase" in r:
        problems.append("a record with a JVMTI phase: %r" % r); break
want("VirtualMachine.IDSizes read as a command",
     lambda r: r["kind"] == "packet" and r["name"] == "VirtualMachine.IDSizes" and r["dir"] == "in"
     and r["type"] == "command" and r["len"] == 11 and (r["command_set"], r["command"]) == (1, 7))
want("VirtualMachine.IDSizes's reply written",
     lambda r: r["kind"] == "packet" and r["name"] == "VirtualMachine.IDSizes" and r["dir"] == "out"
     and r["type"] == "reply" and r["error"] == "NONE" and r["error_code"] == 0 and r["flags"] == 0x80)
# threads by their Java names, whole (the OS name is cut to 15 bytes)
want("ReadPacket on libjdwp's \"JDWP Command Reader\" thread",
     lambda r: r["kind"] == "call" and r["name"] == "ReadPacket" and r["thread"] == "JDWP Command Reader")
want("EventRequest.Set read", lambda r: r["kind"] == "packet" and r["name"] == "EventRequest.Set" and r["dir"] == "in")
want("Event.Composite written", lambda r: r["kind"] == "packet" and r["name"] == "Event.Composite" and r["dir"] == "out")
viol = [r for r in recs if r["kind"] == "violation"]
if viol:
    problems.append("violations: %r" % viol[:3])
read = sorted(r["id"] for r in recs if r["kind"] == "packet" and r["dir"] == "in" and r["type"] == "command")
replied = sorted(r["id"] for r in recs if r["kind"] == "packet" and r["dir"] == "out" and r["type"] == "reply")
summ = [r for r in recs if r["kind"] == "summary" and r["name"] == "packets"]
verdict = [r for r in recs if r["kind"] == "summary" and r["name"] == "verdict"]
if read != replied or len(read) <= 20:
    problems.append("commands read %d, replies written %d, same ids %s" % (len(read), len(replied), read == replied))
if not summ or summ[-1]["read_commands"] != len(read) or summ[-1]["written_replies"] != len(replied):
    problems.append("the packets summary does not count them: %r" % summ[-1:])
# calls checked: every call record, and the calls still in the transport
# at exit (libjdwp's reader thread waits in ReadPacket), which have none
if not verdict or verdict[-1]["violations"] != 0 or not len(calls) <= verdict[-1]["calls"] <= len(calls) + 2 \
        or not verdict[-1]["message"].startswith("dtcheck: no problems found (%d calls checked)" % verdict[-1]["calls"]):
    problems.append("the verdict record is wrong: %r (%d call records)" % (verdict[-1:], len(calls)))
for p in problems:
    print("   " + sys.argv[2] + ": " + p)
print("   %s: %d JSON lines, %d calls, %d commands read and replied to; %s" % (sys.argv[2], len(recs), len(calls),
      len(read), verdict[-1]["message"] if verdict else "no verdict"))
sys.exit(1 if bad or problems else 0)
PY
}

echo "== JDK 17: jdb through dt_check"
session "$JDK_HOME" jdk17
echo "== JDK 17: jdb through dt_check, format=jsonl"
session "$JDK_HOME" jdk17-jsonl jsonl
echo "== JDK 17: jdb through dt_check, format=jsonl and record=: the decoded recording equals the log"
session "$JDK_HOME" jdk17-record record
for jdk in $(e2e_jdks); do echo "== $jdk: jdb through dt_check"; session "$jdk" "jdk$(e2e_jdk_version "$jdk")"; done
if e2e_have_new_jdk; then
    echo "== newer JDK: jdb through dt_check"
    session "$JDK_NEW" jdknew
    echo "== newer JDK: jdb through dt_check, format=bin, decoded"
    session "$JDK_NEW" jdknew-bin bin
else
    echo "   note: no newer JDK configured; format=bin alone on JDK 17"
    session "$JDK_HOME" jdk17-bin bin
fi

# A bad DTCHECK_OPTIONS: one message, the transport refuses to load.
( cd "$out" && ulimit -c 0 && LD_LIBRARY_PATH=$LIBDIR LD_PRELOAD=$JAVA_PRELOAD DTCHECK_OPTIONS='trace=all,verbose=yes' exec "$JAVA" \
    -XX:-CreateCoredumpOnCrash -agentlib:jdwp=transport=dt_check,server=y,suspend=n,address=127.0.0.1:0 \
    -cp "$out/classes" Debuggee ) >"$out/badopt.out" 2>&1 || true
if grep -q "^dtcheck: unknown option 'verbose' (known: log, record, ring, format, trace, only, addresses, exitcode, halt, repeat, stack, suppress, gen_suppressions, transport)\$" "$out/badopt.out" &&
   grep -q 'transport dt_check failed to initialize\|Transport dt_check failed to initialize' "$out/badopt.out"; then
    echo "   ok: a bad DTCHECK_OPTIONS is one message and the transport does not load"
else
    fail "a bad DTCHECK_OPTIONS: $(head -3 "$out/badopt.out")"
fi
rm -f "$out"/hs_err_pid*.log

# record= onto a device: refused in libdt_check's own words, with the cause
( cd "$out" && ulimit -c 0 && LD_LIBRARY_PATH=$LIBDIR LD_PRELOAD=$JAVA_PRELOAD DTCHECK_OPTIONS='record=/dev/full' exec timeout 120 "$JAVA" \
    -XX:-CreateCoredumpOnCrash -agentlib:jdwp=transport=dt_check,server=y,suspend=n,address=127.0.0.1:0 \
    -cp "$out/classes" Debuggee ) >"$out/recfull.out" 2>&1 || true
if grep -q "^dtcheck: cannot record to '/dev/full': it is a character device" "$out/recfull.out" &&
   ! grep -q '^jvmticheck:' "$out/recfull.out" &&
   grep -q 'transport dt_check failed to initialize\|Transport dt_check failed to initialize' "$out/recfull.out"; then
    echo "   ok: record=/dev/full is one dtcheck: message naming the cause, and the transport does not load"
else
    fail "record=/dev/full under dt_check: $(head -3 "$out/recfull.out")"
fi
rm -f "$out"/hs_err_pid*.log

# refused JDK TAG WANT DTCHECK_OPTIONS: libdt_check refuses to start the
# transport with one line starting WANT on stderr (what it quotes of the
# options escaped: no raw escape character), under a hang guard (a FIFO
# must not block the VM's start); the VM does not crash, and where a
# verdict follows, it does not claim that the run was checked.
refused() {
    local jdk=$1 tag=$2 want=$3 rc=0 n line
    ( cd "$out" && ulimit -c 0 && LD_LIBRARY_PATH=$LIBDIR LD_PRELOAD=$JAVA_PRELOAD DTCHECK_OPTIONS=$4 exec timeout -k 10 60 \
        "$jdk/bin/java" -XX:-CreateCoredumpOnCrash -agentlib:jdwp=transport=dt_check,server=y,suspend=n,address=127.0.0.1:0 \
        -cp "$out/classes" Debuggee ) >"$out/$tag.out" 2>&1 || rc=$?
    [[ $rc -ne 124 && $rc -ne 137 ]] || fail "$tag: the VM still ran after 60 s (a hang): killed"
    [[ $rc -lt 128 ]] || fail "$tag: java died of signal $((rc - 128))"
    ! compgen -G "$out/hs_err_pid*.log" >/dev/null || fail "$tag: the VM crashed"
    rm -f "$out"/hs_err_pid*.log
    n=0
    while IFS= read -r line; do [[ $line != "$want"* ]] || n=$((n + 1)); done <"$out/$tag.out"
    [[ $n -eq 1 ]] || fail "$tag: $n lines start with '$want', expected 1: $(grep '^dtcheck:' "$out/$tag.out" | head -3)"
    ! grep -q $'\e' "$out/$tag.out" || fail "$tag: a raw escape character in the output"
    ! grep -q '^dtcheck: no problems found' "$out/$tag.out" || fail "$tag: the verdict says 'no problems found'"
    if grep -q '^dtcheck: nothing checked' "$out/$tag.out"; then
        [[ $(grep -c '^dtcheck: ' "$out/$tag.out") -eq 2 ]] || fail "$tag: more than the message and the verdict"
    else
        [[ $(grep -c '^dtcheck: ' "$out/$tag.out") -eq 1 ]] || fail "$tag: more than one line from dtcheck"
    fi
    [[ $status -ne 0 ]] || echo "   ok ($tag): $(grep '^dtcheck: ' "$out/$tag.out" | tr '\n' ' ')"
}

rm -f "$out/fifo"; mkfifo "$out/fifo"
jdks="$JDK_HOME"
e2e_have_new_jdk && jdks="$jdks $JDK_NEW"
for jdk in $jdks; do
    tag=jdk17; [[ $jdk == "$JDK_HOME" ]] || tag=jdknew
    echo "== $tag: transport= names libdt_check itself, a missing transport, FIFOs, control characters"
    # it would load and wrap itself without end (a crash of the VM)
    refused "$jdk" "$tag-self" "dtcheck: cannot load the real transport $LIBDIR/libdt_check.so: that is libdt_check itself" \
        "transport=$LIBDIR/libdt_check.so"
    grep -q '^dtcheck: nothing checked (the real transport did not load)$' "$out/$tag-self.out" ||
        fail "$tag-self: no 'nothing checked' verdict"
    refused "$jdk" "$tag-missing" "dtcheck: cannot load the real transport $jdk/lib/libdt_nothing.so: " transport=dt_nothing
    grep -q '^dtcheck: nothing checked (the real transport did not load)$' "$out/$tag-missing.out" ||
        fail "$tag-missing: no 'nothing checked' verdict"
    refused "$jdk" "$tag-log-fifo" "dtcheck: cannot open log file '$out/fifo': it is a FIFO no process reads" "log=$out/fifo"
    refused "$jdk" "$tag-suppress-fifo" "dtcheck: suppression file '$out/fifo' is a FIFO (expected a regular file)" \
        "suppress=$out/fifo"
    refused "$jdk" "$tag-transport-fifo" "dtcheck: cannot load the real transport $out/fifo: it is a FIFO" \
        "transport=$out/fifo"
    refused "$jdk" "$tag-control" "dtcheck: bad value 'all\\n\\x1b[2J' for trace" "trace=all"$'\n\e''[2J'
done

# Where libjdwp looks: not in java.library.path (a fact the README states).
( cd "$out" && ulimit -c 0 && LD_PRELOAD=$JAVA_PRELOAD exec "$JAVA" -Djava.library.path="$LIBDIR" -XX:-CreateCoredumpOnCrash \
    -agentlib:jdwp=transport=dt_check,server=y,suspend=n,address=127.0.0.1:0 \
    -cp "$out/classes" Debuggee ) >"$out/jlp.out" 2>&1 || true
grep -q 'transport library not found: dt_check' "$out/jlp.out" \
    && echo "   ok: java.library.path alone does not find dt_check (LD_LIBRARY_PATH does)" \
    || echo "   note: java.library.path found dt_check on this JDK"
e2e_finish
