#!/usr/bin/env bash
# Runs the Kotlin conformance kit here, as an Android app's unit tests would: exports the kit
# with $PASSKEY_SPEC (default .build/debug/passkey-spec) into a fresh folder under .build/kits/,
# compiles the kit's runtime, its generated tests and Examples/kotlin (the example login
# controller, its harness, its mutation tests and the runtime's own tests) in one kotlinc
# run, and runs them all with the JUnit 5 console launcher. Fails on any failed test.
# Writes the lockstep exploration of Android for LockstepTest (`passkey-spec lockstep`: every
# sequence of up to four inputs) while kotlinc runs. Installs Debian's kotlin and junit5 when
# missing.
set -euo pipefail

cd "$(dirname "$0")/.."
passkey_spec="${PASSKEY_SPEC:-.build/debug/passkey-spec}"
if [ ! -x "$passkey_spec" ]; then
    echo "no passkey-spec at $passkey_spec: build it with 'swift build', or set PASSKEY_SPEC" >&2
    exit 1
fi

source scripts/apt-install.sh
apt_install kotlin junit5

junit=/usr/share/java/junit-platform-console-standalone.jar
stdlib=/usr/share/java/kotlin-stdlib.jar
for jar in "$junit" "$stdlib"; do
    [ -f "$jar" ] || { echo "missing $jar (Debian packages junit5 and kotlin)" >&2; exit 1; }
done

mkdir -p .build/kits
work=$(mktemp -d .build/kits/kotlin.XXXXXX)
# Kept when something fails, to look at the kit and the JUnit reports.
trap 'if [ $? -eq 0 ]; then rm -rf "$work"; else echo "kotlin-kit: the kit and the reports are in $work" >&2; fi' EXIT
kit="$work/kit"
classes="$work/classes"
lockstep="$work/lockstep-android.jsonl"
# Every mistake of the example that lockstep can find shows within 3 inputs. Depth 4 is half
# a million sequences, and LockstepTest about 10 s on 2 cores shared with another suite; each
# input more about doubles both.
lockstep_depth=4

seconds() { date +%s.%N; }
elapsed() { awk -v start="$1" -v end="$(seconds)" 'BEGIN { printf "%.1f", end - start }'; }

start=$(seconds)
"$passkey_spec" export --format kotlin-kit --out "$kit" content
echo "kotlin-kit: exported $(find "$kit/scripts" -name '*.json' | wc -l) script(s) in $(elapsed "$start") s"

# The exploration depends on the engine alone: it is written while kotlinc compiles.
(
    start=$(seconds)
    "$passkey_spec" lockstep --platform android --depth "$lockstep_depth" --out "$lockstep" content
    elapsed "$start" >"$work/lockstep.seconds"
) >"$work/lockstep.log" 2>&1 &
lockstep_writer=$!

# The compiler is a short JVM run: the client compiler alone and the serial collector start
# and finish it about twice as fast on a small machine as the JVM's defaults.
jvm_options="-Xmx1G -Xms256M -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto"
# The tests' JVM keeps the optimizing compiler: LockstepTest replays millions of inputs, more
# than twice as fast with it.
test_jvm_options="-Xmx1G -Xms256M -XX:+UseSerialGC -Xshare:auto"
start=$(seconds)
compiled=0
JAVA_OPTS="$jvm_options" kotlinc -jvm-target 1.8 -nowarn -cp "$junit" -d "$classes" \
    "$kit/runtime" "$kit/checks" Examples/kotlin/src >"$work/kotlinc.log" 2>&1 || compiled=$?
# The JVM's note about kotlinc's own -Xverify:none option is not the compiler's.
grep -v -e '-Xverify:none' -e '^$' "$work/kotlinc.log" >&2 || true
[ "$compiled" -eq 0 ] || { echo "kotlin-kit: kotlinc failed" >&2; exit 1; }
echo "kotlin-kit: compiled in $(elapsed "$start") s"
wait "$lockstep_writer" || { cat "$work/lockstep.log" >&2; echo "kotlin-kit: passkey-spec lockstep failed" >&2; exit 1; }
echo "kotlin-kit: wrote the lockstep exploration (depth $lockstep_depth, $(sed -n 's/^{"end":{.*"sequences":\([0-9]*\).*/\1/p' "$lockstep") sequences) in $(cat "$work/lockstep.seconds") s"

start=$(seconds)
status=0
# shellcheck disable=SC2086
java $test_jvm_options -Dpasskeyspec.kit="$kit" -Dpasskeyspec.lockstep="$lockstep" -jar "$junit" \
    --class-path "$classes:$stdlib" --scan-class-path "$classes" \
    --disable-banner --disable-ansi-colors --details=none --details-theme=ascii \
    --reports-dir "$work/reports" >"$work/junit.log" 2>&1 || status=$?
report=$(cat "$work"/reports/TEST-junit-jupiter.xml 2>/dev/null || true)
count() { sed -n "s/.*<testsuite [^>]* $1=\"\([0-9]*\)\".*/\1/p" <<<"$report" | head -1; }
tests=$(count tests)
failures=$(count failures)
errors=$(count errors)
skipped=$(count skipped)
if [ "$status" -ne 0 ] || [ -z "$tests" ]; then
    cat "$work/junit.log" >&2
    echo "kotlin-kit: FAILED: ${tests:-?} tests, ${failures:-?} failed, ${errors:-?} errors, ${skipped:-?} skipped ($(elapsed "$start") s)" >&2
    exit 1
fi
echo "kotlin-kit: ran in $(elapsed "$start") s"
for class in LoginConformanceTest MutationTest LockstepTest KitJsonTest ConformanceRunnerTest; do
    printf '  %-22s %s tests\n' "$class" "$(grep -c "classname=\"[a-z.]*\.$class\"" <<<"$report")"
done
echo "kotlin-kit: passed: $tests tests, $failures failed, $errors errors, $skipped skipped"
