#!/usr/bin/env bash
# setup-jdks.sh — the other JDKs the end-to-end tests run on (8, 11, 21,
# besides the system's 17 and the Temurin 25 that configure finds), cached
# outside the repository in $JVMTIGEN_JDK_DIR (default
# ~/.cache/jvmtigen/jdk) as jdk-8, jdk-11, jdk-21.  scripts/setup-debian.sh
# runs it; configure's --with-jdks defaults to what it cached.
#
# Why it is built this way: Debian ships these JDKs in other releases than
# Debian 12 (11 in bullseye, 21 in trixie, 8 in sid only), and installing
# them, or their newer C library, system-wide would change the machine.  So
# the packages are fetched by apt with a configuration of its own (its own
# sources.list, state and cache under the cache directory; the system's
# sources and packages are never touched) and unpacked with dpkg -x.  The
# builds from trixie and sid need glibc 2.38 or newer: they get trixie's
# loader, libc, libstdc++ and libgcc_s in a private folder, and every ELF
# file of theirs is patched (patchelf --set-interpreter, --set-rpath) to
# use it.  Each JDK is checked before it is kept (java -version, javac and
# run a class, jcmd attaches, jdb launches a program to its end); a JDK is
# marked complete only then, so a second run with a complete cache does
# nothing but check the marks.
#
# A JDK that cannot be had is one message and the tests skip its runs with
# a note; under CI=true it is an error (exit 1), as CI must not skip a part
# the set-up installs.
set -uo pipefail

dir=${JVMTIGEN_JDK_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jvmtigen/jdk}
arch=amd64
triplet=x86_64-linux-gnu

# One row per JDK: feature version, the suites to take it from (the first
# that has it), and "newlibc" when its build needs the private C library.
jdk_rows=(
    "8  sid                        newlibc"
    "11 bullseye-security,bullseye -"
    "21 trixie-security,trixie     newlibc"
)
# The private C library: these packages, from this suite.
libc_suite=trixie
libc_packages=(libc6 libstdc++6 libgcc-s1)
# The archive: one line per suite (the key ring is filled in below).
suite_lines=(
    "http://deb.debian.org/debian bullseye"
    "http://deb.debian.org/debian-security bullseye-security"
    "http://deb.debian.org/debian trixie"
    "http://deb.debian.org/debian-security trixie-security"
    "http://deb.debian.org/debian sid"
)
system_keyring=/usr/share/keyrings/debian-archive-keyring.gpg

say() { echo "setup-jdks: $*"; }
warn() { echo "setup-jdks: $*" >&2; }

# ready N: JDK N is unpacked, patched and was checked
ready() { [[ -f $dir/root-$1/READY && -x $dir/jdk-$1/bin/java ]]; }

wanted=()
for row in "${jdk_rows[@]}"; do
    read -r n _ <<<"$row"
    ready "$n" || wanted+=("$n")
