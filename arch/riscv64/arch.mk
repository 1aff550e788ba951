# riscv64 (rv64gc, lp64d, Debian riscv64-linux-gnu), run under qemu-riscv64.
HAVE_FUNCTION_TRACER		:= y
HAVE_FUNCTION_GRAPH_TRACER	:= y
HAVE_FUNCTION_GRAPH_FP_TEST	:= y
HAVE_FUNCTION_GRAPH_RET_ADDR_PTR := y
HAVE_DYNAMIC_FTRACE		:= y
HAVE_FTRACE_MCOUNT_RECORD	:= y
# chapter 5: ftrace_graph_call in ftrace_caller and its enable/disable hooks
HAVE_DYNAMIC_FTRACE_GRAPH_CALLER := y
# Traced shared libraries (-shared -fPIC), every stage: the same site
# through the library's PLT (arch/riscv64/ftrace.c) and the module PLT
# for a library beyond +-2 GB (module_plt.S)
HAVE_FTRACE_MODULES		:= y
# Position-independent executables (ftrace-cc -pie): the same sites, and
# the runtime built as position-independent code (CONFIG_PIE)
HAVE_FTRACE_PIE			:= y
# System-call events (stages 3 and 4): the C library's "ecall" sites
# patched into "mret" (asm/syscall.h).  The C library has no signal-return
# code of its own (the kernel's vDSO, or qemu, provides it); a "li a7,
# 139" (rt_sigreturn) before a site would mark one.  objdump decodes the
# objects without help: no SYSCALL_SETUP_RE
HAVE_SYSCALL_TRACEPOINTS	:= y
SYSCALL_SITE_RE		:= ^ecall$$
SYSCALL_SIGRETURN_RE	:= ^li a7,139$$
SYSCALL_LIBS		:= libc.so.6 ld-linux-riscv64-lp64d.so.1 libm.so.6 \
			   libresolv.so.2 libnss_files.so.2 libnss_dns.so.2

CROSS_COMPILE	?= riscv64-linux-gnu-
QEMU		:= qemu-riscv64
SYSROOT		:= /usr/riscv64-linux-gnu
DEB_PACKAGES	:= gcc-riscv64-linux-gnu qemu-user

# -fno-omit-frame-pointer: every function keeps the frame record (ra at
# -8(s0), the caller's s0 at -16(s0)) that the stack walker and the
# graph tracer rely on.  -mno-relax: the site stays gcc's 8-byte
# "auipc ra; jalr ra" pair.  ld would otherwise relax it (and any other
# call or address before it) into shorter code after recordmcount has
# written the table, whose entries (the section plus an offset) ld does
# not move with the code: every site after the first relaxed
# instruction of a section would be recorded at the wrong address
# (docs/arch-riscv64.md).
ARCH_CFLAGS	:= -fno-pie -fno-omit-frame-pointer -mno-relax
ARCH_LDFLAGS	:= -no-pie
# A shared library's code is PIC: -fPIC replaces -fno-pie; its site is the
# same pair, to the library's PLT (arch/riscv64/ftrace.c).
ARCH_NOPIC_CFLAGS := -fno-pie
ARCH_PIC_CFLAGS	:=
MCOUNT_SYMBOL	:= _mcount
# gcc has no -mgeneral-regs-only for RISC-V, and a -march without F and D
# would not link with the lp64d program: the runtime is built for
# rv64gc, and scripts/check-event-path proves on the objects that no
# event-path function uses a float register (TEST_FPU_* in
# tests/facts.sh).  The runtime has no float or double in its event path.
CC_FLAGS_NO_FPU	:=

# Chapter 8 (stage 5): gcc -fpatchable-function-entry=4 puts four NOPs
# before the prologue ("c.nop", 8 bytes: the kernel's own count with the
# C extension, arch/riscv/Makefile since v5.18; 2 without it; v6.16's
# CALL_OPS asks for 8,4, which the kit does not do) and records the first
# in __patchable_function_entries, which recordmcount --entries moves to
# __mcount_loc, one part per C++ section group.  No -pg: gcc would still
# call _mcount after the prologue.  The start-up writes each site's
# "auipc t0" half once, as the kernel's does at boot (arch/riscv64/
# ftrace.c says why), the trampoline saves struct ftrace_regs
# (arch/riscv64/entry.S), and return_to_handler passes a0
# (funcgraph-retval).  _mcount stays the stub a -pg object linked in by
# mistake calls, which the start-up counts and reports (ENTRY_SYMBOL:
# exported to libraries as at stage 4).
HAVE_DYNAMIC_FTRACE_WITH_ARGS	:= y
HAVE_FUNCTION_GRAPH_RETVAL	:= y
# Chapter 8's second half.  CALL_OPS (the kernel's since v6.16): 8 more
# bytes of NOPs before each function, 8-aligned (-falign-functions=8),
# hold the ops its site calls; recordmcount --pre-entry 8 zeroes them.
# Direct calls through ftrace_caller, which leaves for the trampoline a
# callback chose (fregs->direct): a site reaches nothing else.
HAVE_DYNAMIC_FTRACE_WITH_CALL_OPS := y
HAVE_DYNAMIC_FTRACE_WITH_DIRECT_CALLS := y
ENTRY_CFLAGS		:= -fpatchable-function-entry=8,4 -falign-functions=8 \
			   -DCC_USING_PATCHABLE_FUNCTION_ENTRY
ENTRY_NOPIC_CFLAGS	:=
ENTRY_SYMBOL		:= _mcount
ENTRY_RECORD_FLAGS	:= --entries --pre-entry 8
