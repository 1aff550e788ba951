#!/bin/bash
# The arch half of chapter 4: every site shape the arch has, read back from
# memory in each state, against the bytes of the binary on disk.  The
# shapes are the arch's (arch/<arch>/tests/arch_sites.sh, with the facts
# TEST_ARCH_SITE_CFLAGS and TEST_ARCH_SITE_SHAPES): MIPS's jal, got and
# -mlong-calls sequences, ARM's ARM-state and Thumb-2 calls.  Which words
# each change writes: two per site at start-up at most, and one aligned
# word per switch afterwards (test_one_aligned_word_per_switch).  An arch
# with one shape (x86_64) says so in its facts: the generic suites cover it.
. "$KIT/tests/lib.sh"

src=$KIT/tests/stage3/src
need_facts TEST_ARCH_SITE_CFLAGS
# The flavours that make the other shapes (a flavour's flags joined by
# commas), each built into its own functions: far_O2_/far_O0_ for the
# first, far2_O2_/far2_O0_ for the second and so on (archsites.c).  A
# stage with the graph tracer refuses code it cannot hook (arch.mk's
# GRAPH_REFUSED_CFLAGS: ARM's -mthumb): no such flavour there.
flavours=
for f in $TEST_ARCH_SITE_CFLAGS; do
	[ "$f" = none ] && continue
	case " $(mkvar GRAPH_REFUSED_CFLAGS) " in
	*" ${f//,/ } "*) [ -n "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" ] &&
		continue ;;
	esac
	flavours="$flavours${flavours:+ }$f"
done
# far far2 ...: each flavour's prefix
prefixes=$(i=1; for f in $flavours; do
	[ $i = 1 ] && echo far || echo "far$i"; i=$((i + 1)); done)
# the arch's decoders: site_shape, expected_nop, is_call, startup_words
if [ -n "$flavours" ]; then
	need_facts TEST_ARCH_SITE_SHAPES TEST_DYN_STRADDLE
	if [ ! -f "$KIT/arch/$ARCH/tests/arch_sites.sh" ]; then
		echo "arch/$ARCH/tests/arch_sites.sh: missing (the site" \
		     "decoders TEST_ARCH_SITE_CFLAGS needs)" >&2
		exit 1
	fi
	. "$KIT/arch/$ARCH/tests/arch_sites.sh"
fi

