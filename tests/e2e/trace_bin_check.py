#!/usr/bin/env python3
"""trace_bin_check.py — checks of `jvmtigen trace` output for tests/e2e/trace-bin.sh.

    trace_bin_check.py same DIRECT DECODED KIND...
        The shim's own log (jsonl or text) and `jvmtigen trace` of the
        recording of the same run (record=FILE) hold the same records, line
        for line, once the timing fields are masked (t_ns/dur_ns, or text's
        t= and dur=: the recording times calls itself); compared as a
        multiset, since the decoder sorts all threads by start time and the
        log has them batched per thread.  Each KIND must occur.  A call in
        progress when the process ended (another thread still inside a
        JVMTI call at exit) is an "enter" record, its thread's last, in the
        recording only: the log writes a call when it returns.
    trace_bin_check.py clock DIRECT DECODED
        The times agree (both jsonl, the same run): the recording times
        calls with its own clock (TSC ticks converted by the decoder), the
        log with clock_gettime just before; paired by masked line, the
        median start-time difference of the calls is under 1 ms and none
        is over 1 s (a wrong tick rate is off by seconds or more).
    trace_bin_check.py subset PART WHOLE
        Every line of PART (a recording cut short) is a line of WHOLE, and
        PART has some.
    trace_bin_check.py filter KIND VALUE FILTERED WHOLE
        FILTERED (jsonl, `jvmtigen trace --KIND=VALUE`) holds exactly the
        records of WHOLE (jsonl, unfiltered) that KIND=VALUE selects:
        thread (a name glob or an OS tid), function (glob), check (glob),
        window (SINCE:UNTIL in ns after the first record).
    trace_bin_check.py chrome FILE
        FILE is Chrome trace-event JSON as Perfetto and chrome://tracing
        read it: an object with a traceEvents list; each event has name,
        ph, pid, tid; X slices a ts and a dur >= 0, B and i a ts, M the
        thread_name metadata; the X slices of one thread nest (none ends
        inside another it started in); every tid with slices is named.
        Prints the counts.
    trace_bin_check.py pid LOG CHROME
        Every event of CHROME (`jvmtigen trace --format=chrome` of a
        recording) carries the pid of the process that made it: the one
        LOG's run header (jsonl, the same run) names.

Exit 1 on a failed check.
"""
import collections
import fnmatch
import json
import re
import sys


def masked(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n").strip(" ")    # a log file's padding (jc_sink.c)
            if line.startswith("{"):
                r = json.loads(line)
                r.pop("t_ns", None)
                r.pop("dur_ns", None)
                out.append(json.dumps(r))
            elif line.startswith("[t="):
                out.append(re.sub(r" dur=\d+ns", "", re.sub(r"^\[t=\d+ ", "[", line)))
    return out


def kind_of(line):
    if line.startswith("{"):
        return json.loads(line)["kind"]
    m = re.match(r"^\[[^\]]*\] (\w+)", line)
    return m.group(1).lower() if m else "?"


def tid_of(line):
    m = re.search(r'"tid":(\d+)|\btid=(\d+)', line)
    return (m.group(1) or m.group(2)) if m else None


def at_exit(b):
    """The "enter" records of b (masked lines in file order, sorted by start
    time) that are the last record of their thread."""
    last = {}
    for x in b:
        last[tid_of(x)] = x
    return collections.Counter(x for x in last.values() if kind_of(x) == "enter")


def same(direct, decoded, kinds):
    a, b = masked(direct), masked(decoded)
    ca, cb = collections.Counter(a), collections.Counter(b)
    only_a, only_b = ca - cb, cb - ca
    running = only_b & at_exit(b)
    if running:
        print("   %d call(s) in progress at exit, in the recording only: %s" %
              (sum(running.values()), ", ".join(sorted(x[:120] for x in running))))
        only_b -= running
    found = collections.Counter(kind_of(x) for x in a)
    print("   %d records in the log, %d decoded; %s" % (len(a), len(b),
          ", ".join("%s %d" % kv for kv in sorted(found.items()))))
    bad = 0
    for x in list(only_a.elements())[:5]:
        print("   FAIL only in the log:     %s" % x[:300])
    for x in list(only_b.elements())[:5]:
        print("   FAIL only in the decoded: %s" % x[:300])
    bad += bool(only_a or only_b)
    for k in kinds:
        if not found.get(k.lower()):
            print("   FAIL: no %s record" % k)
            bad += 1
    return bad


def subset(part, whole):
    with open(whole, encoding="utf-8") as f:
        w = set(f)
    with open(part, encoding="utf-8") as f:
        p = list(f)
    missing = [x for x in p if x not in w]
    print("   %d records in the part, %d of them not in the whole" % (len(p), len(missing)))
    for x in missing[:3]:
        print("   FAIL: %s" % x[:300])
    return bool(missing) or not p


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(x) for x in f]


