/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parameters of RISC-V's own system calls, as the kernel's
 * definitions under arch/riscv name them: mmap, and the one call it
 * numbers in the range the generic table leaves to an arch.  An X-macro
 * list of SC(name, "param", ...), used before the generic list
 * (stage3-dynamic/syscall_args.h, whose comment says how).
 */
SC(mmap, "addr", "len", "prot", "flags", "fd", "offset")
SC(riscv_flush_icache, "start", "end", "flags")
