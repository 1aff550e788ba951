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
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
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
#else
/*
 * Chapter 8: the entry trampoline's fregs (arch/riscv64/entry.S), saved
 * before the function's first instruction ran, so every argument is
 * where the calling convention put it: a0-a7, and the ninth on at sp.
 * t2 is gcc's static chain (a nested function's hidden argument); pc is
 * where the trampoline returns to (t0: the function, past its site), ra
 * the function's own return address, sp and s0 as the caller left them.
 * The trampoline reads a0-a7, t2, pc and ra back on the way out: a
 * callback that changes pc redirects the call, one that changes ra (the
 * graph tracer) hooks the return.  The kernel's riscv keeps the same
 * registers (struct __arch_ftrace_regs, arch/riscv/include/asm/ftrace.h;
 * it has t1 for direct calls where the kit has t2).
 */
struct ftrace_regs {
	unsigned long	a[8];
	unsigned long	t2;
	unsigned long	pc, ra, sp, s0;
	unsigned long	direct;		/* a direct trampoline, or 0 */
};

/*
 * A direct ops' callback (stage5-entry/ftrace_direct.c): ftrace_caller
 * leaves for addr once the callbacks are done, t0 and ra as a site's
 * call would have left them (entry.S).  A site reaches nothing but
 * ftrace_caller: its auipc is written once (ftrace.c), and the jalr
 * reaches 2 KB around it, so every direct call on riscv64 goes this way
 * (the kernel's since v6.16 reads the ops' direct_call in ftrace_caller).
 */
static inline void arch_ftrace_set_direct_caller(struct ftrace_regs *fregs,
						 unsigned long addr)
{
	fregs->direct = addr;
}

static inline unsigned long ftrace_regs_get_argument(struct ftrace_regs *fregs,
						     unsigned int n)
{
	if (n < 8)
		return fregs->a[n];
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

/* Where the trampoline jumps to: another function's entry redirects. */
static inline void
ftrace_regs_set_instruction_pointer(struct ftrace_regs *fregs,
				    unsigned long ip)
{
	fregs->pc = ip;
}

/* s0 on entry: the caller's frame, the function has built none yet */
static inline unsigned long
ftrace_regs_get_frame_pointer(struct ftrace_regs *fregs)
{
	return fregs->s0;
}

/*
 * a0 as the trampoline saved it: at the entry the first argument, not a
 * result (the kit's graph tracer has the return value from
 * return_to_handler, struct ftrace_graph_ret's retval).
 */
static inline unsigned long
ftrace_regs_get_return_value(struct ftrace_regs *fregs)
{
	return fregs->a[0];
}

/*
 * The graph tracer hooks ra at the entry, before the function saved it
 * anywhere, and identifies the frame by the caller's s0 (arch/riscv64/
 * ftrace.c): where the return address is now, the function's frame
 * record says, found by walking the chain (stacktrace.c).
 */
#define ftrace_graph_ret_slot	ftrace_graph_ret_slot
unsigned long *ftrace_graph_ret_slot(unsigned long *retp, unsigned long sp);
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_ARGS */
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

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * Chapter 8: gcc -fpatchable-function-entry=4 makes the site four
 * "c.nop"s (8 bytes) before the prologue, and records the first in
 * __patchable_function_entries: rec->ip is the function's own address.
 * No site calls anything as linked; _mcount stays the stub a -pg object
 * linked in by mistake calls (ftrace_mcount_calls() counts those).  The
 * first look at a site writes the "auipc t0" half of its call
 * (arch/riscv64/ftrace.c), so this arch's ftrace_init_nop() is its own.
 */
#define ftrace_init_nop		ftrace_init_nop
struct module;
struct dyn_ftrace;
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec);
#endif

static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/*
 * CALL_OPS (entry.S): a site without a literal it can trust, and every
 * library's module PLT, call ftrace_list_caller, chapter 5's way through
 * ftrace_call.
 */
void ftrace_list_caller(void);
#define FTRACE_PLT_ADDR		((unsigned long)ftrace_list_caller)
#endif

struct dyn_arch_ftrace {
	unsigned long	plt;	/* a library's module PLT (0: none) */
	unsigned long	target;	/* what the converted auipc points at */
};
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */

#endif
