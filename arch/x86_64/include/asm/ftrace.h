/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_64_FTRACE_H
#define _ASM_X86_64_FTRACE_H

/*
 * gcc -pg -fno-pie calls mcount with "e8 <rel32>": selfpc (the call site,
 * what the trace names) is the return address minus these 5 bytes.
 */
#define MCOUNT_INSN_SIZE	5
/* ftraced's "jmp over the site" form, eb 03 (arch/x86_64/ftrace.c) */
#define ARCH_SUPPORTS_FTRACE_JMP	1

/* The DWARF column of the return address (%rip), for unwinders (chapter 2). */
#define FTRACE_RA_COLUMN	16

#ifndef __ASSEMBLY__
/*
 * The tracer's fregs: the traced function's integer argument registers as
 * mcount saved them (SAVE_ARGS, asm/mcount_frame.h), lowest address first.
 */
struct ftrace_regs {
	unsigned long	r10, r9, r8, rcx, rdx, rsi, rdi, rax;
};

/* Argument n (from 0) of the traced function, if it is a register one. */
static inline unsigned long ftrace_regs_get_argument(struct ftrace_regs *fregs,
						     unsigned int n)
{
	switch (n) {
	case 0: return fregs->rdi;
	case 1: return fregs->rsi;
	case 2: return fregs->rdx;
	case 3: return fregs->rcx;
	case 4: return fregs->r8;
	case 5: return fregs->r9;
	}
	return 0;
}
#endif

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
