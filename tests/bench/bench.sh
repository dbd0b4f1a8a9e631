#!/usr/bin/env bash
# The benchmark runner behind ./build.sh bench. Run from anywhere, after
# ./build.sh has built ./toyc:
#
#   tests/bench/bench.sh [NAME...]     the benchmarks NAME (default: all)
#
# It prints, on standard output:
#  1. Run time: every benchmark of $BENCH_DIR built six ways (toyc -O0, -O1,
#     -O2; toyc --emit=llvm -O2 through llc -O2 and linked by toyc, which
#     isolates toyc's back end from its middle; the C twin with gcc -O0 and
#     -O2, both -fwrapv), run $BENCH_RUNS times at the "// args:" size,
#     rounds interleaved so that a burst of load hits every build alike; the
#     median, its ratio to gcc -O2 and the geometric mean of each ratio
#     column. Every run's output must equal the others' and, at the default
#     size, the output column of $BENCH_DIR/baseline.txt.
#  2. With BENCH_CALLGRIND=1, the same table of instruction counts from
#     valgrind --tool=callgrind (one run each, repeatable on a loaded
#     machine) at the smaller sizes of tests/bench/small-args.txt.
#  3. Spill code in toyc's -O1 and -O2 assembly, counted by tests/bench/asmstat
#     from the frame dump (--print-after=frame) and the -S output.
#  4. Compile speed on generated programs (tests/bench/gen) of $BENCH_LINES
#     lines and their C twins: toyc -O1 -S and -O2 -S against gcc -O0 -S,
#     lines per second, peak memory, growth between sizes, and toyc's
#     --time-passes breakdown at 100k lines (else the largest size).
#
# Environment:
#   BENCH_DIR        the benchmarks (default ../shared/bench from the repository root)
#   TOYC             the compiler (default ./toyc in the repository root)
#   BENCH_RUNS       runs per build for the median (default 3)
#   BENCH_CLOCK      cpu: user+sys seconds (default; the machine is shared, and
#                    waiting for a CPU does not count); wall: elapsed seconds
#   BENCH_SMALL=1    time at the sizes of small-args.txt instead of the defaults
#   BENCH_CALLGRIND=1  also count instructions with callgrind
#   BENCH_RUNTIME=0  skip parts 1-3;  BENCH_COMPILE=0  skip part 4
#   BENCH_LINES      program sizes for part 4 (default "10000 100000"; 1000000
#                    takes minutes of CPU time and about 6 GB of memory)
#   BENCH_TIMEOUT    seconds allowed per run or compile (default 600)
#   BENCH_KEEP=1     keep the scratch directory (binaries, .s, dumps) and name it
#
# Exit status: 0 when everything built and every output agreed; 1 when any
# output disagrees or a build or run failed; 2 for usage errors.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
here=$root/tests/bench

dir=${BENCH_DIR:-../shared/bench}
toyc=${TOYC:-./toyc}
runs=${BENCH_RUNS:-3}
clock=${BENCH_CLOCK:-cpu}
limit=${BENCH_TIMEOUT:-600}
sizes=${BENCH_LINES:-10000 100000}

# LLVM 14 first on PATH, as in build.sh: -opaque-pointers needs it.
if [ -d /usr/lib/llvm-14/bin ]; then
	PATH=/usr/lib/llvm-14/bin:$PATH
fi

die() {
	echo "bench.sh: $*" >&2
	exit 2
}

for a in "$@"; do
	case $a in
	-h | --help)
		sed -n '2,/^set -uo/p' "$here/bench.sh" | sed '$d; s/^# \{0,1\}//'
		exit 0
		;;
	-*) die "unknown option $a (see --help)" ;;
	esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "BENCH_RUNS must be a positive number, not '$runs'"
[[ $clock == cpu || $clock == wall ]] || die "BENCH_CLOCK must be cpu or wall, not '$clock'"
[ -d "$dir" ] && [ -f "$dir/baseline.txt" ] || die "no benchmarks in $dir (set BENCH_DIR to the folder with baseline.txt)"
dir=$(cd "$dir" && pwd)
[ -x "$toyc" ] || die "no compiler at $toyc: run ./build.sh first (or set TOYC)"
toyc=$(cd "$(dirname "$toyc")" && pwd)/$(basename "$toyc")
command -v gcc >/dev/null || die "gcc is needed for the C twins"
[ -x /usr/bin/time ] || die "/usr/bin/time is needed (Debian package time)"

