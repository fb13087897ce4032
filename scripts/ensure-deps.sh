#!/usr/bin/env bash
# Installs the Debian packages the build needs when any is missing, so `make site` and
# `make test` work on a fresh machine. `ensure-deps.sh test` adds what the tests use,
# `ensure-deps.sh bench` what `make bench` compares with (Hugo, GNU time).
set -euo pipefail

source "$(dirname "$0")/apt-install.sh"

# Graphviz lays out the flow diagrams (libgvc through pkg-config; its dot layout plugin).
# make runs the build ('make tool'), also where CI starts from the toolchain's bare image.
packages=(make pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libgraphviz-dev graphviz)
if [ "${1:-}" = "bench" ]; then
    # The benchmark measures against Hugo on the same Markdown; GNU time reports peak memory.
    packages+=(hugo time)
fi
if [ "${1:-}" = "test" ]; then
    # xmllint checks the JUnit output; tsc (node-typescript, where the distribution has it)
    # type-checks code against the Web exports' TypeScript declaration; the JDK formats every
    # exported Android string with Java's `String.format`, as `getString(id, args)` does.
    packages+=(libxml2-utils 'node-typescript?' default-jdk-headless)
fi
apt_install "${packages[@]}"
