# MIPS o32 big-endian, run under qemu-mips.
HAVE_FUNCTION_TRACER		:= y
HAVE_FUNCTION_GRAPH_TRACER	:= y
HAVE_FUNCTION_GRAPH_FP_TEST	:= y
HAVE_FUNCTION_GRAPH_RET_ADDR_PTR := y
HAVE_DYNAMIC_FTRACE		:= y
HAVE_FTRACE_MCOUNT_RECORD	:= y
# chapter 5: ftrace_graph_call in ftrace_caller and its enable/disable hooks
HAVE_DYNAMIC_FTRACE_GRAPH_CALLER := y
# System-call events (stages 3 and 4): "syscall" sites patched into
# "break 700" (asm/syscall.h), found with objdump in these objects of the
# C library (o32 has no signal-return code in it: the kernel's is used)
HAVE_SYSCALL_TRACEPOINTS	:= y
SYSCALL_SITE_RE		:= ^syscall$$
SYSCALL_SIGRETURN_RE	:=
SYSCALL_LIBS		:= libc.so.6 ld.so.1 libm.so.6 libresolv.so.2 \
			   libnss_files.so.2 libnss_dns.so.2
# No HAVE_FTRACE_MODULES: a -pg -fPIC (abicalls) library's site,
# "lw t9,%call16(_mcount)(gp); jalr t9", is not handled by _mcount and the
# prologue reader yet; ftrace-cc refuses -shared and -fPIC.

CROSS_COMPILE	?= mips-linux-gnu-
QEMU		:= qemu-mips
SYSROOT		:= /usr/mips-linux-gnu
DEB_PACKAGES	:= gcc-mips-linux-gnu qemu-user

# Kernel style: no abicalls, no PIC, so the site is "jal _mcount" (R_MIPS_26);
# -mmcount-ra-address: the site also says where ra was saved (t4, chapter 2).
ARCH_CFLAGS	:= -mno-abicalls -fno-pic -fno-omit-frame-pointer -mmcount-ra-address
ARCH_LDFLAGS	:= -no-pie
# A shared library is abicalls code: its site loads _mcount's address from
# the GOT into t9 and calls it with "jalr t9" (arch/mips/ftrace.c).
ARCH_NOPIC_CFLAGS := -mno-abicalls -fno-pic
ARCH_PIC_CFLAGS	:= -mabicalls
# An abicalls function computes its gp from its own address in t9, which
# -mno-abicalls code does not set for a call through a pointer: the
# runtime objects that call a library's function that way (a handler it
# installed, the C library's functions found by dlsym()) keep the abicalls
# convention, non-PIC (Kbuild's CFLAGS_<obj>.o).
ARCH_PIC_CALL_CFLAGS := -mabicalls -mno-shared
MCOUNT_SYMBOL	:= _mcount
# The runtime keeps off the floating-point registers (linux/event_path.h),
# but gcc has no flag that says only that: -msoft-float also marks each
# object soft-float (.module softfloat, .MIPS.abiflags) and the linker
# warns about every hard-float object it meets.  gcc emits no FPU
# instruction for integer C, so none is used, and scripts/check-event-path
# ("make check") proves it on the objects.
CC_FLAGS_NO_FPU	:=
