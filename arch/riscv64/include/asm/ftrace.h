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
 * mcount's frame (mcount.S): 16 bytes of frame record (ra, s0) at its
 * top, s0 pointing above them as in gcc's frames; the tracer's fregs at
 * its bottom.
 */
#define MCOUNT_FRAME		192
#define MCOUNT_FREGS		0

/* The DWARF column of the return address (ra, x1), for unwinders. */
#define FTRACE_RA_COLUMN	1

#ifndef __ASSEMBLY__
/*
 * The tracer's fregs, as mcount saved them at the call: a0-a7, s0-s11
 * (s0 the traced function's frame pointer) and ra (the return into it).
 * a0 is not the first argument any more: gcc's site loads the return
 * address into it ("mv a0, ra"), having moved the argument to a
 * callee-saved register or to the stack first; the s registers and s0
 * are here to find it (arch/riscv64/ftrace.c).
 */
struct ftrace_regs {
	unsigned long	a[8];
	unsigned long	s[12];
	unsigned long	ra;
};

/* the first argument, where the prologue put it; 0 if it cannot tell */
unsigned long ftrace_regs_first_arg(struct ftrace_regs *fregs);

/*
 * Argument n (from 0) of the traced function, if it is a register one:
 * a1-a7 are still in their registers (the mcount call is the first call
 * of the function), the first one is followed from a0.
 */
static inline unsigned long ftrace_regs_get_argument(struct ftrace_regs *fregs,
						     unsigned int n)
{
	if (n == 0)
		return ftrace_regs_first_arg(fregs);
	return n < 8 ? fregs->a[n] : 0;
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
