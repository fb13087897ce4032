#!/usr/bin/env bash
# Installs the Debian packages the build needs when any is missing, so `make site` and
# `make test` work on a fresh machine. `ensure-deps.sh test` adds what the tests use,
# `ensure-deps.sh bench` what `make bench` compares with (Hugo, GNU time).
set -euo pipefail

# Graphviz lays out the flow diagrams (libgvc through pkg-config; its dot layout plugin).
packages=(pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libgraphviz-dev graphviz)
# Installed when the distribution has them; the tests that need them say so and skip otherwise.
optional=()
if [ "${1:-}" = "bench" ]; then
    # The benchmark measures against Hugo on the same Markdown; GNU time reports peak memory.
    packages+=(hugo time)
fi
if [ "${1:-}" = "test" ]; then
    # xmllint checks the JUnit output.
    packages+=(libxml2-utils)
    # tsc (node-typescript) type-checks code against the Web exports' TypeScript declaration.
    optional+=(node-typescript)
fi

missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
missing_optional=()
for package in "${optional[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing_optional+=("$package")
done
[ ${#missing[@]} -eq 0 ] && [ ${#missing_optional[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
for package in "${missing_optional[@]}"; do
    candidate=$(apt-cache policy "$package" 2>/dev/null | sed -n 's/^ *Candidate: //p')
    if [ -n "$candidate" ] && [ "$candidate" != "(none)" ]; then
        missing+=("$package")
    else
        echo "$package is not available from apt here; the tests that need it will be skipped" >&2
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]} with apt-get" >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
