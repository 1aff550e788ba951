#!/bin/bash
# The arch half of chapter 4: every site shape the arch has, read back from
# memory in each state, against the bytes of the binary on disk.
#   MIPS: "jal _mcount" with the -8 in its delay slot (-O2) or before it
#         (-O0), and -mlong-calls "lui; addiu; ...; jalr" (-O2 and -O0);
#   ARM:  ARM-state and Thumb-2 "push {lr}; bl" (-O2 and -O0).
# Which words each change writes: two per site at start-up at most, and
# one aligned word per switch afterwards (test_one_aligned_word_per_switch).
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

# The shape of the site at ip, from the bytes gcc and ld left there:
# MIPS jal (-8 in the delay slot), jal-O0 (-8 before the jal), long:N (a
# -mlong-calls sequence, N = the words "b 1f" skips); ARM arm, thumb.
site_shape() {
	local ip=$1 w p n k r
	w=$(orig "$ip")
	case $ARCH in
	mips)
		p=$(orig "$(hex $((0x$ip - 4)))") n=$(orig "$(hex $((0x$ip + 4)))")
		case $((0x$w >> 26)) in
		3)	[ "$n" = 27bdfff8 ] && { echo jal; return; }
			[ "$p" = 27bdfff8 ] && [ "$n" = 00000000 ] &&
				{ echo jal-O0; return; } ;;
		15)	r=$(((0x$w >> 16) & 31))
			for k in 2 3 4 5 6 7; do
				if [ $((0x$(orig "$(hex $((0x$ip + 4 * k)))"))) = \
				     $((0xf809 | r << 21)) ]; then
					echo "long:$((k + 1))"
					return
				fi
			done ;;
		esac ;;
	arm)
		if is_thumb "$ip"; then echo thumb; else echo arm; fi
		return ;;
	esac
	echo unknown
}

# What a disabled site must hold at rec->ip, by its shape: a nop (MIPS
# jal sites, ARM, Thumb-2's nop.w as memory holds it) or, for a long
# call, "b 1f".
expected_nop() {
	local shape
	shape=$(site_shape "$1")
	case $shape in
	jal|jal-O0) echo 00000000 ;;
	long:*) printf '%08x\n' $((0x10000000 + ${shape#long:})) ;;
	arm) echo e320f000 ;;
	thumb) echo 8000f3af ;;
	*) echo "unknown-shape" ;;
	esac
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

# Is the site as a call must be: MIPS "jal ftrace_caller+8" (a long call:
# gcc's own lui, into _mcount == ftrace_caller), ARM a bl/blx of
# ftrace_caller.
is_call() { # ip word
	local t
	case $ARCH in
	mips)
		case $(site_shape "$1") in
		long:*) [ "$2" = "$(orig "$1")" ] ;;
		*) [ "$2" = "$(printf '%08x' $((3 << 26 |
			((0x$(sym ftrace_caller) + 8) >> 2 & 0x3ffffff))))" ] ;;
		esac ;;
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
		while read -r ip; do site_shape "$ip"; done |
		sort -u | tr '\n' ' ')
	case $ARCH in
	mips) assertEquals "jal -O2, jal -O0, long -O2, long -O0" \
		"jal jal-O0 long:5 long:6 " "$shapes" ;;
	arm) assertEquals "ARM and Thumb-2" "arm thumb " "$shapes" ;;
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

# The words of the window archsites.c prints for the site at ip: from the
# binary on disk, or as read back from memory in a state.
WIN_BEFORE=2 WIN_WORDS=12
file_win() { # ip
	local addr off base=$(((0x$1 & ~3) - 4 * WIN_BEFORE))
	read -r addr off <<<"$text"
	od -An -tx4 --endian=$endian -j $((base - 0x$addr + 0x$off)) \
		-N $((4 * WIN_WORDS)) "$TMPD/prog" | tr -s ' \n' '  ' |
		sed 's/^ //; s/ $//'
}
mem_win() { # state ip
	awk -v s="$1" -v ip="$2" '$1 == "win" && $2 == s && $3 == ip {
		$1 = $2 = $3 = ""; sub(/^ +/, ""); print }' "$TMPD/out"
}

