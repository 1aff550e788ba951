/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parameters of x86_64's own system calls, and of the calls it names
 * otherwise than the generic list (stage3-dynamic/syscall_args.h, whose
 * comment says how the two are used): an X-macro list of SC(name,
 * "param", ...), as the kernel's definitions under arch/x86 name them.
 */
SC(arch_prctl, "option", "arg2")
SC(ioperm, "from", "num", "turn_on")
SC(iopl, "level")
SC(modify_ldt, "func", "ptr", "bytecount")
/* the last parameter is "off" here, "offset" on MIPS and RISC-V */
SC(mmap, "addr", "len", "prot", "flags", "fd", "off")
/* the kernel's first order (no CLONE_BACKWARDS): tls comes last */
SC(clone, "clone_flags", "newsp", "parent_tidptr", "child_tidptr", "tls")
