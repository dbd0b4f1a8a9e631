#!/usr/bin/env bash
# Builds toyc and runs its checks.
#
#   ./build.sh           build ./toyc
#   ./build.sh test      go vet and every test (installs what the tests need)
#   ./build.sh example   build ./toyc, then compile and run examples/primes.toy
#   ./build.sh bench     build the benchmarks with toyc -O2, check their output
#                        and time them against the C twins' baselines
#   ./build.sh fuzz 10m  random differential testing for that long: generated
#                        programs built every way must agree (tests/README.md);
#                        seeds from $FUZZ_SEED, else from the clock
#
# The tests need a C compiler, LLVM 14's opt and llc (to check the IR toyc
# prints and to run it through LLVM's own back end), clang, gdb and dot. On
# Debian, missing ones are installed with apt-get.
set -euo pipefail
cd "$(dirname "$0")"

# LLVM 14 first on PATH: the tests pass -opaque-pointers, which LLVM 14 needs
# and later versions may not accept.
if [ -d /usr/lib/llvm-14/bin ]; then
	PATH=/usr/lib/llvm-14/bin:$PATH
fi
export PATH

as_root() {
	if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=no
apt_install() {
	if ! command -v apt-get >/dev/null; then
		echo "build.sh: $* missing and there is no apt-get to install it; install it by hand" >&2
		exit 1
	fi
	if [ "$apt_updated" = no ]; then
		as_root apt-get update -qq
		apt_updated=yes
	fi
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

need_cc() {
	if ! command -v gcc >/dev/null && ! command -v clang >/dev/null && [ -z "${CC:-}" ]; then
		apt_install gcc libc6-dev
	fi
}

need_llvm() {
	if ! command -v opt >/dev/null || ! command -v llc >/dev/null; then
		apt_install llvm-14
		PATH=/usr/lib/llvm-14/bin:$PATH
	fi
}

# clang serves the --cc=clang tests, gdb the line-table test and Graphviz's
# dot the --emit=dot test; each of those skips when its tool is missing.
need_test_tools() {
	need_cc
	need_llvm
	command -v clang >/dev/null || apt_install clang
	command -v gdb >/dev/null || apt_install gdb
	command -v dot >/dev/null || apt_install graphviz
}

build() {
	go build -buildvcs=false -o toyc .
}

# bench compiles each benchmark DIR/NAME.toy with toyc -O2, runs it three
# times with the arguments of its "// args:" line, checks its output against
# DIR/baseline.txt and prints the median wall time beside the C twin's
# gcc -O0 and -O2 wall times from there (measured on one machine: compare
# on that machine only), and the CPU time (user + system) of that run, which
# a busy machine disturbs less.
bench() {
	local dir=$1 status=0
	if [ ! -f "$dir/baseline.txt" ]; then
		echo "build.sh: no benchmarks in $dir (set BENCH_DIR to the folder with baseline.txt)" >&2
		exit 1
	fi
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
	printf '%-10s %-10s %9s %9s %9s %9s  %s\n' name args toyc-O2 cpu gcc-O0 gcc-O2 output
	for src in "$dir"/*.toy; do
		local name args o0 o2 want times=() t got
		name=$(basename "$src" .toy)
		args=$(sed -n 's|^// args: *||p' "$src" | head -n 1)
		# A baseline line: name, args, the -O0, -O1 and -O2 times, output.
		read -r _ _ o0 _ o2 want < <(awk -v n="$name" '$1 == n' "$dir/baseline.txt")
		./toyc -O2 "$src" -o "$out/$name"
		for _ in 1 2 3; do
			TIMEFORMAT='%R %U %S'
			# shellcheck disable=SC2086 # args is a list of words
			t=$({ time "$out/$name" $args >"$out/$name.out" 2>"$out/$name.err"; } 2>&1) || true
			times+=("$t")
		done
		got=$(cat "$out/$name.out")
		local verdict=ok
		if [ "$got" != "$want" ]; then
			verdict="WRONG: got [$got] want [$want] $(head -c 200 "$out/$name.err")"
			status=1
		fi
		local median
		median=$(printf '%s\n' "${times[@]}" | sort -g | sed -n 2p)
		printf '%-10s %-10s %9s %9s %9s %9s  %s\n' "$name" "$args" \
			"${median%% *}" "$(echo "$median" | awk '{ printf "%.2f", $2 + $3 }')" \
			"$o0" "$o2" "$verdict"
	done
	return $status
}

case "${1:-build}" in
build)
	build
	;;
test)
	need_test_tools
	go vet ./...
	go test -buildvcs=false -timeout 30m ./...
	;;
example)
	need_cc
	build
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
	./toyc examples/primes.toy -o "$out/primes"
	"$out/primes" 1000
	;;
bench)
	need_cc
	build
	bench "${BENCH_DIR:-../shared/bench}"
	;;
fuzz)
	if [ $# -ne 2 ]; then
		echo "usage: ./build.sh fuzz DURATION (for example 10m or 2h)" >&2
		exit 2
	fi
	need_test_tools
	go test -buildvcs=false -timeout 0 ./tests/ -run '^TestDifferential$' -v \
		-difftime="$2" -diffseed="${FUZZ_SEED:-$(date +%s)}"
	;;
*)
	echo "usage: ./build.sh [build|test|example|bench|fuzz DURATION]" >&2
	exit 2
	;;
esac
