/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_MIPS_FTRACE_H
#define _ASM_MIPS_FTRACE_H

/*
 * gcc -pg -fno-pic -mplt (the kit's programs, as the kernel's code) calls
 * _mcount with
 *	move	at,ra
 *	jal	_mcount
 *	 addiu	sp,sp,-8	(delay slot)
 * and ra on entry to _mcount points past the delay slot, so the call site
 * (selfpc, the jal) is ra minus these two instructions.  So it is for an
 * enabled jal site at stage 3, "jal ftrace_caller+8" with a nop in its
 * delay slot, which enters with sp untouched: the start-up conversion
 * made its -8 a nop (chapter 4).  Position-independent code (a shared
 * library, a PIE) calls through the GOT instead, its -8 first:
 *	move	at,ra
 *	addiu	sp,sp,-8
 *	lw	t9,%call16(_mcount)(gp)
 *	jalr	t9		(or "bal _mcount", where ld can)
 *	 nop
 * and ra - 8 is the jalr: the site's call, whatever its shape
 * (asm/prologue.h).
 */
#define MCOUNT_INSN_SIZE	8

/*
 * The frame _mcount builds when it calls the tracer.  mcount.S stores the
 * registers at these offsets; stacktrace.c reads the two return addresses
 * back when its walk meets _mcount.  The lowest 16 bytes are the o32
 * argument home area that the called C function may write.
 */
#define MCOUNT_A0		16
#define MCOUNT_A1		20
#define MCOUNT_A2		24
#define MCOUNT_A3		28
#define MCOUNT_V0		32	/* also static chain, see mcount.S */
#define MCOUNT_V1		36
#define MCOUNT_AT		40	/* traced function's return address */
#define MCOUNT_RA		44	/* return into the traced function */
#define MCOUNT_GP		48
#define MCOUNT_T4		52	/* $12, -mmcount-ra-address (stage 2) */
#define MCOUNT_FRAME_SIZE	56	/* a multiple of 8, as o32 wants */

#ifndef __ASSEMBLY__
/* The bounds of _mcount's code, for the unwinder. */
extern const char _mcount[], _mcount_end[];
#endif

/* The DWARF column of the return address (ra), for unwinders (chapter 2). */
#define FTRACE_RA_COLUMN	31

#ifndef __ASSEMBLY__
/*
 * The tracer's fregs: the traced function's argument registers as _mcount
 * saved them (the MCOUNT_A0.. slots of its frame, above).
 */
struct ftrace_regs {
	unsigned long	a[4];
};

/* Argument n (from 0) of the traced function, if it is a register one. */
static inline unsigned long ftrace_regs_get_argument(struct ftrace_regs *fregs,
						     unsigned int n)
{
	return n < 4 ? fregs->a[n] : 0;
}
#endif

#include <asm/inst.h>

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4 (HAVE_DYNAMIC_FTRACE), as today's kernel does it: _mcount and
 * ftrace_caller are one address with two ways in (mcount.S).
 *
 *	_mcount+0:  j ftrace_stub	a nop once ftrace_dyn_arch_init() ran
 *				(b in a PIE's runtime: mcount.S)
 *	_mcount+4:   addiu sp,sp,8	gives back a site's -8
 *	_mcount+8:  (ftrace_caller's work)
 *
 * A site that still takes 8 bytes of stack (a got or -mlong-calls
 * sequence, a site recordmcount never saw) calls _mcount and enters at
 * +0.  A jal site lost its -8 in the start-up conversion, so once enabled
 * it calls ftrace_caller + FTRACE_CALLER_SKIP and nothing is given back.
 * arch/mips/ftrace.c has every shape, before and after.
 */
#define MCOUNT_ADDR		((unsigned long)_mcount)
#define FTRACE_CALLER_SKIP	8	/* the stub's two words */

#ifndef __ASSEMBLY__
/*
 * recordmcount already records the instruction to patch: the jal, a got
 * site's jalr, or the first instruction (lui or lw) of a -mlong-calls
 * sequence.  Nothing to adjust.
 */
static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

/* The shape of a site, found by ftrace_make_nop() the first time. */
enum mips_site_kind {
	MIPS_SITE_UNKNOWN,	/* not converted yet: as gcc and ld left it */
	MIPS_SITE_JAL,		/* jal _mcount; addiu sp,sp,-8 (delay slot) */
	MIPS_SITE_JAL_O0,	/* addiu sp,sp,-8; jal _mcount; nop (-O0) */
	MIPS_SITE_GOT,		/* addiu sp,sp,-8; lw t9,%call16(_mcount)(gp);
				   jalr t9 (or bal _mcount); nop */
	MIPS_SITE_LONG,		/* lui r; addiu r (or lw r,%got(_mcount)(gp));
				   move at,ra; ...; jalr r (-mlong-calls) */
};

struct dyn_arch_ftrace {
	unsigned int	call;	/* the word at rec->ip while enabled */
	unsigned char	kind;	/* enum mips_site_kind */
	unsigned char	skip;	/* MIPS_SITE_LONG: "b 1f" offset, in words */
};
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */

#endif
