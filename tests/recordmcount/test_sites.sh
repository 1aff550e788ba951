#!/bin/bash
# recordmcount finds exactly the call sites an independent objdump -dr
# listing finds, in every object of every flavour; the table it writes
# matches gcc's own -mrecord-mcount (where the arch's gcc has it);
# special objects are handled.
. "$KIT/tests/lib.sh"
. "$KIT/tests/recordmcount/rm-lib.sh"

oneTimeSetUp() {
	build_tool || fail "cannot build recordmcount"
	build_objects "$TMPD/obj" || fail "cannot compile the test objects"
}

# by_address OBJ: a listing with each function named by its address
# (section index and value) instead of its name: C++ gives a constructor
# or destructor two names at one address (C1/C2, D1/D2), and which of
# them names a site is a matter of taste.  The name is readelf's last
# field, the section index the one before it (some arches print more
# between the type and the index: ppc64's local entry point).
by_address() {
	LC_ALL=C readelf -sW "$1" >"$TMPD/syms"
	LC_ALL=C awk -v OFS='\t' '
		NR == FNR { if ($1 ~ /^[0-9]+:$/ && $4 == "FUNC")
				at[$NF] = "@" $(NF - 1) ":" $2
			next }
		{ split($0, c, "\t")
		  if (c[3] in at) c[3] = at[c[3]]
		  print c[1], c[2], c[3], c[4] }' "$TMPD/syms" -
}

