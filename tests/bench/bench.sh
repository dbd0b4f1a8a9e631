#!/usr/bin/env bash
# The benchmark runner behind ./build.sh bench. Run from anywhere, after
# ./build.sh has built ./toyc:
#
#   tests/bench/bench.sh [NAME...]     the benchmarks NAME (default: all)
#
# The benchmarks are the Toy programs NAME.toy, each with a C twin NAME.c,
# of the directories in $BENCH_DIR: by default the repository's own suite
# tests/bench/programs and, when it exists, ../shared/bench beside the
# checkout. Each directory is a group of the tables. A program's sizes are
# the header lines "// args: N" (the benchmark size) and, optionally,
# "// test-args: n" (a small size).
#
# It prints, on standard output:
#  1. Run time: every benchmark built eight ways (toyc -O0, -O1, -O2; toyc
#     --emit=llvm -O2 through llc -O2 and linked by toyc, which isolates
#     toyc's back end from its middle; the C twin with gcc -O0 and -O2 and
#     clang -O2, all -fwrapv, and with tcc, which does not optimize), run
#     $BENCH_RUNS times at the "// args:" size, rounds interleaved so that a
#     burst of load hits every build alike; the median, its ratio to gcc
#     -O2, the geometric mean of each ratio column per group and over all,
#     and toyc -O2's worst and best ratio. Outputs are checked: in a
#     directory with a baseline.txt, at the default size, every run must
#     print that file's output column; elsewhere (and with BENCH_SMALL=1)
#     every run must print what the gcc -O2 build printed. A line "NAME
#     FAIL" (a program's self-check failing) counts as a failure wherever it
#     appears. A twin that tcc or clang cannot build is marked n/a and does
#     not fail the run; a column whose compiler is missing is left out.
#  2. With BENCH_CALLGRIND=1, the same tables of instruction counts from
#     valgrind --tool=callgrind (one run each, repeatable on a loaded
#     machine) at the small sizes: a benchmark's line in
#     tests/bench/small-args.txt, else its "// test-args:" line, else its
#     default size.
#  3. Spill code in toyc's -O1 and -O2 assembly of every benchmark, counted
#     by tests/bench/asmstat from the frame dump (--print-after=frame) and
#     the -S output.
#  4. Compile speed on generated programs (tests/bench/gen) of $BENCH_LINES
#     lines and their C twins: toyc -O0, -O1 and -O2 -S (the median of
#     $BENCH_CRUNS runs) against gcc -O0 -S (and clang -O0 -S and tcc
#     when installed), lines per CPU and per wall-clock second, peak
#     memory, growth between sizes, and toyc's --time-passes breakdown at
#     100k lines (else the largest size); what -g adds to toyc -O1 -S and
#     -O2 -S at 100k lines, in CPU and wall-clock time, rounds
#     interleaved, in instructions at the smallest size (callgrind,
#     collector off: repeatable) and in misses of the L1 data cache and
#     the L2 there (cachegrind: why the time grows more than the
#     instructions); and a small program's -S time beside toyc's start.
#
# Environment:
#   BENCH_DIR        the benchmark directories, separated by spaces, relative
#                    to the repository root or absolute (default
#                    "tests/bench/programs ../shared/bench", the second only
#                    when it exists)
#   TOYC             the compiler (default ./toyc in the repository root)
#   BENCH_RUNS       runs per build for the median (default 5)
#   BENCH_CLOCK      cpu: user+sys seconds (default; the machine is shared, and
#                    waiting for a CPU does not count); wall: elapsed seconds
#   BENCH_SMALL=1    time at the small sizes of part 2 instead of the defaults
#   BENCH_CALLGRIND=1  also count instructions with callgrind
#   BENCH_RUNTIME=0  skip parts 1-3;  BENCH_COMPILE=0  skip part 4
#   BENCH_DWARF=0    skip part 5: -g's location coverage of variables
#                    (llvm-dwarfdump --statistics) at -O0/-O1/-O2 over the
#                    benchmarks with C twins, a table per group, beside
#                    gcc's and clang's -g
#                    (tests/bench/dwarfcov.sh)
#   BENCH_GROUNDS    rounds of part 4's measurement of what -g costs
#                    (default 5)
#   BENCH_LINES      program sizes for part 4 (default "10000 100000"; 1000000
#                    takes minutes of CPU time, and gcc -O0 3 GB of memory)
#   BENCH_CRUNS      runs of each toyc compile in part 4, of which the median
#                    by CPU time is reported (default 3)
#   BENCH_TIMEOUT    seconds allowed per run or compile (default 600)
#   BENCH_KEEP=1     keep the scratch directory (binaries, .s, dumps) and name it
#
# One round of the 36 programs' 8 builds takes about 250 s of CPU time, so
# the default run (5 rounds, then parts 3 and 4) some 25 minutes on an idle
# machine; BENCH_RUNS=1 BENCH_COMPILE=0 with a few NAMEs is the quick check.
# On a terminal, standard error shows which benchmark is running.
#
# Exit status: 0 when everything built and every output agreed; 1 when any
# output disagrees, a program reports FAIL, or a build (other than tcc's or
# clang's) or a run failed; 2 for usage errors.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
here=$root/tests/bench

