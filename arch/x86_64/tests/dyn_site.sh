# What a dynamic ftrace site holds (chapter 4), for tests/stage3: sourced by
# the suites after tests/lib.sh (OBJDUMP, TMPD).
#
#   site_state ADDR HEX CALLER
#
# ADDR: the site (hex, no 0x), HEX: the bytes read back from memory there
# (dynctl "sites"), CALLER: ftrace_caller's address.  Prints "nop" for the
# disabled site, "call" for a call of CALLER, "jmp" for the ftraced
# design's jump over the rest of the site, else "other: <disassembly>".
# The bytes are decoded by objdump, not compared with constants: the test
# does not trust the arch code's own idea of the encoding.
site_state() {
	local f=$TMPD/site.bin dis
	printf "$(echo "$2" | sed 's/../\\x&/g')" >"$f"
	dis=$("$OBJDUMP" -D -b binary -m i386:x86-64 --adjust-vma="0x$1" "$f" |
		sed -n 's/^ *[0-9a-f]*:\t[0-9a-f ]*\t//p' | tr -s ' ' | sed 's/ *$//')
	case $dis in
	"nopl 0x0(%rax,%rax,1)") echo nop ;;
	"call 0x$3") echo call ;;
	"jmp 0x$(printf '%x' $((0x$1 + 5)))"$'\n'*) echo jmp ;;
	*) echo "other: $dis" ;;
	esac
}

# graph_site_state ADDR HEX CALLER (chapter 5, tests/stage4): what
# ftrace_graph_call holds: "nop", "jump" (to CALLER, ftrace_graph_caller)
# or "other: <disassembly>".
graph_site_state() {
	local f=$TMPD/gsite.bin dis
	printf "$(echo "$2" | sed 's/../\\x&/g')" >"$f"
	dis=$("$OBJDUMP" -D -b binary -m i386:x86-64 --adjust-vma="0x$1" "$f" |
		sed -n 's/^ *[0-9a-f]*:\t[0-9a-f ]*\t//p' | tr -s ' ' | sed 's/ *$//')
	case $dis in
	"nopl 0x0(%rax,%rax,1)") echo nop ;;
	"jmp 0x$3") echo jump ;;
	*) echo "other: $dis" ;;
	esac
}