test_objdump_agrees_on_every_object() {
	local o n=0 sites=0
	for o in "$TMPD"/obj/*/*.o; do
		rm_list "$o" | by_address "$o" >"$TMPD/tool" ||
			fail "recordmcount --list $o"
		objdump_list "$o" | by_address "$o" >"$TMPD/objdump"
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

# every flavour's sites carry the relocation facts.sh says they do
test_relocation_kinds() {
	local name flags v
	while read -r name flags; do
		v=TEST_RELOC_$name
		[ "$name" = ffs ] && v=TEST_RELOC_kit
		need_facts "$v" || continue
		assertEquals "$name" "${!v}" \
			"$("$RM" --list "$TMPD/obj/$name/sites.o" | cut -f4 | sort -u)"
	done < <(flavours)
}

# what facts.sh says of the objects matches what the compiler makes
test_arch_facts_match_the_toolchain() {
	local h
	need_facts TEST_ELF_MACHINE || return
	h=$(LC_ALL=C readelf -h "$TMPD/obj/kit/sites.o")
	assertEquals "TEST_WORD_SIZE" "ELF$((WORD * 8))" \
		"$(echo "$h" | sed -n 's/^ *Class: *//p')"
	assertEquals "TEST_ENDIAN" "2's complement, $ENDIAN endian" \
		"$(echo "$h" | sed -n 's/^ *Data: *//p')"
	assertEquals "TEST_ELF_MACHINE" "$TEST_ELF_MACHINE" \
		"$(echo "$h" | sed -n 's/^ *Machine: *//p')"
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

# gcc -mrecord-mcount writes the table itself where the arch's gcc can
# (TEST_GCC_RECORD_MCOUNT=y): both tables must agree.  Where it cannot (n),
# gcc must refuse the option, or facts.sh is wrong.
test_gcc_mrecord_mcount_table_matches() {
	local name flags src
	need_facts TEST_GCC_RECORD_MCOUNT || return
	if [ "$TEST_GCC_RECORD_MCOUNT" != y ]; then
		assertEquals "TEST_GCC_RECORD_MCOUNT: y or n" n \
			"$TEST_GCC_RECORD_MCOUNT"
		$CC -O2 -pg -mrecord-mcount $ARCH_CFLAGS $SRC_DEFS \
			-c "$SRC/sites.c" -o "$TMPD/gcc.o" 2>/dev/null
		assertFalse "TEST_GCC_RECORD_MCOUNT=n, but gcc accepts it" $?
		return
	fi
	while read -r name flags; do
		for src in "$SRC"/sites.c "$SRC"/other.c; do
			$CC -O2 -g -pg $flags $SRC_DEFS -c "$src" \
				-o "$TMPD/plain.o"
			$CC -O2 -g -pg -mrecord-mcount $flags $SRC_DEFS \
				-c "$src" -o "$TMPD/gcc.o"
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

# Stage 5 (chapter 8) records with the arch's ENTRY_RECORD_FLAGS
# (arch.mk): --nop where the compiler calls ENTRY_SYMBOL (x86's -mfentry),
# --entries where it writes patchable entries and a table of its own.
ENTRY_CFLAGS=$(make -s -C "$KIT" --no-print-directory ARCH="$ARCH" STAGE=5 \
	print-ENTRY_CFLAGS)
ENTRY_RECORD=$(make -s -C "$KIT" --no-print-directory ARCH="$ARCH" STAGE=5 \
	print-ENTRY_RECORD_FLAGS)

# unit_a and unit_b, the C++ units that share inline code, built for
# stage 5 (the arch's flags and its entry flags) at -O2 with FLAG (-O0:
# at -O0), into $TMPD/<unit>FLAG.o
entry_units() { # flag
	local o
	for o in unit_a unit_b; do
		$CXX -O2 $ARCH_CFLAGS $ENTRY_CFLAGS $1 \
			-c "$KIT/tests/extern/cxx-units/$o.cc" \
			-o "$TMPD/$o$1.o" || return 1
	done
}

# link the two units built with FLAG; they must link, and run
entry_link() { # flag
	$CXX $([ "$1" = -fPIC ] && echo -pie || echo -no-pie) -o "$TMPD/linked$1" \
		"$TMPD/unit_a$1.o" "$TMPD/unit_b$1.o" 2>"$TMPD/ld.err"
	assertEquals "$1: the C++ units link" "" "$(cat "$TMPD/ld.err")"
	run_target "$TMPD/linked$1" >/dev/null
	assertEquals "$1: and run" 0 $?
}

# group_of_sections OBJ NAMES: the signatures of OBJ's groups that have a
# member named in the file NAMES, sorted
group_of_sections() {
	LC_ALL=C readelf -gW "$1" | awk '
		NR == FNR { want[$1]; next }
		/^COMDAT group section \[/ { g = $0
			sub(/^[^`]*`[^\047]*\047 \[/, "", g)
			sub(/\] contains .*$/, "", g); next }
		g != "" && /^ +\[ *[0-9]+\] / {
			sub(/^ +\[ *[0-9]+\] +/, ""); if ($0 in want) print g }
		/^$/ { g = "" }' "$2" - | sort -u
}

# --nop: every recorded call becomes the machine's NOP and loses its
# relocation, in C and in C++ section groups, non-PIC and PIC; two C++
# units that share inline code still link.  A machine without NOPs to
# write refuses in one line and leaves the object alone.
test_nop_writes_each_recorded_call_as_a_nop() {
	local f o n
	if [ "$ENTRY_RECORD" != --nop ]; then
		cp "$TMPD/obj/kit/sites.o" "$TMPD/nn.o"
		"$RM" --nop "$TMPD/nn.o" 2>"$TMPD/err"
		assertEquals "$ARCH: exit status" 1 $?
		assertEquals "$ARCH: one line" \
			"recordmcount: $TMPD/nn.o: --nop: no NOP encoding for $ARCH" \
			"$(cat "$TMPD/err")"
		cmp -s "$TMPD/obj/kit/sites.o" "$TMPD/nn.o"
		assertTrue "$ARCH: left alone" $?
		return
	fi
	for f in -fno-pie -fPIC -O0; do
		entry_units $f || fail "c++ $f"
		for o in unit_a unit_b; do
			n=$("$RM" --list "$TMPD/$o$f.o" | wc -l)
			"$RM" --nop "$TMPD/$o$f.o" || fail "--nop $o $f"
			assertTrue "$o $f: sites ($n)" "[ $n -ge 3 ]"
			assertEquals "$o $f: no call of $MCOUNT_SYMBOL left" 0 \
				"$("$OBJDUMP" -dr "$TMPD/$o$f.o" | grep -c "$(mkvar ENTRY_SYMBOL)")"
			# each table entry's relocation points at a NOP
			readelf -rW "$TMPD/$o$f.o" | awk '
				/^Relocation section .*__mcount_loc/ { t = 1; next }
				/^Relocation section/ { t = 0 }
				t && $1 ~ /^[0-9a-f]+$/ { print $5, $NF }' >"$TMPD/ent"
			assertEquals "$o $f: one entry a site" "$n" "$(wc -l <"$TMPD/ent")"
			assertEquals "$o $f: as many NOPs with a NONE relocation" "$n" \
				"$("$OBJDUMP" -dr "$TMPD/$o$f.o" | grep -c '_NONE')"
		done
		# (unit_a has main; -pg's calls are gone, nothing needs mcount)
		entry_link $f
	done
}

# --entries: the compiler's table of patchable entries moves to
# __mcount_loc, one table per section group as for calls, and leaves the
# link; so two C++ units that share inline code keep every entry (gcc 12
# ties its one table to a single group's function: when the linker drops
# that copy, the table goes with it, main's entry among them).  The
# machine's once-only words are written at every entry.  An object
# without the compiler's table is left alone.
test_entries_move_the_compiler_table_per_group() {
	local f o n linked main
	"$RM" --entries -o "$TMPD/none.o" "$TMPD/obj/kit/sites.o"
	cmp -s "$TMPD/obj/kit/sites.o" "$TMPD/none.o"
	assertTrue "no patchable entries: nothing to do" $?
	case " $ENTRY_RECORD " in *" --entries "*) ;; *) return 0 ;; esac
	need_facts TEST_ENTRY_SITE || return
	for f in -fno-pie -fPIC -O0; do
		entry_units $f || fail "c++ $f"
		for o in unit_a unit_b; do
			n=$(readelf -rW "$TMPD/$o$f.o" | awk '
				/^Relocation section .*__patchable_function_entries/ { t = 1; next }
				/^Relocation section/ { t = 0 }
				t && $1 ~ /^[0-9a-f]+$/ { n++ } END { print n + 0 }')
			assertTrue "$o $f: the compiler's entries ($n)" "[ $n -ge 3 ]"
			assertEquals "$o $f: listed" "$n" \
				"$("$RM" --entries --list "$TMPD/$o$f.o" | wc -l)"
			cp "$TMPD/$o$f.o" "$TMPD/$o$f.orig"
			"$RM" $ENTRY_RECORD "$TMPD/$o$f.o" ||
				fail "$ENTRY_RECORD $o $f"
			assertEquals "$o $f: as many entries in __mcount_loc" "$n" \
				"$(readelf -rW "$TMPD/$o$f.o" | awk '
				/^Relocation section .*__mcount_loc/ { t = 1; next }
				/^Relocation section/ { t = 0 }
				t && $1 ~ /^[0-9a-f]+$/ { n++ } END { print n + 0 }')"
			"$RM" --entries --list "$TMPD/$o$f.orig" | cut -f1 |
				sort -u >"$TMPD/secs"
			echo __mcount_loc >"$TMPD/loc_name"
			assertEquals "$o $f: a table in every group with an entry" \
				"$(group_of_sections "$TMPD/$o$f.orig" "$TMPD/secs")" \
				"$(group_of_sections "$TMPD/$o$f.o" "$TMPD/loc_name")"
			assertEquals "$o $f: the compiler's table out of the link" \
				"E" "$(LC_ALL=C readelf -SW "$TMPD/$o$f.o" | awk '
				$2 == "__patchable_function_entries" { print "named" }
				$2 ~ /patchable_function_entries$/ && $2 !~ /^\.rel/ { print $8 }')"
			"$RM" $ENTRY_RECORD "$TMPD/$o$f.o"
			assertEquals "$o $f: a second run changes nothing" 0 $?
		done
		entry_link $f
		# (a PIE's table is filled in by the loader: the program's is read)
		[ $f = -fPIC ] && continue
		# every function of the program with a patchable entry has its
		# entry, main's too: as many entries as functions beginning with
		# the prepared site
		linked=$TMPD/linked$f
		mcount_loc_words "$linked" | sort -u >"$TMPD/loc" || fail "$f: table"
		main=$("$NM" "$linked" | awk '$3 == "main" { sub(/^0*/, ""); print $1 }')
		assertTrue "$f: main's entry ($main) in __mcount_loc" \
			"grep -qx '$main' '$TMPD/loc'"
		"$OBJDUMP" -d --no-show-raw-insn "$linked" |
			awk '/^[0-9a-f]+ <.*>:$/ { getline; print }' |
			grep -Ec "$TEST_ENTRY_SITE" >"$TMPD/nfun"
		assertEquals "$f: one entry a function with the site" \
			"$(cat "$TMPD/nfun")" "$(wc -l <"$TMPD/loc")"
		assertEquals "$f: no compiler table linked" "" \
			"$(readelf -SW "$linked" | grep __patchable_function_entries)"
	done
}

# --pre-entry: only with --entries, a byte count up to 64; one line each
test_pre_entry_usage() {
	"$RM" --pre-entry 8 "$TMPD/obj/kit/sites.o" 2>"$TMPD/err"
	assertEquals "without --entries: status" 2 $?
	assertEquals "without --entries: one line" \
		"recordmcount: --pre-entry needs --entries" "$(cat "$TMPD/err")"
	"$RM" --entries --pre-entry x8 "$TMPD/obj/kit/sites.o" 2>"$TMPD/err"
	assertEquals "not a count: status" 2 $?
	assertEquals "not a count: one line" \
		"recordmcount: --pre-entry x8: not a byte count up to 64" \
		"$(cat "$TMPD/err")"
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
	# this arch among the machines, wherever the table puts it
	assertContains "machines: $(grep '^Machines:' "$TMPD/help")" \
		" $(sed -n 's/^Machines: \(.*\)\.$/\1/p' "$TMPD/help") " " $ARCH "
	"$RM" >/dev/null 2>&1
	assertEquals "no file" 2 $?
	"$RM" --bogus x.o >/dev/null 2>&1
	assertEquals "bad option" 2 $?
}

test_verbose_explains() {
	"$RM" -v --list "$TMPD/obj/kit/sites.o" >/dev/null 2>"$TMPD/err"
	assertContains "$(cat "$TMPD/err")" "6 call sites of $MCOUNT_SYMBOL"
}

. shunit2