toyc=${TOYC:-./toyc}
runs=${BENCH_RUNS:-5}
clock=${BENCH_CLOCK:-cpu}
limit=${BENCH_TIMEOUT:-600}
sizes=${BENCH_LINES:-10000 100000}
cruns=${BENCH_CRUNS:-3}

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
[[ $limit =~ ^[1-9][0-9]*$ ]] || die "BENCH_TIMEOUT must be a positive number of seconds, not '$limit'"
[ -x "$toyc" ] || die "no compiler at $toyc: run ./build.sh first (or set TOYC)"
toyc=$(cd "$(dirname "$toyc")" && pwd)/$(basename "$toyc")
command -v gcc >/dev/null || die "gcc is needed for the C twins"
[ -x /usr/bin/time ] || die "/usr/bin/time is needed (Debian package time)"

# The directories: dirs holds their absolute paths in order, group[d] the
# name shown for d (as given), baseline[d] is set when d has a baseline.txt.
dirnote=""
if [ -n "${BENCH_DIR:-}" ]; then
	given=$BENCH_DIR
else
	given=tests/bench/programs
	if [ -d ../shared/bench ]; then
		given+=" ../shared/bench"
	else
		dirnote="(no ../shared/bench beside the checkout: only tests/bench/programs)"
	fi
fi
dirs=()
declare -A group=() baseline=()
for d in $given; do
	[ -d "$d" ] || die "no directory $d (BENCH_DIR names benchmark directories, relative to $root)"
	compgen -G "$d/*.toy" >/dev/null || die "no benchmarks (*.toy) in $d"
	abs=$(cd "$d" && pwd)
	[ -z "${group[$abs]+set}" ] || continue
	dirs+=("$abs")
	group[$abs]=$d
	[ -f "$abs/baseline.txt" ] && baseline[$abs]=1
done
[ ${#dirs[@]} -gt 0 ] || die "BENCH_DIR is empty"

# Every benchmark's directory: dirof[name]. A name must be unique over the
# directories, since it names the rows and the scratch files.
declare -A dirof=()
for d in "${dirs[@]}"; do
	for src in "$d"/*.toy; do
		n=$(basename "$src" .toy)
		[ -z "${dirof[$n]+set}" ] || die "benchmark $n is in both ${group[${dirof[$n]}]} and ${group[$d]}; set BENCH_DIR to one of them"
		dirof[$n]=$d
	done
done

# names: the benchmarks to run, grouped by directory in the order of dirs.
declare -A wanted=()
for n in "$@"; do
	[ -n "${dirof[$n]+set}" ] || die "no benchmark $n in $given"
	wanted[$n]=1
done
names=()
for d in "${dirs[@]}"; do
	for src in "$d"/*.toy; do
		n=$(basename "$src" .toy)
		[ $# -eq 0 ] || [ -n "${wanted[$n]:-}" ] && names+=("$n")
	done
done

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
# notes: what was left out without failing the run (tcc or clang n/a).
notes=()

# The helpers are Go programs of this module.
go build -buildvcs=false -o "$tmp/asmstat" ./tests/bench/asmstat &&
	go build -buildvcs=false -o "$tmp/gen" ./tests/bench/gen || die "cannot build the helpers in tests/bench"

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
# progress shows where a long part is, on a terminal only (standard error).
progress() {
	[ -t 2 ] || return 0
	printf '\r\033[Kbench.sh: %s ' "$*" >&2
}
started=$(date +%s)
if [ -z "${TOYC:-}" ]; then
	commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
	[ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit + uncommitted changes"
	echo "toyc benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC'), ./toyc of the checkout at $commit"
else
	echo "toyc benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC'), TOYC=$toyc"
fi
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); load average at start: $(loadavg)"
echo "$(gcc --version | head -1); $(command -v clang >/dev/null && clang --version | head -1 || echo 'no clang'); $(command -v tcc >/dev/null && tcc -v 2>&1 | head -1 || echo 'no tcc'); $(command -v llc >/dev/null && llc --version | grep -m1 -i 'llvm version' | sed 's/^ *//' || echo 'no llc')"
for d in "${dirs[@]}"; do
	k=0
	for n in "${names[@]}"; do [ "${dirof[$n]}" = "$d" ] && k=$((k + 1)); done
	[ $k -gt 0 ] || continue
	s=s
	[ $k -gt 1 ] || s=""
	if [ -n "${baseline[$d]:-}" ]; then
		echo "group ${group[$d]}: $k benchmark$s, outputs checked against its baseline.txt (at the default size)"
	else
		echo "group ${group[$d]}: $k benchmark$s, outputs checked against the gcc -O2 build's"
	fi
done
[ -z "$dirnote" ] || echo "$dirnote"

builds=(t0 t1 t2 llc c0 c2 clang tcc)
declare -A label=([t0]=toyc-O0 [t1]=toyc-O1 [t2]=toyc-O2 [llc]=llc-O2 [c0]=gcc-O0 [c2]=gcc-O2 [clang]=clang-O2 [tcc]=tcc)
# optional[b]: a build that may fail to build a twin without failing the run.
declare -A optional=([clang]=1 [tcc]=1)
leave_out() {
	local b=$1 x keep=()
	for x in "${builds[@]}"; do [ "$x" = "$b" ] || keep+=("$x"); done
	builds=("${keep[@]}")
}
command -v llc >/dev/null || {
	echo "no llc on PATH: the llc-O2 column is left out (Debian package llvm-14)"
	leave_out llc
}
command -v clang >/dev/null || {
	echo "no clang on PATH: the clang-O2 column is left out (Debian package clang)"
	leave_out clang
}
command -v tcc >/dev/null || {
	echo "no tcc on PATH: the tcc column is left out (Debian package tcc)"
	leave_out tcc
}
# The order of the builds within a round: gcc -O2 first, so that its output
# is the reference of the benchmarks checked by agreement.
order=(c2)
for b in "${builds[@]}"; do [ "$b" = c2 ] || order+=("$b"); done

# header_args prints the words of a benchmark's header line "// KEY: ...".
header_args() {
	sed -n "s|^// $2: *||p" "${dirof[$1]}/$1.toy" | head -n 1 | sed 's/[[:space:]]*$//'
}

# bench_args prints the size of a benchmark: its "// args:" line, or, when
# small is set, its line of small-args.txt, else its "// test-args:" line.
bench_args() {
	local name=$1 small=$2 a=""
	if [ "$small" = 1 ]; then
		a=$(awk -v n="$name" '$1 == n { $1 = ""; sub(/^ +/, ""); print; exit }' "$here/small-args.txt")
		[ -n "$a" ] || a=$(header_args "$name" test-args)
	fi
	[ -n "$a" ] || a=$(header_args "$name" args)
	echo "$a"
}

# build_one compiles benchmark name the way b says into $tmp/name.b; the
# compilers' messages go to $tmp/name.b.log.
build_one() {
	local name=$1 b=$2 d=${dirof[$1]} out=$tmp/$1.$2
	local src=$d/$name.toy csrc=$d/$name.c
	{
		case $b in
		t0 | t1 | t2) "$toyc" "-O${b#t}" "$src" -o "$out" ;;
		llc)
			"$toyc" --emit=llvm -O2 "$src" -o "$out.ll" &&
				llc -opaque-pointers -O2 "$out.ll" -o "$out.llc.s" &&
				"$toyc" "$out.llc.s" -o "$out"
			;;
		c0 | c2) gcc "-O${b#c}" -fwrapv "$csrc" -o "$out" ;;
		clang) clang -O2 -fwrapv "$csrc" -o "$out" ;;
		# tcc has no optimizer and wraps signed arithmetic; some
		# installations need libm named, so a second try with -lm.
		tcc) tcc "$csrc" -o "$out" || tcc "$csrc" -o "$out" -lm ;;
		esac
	} >"$out.log" 2>&1
}

