#!/usr/bin/env python3
"""trace.py — read a libjvmticheck JSON-lines trace, for the e2e tests.

    trace.py counts LOG           every line is a JSON object with a "kind"
                                  (else exit 1); prints "KIND NAME N" for
                                  each kind and name, and "KIND * N" totals
    trace.py violations LOG       one line per violation: check function param
    trace.py notes LOG            one line per note or warning: kind check name
    trace.py calls LOG            one line per call record: name error
    trace.py refused LOG          one line per call the shim refused (not
                                  passed to the VM): name error
    trace.py threads LOG          per kind and name: how many records came
                                  from a virtual thread named vt-N with an
                                  integer thread_id, and how many not
    trace.py expect LOG FILE      the violation records (and, as check
                                  "leak", the leak records) must be exactly
                                  the lines "check function param" of FILE
                                  (param "-": none; a line twice: two
                                  records); prints the differences, exits 1
                                  if any
    trace.py held LOG             the leak report, one tab-separated line
                                  per record: "leak NAME PARAM COUNT
                                  STACK" (the site when there is no
                                  stack) and "referenced NAME PARAM HELD
                                  COUNT" for blocks still held
    trace.py hotspot LOG HSLOG    per function, the calls HotSpot traced
                                  (-XX:TraceJVMTI=all -Xlog:jvmti=trace:file=
                                  HSLOG:none) against ours: call records plus
                                  the summary's shim calls; exits 1 unless
                                  they are equal, but for calls that may
                                  still be blocked at exit (HotSpot traces a
                                  call when it starts, we when it returns)
    trace.py summary LOG          the summary=on table against the trace
                                  (trace=all): per function the agent's
                                  calls lie between its call records before
                                  the summary and all of them (the shim's
                                  own calls, never traced, apart in
                                  shim_calls; expected_errors between 0
                                  and errors); functions by calls, then by
                                  shim_calls, largest first; events as many
                                  as their records, largest first; checks
                                  and notes largest first; exits 1 if not

Exit status 0, or 1 when the check fails, 2 on bad usage.
"""
import collections
import json
import sys


def records(path):
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                rec = json.loads(line)
            except ValueError as e:
                raise SystemExit("%s:%d: not JSON (%s): %s" % (path, n, e, line[:200].rstrip()))
            if not isinstance(rec, dict) or "kind" not in rec:
                raise SystemExit("%s:%d: not a record (no \"kind\"): %s" % (path, n, line[:200].rstrip()))
            yield rec


def counts(path):
    by_name = collections.Counter((r["kind"], r.get("name", "?")) for r in records(path))
    totals = collections.Counter()
    for (kind, name), n in sorted(by_name.items()):
        print(kind, name, n)
        totals[kind] += n
    for kind, n in sorted(totals.items()):
        print(kind, "*", n)


def violations(path):
    for r in records(path):
        if r["kind"] == "violation":
            print(r.get("check"), r.get("name"), r.get("param", "-"))


def notes(path):
    for r in records(path):
        if r["kind"] in ("note", "warning"):
            print(r["kind"], r.get("check"), r.get("name"))


def calls(path):
    for r in records(path):
        if r["kind"] == "call":
            print(r.get("name"), r.get("error"))


def refused(path):
    for r in records(path):
        if r["kind"] == "call" and "refused" in r:
            print(r.get("name"), r.get("error"))


def threads(path):
    import re
    good = collections.Counter()
    other = collections.Counter()
    for r in records(path):
        key = (r["kind"], r.get("name", "?"))
        if (r.get("virtual") is True and re.fullmatch(r"vt-[0-9]+", r.get("thread", ""))
                and isinstance(r.get("thread_id"), int)):
            good[key] += 1
        else:
            other[key] += 1
    for key in sorted(set(good) | set(other)):
        print(key[0], key[1], good[key], other[key])


