#!/usr/bin/env bash
# setup-debian.sh — install everything jvmtigen needs to build, test and
# benchmark on Debian 12 (the one list of packages; README and .ci/run call
# this).  Does nothing when every package is already installed.
set -euo pipefail

packages=(
    build-essential autoconf automake libtool pkg-config
    libxml2-dev libxslt1-dev libxml2-utils check
    openjdk-17-jdk-headless openjdk-17-doc
    python3 valgrind hyperfine
)

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
    echo "setup-debian: all ${#packages[@]} packages already installed"
    exit 0
fi
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
