#!/bin/sh
# gen-checks.sh — the checks table of libjvmticheck, from its one source
# (doc/checks.tsv), as doc/shim.md's Markdown table and as the CHECKS
# section of jvmticheck(7), so that the two never drift apart.
#
#   gen-checks.sh man TSV <doc/jvmticheck.7.in >doc/jvmticheck.7
#       the man page, its line "@CHECKS@" replaced by one .TP entry per
#       check (make does this at build time);
#   gen-checks.sh md TSV <doc/shim.md >shim.new
#       the page, the lines between its two checks-table markers replaced
#       by the table (run by hand after editing TSV; tests/docs/checks-doc.sh
#       fails while the page is not what this writes).
#
# The text of a cell is Markdown inline (`code`, [text](#anchor)); for the
# man page `code` becomes bold, a link its text.  POSIX sh and awk only: it
# runs at build time.
set -eu

[ $# -eq 2 ] || { echo "usage: $0 man|md TSV <IN >OUT" >&2; exit 2; }
mode=$1 tsv=$2
[ -r "$tsv" ] || { echo "$0: cannot read $tsv" >&2; exit 1; }
case $mode in man|md) ;; *) echo "$0: unknown mode '$mode' (expected man or md)" >&2; exit 2 ;; esac

awk -v mode="$mode" -v tsv="$tsv" '
BEGIN {
    FS = "\t"
    n = 0
    while ((getline line < tsv) > 0) {
        lineno++
        if (line ~ /^#/ || line == "")
            continue
        if (split(line, f, "\t") != 3) {
            printf "%s:%d: error: expected 3 tab-separated columns (id, what it means, strict returns)\n", tsv, lineno > "/dev/stderr"
            bad = 1
            exit 1
        }
        n++
        id[n] = f[1]; what[n] = f[2]; strict[n] = f[3]
    }
    close(tsv)
    if (n == 0) {
        printf "%s: error: no checks\n", tsv > "/dev/stderr"
        bad = 1
        exit 1
    }
    begin_marker = "<!-- checks table: generated from doc/checks.tsv by scripts/gen-checks.sh; edit that file -->"
    end_marker = "<!-- end of the checks table -->"
}

# Markdown inline to roff: `code` bold, [text](#x) text, backslashes escaped.
function roff(t,    out) {
    gsub(/\\/, "\\e", t)
    while (match(t, /\[[^]]*\]\([^)]*\)/)) {
        link = substr(t, RSTART, RLENGTH)
        sub(/\]\(.*$/, "", link)
        t = substr(t, 1, RSTART - 1) substr(link, 2) substr(t, RSTART + RLENGTH)
    }
    while (match(t, /`[^`]*`/))
        t = substr(t, 1, RSTART - 1) "\\fB" substr(t, RSTART + 1, RLENGTH - 2) "\\fR" substr(t, RSTART + RLENGTH)
    if (t ~ /^[.\047]/)
        t = "\\&" t
    return t
}

mode == "man" && $0 == "@CHECKS@" {
    for (i = 1; i <= n; i++) {
        print ".TP"
        print ".B " id[i]
        print roff(what[i])
        print ".br"
        print "Strict: " roff(strict[i])
    }
    done = 1
    next
}

mode == "md" && $0 == begin_marker {
    print
    print "| id | what it means | strict returns |"
    print "|---|---|---|"
    for (i = 1; i <= n; i++)
        print "| `" id[i] "` | " what[i] " | " strict[i] " |"
    skipping = 1
    done = 1
    next
}
mode == "md" && $0 == end_marker { skipping = 0 }
skipping { next }
{ print }

END {
    if (bad)
        exit 1
    if (!done) {
        printf "gen-checks.sh: no %s in the input\n", mode == "man" ? "@CHECKS@ line" : "checks-table marker" > "/dev/stderr"
        exit 1
    }
    if (skipping) {
        print "gen-checks.sh: no end-of-table marker in the input" > "/dev/stderr"
        exit 1
    }
}
' "-"
