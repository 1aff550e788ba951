# ARM 32-bit, hard float (armhf), ARM (not Thumb-2) state, run under qemu-arm.
HAVE_FUNCTION_TRACER		:= y
HAVE_FUNCTION_GRAPH_TRACER	:= y
HAVE_FUNCTION_GRAPH_FP_TEST	:= y
HAVE_FUNCTION_GRAPH_RET_ADDR_PTR := y
HAVE_DYNAMIC_FTRACE		:= y
HAVE_FTRACE_MCOUNT_RECORD	:= y
# chapter 5: ftrace_graph_call in ftrace_caller and its enable/disable hooks
HAVE_DYNAMIC_FTRACE_GRAPH_CALLER := y
# Traced shared libraries (-shared -fPIC), every stage: the PIC site
# shapes (arch/arm/ftrace.c) and the module PLT (module_plt.S)
HAVE_FTRACE_MODULES		:= y
# Position-independent executables (ftrace-cc -pie): the same sites, and
# the runtime built as position-independent code (CONFIG_PIE)
HAVE_FTRACE_PIE			:= y
# System-call events (stages 3 and 4): the C library's Thumb-2 "svc 0"
# sites patched into "udf #0x5c" (asm/syscall.h).  Its objects are
# stripped, so objdump is told they are Thumb code (no mapping symbols
# say so), and a site counts only where one of the 6 instructions before
# sets r7, the number; the signal-return code (r7 = sigreturn's 119 or
# rt_sigreturn's 173) is left out
HAVE_SYSCALL_TRACEPOINTS	:= y
SYSCALL_OBJDUMP_FLAGS	:= -M force-thumb
SYSCALL_SITE_RE		:= ^svc 0$$
SYSCALL_SIGRETURN_RE	:= ^mov(s|\.w)? r7, \#(119|173)( |$$)
SYSCALL_SETUP_RE	:= ^[a-z0-9.]+ r7,
SYSCALL_LIBS		:= libc.so.6 ld-linux-armhf.so.3 libm.so.6 \
			   libresolv.so.2 libnss_files.so.2 libnss_dns.so.2

CROSS_COMPILE	?= arm-linux-gnueabihf-
QEMU		:= qemu-arm
SYSROOT		:= /usr/arm-linux-gnueabihf
DEB_PACKAGES	:= gcc-arm-linux-gnueabihf qemu-user

# -marm: 4-byte "bl __gnu_mcount_nc" sites.  -mapcs-frame: every function
# keeps the APCS frame (fp -> saved pc, lr at [fp, #-4]) that both the
# stack walker and the graph tracer rely on.
ARCH_CFLAGS	:= -marm -mapcs-frame -fno-pie -fno-omit-frame-pointer
ARCH_LDFLAGS	:= -no-pie
# A shared library's code is PIC: -fPIC replaces -fno-pie; its site is the
# same "bl", to the library's PLT (arch/arm/ftrace.c).
ARCH_NOPIC_CFLAGS := -fno-pie
ARCH_PIC_CFLAGS	:=
MCOUNT_SYMBOL	:= __gnu_mcount_nc
# The runtime keeps off the VFP registers (linux/event_path.h): gcc then
# neither copies data through them nor lets a float or double through.
# The objects still say "VFP registers" for argument passing
# (Tag_ABI_VFP_args), so they link with the hard-float program.
# -D__NO_INLINE__: glibc's headers would otherwise define inline copies
# of functions that take or return a double (atof), which
# -mgeneral-regs-only refuses even unused; the runtime calls them as
# ordinary functions instead.
CC_FLAGS_NO_FPU	:= -mgeneral-regs-only -D__NO_INLINE__
# Thumb code has no APCS frame ("push {r7, lr}"), nor has code built
# -mno-apcs-frame: the graph tracer cannot find the slot it returns
# through.  ftrace-cc refuses these flags when the stage has the graph
# tracer; the function tracer takes such code.
GRAPH_REFUSED_CFLAGS := -mthumb -mno-apcs-frame

# Chapter 8 (stage 5) is refused: the kernel's 32-bit ARM port still calls
# __gnu_mcount_nc from every function (arch/arm/kernel/entry-ftrace.S)
# and selects no HAVE_DYNAMIC_FTRACE_WITH_ARGS.  gcc's
# -fpatchable-function-entry on armhf puts ARM-state NOPs before a Thumb
# function and Thumb NOPs in it (../shared/FACTS.md): a port would be the
# kit's invention, not the kernel's design.
# (one line, with no quote or parenthesis: make prints it through sh)
STAGE5_REFUSED	:= the kernel on 32-bit ARM still calls __gnu_mcount_nc, without HAVE_DYNAMIC_FTRACE_WITH_ARGS, and the patchable entries of gcc mix ARM-state and Thumb NOPs on armhf
