#!/usr/bin/env bash
# Location coverage of -g's variables, as llvm-dwarfdump --statistics
# measures it: over every variable and parameter, the bytes of its scope
# where DW_AT_location gives a location, over all the bytes of their
# scopes (LLVM's "sum_all_variables(#bytes in parent scope covered by
# DW_AT_location)" / "sum_all_variables(#bytes in parent scope)"), summed
# over the benchmarks of the directories given (NAME.toy and its C twin
# NAME.c), for toyc, gcc and clang (when installed) at -O0, -O1 and -O2.
#
#   tests/bench/dwarfcov.sh DIR...      (TOYC: the compiler, default ./toyc)
set -euo pipefail
toyc=${TOYC:-./toyc}
dwarfdump=$(command -v llvm-dwarfdump || echo /usr/lib/llvm-14/bin/llvm-dwarfdump)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# sums OBJ...: prints "covered total" summed over the objects.
sums() {
    local c=0 t=0 o j
    for o in "$@"; do
        j=$("$dwarfdump" --statistics "$o")
        c=$((c + $(sed -n 's/.*"sum_all_variables(#bytes in parent scope covered by DW_AT_location)": *\([0-9]*\).*/\1/p' <<<"$j")))
        t=$((t + $(sed -n 's/.*"sum_all_variables(#bytes in parent scope)": *\([0-9]*\).*/\1/p' <<<"$j")))
    done
    echo "$c $t"
}

printf '%-8s %-6s %12s %12s %8s\n' compiler level covered bytes coverage
for cc in toyc gcc clang; do
    [ "$cc" = toyc ] || command -v "$cc" >/dev/null || continue
    for level in -O0 -O1 -O2; do
        objs=()
        for dir in "$@"; do
            for toy in "$dir"/*.toy; do
                name=$(basename "$toy" .toy)
                [ -f "$dir/$name.c" ] || continue
                o="$tmp/$cc$level-$(basename "$dir")-$name.o"
                if [ "$cc" = toyc ]; then
                    "$toyc" -g "$level" -c "$toy" -o "$o"
                else
                    "$cc" -g "$level" -fwrapv -c "$dir/$name.c" -o "$o"
                fi
                objs+=("$o")
            done
        done
        read -r c t < <(sums "${objs[@]}")
        awk -v cc="$cc" -v l="$level" -v c="$c" -v t="$t" 'BEGIN { printf "%-8s %-6s %12d %12d %7.1f%%\n", cc, l, c, t, t ? 100 * c / t : 0 }'
    done
done
