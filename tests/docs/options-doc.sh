#!/usr/bin/env bash
# options-doc.sh — the shim's options are described in three places by hand
# (doc/shim.md's options table, jvmticheck(7)'s OPTIONS, the `help` rows in
# gen/runtime/jc_help.c); the parser's table in gen/runtime/jc_options.c is
# the authority.  This keeps the three true to it:
#   1. every option the parser knows (and agent=) has a doc/shim.md row, a man
#      page entry and a help row, and none of them has an option it lacks;
#   2. for each option that takes words (on|off, text|jsonl|bin, ...), the
#      three list exactly the words the parser's "expected ..." text gives;
#   3. the options libdt_check takes (the rows for both interfaces and its
#      own) are the rows of doc/transport.md's DTCHECK_OPTIONS table.
# Text only, no VM.  Exit 0 pass, 1 fail.
set -uo pipefail

: "${srcdir:?}"
exec python3 - "$srcdir" <<'EOF'
import re
import sys

src = sys.argv[1]
read = lambda p: open(src + "/" + p, encoding="utf-8").read()
bad = []

# the parser: { "name", parse_words|parse_number|..., ..., "expected", IFACES }
# (the rows the JVMTI shim takes: BOTH or JVMTI; JC_IFACE_TRANSPORT ones
# are libdt_check's, documented in doc/transport.md)
parser = {}
for name, how, expected, ifaces in re.findall(
        r'\{ "([a-z_]+)", (parse_\w+),[^"]*?"([^"]*)",\s*(\w+) \}', read("gen/runtime/jc_options.c")):
    if ifaces not in ("BOTH", "JVMTI"):
        continue
    words = None
    if how == "parse_words" and name != "help":
        text = re.sub(r", or several joined by '\+'$|^or several.*$", "", expected)
        words = set(w for w in re.split(r", | or ", text) if w)
    parser[name] = words
parser["agent"] = None          # parsed apart: it ends the list

# doc/shim.md: | `name=...` | `a`, `b` | ...   (the table after "| option | values |")
readme = {}
table = read("doc/shim.md").split("| option | values | default | what it does |", 1)[1]
for line in table.split("\n")[2:]:
    if not line.startswith("| `"):
        break
    cells = line.split(" | ")
    name = re.match(r"\| `([a-z_]+)", cells[0]).group(1)
    readme[name] = set(re.findall(r"`([^`]+)`", cells[1]))

# jvmticheck(7): .BR name= { a | b } / .BI name= X / .B help, after .TP in OPTIONS
man = {}
section = read("doc/jvmticheck.7.in").split(".SH OPTIONS", 1)[1].split(".SH ", 1)[0]
for m in re.finditer(r"^\.TP\n\.B[IR]? ([a-z_]+)(=?)(.*)$", section, re.M):
    braces = re.search(r"\{(.*)\}", m.group(3))
    man[m.group(1)] = set(w.strip() for w in braces.group(1).split("|")) if braces else None

# help: { "name=a|b|c", ... } or { "name=FILE", ... }
helprows = {}
for name, rest in re.findall(r'\{ "([a-z_]+)=?([^"]*)", "', read("gen/runtime/jc_help.c")):
    helprows[name] = set(rest.split("|")) if "|" in rest else None

for where, have in (("doc/shim.md", readme), ("jvmticheck(7)", man), ("help", helprows)):
    missing, extra = sorted(set(parser) - set(have)), sorted(set(have) - set(parser))
    if missing:
        bad.append("%s lacks options: %s" % (where, " ".join(missing)))
    if extra:
        bad.append("%s has options the parser does not know: %s" % (where, " ".join(extra)))
    for name, words in parser.items():
        if words is None or name not in have:
            continue
        got = have[name] or set()
        if name == "trace":     # "or several joined by +" is said in words
            got = set(w for w in got if "+" not in w)
        if got != words:
            bad.append("%s: %s= lists %s, the parser takes %s"
                       % (where, name, "|".join(sorted(got)) or "nothing", "|".join(sorted(words))))

n = sum(1 for w in parser.values() if w)
# libdt_check (DTCHECK_OPTIONS): the rows it takes, BOTH or
# JC_IFACE_TRANSPORT, are the rows of doc/transport.md's table ("Debugging a
# debugger connection").
transport = sorted(name for name, how, expected, ifaces in re.findall(
        r'\{ "([a-z_]+)", (parse_\w+),[^"]*?"([^"]*)",\s*(\w+) \}', read("gen/runtime/jc_options.c"))
        if ifaces in ("BOTH", "JC_IFACE_TRANSPORT"))
section = read("doc/transport.md")
ttable = section.split("| option | values | default | meaning |", 1)[1]
documented = []
for line in ttable.split("\n")[2:]:
    if not line.startswith("| `"):
        break
    documented.append(re.match(r"\| `([a-z_]+)", line).group(1))
if sorted(documented) != transport:
    bad.append("doc/transport.md's DTCHECK_OPTIONS table has %s, the parser's transport rows are %s" % (sorted(documented), transport))
for b in bad:
    print("FAIL: " + b)
if not bad:
    print("ok   %d options in doc/shim.md, jvmticheck(7) and help; the words of %d the parser's" % (len(parser), n))
    print("ok   %d DTCHECK_OPTIONS in doc/transport.md's table, as the parser's rows" % len(transport))
sys.exit(1 if bad else 0)
EOF