# build_all builds benchmark name every way into ok (an associative array
# of the caller, set for each build that worked) and writes a "nobuild" or
# "n/a" cell to data for each that did not.
build_all() {
	local name=$1 data=$2 grp=$3 b
	for b in "${builds[@]}"; do
		if [ -x "$tmp/$name.$b" ]; then
			ok[$b]=1
			continue
		fi
		# A build that failed in part 1 is not tried and reported again.
		if [ -f "$tmp/$name.$b.log" ]; then
			echo "$grp $name $b $([ -n "${optional[$b]:-}" ] && echo n/a || echo nobuild)" >>"$data"
			continue
		fi
		if build_one "$name" "$b"; then
			ok[$b]=1
		elif [ -n "${optional[$b]:-}" ]; then
			notes+=("$name: ${label[$b]} could not build the C twin (n/a): $(head -c 200 "$tmp/$name.$b.log" | tr '\n' ' ')")
			echo "$grp $name $b n/a" >>"$data"
		else
			fail "$name: ${label[$b]} did not build: $(head -c 300 "$tmp/$name.$b.log")"
			echo "$grp $name $b nobuild" >>"$data"
		fi
	done
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
	local d=${dirof[$1]}
	[ -n "${baseline[$d]:-}" ] || return 0
	awk -v n="$1" '$1 == n { for (i = 6; i <= NF; i++) printf "%s%s", $i, (i < NF ? " " : "") }' "$d/baseline.txt"
}

# failed_run records a run that exited with a nonzero status or timed out,
# with the start of what it printed on either stream.
failed_run() {
	local name=$1 what=$2 out=$3 err=$4 rc=$5 why
	why="exit status $rc"
	[ "$rc" -eq 124 ] && why="timeout ${limit}s"
	fail "$name: $what failed ($why): stdout [$(head -c 200 "$out" | tr '\n' ' ')] stderr [$(grep -v '^==' "$err" | head -c 200 | tr '\n' ' ')]"
}

# check compares one output with the reference of its benchmark (the
# baseline's line at the default size, else the first output seen, which is
# gcc -O2's when it built) and records a disagreement or a FAIL line.
declare -A ref
check() {
	local name=$1 what=$2 got
	got=$(cat "$3")
	if grep -Eq '^[^ ]+ FAIL( |$)' <<<"$got"; then
		fail "$name: $what printed a FAIL line: $(grep -Em1 '^[^ ]+ FAIL( |$)' <<<"$got" | head -c 300)"
		return 1
	fi
	if [ -z "${ref[$name]+set}" ]; then
		ref[$name]=$got
	elif [ "$got" != "${ref[$name]}" ]; then
		fail "$name: $what printed [$got], expected [${ref[$name]}]"
		return 1
	fi
}

