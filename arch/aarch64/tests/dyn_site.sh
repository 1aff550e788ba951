# What a dynamic ftrace site holds on AArch64 (chapter 4), for tests/stage3:
# sourced by the suites after tests/lib.sh (OBJDUMP, TMPD).
#
#   site_state ADDR HEX CALLER
#
# ADDR: the site (hex, no 0x); HEX: the 4 bytes read back from memory
# there; CALLER: ftrace_caller's address.  Prints "nop", "call" or
# "other: <disassembly>".  The bytes are decoded by objdump, not compared
# with the arch code's constants.  Only the bl at ADDR changes; gcc's
# "mov x0, x30" before it stays:
#   bl ftrace_caller  <->  nop
# (A library's site calls its module PLT instead of CALLER when CALLER is
# out of reach: "other" then names ftrace_mod_plt's address.)
a64_dis() {
	local f=$TMPD/$3 dis
	printf "$(echo "$2" | sed 's/../\\x&/g')" >"$f"
	"$OBJDUMP" -D -z -b binary -m aarch64 --adjust-vma="0x$1" "$f" |
		sed -n 's/^ *[0-9a-f]*:\t[0-9a-f ]*\t//p' | tr -s ' \t' ' ' |
		sed 's/ *$//; s/ *\/\/.*//'
}

site_state() {
	local dis
	dis=$(a64_dis "$1" "$2" site.bin)
	case $dis in
	nop) echo nop ;;
	"bl 0x$3") echo call ;;
	*) echo "other: $dis" ;;
	esac
}

# graph_site_state ADDR HEX CALLER (chapter 5, tests/stage4): what
# ftrace_graph_call holds: "nop", "jump" (b CALLER, ftrace_graph_caller)
# or "other: <disassembly>".
graph_site_state() {
	local dis
	dis=$(a64_dis "$1" "$2" gsite.bin)
	case $dis in
	nop) echo nop ;;
	"b 0x$3") echo jump ;;
	*) echo "other: $dis" ;;
	esac
}
