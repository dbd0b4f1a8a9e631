#!/usr/bin/env bash
# Builds toyc and runs its checks.
#
#   ./build.sh           build ./toyc
#   ./build.sh test      go vet and every test (installs what the tests need)
#   ./build.sh example   build ./toyc, then compile and run examples/primes.toy
#   ./build.sh bench [NAME...]  the benchmarks: toyc -O0/-O1/-O2, llc and the
#                        C twins (gcc -O0/-O2) timed, outputs checked, spill
#                        counts, compile speed, SSA construction scaling, the
#                        explorer's page size and load time
#   ./build.sh fuzz 10m  the long campaign: random differential testing
#                        (tests/README.md) for that long, then every go fuzz
#                        target in the tree (func Fuzz...) for that long each;
#                        a summary of programs tested, executions and
#                        failures at the end. Seeds from $FUZZ_SEED, else the
#                        clock; $FUZZ_JOBS programs or fuzz workers at once
#                        (default: the number of CPUs); logs in $FUZZ_LOGS
#                        (default: a new directory under /tmp)
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
	# the SSA explorer's browser tests (tests/explorer_test.go) drive Chromium
	command -v chromium >/dev/null || apt_install chromium
}

build() {
	go build -buildvcs=false -o toyc .
}

case "${1:-build}" in
build)
	build
	;;
test)
	need_test_tools
	go vet ./...
	go test -buildvcs=false -timeout 60m ./...
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
	need_llvm
	build
	command -v valgrind >/dev/null || apt_install valgrind
	command -v clang >/dev/null || apt_install clang
	command -v tcc >/dev/null || apt_install tcc
	# Run times against the C twins, spill counts and compile speed
	# (tests/bench/bench.sh describes its settings), then the scaling of
	# the SSA construction on generated functions of 1k to 100k blocks, in
	# instructions counted by callgrind (tests/bench/scaling.sh), compile
	# time by the shape of one function (tests/bench/shapes.sh).
	shift
	status=0
	tests/bench/bench.sh "$@" || status=$?
	tests/bench/scaling.sh || status=$((status > 0 ? status : 1))
	tests/bench/shapes.sh || status=$((status > 0 ? status : 1))
	tests/bench/explorer.sh || status=$((status > 0 ? status : 1))
	exit $status
	;;
fuzz)
	if [ $# -ne 2 ]; then
		echo "usage: ./build.sh fuzz DURATION (for example 10m or 2h)" >&2
		exit 2
	fi
	need_test_tools
	duration=$2
	jobs=${FUZZ_JOBS:-$(nproc)}
	logs=${FUZZ_LOGS:-$(mktemp -d /tmp/toyc-fuzz.XXXXXX)}
	mkdir -p "$logs"
	echo "fuzz: logs in $logs"
	summary=()
	failures=0
	# One campaign after the other, so that each has the CPUs it was given.
	echo "fuzz: TestDifferential for $duration"
	status=ok
	go test -buildvcs=false -timeout 0 ./tests/ -run '^TestDifferential$' -v \
		-difftime="$duration" -diffseed="${FUZZ_SEED:-$(date +%s)}" -diffjobs="$jobs" \
		>"$logs/TestDifferential.log" 2>&1 || status=FAILED
	# Its last line: "N programs (seeds A..B) in T, F findings, C crashes of LLVM".
	programs=$(sed -n 's/.*: \([0-9][0-9]* programs (seeds.*\)/\1/p' "$logs/TestDifferential.log" | tail -n 1)
	summary+=("TestDifferential: ${programs:-no programs} differentially tested: $status")
	[ "$status" = ok ] || failures=$((failures + 1))
	# Every fuzz target in the tree, found by its declaration.
	targets=$(grep -rHo --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*' . | sed 's/:func / /' | sort)
	while read -r file name; do
		echo "fuzz: $name for $duration"
		log="$logs/$name.log"
		status=ok
		go test -buildvcs=false -timeout 0 -run '^$' -fuzz "^$name\$" -fuzztime "$duration" \
			-parallel "$jobs" "$(dirname "$file")" >"$log" 2>&1 || status=FAILED
		execs=$(sed -n 's/.*execs: \([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
		summary+=("$name ($(dirname "$file")): ${execs:-0} executions in $duration: $status")
		[ "$status" = ok ] || failures=$((failures + 1))
	done <<<"$targets"
	echo
	echo "fuzz: summary ($duration each)"
	printf '  %s\n' "${summary[@]}"
	if [ "$failures" -gt 0 ]; then
		# The failures, with go test's account of each (a fuzz target's
		# failing input is kept under testdata/fuzz/ of its package).
		grep -H -A 20 -e '^--- FAIL' -e 'Failing input written' -e '^    --- FAIL' "$logs"/*.log | head -n 200
		echo "fuzz: $failures campaigns failed; logs in $logs" >&2
		exit 1
	fi
	;;
*)
	echo "usage: ./build.sh [build|test|example|bench|fuzz DURATION]" >&2
	exit 2
	;;
esac
