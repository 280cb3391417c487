#!/usr/bin/env bash
# e2e/shim-errors.sh — the shim must stop the VM at load, cleanly, when it
# cannot do its job: each row of CASES is an option string for
# -agentpath:libjvmticheck.so=OPTIONS, and for each the JVM must
#   - exit 1 (the VM's own "agent library failed to init"), not crash:
#     no hs_err file, not a signal;
#   - print exactly one line starting "jvmticheck:" on stderr, and that line
#     must start with the expected text;
#   - never run the program.
# record= (and format=bin's log=) onto /dev/full, /dev/null or a FIFO, or
# onto the file log= or suppress= names (by name, or by inode through a
# link), is refused by what is wrong, and the file named twice is kept.
# Among them: files that would block the VM's start (a FIFO as log= with no
# reader, as suppress=, as agent=: each run under a hang guard, so a hang
# fails the test), the shim named as its own agent, and option text with a
# newline and a terminal escape in it (escaped in the one line: \n,
# \x1b; no raw ESC on stderr).  Then a log= FIFO that a reader has open:
# the run succeeds and the records come through it.
# On JDK 17 and on the newer JDK (skipped with a note when there is none).
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-shim-errors
e2e_javac Hello
E2E_TIMEOUT=120     # a hang guard: a FIFO must never block the VM's start
mkfifo "$out/fifo"
agent=$AGENTS_DIR/good_agent.so
nolib=$out/no-such-dir/libnothing.so
zip=$JDK_HOME/lib/libzip.so     # a real library, but no agent