build() { # out: the program, from main, archsites_far.c at -O2 and -O0 per
	  # flavour, and archsites_far.c as usual at -O0
	local cc="$KIT/scripts/ftrace-cc --arch $ARCH --stage $STAGE"
	local f p o objs="main p0" i=1
	$cc -O2 -c -o "$TMPD/main.o" "$src/archsites.c" &&
	$cc -O0 -DPREFIX=plain_O0_ -c -o "$TMPD/p0.o" "$src/archsites_far.c" ||
		return 1
	for f in $flavours; do
		p=$(echo $prefixes | cut -d' ' -f$i) i=$((i + 1))
		for o in O2 O0; do
			$cc -$o ${f//,/ } -DPREFIX=${p}_${o}_ -c \
				-o "$TMPD/$p.$o.o" "$src/archsites_far.c" ||
				return 1
			objs="$objs $p.$o"
		done
	done
	# recordmcount leaves objects that already have their table alone
	for o in $objs; do
		"$KIT/build/host/recordmcount" "$TMPD/$o.o" || return 1
	done
	$cc -o "$1" $(for o in $objs; do echo "$TMPD/$o.o"; done)
}

oneTimeSetUp() {
	[ -n "$flavours" ] || return 0
	make -s -C "$KIT" recordmcount >/dev/null &&
	build "$TMPD/prog" >"$TMPD/build.log" 2>&1 || {
		cat "$TMPD/build.log"; fail "build failed"; return; }
	FTRACE_TRACE=$TMPD/trace run_target "$TMPD/prog" >"$TMPD/out" 2>"$TMPD/err"
	echo $? >"$TMPD/status"
	text=$(readelf -SW "$TMPD/prog" | awk '$2 == ".text" { print $4, $5 }')
}

# An arch with one shape (or a stage that refuses the other) skips every
# test, as one skipped test each.
has_shapes() {
	[ -n "$flavours" ] && { endSkipping; return 0; }
	startSkipping
	assertTrue "$ARCH: one site shape at this stage" true
	return 1
}

# The word at a virtual address in the file, in the target's byte order.
orig() {
	local addr off
	read -r addr off <<<"$text"
	od -An -tx4 --endian=$TEST_ENDIAN -j $((0x$1 - 0x$addr + 0x$off)) -N4 \
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

test_program_unchanged() {
	has_shapes || return 0
	assertEquals "exit status" 0 "$(cat "$TMPD/status")"
	assertEquals "same result in every state" 1 \
		"$(sed -n 's/^result //p' "$TMPD/out" | sort -u | wc -l)"
	assertEquals "no tracer noise" "" "$(cat "$TMPD/err")"
	assertEquals "every site in every state" \
		"$(grep -c '^off ' "$TMPD/out")$(grep -c '^off ' "$TMPD/out")" \
		"$(grep -c '^on ' "$TMPD/out")$(grep -c '^nop ' "$TMPD/out")"
}

test_all_shapes_present() {
	has_shapes || return 0
	local shapes
	shapes=$(sed -n 's/^off \([0-9a-f]*\) .*/\1/p' "$TMPD/out" |
		while read -r ip; do site_shape "$ip"; done |
		sort -u | tr '\n' ' ')
	assertEquals "the arch's shapes" "$TEST_ARCH_SITE_SHAPES " "$shapes"
}

# off and nop: every site disabled; on: every site a call; filter: only
# the far_O* functions' sites are calls.
test_site_bytes_in_every_state() {
	has_shapes || return 0
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
	od -An -tx4 --endian=$TEST_ENDIAN -j $((base - 0x$addr + 0x$off)) \
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
	has_shapes || return 0
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
	# only where the arch has calls at 2 mod 4 (Thumb-2) may a call
	# straddle two words
	if [ "$TEST_DYN_STRADDLE" = y ]; then
		echo "  (calls at 2 mod 4, two words a switch: $straddle)"
	else
		assertEquals "no site straddles two words" 0 $straddle
	fi
}

# Every build's functions, and how many times work() calls their mid
# (archsites.c: outer(3) at -O2, outer(4) at -O0, plain outer(2)).
every_prefix() {
	local p
	for p in $prefixes; do
		echo "${p}_O2:3 ${p}_O0:4"
	done
	echo plain_O0:2
}

# The trace itself: the functions of every shape are traced, with the
# right parents, and the filter narrows it to them.
test_every_shape_traced() {
	has_shapes || return 0
	trace_run "$TMPD/t" "$TMPD/prog" plain || fail "traced run failed"
	local p n
	for p in $(every_prefix); do
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
	has_shapes || return 0
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
		grab { exit }
		END { if (grab) print s }' "$1"
}

# An unwinder that reads prologues (TEST_UNWIND_READS_PROLOGUES: MIPS):
# the callers' sites are disabled (only near_leaf is traced), and each
# shape must still be seen as a site.
test_stack_trace_through_disabled_sites() {
	has_shapes || return 0
	need_facts TEST_UNWIND_READS_PROLOGUES || return
	if [ "$TEST_UNWIND_READS_PROLOGUES" != y ]; then
		startSkipping
		assertTrue "$ARCH's unwinder reads no prologue" true
		return
	fi
	FTRACE_SET_FTRACE_FILTER=near_leaf FTRACE_TRACE_OPTIONS=func_stack_trace \
		trace_run "$TMPD/st" "$TMPD/prog" plain || fail "traced run failed"
	local p want= got=
	for p in $(every_prefix); do
		p=${p%:*}
		want="$want${want:+, }near_leaf ${p}_mid ${p}_outer work"
		got="$got${got:+, }$(stack_after "$TMPD/st" ": near_leaf <-${p}_mid\$" 1 4)"
	done
	assertEquals "$want" "$got"
}

. shunit2