# table prints a data file of "group benchmark build value [note]" lines as
# a table of values (formatted with fmt) and one of ratios to gcc -O2 with
# the geometric mean of each column per group and over all, and toyc -O2's
# worst and best ratio; cells that are not numbers stay as they are and
# count in no mean.
table() {
	local data=$1 title=$2 fmt=$3
	awk -v title="$title" -v fmt="$fmt" -v order="${builds[*]}" \
		-v labels="$(for b in "${builds[@]}"; do printf '%s ' "${label[$b]}"; done)" '
	function num(s) { return s ~ /^[0-9.]+$/ && s + 0 > 0 }
	function header(   j) {
		printf "%-12s", "benchmark"
		for (j = 1; j <= nb; j++) printf " %9s", l[j]
		printf "\n"
	}
	function means(name, k,   j) {
		printf "%-12s", name
		for (j = 1; j <= nb; j++) printf " %9s", cnt[k, j] ? sprintf("%.2f", exp(logs[k, j] / cnt[k, j])) : "-"
		printf "\n"
	}
	function extremes(name, k) {
		if (k in worst)
			printf "toyc-O2 / gcc-O2 over %s: geomean %.2f, worst %.2f (%s), best %.2f (%s)\n", name,
				exp(logs[k, jt2] / cnt[k, jt2]), worst[k], worstat[k], best[k], bestat[k]
	}
	{
		if (!($2 in seen)) {
			seen[$2] = 1; rows[++n] = $2; grp[n] = $1
			if (!($1 in gsize)) groups[++ng] = $1
			gsize[$1]++
		}
		v[$2, $3] = $4; if (NF > 4) note[$2] = $5
	}
	END {
		nb = split(order, b, " "); split(labels, l, " ")
		for (j = 1; j <= nb; j++) if (b[j] == "t2") jt2 = j
		all = "\001all"
		print title
		header()
		for (i = 1; i <= n; i++) {
			if (i == 1 || grp[i] != grp[i - 1]) printf "-- %s (%d) --\n", grp[i], gsize[grp[i]]
			printf "%-12s", rows[i]
			for (j = 1; j <= nb; j++) { c = v[rows[i], b[j]]; printf " %9s", num(c) ? sprintf(fmt, c) : (c == "" ? "-" : c) }
			printf "%s\n", (rows[i] in note) ? "  " note[rows[i]] : ""
		}
		printf "\nratio to gcc-O2 (lower is faster); geomean: geometric mean of the column over the group%s\n", (ng > 1 ? ", geomean-all over every group" : "")
		header()
		for (i = 1; i <= n; i++) {
			g = grp[i]
			if (i == 1 || g != grp[i - 1]) printf "-- %s --\n", g
			printf "%-12s", rows[i]
			base = v[rows[i], "c2"]
			for (j = 1; j <= nb; j++) {
				c = v[rows[i], b[j]]
				if (num(c) && num(base)) {
					r = c / base; printf " %9.2f", r
					logs[g, j] += log(r); cnt[g, j]++; logs[all, j] += log(r); cnt[all, j]++
					if (j == jt2) for (x = 1; x <= 2; x++) {
						k = (x == 1) ? g : all
						if (!(k in worst) || r > worst[k]) { worst[k] = r; worstat[k] = rows[i] }
						if (!(k in best) || r < best[k]) { best[k] = r; bestat[k] = rows[i] }
					}
				} else printf " %9s", "-"
			}
			printf "\n"
			if (i == n || grp[i + 1] != g) means("geomean", g)
		}
		if (ng > 1) means("geomean-all", all)
		printf "\n"
		for (x = 1; x <= ng; x++) extremes(groups[x] " (" gsize[groups[x]] ")", groups[x])
		if (ng > 1) extremes("all (" n ")", all)
		printf "\n"
	}' "$data"
}

