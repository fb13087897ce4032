#!/usr/bin/env bash
# Installs the Debian packages the build needs when any is missing, so `make site` and
# `make test` work on a fresh machine. `ensure-deps.sh test` adds what the tests use.
set -euo pipefail

packages=(pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev)
if [ "${1:-}" = "test" ]; then
    # xmllint checks the JUnit output.
    packages+=(libxml2-utils)
fi

missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing ${missing[*]} with apt-get" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
