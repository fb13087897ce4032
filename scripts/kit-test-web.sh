#!/usr/bin/env bash
# Runs the web conformance kit against the example web app: exports the kit with the tool in
# $PASSKEY_SPEC (default .build/debug/passkey-spec) into a fresh folder under .build/kits/,
# writes the web lockstep exploration beside it, compiles the kit, its generated tests,
# Examples/web and its tests with tsc in strict mode, and runs them with Node's test runner.
# Fails on any failure; prints the counts and the seconds each stage took. Installs Node and
# TypeScript from Debian when missing.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
tool=${PASSKEY_SPEC:-.build/debug/passkey-spec}
[ -x "$tool" ] || { echo "kit-test-web: no tool at $tool; build it (swift build) or set PASSKEY_SPEC" >&2; exit 2; }

# Node's test runner and Debian's TypeScript (tsc); installed only when missing.
missing=()
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v tsc >/dev/null 2>&1 || missing+=(node-typescript)
source scripts/apt-install.sh
apt_install "${missing[@]}"

seconds() { awk -v start="$1" -v end="$EPOCHREALTIME" 'BEGIN { printf "%.1f", end - start }'; }
started=$EPOCHREALTIME

mkdir -p .build/kits
work=$(mktemp -d "$root/.build/kits/web.XXXXXX")
app="$work/app"
mkdir -p "$app"
cp -R Examples/web/src Examples/web/sample Examples/web/test Examples/web/tsconfig.json "$app/"

# The kit as a web team gets it, inside the app as the example's README says.
step=$EPOCHREALTIME
"$tool" export --format web-kit --out "$app/conformance-kit" content
export_seconds=$(seconds "$step")
checks=$(grep -c '^  define(' "$app"/conformance-kit/tests/*.web.ts | awk -F: '{ sum += $NF } END { print sum + 0 }')

# Every sequence of the reference engine up to three inputs, for test/lockstep.test.ts: deep
# enough for the shortest sequence that shows each of the example's mistakes (none needs more
# than three), and small enough to replay in seconds: the page replays 163,980 sequences of
# depth 3 in about 7 s, and would replay 384,288 of depth 4 and 727,214 of depth 5.
step=$EPOCHREALTIME
lockstep_depth=3
"$tool" lockstep --platform web --depth "$lockstep_depth" --out "$work/lockstep-web.jsonl" content
lockstep_seconds=$(seconds "$step")

step=$EPOCHREALTIME
tsc -p "$app/tsconfig.json"
compile_seconds=$(seconds "$step")

step=$EPOCHREALTIME
status=0
LOCKSTEP_WEB_STREAM="$work/lockstep-web.jsonl" node --test --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$work/results.tap" \
    "$app"/out/test/*.test.js || status=$?
test_seconds=$(seconds "$step")

count() { sed -n "s/^# $1 //p" "$work/results.tap" | tail -1; }
echo "web kit in ${work#"$root"/}: $checks checks generated (tsc $(tsc --version | sed 's/Version //'), node $(node --version))"
echo "tests $(count tests), passed $(count pass), failed $(count fail), cancelled $(count cancelled), skipped $(count skipped)"
echo "seconds: export $export_seconds, lockstep (depth $lockstep_depth) $lockstep_seconds, tsc $compile_seconds, node --test $test_seconds, total $(seconds "$started")"
if [ "$status" -ne 0 ] || [ "$(count fail)" != "0" ] || [ "$(count cancelled)" != "0" ]; then
    echo "kit-test-web: FAILED" >&2
    exit 1
fi
