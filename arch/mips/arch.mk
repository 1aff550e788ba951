# MIPS o32 big-endian, run under qemu-mips.
HAVE_FUNCTION_TRACER		:=
HAVE_FUNCTION_GRAPH_TRACER	:=
HAVE_FUNCTION_GRAPH_FP_TEST	:=
HAVE_FUNCTION_GRAPH_RET_ADDR_PTR :=
HAVE_DYNAMIC_FTRACE		:=
HAVE_FTRACE_MCOUNT_RECORD	:=

CROSS_COMPILE	?= mips-linux-gnu-
QEMU		:= qemu-mips
SYSROOT		:= /usr/mips-linux-gnu
DEB_PACKAGES	:= gcc-mips-linux-gnu qemu-user

# Kernel style: no abicalls, no PIC, so the site is "jal _mcount" (R_MIPS_26).
ARCH_CFLAGS	:= -mno-abicalls -fno-pic -fno-omit-frame-pointer
ARCH_LDFLAGS	:= -no-pie
MCOUNT_SYMBOL	:= _mcount
