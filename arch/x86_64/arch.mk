# x86_64: what this arch provides (the kernel's arch/x86/Kconfig "select"s)
# and how to build code for it.  Native: no cross tools, no qemu.
HAVE_FUNCTION_TRACER		:= y
HAVE_FUNCTION_GRAPH_TRACER	:= y
HAVE_FUNCTION_GRAPH_FP_TEST	:= y
HAVE_FUNCTION_GRAPH_RET_ADDR_PTR := y
HAVE_DYNAMIC_FTRACE		:= y
HAVE_FTRACE_MCOUNT_RECORD	:= y
# chapter 5: ftrace_graph_call in ftrace_caller and its enable/disable hooks
# (the kernel selects nothing for it; the kit's stage 4 needs to know)
HAVE_DYNAMIC_FTRACE_GRAPH_CALLER := y
# Traced shared libraries (-shared -fPIC), every stage: the PIC site
# shapes (arch/x86_64/ftrace.c) and the module PLT (module_plt.S)
HAVE_FTRACE_MODULES		:= y
# Position-independent executables (ftrace-cc -pie): the same sites, and
# the runtime built as position-independent code (CONFIG_PIE)
HAVE_FTRACE_PIE			:= y
# System-call events (stages 3 and 4): "syscall" sites patched into ud2
# (asm/syscall.h), found with objdump in these objects of the C library;
# __restore_rt's, which loads rt_sigreturn's number 15 first, is left out
HAVE_SYSCALL_TRACEPOINTS	:= y
SYSCALL_SITE_RE		:= ^syscall$$
SYSCALL_SIGRETURN_RE	:= ^mov \$$0xf,%[er]ax$$
SYSCALL_LIBS		:= libc.so.6 ld-linux-x86-64.so.2 libm.so.6 \
			   libresolv.so.2 libnss_files.so.2 libnss_dns.so.2

CROSS_COMPILE	?=
QEMU		:=
SYSROOT		:=
DEB_PACKAGES	:=

# Non-PIE so that mcount is reached by a plain 5-byte "call rel32"
# (R_X86_64_PLT32), the site the design document assumes.
ARCH_CFLAGS	:= -fno-pie -fno-omit-frame-pointer
ARCH_LDFLAGS	:= -no-pie
# A shared library's code is PIC: -fPIC replaces -fno-pie; its sites are
# then 6 bytes (arch/x86_64/ftrace.c).
ARCH_NOPIC_CFLAGS := -fno-pie
ARCH_PIC_CFLAGS	:=
MCOUNT_SYMBOL	:= mcount
# The graph tracer through mcount (stages 2 and 4) rewrites the return
# address at 8(%rbp).  A function that realigns its stack (a 32-byte
# vector argument, an over-aligned local) may instead get a prologue that
# keeps the incoming stack in a register (gcc's "DRAP": lea 8(%rsp),%r10;
# and $-32,%rsp; push -8(%r10); push %rbp; mov %rsp,%rbp), so that
# 8(%rbp) is a copy of the return address and its "ret" goes through the
# original: the hijack is lost and the call seems never to return.  With
# -maccumulate-outgoing-args gcc realigns below %rbp instead, and 8(%rbp)
# is the slot "ret" pops.  The kernel's arch/x86/Makefile sets the same
# flag (ACCUMULATE_OUTGOING_ARGS) for a graph tracer without
# CONFIG_HAVE_FENTRY, still in v6.14-rc2.  Where the copy
# remains (gcc ignores the flag in code it optimises for size: -Os, cold
# functions; alloca() in a realigned frame), prepare_ftrace_return() finds
# the original through the register the prologue saved (ftrace.c,
# drap_ret_slot()); the flag spares the common case that lookup.
# Stage 5's entry comes before the prologue and needs none of this.
GRAPH_MCOUNT_CFLAGS := -maccumulate-outgoing-args
# The function_graph tracer's common call in assembly (fgraph_lane.S,
# linux/fgraph_lane.h): the kit's own speed-up, no port needs one
HAVE_FGRAPH_LANE		:= y
# The runtime keeps off vector, SSE and x87 registers (linux/event_path.h):
# gcc then neither uses them for its own code (copies, spills) nor lets a
# float or double through.
CC_FLAGS_NO_FPU	:= -mgeneral-regs-only

# Chapter 8 (stage 5): "call __fentry__" as the function's first
# instruction, before the prologue (-mfentry).  The kernel's x86 has had
# only such sites since v5.2, when its mcount support went; its build
# records them and writes them as NOPs in the objects (objtool --mcount
# --mnop, scripts/Makefile.lib, under CONFIG_FTRACE_MCOUNT_USE_OBJTOOL).
# The kit's recordmcount does both with --nop (MCOUNT_RECORDER in the
# Makefile): gcc's own -mrecord-mcount table has no entries per COMDAT
# group (C++ inline functions would break the link) and -mnop-mcount is
# refused with -fPIC, while the kit NOPs the position-independent
# "call *__fentry__@GOTPCREL(%rip)" (6 bytes) too.  The trampoline saves
# the arguments in struct ftrace_regs (arch/x86_64/fentry.S), and
# return_to_handler passes the return value (funcgraph-retval).
HAVE_DYNAMIC_FTRACE_WITH_ARGS	:= y
HAVE_FUNCTION_GRAPH_RETVAL	:= y
# Chapter 8's second half: a site may call a trampoline of the program's
# own (fentry.S leaves from ftrace_caller through fregs->direct), and an
# ops alone on its functions gets its own trampoline (ftrace.c)
HAVE_DYNAMIC_FTRACE_WITH_DIRECT_CALLS := y
HAVE_FTRACE_OPS_TRAMPOLINES	:= y
ENTRY_CFLAGS		:= -pg -mfentry
ENTRY_SYMBOL		:= __fentry__
ENTRY_RECORD_FLAGS	:= --nop
