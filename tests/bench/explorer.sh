#!/usr/bin/env bash
# The explorer's costs (issue 10): on a generated program of
# $EXPLORER_LINES lines (tests/bench/gen), at -O1 and -O2, the time toyc
# takes to write the page (--emit=html, CPU seconds, median of 3) beside the
# time it takes for -S, the page's size, and the time from the start of
# navigation until the page is interactive in headless Chromium (the viewer
# marks <body data-ready>; median of 3 loads, from tests/explorer_test.go's
# TestExplorerLoadTime). Run from anywhere after ./build.sh; ./build.sh bench
# calls it.
#
# Goals: at most 5 MB and interactive within 2 s for 1,000 lines.
#
# Environment:
#   TOYC            the compiler (default ./toyc in the repository root)
#   EXPLORER_LINES  program size (default 1000)
#
# Exit status: 0; 1 when a page could not be made or loaded. Chromium's part
# is skipped (and said) when /usr/bin/chromium is missing.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
toyc=${TOYC:-./toyc}
lines=${EXPLORER_LINES:-1000}
[ -x "$toyc" ] || { echo "explorer.sh: no compiler at $toyc: run ./build.sh first" >&2; exit 2; }
toyc=$(cd "$(dirname "$toyc")" && pwd)/$(basename "$toyc")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

go run ./tests/bench/gen -lines "$lines" -toy "$tmp/p.toy" -c "$tmp/p.c" || exit 1
echo
echo "== The explorer: a page of a $(wc -l <"$tmp/p.toy")-line generated program =="
printf '%-6s %12s %12s %12s %14s\n' level "html CPU s" "-S CPU s" "page MB" "interactive s"
cpu() { # median CPU seconds of three runs of "$@"
	local t=()
	for _ in 1 2 3; do
		/usr/bin/time -o "$tmp/time" -f '%U %S' "$@" >/dev/null 2>&1
		t+=("$(awk '{printf "%.3f", $1 + $2}' "$tmp/time")")
	done
	printf '%s\n' "${t[@]}" | sort -n | sed -n 2p
}
for level in 1 2; do
	page=$tmp/p$level.html
	if ! "$toyc" -O$level --emit=html "$tmp/p.toy" -o "$page"; then
		echo "explorer.sh: toyc -O$level --emit=html failed" >&2
		status=1
		continue
	fi
	html=$(cpu "$toyc" -O$level --emit=html "$tmp/p.toy" -o "$tmp/scratch.html")
	asm=$(cpu "$toyc" -O$level -S "$tmp/p.toy" -o "$tmp/scratch.s")
	size=$(awk -v b="$(stat -c %s "$page")" 'BEGIN { printf "%.2f", b / 1e6 }')
	load="(no chromium)"
	if [ -x /usr/bin/chromium ]; then
		out=$(EXPLORER_PAGE=$page go test -buildvcs=false ./tests/ -run '^TestExplorerLoadTime$' -v -count=1 2>&1)
		load=$(sed -n 's/.*interactive after \([0-9.]*\) s (median).*/\1/p' <<<"$out")
		if [ -z "$load" ]; then
			echo "$out" | tail -20 >&2
			load=failed
			status=1
		fi
	fi
	printf '%-6s %12s %12s %12s %14s\n' "-O$level" "$html" "$asm" "$size" "$load"
done
exit $status
