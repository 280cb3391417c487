#!/usr/bin/env python3
"""trace_check.py — per-thread checks of a trace left by tests/e2e/agents/crash_agent.c
(tests/e2e/trace-safe.sh); reads text or jsonl.

    trace_check.py LOG crash   the thread that made the enter record's
                               GetPhase call has it as its last record; each
                               busy thread's SetThreadLocalStorage calls
                               carry data 1, 2, 3, ... with no gap, and an
                               enter record, if any, is its last
    trace_check.py LOG crash-bin   the same for a format=bin recording as
                               `jvmtigen trace` prints it
    trace_check.py LOG crash-errors   the same under trace=errors, where
                               calls that succeed leave no record: the
                               crashing thread's last record is its enter
                               GetPhase, and every enter record is its
                               thread's last
    trace_check.py LOG kill    a recording left by SIGKILL: the "waiter"
                               thread's last record is its enter
                               RawMonitorWait; busy threads without gaps
    trace_check.py LOG killed  a text or jsonl log left by SIGKILL: busy
                               threads without gaps (the "waiter"'s call in
                               progress is only in a recording)
    trace_check.py LOG fork    no line twice; one GetTime call; busy
                               threads without gaps

    With a third argument COUNTS (crash_agent's counts=COUNTS file: per busy
    thread its tid and the last k whose call had returned when the process
    died), each busy thread's calls in LOG are also held against it: after
    a crash every call that returned is in the log (1..k, at most one more:
    a record is made before the call returns); after SIGKILL the log may
    lack the newest (batched, not yet written) but holds no call beyond k+1.
    Lines of spaces (a log file's padding) are skipped; any other line that
    is not a whole record fails.

Prints a line per thread; exit 1 on a failed check.
"""
import json
import re
import struct
import sys

TEXT = re.compile(r"^\[t=\d+ thread=(?:\S+|\"(?:[^\"\\]|\\.)*\") tid=(\d+)(?: phase=\w+)?\] (\w+) (\w+)(.*)$")


def records(path):
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.endswith("\n"):
                raise SystemExit("%s:%d: last line is not whole: %r" % (path, n, line[:200]))
            if not line.strip(" \n"):
                continue
            line = line.strip(" ")
            if line.startswith("{"):
                r = json.loads(line)
                data = r.get("args", {}).get("data")
                yield line, r["tid"], r["kind"], r["name"], data
            else:
                m = TEXT.match(line)
                if not m:
                    raise SystemExit("%s:%d: not a record: %r" % (path, n, line[:200]))
                d = re.search(r"data=(0x[0-9a-f]+)", m.group(4))
                kind = m.group(2).lower()
                yield line, int(m.group(1)), kind, m.group(3), d.group(1) if d else None


def agent_counts(path):
    """{tid: k} from crash_agent's counts= file (pairs of int64)."""
    data = open(path, "rb").read()
    words = struct.unpack("<%dq" % (len(data) // 8), data)
    return {words[i]: words[i + 1] for i in range(0, len(words), 2) if words[i]}


def main(path, mode, counts_path=None):
    made = agent_counts(counts_path) if counts_path else None
    bad = 0
    per = {}
    lines = []
    for line, tid, kind, name, data in records(path):
        per.setdefault(tid, []).append((kind, name, data))
        lines.append(line)
    if mode == "fork":
        dups = len(lines) - len(set(lines))
        print("   %d lines, %d written twice" % (len(lines), dups))
        bad += dups != 0
        gettime = sum(1 for t in per.values() for k, n, d in t if k == "call" and n == "GetTime")
        print("   GetTime calls (the child's): %d" % gettime)
        bad += gettime != 1
    crashers = [tid for tid, recs in per.items() if any(k == "enter" and n == "GetPhase" for k, n, d in recs)]
    if mode == "kill":
        waiters = [tid for tid, recs in per.items() if any(k == "enter" and n == "RawMonitorWait" for k, n, d in recs)]
        if len(waiters) != 1:
            print("   FAIL: %d threads with an enter RawMonitorWait record, expected 1" % len(waiters))
            bad += 1
        for tid in waiters:
            last = per[tid][-1]
            ok = last[:2] == ("enter", "RawMonitorWait")
            print("   waiting thread %d: last record %s %s%s" % (tid, last[0], last[1], "" if ok else "  FAIL"))
            bad += not ok
    if mode in ("crash", "crash-bin", "crash-errors"):
        if len(crashers) != 1:
            print("   FAIL: %d threads with an enter GetPhase record, expected 1" % len(crashers))
            bad += 1
        for tid in crashers:
            last = per[tid][-1]
            ok = last[:2] == ("enter", "GetPhase")
            print("   crashing thread %d: last record %s %s%s" % (tid, last[0], last[1], "" if ok else "  FAIL"))
            bad += not ok
    if mode == "crash-errors":
        for tid, recs in sorted(per.items()):
            enters = [i for i, r in enumerate(recs) if r[0] == "enter"]
            if enters and enters != [len(recs) - 1]:
                print("   thread %d: an enter record before its last  FAIL" % tid)
                bad += 1
        return 1 if bad else 0
    busy = 0
    for tid, recs in sorted(per.items()):
        ks = [int(d, 16) for k, n, d in recs if k == "call" and n == "SetThreadLocalStorage" and d]
        if not ks:
            continue
        busy += 1
        gaps = ks != list(range(1, len(ks) + 1))
        enters = [i for i, r in enumerate(recs) if r[0] == "enter"]
        late = enters and enters != [len(recs) - 1]
        against = ""
        if made is not None:
            k = made.get(tid)
            if k is None:
                against, miss = "  FAIL: not in the agent's counts", True
            elif mode in ("kill", "killed"):
                miss = len(ks) > k + 1
                against = ", %d returned%s" % (k, "  FAIL: more calls than made" if miss else "")
            else:
                miss = not k <= len(ks) <= k + 1
                against = ", %d returned%s" % (k, "  FAIL: %d returned calls missing" % (k - len(ks)) if miss else "")
            bad += miss
        print("   busy thread %d: calls 1..%d%s%s%s%s" % (tid, len(ks), ", then in %s" % recs[-1][1] if enters else "", against,
                                                     "  FAIL: gaps" if gaps else "", "  FAIL: enter not last" if late else ""))
        bad += gaps + bool(late)
    want = len(made) if made and mode != "killed" else 4     # a kill may come before a flush
    if busy < want:
        print("   FAIL: %d busy threads in the trace, expected %d" % (busy, want))
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[2] not in ("crash", "crash-bin", "crash-errors", "kill", "killed", "fork"):
        sys.stderr.write(__doc__)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
