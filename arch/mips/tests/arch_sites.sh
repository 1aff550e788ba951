# MIPS's call-site shapes for tests/stage3/test_arch_sites.sh (sourced by
# it after tests/lib.sh; orig, hex, sym and words_of are the suite's):
#   jal     -O2: "jal _mcount" with the -8 in its delay slot
#   jal-O0  -O0: the -8 before the jal, a nop in the delay slot
#   got     -fPIC: "addiu sp,sp,-8; lw t9,%call16(_mcount)(gp)", then
#           "jalr t9", or "bal _mcount" where ld made it one
#   long:N  -mlong-calls: "lui v1; addiu v1; ...; jalr v1", N = the words
#           "b 1f" skips (arch/mips/ftrace.c)
#   plong:N -fPIC -mlong-calls: "lw v1,%got(_mcount)(gp); ...; jalr v1"

# word IP OFFSET: the word OFFSET bytes from IP, in the file
word() { orig "$(hex $((0x$1 + $2)))"; }

# site_shape IP: the shape, from the bytes gcc and ld left there
site_shape() {
	local ip=$1 w p n k r
	w=$(orig "$ip") p=$(word "$ip" -4) n=$(word "$ip" 4)
	case $((0x$w >> 26)) in
	3)	# jal
		[ "$n" = 27bdfff8 ] && { echo jal; return; }
		[ "$p" = 27bdfff8 ] && [ "$n" = 00000000 ] &&
			{ echo jal-O0; return; } ;;
	0|1)	# jalr t9 or bal, after the GOT load of t9 and the -8
		[ $((0x$p >> 16)) = $((0x8f99)) ] &&
		[ "$(word "$ip" -8)" = 27bdfff8 ] &&
		{ [ "$w" = 0320f809 ] || [ $((0x$w >> 16)) = $((0x0411)) ]; } &&
			{ echo got; return; } ;;
	15|35)	# lui or lw: the jalr through the same register ends it
		r=$(((0x$w >> 16) & 31))
		for k in 1 2 3 4 5 6 7; do
			if [ $((0x$(word "$ip" $((4 * k))))) = \
			     $((0xf809 | r << 21)) ]; then
				[ $((0x$w >> 26)) = 15 ] && echo "long:$((k + 1))" ||
					echo "plong:$((k + 1))"
				return
			fi
		done
		;;
	esac
	echo unknown
}

# expected_nop IP: what a disabled site holds at rec->ip: a nop; for a got
# site "addiu sp,sp,8" in place of its call; for a long call "b 1f" over
# the sequence
expected_nop() {
	local shape
	shape=$(site_shape "$1")
	case $shape in
	jal|jal-O0) echo 00000000 ;;
	got) echo 27bd0008 ;;
	long:*|plong:*) printf '%08x\n' $((0x10000000 + ${shape#*:})) ;;
	*) echo "unknown-shape" ;;
	esac
}

# is_call IP WORD: WORD at IP is the enabled site: "jal ftrace_caller+8",
# or for a got or long site gcc's own word back (its call of _mcount,
# which IS ftrace_caller, or the load of _mcount's address)
is_call() {
	case $(site_shape "$1") in
	got|long:*|plong:*) [ "$2" = "$(orig "$1")" ] ;;
	*) [ "$2" = "$(printf '%08x' $((3 << 26 |
		((0x$(sym ftrace_caller) + 8) >> 2 & 0x3ffffff))))" ] ;;
	esac
}

# startup_words IP: the words the start-up conversion rewrites, as offsets
# from IP: the jal and its -8; the other shapes keep their one word
startup_words() {
	case $(site_shape "$1") in
	jal) echo "0 4" ;;
	jal-O0) echo "-4 0" ;;
	got|long:*|plong:*) echo 0 ;;
	*) echo unknown-shape ;;
	esac
}
