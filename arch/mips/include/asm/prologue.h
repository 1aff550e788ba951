/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_MIPS_PROLOGUE_H
#define _ASM_MIPS_PROLOGUE_H

/*
 * What a MIPS function's prologue did to the stack, read back from its
 * code (arch/mips/prologue.c).  The one decoder behind both the unwinder
 * (stacktrace.c) and the graph tracer's slot finding (ftrace.c).
 */
struct mips_frame {
	/* bytes allocated: the caller's sp is sp + size */
	unsigned long	size;
	/* ra saved at sp + ra_off; -1: not saved (a leaf) */
	long		ra_off;
};

/*
 * pc: an address inside a function, after its prologue.  at_site: pc is
 * the function's mcount call, so every instruction before it belongs to
 * the prologue (a function without a frame then reads as size 0).
 * Returns 0 and fills *f, or -1 when the prologue is not understood.
 */
int mips_frame_decode(const uint32_t *pc, int at_site, struct mips_frame *f);

/*
 * The two ends of an mcount call site.  A jal site is one word; a
 * -mlong-calls site is a sequence,
 *	lui r,%hi(_mcount); addiu r,r,%lo(_mcount); move at,ra; ...; jalr r
 * whose first word is rec->ip at stage 3 and whose jalr is what ra - 8
 * points at.  The prologue ends before first; the word before call says
 * whether the site set t4 (-mmcount-ra-address).
 */
#define LONG_CALL_MAX		8	/* lui ... jalr: a few words apart */

struct mips_site {
	const uint32_t	*first;	/* the jal, or a long call's lui */
	const uint32_t	*call;	/* the jal, or a long call's jalr */
};

/*
 * pc: either end of a site (a jal or jalr, or a long call's first word).
 * Anything not recognised as a long call is taken as a one-word site.
 */
void mips_site_find(const uint32_t *pc, struct mips_site *s);

#endif
