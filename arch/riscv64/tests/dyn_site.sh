# What a dynamic ftrace site holds on riscv64 (chapter 4), for
# tests/stage3: sourced by the suites after tests/lib.sh (OBJDUMP, TMPD).
#
#   site_state ADDR HEX CALLER
#
# ADDR: the site (hex, no 0x); HEX: the 8 bytes read back from memory
# there; CALLER: ftrace_caller's address.  Prints "nop", "call" or
# "other: <disassembly>".  The bytes are decoded by objdump, not compared
# with the arch code's constants.  Once the start-up conversion pointed
# the auipc at ftrace_caller, only the second instruction changes:
#   jalr N(ra), landing on CALLER   <->   addi zero,zero,N (objdump: "li
#   zero,N", or "nop" for N = 0): a hint, a nop
# A library's site may land on its module PLT instead, which jumps on to
# CALLER: any landing address is a call there, CALLER's is checked here.
# At stage 5 (chapter 8) the pair links through t0 and the hint is
# "addi zero,tp,N" (objdump: "add zero,tp,N"): arch/riscv64/ftrace.c.
# Where ftrace_caller lies a multiple of 4096 bytes from the auipc, N is
# 0 and objdump drops it: "mv zero,tp", "jalr ra", "jalr t0,t0".
rv_dis() { # ADDR HEX: "mnemonic operands" per instruction, one a line
	local f=$TMPD/site.bin
	printf "$(echo "$2" | sed 's/../\\x&/g')" >"$f"
	"$OBJDUMP" -D -z -b binary -m riscv:rv64 --adjust-vma="0x$1" "$f" |
		sed -n 's/^ *[0-9a-f]*:\t[0-9a-f ]*\t//p' | tr -s ' \t' ' ' |
		sed 's/ *$//'
}

site_state() {
	local dis first second
	dis=$(rv_dis "$1" "$2")
	first=$(sed -n 1p <<<"$dis")
	second=$(sed -n 2p <<<"$dis")
	case $first in
	"auipc ra,"*|"auipc t0,"*) ;;
	*) echo "other: $(tr '\n' ';' <<<"$dis")"; return ;;
	esac
	case $second in
	"li zero,"*|nop|"add zero,tp,"*|"addi zero,tp,"*|"mv zero,tp") echo nop ;;
	"jalr "*"(ra) # 0x$3"|"jalr t0,"*"(t0) # 0x$3") echo call ;;
	"jalr ra # 0x$3"|"jalr t0,t0 # 0x$3") echo call ;;
	*) echo "other: $(tr '\n' ';' <<<"$dis")" ;;
	esac
}

# graph_site_state ADDR HEX CALLER (chapter 5, tests/stage4): what
# ftrace_graph_call holds, its first instruction: "nop", "jump"
# (j CALLER, ftrace_graph_caller) or "other: <disassembly>".
graph_site_state() {
	local dis
	dis=$(rv_dis "$1" "$2" | sed -n 1p)
	case $dis in
	nop) echo nop ;;
	"j 0x$3") echo jump ;;
	*) echo "other: $dis" ;;
	esac
}
