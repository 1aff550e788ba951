#!/bin/bash
# objdump-sites.sh ARCH OBJDUMP MCOUNT_SYMBOL FILE.o
#
# An independent listing of the mcount call sites of an object, made the
# way the old perl recordmcount did it: from the text of "objdump -dr",
# never from the ELF structures.  Prints the same four columns as
# "recordmcount --list" (section, offset of the recorded instruction,
# function, relocation), so the two can be compared with diff.
#
# What a site looks like comes from arch/ARCH/tests/facts.sh: a relocation
# line naming the mcount symbol marks a site when its type and the
# mnemonic of the instruction it belongs to match one of TEST_SITE_RELOCS
# ("TYPE=MNEM", e.g. "R_ARM_CALL=bl|blx"), and the recorded offset is that
# instruction's address.  A "TYPE=MNEM>CALL" rule is a long-call sequence
# (MIPS "lui v1,..." or "lw v1,..."): a site only if, within
# TEST_SITE_SEQ_WINDOW instructions, CALL goes through the register MNEM
# loaded, after the instruction TEST_SITE_SEQ_SETUP; otherwise the code
# only takes the symbol's address.
set -o pipefail
arch=$1 objdump=$2 sym=$3 obj=$4
kit=$(cd "$(dirname "$0")/../.." && pwd)
facts=arch/$arch/tests/facts.sh
[ -f "$kit/$facts" ] || { echo "objdump-sites: $facts: missing" >&2; exit 2; }
. "$kit/$facts"
[ -n "$sym" ] || { echo "objdump-sites: no mcount symbol" >&2; exit 2; }
[ -n "$TEST_SITE_RELOCS" ] ||
	{ echo "objdump-sites: $facts: no TEST_SITE_RELOCS" >&2; exit 2; }
case $TEST_SITE_RELOCS in
*'>'*)	[ -n "$TEST_SITE_SEQ_WINDOW" ] && [ -n "$TEST_SITE_SEQ_SETUP" ] || {
		echo "objdump-sites: $facts: a MNEM>CALL rule needs" \
			"TEST_SITE_SEQ_WINDOW and TEST_SITE_SEQ_SETUP" >&2
		exit 2; } ;;
esac

LC_ALL=C "$objdump" -dr "$obj" | awk -v sym="^($sym)([-+]0x[0-9a-f]+)?\$" \
	-v rules="$TEST_SITE_RELOCS" -v window="$TEST_SITE_SEQ_WINDOW" \
	-v setup="$TEST_SITE_SEQ_SETUP" '
BEGIN {
	n = split(rules, r, " ")
	for (i = 1; i <= n; i++) {
		split(r[i], kv, "=")
		rtype[i] = "^" kv[1] "$"
		seq[i] = ""
		if (split(kv[2], mc, ">") == 2) {
			kv[2] = mc[1]
			seq[i] = mc[2]
		}
		insn[i] = "^(" kv[2] ")$"
	}
}
/^Disassembly of section / {
	sec = $4; sub(/:$/, "", sec); func = "?"; next
}
/^[0-9a-f]+ <.*>:$/ {
	# (a local label, kept as a symbol by some assemblers, as on riscv64,
	# starts no function)
	if ($2 ~ /^<\.L/)
		next
	func = $2; sub(/^</, "", func); sub(/>:$/, "", func); next
}
# an instruction: "  addr:<TAB>bytes<TAB>mnemonic operands"
/^ *[0-9a-f]+:\t/ {
	if (split($0, f, "\t") < 3 || f[3] ~ /^[ \t]*$/)
		next		# more bytes of a long instruction
	addr = f[1]; sub(/^ */, "", addr); sub(/:$/, "", addr)
	split(f[3], w, /[ \t]+/)
	mnem = w[1]
	if (mnem == "addr32" || mnem == "notrack" || mnem == "bnd")
		mnem = w[2]
	ops = f[4]
	if (pending != "") {	# a long-call candidate waits for its call
		if (mnem " " ops == setup)
			moved = 1
		else if (mnem == pcall) {
			if (moved && ops == preg)
				print pending
			pending = ""
		} else if (++seen >= window)
			pending = ""
	}
	next
}
# a relocation: "<TAB><TAB>offset: TYPE<TAB>symbol"
/^\t+[0-9a-f]+: R_/ {
	split($0, f, /[ \t]+/)
	type = f[3]; target = f[4]
	if (target !~ sym)
		next
	for (i = 1; i <= n; i++)
		if (type ~ rtype[i] && mnem ~ insn[i]) {
			a = addr; sub(/^0+/, "", a)
			line = sprintf("%s\t0x%s\t%s\t%s", sec, a == "" ? "0" : a, func, type)
			if (seq[i] != "") {
				# confirmed only by the call that follows
				pending = line; pcall = seq[i]
				preg = ops; sub(/,.*/, "", preg)
				moved = 0; seen = 0
			} else
				print line
			break
		}
}
' | sort -t "$(printf '\t')" -k1,1 -k2,2