def name_of(r):
    return r.get("name", "")


def filt(kind, value, filtered, whole):
    w = load(whole)
    first = min((r["t_ns"] for r in w), default=0)

    def sel(r):
        if kind == "thread":
            return str(r["tid"]) == value or fnmatch.fnmatchcase(r["thread"], value)
        if kind == "function":
            return fnmatch.fnmatchcase(name_of(r), value)
        if kind == "check":
            return "check" in r and fnmatch.fnmatchcase(r["check"], value)
        lo, hi = (int(x) for x in value.split(":"))
        return lo <= r["t_ns"] - first <= hi
    want = [r for r in w if sel(r)]
    got = load(filtered)
    print("   --%s=%s: %d of %d records" % (kind, value, len(got), len(w)))
    if got != want:
        print("   FAIL: expected %d records, got %d" % (len(want), len(got)))
        return 1
    if not got or len(got) == len(w):
        print("   FAIL: the filter should keep some records, not all")
        return 1
    return 0


def chrome(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    ev = doc["traceEvents"]
    bad = 0
    named = {e["tid"] for e in ev if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name")}
    per = collections.defaultdict(list)
    counts = collections.Counter()
    for e in ev:
        counts[e.get("ph")] += 1
        for k in ("name", "ph", "pid", "tid"):
            if k not in e:
                print("   FAIL: an event without %s: %r" % (k, e))
                return 1
        if e["ph"] in ("X", "B", "i"):
            if not isinstance(e.get("ts"), (int, float)):
                print("   FAIL: no ts: %r" % e)
                bad += 1
            if e["tid"] not in named:
                print("   FAIL: thread %s has no name" % e["tid"])
                bad += 1
                named.add(e["tid"])
        if e["ph"] == "X":
            if not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0:
                print("   FAIL: bad dur: %r" % e)
                bad += 1
            per[e["tid"]].append((e["ts"], e["ts"] + e["dur"]))
        elif e["ph"] not in ("B", "i", "M"):
            print("   FAIL: unexpected ph: %r" % e)
            bad += 1
    crossed = 0
    for tid, sl in per.items():
        sl.sort(key=lambda x: (x[0], -x[1]))
        stack = []
        for s, t in sl:
            while stack and stack[-1] <= s:
                stack.pop()
            if stack and t > stack[-1] + 1e-3:
                crossed += 1
            stack.append(t)
    print("   %d events: %s; %d threads named; %d slices cross another" %
          (len(ev), ", ".join("%s %d" % kv for kv in sorted(counts.items())), len(named), crossed))
    return bad + (crossed > 0) + (counts["X"] == 0)


def clock(direct, decoded):
    def starts(path):
        by = collections.defaultdict(list)
        with open(path, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if r.get("kind") != "call":
                    continue
                t = r.pop("t_ns")
                r.pop("dur_ns", None)
                by[json.dumps(r, sort_keys=True)].append(t)
        return by
    a, b = starts(direct), starts(decoded)
    diffs = []
    for key, ts in a.items():
        for x, y in zip(ts, b.get(key, [])):
            diffs.append(abs(x - y))
    if not diffs:
        print("   no calls to compare")
        return 1
    diffs.sort()
    med, worst = diffs[len(diffs) // 2], diffs[-1]
    print("   %d calls: start times differ by %d ns (median), %d ns (most)" % (len(diffs), med, worst))
    return 1 if med > 1000000 or worst > 1000000000 else 0


def pid(log, path):
    with open(log, encoding="utf-8") as f:
        want = [json.loads(line).get("pid") for line in f if '"kind":"header"' in line]
    if len(want) != 1 or not isinstance(want[0], int):
        print("   FAIL: %s has no one run header with a pid: %r" % (log, want))
        return 1
    with open(path, encoding="utf-8") as f:
        got = collections.Counter(e.get("pid") for e in json.load(f)["traceEvents"])
    print("   the run's pid %d; the events' pids: %s" % (want[0], dict(got)))
    return 0 if list(got) == want else 1


def main(argv):
    if len(argv) == 4 and argv[1] == "clock":
        return clock(argv[2], argv[3])
    if len(argv) >= 4 and argv[1] == "same":
        return 1 if same(argv[2], argv[3], argv[4:]) else 0
    if len(argv) == 4 and argv[1] == "subset":
        return 1 if subset(argv[2], argv[3]) else 0
    if len(argv) == 6 and argv[1] == "filter":
        return filt(argv[2], argv[3], argv[4], argv[5])
    if len(argv) == 4 and argv[1] == "pid":
        return pid(argv[2], argv[3])
    if len(argv) == 3 and argv[1] == "chrome":
        return 1 if chrome(argv[2]) else 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
