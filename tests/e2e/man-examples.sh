#!/usr/bin/env bash
# e2e/man-examples.sh — the EXAMPLES of jvmticheck(7) run as printed
# (tests/e2e/man-examples.py reads them from the built doc/jvmticheck.7, or
# doc/jvmticheck.7.in), so an example that changes is run again.
#
# Each example's commands run in order with bash in one directory, on a
# real JVM, with the placeholders replaced by what was built: the shim
# (".../libjvmticheck.so", LIBDIR/jvmtigen/libjvmticheck.so) by
# $LIBJVMTICHECK, "/path/libfoo.so" by tests/e2e/agents/bug_agent.c (its bugs
# are harmless to the VM under check=on), /tmp/ and /var/tmp/ by the
# test's own directory, a leading jvmtigen by the one built; the program (Main, in . and in classes/) prints hello.  Each
# command must:
#   - exit 0, but a java run with problems and exitcode=N exits N, and
#     one with halt=on stops at the first violation (exitcode= or 1);
#   - print no Python traceback and no shim error (a "jvmticheck:" line
#     other than the verdict and the halt=on line);
#   - for suppress=FILE: FILE is not empty and the verdict says what was
#     suppressed, no problems left (bug_agent's problems all suppressed).
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
. "$srcdir/tests/e2e/lib.sh"

e2e_init e2e-man-examples
page=$builddir/doc/jvmticheck.7
[[ -f $page ]] || page=$srcdir/doc/jvmticheck.7.in
agent=$AGENTS_DIR/bug_agent.so
python3 "$srcdir/tests/e2e/man-examples.py" "$page" >"$out/examples.tsv" || { fail "cannot read the examples of $page"; e2e_finish; }
echo "   $(cut -f1 "$out/examples.tsv" | sort -u | wc -l) examples, $(wc -l <"$out/examples.tsv") commands in $page"

work=$out/run
mkdir -p "$work/classes" "$out/tmp"
printf 'public class Main { public static void main(String[] a) { System.out.println("hello"); } }\n' >"$out/Main.java"
"$JAVAC" -d "$work/classes" "$out/Main.java" >"$out/javac.log" 2>&1 || { cat "$out/javac.log"; fail "javac Main"; e2e_finish; }
cp "$work/classes/Main.class" "$work/"

# placeholders, as printed -> built (sed, in this order)
# (/tmp/ and /var/tmp/ first, and only where a path starts: the built
# paths put in after may themselves lie under /tmp)
subst() {
    sed -E -e "s#(^|[ =,'\"])/(var/)?tmp/#\1$out/tmp/#g" \
        -e "s|/usr/local/lib/jvmtigen/libjvmticheck\.so|$LIBJVMTICHECK|g" \
        -e "s|\.\.\./libjvmticheck\.so|$LIBJVMTICHECK|g" \
        -e "s|/path/libfoo\.so|$agent|g" \
        -e "s|^jvmtigen |$JVMTIGEN |"
}

n=0
while IFS=$'\t' read -r ex cmd; do
    n=$((n + 1))
    run=$(subst <<<"$cmd")
    echo "   example $ex: $cmd"
    if [[ $run == java\ * ]]; then
        # the JDK under test, and the sanitizer runtime when built with it
        run="LD_PRELOAD=\"\$JAVA_PRELOAD\" exec \"\$JAVA\" ${run#java }"
    fi
    rc=0
    (cd "$work" && JAVA=$JAVA JAVA_PRELOAD=$JAVA_PRELOAD bash -c "$run") >"$out/$n.stdout" 2>"$out/$n.stderr" || rc=$?
    err=$out/$n.stderr
    want=0
    if [[ $run == *\"\$JAVA\"* ]]; then
        verdict=$(grep '^jvmticheck: ' "$err" | tail -1 || true)
        code=$(sed -n 's/.*[=,]exitcode=\([0-9]*\).*/\1/p' <<<"$run")
        if [[ $run == *halt=on* ]]; then
            want=${code:-1}
            grep -q '^jvmticheck: halt=on: stopped at the first violation' "$err" || fail "example $ex: halt=on did not stop"
        elif [[ -n $code && ! $verdict =~ ^jvmticheck:\ no\ problems\ found ]]; then
            want=$code
        fi
        if [[ $run == *suppress=* ]]; then
            supp=$(sed -n 's/.*suppress=\([^,]*\),.*/\1/p' <<<"$run")
            [[ -s $work/$supp || -s $supp ]] || fail "example $ex: the suppression file $supp is empty"
            [[ $verdict =~ ^jvmticheck:\ no\ problems\ found.*\;\ suppressed\  ]] \
                || fail "example $ex: with suppress=, verdict '$verdict', expected no problems, some suppressed"
        fi
        [[ $run == *halt=on* ]] || grep -q '^hello$' "$out/$n.stdout" || fail "example $ex: the program did not run"
        echo "      exit $rc; $verdict"
    fi
    [[ $rc -eq $want ]] || fail "example $ex: '$cmd' exited $rc, expected $want: $(tail -3 "$err")"
    if grep -q '^Traceback' "$err"; then
        fail "example $ex: '$cmd' raised:"; tail -3 "$err"
    fi
    if grep '^jvmticheck: ' "$err" | grep -vqE '^jvmticheck: (no problems found|no violations|[0-9]+ violations?|halt=on: stopped)'; then
        fail "example $ex: a shim error: $(grep '^jvmticheck: ' "$err" | head -2)"
    fi
    if compgen -G "$work/hs_err_pid*.log" >/dev/null; then
        fail "example $ex: the JVM crashed"
    fi
done <"$out/examples.tsv"
e2e_finish
