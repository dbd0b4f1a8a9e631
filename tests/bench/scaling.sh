#!/usr/bin/env bash
# How the SSA construction grows with the function (issue 3): each analysis
# and mem2reg on generated functions of 1k, 10k and 100k blocks
# (middle/bench_test.go, bigSlotFunc), counted in instructions executed with
# valgrind's callgrind, which a loaded machine does not disturb the way it
# disturbs times. Run from anywhere; ./build.sh bench calls it.
#
#   tests/bench/scaling.sh
#
# Each count is one run of middle's TestScalingRun, with callgrind collecting
# only inside the measured call (--toggle-collect), so building the function
# is not counted, and with the garbage collector off (GOGC=off), because when
# it runs depends on the whole heap rather than on the stage; the bytes the
# stage allocates (Go's B/op) are printed beside the counts instead. The
# ratios are between successive sizes (10x the blocks each); a linear stage
# shows about x10, and one above x12 is flagged.
#
# Environment:
#   SCALING_VARS    variables per function (default "100 1000")
#   SCALING_STAGES  stages (default "dominators frontiers loops liveness mem2reg")
#   SCALING_JOBS    runs at once (default 2)
#
# Exit status: 0 when every stage grows by at most x12 per 10x; 1 when one
# grows faster or a run fails; 2 when valgrind is missing.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
vars=${SCALING_VARS:-100 1000}
stages=${SCALING_STAGES:-dominators frontiers loops liveness mem2reg}
jobs=${SCALING_JOBS:-2}
sizes="1000 10000 100000"
limit=12

if ! command -v valgrind >/dev/null; then
	echo "scaling.sh: valgrind is needed (Debian package valgrind)" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -buildvcs=false -c -o "$tmp/middle.test" ./middle || exit 1

# count runs one stage at one size and writes "stage vars blocks Ir bytes"
# to its own file; a failed run leaves the counts empty.
count() {
	local stage=$1 v=$2 n=$3 out=$tmp/$1.$2.$3
	TOYC_SCALING_RUN="$stage $n $v" GOGC=off GODEBUG=asyncpreemptoff=1 \
		valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		--toggle-collect=toyc/middle.measuredRun \
		"$tmp/middle.test" -test.run '^TestScalingRun$' >"$out.log" 2>&1
	local ir bytes
	ir=$(sed -n 's/.*Collected : *//p' "$out.log")
	bytes=$(sed -n 's/^allocated \([0-9]*\) bytes$/\1/p' "$out.log")
	echo "$stage $v $n ${ir:-failed} ${bytes:-failed}" >"$out.tsv"
}
export -f count
export tmp

started=$(date +%s)
for v in $vars; do
	for st in $stages; do
		for n in $sizes; do
			echo "$st $v $n"
		done
	done
done >"$tmp/runs"
xargs -P "$jobs" -L 1 bash -c 'count "$@"' _ <"$tmp/runs"

echo "== SSA construction scaling: instructions executed (callgrind, millions) and bytes allocated (MB), one run each =="
while read -r st v n; do
	cat "$tmp/$st.$v.$n.tsv"
done <"$tmp/runs" | awk -v limit="$limit" '
function ratio(a, b) { return (a ~ /^[0-9]+$/ && b ~ /^[0-9]+$/ && a > 0) ? sprintf("x%.1f", b / a) : "-" }
function big(a) { return a ~ /^[0-9]+$/ }
{ key = $1 " " $2; if (!(key in seen)) { seen[key] = 1; rows[++n] = key } ir[key, ++k[key]] = $4; by[key, k[key]] = $5 }
END {
	printf "%-11s %5s | %9s %9s %9s %7s %7s | %8s %8s %8s %7s %7s\n", "stage", "vars", "Ir 1k", "Ir 10k", "Ir 100k", "1k>10k", ">100k", "MB 1k", "MB 10k", "MB 100k", "1k>10k", ">100k"
	for (i = 1; i <= n; i++) {
		r = rows[i]; split(r, p, " ")
		printf "%-11s %5s |", p[1], p[2]
		for (j = 1; j <= 3; j++) printf " %9s", big(ir[r, j]) ? sprintf("%.2f", ir[r, j] / 1e6) : ir[r, j]
		printf " %7s %7s |", ratio(ir[r, 1], ir[r, 2]), ratio(ir[r, 2], ir[r, 3])
		for (j = 1; j <= 3; j++) printf " %8s", big(by[r, j]) ? sprintf("%.2f", by[r, j] / 1048576) : by[r, j]
		printf " %7s %7s", ratio(by[r, 1], by[r, 2]), ratio(by[r, 2], by[r, 3])
		flag = ""
		for (j = 1; j <= 2; j++) {
			if (!big(ir[r, j]) || !big(ir[r, j + 1])) flag = "  FAILED"
			else if (ir[r, j + 1] / ir[r, j] > limit && flag == "") flag = "  SUPERLINEAR (over x" limit ")"
		}
		print flag
		if (flag != "") bad = 1
	}
	exit bad
}'
status=$?
echo "(each ratio is 10x the blocks; linear is about x10; $(($(date +%s) - started)) s)"
exit $status
