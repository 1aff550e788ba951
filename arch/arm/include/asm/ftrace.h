/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_ARM_FTRACE_H
#define _ASM_ARM_FTRACE_H

/*
 * gcc -pg -marm calls the profiler with "push {lr}; bl __gnu_mcount_nc".
 * The "bl" is one 4-byte ARM instruction, so selfpc (the call site) is the
 * return address into the traced function minus 4.
 */
#define MCOUNT_INSN_SIZE	4

#ifndef __ASSEMBLY__
/*
 * In an ELF symbol table bit 0 of a function's value says "Thumb code"
 * (the C library on armhf is Thumb-2); the code itself starts one byte
 * lower.  Return addresses into Thumb code carry the same bit, which does
 * no harm: an odd address still lies inside [start, start + size).
 */
#define ftrace_sym_addr(v)	((unsigned long)(v) & ~1UL)
#endif

#endif
