# What a dynamic ftrace site holds on MIPS (chapter 4), for tests/stage3:
# sourced by the suites after tests/lib.sh (OBJDUMP, TMPD).
#
#   site_state ADDR HEX CALLER
#
# ADDR: the site (hex, no 0x); HEX: the bytes read back from memory there,
# the call and its delay slot (8 bytes); CALLER: ftrace_caller's address.
# Prints "nop", "call" or "other: <disassembly>".  The words are decoded
# by objdump, not compared with the arch code's constants.  The three
# shapes (arch/mips/ftrace.c), disabled <-> enabled once the start-up
# conversion is done:
#   jal sites (-O2, and -O0 whose -8 before the jal is a nop now):
#     nop; nop  <->  jal CALLER+8; nop
#   -mlong-calls: b 1f; addiu v1,..  <->  lui v1,..; addiu v1,..
# (_mcount, which a long call loads, IS CALLER).
site_state() {
	local f=$TMPD/site.bin dis w1 w2 hi lo
	printf "$(echo "$2" | sed 's/../\\x&/g')" >"$f"
	dis=$("$OBJDUMP" -D -z -b binary -m mips -EB --adjust-vma="0x$1" "$f" |
		sed -n 's/^ *[0-9a-f]*:\t[0-9a-f ]*\t//p' | tr -s ' \t' ' ' |
		sed 's/ *$//')
	w1=$(echo "$dis" | sed -n 1p) w2=$(echo "$dis" | sed -n 2p)
	case $w1 in
	nop)
		[ "$w2" = nop ] && { echo nop; return; } ;;
	"b 0x"*)
		case $w2 in "addiu v1,v1,"*) echo nop; return ;; esac ;;
	"jal 0x$(printf '%x' $((0x$3 + 8)))")
		[ "$w2" = nop ] && { echo call; return; } ;;
	"lui v1,0x"*)
		hi=${w1#lui v1,} lo=${w2#addiu v1,v1,}
		if [ "$lo" != "$w2" ] &&
		   [ $(((hi << 16) + lo)) = $((0x$3)) ]; then
			echo call
			return
		fi ;;
	esac
	echo "other: $w1; $w2"
}

# graph_site_state ADDR HEX CALLER (chapter 5, tests/stage4): what
# ftrace_graph_call holds, with the word after it (its delay slot): "nop",
# "jump" (j CALLER, ftrace_graph_caller) or "other: <disassembly>".
graph_site_state() {
	local f=$TMPD/gsite.bin dis w1 w2
	printf "$(echo "$2" | sed 's/../\\x&/g')" >"$f"
	dis=$("$OBJDUMP" -D -z -b binary -m mips -EB --adjust-vma="0x$1" "$f" |
		sed -n 's/^ *[0-9a-f]*:\t[0-9a-f ]*\t//p' | tr -s ' \t' ' ' |
		sed 's/ *$//')
	w1=$(echo "$dis" | sed -n 1p) w2=$(echo "$dis" | sed -n 2p)
	case "$w1;$w2" in
	"nop;nop") echo nop ;;
	"j 0x$3;nop") echo jump ;;
	*) echo "other: $w1; $w2" ;;
	esac
}
