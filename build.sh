#!/usr/bin/env bash
# Builds toyc and runs its checks.
#
#   ./build.sh           build ./toyc
#   ./build.sh test      go vet and every test (installs what the tests need)
#   ./build.sh example   build ./toyc, then compile and run examples/primes.toy
#   ./build.sh bench     the benchmarks (not available yet: no native back end)
#
# The tests need a C compiler, LLVM 14's opt and llc (to check the IR toyc
# prints and to run it through LLVM's own back end), and clang (for the
# --cc=clang tests). On Debian, missing ones are installed with apt-get.
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

need_test_tools() {
	need_cc
	need_llvm
	command -v clang >/dev/null || apt_install clang
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
	go test -buildvcs=false -timeout 30m ./...
	;;
example)
	need_cc
	need_llvm
	build
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
	# Until the native back end exists, the executable is built through
	# LLVM's: toyc prints the IR, llc turns it into assembly, and toyc links
	# that with the runtime.
	./toyc --emit=llvm examples/primes.toy -o "$out/primes.ll"
	llc -opaque-pointers -O2 "$out/primes.ll" -o "$out/primes.s"
	./toyc "$out/primes.s" -o "$out/primes"
	"$out/primes" 1000
	;;
bench)
	echo "build.sh: the benchmarks need the native back end, which does not exist yet" >&2
	exit 1
	;;
*)
	echo "usage: ./build.sh [build|test|example|bench]" >&2
	exit 2
	;;
esac
