#!/bin/bash
# The arch half of chapter 4: every site shape the arch has, read back from
# memory in each state, against the bytes of the binary on disk.
#   MIPS: "jal _mcount" with the -8 in its delay slot (-O2) or before it
#         (-O0), and -mlong-calls "lui; addiu; ...; jalr" (-O2 and -O0);
#   ARM:  ARM-state and Thumb-2 "push {lr}; bl" (-O2 and -O0).
# x86_64 has one shape, which the generic suites cover.
. "$KIT/tests/lib.sh"

src=$KIT/tests/stage3/src
case $ARCH in
mips) other=-mlong-calls endian=big ;;
arm) other=-mthumb endian=little ;;
esac
# a stage with the graph tracer refuses code it cannot hook (arch.mk's
# GRAPH_REFUSED_CFLAGS: ARM's -mthumb): no second shape to build there
case " $(mkvar GRAPH_REFUSED_CFLAGS) " in
*" $other "*) [ -n "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" ] && other= ;;
esac

build() { # out: the program, from main + 3 builds of archsites_far.c
	local cc="$KIT/scripts/ftrace-cc --arch $ARCH --stage $STAGE" o
	$cc -O2 -c -o "$TMPD/main.o" "$src/archsites.c" &&
	$cc -O2 $other -DPREFIX=far_O2_ -c -o "$TMPD/f2.o" "$src/archsites_far.c" &&
	$cc -O0 $other -DPREFIX=far_O0_ -c -o "$TMPD/f0.o" "$src/archsites_far.c" &&
	$cc -O0 -DPREFIX=plain_O0_ -c -o "$TMPD/p0.o" "$src/archsites_far.c" ||
		return 1
	# recordmcount leaves objects that already have their table alone
	for o in main f2 f0 p0; do
		"$KIT/build/host/recordmcount" "$TMPD/$o.o" || return 1
	done
	$cc -o "$1" "$TMPD"/main.o "$TMPD"/f2.o "$TMPD"/f0.o "$TMPD"/p0.o
}

oneTimeSetUp() {
	[ -n "$other" ] || return 0
	make -s -C "$KIT" recordmcount >/dev/null &&
	build "$TMPD/prog" >"$TMPD/build.log" 2>&1 || {
		cat "$TMPD/build.log"; fail "build failed"; return; }
	FTRACE_TRACE=$TMPD/trace run_target "$TMPD/prog" >"$TMPD/out" 2>"$TMPD/err"
	echo $? >"$TMPD/status"
	text=$(readelf -SW "$TMPD/prog" | awk '$2 == ".text" { print $4, $5 }')
}

# A test that does not apply to this arch counts as one skipped test.
only_on() {
	case " $* " in *" $ARCH "*) [ -n "$other" ] && { endSkipping; return 0; } ;; esac
	startSkipping
	assertTrue "only on $*" true
	return 1
}

# The word at a virtual address in the file, in the target's byte order.
orig() {
	local addr off
	read -r addr off <<<"$text"
	od -An -tx4 --endian=$endian -j $((0x$1 - 0x$addr + 0x$off)) -N4 \
		"$TMPD/prog" | tr -d ' '
}
hex() { printf '%x' "$1"; }
sym() {
	$(mkvar CROSS_COMPILE)nm "$TMPD/prog" |
		awk -v s="$1" '$3 == s { print $1 }'
}
func_of() { # the function a site is in
	$(mkvar CROSS_COMPILE)nm -n "$TMPD/prog" | awk -v a="$1" '
		function num(h,  i, v) {
			for (i = 1; i <= length(h); i++)
				v = v * 16 + index("0123456789abcdef",
						  substr(h, i, 1)) - 1
			return v
		}
		BEGIN { a = num(a) }
		$2 ~ /^[tT]$/ { if (num($1) > a) exit; f = $3 }
		END { print f }'
}

