#!/usr/bin/env python3
# ctokens.py: print the C tokens of a file, one "kind spelling" a line,
# comments and whitespace dropped, read from clang's own lexer
# (`clang -Xclang -dump-raw-tokens`), so that two headers can be compared
# token for token without a tokenizer of ours.
# Usage: ctokens.py FILE  (exit 2 when clang fails)
import re
import subprocess
import sys

CLANG = "clang"


def tokens(path):
    p = subprocess.run([CLANG, "-fsyntax-only", "-Xclang", "-dump-raw-tokens", "-x", "c", path],
                       capture_output=True, text=True)
    # clang prints the dump on stderr; each token is "kind 'spelling'\t...Loc=<...>",
    # the spelling of a comment spanning lines
    found = re.findall(r"(?ms)^(\w+) '(.*?)'\t[^\n]*?Loc=<[^>\n]*>$", p.stderr)
    if not found:
        sys.stderr.write("ctokens.py: clang gave no tokens for %s:\n%s" % (path, p.stderr[:2000]))
        sys.exit(2)
    return [(k, s) for k, s in found if k not in ("comment", "unknown")]


if __name__ == "__main__":
    for kind, spelling in tokens(sys.argv[1]):
        print(kind, spelling)
