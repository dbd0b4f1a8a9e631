#!/usr/bin/env bash
# How compile time grows with the shape of one function (issue 11): the
# programs of tests/bench/shapes — an if/else if chain, a sequence of
# loops, a block with that many values live at once, a block of that many
# calls of a small function (which the inliner copies in), a loop left by
# that many breaks, a loop of that many statements updating a tenth as many
# globals (1k and 10k each), and loops nested 90 and 900 deep (the
# nesting limit is 1000 brackets) —
# compiled to assembly at -O0, -O1, -O2 and -O2 -g. CPU time (user+sys, median of
# 3; at the small size each the mean of 10 compiles in a row, since
# time(1) counts hundredths of a second) and its growth per tenfold step;
# above x12 is flagged, and so is each pass whose time grows by more than
# x12 while taking at least 20 ms (the passes' times are wall-clock, from
# --time-passes). Each program is also
# linked and run, and must print what its -O0 build prints.
#
# For comparison, and not judged: the growth of gcc's and clang's -O0 and
# -O2 -S on each program's C twin (the same statements, long for int;
# shapes -c), one run each (the mean of 10 in a row where one takes under
# a second). The larger compile is stopped (ulimit -t) once it has used
# 13 times the CPU time the smaller one took, which shows it grows faster
# than x12 (the growth shown is then the least it can be), and any compile
# after SHAPES_CCLIMIT seconds of CPU. Compilers that are not installed
# are left out.
#
#   tests/bench/shapes.sh          (./build.sh bench calls it)
#
# A row above x12 is followed by how the compile's instructions and its
# misses in the last-level cache grew (cachegrind; explain_growth below).
#
# Environment: TOYC (default ./toyc), SHAPES (default "elseif loops live
# nest calls exits globals"), SHAPES_RUNS (default 3), SHAPES_CC (default "gcc clang"; empty:
# no comparison), SHAPES_CCLIMIT (default 300), SHAPES_CACHEGRIND (0: no
# cachegrind explanation). Level -O2g is -O2 -g: the
# debugging information follows one function's variables through its
# code, which must stay linear too.
#
# Exit status: 0 when every shape grows by at most x12 per tenfold step at
# every level; 1 otherwise or when a compile or run fails.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
toyc=${TOYC:-./toyc}
shapes=${SHAPES:-elseif loops live nest calls exits globals}
runs=${SHAPES_RUNS:-3}
ccs=${SHAPES_CC-gcc clang}
cclimit=${SHAPES_CCLIMIT:-300}
limit=12
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -buildvcs=false -o "$tmp/shapes" ./tests/bench/shapes || exit 1

# cc_cpu CC LEVEL FILE LIMIT prints the CPU seconds of CC LEVEL -S FILE:
# one compile, or the mean of 10 when one takes under a second; ">LIMIT"
# when it was stopped at LIMIT seconds of CPU (a whole number); "failed"
# when it failed (its first error in $tmp/ccfail).
cc_cpu() {
	local batch=1 rc
	for batch in 1 10; do
		(
			ulimit -t "$4"
			exec /usr/bin/time -f '%U %S' -o "$tmp/cctime" sh -c 'for _ in $(seq "$1"); do "$2" "$3" -S "$4" -o /dev/null || exit $?; done' \
				sh "$batch" "$1" "$2" "$3"
		) 2>"$tmp/ccerr"
		rc=$?
		# Stopped: killed, by SIGKILL or SIGXCPU, itself (clang) or its
		# cc1 (gcc). (Its CPU time as time(1) reports it can fall short
		# of the limit by a tenth and more.)
		if [ $rc = 137 ] || [ $rc = 152 ] || { [ $rc != 0 ] && grep -qE 'Killed signal|CPU time limit' "$tmp/ccerr"; }; then
			echo ">$4"
			return
		elif [ $rc != 0 ]; then
			echo failed
			{ grep -m 1 'error' "$tmp/ccerr" || tail -n 1 "$tmp/ccerr"; } | cut -c 1-200 >"$tmp/ccfail"
			return
		fi
		awk -v b="$batch" '{ t = ($1 + $2) / b } END { if (b == 1 && t < 1) exit 1; printf "%.4f\n", t }' "$tmp/cctime" && return
	done
}

