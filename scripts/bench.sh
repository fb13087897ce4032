#!/usr/bin/env bash
# Times the main commands on content/ with a release build, the median of 5 runs each, and
# measures them side by side with Hugo (from Debian; 9 runs each, alternating) building the
# same Markdown with a minimal layout and no syntax highlighting: the content alone, the
# content plus 1,000 prose pages, a rebuild after a one-word edit, and the content plus 1,000
# pages the size of the writer's guide. Ratios are passkey-spec over Hugo.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh bench
swift build -c release --product passkey-spec --static-swift-stdlib >/dev/null
bin=$PWD/.build/release/passkey-spec
# Both tools write to a RAM-backed folder where there is one: on a disk, creating a thousand
# files right after deleting a thousand costs the kernel's inode allocator more with every
# run, which would measure the disk's history rather than the tools.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then work=$(mktemp -d -p /dev/shm); else work=$(mktemp -d); fi
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The median wall time of 5 runs of a command, in seconds; `before` runs untimed before each.
seconds() {
    local before=$1
    shift
    local times=()
    for _ in 1 2 3 4 5; do
        eval "$before"
        # Bash's own clock: starting `date` around the command would add a process start to
        # every time measured.
        local start end
        start=$EPOCHREALTIME
        "$@" >/dev/null 2>&1 || true
        end=$EPOCHREALTIME
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')")
    done
    printf '%s\n' "${times[@]}" | median
}

# The wall time of one run of a shell command, in seconds, by bash's own clock.
timed() {
    local start=$EPOCHREALTIME
    eval "$1" >/dev/null 2>&1 || true
    awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }'
}

# passkey-spec and Hugo side by side: 9 runs of each, alternating so that any drift of the
# machine falls on both; prints both medians. Arguments: the untimed command before ours,
# ours, the untimed command before theirs, theirs.
compare() {
    local ours=() theirs=()
    for _ in 1 2 3 4 5 6 7 8 9; do
        eval "$1"
        ours+=("$(timed "$2")")
        eval "$3"
        theirs+=("$(timed "$4")")
    done
    echo "$(printf '%s\n' "${ours[@]}" | median) $(printf '%s\n' "${theirs[@]}" | median)"
}

# Peak resident memory of one run, in MB.
peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.0f", $1 / 1024 }'; }

row() { printf '%-34s %9.3f s %9.3f s %8.2f\n' "$1" "$2" "$3" "$(awk -v a="$2" -v b="$3" 'BEGIN { print a / b }')"; }

# Peak memory of one build by each tool, and the size of what each wrote. Arguments: the
# content, passkey-spec's output folder, the Hugo site.
memory_rows() {
    local content=$1 out=$2 hugo=$3 ours theirs
    rm -rf "$out" "$hugo/public"
    ours=$(peak "$bin" build "$content" --out "$out")
    theirs=$(peak hugo --source "$hugo" --quiet)
    printf '%-34s %9s MB %9s MB %8.2f\n' "  peak memory" "$ours" "$theirs" "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { print a / b }')"
    printf '%-34s %9s MB %9s MB\n' "  output size" "$(du -sm "$out" | cut -f1)" "$(du -sm "$hugo/public" | cut -f1)"
}

echo "passkey-spec benchmark: median of 5 runs (side by side: of 9, alternating), $(nproc) cores"
printf '%-10s %8.3f s\n' lint "$(seconds : "$bin" lint content)"
printf '%-10s %8.3f s\n' check "$(seconds : "$bin" check content)"
printf '%-10s %8.3f s\n' explore "$(seconds : env PASSKEY_SPEC_CACHE=off "$bin" explore)"
PASSKEY_SPEC_CACHE=off "$bin" explore | grep -E '^explored in' || true
printf '%-10s %8.3f s\n' build "$(seconds "rm -rf $work/site" "$bin" build content --out "$work/site")"
printf '%-10s %8.3f s\n' render "$(seconds "rm -rf $work/rendered" "$bin" build content --report site/exports/report.json --out "$work/rendered")"

# A Hugo site over a copy of the same Markdown: a minimal layout, no highlighting, no feeds.
hugo_site() {
    local folder=$1 content=$2
    mkdir -p "$folder/layouts/_default"
    cat >"$folder/hugo.toml" <<'TOML'
baseURL = "http://localhost/"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[markup.highlight]
codeFences = false
TOML
    local page='<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>'
    echo "$page" >"$folder/layouts/_default/single.html"
    echo "$page" >"$folder/layouts/_default/list.html"
    echo "$page" >"$folder/layouts/index.html"
    rm -rf "$folder/content"
    cp -r "$content" "$folder/content"
    # Hugo reads an `index.md` as a leaf bundle, whose folder's other files are resources and
    # not pages: it would render one page. `_index.md` makes it a section, so Hugo renders
    # every page, as passkey-spec does.
    find "$folder/content" -name index.md -execdir mv index.md _index.md \;
}

# The content plus 1,000 prose pages of about 300 words each.
big="$work/big-content"
cp -r content "$big"
mkdir -p "$big/notes"
for number in $(seq -w 1 1000); do
    {
        printf '# Note %s\n<!-- page: note-%s -->\n\n' "$number" "$number"
        for paragraph in 1 2 3 4 5 6; do
            printf 'Paragraph %s of note %s: passkeys replace passwords with a key pair; the private key stays on the device, and the server keeps only the public key. A sign-in asks the device to sign a challenge, which proves possession without sending a secret that could be phished or leaked.\n\n' "$paragraph" "$number"
        done
    } >"$big/notes/note-$number.md"
