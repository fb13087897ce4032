#!/usr/bin/env bash
# Builds the fuzz targets in Fuzz/Targets with libFuzzer and AddressSanitizer, then runs
# each for a while. SwiftPM cannot link libFuzzer's main into an executable, so every module
# a target needs is compiled here with the sanitizer flags, in dependency order, and each
# target's entry file is linked against those objects.
#
#   scripts/fuzz.sh [--target NAME] [--seconds N] [--build-only] [-- LIBFUZZER-ARGS...]
#
# Everything it writes goes to .build/fuzz/: modules/, bin/, corpus/<target> (the working
# corpus, seeded from Fuzz/corpus/<target>), crashes/<target> and logs/.
set -euo pipefail
cd "$(dirname "$0")/.."

target=""
seconds=60
build_only=0
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
    --target) target="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --) shift; extra=("$@"); break ;;
    *) echo "usage: $0 [--target NAME] [--seconds N] [--build-only] [-- LIBFUZZER-ARGS...]" >&2; exit 2 ;;
    esac
done

scripts/ensure-deps.sh

SWIFTC=${SWIFTC:-swiftc}
out=.build/fuzz
modules=$out/modules
mkdir -p "$modules" "$out/bin" "$out/logs"

# -O keeps Swift's runtime checks (bounds, overflow, preconditions), which are what most
# crashes here are; -g gives symbolized reports; -enable-testing lets the gherkin target run
# one check through the runner's internal entry point, without exploring the whole flow.
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -enable-testing -I "$modules" -I Sources/CCmarkGFM)
read -r -a cmark_flags <<<"$(pkg-config --cflags libcmark-gfm)"
read -r -a cmark_libs <<<"$(pkg-config --libs libcmark-gfm)"
for flag in "${cmark_flags[@]}"; do flags+=(-Xcc "$flag"); done

# Each fuzz target and the modules it links, in dependency order; the maximum input length.
declare -A target_modules=(
    [page]="Markdown CommonMark SpecModel SpecParser"
    [gherkin]="Markdown CommonMark SpecModel SpecParser ReportModel SpecRunner PasskeyLoginEngine ConformanceKit PasskeyLoginFlow"
    [copy-table]="Markdown CommonMark SpecModel SpecParser"
    [mustache]="Mustache"
    [report]="Markdown SpecModel ReportModel SpecDiff"
    [http-request]="PreviewServer"
    [lsp-message]="LanguageServerProtocol"
)
declare -A max_len=(
    [page]=20000
    [gherkin]=4096
    [copy-table]=4096
    [mustache]=4096
    [report]=24576
    [http-request]=10240
    [lsp-message]=16384
)
all_targets=(page gherkin copy-table mustache report http-request lsp-message)

if [ -n "$target" ]; then
    [ -n "${target_modules[$target]:-}" ] || { echo "unknown target '$target'; one of: ${all_targets[*]}" >&2; exit 2; }
    targets=("$target")
else
    targets=("${all_targets[@]}")
fi

# The modules each module imports.
declare -A module_imports=(
    [Markdown]="" [CommonMark]="Markdown" [SpecModel]="Markdown" [ReportModel]="SpecModel" [Mustache]=""
    [PreviewServer]="" [SpecParser]="SpecModel CommonMark Markdown" [SpecRunner]="SpecModel ReportModel"
    [PasskeyLoginEngine]="SpecModel" [ConformanceKit]="SpecModel"
    [PasskeyLoginFlow]="SpecModel ReportModel SpecRunner PasskeyLoginEngine ConformanceKit"
    [SpecDiff]="SpecModel ReportModel" [LanguageServerProtocol]=""
)

declare -A module_folder=()

