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
 * An mcount call site, in one of three shapes (asm/ftrace.h shows their
 * words):
 *  jal	"jal _mcount", the kernel's shape: the kit's programs
 *	(-fno-pic -mplt); one word
 *  got	"lw t9,%call16(_mcount)(gp); jalr t9", position-independent code
 *	(a shared library, a PIE); ld may make the jalr "bal _mcount"
 *  long	a register loaded with _mcount's address ("lui r; addiu r", or
 *	"lw r,%got(_mcount)(gp)" in position-independent code), then
 *	"move at,ra", ..., "jalr r" (-mlong-calls)
 * Three words of it matter: the call, which ra - 8 points at when _mcount
 * runs; the word dynamic ftrace switches, rec->ip (the call, or a long
 * call's first word, which one branch can turn into a jump over the
 * whole sequence); and the first word of the site, before which the
 * prologue ends and the word that sets t4 (-mmcount-ra-address) comes.
 */
#define LONG_CALL_MAX		8	/* lui ... jalr: a few words apart */

struct mips_site {
	const uint32_t	*first;	/* the site's first word */
	const uint32_t	*call;	/* the jal, jalr or bal */
	const uint32_t	*ip;	/* rec->ip */
};

/*
 * pc: a site's call or its rec->ip, in any state dynamic ftrace leaves
 * it in.  Anything not recognised is taken as a one-word site at pc.
 */
void mips_site_find(const uint32_t *pc, struct mips_site *s);

/*
 * Is p the "addiu sp,sp,-8" of an mcount call site (not an allocation of
 * the function's own)?
 */
int mips_is_site_adjust(const uint32_t *p);

#endif