done

echo
printf '%-34s %11s %11s %8s\n' "side by side" "passkey-spec" "Hugo" "ratio"
hugo_site "$work/hugo" content
read -r ours theirs < <(compare "rm -rf $work/out" "$bin build content --out $work/out" \
    "rm -rf $work/hugo/public" "hugo --source $work/hugo --quiet")
row "build content" "$ours" "$theirs"

hugo_site "$work/hugo-big" "$big"
read -r ours_big theirs_big < <(compare "rm -rf $work/out-big" "$bin build $big --out $work/out-big" \
    "rm -rf $work/hugo-big/public" "hugo --source $work/hugo-big --quiet")
row "content + 1,000 pages" "$ours_big" "$theirs_big"

memory_rows "$big" "$work/out-big" "$work/hugo-big"

# One word changed in one page, rebuilt into the existing output, against Hugo's full build.
edit="sed -i 's/Paragraph 1 of note 0500/Paragraph one of note 0500/; t; s/Paragraph one of note 0500/Paragraph 1 of note 0500/' $big/notes/note-0500.md"
read -r ours_edit theirs_full < <(compare "$edit" "$bin build $big --out $work/out-big" \
    "rm -rf $work/hugo-big/public" "hugo --source $work/hugo-big --quiet")
row "one-word edit vs Hugo full build" "$ours_edit" "$theirs_full"
rm -rf "$work/out-big" "$work/hugo-big"

# The content plus 1,000 pages the size and shape of real ones: copies of the writer's guide
# (46 KB each, with tables, code blocks, links and headings), each with its own title and ID.
# Small generated pages hide what a tool costs for each page it keeps.
real="$work/real-content"
cp -r content "$real"
for number in $(seq -w 1 1000); do
    sed "1s/.*/# Guide copy $number/; s/<!-- page: writers-guide -->/<!-- page: guide-$number -->/" \
        content/writers-guide.md >"$real/guide-$number.md"
done
hugo_site "$work/hugo-real" "$real"
read -r ours_real theirs_real < <(compare "rm -rf $work/out-real" "$bin build $real --out $work/out-real" \
    "rm -rf $work/hugo-real/public" "hugo --source $work/hugo-real --quiet")
row "content + 1,000 guide-sized pages" "$ours_real" "$theirs_real"
memory_rows "$real" "$work/out-real" "$work/hugo-real"
rm -rf "$work/out-real" "$work/hugo-real"

# A one-word edit, from the write of the file to the new word in the browser's page: preview
# against `hugo server`, each live-reloading a page open in headless Chromium (5 edits each,
# medians; the browser tests' virtualenv has Selenium).
scripts/ensure-browser-deps.sh >/dev/null
read -r ours_preview theirs_preview < <(.venv/bin/python scripts/preview-latency.py "$bin" content "$work/hugo" 5)
row "edit to browser: preview vs hugo server" "$ours_preview" "$theirs_preview"

# The language server: a one-word edit to the native spec page sent as `didChange`, to the
# diagnostics published for it: the lint's, at once, and the engine's, once the client has
# sent nothing for the server's pause (0.1 s from the edit's arrival; the engine's times
# include it). Against the commands a writer would otherwise run on the saved file, as new
# processes: `lint PAGE` and `check PAGE`. 30 edits each, after 3 of warm-up; ratios are the
# server over the command. Targets: lint p95 <= 50 ms, engine p95 <= 300 ms.
echo
echo "language server: didChange to publishDiagnostics, 30 one-word edits, 10 on guide-sized pages (p50 / p95)"
page=native/login-error-states.md
ms() { awk -v v="$1" 'BEGIN { printf "%.1f", v * 1000 }'; }
for set in content "$big" "$real"; do
    case "$set" in
        content) label="content" ;;
        "$big") label="content + 1,000 pages" ;;
        *) label="content + 1,000 guide-sized pages" ;;
    esac
    read -r lint50 lint95 engine50 engine95 cli_lint50 cli_lint95 cli_check50 cli_check95 open_own open_lint < <(
        python3 scripts/lsp-latency.py "$bin" "$set" "$page" "$([ "$set" = "$real" ] && echo 10 || echo 30)")
    printf '%s\n' "  $label"
    # The cold start: the opened page's own findings, then the lint of the whole content.
    printf '    %-8s %7s ms first diagnostics of the opened page, %s ms the whole content linted\n' "open" \
        "$(ms "$open_own")" "$(ms "$open_lint")"
    printf '    %-8s %7s ms %7s ms   vs lint PAGE  %7s ms %7s ms   ratio %5.2f\n' "lint" \
        "$(ms "$lint50")" "$(ms "$lint95")" "$(ms "$cli_lint50")" "$(ms "$cli_lint95")" \
        "$(awk -v a="$lint50" -v b="$cli_lint50" 'BEGIN { print a / b }')"
    printf '    %-8s %7s ms %7s ms   vs check PAGE %7s ms %7s ms   ratio %5.2f\n' "engine" \
        "$(ms "$engine50")" "$(ms "$engine95")" "$(ms "$cli_check50")" "$(ms "$cli_check95")" \
        "$(awk -v a="$engine50" -v b="$cli_check50" 'BEGIN { print a / b }')"
done
rm -rf "$real"
