#!/bin/bash
# Objects whose text sections have no section symbol and no symbol but
# weak ones: x86_64 gas drops the .text section symbol when nothing needs
# it (no unwind tables: the kernel's -fno-asynchronous-unwind-tables), and
# objcopy --strip-unneeded drops it on every arch.  recordmcount must then
# add a local section symbol (docs/03-mcount-record.md, 3.2), keep the
# symbol table valid, and the table must still hold the call sites after a
# link in which another object replaces a weak function.
. "$KIT/tests/lib.sh"
. "$KIT/tests/recordmcount/rm-lib.sh"

# (AArch64's gcc also defaults to -funwind-tables: its .eh_frame would
# keep the section symbol)
NOUNWIND='-fno-asynchronous-unwind-tables -fno-unwind-tables'

oneTimeSetUp() {
	build_tool || fail "cannot build recordmcount"
}

# symtab_ok OBJ: every local symbol comes before the first global one,
# and the symbol table's sh_info is the index of that first global.
symtab_ok() {
	local info
	info=$(LC_ALL=C readelf -SW "$1" | awk '/ SYMTAB / { print $(NF - 1) }')
	LC_ALL=C readelf -sW "$1" | awk -v info="$info" '
		$1 ~ /^[0-9]+:$/ {
			i = $1 + 0
			if ($5 != "LOCAL" && first == "") first = i
			if ($5 == "LOCAL" && first != "") bad = 1
		}
		END { exit !(!bad && first == info) }'
}

# check_object NAME OBJ: recordmcount takes a weak-only object, records the
# sites objdump sees, relative to section symbols only
check_object() {
	local name=$1 obj=$2 rel
	assertEquals "$name: sites" "$(objdump_list "$obj")" "$(rm_list "$obj")"
	"$RM" -v "$obj" 2>"$obj.log"
	assertEquals "$name: status ($(tail -1 "$obj.log"))" 0 $?
	assertTrue "$name: has __mcount_loc" \
		"readelf -SW '$obj' | grep -q ' __mcount_loc '"
	assertEquals "$name: entries" "$("$RM" --list "$obj" | wc -l)" \
		"$(table_of "$obj" | wc -l)"
	# readelf names a section symbol by its section
	rel=$(table_of "$obj" | awk '{ print $1 }' | sort -u | tr '\n' ' ')
	assertEquals "$name: entries relative to section symbols" "" \
		"$(echo "$rel" | tr ' ' '\n' | grep -v '^\.text' | grep .)"
	assertTrue "$name: symbol table order and sh_info" "symtab_ok '$obj'"
}

test_weak_only_objects_get_a_section_symbol() {
	local name flags opt d=$TMPD/weak
	mkdir -p "$d"
	while read -r name flags; do
		for opt in -O0 -O2; do
			# (no -g: debug info would make gas keep the symbol)
			$CC $opt -pg $flags $NOUNWIND -c "$SRC/weakonly.c" \
				-o "$d/$name$opt.o" || { fail "$name: cc"; continue; }
			check_object "$name $opt" "$d/$name$opt.o"
		done
	done < <(flavours)
	# a section symbol is added exactly when the assembler left it out
	# (x86_64 gas does, binutils 2.40; MIPS and ARM gas do not)
	$CC -O2 -pg $ARCH_CFLAGS $NOUNWIND -c "$SRC/weakonly.c" -o "$d/plain.o"
	local secsyms
	secsyms=$(readelf -sW "$d/plain.o" |
		awk '$4 == "SECTION" && $7 == 1' | wc -l)
	"$RM" -v "$d/plain.o" 2>"$d/plain.log"
	if [ "$secsyms" = 0 ]; then
		assertContains "$(cat "$d/plain.log")" \
			".text: added a section symbol"
	else
		assertNotContains "$(cat "$d/plain.log")" "added a section symbol"
	fi
}

