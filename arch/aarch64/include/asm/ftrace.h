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

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * Chapter 8: ftrace_caller (entry.S) runs before the function's prologue,
 * so struct ftrace_regs is simply what the call left: the argument
 * registers x0-x7, x8 (where a large result goes), x29 as the caller
 * left it, lr (x9 at the site: the function's own return address, into
 * its caller), the function's sp on entry, and pc (where the trampoline
 * returns to: the word after the site's bl, or another function's entry
 * if a callback changed it).  ftrace_caller's frame, from its sp: the
 * struct, then two frame records (entry.S draws them).
 */
#define FREGS_X(n)		(8 * (n))	/* x0-x8 */
#define FREGS_FP		72
#define FREGS_LR		80
#define FREGS_SP		88
#define FREGS_PC		96
#define FREGS_SIZE		112	/* with a pad word: sp stays aligned */
#define ENTRY_FRAME_SIZE	(FREGS_SIZE + 32)
#define AARCH64_INSN_SIZE	4
#else
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
#endif

/* The DWARF column of the return address (x30), for unwinders (chapter 2). */
#define FTRACE_RA_COLUMN	30

#if !defined(__ASSEMBLY__) && defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS)
struct ftrace_regs {
	unsigned long	x[9];		/* x0 - x8 */
	unsigned long	fp;		/* x29 on entry: the caller's */
	unsigned long	lr;		/* the function's return address */
	unsigned long	sp;		/* its sp on entry */
	unsigned long	pc;		/* where the trampoline goes on to */
	unsigned long	direct;		/* a direct trampoline, or 0 */
};

/*
 * Argument n (from 0): x0-x7, then, as AAPCS64 passes the rest, one
 * 8-byte slot each from the stack pointer the function was entered with.
 */
static inline unsigned long ftrace_regs_get_argument(struct ftrace_regs *fregs,
						     unsigned int n)
{
	if (n < 8)
		return fregs->x[n];
	return ((unsigned long *)fregs->sp)[n - 8];
}

static inline unsigned long
ftrace_regs_get_stack_pointer(struct ftrace_regs *fregs)
{
	return fregs->sp;
}

static inline unsigned long
ftrace_regs_get_instruction_pointer(struct ftrace_regs *fregs)
{
	return fregs->pc;
}

/* Where the trampoline goes on to: another function's entry redirects. */
static inline void
ftrace_regs_set_instruction_pointer(struct ftrace_regs *fregs,
				    unsigned long ip)
{
	fregs->pc = ip;
}

static inline unsigned long
ftrace_regs_get_frame_pointer(struct ftrace_regs *fregs)
{
	return fregs->fp;
}

/*
 * A direct ops' callback (stage5-entry/ftrace_direct.c): ftrace_caller
 * leaves for addr once the callbacks are done, with x30 and x9 as the
 * site would have entered it (entry.S; the kernel's arm64 keeps it in
 * struct ftrace_regs too, direct_tramp, since v6.4)
 */
static inline void arch_ftrace_set_direct_caller(struct ftrace_regs *fregs,
						 unsigned long addr)
{
	fregs->direct = addr;
}

/*
 * x0 as the trampoline saved it: the first argument at the entry, the
 * result only in a return handler given a struct ftrace_regs (the kit's
 * graph tracer gets the return value from return_to_handler instead).
 */
static inline unsigned long
ftrace_regs_get_return_value(struct ftrace_regs *fregs)
{
	return fregs->x[0];
}

/*
 * The graph tracer hooks x30 at the entry, before the function saved it
 * anywhere, and identifies the frame by the caller's x29 (arch/aarch64/
 * ftrace.c): where the return address is now, the function's frame
 * record says, found by walking the chain (stacktrace.c).
 */
#define ftrace_graph_ret_slot	ftrace_graph_ret_slot
unsigned long *ftrace_graph_ret_slot(unsigned long *retp, unsigned long sp);
#elif !defined(__ASSEMBLY__)
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

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * Chapter 8: the table holds each function's first NOP; the word that
 * changes at run time is the second, the site's "bl" once enabled, so
 * rec->ip is one instruction on (the kernel's arm64 ftrace_call_adjust(),
 * since v5.5).  The first is "mov x9, x30" from the build on.
 */
static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr + AARCH64_INSN_SIZE;
}

/*
 * The mov is in the object already (recordmcount --entries): the
 * program's start-up reads no site, the first enable checks the mov
 * (linux/ftrace.h, arch/aarch64/ftrace.c).
 */
#define FTRACE_SITES_READY	1
#define ftrace_init_nop		ftrace_init_nop
struct module;
struct dyn_ftrace;
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec);
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/*
 * CALL_OPS (entry.S): recordmcount --pre-entry 8 records the mov past the
 * literal and any bti, so rec->ip is still the bl.  A site without a
 * literal it can trust, and every library's module PLT, call
 * ftrace_list_caller, chapter 5's way through ftrace_call.
 */
void ftrace_list_caller(void);
#define FTRACE_PLT_ADDR		((unsigned long)ftrace_list_caller)
#endif
#else
static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}
#endif

struct dyn_arch_ftrace {
	unsigned long	plt;	/* a library's module PLT (0: none) */
};
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */

#endif