# runtime_part builds and times every benchmark: part 1.
runtime_part() {
	local small=${BENCH_SMALL:-0} name b r args t grp rc
	: >"$tmp/times.tsv"
	for name in "${names[@]}"; do
		progress "run time: $name"
		grp=${group[${dirof[$name]}]}
		args=$(bench_args "$name" "$small")
		[ -n "$args" ] || fail "$name: no \"// args:\" line in its header"
		unset "ref[$name]"
		[ "$small" = 1 ] || ref[$name]=$(expect "$name")
		[ -n "${ref[$name]:-}" ] || unset "ref[$name]"
		declare -A ok=() times=()
		build_all "$name" "$tmp/times.tsv" "$grp"
		for ((r = 1; r <= runs; r++)); do
			for b in "${order[@]}"; do
				[ -n "${ok[$b]:-}" ] || continue
				# shellcheck disable=SC2086 # args is a list of words
				t=$(timed "$tmp/$name.$b.out" "$tmp/$name.$b.err" "$tmp/$name.$b" $args)
				rc=$?
				if [ $rc -ne 0 ]; then
					failed_run "$name" "${label[$b]}" "$tmp/$name.$b.out" "$tmp/$name.$b.err" $rc
					unset "ok[$b]"
					echo "$grp $name $b failed" >>"$tmp/times.tsv"
					continue
				fi
				if ! check "$name" "${label[$b]}" "$tmp/$name.$b.out"; then
					unset "ok[$b]"
					echo "$grp $name $b WRONG" >>"$tmp/times.tsv"
					continue
				fi
				times[$b]+=" $(if [ "$clock" = cpu ]; then echo "${t#* }"; else echo "${t% *}"; fi)"
			done
		done
		for b in "${builds[@]}"; do
			[ -n "${ok[$b]:-}" ] || continue
			# shellcheck disable=SC2086 # the list of times
			echo "$grp $name $b $(median ${times[$b]}) args=${args// /,}" >>"$tmp/times.tsv"
		done
	done
	local what="median of $runs runs, seconds of CPU time (user+sys)"
	[ "$clock" = wall ] && what="median of $runs runs, wall-clock seconds"
	local size="the default args"
	[ "$small" = 1 ] && size="the small args (small-args.txt, else // test-args:)"
	[ -t 2 ] && printf '\r\033[K' >&2
	echo
	table "$tmp/times.tsv" "== Run time: $what, at $size ==" "%.3f"
}

# callgrind_part counts instructions with callgrind at the small sizes: part 2.
callgrind_part() {
	local name b args n grp rc
	if ! command -v valgrind >/dev/null; then
		echo "== Instruction counts: skipped, no valgrind =="
		return
	fi
	: >"$tmp/ir.tsv"
	unset ref
	declare -gA ref
	for name in "${names[@]}"; do
		progress "callgrind: $name"
		grp=${group[${dirof[$name]}]}
		args=$(bench_args "$name" 1)
		declare -A ok=()
		build_all "$name" "$tmp/ir.tsv" "$grp"
		for b in "${order[@]}"; do
			[ -n "${ok[$b]:-}" ] || continue
			# shellcheck disable=SC2086 # args is a list of words
			timeout "$limit" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
				"$tmp/$name.$b" $args >"$tmp/$name.$b.vg.out" 2>"$tmp/$name.$b.vg.err"
			rc=$?
			if [ $rc -ne 0 ]; then
				failed_run "$name" "${label[$b]} under callgrind (args $args)" "$tmp/$name.$b.vg.out" "$tmp/$name.$b.vg.err" $rc
				echo "$grp $name $b failed" >>"$tmp/ir.tsv"
				continue
			fi
			if ! check "$name" "${label[$b]} (callgrind, args $args)" "$tmp/$name.$b.vg.out"; then
				echo "$grp $name $b WRONG" >>"$tmp/ir.tsv"
				continue
			fi
			n=$(sed -n 's/.*Collected : *//p' "$tmp/$name.$b.vg.err")
			echo "$grp $name $b $(awk -v n="$n" 'BEGIN { printf "%.1f", n / 1e6 }') args=${args// /,}" >>"$tmp/ir.tsv"
		done
	done
	[ -t 2 ] && printf '\r\033[K' >&2
	table "$tmp/ir.tsv" "== Instructions executed (millions, callgrind, one run) at the small args (small-args.txt, else // test-args:) ==" "%.1f"
}

# asm_part counts spill code in toyc's assembly: part 3.
asm_part() {
	local name lvl row stats instrs spills reloads slotops movs how grp prev=""
	echo "== Spill code in toyc's assembly (static counts; tests/bench/asmstat) =="
	echo "instrs: instructions; spill: mov reg -> spill slot; reload: mov spill slot -> reg;"
	echo "slotop: other instruction with a spill-slot operand; mov: reg-to-reg mov/xchg"
	printf '%-12s | %-36s | %-36s\n' "" "-O1" "-O2"
	printf '%-12s | %6s %6s %6s %6s %6s   | %6s %6s %6s %6s %6s\n' benchmark instrs spill reload slotop mov instrs spill reload slotop mov
	: >"$tmp/asm.tsv"
	for name in "${names[@]}"; do
		grp=${group[${dirof[$name]}]}
		[ "$grp" = "$prev" ] || echo "-- $grp --"
		prev=$grp
		row=$(printf '%-12s |' "$name")
		for lvl in 1 2; do
			if "$toyc" "-O$lvl" -S --print-after=frame "${dirof[$name]}/$name.toy" -o "$tmp/$name.O$lvl.s" 2>"$tmp/$name.O$lvl.dump" &&
				stats=$("$tmp/asmstat" "$tmp/$name.O$lvl.s" "$tmp/$name.O$lvl.dump"); then
				read -r instrs spills reloads slotops movs how <<<"$stats"
				row+=$(printf ' %6s %6s %6s %6s %6s%s |' "$instrs" "$spills" "$reloads" "$slotops" "$movs" "$([ "$how" = exact ] && echo "  " || echo " ?")")
				echo "$grp $lvl $stats" >>"$tmp/asm.tsv"
			else
				row+=$(printf ' %-36s |' "toyc -S failed")
				fail "$name: toyc -O$lvl -S --print-after=frame failed: $(head -c 300 "$tmp/$name.O$lvl.dump")"
			fi
		done
		echo "${row% |}"
	done
	awk '{ if (!($1 in seen)) { seen[$1] = 1; g[++ng] = $1 } for (i = 3; i <= 7; i++) { s[$1, $2, i] += $i; s["", $2, i] += $i } }
	function total(k, what,   l, i) {
		printf "%-12s |", "total"
		for (l = 1; l <= 2; l++) { for (i = 3; i <= 7; i++) printf " %6d", s[k, l, i]; printf (l == 1 ? "   |" : "") }
		printf "  %s\n", what
	}
	END {
		if (ng > 1) for (j = 1; j <= ng; j++) total(g[j], g[j])
		total("", (ng > 1 ? "all" : ""))
	}' "$tmp/asm.tsv"
	if grep -q guessed "$tmp/asm.tsv"; then
		echo "? no frame dump could be read: every slot below %rbp counted as a spill slot"
	fi
	echo
}

# small_part measures a small program's compile to assembly, whose time
# is mostly the process's start (toyc --version alone, beside it): the
# mean wall-clock time of 50 in a row, since time(1) counts hundredths.
small_part() {
	local prog=$root/examples/primes.toy
	[ -f "$prog" ] || return 0
	/usr/bin/time -f '%e' -o "$tmp/small.time" sh -c 'for _ in $(seq 50); do "$1" -S "$2" -o "$3" || exit 1; done' sh "$toyc" "$prog" "$tmp/small.s" ||
		fail "small program: toyc -S $prog failed"
	/usr/bin/time -f '%e' -o "$tmp/start.time" sh -c 'for _ in $(seq 50); do "$1" --version >/dev/null || exit 1; done' sh "$toyc" ||
		fail "toyc --version failed"
	awk -v lines="$(wc -l <"$prog")" -v s="$(tail -n 1 "$tmp/small.time")" -v v="$(tail -n 1 "$tmp/start.time")" \
		'BEGIN { printf "a small program (examples/primes.toy, %d lines) to -S: %.1f ms wall (mean of 50; toyc --version alone: %.1f ms)\n", lines, s * 20, v * 20 }'
}

# gcost_part measures what -g adds to an -O1 and an -O2 compile of the
# 100k-line program (else the largest size): $BENCH_GROUNDS rounds
# (default 5), each compiling without and with -g back to back, so that a
# burst of load hits both alike; medians of CPU and wall-clock time, and
# the median of the rounds' own ratios, which a machine that is slower
# for several rounds at a time (a shared one) moves less than the ratio of
# the medians.
gcost_part() {
	local n="" s lv r g tf ok=1
	for s in $sizes; do
		[ "$s" -le 100000 ] && n=$s
	done
	[ -n "$n" ] || n=$(printf '%s\n' $sizes | sort -n | head -n 1)
	local rounds=${BENCH_GROUNDS:-5}
	echo
	echo "-g's cost at $(wc -l <"$tmp/gen$n.toy") lines (-S, $rounds interleaved rounds, medians):"
	for lv in O1 O2; do
		local cpu0=() cpu1=() wall0=() wall1=()
		for ((r = 0; r < rounds; r++)); do
			for g in 0 1; do
				local flags=("-$lv")
				[ $g = 1 ] && flags+=(-g)
				tf=$tmp/gcost.time
				if ! /usr/bin/time -f '%e %U %S' -o "$tf" timeout "$limit" "$toyc" "${flags[@]}" -S "$tmp/gen$n.toy" -o "$tmp/gcost.s" 2>"$tmp/gcost.err"; then
					fail "-g cost: toyc ${flags[*]} -S on gen$n failed: $(head -c 300 "$tmp/gcost.err")"
					ok=0
					break 3
				fi
				read -r w u sy <"$tf"
				if [ $g = 0 ]; then
					cpu0+=("$(awk -v u="$u" -v s="$sy" 'BEGIN { print u + s }')")
					wall0+=("$w")
				else
					cpu1+=("$(awk -v u="$u" -v s="$sy" 'BEGIN { print u + s }')")
					wall1+=("$w")
				fi
			done
		done
		local c0 c1 w0 w1 cr wr cratio=() wratio=()
		c0=$(median "${cpu0[@]}") c1=$(median "${cpu1[@]}") w0=$(median "${wall0[@]}") w1=$(median "${wall1[@]}")
		for ((r = 0; r < ${#cpu1[@]}; r++)); do
			cratio+=("$(awk -v a="${cpu0[r]}" -v b="${cpu1[r]}" 'BEGIN { print b / a }')")
			wratio+=("$(awk -v a="${wall0[r]}" -v b="${wall1[r]}" 'BEGIN { print b / a }')")
		done
		cr=$(median "${cratio[@]}") wr=$(median "${wratio[@]}")
		awk -v lv="$lv" -v c0="$c0" -v c1="$c1" -v w0="$w0" -v w1="$w1" -v cr="$cr" -v wr="$wr" 'BEGIN {
			printf "  toyc -%s: CPU %.2f s -> %.2f s with -g (%+.1f%%), wall %.2f s -> %.2f s (%+.1f%%); median of the rounds: CPU %+.1f%%, wall %+.1f%%\n",
				lv, c0, c1, 100 * (c1 / c0 - 1), w0, w1, 100 * (w1 / w0 - 1), 100 * (cr - 1), 100 * (wr - 1) }'
	done
	[ $ok = 1 ] || echo "  (not measured: a compile failed)"
	gcost_instructions
	gcost_misses
}

# gcost_instructions counts what -g adds to an -O1 and an -O2 compile of
# the smallest program in instructions, with callgrind, one thread and the
# collector off: the same count on every run (the times above move by ten
# points and more from run to run on a shared machine; the collector's
# work depends on timing, and -g adds about as much to it, in proportion,
# as to the rest).
gcost_instructions() {
	local n lv g v
	command -v valgrind >/dev/null || return 0
	n=$(printf '%s\n' $sizes | sort -n | head -n 1)
	for lv in O1 O2; do
		local count=()
		for g in 0 1; do
			local flags=("-$lv" -j1)
			[ $g = 1 ] && flags+=(-g)
			v=$(GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 timeout "$limit" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
				"$toyc" "${flags[@]}" -S "$tmp/gen$n.toy" -o "$tmp/gcost.s" 2>&1 | awk '/Collected/ { print $4 }')
			[ -n "$v" ] || return 0
			count+=("$v")
		done
		awk -v lv="$lv" -v n="$(wc -l <"$tmp/gen$n.toy")" -v a="${count[0]}" -v b="${count[1]}" 'BEGIN {
			printf "  toyc -%s at %d lines, instructions (callgrind, collector off): %.0fM -> %.0fM with -g (%+.1f%%)\n",
				lv, n, a / 1e6, b / 1e6, 100 * (b / a - 1) }'
	done
}

# gcost_misses says why -g's time grows more than its instructions: what
# it adds to an -O2 compile of the smallest program in misses of the L1
# data cache and of this machine's L2 (cachegrind, the L2 as lscpu gives
# it simulated as the last level; one worker, the collector as toyc paces
# it). Each function goes through every pass and then -g's tracker and
# DWARF writer, whose code and tables do not stay in the L2 from one
# function to the next: at 10k lines on 7d8cb6c, two runs found -g
# adding 19-24% of the instructions (the collector's share moves from run
# to run), 29-31% of the L1 data misses, 35-44% of the L2 data misses and
# 126-145% of the L2 instruction misses.
gcost_misses() {
	local n g l2 out=()
	command -v valgrind >/dev/null || return 0
	l2=$(lscpu -C -B 2>/dev/null | awk '$1 == "L2" && $4 > 0 { printf "%d,%d,64", $2, $4 }')
	[ -n "$l2" ] || return 0
	n=$(printf '%s\n' $sizes | sort -n | head -n 1)
	for g in 0 1; do
		local flags=(-O2 -j1)
		[ $g = 1 ] && flags+=(-g)
		GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 timeout "$limit" valgrind --tool=cachegrind --cache-sim=yes "--LL=$l2" \
			--cachegrind-out-file=/dev/null "$toyc" "${flags[@]}" -S "$tmp/gen$n.toy" -o "$tmp/gcost.s" 2>"$tmp/gcost.cg" || return 0
		# I refs, D1 misses, LL data misses (rd + wr), LL instruction misses.
		out+=("$(awk '
			/ I +refs:/ { gsub(/,/, "", $NF); i = $NF }
			/ D1 +misses:/ { gsub(/,/, "", $4); d1 = $4 }
			/ LLi misses:/ { gsub(/,/, "", $4); lli = $4 }
			/ LLd misses:/ { gsub(/,/, "", $4); lld = $4 }
			END { print i, d1, lld, lli }' "$tmp/gcost.cg")")
	done
	awk -v a="${out[0]}" -v b="${out[1]}" -v n="$(wc -l <"$tmp/gen$n.toy")" -v l2="$l2" 'BEGIN {
		split(a, x, " "); split(b, y, " "); split(l2, c, ",")
		if (x[1] == 0 || x[2] == 0 || x[3] == 0 || x[4] == 0) exit
		printf "  toyc -O2 at %d lines, misses (cachegrind, this machine'"'"'s %d KiB L2 as the last level): -g adds %+.0f%% instructions, %+.0f%% L1 data misses, %+.0f%% L2 data misses, %+.0f%% L2 instruction misses\n",
			n, c[1] / 1024, 100 * (y[1] / x[1] - 1), 100 * (y[2] / x[2] - 1), 100 * (y[3] / x[3] - 1), 100 * (y[4] / x[4] - 1) }'
}

# compile_part measures compile speed on generated programs: part 4.
compile_part() {
	local n lines clines c tf rc w run checked=()
	echo "== Compile speed on generated programs (tests/bench/gen; -S only; toyc: the median by CPU of $cruns runs, the others one run) =="
	printf '%-9s %-10s %9s %9s %9s %12s %12s %10s %9s\n' lines compiler wall-s cpu-s peak-MB lines/s "lines/wall-s" "x gcc-O0" "alloc/ln"
	: >"$tmp/compile.tsv"
	for n in $sizes; do
		"$tmp/gen" -lines "$n" -toy "$tmp/gen$n.toy" -c "$tmp/gen$n.c" || die "gen failed"
		lines=$(wc -l <"$tmp/gen$n.toy")
		clines=$(wc -l <"$tmp/gen$n.c")
		for c in gcc-O0 clang-O0 tcc toyc-O0 toyc-O1 toyc-O2; do
			tf=$tmp/gen$n.$c.time
			case $c in
			gcc-O0) /usr/bin/time -f '%e %U %S %M' -o "$tf" timeout "$limit" gcc -O0 -fwrapv -S "$tmp/gen$n.c" -o "$tmp/gen$n.$c.s" 2>"$tmp/gen$n.$c.err" ;;
			clang-O0)
				command -v clang >/dev/null || continue
				/usr/bin/time -f '%e %U %S %M' -o "$tf" timeout "$limit" clang -O0 -fwrapv -S "$tmp/gen$n.c" -o "$tmp/gen$n.$c.s" 2>"$tmp/gen$n.$c.err" ;;
			tcc)
				# tcc writes no assembly: its object file is the nearest.
				command -v tcc >/dev/null || continue
				/usr/bin/time -f '%e %U %S %M' -o "$tf" timeout "$limit" tcc -c "$tmp/gen$n.c" -o "$tmp/gen$n.$c.o" 2>"$tmp/gen$n.$c.err" ;;
			toyc-O*)
				# The median run by CPU time of $cruns: one run's growth
				# between sizes moved by a tenth on this shared machine.
				rc=0
				for k in $(seq "$cruns"); do
					/usr/bin/time -f '%e %U %S %M' -o "$tf.$k" timeout "$limit" "$toyc" "-${c#toyc-}" -S --time-passes "$tmp/gen$n.toy" -o "$tmp/gen$n.$c.s" 2>"$tmp/gen$n.$c.err.$k" || { rc=$?; break; }
				done
				if [ $rc -eq 0 ]; then
					k=$(for k in $(seq "$cruns"); do tail -n 1 "$tf.$k" | awk -v k="$k" '{ print $2 + $3, k }'; done | sort -g | awk '{ a[NR] = $2 } END { print a[int((NR + 1) / 2)] }')
				fi
				cp "$tf.$k" "$tf"
				cp "$tmp/gen$n.$c.err.$k" "$tmp/gen$n.$c.err"
				(exit $rc) ;;
			esac
			rc=$?
			if [ $rc -ne 0 ]; then
				w=failed
				[ $rc -eq 124 ] && w="timeout ${limit}s"
				fail "compile speed: $c on $lines lines: $w (exit status $rc): $(grep -v '^ \|^toyc: time' "$tmp/gen$n.$c.err" | head -c 300)"
				printf '%-9s %-10s %9s\n' "$lines" "$c" "$w"
				continue
			fi
			# toyc's --time-passes says how much it allocated.
			alloc=$(sed -n 's/^toyc: memory: \([0-9.]*\) MB allocated.*/\1/p' "$tmp/gen$n.$c.err" 2>/dev/null | tail -n 1)
			tail -n 1 "$tf" | awk -v n="$n" -v c="$c" -v l="$lines" -v cl="$clines" -v clock="$clock" -v alloc="${alloc:--}" '{
				t = (clock == "cpu") ? $2 + $3 : $1
				print n, c, l, cl, $1, $2 + $3, $4 / 1024, t, alloc }' >>"$tmp/compile.tsv"
		done
		# Output check: what was timed, assembled and run against the C twin.
		if [ "$n" -le 100000 ] && [ -f "$tmp/gen$n.gcc-O0.s" ]; then
			unset "ref[gen$n]"
			gcc "$tmp/gen$n.gcc-O0.s" -o "$tmp/gen$n.c.exe" && "$tmp/gen$n.c.exe" >"$tmp/gen$n.c.out" &&
				check "gen$n" "gcc -O0" "$tmp/gen$n.c.out" || fail "gen$n: the C twin did not build or run"
			for c in toyc-O0 toyc-O1 toyc-O2; do
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
	{ key[NR] = $1 " " $2; n[NR] = $1; c[NR] = $2; l[NR] = $3; w[NR] = $5; cpu[NR] = $6; mb[NR] = $7; t[NR] = $8; a[NR] = $9
	  if ($2 == "gcc-O0") g[$1] = $8 }
	END {
		for (i = 1; i <= NR; i++)
			printf "%-9s %-10s %9.2f %9.2f %9.0f %12s %12s %10s %9s\n", l[i], c[i], w[i], cpu[i], mb[i],
				(t[i] > 0 ? sprintf("%.0f", l[i] / t[i]) : "(< 10 ms)"),
				(w[i] > 0 ? sprintf("%.0f", l[i] / w[i]) : "(< 10 ms)"),
				(c[i] != "gcc-O0" && g[n[i]] > 0) ? sprintf("%.2f", t[i] / g[n[i]]) : "",
				(a[i] != "-" && a[i] != "") ? sprintf("%.1f KB", a[i] * 1000 / l[i]) : ""
		printf "(lines/s and the ratio use %s time, lines/wall-s the wall-clock time; the C twin has about as many lines; alloc/ln: what toyc allocated per line, from --time-passes)\n\n", clock == "cpu" ? "CPU (user+sys)" : "wall-clock"
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
	gcost_part
	small_part
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
		/^toyc: memory: / { memory = substr($0, 15); next }
		stage { wall = $1; cpu = $2; sub(/ms$/, "", wall); sub(/ms$/, "", cpu); $1 = $2 = ""; name = substr($0, 3); sub(/ \/.*\//, " ", name)
		  sn[++ns] = name; st[ns] = wall; sc[ns] = cpu; next }
		{ ms = $1; sub(/ms$/, "", ms); $1 = ""; pn[++np] = substr($0, 2); pt[np] = ms }
		END {
			total = sc[ns]
			for (i = 1; i <= ns; i++) printf "  %10.0f ms wall %10.0f ms cpu %5.1f%%  %s\n", st[i], sc[i], 100 * sc[i] / total, sn[i]
			if (memory != "") printf "  memory: %s\n", memory
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
if [ "${BENCH_DWARF:-1}" != 0 ]; then
	# A table per group: issue 12's goal is over ../shared/bench alone,
	# programs nobody tuned toyc for, which a total over both groups hid.
	for d in "${dirs[@]}"; do
		echo "== -g: location coverage of variables over ${group[$d]} (llvm-dwarfdump --statistics, bytes of scope covered) =="
		TOYC=$toyc "$root/tests/bench/dwarfcov.sh" "$d" || fail "dwarfcov.sh ${group[$d]} failed"
		echo
	done
fi

echo "finished in $(($(date +%s) - started)) s; load average at the end: $(loadavg)"
if [ ${#notes[@]} -gt 0 ]; then
	echo
	echo "NOTES (left out, not failures):"
	printf '  %s\n' "${notes[@]}"
fi
if [ ${#failures[@]} -gt 0 ]; then
	echo
	echo "FAILURES:"
	printf '  %s\n' "${failures[@]}"
fi
exit $status
