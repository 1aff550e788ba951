/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parameters of AArch64's own system calls, as the kernel's
 * definitions under arch/arm64 name them: of the generic table's
 * numbers, mmap is the one whose entry point is the arch's and has
 * parameters (rt_sigreturn's has none).  An X-macro list of SC(name,
 * "param", ...), used before the generic list
 * (stage3-dynamic/syscall_args.h, whose comment says how).
 */
/* the last parameter is "off" here, "offset" on MIPS and RISC-V */
SC(mmap, "addr", "len", "prot", "flags", "fd", "off")