# What a disabled site must hold, from the bytes gcc and ld left there.
expected_nop() {
	local ip=$1 w p n k r
	w=$(orig "$ip")
	case $ARCH in
	mips)
		p=$(orig "$(hex $((0x$ip - 4)))") n=$(orig "$(hex $((0x$ip + 4)))")
		case $((0x$w >> 26)) in
		3)	[ "$n" = 27bdfff8 ] && { echo 54000001; return; }
			[ "$p" = 27bdfff8 ] && [ "$n" = 00000000 ] &&
				{ echo 27bd0008; return; } ;;
		15)	r=$(((0x$w >> 16) & 31))
			for k in 2 3 4 5 6 7; do
				if [ $((0x$(orig "$(hex $((0x$ip + 4 * k)))"))) = \
				     $((0xf809 | r << 21)) ]; then
					printf '%08x\n' $((0x10000000 + k + 1))
					return
				fi
			done ;;
		esac ;;
	arm)
		if is_thumb "$ip"; then echo 0d04f10d; else echo e28dd004; fi
		return ;;
	esac
	echo "unknown-shape"
}

# ARM: a Thumb site follows "push {lr}" = b500.
is_thumb() {
	[ "$(orig "$(hex $((0x$1 - 4)))" | cut -c1-4)" = b500 ]
}

# ARM: where the bl/blx at ip goes; empty if it is not one.
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

# Is the site as a call must be: MIPS gcc's own bytes (the seed design
# calls _mcount == ftrace_caller), ARM a bl/blx of ftrace_caller.
is_call() { # ip word
	local t
	case $ARCH in
	mips) [ "$2" = "$(orig "$1")" ] ;;
	arm) t=$(arm_call_target "$1" "$2")
	     [ -n "$t" ] && [ $((0x$t)) = $((0x$(sym ftrace_caller))) ] ;;
	esac
}

test_program_unchanged() {
	only_on mips arm || return 0
	assertEquals "exit status" 0 "$(cat "$TMPD/status")"
	assertEquals "same result in every state" 1 \
		"$(sed -n 's/^result //p' "$TMPD/out" | sort -u | wc -l)"
	assertEquals "no tracer noise" "" "$(cat "$TMPD/err")"
	assertEquals "every site in every state" \
		"$(grep -c '^off ' "$TMPD/out")$(grep -c '^off ' "$TMPD/out")" \
		"$(grep -c '^on ' "$TMPD/out")$(grep -c '^nop ' "$TMPD/out")"
}

test_all_shapes_present() {
	only_on mips arm || return 0
	local shapes
	shapes=$(sed -n 's/^off \([0-9a-f]*\) .*/\1/p' "$TMPD/out" |
		while read -r ip; do expected_nop "$ip"; done | sort -u | tr '\n' ' ')
	case $ARCH in
	mips) assertEquals "jal -O2, jal -O0, long -O2, long -O0" \
		"10000005 10000006 27bd0008 54000001 " "$shapes" ;;
	arm) assertEquals "ARM and Thumb-2" "0d04f10d e28dd004 " "$shapes" ;;
	esac
}

# off and nop: every site disabled; on: every site a call; filter: only
# the far_O* functions' sites are calls.
test_site_bytes_in_every_state() {
	only_on mips arm || return 0
	local state ip word f bad=0 calls=0
	while read -r state ip word; do
		case $state in off|on|filter|nop) ;; *) continue ;; esac
		f=$(func_of "$ip")
		case $state:$f in
		on:*|filter:far_O*)
			is_call "$ip" "$word" && calls=$((calls + 1)) ||
				{ echo "$state $f $ip: $word is not a call"; bad=1; } ;;
		*)	[ "$word" = "$(expected_nop "$ip")" ] ||
				{ echo "$state $f $ip: $word, want $(expected_nop "$ip")"; bad=1; } ;;
		esac
	done <"$TMPD/out"
	assertEquals "every site as its state says" 0 $bad
	assertTrue "some calls seen ($calls)" "[ $calls -gt 6 ]"
}

