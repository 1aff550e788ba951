/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_FTRACE_H
#define _ASM_FTRACE_H

/*
 * EXERCISE(2): @ARCH@'s call site (docs/01-function-tracer.md, 1.10):
 * how gcc -pg calls MCOUNT_SYMBOL here, and its size: selfpc (the call
 * site, what the trace names) is the return address into the traced
 * function minus MCOUNT_INSN_SIZE.
 */
#define MCOUNT_INSN_SIZE	4

/*
 * EXERCISE(4): the DWARF column of the return address, for unwinders
 * walking through hijacked frames (docs/02-graph-tracer.md,
 * "Unwinders"): gcc -dA or the psABI's DWARF register numbers.
 */
#define FTRACE_RA_COLUMN	0

#ifndef __ASSEMBLY__
/*
 * EXERCISE(2): the tracer's fregs: the traced function's argument
 * registers as mcount saved them, in the order mcount.S stores them
 * (docs/01-function-tracer.md, 1.1).
 */
struct ftrace_regs {
	unsigned long	r[8];
};

/* Argument n (from 0) of the traced function, if it is a register one. */
static inline unsigned long ftrace_regs_get_argument(struct ftrace_regs *fregs,
						     unsigned int n)
{
	return n < 8 ? fregs->r[n] : 0;
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * EXERCISE(10): docs/08-entry.md, 8.3: what stage 5's trampoline
 * (entry.S) saves at the function's entry besides the argument
 * registers: the stack pointer on entry, where it returns to (a callback
 * that changes it redirects the call), the return address or its slot,
 * the frame pointer; then the accessors with the kernel's names
 * (ftrace_regs_get_argument() reaching stack arguments too).
 */
static inline unsigned long
ftrace_regs_get_stack_pointer(struct ftrace_regs *fregs)
{
	return 0;
}

static inline unsigned long
ftrace_regs_get_instruction_pointer(struct ftrace_regs *fregs)
{
	return 0;
}

static inline void
ftrace_regs_set_instruction_pointer(struct ftrace_regs *fregs,
				    unsigned long ip)
{
}
#endif
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * EXERCISE(6): chapter 4 (docs/04-dynamic-ftrace.md, "The arch
 * interface"): what gcc's sites call (MCOUNT_ADDR), where rec->ip points
 * (ftrace_call_adjust() from what recordmcount recorded), and what the
 * arch keeps per record (struct dyn_arch_ftrace).
 */
#define MCOUNT_ADDR		((unsigned long)_mcount)

#ifndef __ASSEMBLY__
void _mcount(void);

static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

struct dyn_arch_ftrace {
	unsigned long	plt;	/* step 9: a library's module PLT (0: none) */
};
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */

#endif
