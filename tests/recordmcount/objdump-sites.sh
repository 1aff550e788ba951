#!/bin/bash
# objdump-sites.sh ARCH OBJDUMP FILE.o
#
# An independent listing of the mcount call sites of an object, made the
# way the old perl recordmcount did it: from the text of "objdump -dr",
# never from the ELF structures.  Prints the same four columns as
# "recordmcount --list" (section, offset of the recorded instruction,
# function, relocation), so the two can be compared with diff.
#
# The rules per arch, in objdump's words: a relocation line naming the
# mcount symbol marks a site when the instruction it belongs to is
#   x86_64  a call (PLT32/PC32, or GOTPCRELX for PIC code)
#   mips    a jal (R_MIPS_26), a jalr (R_MIPS_JALR), or the first
#           instruction of a long-call sequence: lui (R_MIPS_HI16) or
#           lw (R_MIPS_GOT16) whose register a "jalr" within the next
#           seven instructions calls, after a "move at,ra" (otherwise the
#           code only takes _mcount's address); R_MIPS_LO16 and
#           R_MIPS_CALL16 never are
#   arm     a bl or blx (R_ARM_CALL, R_ARM_PC24, R_ARM_THM_CALL)
# and the recorded offset is that instruction's address.
arch=$1 objdump=$2 obj=$3
case $arch in
x86_64)	sym='mcount|__fentry__'
	rule='R_X86_64_(PLT32|PC32|GOTPCRELX|GOTPCREL)=call' ;;
mips)	sym='_mcount'
	rule='R_MIPS_26=jal R_MIPS_JALR=jalr R_MIPS_HI16=lui R_MIPS_GOT16=lw' ;;
arm)	sym='__gnu_mcount_nc'
	rule='R_ARM_(CALL|PC24|THM_CALL)=bl|blx' ;;
*)	echo "objdump-sites: unknown arch $arch" >&2; exit 2 ;;
esac

LC_ALL=C "$objdump" -dr "$obj" | awk -v sym="^($sym)([-+]0x[0-9a-f]+)?\$" \
	-v rules="$rule" '
BEGIN {
	n = split(rules, r, " ")
	for (i = 1; i <= n; i++) {
		split(r[i], kv, "=")
		rtype[i] = "^" kv[1] "$"
		insn[i] = "^(" kv[2] ")$"
	}
}
/^Disassembly of section / {
	sec = $4; sub(/:$/, "", sec); func = "?"; next
}
/^[0-9a-f]+ <.*>:$/ {
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
	if (pending != "") {	# a MIPS long-call candidate waits for its jalr
		if (mnem == "move" && ops == "at,ra")
			moved = 1
		else if (mnem == "jalr") {
			if (moved && ops == preg)
				print pending
			pending = ""
		} else if (++seen >= 6)
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
			if (mnem == "lui" || mnem == "lw") {
				# confirmed only by the jalr that follows
				pending = line; preg = ops; sub(/,.*/, "", preg)
				moved = 0; seen = 0
			} else
				print line
			break
		}
}
' | sort -t "$(printf '\t')" -k1,1 -k2,2
