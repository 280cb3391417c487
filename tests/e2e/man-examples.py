#!/usr/bin/env python3
"""man-examples.py — the command lines of a man page's EXAMPLES section, as
printed: each .EX/.EE block of the section is one example; its lines are
the commands, with the roff escapes a reader never sees undone (\\- is -,
\\e and \\\\ are \\); a line ending in \\ goes on.

    man-examples.py PAGE     one line per command: "N<TAB>COMMAND", N the
                             example's number (1, 2, ...)

Exit 1 when the section is missing or has no example, or a line holds an
escape this does not know (so a new one is noticed, never run garbled).
"""
import re
import sys

KNOWN = {"\\-": "-", "\\e": "\\", "\\\\": "\\", "\\&": ""}


def unescape(line, where):
    def sub(m):
        if m.group(0) not in KNOWN:
            raise SystemExit("%s: unknown roff escape %r in: %s" % (where, m.group(0), line))
        return KNOWN[m.group(0)]
    return re.sub(r"\\.", sub, line)


def examples(path):
    section, block, n, out = None, None, 0, []
    with open(path, encoding="utf-8") as f:
        for no, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith(".SH"):
                section = line[3:].strip().strip('"')
                continue
            if section != "EXAMPLES":
                continue
            if line.startswith(".EX"):
                block, n = [], n + 1
            elif line.startswith(".EE"):
                text = "\n".join(block).replace("\\\n", "")
                out += [(n, cmd) for cmd in text.split("\n") if cmd.strip()]
                block = None
            elif block is not None:
                block.append(unescape(line, "%s:%d" % (path, no)))
    if not out:
        raise SystemExit("%s: no EXAMPLES section with .EX blocks" % path)
    return out


def main(argv):
    if len(argv) != 1:
        sys.stderr.write(__doc__)
        return 2
    for n, cmd in examples(argv[0]):
        print("%d\t%s" % (n, cmd))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
