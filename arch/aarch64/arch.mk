# AArch64 (ARMv8-A, LP64, little-endian), run under qemu-aarch64.
HAVE_FUNCTION_TRACER		:= y
HAVE_FUNCTION_GRAPH_TRACER	:= y
HAVE_FUNCTION_GRAPH_FP_TEST	:= y
HAVE_FUNCTION_GRAPH_RET_ADDR_PTR := y
HAVE_DYNAMIC_FTRACE		:= y
HAVE_FTRACE_MCOUNT_RECORD	:= y
# chapter 5: ftrace_graph_call in ftrace_caller and its enable/disable hooks
HAVE_DYNAMIC_FTRACE_GRAPH_CALLER := y
# Traced shared libraries (-shared -fPIC), every stage: the same "bl"
# site, through the library's PLT (arch/aarch64/ftrace.c), and the module
# PLT (module_plt.S) for the enabled sites
HAVE_FTRACE_MODULES		:= y
# Position-independent executables (ftrace-cc -pie): the same sites, and
# the runtime built as position-independent code (CONFIG_PIE)
HAVE_FTRACE_PIE			:= y
# System-call events (stages 3 and 4): the C library's "svc #0" sites
# patched into "udf #0x5c" (asm/syscall.h), found with objdump in these
# objects.  AArch64's glibc has no signal-return code (Linux and qemu
# provide the trampoline, in the vDSO or their own page); a site after a
# load of rt_sigreturn's number 139 (0x8b) into x8 would be one, and is
# left out.  AArch64 code keeps no data in its text and has one
# instruction size: objdump's decoding needs no setup check
HAVE_SYSCALL_TRACEPOINTS	:= y
SYSCALL_SITE_RE		:= ^svc \#0x0$$
SYSCALL_SIGRETURN_RE	:= ^mov x8, \#0x8b( |$$)
SYSCALL_LIBS		:= libc.so.6 ld-linux-aarch64.so.1 libm.so.6 \
			   libresolv.so.2 libnss_files.so.2 libnss_dns.so.2

CROSS_COMPILE	?= aarch64-linux-gnu-
QEMU		:= qemu-aarch64
SYSROOT		:= /usr/aarch64-linux-gnu
DEB_PACKAGES	:= gcc-aarch64-linux-gnu qemu-user

# Non-PIE so that the program's sites are plain "bl _mcount" to the
# program's own _mcount (R_AARCH64_CALL26, no PLT).  gcc -pg keeps frame
# pointers on AArch64 by itself (it refuses -fomit-frame-pointer); the
# flag says it for the kit's own code too.
ARCH_CFLAGS	:= -fno-pie -fno-omit-frame-pointer
ARCH_LDFLAGS	:= -no-pie
# A shared library's code is PIC: -fPIC replaces -fno-pie; its site is the
# same "bl", to the library's PLT (arch/aarch64/ftrace.c).
ARCH_NOPIC_CFLAGS := -fno-pie
ARCH_PIC_CFLAGS	:=
MCOUNT_SYMBOL	:= _mcount
# The runtime keeps off the FP/SIMD registers (linux/event_path.h): gcc
# then neither copies data through them nor lets a float or double
# through.  -mno-outline-atomics: gcc 12 otherwise turns every atomic
# into a call of a libgcc helper (__aarch64_ldadd8_relax...), which is
# not on the event path; inline, they are ldxr/stxr loops (LSE atomics
# need ARMv8.1, the helpers only choose between the two at run time).
CC_FLAGS_NO_FPU	:= -mgeneral-regs-only -mno-outline-atomics
# Return-address signing (-mbranch-protection=pac-ret, or standard, which
# includes it; the older -msign-return-address) starts each function with
# "paciasp" and ends it with "autiasp" before "ret": the x30 in the frame
# record is signed, and return_to_handler written there fails the
# authentication, which kills the program (or, without the PAC extension,
# returns to a corrupt address).  ftrace-cc refuses these flags when the
# stage has the graph tracer; code built so anyway is seen by the
# prologue reader and left unhijacked, with one line (arch/aarch64/ftrace.c).
# The function tracer takes such code: gcc strips the PAC (xpaclri) from
# the frompc it passes in x0.  -mbranch-protection=bti alone signs nothing.
GRAPH_REFUSED_CFLAGS := -mbranch-protection=standard \
			-mbranch-protection=pac-ret \
			-mbranch-protection=pac-ret+leaf \
			-mbranch-protection=pac-ret+b-key

# Chapter 8 (stage 5): the kernel's arm64 build since v5.5 (arch/arm64/
# Makefile, DYNAMIC_FTRACE_WITH_REGS; WITH_ARGS since v6.2) replaces -pg
# with -fpatchable-function-entry=2: two NOPs at the function's entry,
# before the prologue (after a "bti c", where there is one), each
# function's first NOP recorded in __patchable_function_entries.  No
# "bl _mcount" then (with -pg as well, gcc would emit both).
# recordmcount --entries moves that table to __mcount_loc, one part per
# C++ section group, and writes the first NOP as "mov x9, x30", which the
# kernel writes at boot; the second, rec->ip, is "bl ftrace_caller"
# while the function is traced (arch/aarch64/ftrace.c, entry.S).
# -DCC_USING_PATCHABLE_FUNCTION_ENTRY: notrace is then a zero count
# (linux/ftrace.h).  Position-independent code has the same two NOPs.
# No site calls a symbol any more: _mcount stays the exported stub, for
# code built with -pg outside ftrace-cc (never traced, said at start-up
# as at stage 3).  The return address is hooked in x30 before "paciasp"
# signs it, so -mbranch-protection is no bar to the graph tracer here;
# where the function saves it afterwards, the stack walk finds
# (stacktrace.c, ftrace_graph_ret_slot()).
HAVE_DYNAMIC_FTRACE_WITH_ARGS	:= y
HAVE_FUNCTION_GRAPH_RETVAL	:= y
# Chapter 8's second half.  CALL_OPS (the kernel's since v6.3): two more
# NOPs before each function, 8-aligned (-falign-functions=8), hold the
# ops its site calls; recordmcount --pre-entry 8 zeroes them and records
# the mov past them (and past a bti).  Direct calls: a site may call a
# trampoline of the program's, or ftrace_caller leave for it
# (fregs->direct).
HAVE_DYNAMIC_FTRACE_WITH_CALL_OPS := y
HAVE_DYNAMIC_FTRACE_WITH_DIRECT_CALLS := y
ENTRY_CFLAGS		:= -fpatchable-function-entry=4,2 -falign-functions=8 \
			   -DCC_USING_PATCHABLE_FUNCTION_ENTRY
ENTRY_NOPIC_CFLAGS	:=
ENTRY_SYMBOL		:= _mcount
ENTRY_RECORD_FLAGS	:= --entries --pre-entry 8
ifeq ($(STAGE),5)
GRAPH_REFUSED_CFLAGS :=
endif
