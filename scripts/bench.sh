#!/usr/bin/env bash
# Times the main commands on content/ with a release build: the median of 5 runs each, in
# seconds, with the machine's core count, so figures can be compared between changes.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product passkey-spec >/dev/null
bin=.build/release/passkey-spec
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

run() {
    local name=$1
    shift
    local times=()
    for _ in 1 2 3 4 5; do
        local start end
        start=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s.%N)
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')")
    done
    printf '%-10s %8.3f s\n' "$name" "$(printf '%s\n' "${times[@]}" | median)"
}

echo "passkey-spec benchmark: median of 5 runs, $(nproc) cores"
run lint "$bin" lint content
run check "$bin" check content
run explore "$bin" explore
run build "$bin" build content --out "$out/site"
run render "$bin" build content --report site/exports/report.json --out "$out/rendered"
