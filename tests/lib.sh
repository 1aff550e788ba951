# Helpers shared by the shUnit2 suites.  A suite is run by run-tests.sh
# with ARCH, STAGE and KIT in the environment; it sources this file, defines
# test_* functions and ends with ". shunit2".
#
# One suite, one arch, one stage, by hand (build the stage first; the
# recordmcount suites are stage 0 and need no build but the host tool's):
#   make ARCH=mips STAGE=3 all progs
#   ARCH=mips STAGE=3 KIT=$PWD bash tests/stage3/test_syscall_names.sh
# or through run-tests.sh, which builds and adds up:
#   tests/run-tests.sh --arch mips --stage 3 --suite test_syscall_names
#   tests/run-tests.sh --arch mips --stage 0 --suite test_sites
#
# A suite that tests a later step of docs/exercises.md than its stage's
# (scripts/port-status lists them) is skipped, naming the step, while the
# arch has not claimed that step; so is a test that needs an item of a
# step not claimed (need_facts), and a test the arch's emulator cannot
# run (TEST_EMULATOR_LIMITS below).  A skip prints one line, "skipped:"
# and the reason; run-tests.sh counts it and shows the line.
: "${ARCH:=x86_64}" "${STAGE:=1}" "${KIT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
mkvar() { make -s -C "$KIT" --no-print-directory ARCH="$ARCH" STAGE="$STAGE" "print-$1"; }
O=$KIT/build/$ARCH/stage$STAGE
QEMU=$(mkvar QEMU)
SYSROOT=$(mkvar SYSROOT)
CC=$(mkvar CC)
# the arch's test headers (arch/<arch>/tests/fp_flags.h, ...) for the
# test programs that include them
ARCH_TEST_CFLAGS=-I$KIT/arch/$ARCH/tests
OBJDUMP=$(mkvar OBJDUMP)
SHUNIT_COLOR=none
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT

# Run a target program (natively or under qemu) with FTRACE_* settings from
# the caller's environment; stdout/stderr/exit status are the program's.
run_target() {
	if [ -n "$QEMU" ]; then
		"$QEMU" -L "$SYSROOT" "$@"
	else
		"$@"
	fi
}

# site_state_any ADDR HEX "CALLER...": the arch's site_state
# (arch/<arch>/tests/dyn_site.sh) against each address an enabled site may
# call now (tests/progs/dyn/site_dests.h): "call" if it calls one of them
site_state_any() {
	local c s first=
	for c in $3; do
		s=$(site_state "$1" "$2" "$c")
		[ "$s" = call ] && { echo call; return; }
		[ -n "$first" ] || first=$s
	done
	echo "$first"
}

# ftrace-cc with this suite's arch and stage (kit options first)
fcc() { "$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" "$@"; }

# trace_run OUT PROG [ARGS]: run PROG with the function tracer by default,
# trace written to OUT, program stdout to OUT.stdout; returns its status.
trace_run() {
	local out=$1
	shift
	FTRACE_CURRENT_TRACER=${FTRACE_CURRENT_TRACER-function} \
	FTRACE_TRACE=$out run_target "$@" >"$out.stdout" 2>"$out.stderr"
}

# The patch methods of this arch (chapter 4, stages 3 and 4): the
# patch_method file, brackets off.
patch_methods() {
	FTRACE_CURRENT_TRACER=nop run_target "$O/dyn/dynctl" read:patch_method |
		sed -n '2p' | tr -d '[]'
}

# The function-tracer lines of a trace (comm-tid [cpu] flags time: ...),
# reduced to "tid func <-parent".
fn_edges() {
	sed -n 's/^ *.*-\([0-9][0-9]*\) *\[[0-9]*\] [.dXZzHhsNnp0-9a-f]\{4\} *[0-9.]*: \(.*\)$/\1 \2/p' "$1" |
		grep -v ' <stack trace>$'
}

# The edges of one thread, without the tid.
thread_edges() { # trace tid
	fn_edges "$1" | awk -v t="$2" '$1 == t { $1 = ""; sub(/^ /, ""); print }'
}

# The calls of a function_graph trace (funcgraph-proc: comm-tid column)
# that are not closed: a line a thread for each one left open, or where a
# thread's "}" had no "{" before it.  Empty when every call is balanced.
graph_open_calls() { # trace
	awk '
		{ if (!match($0, /[^ ]+-[0-9]+ +\|/)) next
		  t = substr($0, RSTART, RLENGTH); sub(/ +\|$/, "", t) }
		/\(\) \{$/ { d[t]++ }
		/\|  +\}$/ { if (--d[t] < 0) { print "unopened } in " t; exit } }
		END { for (t in d) if (d[t]) print t " left " d[t] " open" }' "$1"
}

