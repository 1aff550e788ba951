# @ARCH@: what this arch provides (the kernel's arch/*/Kconfig "select"s)
# and how to build code for it.  A skeleton made by "make exercise
# NEWARCH=@ARCH@": docs/exercises.md leads through it step by step, and
# "make check ARCH=@ARCH@" names the next step that is missing.  Each
# "EXERCISE(n)" marker, here and in every file of this directory, goes
# when step n is done.
#
# Step 2 sets HAVE_FUNCTION_TRACER, step 4 HAVE_FUNCTION_GRAPH_TRACER
# (and HAVE_FUNCTION_GRAPH_FP_TEST, HAVE_FUNCTION_GRAPH_RET_ADDR_PTR if
# the port has them), step 5 HAVE_FTRACE_MCOUNT_RECORD, step 6
# HAVE_DYNAMIC_FTRACE, step 7 HAVE_DYNAMIC_FTRACE_GRAPH_CALLER, step 8
# HAVE_SYSCALL_TRACEPOINTS (with the SYSCALL_* lines), step 9
# HAVE_FTRACE_MODULES (and HAVE_FTRACE_PIE), step 10
# HAVE_DYNAMIC_FTRACE_WITH_ARGS (and HAVE_FUNCTION_GRAPH_RETVAL), or
# STAGE5_REFUSED.  An arch claims a stage only when its tests pass.

# EXERCISE(1): the Debian cross toolchain and qemu-user for @ARCH@
# (docs/exercises.md, step 1): the compiler's prefix (empty for a
# native arch), the qemu-user binary (empty: runs natively), the target's
# sysroot (qemu -L), and the Debian packages that bring them.
CROSS_COMPILE	?=
QEMU		:=
SYSROOT		:=
DEB_PACKAGES	:=

# What every traced object is compiled and linked with: non-PIE (the
# direct call site the design document assumes) and, where the arch's
# mcount or graph tracer finds the caller through it, the frame pointer.
ARCH_CFLAGS	:= -fno-pie -fno-omit-frame-pointer
ARCH_LDFLAGS	:= -no-pie
ARCH_NOPIC_CFLAGS := -fno-pie
ARCH_PIC_CFLAGS	:=
# EXERCISE(2): the symbol gcc -pg calls here (objdump -dr of a -pg
# object; make docs lists it per arch): mcount, _mcount, __gnu_mcount_nc...
MCOUNT_SYMBOL	:= _mcount
# The runtime keeps off floating-point and vector registers
# (linux/event_path.h): the flag that makes gcc do so here.
CC_FLAGS_NO_FPU	:= -mgeneral-regs-only
# Code the graph tracer cannot hook, refused by ftrace-cc at stages 2 and
# 4 (say why in a comment); empty if none, and then say why in
# tests/facts.sh (TEST_NO_GRAPH_REFUSAL).
GRAPH_REFUSED_CFLAGS :=

# EXERCISE(10): stage 5, the entry before the prologue (docs/08-entry.md;
# docs/exercises.md, step 10).  What the compiler needs to put a site at
# each function's entry (ENTRY_CFLAGS, in place of -pg: -mfentry with
# -pg, or -fpatchable-function-entry=N,M with the kernel's counts for
# this arch, and then -DCC_USING_PATCHABLE_FUNCTION_ENTRY), what those
# sites call (ENTRY_SYMBOL), and how recordmcount records them
# (ENTRY_RECORD_FLAGS: --nop writes the calls as NOPs, --entries moves
# the table of patchable entries to __mcount_loc); then
# HAVE_DYNAMIC_FTRACE_WITH_ARGS := y.  Or, if the kernel keeps mcount on
# this arch and the compiler has no entry to patch, STAGE5_REFUSED := the
# reason, in one line (arch/mips/arch.mk does so).
ENTRY_CFLAGS	:=
ENTRY_SYMBOL	:=
ENTRY_RECORD_FLAGS :=
