# Helpers shared by the shUnit2 suites.  A suite is run by run-tests.sh
# with ARCH, STAGE and KIT in the environment; it sources this file, defines
# test_* functions and ends with ". shunit2".

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

# What a test knows about an arch comes from arch/$ARCH/: arch.mk (through
# mkvar), the test headers and scripts of arch/$ARCH/tests/ (fp_flags.h,
# abi_vec.h, bad_frame.S, dyn_site.sh, arch_sites.sh) and
# arch/$ARCH/tests/facts.sh, shell assignments of TEST_* items, by the
# step of docs/exercises.md that first needs them:
#  step 2 (stage 1)
#   TEST_WORD_SIZE, TEST_ENDIAN, TEST_ELF_MACHINE  what readelf -h says
#   TEST_FPU_MNEM, TEST_FPU_REGS                  an FP/vector instruction
#   TEST_CALL_RELOCS                              a direct call or jump
#  step 3 (stage 1)
#   TEST_STACK_WALK_LIMIT_MB                      the unwinder's reach
#  step 4 (stage 2)
#   TEST_GRAPH_SHAPES                             other shapes to hook
#   TEST_NO_GRAPH_REFUSAL                         why nothing is refused
#                                                 (no GRAPH_REFUSED_CFLAGS)
#  step 5 (recordmcount's suites)
#   TEST_FLAVOURS, TEST_CFLAGS_<f>, TEST_RELOC_<f>  call-site flavours
#   TEST_SITE_RELOCS (+ TEST_SITE_SEQ_*)          a site in objdump -dr
#   TEST_LINKED_SITE (+ TEST_LINKED_SEQ_*)        a site in a linked program
#   TEST_GCC_RECORD_MCOUNT                        gcc -mrecord-mcount: y/n
#  step 6 (stage 3)
#   TEST_UNRECORDED_SITES                         traced or stub
#   TEST_DYN_SWITCH_BYTES                         bytes one switch changes
#   TEST_ARCH_SITE_CFLAGS (+ TEST_ARCH_SITE_SHAPES, TEST_DYN_STRADDLE)
#                                                 other site shapes
#   TEST_UNWIND_READS_PROLOGUES                   y/n
# never from a case list in a test.  A test that needs an item the arch
# lacks fails, naming the item (need_facts), instead of passing blind.
FACTS=arch/$ARCH/tests/facts.sh
if [ ! -f "$KIT/$FACTS" ]; then
	echo "$FACTS: missing (what the tests need to know about $ARCH)" >&2
	exit 1
fi
. "$KIT/$FACTS"

# need_facts ITEM...: inside a test, fail for each ITEM the arch lacks;
# outside one (a suite's set-up code), stop the whole suite.  Status 1 if
# anything was missing.
need_facts() {
	local item missing=0
	for item; do
		[ -n "${!item}" ] && continue
		missing=1
		if declare -F fail >/dev/null; then
			fail "$FACTS: no $item"
		else
			echo "$FACTS: no $item" >&2
		fi
	done
	[ $missing = 0 ] && return 0
	declare -F fail >/dev/null || exit 1
	return 1
}
