/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_AARCH64_FTRACE_H
#define _ASM_AARCH64_FTRACE_H

/*
 * gcc -pg calls the profiler with "mov x0, x30; bl _mcount" (the bl is
 * R_AARCH64_CALL26): selfpc, the call site, is the return address into
 * the traced function minus this one instruction.  So it is for an
 * enabled site's "bl ftrace_caller".
 */
#define MCOUNT_INSN_SIZE	4

/*
 * mcount's frame (mcount.S, mcount_enter), from its sp: a frame record
 * (the traced function's x29, the return into it), then the tracer's
 * struct ftrace_regs.
 */
#define MCOUNT_FREGS		16
#define MCOUNT_FRAME_SIZE	192	/* 16 + sizeof(struct ftrace_regs) */
#define FREGS_X(n)		(MCOUNT_FREGS + 8 * (n))	/* x0-x8 */
#define FREGS_X19		(MCOUNT_FREGS + 72)		/* x19-x28 */
#define FREGS_FP		(MCOUNT_FREGS + 152)
#define FREGS_LR		(MCOUNT_FREGS + 160)
#define FREGS_SP		(MCOUNT_FREGS + 168)

/* The DWARF column of the return address (x30), for unwinders (chapter 2). */
#define FTRACE_RA_COLUMN	30

#ifndef __ASSEMBLY__
/*
 * The tracer's fregs: the traced function's registers as mcount saw them.
 * gcc treats the mcount call as an ordinary call, so by then the
 * function's prologue has already moved the arguments it needs after the
 * call out of x0-x7 (which a call may clobber) into callee-saved
 * registers or its frame, and x0 holds frompc.  So mcount keeps x19-x28
 * and the function's sp and x29 too: ftrace_regs_get_argument() finds
 * argument 0 where the prologue put it (arch/aarch64/prologue.c).
 */
struct ftrace_regs {
	unsigned long	x[9];		/* x0 (= frompc) - x8 */
	unsigned long	x19[10];	/* x19 - x28 */
	unsigned long	fp;		/* the traced function's x29 */
	unsigned long	lr;		/* the return into it */
	unsigned long	sp;		/* its sp at the mcount call */
};

unsigned long ftrace_mcount_argument(struct ftrace_regs *fregs,
				     unsigned int n);

/* Argument n (from 0) of the traced function, if it is a register one. */
static inline unsigned long ftrace_regs_get_argument(struct ftrace_regs *fregs,
						     unsigned int n)
{
	return n < 8 ? ftrace_mcount_argument(fregs, n) : 0;
}
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4 (HAVE_DYNAMIC_FTRACE).  gcc's site is "mov x0, x30; bl
 * _mcount", and recordmcount records the bl: rec->ip is the word to
 * patch, nothing to adjust.  Only that word ever changes: "nop" while the
 * function is not traced, "bl ftrace_caller" (or a library's module PLT)
 * while it is.  The "mov x0, x30" before it stays: it hands ftrace_caller
 * frompc, and alone it only writes x0, which the code after a call never
 * expects to find unchanged.
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
};
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */

#endif
