/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_RISCV64_FTRACE_H
#define _ASM_RISCV64_FTRACE_H

/*
 * gcc -pg calls the profiler with "mv a0, ra; call _mcount", and "call"
 * is the pair "auipc ra, hi; jalr ra, lo(ra)": 8 bytes, selfpc (the call
 * site, rec->ip) is the return address into the function minus 8.  The
 * kit builds traced code with -mno-relax, so ld never shrinks the pair
 * into a 4-byte "jal" (which would leave the __mcount_loc table pointing
 * past the sites: docs/arch-riscv64.md).
 */
#define MCOUNT_INSN_SIZE	8

/*
 * mcount's frame (mcount.S): 16 bytes of frame record (ra, s0) above the
 * saved a0-a7, the tracer's fregs; s0 points at its top, as gcc's frames.
 */
#define MCOUNT_FRAME		96
#define MCOUNT_FREGS		0

/* The DWARF column of the return address (ra, x1), for unwinders. */
#define FTRACE_RA_COLUMN	1

#ifndef __ASSEMBLY__
/*
 * The tracer's fregs: a0-a7 as the traced function had them at the
 * call.  a0 is not its first argument any more: gcc's site loads the
 * return address into it ("mv a0, ra"), having moved the argument to a
 * callee-saved register or the stack first.
 */
struct ftrace_regs {
	unsigned long	a[8];
};

/*
 * Argument n (from 0) of the traced function, if it is a register one
 * still in its register: a1-a7 are, the mcount call being the first
 * call of the function; the first one is not (0).
 */
static inline unsigned long ftrace_regs_get_argument(struct ftrace_regs *fregs,
						     unsigned int n)
{
	return n >= 1 && n < 8 ? fregs->a[n] : 0;
}
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4 (HAVE_DYNAMIC_FTRACE).  recordmcount records the auipc of the
 * pair: rec->ip is the first byte of the site, nothing to adjust.  The
 * start-up conversion points the auipc at ftrace_caller (or at a
 * library's module PLT) and makes the jalr a no-op hint; from then on
 * only the jalr's low halfword changes (arch/riscv64/ftrace.c).
 */
#define MCOUNT_ADDR		((unsigned long)_mcount)

#ifndef __ASSEMBLY__
void _mcount(void);

static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

struct dyn_arch_ftrace {
	unsigned long	plt;	/* a library's module PLT (0: none) */
	unsigned long	target;	/* what the converted auipc points at */
};
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */

#endif
