#!/bin/bash
# fuzz-seeds.sh RECORDMCOUNT DIR
#
# Seed corpus for the fuzzer: the kit's test sources compiled with -pg for
# every arch and flavour whose compiler is installed, each both as the
# compiler wrote it and after recordmcount added __mcount_loc.
rm_tool=$1 dir=$2
kit=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir"
n=0
for flavour in \
	"gcc -fno-pie" "gcc -fpic" "gcc -fno-pie -ffunction-sections" \
	"gcc -fno-pie -fno-asynchronous-unwind-tables" \
	"mips-linux-gnu-gcc -mno-abicalls -fno-pic" "mips-linux-gnu-gcc" \
	"mips-linux-gnu-gcc -mno-abicalls -fno-pic -mlong-calls" \
	"arm-linux-gnueabihf-gcc -marm -mapcs-frame" "arm-linux-gnueabihf-gcc"
do
	set -- $flavour
	command -v "$1" >/dev/null || continue
	for src in "$kit"/tests/recordmcount/src/*.c "$kit"/tests/progs/*.c; do
		[ -f "$src" ] || continue
		n=$((n + 1))
		out=$dir/seed$n.o
		"$@" -O2 -pg -w -I"$kit/include" \
			-c "$src" -o "$out" 2>/dev/null || continue
		"$rm_tool" -o "$dir/seed$n-rec.o" "$out" 2>/dev/null
	done
done
echo "fuzz-seeds: $(ls "$dir" | wc -l) seeds in $dir"