names=()
if [ $# -gt 0 ]; then
	for n in "$@"; do
		[ -f "$dir/$n.toy" ] || die "no benchmark $n in $dir"
		names+=("$n")
	done
else
	for src in "$dir"/*.toy; do
		names+=("$(basename "$src" .toy)")
	done
fi

tmp=$(mktemp -d)
if [ "${BENCH_KEEP:-0}" = 1 ]; then
	echo "scratch directory: $tmp"
else
	trap 'rm -rf "$tmp"' EXIT
fi
status=0
failures=()
fail() {
	failures+=("$*")
	status=1
}

# The helpers are Go programs of this module.
go build -buildvcs=false -o "$tmp/asmstat" ./tests/bench/asmstat &&
	go build -buildvcs=false -o "$tmp/gen" ./tests/bench/gen || die "cannot build the helpers in tests/bench"

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
started=$(date +%s)
if [ -z "${TOYC:-}" ]; then
	commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
	[ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit + uncommitted changes"
	echo "toyc benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC'), ./toyc of the checkout at $commit"
else
	echo "toyc benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC'), TOYC=$toyc"
fi
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); load average at start: $(loadavg)"
echo "$(gcc --version | head -1); $(command -v llc >/dev/null && llc --version | grep -m1 -i 'llvm version' | sed 's/^ *//' || echo 'no llc')"

builds=(t0 t1 t2 llc c0 c2)
declare -A label=([t0]=toyc-O0 [t1]=toyc-O1 [t2]=toyc-O2 [llc]=llc-O2 [c0]=gcc-O0 [c2]=gcc-O2)
if ! command -v llc >/dev/null; then
	echo "no llc on PATH: the llc-O2 column is left out (Debian package llvm-14)"
	builds=(t0 t1 t2 c0 c2)
fi

# default_args prints the "// args:" line of a benchmark, or its size from
# small-args.txt when small is set.
bench_args() {
	local name=$1 small=$2 a=""
	if [ "$small" = 1 ]; then
		a=$(awk -v n="$name" '$1 == n { $1 = ""; sub(/^ +/, ""); print; exit }' "$here/small-args.txt")
	fi
	[ -n "$a" ] || a=$(sed -n 's|^// args: *||p' "$dir/$name.toy" | head -n 1)
	echo "$a"
}

# build_one compiles benchmark name the way b says into $tmp/name.b; the
# compilers' messages go to $tmp/name.b.log.
build_one() {
	local name=$1 b=$2 src=$dir/$1.toy out=$tmp/$1.$2
	{
		case $b in
		t0 | t1 | t2) "$toyc" "-O${b#t}" "$src" -o "$out" ;;
		llc)
			"$toyc" --emit=llvm -O2 "$src" -o "$out.ll" &&
				llc -opaque-pointers -O2 "$out.ll" -o "$out.llc.s" &&
				"$toyc" "$out.llc.s" -o "$out"
			;;
		c0 | c2) gcc "-O${b#c}" -fwrapv "$dir/$name.c" -o "$out" ;;
		esac
	} >"$out.log" 2>&1
}

