#!/usr/bin/env bash
# Builds passkey-spec into .build/tool/ for CI, unless the folder already holds the build of
# these sources: CI restores the folder from its cache, keyed by the same sources, and the
# build (several minutes) is skipped. Installs the Debian packages the tool needs first, as
# the build and the binary both use them (cmark-gfm, Graphviz).
#   scripts/install-tool.sh          build, or keep the cached build
#   scripts/install-tool.sh --hash   print the hash of the sources a build is kept under
set -euo pipefail
cd "$(dirname "$0")/.."

tool=.build/tool
# The sources the binary is built from, by content: the package, its sources and templates.
hash=$(git ls-files -s Package.swift Sources templates | sha256sum | cut -c1-16)
if [ "${1:-}" = "--hash" ]; then
    echo "$hash"
    exit 0
fi

# First: the image CI starts from may have no make for the build below.
scripts/ensure-deps.sh
if [ -x "$tool/passkey-spec" ] && [ "$(cat "$tool/sources" 2>/dev/null)" = "$hash" ]; then
    echo "passkey-spec: the cached build of these sources ($hash)"
    exit 0
fi
make --no-print-directory tool
mkdir -p "$tool"
cp .build/release/passkey-spec "$tool/passkey-spec"
echo "$hash" > "$tool/sources"
echo "passkey-spec: built $tool/passkey-spec ($hash)"