def expect(path, spec):
    seen = collections.Counter((r.get("check", r["kind"]), r.get("name"), r.get("param", "-"))
                               for r in records(path) if r["kind"] in ("violation", "leak"))
    want = collections.Counter()
    with open(spec, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if line:
                want[tuple(line + ["-"] * (3 - len(line)))[:3]] += 1
    bad = 0
    for key in sorted(set(want) | set(seen)):
        n, got = want[key], seen[key]
        if n == got:
            print("   ok: %s %s %s" % key + (" (x%d)" % n if n > 1 else ""))
        else:
            what = "missing" if got < n else "unexpected"
            print("   %s: %s %s %s: %d records, expected %d" % ((what,) + key + (got, n)))
            bad += 1
    return 1 if bad else 0


# A call to these may never return (a thread waiting when the VM exits).
BLOCKING = {"RawMonitorEnter", "RawMonitorWait"}


def hotspot(path, hs_path):
    import re
    theirs = collections.Counter()
    # "[thread] Name {  args"; JDK 8 starts its lines with "JVMTI "
    entry = re.compile(r"^(?:JVMTI )?\[[^\]]*\] (\w+) \{")
    with open(hs_path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = entry.match(line)
            if m:
                theirs[m.group(1)] += 1
    ours = collections.Counter()
    shim = collections.Counter()
    for r in records(path):
        if r["kind"] == "call":
            ours[r["name"]] += 1
        elif r["kind"] == "summary" and r.get("type") == "function":
            shim[r["name"]] = r.get("shim_calls", 0)
    bad = 0
    print("   %-30s %8s %8s %6s  %s" % ("function", "hotspot", "records", "shim", ""))
    for name in sorted(set(theirs) | set(ours) | set(shim)):
        mine = ours[name] + shim[name]
        if mine == theirs[name]:
            note = ""
        elif name in BLOCKING and mine < theirs[name]:
            note = "%d still blocked at exit" % (theirs[name] - mine)
        else:
            note = "DIFFERS"
            bad += 1
        print("   %-30s %8d %8d %6d  %s" % (name, theirs[name], ours[name], shim[name], note))
    return 1 if bad else 0


def held(path):
    for r in records(path):
        if r["kind"] == "leak":
            print("\t".join(["leak", r.get("name", "?"), r.get("param", "-"), str(r.get("count")),
                             r.get("stack", r.get("site", "-"))]))
        elif r["kind"] == "summary" and r.get("type") == "referenced":
            print("\t".join(["referenced", r.get("name", "?"), r.get("param", "-"), r.get("held", "?"),
                             str(r.get("count"))]))


def summary(path):
    recs = list(records(path))
    first = next((i for i, r in enumerate(recs) if r["kind"] == "summary"), None)
    if first is None:
        print("no summary record")
        return 1
    before = collections.Counter(r["name"] for r in recs[:first] if r["kind"] == "call")
    total = collections.Counter(r["name"] for r in recs if r["kind"] == "call")
    events = collections.Counter(r["name"] for r in recs[:first] if r["kind"] == "event")
    table = collections.defaultdict(list)
    for r in recs[first:]:
        if r["kind"] == "summary":
            table[r.get("type")].append(r)
    bad = []
    funcs = table["function"]
    for r in funcs:
        if not before[r["name"]] <= r["calls"] <= total[r["name"]]:
            bad.append("%s: calls=%d, but %d call records (%d before the summary)"
                       % (r["name"], r["calls"], total[r["name"]], before[r["name"]]))
        if not 0 <= r.get("expected_errors", -1) <= r["errors"]:
            bad.append("%s: expected_errors=%s, errors=%d" % (r["name"], r.get("expected_errors"), r["errors"]))
    missing = set(before) - {r["name"] for r in funcs}
    if missing:
        bad.append("no function summary for " + " ".join(sorted(missing)))
    keys = [(r["calls"], r["shim_calls"]) for r in funcs]
    if keys != sorted(keys, reverse=True):
        bad.append("functions not by calls, then shim_calls, largest first: %s" % keys)
    for r in table["event"]:
        if r["count"] != events[r["name"]]:
            bad.append("event %s: count=%d, %d records" % (r["name"], r["count"], events[r["name"]]))
    for kind in ("event", "check", "note"):
        counts_ = [r["count"] for r in table[kind]]
        if counts_ != sorted(counts_, reverse=True):
            bad.append("%ss not largest first: %s" % (kind, counts_))
    shim_only = [r["name"] for r in funcs if r["calls"] == 0 and r["shim_calls"] > 0]
    print("   %d functions (%d called by the shim only: %s), %d events, %d checks"
          % (len(funcs), len(shim_only), " ".join(shim_only[:4]), len(table["event"]), len(table["check"])))
    for b in bad:
        print("   " + b)
    return 1 if bad else 0


def main(argv):
    cmds = {"counts": (counts, 1, 1), "violations": (violations, 1, 1),
            "notes": (notes, 1, 1), "calls": (calls, 1, 1), "refused": (refused, 1, 1), "threads": (threads, 1, 1), "expect": (expect, 2, 2),
            "hotspot": (hotspot, 2, 2), "held": (held, 1, 1),
            "summary": (summary, 1, 1)}
    if len(argv) < 2 or argv[0] not in cmds or not cmds[argv[0]][1] <= len(argv) - 1 <= cmds[argv[0]][2]:
        sys.stderr.write(__doc__)
        return 2
    return cmds[argv[0]][0](*argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
