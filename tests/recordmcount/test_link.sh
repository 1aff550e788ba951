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
		$CC -O2 -g -pg $flags -c "$SRC/$src.c" -o "$d/$src.o" || return 1
		n=$((n + $("$RM" --list "$d/$src.o" | wc -l)))
		"$RM" "$d/$src.o" || return 1
	done
	$CC -O2 $flags -DMCOUNT_SYMBOL="$MCOUNT_SYMBOL" -c "$SRC/stub.c" \
		-o "$d/stub.o" || return 1
	case $flags in
	*-fpic*) ld=-pie ;;
	*) ld=-no-pie ;;
	esac
	$CC $ld -o "$d/prog" "$d"/sites.o "$d"/other.o "$d"/nosites.o \
		"$d/stub.o" 2>"$d/ld.err" || { cat "$d/ld.err" >&2; return 1; }
	echo "$n"
}

# check_site DISASSEMBLY ADDRESS: is the instruction there a call to mcount?
# Prints the offending line otherwise.
check_site() {
	awk -v a="$2" -v sym="<$MCOUNT_SYMBOL>" -v arch="$ARCH" '
		function ok(why) { found = 1; exit 0 }
		!seen && $1 == a ":" {
			seen = 1; line = $0; n = split($0, f, "\t")
			bytes = f[2]; ins = f[3] " " f[4]
			if (arch == "x86_64" &&
			    (bytes ~ /^e8 / || bytes ~ /^67 e8 / ||
			     bytes ~ /^ff 15 /) && ins ~ /call/ &&
			    (ins ~ sym || ins ~ /<mcount/))
				ok()
			if (arch == "arm" && ins ~ /^blx? / && index(ins, sym))
				ok()
			if (arch == "mips") {
				if (ins ~ /^(jal|bal) / && index(ins, sym))
					ok()
				if (ins ~ /^jalr[ \t]+t9/)
					ok()
				# long-call sequence: lui/lw v1, then jalr v1
				# (-O0: 6 instructions on)
				if (ins ~ /^(lui|lw)[ \t]+v1,/) { want = 6; next }
			}
			exit 1
		}
		want && want-- > 0 && $0 ~ /jalr[ \t]+v1/ { ok() }
		END { if (!found) { print "not a call: " (line ? line : a); exit 1 } }
	' "$1"
}

check_flavour() {
	local name=$1 flags=$2 n d=$TMPD/$1 start stop addr bad=0 count=0
	n=$(link_flavour "$name" "$flags") || { fail "$name: build"; return; }
	start=$("$NM" "$d/prog" | awk '$3 == "__start___mcount_loc" { print $1 }')
	stop=$("$NM" "$d/prog" | awk '$3 == "__stop___mcount_loc" { print $1 }')
	assertNotNull "$name: __start___mcount_loc defined" "$start"
	assertNotNull "$name: __stop___mcount_loc defined" "$stop"
	assertEquals "$name: table size" $((n * WORD)) \
		$((0x${stop:-0} - 0x${start:-0}))
	LC_ALL=C "$OBJDUMP" -d "$d/prog" >"$d/dis"
	for addr in $(mcount_loc_words "$d/prog"); do
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
	local name flags
	while read -r name flags; do
		case $name in kit|ffs) continue ;; esac
		check_flavour "$name" "$flags"
	done < <(flavours)
}

. shunit2
