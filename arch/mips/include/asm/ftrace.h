/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_MIPS_FTRACE_H
#define _ASM_MIPS_FTRACE_H

/*
 * gcc -pg -mno-abicalls -fno-pic calls _mcount with
 *	move	at,ra
 *	jal	_mcount
 *	 addiu	sp,sp,-8	(delay slot)
 * and ra on entry to _mcount points past the delay slot, so the call site
 * (selfpc, the jal) is ra minus these two instructions.
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
#define MCOUNT_F12		48	/* 8-aligned: sdc1 */
#define MCOUNT_F14		56
#define MCOUNT_GP		64
#define MCOUNT_T4		68	/* $12, -mmcount-ra-address (stage 2) */
#define MCOUNT_FRAME_SIZE	72	/* a multiple of 8, as o32 wants */

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

#ifndef __ASSEMBLY__
/*
 * Does insn, found next to an "addiu sp,sp,-8", make that pair an mcount
 * site?  An enabled site holds "jal _mcount", a -mlong-calls one "jalr r"
 * (no other code moves sp by 8 right next to a call); at stage 3 a
 * disabled site holds the word that stands in for the jal
 * (arch/mips/ftrace.c).
 */
static inline int mips_mcount_site_insn(unsigned int insn)
{
	if (insn == MIPS_INSN_JAL((unsigned long)_mcount) ||
	    mips_is_jalr_ra(insn))
		return 1;
#ifdef CONFIG_DYNAMIC_FTRACE
	return insn == MIPS_INSN_BNEL_SKIP || insn == MIPS_INSN_ADDIU_SP_8;
#else
	return 0;
#endif
}
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4 (HAVE_DYNAMIC_FTRACE), the seed design: _mcount and
 * ftrace_caller are one address.  Its first instruction, "j ftrace_stub",
 * keeps every call cheap until ftrace_dyn_arch_init() turns it into a nop;
 * from then on "jal _mcount" is "jal ftrace_caller", and an enabled site is
 * exactly what gcc emitted.  arch/mips/ftrace.c says what a disabled one is.
 */
#define MCOUNT_ADDR		((unsigned long)_mcount)

#ifndef __ASSEMBLY__
/*
 * recordmcount already records the instruction to patch: the jal, or the
 * first instruction (lui) of a -mlong-calls sequence.  Nothing to adjust.
 */
static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

/* The shape of a site, found by ftrace_make_nop() the first time. */
enum mips_site_kind {
	MIPS_SITE_UNKNOWN,	/* not looked at yet */
	MIPS_SITE_JAL,		/* jal _mcount; addiu sp,sp,-8 (delay slot) */
	MIPS_SITE_JAL_O0,	/* addiu sp,sp,-8; jal _mcount; nop (-O0) */
	MIPS_SITE_LONG,		/* lui r; addiu r; ...; jalr r; (-mlong-calls) */
};

struct dyn_arch_ftrace {
	unsigned char	kind;	/* enum mips_site_kind */
	unsigned char	reg;	/* MIPS_SITE_LONG: r, to rebuild the lui */
	unsigned char	skip;	/* MIPS_SITE_LONG: "b 1f" offset, in words */
};
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */

#endif