# name | expected start of the jvmticheck: line | options
# (@AGENT@ a good agent, @NOLIB@ a missing file, @ZIP@ a library with no
# Agent_OnLoad, @AGENTS@ the test agents' directory, @OUT@ this test's directory,
# @SHIM@ the shim, @NL@ a newline, @ESC@ the escape character)
CASES='
no-options     | jvmticheck: missing agent=                         |
no-agent       | jvmticheck: missing agent=                         | trace=all,format=jsonl
unknown-option | jvmticheck: unknown option '"'"'bogus'"'"'         | bogus=1,agent=@AGENT@
bad-value      | jvmticheck: bad value '"'"'maybe'"'"' for check    | check=maybe,agent=@AGENT@
empty-agent    | jvmticheck: option '"'"'agent'"'"' needs a value   | trace=all,agent=
missing-lib    | jvmticheck: cannot load agent @NOLIB@:             | agent=@NOLIB@
not-an-agent   | jvmticheck: @ZIP@ has no Agent_OnLoad              | agent=@ZIP@
agent-refuses  | jvmticheck: @AGENTS@/threads_agent.so: Agent_OnLoad returned | agent=@AGENTS@/threads_agent.so
bad-log        | jvmticheck: cannot open log file                   | log=@OUT@/no-such-dir/t.jsonl,agent=@AGENT@
log-is-dir     | jvmticheck: cannot open log file '"'"'@OUT@'"'"': Is a directory | log=@OUT@,agent=@AGENT@
empty-log      | jvmticheck: option '"'"'log'"'"' needs a value     | log=,agent=@AGENT@
bare-trace     | jvmticheck: option '"'"'trace'"'"' needs a value   | trace,agent=@AGENT@
bare-agent     | jvmticheck: option '"'"'agent'"'"' needs a value   | agent
rec-full       | jvmticheck: cannot record to '"'"'/dev/full'"'"': it is a character device | record=/dev/full,agent=@AGENT@
rec-null       | jvmticheck: cannot record to '"'"'/dev/null'"'"': it is a character device | format=bin,log=/dev/null,agent=@AGENT@
rec-fifo       | jvmticheck: cannot record to '"'"'@OUT@/rec.fifo'"'"': it is a FIFO | record=@OUT@/rec.fifo,agent=@AGENT@
rec-is-log     | jvmticheck: log= and record= name the same file '"'"'@OUT@/both.txt'"'"' | log=@OUT@/both.txt,record=@OUT@/both.txt,agent=@AGENT@
rec-is-log-too | jvmticheck: log= and record= name the same file '"'"'@OUT@/clash.log'"'"' | log=@OUT@/clash.log,record=@OUT@/clash-link.bin,agent=@AGENT@
rec-is-supp    | jvmticheck: record= and suppress= name the same file | record=@OUT@/clash.log,suppress=@OUT@/./clash.log,agent=@AGENT@
ring-alone     | jvmticheck: ring= is the size of a recording: it goes with format=bin or record= | ring=64M,agent=@AGENT@
ring-too-small | jvmticheck: bad value '"'"'4K'"'"' for ring (expected a size from 1M to 1T | format=bin,log=@OUT@/r.bin,ring=4K,agent=@AGENT@
agent-is-shim  | jvmticheck: agent=@SHIM@ is libjvmticheck itself: | agent=@SHIM@
shim-in-shim   | jvmticheck: agent=@SHIM@ is libjvmticheck itself: | agent=@SHIM@=trace=all,agent=@AGENT@
log-fifo       | jvmticheck: cannot open log file '"'"'@OUT@/fifo'"'"': it is a FIFO no process reads | log=@OUT@/fifo,agent=@AGENT@
suppress-fifo  | jvmticheck: suppression file '"'"'@OUT@/fifo'"'"' is a FIFO (expected a regular file) | suppress=@OUT@/fifo,agent=@AGENT@
agent-fifo     | jvmticheck: cannot load agent @OUT@/fifo: it is a FIFO | agent=@OUT@/fifo
log-control    | jvmticheck: cannot open log file '"'"'@OUT@/no-such-dir/a\nb\x1b[31m'"'"': No such file | log=@OUT@/no-such-dir/a@NL@b@ESC@[31m,agent=@AGENT@
trace-control  | jvmticheck: bad value '"'"'all\n\x1b]0;x\x07'"'"' for trace | trace=all@NL@@ESC@]0;x'$'\a'',agent=@AGENT@
'

subst() {
    local s=$1
    s=${s//@AGENTS@/$AGENTS_DIR}
    s=${s//@AGENT@/$agent}
    s=${s//@NOLIB@/$nolib}
    s=${s//@ZIP@/$zip}
    s=${s//@SHIM@/$LIBJVMTICHECK}
    s=${s//@NL@/$'\n'}
    s=${s//@ESC@/$'\e'}
    printf '%s' "${s//@OUT@/$out}"
}
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }

[[ -f $zip ]] || { echo "SKIP: $zip not found"; exit 77; }
# record= onto what is no file, or the file another option names: a FIFO
# (nobody reads it), a file that exists and a link to it (the same inode)
rm -f "$out/rec.fifo" "$out/clash-link.bin" "$out/both.txt"
mkfifo "$out/rec.fifo"
echo "an existing log" >"$out/clash.log"
ln -s clash.log "$out/clash-link.bin"
# shim_errors_run LABEL JDK: every case on the current java (JDK's)
shim_errors_run() {
    zip=$2/lib/libzip.so    # that JDK's own: another's would not even load
    while IFS='|' read -r name want opts; do
        name=$(trim "$name")
        [[ -n $name ]] || continue
        want=$(subst "$(trim "$want")")
        opts=$(subst "$(trim "$opts")")
        echo "== $name: expect exit 1 and '$want'"
        if [[ -n $opts ]]; then
            e2e_java "-agentpath:$LIBJVMTICHECK=$opts" Hello
        else
            e2e_java "-agentpath:$LIBJVMTICHECK" Hello
        fi
        lines=$(grep -c '^jvmticheck:' "$out/stderr" || true)
        ok=1
        [[ $rc -eq 1 ]] || { fail "$1: $name: java exited $rc, expected 1"; ok=0; }
        if compgen -G "$out/hs_err_pid*.log" >/dev/null; then
            fail "$1: $name: the JVM crashed"; rm -f "$out"/hs_err_pid*.log; ok=0
        fi
        [[ $lines -eq 1 ]] || { fail "$1: $name: $lines lines start with 'jvmticheck:', expected 1"; ok=0; }
        line=$(grep -m1 '^jvmticheck:' "$out/stderr" || true)
        [[ $line == "$want"* ]] || { fail "$1: $name: no line starting '$want'"; ok=0; }
        grep -q hello "$out/stdout" && { fail "$1: $name: the program ran"; ok=0; }
        grep -q $'\e' "$out/stderr" && { fail "$1: $name: a raw escape character on stderr"; ok=0; }
        if [[ $ok -eq 1 ]]; then
            echo "   ok: $line"
        else
            sed 's/^/   stderr: /' "$out/stderr" | head -10 || true
        fi
        mv "$out/stderr" "$out/$1-$name.stderr"
    done <<<"$CASES"
    [[ $(cat "$out/clash.log") == "an existing log" ]] || fail "$1: the log named twice was changed"

    # A log that opens but cannot be written: the program runs and exits 0, and
    # one line says that the trace is lost.
    echo "== full-log: log=/dev/full: expect exit 0 and one 'cannot write the trace' line"
    e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,log=/dev/full,agent=$agent" Hello
    want="jvmticheck: cannot write the trace to /dev/full: No space left on device"
    [[ $rc -eq 0 ]] || fail "$1: full-log: java exited $rc, expected 0"
    grep -q hello "$out/stdout" || fail "$1: full-log: the program did not run"
    # (besides the verdict line every run ends with)
    lines=$(grep '^jvmticheck:' "$out/stderr" | grep -cv '^jvmticheck: no problems found' || true)
    [[ $lines -eq 1 ]] || fail "$1: full-log: $lines lines start with 'jvmticheck:', expected 1 and the verdict"
    grep -q '^jvmticheck: no problems found ([0-9]* calls checked); log /dev/full$' "$out/stderr" || fail "$1: full-log: no verdict line"
    grep -qF "$want" "$out/stderr" && echo "   ok: $(grep -m1 '^jvmticheck:' "$out/stderr")" ||
        fail "$1: full-log: stderr lacks '$want'"

    # A FIFO some process reads is a fine log: the records come through it.
    echo "== log-fifo-read: log= a FIFO with a reader: expect exit 0 and the records"
    cat "$out/fifo" >"$out/fifo.read" &
    local reader=$!
    e2e_java "-agentpath:$LIBJVMTICHECK=trace=all,format=jsonl,log=$out/fifo,agent=$agent" Hello
    wait "$reader" || fail "$1: log-fifo-read: the reader failed"
    [[ $rc -eq 0 ]] || fail "$1: log-fifo-read: java exited $rc, expected 0"
    grep -q hello "$out/stdout" || fail "$1: log-fifo-read: the program did not run"
    n=$(grep -c '^{"kind":"call"' "$out/fifo.read" || true)
    [[ $n -gt 0 ]] && echo "   ok: $n call records through the FIFO" || fail "$1: log-fifo-read: no call record came through"
}

shim_errors_run jdk17 "$JDK_HOME"
if e2e_have_new_jdk; then
    e2e_use_jdk "$JDK_NEW"
    shim_errors_run new "$JDK_NEW"
fi
e2e_finish