# timed runs a command with a timeout and prints "wall cpu" seconds; its
# output goes to $out, its errors to $err, its status is the command's.
timed() {
	local out=$1 err=$2 t rc
	shift 2
	TIMEFORMAT='%3R %3U %3S'
	t=$({ time timeout "$limit" "$@" >"$out" 2>"$err"; } 2>&1)
	rc=$?
	awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' <<<"$t"
	return $rc
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# expect prints the baseline.txt output of a benchmark (empty if none).
expect() {
	awk -v n="$1" '$1 == n { for (i = 6; i <= NF; i++) printf "%s%s", $i, (i < NF ? " " : "") }' "$dir/baseline.txt"
}

# check compares one output with the reference of its benchmark (the
# baseline's line at the default size, else the first output seen) and
# records a disagreement.
declare -A ref
check() {
	local name=$1 what=$2 got
	got=$(cat "$3")
	if [ -z "${ref[$name]+set}" ]; then
		ref[$name]=$got
	elif [ "$got" != "${ref[$name]}" ]; then
		fail "$name: $what printed [$got], expected [${ref[$name]}]"
		return 1
	fi
}

# table prints a data file of "benchmark build value" lines as a table of
# values (formatted with fmt) and one of ratios to gcc -O2 with the
# geometric mean of each column; cells that are not numbers stay as they
# are and count in no mean.
table() {
	local data=$1 title=$2 fmt=$3
	awk -v title="$title" -v fmt="$fmt" -v order="${builds[*]}" \
		-v labels="$(for b in "${builds[@]}"; do printf '%s ' "${label[$b]}"; done)" '
	function num(s) { return s ~ /^[0-9.]+$/ && s + 0 > 0 }
	{ if (!($1 in seen)) { seen[$1] = 1; rows[++n] = $1 } v[$1, $2] = $3; if (NF > 3) note[$1] = $4 }
	END {
		nb = split(order, b, " "); split(labels, l, " ")
		printf "%s\n%-10s", title, "benchmark"
		for (j = 1; j <= nb; j++) printf " %9s", l[j]
		printf "\n"
		for (i = 1; i <= n; i++) {
			printf "%-10s", rows[i]
			for (j = 1; j <= nb; j++) { c = v[rows[i], b[j]]; printf " %9s", num(c) ? sprintf(fmt, c) : (c == "" ? "-" : c) }
			printf "%s\n", (rows[i] in note) ? "  " note[rows[i]] : ""
		}
		printf "\nratio to gcc-O2 (lower is faster)\n%-10s", "benchmark"
		for (j = 1; j <= nb; j++) printf " %9s", l[j]
		printf "\n"
		for (i = 1; i <= n; i++) {
			printf "%-10s", rows[i]
			base = v[rows[i], "c2"]
			for (j = 1; j <= nb; j++) {
				c = v[rows[i], b[j]]
				if (num(c) && num(base)) { r = c / base; printf " %9.2f", r; logs[j] += log(r); cnt[j]++ } else printf " %9s", "-"
			}
			printf "\n"
		}
		printf "%-10s", "geomean"
		for (j = 1; j <= nb; j++) printf " %9s", cnt[j] ? sprintf("%.2f", exp(logs[j] / cnt[j])) : "-"
		printf "\n\n"
	}' "$data"
}

# runtime_part builds and times every benchmark: part 1.
runtime_part() {
	local small=${BENCH_SMALL:-0} name b r args t o
	: >"$tmp/times.tsv"
	for name in "${names[@]}"; do
		args=$(bench_args "$name" "$small")
		[ "$small" = 1 ] || ref[$name]=$(expect "$name")
		[ -n "${ref[$name]:-}" ] || unset "ref[$name]"
		declare -A ok=() times=()
		for b in "${builds[@]}"; do
			if build_one "$name" "$b"; then
				ok[$b]=1
			else
				fail "$name: ${label[$b]} did not build: $(head -c 300 "$tmp/$name.$b.log")"
				echo "$name $b nobuild" >>"$tmp/times.tsv"
			fi
		done
		for ((r = 1; r <= runs; r++)); do
			for b in "${builds[@]}"; do
				[ -n "${ok[$b]:-}" ] || continue
				# shellcheck disable=SC2086 # args is a list of words
				if ! t=$(timed "$tmp/$name.$b.out" "$tmp/$name.$b.err" "$tmp/$name.$b" $args); then
					fail "$name: ${label[$b]} failed (exit status or timeout): $(head -c 300 "$tmp/$name.$b.err")"
					unset "ok[$b]"
					echo "$name $b failed" >>"$tmp/times.tsv"
					continue
				fi
				if ! check "$name" "${label[$b]}" "$tmp/$name.$b.out"; then
					unset "ok[$b]"
					echo "$name $b WRONG" >>"$tmp/times.tsv"
					continue
				fi
				times[$b]+=" $(if [ "$clock" = cpu ]; then echo "${t#* }"; else echo "${t% *}"; fi)"
			done
		done
		for b in "${builds[@]}"; do
			[ -n "${ok[$b]:-}" ] || continue
			# shellcheck disable=SC2086 # the list of times
			echo "$name $b $(median ${times[$b]}) args=${args// /,}" >>"$tmp/times.tsv"
		done
	done
	local what="median of $runs runs, seconds of CPU time (user+sys)"
	[ "$clock" = wall ] && what="median of $runs runs, wall-clock seconds"
	local size="the default args"
	[ "$small" = 1 ] && size="the args of tests/bench/small-args.txt"
	echo
	table "$tmp/times.tsv" "== Run time: $what, at $size ==" "%.3f"
}

# callgrind_part counts instructions with callgrind at the small sizes: part 2.
callgrind_part() {
	local name b args n
	if ! command -v valgrind >/dev/null; then
		echo "== Instruction counts: skipped, no valgrind =="
		return
	fi
	: >"$tmp/ir.tsv"
	unset ref
	declare -gA ref
	for name in "${names[@]}"; do
		args=$(bench_args "$name" 1)
		for b in "${builds[@]}"; do
			if [ ! -x "$tmp/$name.$b" ] && ! build_one "$name" "$b"; then
				echo "$name $b nobuild" >>"$tmp/ir.tsv"
				continue
			fi
			# shellcheck disable=SC2086 # args is a list of words
			if ! timeout "$limit" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
				"$tmp/$name.$b" $args >"$tmp/$name.$b.vg.out" 2>"$tmp/$name.$b.vg.err"; then
				fail "$name: ${label[$b]} failed under callgrind: $(grep -v '^==' "$tmp/$name.$b.vg.err" | head -c 300)"
				echo "$name $b failed" >>"$tmp/ir.tsv"
				continue
			fi
			if ! check "$name" "${label[$b]} (callgrind, args $args)" "$tmp/$name.$b.vg.out"; then
				echo "$name $b WRONG" >>"$tmp/ir.tsv"
				continue
			fi
			n=$(sed -n 's/.*Collected : *//p' "$tmp/$name.$b.vg.err")
			echo "$name $b $(awk -v n="$n" 'BEGIN { printf "%.1f", n / 1e6 }') args=${args// /,}" >>"$tmp/ir.tsv"
		done
	done
	table "$tmp/ir.tsv" "== Instructions executed (millions, callgrind, one run) at the args of tests/bench/small-args.txt ==" "%.1f"
}

# asm_part counts spill code in toyc's assembly: part 3.
asm_part() {
	local name lvl row stats instrs spills reloads slotops movs how
	echo "== Spill code in toyc's assembly (static counts; tests/bench/asmstat) =="
	echo "instrs: instructions; spill: mov reg -> spill slot; reload: mov spill slot -> reg;"
	echo "slotop: other instruction with a spill-slot operand; mov: reg-to-reg mov/xchg"
	printf '%-10s | %-36s | %-36s\n' "" "-O1" "-O2"
	printf '%-10s | %6s %6s %6s %6s %6s   | %6s %6s %6s %6s %6s\n' benchmark instrs spill reload slotop mov instrs spill reload slotop mov
	: >"$tmp/asm.tsv"
	for name in "${names[@]}"; do
		row=$(printf '%-10s |' "$name")
		for lvl in 1 2; do
			if "$toyc" "-O$lvl" -S --print-after=frame "$dir/$name.toy" -o "$tmp/$name.O$lvl.s" 2>"$tmp/$name.O$lvl.dump" &&
				stats=$("$tmp/asmstat" "$tmp/$name.O$lvl.s" "$tmp/$name.O$lvl.dump"); then
				read -r instrs spills reloads slotops movs how <<<"$stats"
				row+=$(printf ' %6s %6s %6s %6s %6s%s |' "$instrs" "$spills" "$reloads" "$slotops" "$movs" "$([ "$how" = exact ] && echo "  " || echo " ?")")
				echo "$lvl $stats" >>"$tmp/asm.tsv"
			else
				row+=$(printf ' %-36s |' "toyc -S failed")
				fail "$name: toyc -O$lvl -S --print-after=frame failed: $(head -c 300 "$tmp/$name.O$lvl.dump")"
			fi
		done
		echo "${row% |}"
	done
	awk '{ for (i = 2; i <= 6; i++) s[$1, i] += $i }
	END { printf "%-10s |", "total"; for (l = 1; l <= 2; l++) { for (i = 2; i <= 6; i++) printf " %6d", s[l, i]; printf (l == 1 ? "   |" : "\n") } }' "$tmp/asm.tsv"
	if grep -q guessed "$tmp/asm.tsv"; then
		echo "? no frame dump could be read: every slot below %rbp counted as a spill slot"
	fi
	echo
}

# compile_part measures compile speed on generated programs: part 4.
compile_part() {
	local n lines clines c tf rc w run checked=()
	echo "== Compile speed on generated programs (tests/bench/gen; one run each; -S only) =="
	printf '%-9s %-10s %9s %9s %9s %12s %10s\n' lines compiler wall-s cpu-s peak-MB lines/s "x gcc-O0"
	: >"$tmp/compile.tsv"
	for n in $sizes; do
		"$tmp/gen" -lines "$n" -toy "$tmp/gen$n.toy" -c "$tmp/gen$n.c" || die "gen failed"
		lines=$(wc -l <"$tmp/gen$n.toy")
		clines=$(wc -l <"$tmp/gen$n.c")
		for c in gcc-O0 toyc-O1 toyc-O2; do
			tf=$tmp/gen$n.$c.time
			case $c in
			gcc-O0) /usr/bin/time -f '%e %U %S %M' -o "$tf" timeout "$limit" gcc -O0 -fwrapv -S "$tmp/gen$n.c" -o "$tmp/gen$n.$c.s" 2>"$tmp/gen$n.$c.err" ;;
			toyc-O*) /usr/bin/time -f '%e %U %S %M' -o "$tf" timeout "$limit" "$toyc" "-${c#toyc-}" -S --time-passes "$tmp/gen$n.toy" -o "$tmp/gen$n.$c.s" 2>"$tmp/gen$n.$c.err" ;;
			esac
			rc=$?
			if [ $rc -ne 0 ]; then
				w=failed
				[ $rc -eq 124 ] && w="timeout ${limit}s"
				fail "compile speed: $c on $lines lines: $w (exit status $rc): $(grep -v '^ \|^toyc: time' "$tmp/gen$n.$c.err" | head -c 300)"
				printf '%-9s %-10s %9s\n' "$lines" "$c" "$w"
				continue
			fi
			tail -n 1 "$tf" | awk -v n="$n" -v c="$c" -v l="$lines" -v cl="$clines" -v clock="$clock" '{
				t = (clock == "cpu") ? $2 + $3 : $1
				print n, c, l, cl, $1, $2 + $3, $4 / 1024, t }' >>"$tmp/compile.tsv"
		done
		# Output check: what was timed, assembled and run against the C twin.
		if [ "$n" -le 100000 ] && [ -f "$tmp/gen$n.gcc-O0.s" ]; then
			unset "ref[gen$n]"
			gcc "$tmp/gen$n.gcc-O0.s" -o "$tmp/gen$n.c.exe" && "$tmp/gen$n.c.exe" >"$tmp/gen$n.c.out" &&
				check "gen$n" "gcc -O0" "$tmp/gen$n.c.out" || fail "gen$n: the C twin did not build or run"
			for c in toyc-O1 toyc-O2; do
				[ -f "$tmp/gen$n.$c.s" ] || continue
				if "$toyc" "$tmp/gen$n.$c.s" -o "$tmp/gen$n.$c.exe" 2>"$tmp/gen$n.$c.link" &&
					timeout "$limit" "$tmp/gen$n.$c.exe" >"$tmp/gen$n.$c.out" 2>"$tmp/gen$n.$c.runerr"; then
					check "gen$n" "$c" "$tmp/gen$n.$c.out" && checked+=("$lines")
				else
					fail "gen$n: $c program did not link or run: $(head -c 300 "$tmp/gen$n.$c.link" "$tmp/gen$n.$c.runerr")"
				fi
			done
		fi
	done
	awk -v clock="$clock" '
	{ key[NR] = $1 " " $2; n[NR] = $1; c[NR] = $2; l[NR] = $3; w[NR] = $5; cpu[NR] = $6; mb[NR] = $7; t[NR] = $8
	  if ($2 == "gcc-O0") g[$1] = $8 }
	END {
		for (i = 1; i <= NR; i++)
			printf "%-9s %-10s %9.2f %9.2f %9.0f %12.0f %10s\n", l[i], c[i], w[i], cpu[i], mb[i], (t[i] > 0 ? l[i] / t[i] : 0),
				(c[i] != "gcc-O0" && g[n[i]] > 0) ? sprintf("%.2f", t[i] / g[n[i]]) : ""
		printf "(lines/s and the ratio use %s time; the C twin has about as many lines)\n\n", clock == "cpu" ? "CPU (user+sys)" : "wall-clock"
		printf "growth of %s time with size:\n", clock == "cpu" ? "CPU" : "wall-clock"
		for (i = 1; i <= NR; i++) {
			for (j = 1; j < i; j++) if (c[j] == c[i] && n[j] < n[i]) p = j
			if (p && c[p] == c[i]) printf "  %-10s %8s -> %8s lines (x%.0f): time x%.1f\n", c[i], l[p], l[i], l[i] / l[p], (t[p] > 0 ? t[i] / t[p] : 0)
			p = 0
		}
	}' "$tmp/compile.tsv"
	if [ ${#checked[@]} -gt 0 ]; then
		echo "the assembly timed above, linked and run, prints what the C twin prints at: $(printf '%s\n' "${checked[@]}" | sort -un | tr '\n' ' ')lines"
	fi
	# The breakdown at 100k lines, and at the largest size when that is another.
	local at="" largest=""
	for n in $sizes; do
		[ "$n" = 100000 ] && at=$n
		largest=$n
	done
	[ "$largest" = "$at" ] || at="$at $largest"
	for run in $(for n in $at; do echo "$n.toyc-O1 $n.toyc-O2"; done); do
		grep -q '^toyc: time per stage' "$tmp/gen$run.err" 2>/dev/null || continue
		n=${run%%.*} c=${run#*.}
		echo
		echo "$c --time-passes at $(wc -l <"$tmp/gen$n.toy") lines (stages: wall-clock and CPU, % of the total CPU; passes: wall-clock):"
		awk '/^toyc: time per stage/ { stage = 1; next } /^toyc: time per/ { next }
		stage { wall = $1; cpu = $2; sub(/ms$/, "", wall); sub(/ms$/, "", cpu); $1 = $2 = ""; name = substr($0, 3); sub(/ \/.*\//, " ", name)
		  sn[++ns] = name; st[ns] = wall; sc[ns] = cpu; next }
		{ ms = $1; sub(/ms$/, "", ms); $1 = ""; pn[++np] = substr($0, 2); pt[np] = ms }
		END {
			total = sc[ns]
			for (i = 1; i <= ns; i++) printf "  %10.0f ms wall %10.0f ms cpu %5.1f%%  %s\n", st[i], sc[i], 100 * sc[i] / total, sn[i]
			printf "  passes:"
			for (i = 1; i <= np; i++) printf "%s %s %.0fms", (i > 1 && (i - 1) % 6 == 0) ? "\n         " : "", pn[i], pt[i]
			printf "\n"
		}' "$tmp/gen$run.err"
	done
	echo
}

if [ "${BENCH_RUNTIME:-1}" != 0 ]; then
	runtime_part
	[ "${BENCH_CALLGRIND:-0}" = 1 ] && callgrind_part
	asm_part
fi
[ "${BENCH_COMPILE:-1}" != 0 ] && compile_part

echo "finished in $(($(date +%s) - started)) s; load average at the end: $(loadavg)"
if [ ${#failures[@]} -gt 0 ]; then
	echo
	echo "FAILURES:"
	printf '  %s\n' "${failures[@]}"
fi
exit $status