# What a test knows about an arch comes from arch/$ARCH/: arch.mk (through
# mkvar), the test headers and scripts of arch/$ARCH/tests/ (fp_flags.h,
# abi_vec.h, bad_frame.S, dyn_site.sh, arch_sites.sh) and
# arch/$ARCH/tests/facts.sh, shell assignments of TEST_* items, by the
# step of docs/exercises.md that first needs them (scripts/port-status
# reads this list: an item in parentheses is wanted only in some cases):
#  step 2 (stage 1)
#   TEST_WORD_SIZE, TEST_ENDIAN, TEST_ELF_MACHINE  what readelf -h says
#   TEST_FPU_MNEM, TEST_FPU_REGS                  an FP/vector instruction
#   TEST_CALL_RELOCS                              a direct call or jump
#   TEST_SITE_RELOCS (+ TEST_SITE_SEQ_*)          a site in objdump -dr
#  step 3 (stage 1)
#   TEST_STACK_WALK_LIMIT_MB                      the unwinder's reach
#  step 4 (stage 2)
#   TEST_GRAPH_SHAPES                             other shapes to hook
#   (TEST_NO_GRAPH_REFUSAL)                       why nothing is refused,
#                                                 without GRAPH_REFUSED_CFLAGS
#  step 5 (recordmcount's suites)
#   TEST_FLAVOURS, TEST_CFLAGS_<f>, TEST_RELOC_<f>  call-site flavours
#   TEST_LINKED_SITE (+ TEST_LINKED_SEQ_*)        a site in a linked program
#   TEST_GCC_RECORD_MCOUNT                        gcc -mrecord-mcount: y/n
#  step 6 (stage 3)
#   TEST_UNRECORDED_SITES                         traced or stub
#   TEST_ARCH_SITE_CFLAGS (+ TEST_ARCH_SITE_SHAPES, TEST_DYN_STRADDLE)
#                                                 other site shapes
#   (TEST_DYN_SWITCH_BYTES)                       bytes one switch changes,
#                                                 with other site shapes
#   TEST_UNWIND_READS_PROLOGUES                   y/n
#  step 8 (stage 3, the system-call suites)
#   TEST_UNNAMED_SYSCALLS                         the arch's own calls the
#                                                 kernel names no
#                                                 parameters of, or none
#  step 10 (stage 5)
#   TEST_ENTRY_SITE                               a function's first
#                                                 instruction as linked
#   TEST_ENTRY_INIT_WRITES                        none or each
#  any step
#   (TEST_EMULATOR_LIMITS)                        tests the emulator fails
#     One line per test, "DIR/SUITE:TEST=REASON", e.g.
#     "stage2/test_graph:test_unwind_through_signal=qemu-xyz 7.2 cannot
#     ...": that test reports as skipped, with the reason, and runs not.
#     Only for a failure measured with a plain program, built without the
#     kit, that fails the same way under the emulator: the reason names
#     that program and the emulator's version.
# never from a case list in a test.  A test that needs an item the arch
# lacks fails, naming the item (need_facts), instead of passing blind;
# unless the item's step is not claimed yet: then it is skipped, naming
# the step.
# the suite as run-tests.sh names it: stage3/test_syscalls
SUITE=$(basename "$(dirname "$0")")/$(basename "$0" .sh)

# skip_suite REASON: skip the whole suite, before any test runs (one
# line, and the mark run-tests.sh counts)
skip_suite() {
	echo "skipped: $SUITE: $1"
	echo "suite skipped"
	exit 0
}

# skip_test REASON: inside a test, end it as one skipped assertion (the
# test may return non-zero after it: suite() below makes that no error)
skip_test() {
	echo "skipped: $1"
	startSkipping
	assertTrue "$1" true
	endSkipping
	TEST_SKIPPED=1
}

# a suite that waits for a step the arch has not claimed
if ! waits=$("$KIT/scripts/port-status" --waits "$ARCH" "$SUITE"); then
	skip_suite "$waits"
fi
unset waits

FACTS=arch/$ARCH/tests/facts.sh
if [ ! -f "$KIT/$FACTS" ]; then
	echo "$FACTS: missing (what the tests need to know about $ARCH)" >&2
	exit 1
fi
. "$KIT/$FACTS"

# need_facts ITEM...: inside a test, fail for each ITEM the arch lacks;
# outside one (a suite's set-up code), stop the whole suite.  An item of
# a step the arch has not claimed yet skips the test (or the suite)
# instead, naming the step.  Status 1 if anything was missing.
need_facts() {
	local item missing=0 waits skip=
	for item; do
		[ -n "${!item}" ] && continue
		if ! waits=$("$KIT/scripts/port-status" --waits "$ARCH" "$item"); then
			skip="$FACTS: no $item, which $waits"
			continue
		fi
		missing=1
		if declare -F fail >/dev/null; then
			fail "$FACTS: no $item"
		else
			echo "$FACTS: no $item" >&2
		fi
	done
	if [ $missing = 0 ] && [ -z "$skip" ]; then
		return 0
	fi
	declare -F fail >/dev/null || {
		[ $missing = 0 ] && skip_suite "$skip"
		exit 1
	}
	[ $missing = 0 ] && skip_test "$skip"
	return 1
}

# shUnit2 calls suite() once every test is defined (a suite that needs
# suite() of its own calls this one's body).  Each test is wrapped: one
# that skipped (skip_test) ends as a skip, whatever it returns.  Each
# test of this suite that TEST_EMULATOR_LIMITS names becomes a skip that
# prints the reason; an entry naming no test of the suite stops it.
declare -A EMULATOR_LIMIT
suite() {
	local line t
	for t in $(declare -F | awk '$3 ~ /^test/ { print $3 }'); do
		eval "$(declare -f "$t" | sed "1s/^$t /__skippable_$t /")"
		eval "$t() { TEST_SKIPPED=; __skippable_$t; local rc=\$?;
			[ -n \"\$TEST_SKIPPED\" ] || return \$rc; }"
	done
	while IFS= read -r line; do
		line=${line#"${line%%[![:space:]]*}"}
		[[ $line == "$SUITE:"*=* ]] || continue
		t=${line#"$SUITE:"}
		t=${t%%=*}
		if ! declare -F "$t" >/dev/null; then
			echo "$FACTS: TEST_EMULATOR_LIMITS names $SUITE:$t, no test of $SUITE"
			exit 1
		fi
		EMULATOR_LIMIT[$t]="$t: the emulator (${QEMU:-none}) cannot run it: ${line#*=} ($FACTS, TEST_EMULATOR_LIMITS)"
		eval "$t() { skip_test \"\${EMULATOR_LIMIT[$t]}\"; }"
	done <<<"$TEST_EMULATOR_LIMITS"
}
