/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_64_FTRACE_H
#define _ASM_X86_64_FTRACE_H

/*
 * gcc -pg -fno-pie calls mcount with "e8 <rel32>": selfpc (the call site,
 * what the trace names) is the return address minus these 5 bytes.
 */
#define MCOUNT_INSN_SIZE	5

#if defined(CONFIG_DYNAMIC_FTRACE) && !defined(__ASSEMBLY__)
/*
 * Chapter 4.  The site gcc emits is the 5-byte call itself, and the
 * __mcount_loc table (recordmcount) holds the address of its first byte:
 * rec->ip is the address to patch, nothing to adjust, and a record needs
 * no state beyond rec->ip and the generic flags.
 */
void mcount(void);
#define MCOUNT_ADDR		((unsigned long)mcount)

static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

struct dyn_arch_ftrace {
	/* nothing: every x86_64 site is the same "call rel32" */
};
#endif

#endif
