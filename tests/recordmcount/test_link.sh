#!/bin/bash
# After recordmcount and a link, __start___mcount_loc..__stop___mcount_loc
# hold one address per call site, and every address is a real call to
# mcount in the linked program (checked on its disassembled bytes), for
# every flavour: kit flags, PIC/PIE, long calls, Thumb-2.
. "$KIT/tests/lib.sh"
. "$KIT/tests/recordmcount/rm-lib.sh"

oneTimeSetUp() {
	build_tool || fail "cannot build recordmcount"
}

# link_flavour NAME FLAGS: build, record and link sites.c + other.c +
# nosites.c with a stub mcount into $TMPD/NAME/prog; prints the number of
# sites the tool listed.
link_flavour() {
	local name=$1 flags=$2 d=$TMPD/$1 src n=0 ld=
	mkdir -p "$d"
	for src in sites other nosites; do
		$CC -O2 -g -pg $flags $SRC_DEFS -c "$SRC/$src.c" \
			-o "$d/$src.o" || return 1
		n=$((n + $("$RM" --list "$d/$src.o" | wc -l)))
		"$RM" "$d/$src.o" || return 1
	done
	$CC -O2 $flags $SRC_DEFS -c "$SRC/stub.c" \
		-o "$d/stub.o" || return 1
	case $flags in
	*-fpic*) ld=-pie ;;
	*) ld=-no-pie ;;
	esac
	$CC $ld -o "$d/prog" "$d"/sites.o "$d"/other.o "$d"/nosites.o \
		"$d/stub.o" 2>"$d/ld.err" || { cat "$d/ld.err" >&2; return 1; }
	echo "$n"
}

check_flavour() {
	local name=$1 flags=$2 n d=$TMPD/$1 start stop addr words bad=0 count=0
	n=$(link_flavour "$name" "$flags") || { fail "$name: build"; return; }
	start=$("$NM" "$d/prog" | awk '$3 == "__start___mcount_loc" { print $1 }')
	stop=$("$NM" "$d/prog" | awk '$3 == "__stop___mcount_loc" { print $1 }')
	assertNotNull "$name: __start___mcount_loc defined" "$start"
	assertNotNull "$name: __stop___mcount_loc defined" "$stop"
	assertEquals "$name: table size" $((n * WORD)) \
		$((0x${stop:-0} - 0x${start:-0}))
	need_facts TEST_LINKED_SITE || return
	LC_ALL=C "$OBJDUMP" -d "$d/prog" >"$d/dis"
	words=$(mcount_loc_words "$d/prog") ||
		fail "$name: cannot read __mcount_loc"
	for addr in $words; do
		count=$((count + 1))
		check_site "$d/dis" "$addr" >>"$d/bad" || bad=$((bad + 1))
	done
	assertEquals "$name: entries" "$n" "$count"
	assertEquals "$name: sites that are not calls: $(head -3 "$d/bad")" \
		0 "$bad"
	assertTrue "$name: no sites?" "[ $n -ge 8 ]"
}

test_kit_flavour() {
	check_flavour kit "$ARCH_CFLAGS"
}

test_function_sections() {
	check_flavour ffs "$ARCH_CFLAGS -ffunction-sections"
}

test_other_flavours() {
	local name flags k=0
	while read -r name flags; do
		case $name in kit|ffs) continue ;; esac
		check_flavour "$name" "$flags"
		k=$((k + 1))
	done < <(flavours)
	assertTrue "TEST_FLAVOURS tried ($k)" "[ $k -ge 1 ]"
}

. shunit2
