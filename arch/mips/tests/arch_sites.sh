# MIPS's call-site shapes for tests/stage3/test_arch_sites.sh (sourced by
# it after tests/lib.sh; orig, hex, sym and words_of are the suite's):
#   jal     -O2: "jal _mcount" with the -8 in its delay slot
#   jal-O0  -O0: the -8 before the jal, a nop in the delay slot
#   long:N  -mlong-calls: "lui v1; addiu v1; ...; jalr v1", N = the words
#           "b 1f" skips (arch/mips/ftrace.c)

# site_shape IP: the shape, from the bytes gcc and ld left there
site_shape() {
	local ip=$1 w p n k r
	w=$(orig "$ip")
	p=$(orig "$(hex $((0x$ip - 4)))") n=$(orig "$(hex $((0x$ip + 4)))")
	case $((0x$w >> 26)) in
	3)	# jal
		[ "$n" = 27bdfff8 ] && { echo jal; return; }
		[ "$p" = 27bdfff8 ] && [ "$n" = 00000000 ] &&
			{ echo jal-O0; return; } ;;
	15)	# lui: the jalr through the same register ends the sequence
		r=$(((0x$w >> 16) & 31))
		for k in 2 3 4 5 6 7; do
			if [ $((0x$(orig "$(hex $((0x$ip + 4 * k)))"))) = \
			     $((0xf809 | r << 21)) ]; then
				echo "long:$((k + 1))"
				return
			fi
		done ;;
	esac
	echo unknown
}

# expected_nop IP: what a disabled site holds at rec->ip: a nop, or for a
# long call "b 1f" over the sequence
expected_nop() {
	local shape
	shape=$(site_shape "$1")
	case $shape in
	jal|jal-O0) echo 00000000 ;;
	long:*) printf '%08x\n' $((0x10000000 + ${shape#long:})) ;;
	*) echo "unknown-shape" ;;
	esac
}

# is_call IP WORD: WORD at IP is the enabled site: "jal ftrace_caller+8",
# or for a long call gcc's own lui back (it loads _mcount, which IS
# ftrace_caller)
is_call() {
	case $(site_shape "$1") in
	long:*) [ "$2" = "$(orig "$1")" ] ;;
	*) [ "$2" = "$(printf '%08x' $((3 << 26 |
		((0x$(sym ftrace_caller) + 8) >> 2 & 0x3ffffff))))" ] ;;
	esac
}

# startup_words IP: the words the start-up conversion rewrites, as offsets
# from IP: the jal and its -8; a long call keeps its one word, the lui
startup_words() {
	case $(site_shape "$1") in
	jal) echo "0 4" ;;
	jal-O0) echo "-4 0" ;;
	long:*) echo 0 ;;
	*) echo unknown-shape ;;
	esac
}