# Section symbols stripped: the tool's own symbol is the only anchor, on
# every class and byte order; other relocations (the call from weak_twice
# to weak_add, the mcount calls) must follow the globals that moved up.
# Linked with the kit's runtime, a strong weak_add replaces the weak one:
# the program computes with the strong one, every table entry is still a
# call to mcount (the replaced copy stays in the program, never called).
test_stripped_weak_object_links_and_runs() {
	local opt d=$TMPD/strip addr bad n
	need_facts TEST_LINKED_SITE || return
	# (an arch being ported may have recordmcount before its runtime)
	case " $(mkvar STAGES) " in
	*" 1 "*) ;;
	*) startSkipping ;;
	esac
	mkdir -p "$d"
	for opt in -O0 -O2; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage 1 $opt $NOUNWIND \
			-c "$SRC/weakonly.c" -o "$d/w$opt.o" || fail "ftrace-cc -c"
		"$OBJCOPY" --strip-unneeded "$d/w$opt.o"
		assertEquals "$opt: no section symbol left" 0 \
			"$(readelf -sW "$d/w$opt.o" | grep -c ' SECTION ')"
		"$RM" -v "$d/w$opt.o" 2>"$d/rm.log"
		assertEquals "$opt: recordmcount status" 0 $?
		assertContains "$(cat "$d/rm.log")" ".text: added a section symbol"
		assertTrue "$opt: symbol table order" "symtab_ok '$d/w$opt.o'"
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage 1 \
			--record-mcount $opt -o "$d/p$opt" "$SRC/override.c" \
			"$d/w$opt.o" || { fail "$opt: link"; continue; }
		FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$d/t$opt \
			run_target "$d/p$opt" >"$d/out"
		assertEquals "$opt: the strong weak_add ran" 0 $?
		assertEquals "weak_twice(6) = 37" "$(cat "$d/out")"
		assertTrue "$opt: traced" \
			"fn_edges '$d/t$opt' | grep -q ' weak_add <-weak_twice$'"
		LC_ALL=C "$OBJDUMP" -d "$d/p$opt" >"$d/dis"
		n=0 bad=
		for addr in $(mcount_loc_words "$d/p$opt"); do
			n=$((n + 1))
			check_site "$d/dis" "$addr" >/dev/null ||
				bad="$bad $addr"
		done
		# override.c: weak_add, main; weakonly.c: weak_add, weak_twice
		assertEquals "$opt: table entries" 4 "$n"
		assertEquals "$opt: entries that are not mcount calls" "" "$bad"
	done
}

# The symbol insertion under AddressSanitizer/UBSan: same result as the
# plain build, no report.
test_adding_symbols_under_asan() {
	local d=$TMPD/asan name flags f rc
	make -s -C "$KIT/recordmcount" O="$KIT/build/host" asan ||
		{ fail "asan build"; return; }
	mkdir -p "$d"
	while read -r name flags; do
		$CC -O0 -pg $flags $NOUNWIND -c "$SRC/weakonly.c" \
			-o "$d/$name.o" || continue
		"$OBJCOPY" --strip-unneeded "$d/$name.o" "$d/$name-s.o"
	done < <(flavours)
	for f in "$d"/*.o; do
		"$RM" -o "$f.plain" "$f" 2>"$f.err1"
		"$RM_ASAN" -o "$f.asan" "$f" 2>"$f.err2"
		rc=$?
		assertEquals "$(basename "$f"): asan status ($(head -3 \
			"$f.err2"))" 0 $rc
		assertTrue "$(basename "$f"): same output" \
			"cmp -s '$f.plain' '$f.asan'"
	done
}

# set_symtab_info OBJ VALUE: write VALUE into .symtab's sh_info
set_symtab_info() {
	local shoff idx entsize at bytes
	shoff=$(LC_ALL=C readelf -hW "$1" |
		awk '/Start of section headers/ { print $5 }')
	idx=$(LC_ALL=C readelf -SW "$1" |
		sed -n 's/^ *\[ *\([0-9]*\)\] .* SYMTAB .*/\1/p')
	if [ "$WORD" = 8 ]; then entsize=64 at=44; else entsize=40 at=28; fi
	bytes=$(printf '%08x' "$2" | sed 's/../& /g')
	[ "$ENDIAN" = little ] &&
		bytes=$(echo $bytes | awk '{ print $4, $3, $2, $1 }')
	printf "$(echo $bytes | sed 's/\([0-9a-f][0-9a-f]\) */\\x\1/g')" |
		dd of="$1" bs=1 seek=$((shoff + idx * entsize + at)) \
			conv=notrunc status=none
}

# Inserting a symbol needs to know where the locals end: a symbol table
# whose sh_info is no symbol index is refused, in one line, untouched.
test_bad_local_count_is_refused_when_adding() {
	local d=$TMPD/bad out v
	mkdir -p "$d"
	$CC -O2 -pg $ARCH_CFLAGS $NOUNWIND -c "$SRC/weakonly.c" -o "$d/w.o" &&
		"$OBJCOPY" --strip-unneeded "$d/w.o" || fail "cc"
	for v in 0 1000; do
		cp "$d/w.o" "$d/w$v.o"
		set_symtab_info "$d/w$v.o" $v
		cp "$d/w$v.o" "$d/copy.o"
		out=$("$RM" "$d/w$v.o" 2>&1)
		assertEquals "sh_info $v: status" 1 $?
		assertEquals "recordmcount: $d/w$v.o: symbol table: sh_info $v \
is not a symbol index" "$out"
		assertTrue "sh_info $v: file untouched" \
			"cmp -s '$d/w$v.o' '$d/copy.o'"
	done
}

. shunit2
