#!/bin/sh
# Puts TABLES, the Diagnostics tables `passkey-spec explain --list --format markdown` prints,
# into GUIDE between its two marker comments, in place of what was there. `make guide` runs
# it; the tables themselves come from the tool, so this only splices.
set -eu

usage="usage: scripts/splice-guide.sh GUIDE TABLES"
guide=${1:?$usage}
tables=${2:?$usage}
# The same two lines as WritersGuideTests reads; the page parser drops HTML comments of a
# prose page, so neither shows on the site.
start="<!-- The Diagnostics tables below are written by 'make guide' from docs/diagnostics/; edit those files, not the tables. -->"
end="<!-- End of the Diagnostics tables. -->"

# Each marker once, the start first: otherwise the splice would drop the rest of the guide.
line() { grep -nxF "$1" "$guide" | cut -d: -f1; }
if [ "$(grep -cxF "$start" "$guide")" != 1 ] || [ "$(grep -cxF "$end" "$guide")" != 1 ] ||
    [ "$(line "$end")" -le "$(line "$start")" ]; then
    echo "splice-guide.sh: $guide needs these two lines, once each and in this order:" >&2
    printf '  %s\n  %s\n' "$start" "$end" >&2
    exit 1
fi

awk -v start="$start" -v end="$end" -v tables="$tables" '
    $0 == end { skipping = 0 }
    !skipping { print }
    $0 == start {
        print ""
        while ((getline line < tables) > 0) print line
        print ""
        skipping = 1
    }
' "$guide" >"$guide.new"
mv "$guide.new" "$guide"
