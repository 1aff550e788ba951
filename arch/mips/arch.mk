# MIPS o32 big-endian, run under qemu-mips.
HAVE_FUNCTION_TRACER		:= y
HAVE_FUNCTION_GRAPH_TRACER	:= y
HAVE_FUNCTION_GRAPH_FP_TEST	:= y
HAVE_FUNCTION_GRAPH_RET_ADDR_PTR := y
HAVE_DYNAMIC_FTRACE		:= y
HAVE_FTRACE_MCOUNT_RECORD	:= y
# chapter 5: ftrace_graph_call in ftrace_caller and its enable/disable hooks
HAVE_DYNAMIC_FTRACE_GRAPH_CALLER := y
# Traced shared libraries (-shared -fPIC), every stage: position-independent
# code calls _mcount through the GOT (asm/ftrace.h); no module PLT, as a
# call through a register reaches the program from anywhere.
HAVE_FTRACE_MODULES		:= y
# Position-independent executables (ftrace-cc -pie): the same GOT sites;
# the runtime's assembler reaches its symbols through the GOT and calls C
# through t9 (mcount.S), and ftrace_call's word is read, not run.
HAVE_FTRACE_PIE			:= y
# o32 position-independent code reaches another object's symbol through
# a GOT entry that ld makes only for a symbol global at link time (a local
# one needs the %lo half gcc writes only for what it knew to be local):
# a PIE's runtime keeps its own names global, under a prefix (Makefile).
PIC_RUNTIME_GLOBALS		:= y
# System-call events (stages 3 and 4): "syscall" sites patched into
# "break 700" (asm/syscall.h), found with objdump in these objects of the
# C library (o32 has no signal-return code in it: the kernel's is used)
HAVE_SYSCALL_TRACEPOINTS	:= y
SYSCALL_SITE_RE		:= ^syscall$$
SYSCALL_SIGRETURN_RE	:=
SYSCALL_LIBS		:= libc.so.6 ld.so.1 libm.so.6 libresolv.so.2 \
			   libnss_files.so.2 libnss_dns.so.2

CROSS_COMPILE	?= mips-linux-gnu-
QEMU		:= qemu-mips
SYSROOT		:= /usr/mips-linux-gnu
DEB_PACKAGES	:= gcc-mips-linux-gnu qemu-user

# Kernel-shaped sites in a user-space program: abicalls code (the
# convention of every dynamically linked MIPS object: an indirect call goes
# through t9, from which a position-independent function computes its gp)
# that is not position-independent and calls functions directly, through
# PLT stubs where they live in a shared library (-fno-pic -mplt).  So the
# site is the kernel's "jal _mcount" (R_MIPS_26), and the program may call
# a shared library's function through a pointer (dlsym()).
# -mmcount-ra-address: the site also says where ra was saved (t4, chapter 2).
ARCH_CFLAGS	:= -mabicalls -fno-pic -mplt -fno-omit-frame-pointer \
		   -mmcount-ra-address
ARCH_LDFLAGS	:= -no-pie
# A shared library is position-independent abicalls code: its site loads
# _mcount's address from the GOT into t9 and calls it with "jalr t9"
# (arch/mips/ftrace.c).  (-mplt changes nothing in such code.)
ARCH_NOPIC_CFLAGS := -fno-pic
ARCH_PIC_CFLAGS	:=
MCOUNT_SYMBOL	:= _mcount
# The runtime keeps off the floating-point registers (linux/event_path.h),
# but gcc has no flag that says only that: -msoft-float also marks each
# object soft-float (.module softfloat, .MIPS.abiflags) and the linker
# warns about every hard-float object it meets.  gcc emits no FPU
# instruction for integer C, so none is used, and scripts/check-event-path
# ("make check") proves it on the objects.
CC_FLAGS_NO_FPU	:=

# Chapter 8 (stage 5) is refused: the kernel's MIPS port still calls
# _mcount after the prologue (arch/mips/kernel/mcount.S) and selects no
# HAVE_DYNAMIC_FTRACE_WITH_ARGS; gcc has no -mfentry for MIPS, and gcc
# 12.2 puts every -fpatchable-function-entry NOP before the function's
# label, where no call runs it (../shared/FACTS.md).
# (one line, with no quote or parenthesis: make prints it through sh)
STAGE5_REFUSED	:= MIPS has no entry site to patch: gcc puts the NOPs of -fpatchable-function-entry before the function, where no call runs them, and has no -mfentry; the kernel on MIPS still calls _mcount