# The trace itself: the functions of every shape are traced, with the
# right parents, and the filter narrows it to them.
test_every_shape_traced() {
	only_on mips arm || return 0
	trace_run "$TMPD/t" "$TMPD/prog" plain || fail "traced run failed"
	local p n
	for p in far_O2:3 far_O0:4 plain_O0:2; do
		n=${p#*:} p=${p%:*}
		assertEquals "$p mid" $n "$(fn_edges "$TMPD/t" |
			grep -c " ${p}_mid <-${p}_outer$")"
		assertTrue "$p leaf" "fn_edges '$TMPD/t' | grep -q ' ${p}_leaf <-${p}_mid$'"
		assertTrue "near_leaf from $p" \
			"fn_edges '$TMPD/t' | grep -q ' near_leaf <-${p}_mid$'"
	done
	FTRACE_SET_FTRACE_FILTER='far_O0_*' trace_run "$TMPD/t2" "$TMPD/prog" plain
	assertEquals "filtered: far_O0 only" "far_O0_leaf far_O0_mid far_O0_outer" \
		"$(fn_edges "$TMPD/t2" | awk '{ print $2 }' | sort -u |
		   tr '\n' ' ' | sed 's/ $//')"
}

# Updates park the threads wherever they are, on any shape of site: the
# results stay right, the trace stays well formed, and the updates happen
# (the signal that parks them must be one qemu-user delivers).
fn='[a-zA-Z_0-9.]+'
line_re="^ +prog-[0-9]+ +\[[0-9]+\]( [^ ]{4})? +[0-9.]+: $fn <-$fn\$"

test_patching_while_threads_run() {
	only_on mips arm || return 0
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/th" "$TMPD/prog" threads 10 ||
		fail "threaded run failed"
	local out updates done
	out=$(sed -n 's/^threads: //p' "$TMPD/th.stdout")
	updates=$(sed -n 's/.*updates=\([0-9]*\).*/\1/p' <<<"$out")
	done=$(sed -n 's/.*done=\([0-9]*\).*/\1/p' <<<"$out")
	assertEquals "every result right" 0 \
		"$(sed -n 's/.*wrong=\([0-9]*\).*/\1/p' <<<"$out")"
	# one may time out on a loaded machine, not most
	assertTrue "updates done: $done of $updates" \
		"[ $((${done:-0} * 2)) -gt ${updates:-0} ]"
	assertTrue "something traced" \
		"[ $(fn_edges "$TMPD/th" | wc -l) -gt 10 ]"
	# (the flags column, irqs-off etc., is optional)
	assertEquals "every trace line well formed" "" \
		"$(grep -v '^#' "$TMPD/th" | grep -v -E "$line_re")"
}

# The first n functions of the k-th stack trace after a line matching re.
stack_after() { # trace re k n
	awk -v re="$2" -v k="$3" -v n="$4" '
		$0 ~ re { if (++seen == k) want = 1; next }
		want && /<stack trace>/ { grab = 1; next }
		grab && /^ => / { if (got < n) s = s (got++ ? " " : "") $2; next }
		grab { print s; exit }' "$1"
}

# MIPS reads prologues to unwind: the callers' sites are disabled (only
# near_leaf is traced), and each shape must still be seen as a site.
test_stack_trace_through_disabled_sites() {
	only_on mips || return 0
	FTRACE_SET_FTRACE_FILTER=near_leaf FTRACE_TRACE_OPTIONS=func_stack_trace \
		trace_run "$TMPD/st" "$TMPD/prog" plain || fail "traced run failed"
	local p want= got=
	for p in far_O2 far_O0 plain_O0; do
		want="$want${want:+, }near_leaf ${p}_mid ${p}_outer work"
		got="$got${got:+, }$(stack_after "$TMPD/st" ": near_leaf <-${p}_mid\$" 1 4)"
	done
	assertEquals "$want" "$got"
}

. shunit2