done
if ((${#wanted[@]} == 0)); then
    say "JDK 8, 11 and 21 are cached in $dir"
    exit 0
fi

mkdir -p "$dir" || { warn "cannot create $dir"; exit 1; }
# Several worktrees may run the set-up at once: one at a time here.
exec 9>"$dir/.lock"
flock 9

for tool in apt-get dpkg-deb; do
    command -v "$tool" >/dev/null 2>&1 || { warn "no $tool: the JDK 8, 11 and 21 runs will be skipped"; exit 1; }
done

# ---- apt, configured privately -------------------------------------------
apt_dir=$dir/apt
mkdir -p "$apt_dir"/{etc/sources.list.d,etc/preferences.d,state/lists/partial,cache/archives/partial} "$dir/debs"
: >"$apt_dir/state/status"
apt_opts=(
    -o "Dir::Etc::SourceList=$apt_dir/etc/sources.list"
    -o "Dir::Etc::SourceParts=$apt_dir/etc/sources.list.d"
    -o "Dir::Etc::Preferences=$apt_dir/etc/preferences"
    -o "Dir::Etc::PreferencesParts=$apt_dir/etc/preferences.d"
    -o "Dir::State=$apt_dir/state"
    -o "Dir::State::status=$apt_dir/state/status"
    -o "Dir::Cache=$apt_dir/cache"
    -o "APT::Architecture=$arch" -o "APT::Architectures::=$arch"
    -o "APT::Sandbox::User=root"
    -o "Acquire::Retries=2" -o "Acquire::http::Timeout=60"
)
papt() { apt-get -q "${apt_opts[@]}" "$@"; }

# write_sources KEYRING...: the private sources.list, each suite signed by
# any of the key rings given
write_sources() {
    local rings line
    rings=$(IFS=,; echo "$*")
    for line in "${suite_lines[@]}"; do
        echo "deb [signed-by=$rings] $line main"
    done >"$apt_dir/etc/sources.list"
}

# The system's key ring verifies bullseye, trixie and sid today.  When the
# archive is signed with a key it lacks (a newer release's), the key ring
# package of the newest suite it can verify brings that key, the same way.
keyrings=("$system_keyring")
fetched_keyring=$dir/keyring/usr/share/keyrings/debian-archive-keyring.gpg
[[ -f $fetched_keyring ]] && keyrings+=("$fetched_keyring")
write_sources "${keyrings[@]}"
say "apt-get update (private configuration in $apt_dir)"
papt update >"$dir/apt-update.log" 2>&1
if grep -qE 'NO_PUBKEY|EXPKEYSIG|is not signed' "$dir/apt-update.log" && [[ ! -f $fetched_keyring ]]; then
    say "the archive is signed with a key $system_keyring lacks: fetching debian-archive-keyring"
    for suite in sid trixie; do
        rm -f "$dir"/debs/debian-archive-keyring_*.deb
        (cd "$dir/debs" && papt download "debian-archive-keyring/$suite") >>"$dir/apt-update.log" 2>&1 && break
    done
    if compgen -G "$dir/debs/debian-archive-keyring_*.deb" >/dev/null; then
        rm -rf "$dir/keyring" && dpkg-deb -x "$dir"/debs/debian-archive-keyring_*.deb "$dir/keyring"
        keyrings+=("$fetched_keyring")
        write_sources "${keyrings[@]}"
        papt update >"$dir/apt-update.log" 2>&1
    fi
fi
if grep -qE '^(E|W): .*(NO_PUBKEY|EXPKEYSIG|is not signed|Failed to fetch)' "$dir/apt-update.log"; then
    warn "apt-get update reported problems (the JDKs of those suites may be missing):"
    grep -E '^(E|W): ' "$dir/apt-update.log" | head -8 >&2
fi

# fetch DEST PACKAGE/SUITE...: the packages downloaded (into a folder of
# their own, removed after) and unpacked into DEST; DEST/VERSIONS lists them
fetch() {
    local dest=$1 debs=$dir/debs/$$ f
    shift
    rm -rf "$debs" && mkdir -p "$debs" || return 1
    if ! (cd "$debs" && papt download "$@") >"$debs/log" 2>&1; then
        warn "apt-get download $*: $(grep -E '^E: ' "$debs/log" | head -3)"
        rm -rf "$debs"
        return 1
    fi
    for f in "$debs"/*.deb; do
        dpkg-deb -x "$f" "$dest" || { warn "cannot unpack $f"; rm -rf "$debs"; return 1; }
        dpkg-deb -f "$f" Package Version | sed "s/^[^:]*: //" | paste -sd' ' >>"$dest/VERSIONS"
    done
    rm -rf "$debs"
}

# is_elf FILE
is_elf() { [[ $(head -c4 "$1" 2>/dev/null | od -An -c | tr -d ' ') == '177ELF' ]]; }

# The private C library (once, for every JDK that needs it).
libc_dir=$dir/libc-$libc_suite
libc_lib=$libc_dir/usr/lib/$triplet
loader=$libc_lib/ld-linux-x86-64.so.2
private_libc() {
    [[ -f $libc_dir/READY ]] && return 0
    command -v patchelf >/dev/null 2>&1 || { warn "no patchelf (scripts/setup-debian.sh installs it)"; return 1; }
    rm -rf "$libc_dir" && mkdir -p "$libc_dir"
    fetch "$libc_dir" "${libc_packages[@]/%//$libc_suite}" || return 1
    [[ -x $loader && -f $libc_lib/libc.so.6 && -f $libc_lib/libstdc++.so.6 ]] ||
        { warn "the $libc_suite C library unpacked without $loader or libc.so.6"; return 1; }
    # libstdc++ and libgcc_s find their libc and libm here first, never the
    # system's older ones
    local f
    for f in "$libc_lib"/libstdc++.so.6.* "$libc_lib"/libgcc_s.so.1; do
        patchelf --force-rpath --set-rpath "$libc_lib" "$f" || return 1
    done
    touch "$libc_dir/READY"
}

# patch_tree ROOT: every ELF file under ROOT runs with the private loader
# and finds the private libraries first.  DT_RPATH (--force-rpath) rather
# than DT_RUNPATH: it also holds for the libraries those files load.
patch_tree() {
    local root=$1 f old
    while IFS= read -r -d '' f; do
        is_elf "$f" || continue
        old=$(patchelf --print-rpath "$f") || return 1
        if patchelf --print-interpreter "$f" >/dev/null 2>&1; then
            patchelf --set-interpreter "$loader" "$f" || return 1
        fi
        patchelf --force-rpath --set-rpath "${old:+$old:}$libc_lib" "$f" || return 1
    done < <(find "$root" -type f -print0)
}

# relink ROOT: Debian's JDKs link their configuration files to /etc/...;
# unpacked under ROOT those links point into ROOT instead.
relink() {
    local root=$1 l t
    while IFS= read -r -d '' l; do
        t=$(readlink "$l")
        if [[ -e $root$t || -L $root$t ]]; then
            ln -sfn --relative "$root$t" "$l" || return 1
        fi
    done < <(find "$root" -type l -lname '/*' -print0)
}

# check_jdk HOME: java runs, javac compiles, jcmd attaches, jdb connects.
check_jdk() {
    local home=$1 t pid ok=0
    t=$(mktemp -d) || return 1
    cat >"$t/Sleeper.java" <<'EOF'
public class Sleeper {
    public static void main(String[] args) throws Exception {
        System.out.println("up");
        Thread.sleep(Long.parseLong(args[0]));
    }
}
EOF
    {
        "$home/bin/java" -version 2>&1 | head -1 &&
            "$home/bin/javac" -d "$t" "$t/Sleeper.java" &&
            [[ $("$home/bin/java" -cp "$t" Sleeper 0) == up ]]
    } >"$t/log" 2>&1 || { warn "$home: java or javac does not run:"; cat "$t/log" >&2; rm -rf "$t"; return 1; }
    # jcmd attaches to a running VM
    "$home/bin/java" -cp "$t" Sleeper 60000 >"$t/sleeper.out" 2>&1 &
    pid=$!
    for _ in $(seq 100); do [[ -s $t/sleeper.out ]] && break; sleep 0.1; done
    timeout 60 "$home/bin/jcmd" "$pid" VM.version >"$t/jcmd.out" 2>&1 && grep -q 'VM version' "$t/jcmd.out" && ok=1
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    ((ok)) || { warn "$home: jcmd did not attach:"; cat "$t/jcmd.out" >&2; rm -rf "$t"; return 1; }
    # jdb launches a VM under libjdwp, connects, runs it to its end
    # shellcheck disable=SC2094  # jdb writes the file the loop waits on
    { echo run
      for _ in $(seq 300); do grep -q 'application exited' "$t/jdb.out" 2>/dev/null && break; sleep 0.1; done
      echo quit; } | timeout 60 "$home/bin/jdb" -classpath "$t" Sleeper 0 >"$t/jdb.out" 2>&1
    grep -q 'application exited' "$t/jdb.out" || { warn "$home: jdb did not connect:"; tail -5 "$t/jdb.out" >&2; rm -rf "$t"; return 1; }
    rm -rf "$t"
}

# get_jdk N SUITES LIBC: fetch, unpack, patch, check; the link jdk-N last.
get_jdk() {
    local n=$1 suites=$2 libc=$3 root=$dir/root-$1 tmp=$dir/root-$1.new suite home
    if [[ $libc == newlibc ]]; then
        private_libc || return 1
    fi
    for suite in ${suites//,/ }; do
        rm -rf "$tmp" && mkdir -p "$tmp"
        fetch "$tmp" "openjdk-$n-jre-headless/$suite" "openjdk-$n-jdk-headless/$suite" 2>"$dir/fetch.err" && break
        rm -rf "$tmp"
    done
    [[ -d $tmp ]] || { warn "JDK $n: not in ${suites//,/ nor }: $(tail -1 "$dir/fetch.err")"; return 1; }
    home=$tmp/usr/lib/jvm/java-$n-openjdk-$arch
    [[ -x $home/bin/java ]] || { warn "JDK $n: no $home/bin/java in the packages"; return 1; }
    relink "$tmp" || return 1
    if [[ $libc == newlibc ]]; then
        patch_tree "$tmp" || { warn "JDK $n: patchelf failed"; return 1; }
    fi
    # check it where it will stay (the patched files name no path of it,
    # but the links made above are relative to it anyway)
    rm -rf "$root" && mv "$tmp" "$root" || return 1
    home=$root/usr/lib/jvm/java-$n-openjdk-$arch
    check_jdk "$home" || return 1
    ln -sfn "root-$n/usr/lib/jvm/java-$n-openjdk-$arch" "$dir/jdk-$n" &&
        { cat "$root/VERSIONS"; [[ $libc != newlibc ]] || cat "$libc_dir/VERSIONS"; } >"$root/READY"
}

failed=()
for row in "${jdk_rows[@]}"; do
    read -r n suites libc <<<"$row"
    ready "$n" && continue
    say "JDK $n: from ${suites//,/ or }$([[ $libc != newlibc ]] || echo ", with the C library of $libc_suite")"
    if get_jdk "$n" "$suites" "$libc"; then
        say "JDK $n: $("$dir/jdk-$n/bin/java" -version 2>&1 | head -1) in $dir/jdk-$n"
    else
        failed+=("$n")
    fi
done
if ((${#failed[@]} > 0)); then
    warn "JDK ${failed[*]}: not set up; the tests skip their runs with a note"
    [[ ${CI:-} != true ]] || { warn "CI=true: the set-up must provide every JDK"; exit 1; }
fi
exit 0