# explain_growth SHAPE SMALL LARGE FLAGS prints, for a shape whose time
# grew too fast, how its instructions and its last-level cache misses grew
# (cachegrind, simulating this machine's L3 as lscpu describes it; one
# worker, the collector as toyc paces it): instructions growing about x10
# while the time grows more says the work is linear and the memory
# hierarchy is not (a function past the size of the cache misses in every
# pass that sweeps it); instructions growing faster say a stage is.
explain_growth() {
	local n refs=() misses=()
	for n in "$2" "$3"; do
		GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=cachegrind --cache-sim=yes "--LL=$llcache" \
			--cachegrind-out-file=/dev/null "$toyc" -j1 $4 -S "$tmp/$1$n.toy" -o /dev/null 2>"$tmp/cachegrind" || return
		refs+=("$(awk '/ I +refs:/ { gsub(/,/, "", $NF); print $NF }' "$tmp/cachegrind")")
		misses+=("$(awk '/ LL misses:/ { gsub(/,/, "", $4); print $4 }' "$tmp/cachegrind")")
	done
	awk -v i0="${refs[0]}" -v i1="${refs[1]}" -v m0="${misses[0]}" -v m1="${misses[1]}" -v ll="$llcache" 'BEGIN {
		if (i0 == 0 || m0 == 0) exit
		split(ll, c, ",")
		printf "           instructions x%.1f (%.0fM -> %.0fM), last-level cache misses x%.0f (%.1fM -> %.1fM; cachegrind, a %d MiB %d-way L3)\n",
			i1 / i0, i0 / 1e6, i1 / 1e6, m1 / m0, m0 / 1e6, m1 / 1e6, c[1] / 1048576, c[2] }'
}

# The last-level cache to simulate: size,ways,line as lscpu gives the L3
# (valgrind's own guess here took a 320 MiB direct-mapped one).
llcache=""
cachesim=0
if [ "${SHAPES_CACHEGRIND-1}" != 0 ] && command -v valgrind >/dev/null; then
	llcache=$(lscpu -C -B 2>/dev/null | awk '$1 == "L3" && $4 > 0 { printf "%d,%d,64", $2, $4 }')
	[ -n "$llcache" ] && cachesim=1
fi

