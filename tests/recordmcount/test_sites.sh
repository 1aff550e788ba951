#!/bin/bash
# recordmcount finds exactly the call sites an independent objdump -dr
# listing finds, in every object of every flavour; the table it writes
# matches gcc's own -mrecord-mcount (x86_64); special objects are handled.
. "$KIT/tests/lib.sh"
. "$KIT/tests/recordmcount/rm-lib.sh"

oneTimeSetUp() {
	build_tool || fail "cannot build recordmcount"
	build_objects "$TMPD/obj" || fail "cannot compile the test objects"
}

test_objdump_agrees_on_every_object() {
	local o n=0 sites=0
	for o in "$TMPD"/obj/*/*.o; do
		rm_list "$o" >"$TMPD/tool" || fail "recordmcount --list $o"
		objdump_list "$o" >"$TMPD/objdump"
		if ! diff "$TMPD/objdump" "$TMPD/tool" >"$TMPD/diff"; then
			fail "$o: objdump and recordmcount disagree: $(cat "$TMPD/diff")"
		fi
		n=$((n + 1))
		sites=$((sites + $(wc -l <"$TMPD/tool")))
	done
	assertTrue "objects compared ($n)" "[ $n -ge 6 ]"
	assertTrue "sites compared ($sites)" "[ $sites -ge 10 ]"
}

test_sites_of_each_function_kind() {
	local f list
	for f in "$TMPD"/obj/*/sites.o; do
		list=$("$RM" --list "$f" | cut -f3 | sort | tr '\n' ' ')
		assertEquals "$f" \
			"custom_fn leaf_fn local_fn main nonleaf_fn weak_fn " \
			"$list"
	done
}

test_relocation_kinds() {
	local want
	case $ARCH in
	x86_64) want="kit:R_X86_64_PLT32 pic:R_X86_64_GOTPCRELX" ;;
	mips)	want="kit:R_MIPS_26 pic:R_MIPS_JALR longcalls:R_MIPS_HI16 piclong:R_MIPS_GOT16" ;;
	arm)	want="kit:R_ARM_CALL thumb:R_ARM_THM_CALL" ;;
	esac
	local w
	for w in $want; do
		assertEquals "${w%%:*}" "${w#*:}" \
			"$("$RM" --list "$TMPD/obj/${w%%:*}/sites.o" | cut -f4 | sort -u)"
	done
}

test_rewrite_records_every_listed_site() {
	local o
	for o in "$TMPD"/obj/*/sites.o "$TMPD"/obj/*/other.o; do
		cp "$o" "$TMPD/x.o"
		"$RM" "$TMPD/x.o" || fail "rewrite $o"
		# the table's section+addend pairs are the listed sites
		table_of "$TMPD/x.o" >"$TMPD/table"
		"$RM" --list "$o" | awk -F'\t' '{ printf "%s %x\n", $1, $2 }' |
			sort >"$TMPD/want"
		assertEquals "$o" "$(cat "$TMPD/want")" "$(cat "$TMPD/table")"
	done
}

# gcc can only write the table itself on x86_64 (see suite() below)
x86_64_test_gcc_mrecord_mcount_table_matches() {
	local name flags src
	while read -r name flags; do
		for src in "$SRC"/sites.c "$SRC"/other.c; do
			$CC -O2 -g -pg $flags -c "$src" -o "$TMPD/plain.o"
			$CC -O2 -g -pg -mrecord-mcount $flags -c "$src" \
				-o "$TMPD/gcc.o"
			"$RM" "$TMPD/plain.o"
			assertEquals "$name $src" "$(table_of "$TMPD/gcc.o")" \
				"$(table_of "$TMPD/plain.o")"
		done
	done < <(flavours)
}

test_no_call_sites_leaves_object_alone() {
	cp "$TMPD/obj/kit/nosites.o" "$TMPD/n.o"
	"$RM" "$TMPD/n.o"
	assertEquals "exit status" 0 $?
	cmp -s "$TMPD/obj/kit/nosites.o" "$TMPD/n.o"
	assertTrue "unchanged" $?
	assertEquals "" "$("$RM" --list "$TMPD/n.o")"
}

test_object_with_mcount_loc_is_left_alone() {
	cp "$TMPD/obj/kit/sites.o" "$TMPD/twice.o"
	"$RM" "$TMPD/twice.o"
	cp "$TMPD/twice.o" "$TMPD/once.o"
	"$RM" -v "$TMPD/twice.o" 2>"$TMPD/err"
	assertEquals "exit status" 0 $?
	cmp -s "$TMPD/once.o" "$TMPD/twice.o"
	assertTrue "second run changed the object" $?
	assertContains "$(cat "$TMPD/err")" "already has __mcount_loc"
	assertEquals "one table" 1 \
		"$(readelf -SW "$TMPD/twice.o" | grep -c ' __mcount_loc ')"
}

test_output_option_leaves_input_alone() {
	cp "$TMPD/obj/kit/sites.o" "$TMPD/in.o"
	"$RM" -o "$TMPD/out.o" "$TMPD/in.o"
	cmp -s "$TMPD/obj/kit/sites.o" "$TMPD/in.o"
	assertTrue "input changed" $?
	assertTrue "no table in output" \
		"readelf -SW '$TMPD/out.o' | grep -q ' __mcount_loc '"
	# an object with nothing to do is copied as it is
	"$RM" -o "$TMPD/out2.o" "$TMPD/obj/kit/nosites.o"
	cmp -s "$TMPD/obj/kit/nosites.o" "$TMPD/out2.o"
	assertTrue "nosites copy" $?
}

test_weak_and_local_sites_use_safe_anchors() {
	# entries must be relative to section symbols, never to a weak symbol
	cp "$TMPD/obj/ffs/sites.o" "$TMPD/ffs.o"
	"$RM" "$TMPD/ffs.o"
	local syms
	syms=$(table_of "$TMPD/ffs.o" | cut -d' ' -f1 | sort -u | tr '\n' ' ')
	assertNotContains " $syms" " weak_fn "
	assertContains "$syms" ".text.weak_fn"
	assertContains "$syms" ".text.local_fn"
}

test_help_and_usage() {
	"$RM" --help >"$TMPD/help"
	assertEquals 0 $?
	assertContains "$(cat "$TMPD/help")" "--list"
	assertContains "$(cat "$TMPD/help")" "x86_64 mips arm"
	"$RM" >/dev/null 2>&1
	assertEquals "no file" 2 $?
	"$RM" --bogus x.o >/dev/null 2>&1
	assertEquals "bad option" 2 $?
}

test_verbose_explains() {
	"$RM" -v --list "$TMPD/obj/kit/sites.o" >/dev/null 2>"$TMPD/err"
	assertContains "$(cat "$TMPD/err")" "6 call sites of $MCOUNT_SYMBOL"
}

# every test_* function, and the x86_64-only ones on x86_64
suite() {
	local t
	for t in $(declare -F | awk '{ print $3 }'); do
		case $t in
		test_*) suite_addTest "$t" ;;
		${ARCH}_test_*) suite_addTest "$t" ;;
		esac
	done
}

. shunit2
