# What a dynamic ftrace site holds on ARM (chapter 4), for tests/stage3:
# sourced by the suites after tests/lib.sh (OBJDUMP, TMPD).
#
#   site_state ADDR HEX CALLER
#
# ADDR: the site (hex, no 0x); HEX: the 4 bytes read back from memory
# there; CALLER: ftrace_caller's address.  Prints "nop", "call" or
# "other: <disassembly>".  The bytes are decoded by objdump, not compared
# with the arch code's constants: as ARM code first, then as Thumb-2
# (a site does not say which it is; arch/arm/ftrace.c reads the push).
# Once the start-up conversion made the push "mov ip, lr" (4 bytes
# before ADDR, or 2 in Thumb-2), only the call at ADDR changes:
#   ARM:     bl ftrace_caller   <->  nop
#   Thumb-2: blx ftrace_caller  <->  nop.w
site_state() {
	local f=$TMPD/site.bin dis mode
	printf "$(echo "$2" | sed 's/../\\x&/g')" >"$f"
	for mode in "" "-M force-thumb"; do
		dis=$("$OBJDUMP" -D -z -b binary -m arm $mode --adjust-vma="0x$1" \
			"$f" | sed -n 's/^ *[0-9a-f]*:\t[0-9a-f ]*\t//p' |
			tr -s ' \t' ' ' | sed 's/ *$//; s/ *@.*//')
		case $mode:$dis in
		:nop|":nop {0}"|*":nop.w") echo nop; return ;;
		":bl 0x$3"|*":blx 0x$3") echo call; return ;;
		esac
	done
	echo "other: $dis"
}

# graph_site_state ADDR HEX CALLER (chapter 5, tests/stage4): what
# ftrace_graph_call (ARM code) holds: "nop", "jump" (b CALLER,
# ftrace_graph_caller) or "other: <disassembly>".
graph_site_state() {
	local f=$TMPD/gsite.bin dis
	printf "$(echo "$2" | sed 's/../\\x&/g')" >"$f"
	dis=$("$OBJDUMP" -D -z -b binary -m arm --adjust-vma="0x$1" "$f" |
		sed -n 's/^ *[0-9a-f]*:\t[0-9a-f ]*\t//p' | tr -s ' \t' ' ' |
		sed 's/ *$//; s/ *@.*//')
	case $dis in
	nop|"nop {0}") echo nop ;;
	"b 0x$3") echo jump ;;
	*) echo "other: $dis" ;;
	esac
}
