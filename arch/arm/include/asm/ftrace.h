/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_ARM_FTRACE_H
#define _ASM_ARM_FTRACE_H

/*
 * gcc -pg -marm calls the profiler with "push {lr}; bl __gnu_mcount_nc".
 * The "bl" is one 4-byte ARM instruction, so selfpc (the call site) is the
 * return address into the traced function minus 4; so it is for a
 * Thumb-2 bl/blx, and for an enabled site's "bl ftrace_caller".
 */
#define MCOUNT_INSN_SIZE	4

/*
 * mcount's frame (mcount.S, mcount_enter) keeps the traced function's
 * r0-r3 this far below its fp: the tracer's fregs.
 */
#define MCOUNT_FREGS		28

/*
 * return_to_handler's unwind entry is EHABI's, not DWARF's: this arch
 * writes its own personality routine (ftrace.c, chapter 2).
 */
#define HAVE_ARCH_GRAPH_PERSONALITY

#ifndef __ASSEMBLY__
/* The tracer's fregs: the traced function's r0-r3 as mcount saved them. */
struct ftrace_regs {
	unsigned long	r[4];
};

/* Argument n (from 0) of the traced function, if it is a register one. */
static inline unsigned long ftrace_regs_get_argument(struct ftrace_regs *fregs,
						     unsigned int n)
{
	return n < 4 ? fregs->r[n] : 0;
}

/*
 * In an ELF symbol table bit 0 of a function's value says "Thumb code"
 * (the C library on armhf is Thumb-2); the code itself starts one byte
 * lower.  Return addresses into Thumb code carry the same bit, which does
 * no harm: an odd address still lies inside [start, start + size).
 */
#define ftrace_sym_addr(v)	((unsigned long)(v) & ~1UL)
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4 (HAVE_DYNAMIC_FTRACE).  gcc's site is "push {lr}; bl <mcount>"
 * in ARM state (4-byte aligned) or Thumb-2 (2-byte aligned; the linker has
 * already made the bl a blx, __gnu_mcount_nc being ARM code).
 * MCOUNT_ADDR is what gcc's sites call; the stub it is now still pops
 * the pushed lr.  The start-up conversion makes each recorded site
 * "mov ip, lr; nop" and enabling makes the nop "bl ftrace_caller", which
 * is entered with ip = the function's lr, lr = the return into it and
 * nothing pushed (arch/arm/ftrace.c, mcount.S).
 */
#define MCOUNT_ADDR		((unsigned long)__gnu_mcount_nc)

#ifndef __ASSEMBLY__
void __gnu_mcount_nc(void);

/*
 * recordmcount records the bl itself, without a Thumb bit: rec->ip is
 * the address to patch.  Which instruction set the site is in is read
 * from the code the first time (struct dyn_arch_ftrace).
 */
static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

enum arm_site_kind {
	ARM_SITE_UNKNOWN,	/* not converted yet */
	ARM_SITE_ARM,		/* e52de004 push {lr}; bl */
	ARM_SITE_THUMB,		/* b500 push {lr}; bl/blx (32-bit) */
};

struct dyn_arch_ftrace {
	unsigned long	plt;	/* a library's module PLT (0: none) */
	unsigned char	kind;	/* enum arm_site_kind */
};
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */

#endif
