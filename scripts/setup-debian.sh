#!/usr/bin/env bash
# setup-debian.sh — install everything jvmtigen needs to build, test and
# benchmark on Debian 12 (the one list of packages; README and .ci/run call
# this).  Does nothing when every package is already installed.  What the
# tests use is here too (nodejs and npm for the HTML checker and browser,
# python3-jsonschema for the JSON Schema check, a CJK font for the zh_CN
# pages): under CI=true a test fails where one of them is missing
# (tests/skip-lib.sh).  Then the JDKs 8, 11 and 21 the tests also run on
# (scripts/setup-jdks.sh: cached outside the repository, fetched with a
# private apt configuration).
set -euo pipefail

packages=(
    build-essential autoconf automake libtool pkg-config
    libxml2-dev libxslt1-dev libxml2-utils check libdw-dev elfutils
    openjdk-17-jdk-headless openjdk-17-doc
    python3 valgrind hyperfine chromium xsltproc
    clang libclang-rt-14-dev
    gettext libgettextpo-dev
    patchelf
    dpkg-dev debhelper lintian
    nodejs python3-jsonschema fonts-noto-cjk
)
# npm: Debian's, unless one is there already (NodeSource's nodejs package
# bundles its own npm and conflicts with Debian's npm package).
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
    echo "setup-debian: all ${#packages[@]} packages already installed"
fi
if ((${#missing[@]} > 0)); then
    echo "setup-debian: installing ${missing[*]}"
    sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            echo "setup-debian: not root and no sudo: install as root: ${missing[*]}" >&2
            exit 1
        fi
    fi
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${packages[@]}"
fi

# The HTML tests' npm tools (Nu HTML checker, playwright-core to drive
# Debian's chromium), in a cache directory of their own; the Makefile puts
# it on NODE_PATH.  Pinned versions, installed once.
node_dir=${JVMTIGEN_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jvmtigen/node}
if command -v npm >/dev/null 2>&1; then
    if [[ ! -f $node_dir/node_modules/vnu-jar/build/dist/vnu.jar || ! -d $node_dir/node_modules/playwright-core ]]; then
        echo "setup-debian: npm install vnu-jar playwright-core into $node_dir"
        mkdir -p "$node_dir"
        npm install --prefix "$node_dir" --no-audit --no-fund --loglevel=error \
            vnu-jar@26.9.27 playwright-core@1.65.1 ||
            echo "setup-debian: npm install failed; the HTML validator and browser tests will be skipped (and fail under CI=true)" >&2
    fi
else
    echo "setup-debian: no npm; the HTML validator and browser tests will be skipped (and fail under CI=true)" >&2
fi

# The JDKs 8, 11 and 21 (a failure is a message; under CI=true an error).
"$(dirname "$0")/setup-jdks.sh"