status=0
echo "== Compile time by the shape of one function (tests/bench/shapes; CPU s, median of $runs) =="
printf '%-8s %-8s %6s %10s %10s %8s\n' shape level small "cpu-s" "cpu-s x10" growth
for shape in $shapes; do
	small=1000 large=10000
	[ "$shape" = nest ] && small=90 large=900
	for n in $small $large; do
		"$tmp/shapes" -shape "$shape" -n "$n" -c "$tmp/$shape$n.c" >"$tmp/$shape$n.toy" || exit 1
	done
	for level in -O0 -O1 -O2 -O2g; do
		flags=$level
		[ "$level" = -O2g ] && flags="-O2 -g"
		declare -A cpu=()
		for n in $small $large; do
			# time(1) counts in hundredths of a second, and a small
			# compile takes two or three: it is timed $batch times in a
			# row and divided, else the growth would be mostly rounding.
			batch=1
			[ "$n" = "$small" ] && batch=10
			times=()
			for _ in $(seq "$runs"); do
				if ! /usr/bin/time -f '%U %S' -o "$tmp/time" sh -c 'for _ in $(seq "$1"); do "$2" $3 -S --time-passes "$4" -o "$5" 2>"$6" || exit 1; done' \
					sh "$batch" "$toyc" "$flags" "$tmp/$shape$n.toy" "$tmp/$shape$n$level.s" "$tmp/$shape$n$level.err"; then
					echo "shapes: $shape $n $level: the compile failed: $(grep -v '^ \|^toyc: ' "$tmp/$shape$n$level.err" | head -c 300)"
					status=1
					continue 3
				fi
				times+=("$(awk -v b="$batch" '{ printf "%.4f\n", ($1 + $2) / b }' "$tmp/time" | tail -n 1)")
			done
			cpu[$n]=$(printf '%s\n' "${times[@]}" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
			if "$toyc" "$tmp/$shape$n$level.s" -o "$tmp/$shape$n$level.exe" 2>"$tmp/link.err" &&
				"$tmp/$shape$n$level.exe" 3 >"$tmp/$shape$n$level.out" 2>&1; then
				if [ "$level" != -O0 ] && ! cmp -s "$tmp/$shape$n$level.out" "$tmp/$shape$n-O0.out"; then
					echo "shapes: $shape $n $level prints $(head -c 100 "$tmp/$shape$n$level.out"), -O0 $(head -c 100 "$tmp/$shape$n-O0.out")"
					status=1
				fi
			else
				echo "shapes: $shape $n $level: did not link or run: $(head -c 300 "$tmp/link.err" "$tmp/$shape$n$level.out")"
				status=1
			fi
		done
		growth=$(awk -v a="${cpu[$small]}" -v b="${cpu[$large]}" 'BEGIN { printf "%.1f", (a > 0.01 ? b / a : b / 0.01) }')
		flag=""
		if awk -v g="$growth" -v l="$limit" 'BEGIN { exit !(g > l) }'; then
			flag="  > x$limit"
			status=1
		fi
		printf '%-8s %-8s %6s %10s %10s %7sx%s\n' "$shape" "$level" "$small" "${cpu[$small]}" "${cpu[$large]}" "$growth" "$flag"
		# The passes that grow faster than the program.
		join <(awk '/ms  [a-z(]/ && !/frontend|passes and|total/ { t = $1; sub(/ms$/, "", t); print $2, t }' "$tmp/$shape$small$level.err" | sort) \
			<(awk '/ms  [a-z(]/ && !/frontend|passes and|total/ { t = $1; sub(/ms$/, "", t); print $2, t }' "$tmp/$shape$large$level.err" | sort) |
			awk -v l="$limit" '$3 >= 20 && $3 > l * ($2 > 1 ? $2 : 1) { printf "           pass %s: %.0f ms -> %.0f ms (x%.0f)\n", $1, $2, $3, $3 / ($2 > 0 ? $2 : 1) }'
		# Why: more work, or the same work per statement done slower?
		if [ -n "$flag" ] && [ "$cachesim" = 1 ]; then
			explain_growth "$shape" "$small" "$large" "$flags"
		fi
		unset cpu
	done
	for cc in $ccs; do
		command -v "$cc" >/dev/null || continue
		for level in -O0 -O2; do
			declare -A cpu=()
			failed=""
			cclim=$cclimit
			for n in $small $large; do
				cpu[$n]=$(cc_cpu "$cc" "$level" "$tmp/$shape$n.c" "$cclim")
				cclim=$(awk -v t="${cpu[$n]}" -v l="$cclimit" 'BEGIN { if (t ~ /^[0-9.]+$/) t = int(13 * t) + 1; else t = l; print (t < l ? t : l) }')
				[ "${cpu[$n]}" = failed ] && failed+="           $cc $level at $n failed: $(sed "s|$tmp/||" "$tmp/ccfail")"$'\n'
			done
			# Stopped at the larger size, the growth is more than the
			# limit over the smaller's time.
			growth=$(awk -v a="${cpu[$small]}" -v b="${cpu[$large]}" 'BEGIN {
				more = sub(/^>/, "", b)
				if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/) print "?"
				else printf "%s%.1f", (more ? ">" : ""), b / (a > 0.01 ? a : 0.01) }')
			printf '%-8s %-8s %6s %10s %10s %7sx  (C twin)\n' "$shape" "$cc$level" "$small" "${cpu[$small]}" "${cpu[$large]}" "$growth"
			printf '%s' "$failed"
			unset cpu
		done
	done
done
echo "(growth: CPU time at the larger size over the smaller, 10x the size; at most x$limit is linear enough)"
exit $status