# The Swift files the package's build plugins generate, made here with the same tool: the
# explanations SpecModel embeds from docs/diagnostics/.
generated=$out/generated
mkdir -p "$generated"
embed_files() {
    local tool=$out/bin/EmbedFiles
    if [ ! -x "$tool" ] || [ Plugins/EmbedFiles/main.swift -nt "$tool" ]; then
        echo "fuzz: compiling EmbedFiles"
        "$SWIFTC" -O Plugins/EmbedFiles/main.swift -o "$tool"
    fi
    "$tool" "$@"
}
declare -A module_generated=([SpecModel]="DiagnosticExplanations" [ConformanceKit]="KitRuntimeFiles")

# Rebuilds a module when any of its sources, or a module it imports, is newer than its object.
build_module() {
    local name=$1
    local object=$modules/$name.o
    local folder=${module_folder[$name]:-Sources/$name}
    local sources inputs=("$folder")
    mapfile -t sources < <(find "$folder" -name '*.swift' | sort)
    case "${module_generated[$name]:-}" in
        DiagnosticExplanations)
            embed_files docs/diagnostics "$generated/DiagnosticExplanations.swift" DiagnosticExplanations
            sources+=("$generated/DiagnosticExplanations.swift")
            inputs+=("$generated/DiagnosticExplanations.swift")
            ;;
        KitRuntimeFiles)
            embed_files Kits "$generated/KitRuntimeFiles.swift" KitRuntimeFiles
            sources+=("$generated/KitRuntimeFiles.swift")
            inputs+=("$generated/KitRuntimeFiles.swift")
            ;;
    esac
    for imported in ${module_imports[$name]}; do inputs+=("$modules/$imported.o"); done
    if [ -f "$object" ] && [ -z "$(find "${inputs[@]}" -newer "$object" -print -quit)" ]; then
        return
    fi
    echo "fuzz: compiling $name"
    local module_flags=("${flags[@]}")
    # SpecModel holds the value types, and the edit distance behind "did you mean": its
    # comparison hooks took most of the step-binding target's time for no guidance worth having.
    [ "$name" = SpecModel ] && module_flags=("${module_flags[@]/#-sanitize=fuzzer,address/-sanitize=address}")
    "$SWIFTC" "${module_flags[@]}" -wmo -module-name "$name" -emit-module -emit-module-path "$modules/$name.swiftmodule" \
        -c "${sources[@]}" -o "$object"
    touch "$object"
}

build_target() {
    local name=$1
    local objects=()
    for module in ${target_modules[$name]}; do
        build_module "$module"
        objects+=("$modules/$module.o")
    done
    echo "fuzz: linking $name"
    "$SWIFTC" "${flags[@]}" -module-name "Fuzz_${name//-/_}" "Fuzz/Targets/$name.swift" "${objects[@]}" \
        "${cmark_libs[@]}" -use-ld=lld -o "$out/bin/$name"
}

for name in "${targets[@]}"; do build_target "$name"; done
[ "$build_only" = 1 ] && exit 0

# One target at a time, at low priority: the fuzzers share the machine. Swift's own crash
# backtracer is turned off so that AddressSanitizer and libFuzzer report a crash themselves.
export SWIFT_BACKTRACE=enable=no
for name in "${targets[@]}"; do
    corpus=$out/corpus/$name
    crashes=$out/crashes/$name
    mkdir -p "$corpus" "$crashes"
    log=$out/logs/$name.log
    echo "fuzz: running $name for ${seconds}s (log: $log)"
    status=0
    nice -n 10 "$out/bin/$name" "$corpus" "Fuzz/corpus/$name" \
        -dict="Fuzz/dict/$name.dict" -max_len="${max_len[$name]}" -timeout=10 -rss_limit_mb=2048 \
        -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$crashes/" ${extra[@]+"${extra[@]}"} \
        >"$log" 2>&1 || status=$?
    # The last status line (cov, ft, corpus size) and the final statistics.
    grep -E '^#[0-9]+' "$log" | tail -n 1
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" || true
    if [ "$status" != 0 ]; then
        grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*Test unit written)' "$log" >&2 || true
        echo "fuzz: $name failed (exit $status); the input is in $crashes/, the log in $log" >&2
        exit "$status"
    fi
done