# The words that differ between two windows of the site at ip, as their
# offsets from ip ("-4 0": the word before the site's and its own).  Small
# functions put other sites in the window: only the words after the
# previous site (its call and the word after it) and before the next one
# (the word before its call) are the site's.
changed_words() { # ip win1 win2
	local base=$(((0x$1 & ~3) - 4 * WIN_BEFORE)) i=0 a b w
	local lo=${SITE_LO[$1]} hi=${SITE_HI[$1]}
	read -r -a a <<<"$2"
	read -r -a b <<<"$3"
	for ((i = 0; i < WIN_WORDS; i++)); do
		w=$((base + 4 * i))
		[ $w -ge $lo ] && [ $w -lt $hi ] || continue
		[ "${a[i]}" = "${b[i]}" ] || printf '%d ' $((w - 0x$1))
	done | sed 's/ $//'
}

# SITE_LO[ip], SITE_HI[ip]: the bounds changed_words() keeps.
declare -A SITE_LO SITE_HI
site_bounds() {
	local ip prev=
	for ip in $(sed -n 's/^off \([0-9a-f]*\) .*/\1/p' "$TMPD/out" |
		    sort -u | while read -r a; do echo $((0x$a)); done |
		    sort -n); do
		SITE_LO[$(hex $ip)]=$((prev ? (prev + 8) & ~3 : 0))
		[ -n "$prev" ] && SITE_HI[$(hex $prev)]=$(((ip - 4) & ~3))
		prev=$ip
	done
	SITE_HI[$(hex $prev)]=$((1 << 40))
}

# What the start-up conversion rewrites, by shape: the only change of
# two words a site ever sees (MIPS: the jal and its -8; a long call keeps
# its one word, the lui; ARM: the push and the call).
startup_words() { # ip
	case $(site_shape "$1") in
	jal) echo "0 4" ;;
	jal-O0|arm) echo "-4 0" ;;
	long:*) echo 0 ;;
	thumb) words_of $((0x$1 - 2)) 6 "$1" ;;
	*) echo unknown-shape ;;
	esac
}

# The aligned words that hold the n bytes at addr, as offsets from ip.
words_of() { # addr n ip
	local w last=$((($1 + $2 - 1) & ~3)) out=
	for ((w = $1 & ~3; w <= last; w += 4)); do
		out="$out${out:+ }$((w - 0x$3))"
	done
	echo "$out"
}

# After start-up a site is switched on and off by ONE aligned word: the
# TEST_DYN_SWITCH_BYTES bytes of the call at rec->ip, unless a Thumb-2
# call starts at 2 mod 4 and straddles two words (the generic code must
# stop the other threads for those).  Two words change only at start-up,
# from the binary on disk to the disabled site; disabling an enabled site
# gives back exactly what the start-up conversion left.
test_one_aligned_word_per_switch() {
	only_on mips arm || return 0
	need_facts TEST_DYN_SWITCH_BYTES || return
	local ip file off on nop want got bad=0 one=0 straddle=0 two=0
	site_bounds
	for ip in $(sed -n 's/^off \([0-9a-f]*\) .*/\1/p' "$TMPD/out"); do
		file=$(file_win "$ip") off=$(mem_win off "$ip")
		on=$(mem_win on "$ip") nop=$(mem_win nop "$ip")
		want=$(startup_words "$ip")
		got=$(changed_words "$ip" "$file" "$off")
		[ "$got" = "$want" ] || {
			echo "$ip $(site_shape "$ip") start-up: '$got'," \
			     "want '$want'"
			bad=1; }
		[ "$(echo "$want" | wc -w)" = 2 ] && two=$((two + 1))
		want=$(words_of $((0x$ip)) "$TEST_DYN_SWITCH_BYTES" "$ip")
		got=$(changed_words "$ip" "$off" "$on")
		[ "$got" = "$want" ] || {
			echo "$ip $(site_shape "$ip") enabling: '$got'," \
			     "want '$want'"
			bad=1; }
		got=$(changed_words "$ip" "$off" "$nop")
		[ -z "$got" ] || {
			echo "$ip $(site_shape "$ip") disabled again: '$got'"
			bad=1; }
		case $want in
		0) one=$((one + 1)) ;;
		*) straddle=$((straddle + 1)) ;;
		esac
	done
	assertEquals "every switch as described" 0 $bad
	assertTrue "sites switched by one aligned word: $one" "[ $one -gt 6 ]"
	assertTrue "two-word start-up conversions seen: $two" "[ $two -gt 3 ]"
	# only a Thumb-2 call may straddle two words
	case $ARCH in
	arm) echo "  (Thumb-2 calls at 2 mod 4, two words a switch: $straddle)" ;;
	*) assertEquals "no site straddles two words" 0 $straddle ;;
	esac
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
