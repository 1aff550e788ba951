# ARM's call-site shapes for tests/stage3/test_arch_sites.sh (sourced by
# it after tests/lib.sh; orig, hex, sym and words_of are the suite's):
#   arm    ARM state: "push {lr}; bl __gnu_mcount_nc"
#   thumb  Thumb-2: "push {lr}; bl __gnu_mcount_nc", 2-byte aligned

# is_thumb IP: a Thumb site follows "push {lr}" = b500
is_thumb() {
	[ "$(orig "$(hex $((0x$1 - 4)))" | cut -c1-4)" = b500 ]
}

# site_shape IP
site_shape() {
	if is_thumb "$1"; then echo thumb; else echo arm; fi
}

# expected_nop IP: a disabled site holds a nop (Thumb-2's nop.w as a
# little-endian word holds it)
expected_nop() {
	case $(site_shape "$1") in
	arm) echo e320f000 ;;
	thumb) echo 8000f3af ;;
	esac
}

# arm_call_target IP WORD: where the bl/blx WORD at IP goes; empty if it
# is not one
arm_call_target() {
	local ip=$((0x$1)) w=$((0x$2)) off h1 h2 s i1 i2
	if is_thumb "$1"; then
		h1=$((w & 0xffff)) h2=$((w >> 16))
		[ $((h1 & 0xf800)) = $((0xf000)) ] || return
		[ $((h2 & 0xd000)) = $((0xc000)) ] || return	# blx: to ARM
		s=$(((h1 >> 10) & 1))
		i1=$(((((h2 >> 13) & 1) ^ s) ^ 1)) i2=$(((((h2 >> 11) & 1) ^ s) ^ 1))
		off=$((s << 24 | i1 << 23 | i2 << 22 | (h1 & 0x3ff) << 12 |
			(h2 & 0x7fe) << 1))
		[ $s = 1 ] && off=$((off - (1 << 25)))
		hex $((((ip + 4) & ~3) + off))
	else
		[ $((w >> 24)) = $((0xeb)) ] || return
		off=$(((w & 0xffffff) << 2))
		[ $((off >> 25)) = 1 ] && off=$((off - (1 << 26)))
		hex $((ip + 8 + off))
	fi
}

# is_call IP WORD: WORD at IP is a bl/blx of ftrace_caller
is_call() {
	local t
	t=$(arm_call_target "$1" "$2")
	[ -n "$t" ] && [ $((0x$t)) = $((0x$(sym ftrace_caller))) ]
}

# startup_words IP: the words the start-up conversion rewrites, as offsets
# from IP: the push and the call
startup_words() {
	case $(site_shape "$1") in
	arm) echo "-4 0" ;;
	thumb) words_of $((0x$1 - 2)) 6 "$1" ;;
	esac
}
