# Helpers shared by the shUnit2 suites.  A suite is run by run-tests.sh
# with ARCH, STAGE and KIT in the environment; it sources this file, defines
# test_* functions and ends with ". shunit2".

: "${ARCH:=x86_64}" "${STAGE:=1}" "${KIT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
mkvar() { make -s -C "$KIT" --no-print-directory ARCH="$ARCH" STAGE="$STAGE" "print-$1"; }
O=$KIT/build/$ARCH/stage$STAGE
QEMU=$(mkvar QEMU)
SYSROOT=$(mkvar SYSROOT)
CC=$(mkvar CC)
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
