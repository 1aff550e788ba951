// SPDX-License-Identifier: GPL-2.0
/*
 * MIPS o32, chapter 2 (HAVE_FUNCTION_GRAPH_TRACER): find the slot the
 * traced function will return through, and hijack it.
 *
 * _mcount's graph path (mcount.S) calls prepare_ftrace_return() with
 *	parent		= &(the MCOUNT_AT slot of _mcount's frame), our copy
 *			  of the function's return address (at on entry)
 *	selfpc		= the "jal _mcount" of the function
 *	frame_pointer	= the function's sp (just above _mcount's frame)
 *
 * A leaf function never stored ra: it gets it back from at, via _mcount's
 * "move ra,at", so the MCOUNT_AT slot IS the slot to change.  A non-leaf
 * function stored ra in its own frame before calling _mcount and reloads
 * it from there in its epilogue: changing our copy would do nothing, the
 * slot in its frame must change.  Two ways to find that slot:
 *  - built with -mmcount-ra-address, the call site says so itself:
 *	addiu	t4,sp,off	t4 = &slot (non-leaf)	or
 *	move	t4,zero		t4 = 0 (leaf)
 *    just before the jal, and _mcount saved t4 in its frame;
 *  - otherwise, read the prologue back from the jal for "sw ra,off(sp)".
 *
 * frame_pointer for the graph tracer's check is the sp the function was
 * called with (its caller's sp): return_to_handler runs with exactly that
 * sp after the function has popped its frame.  The function's sp plus its
 * frame size, read from the prologue's "addiu sp,sp,-N".
 */
#include <stdint.h>
#include <linux/ftrace.h>

#define INSN_HI(insn)		((insn) & 0xffff0000)
#define INSN_IMM(insn)		((long)(int16_t)((insn) & 0xffff))
#define INSN_ADDIU_SP		0x27bd0000	/* addiu sp,sp,imm */
#define INSN_ADDIU_T4_SP	0x27ac0000	/* addiu t4,sp,imm */
#define INSN_SW_RA_SP		0xafbf0000	/* sw ra,imm(sp) */
#define INSN_OR_T4_ZERO		0x00006025	/* move t4,zero (or) */
#define INSN_ADDU_T4_ZERO	0x00006021	/* move t4,zero (addu) */

/*
 * The site's "addiu sp,sp,-8" is in the jal's delay slot at -O1 and up;
 * at -O0 gcc leaves delay slots to the assembler, which puts a nop there,
 * so the -8 comes right BEFORE the jal:
 *	move at,ra; move t4,zero; addiu sp,sp,-8; jal _mcount; nop
 */
#define INSN_ADDIU_SP_M8	0x27bdfff8

/* A prologue is short: a few saves, never more than this many words. */
#define PROLOGUE_MAX	64

/* An instruction gcc puts between "addiu sp,sp,-N" and the mcount call. */
static int prologue_insn(uint32_t insn)
{
	switch (insn & 0xffe00000) {
	case 0xafa00000:	/* sw	reg,off(sp) */
	case 0xf7a00000:	/* sdc1	freg,off(sp) */
	case 0xe7a00000:	/* swc1	freg,off(sp) */
		return 1;
	}
	switch (insn) {
	case 0x03a0f025: case 0x03a0f021:	/* move s8,sp */
	case 0x03e00825: case 0x03e00821:	/* move at,ra */
	case 0x01e01025: case 0x01e01021:	/* move v0,t7: static chain */
	case INSN_OR_T4_ZERO: case INSN_ADDU_T4_ZERO:
	case 0:					/* nop */
		return 1;
	}
	return INSN_HI(insn) == INSN_ADDIU_T4_SP;
}

/*
 * Read the prologue backwards from the mcount call at site.  Returns the
 * frame size (0: the function has no frame) and sets *ra_off to where the
 * function saved ra relative to its sp, or -1 (a leaf).
 */
static long read_site_prologue(const uint32_t *site, long *ra_off)
{
	const uint32_t *p;

	*ra_off = -1;
	if (site[-1] == INSN_ADDIU_SP_M8)
		site--;			/* -O0: the site's own 8 bytes */
	for (p = site - 1; site - p <= PROLOGUE_MAX; p--) {
		if (INSN_HI(*p) == INSN_ADDIU_SP && INSN_IMM(*p) < 0)
			return -INSN_IMM(*p);
		if (!prologue_insn(*p))
			break;		/* the previous function's code */
		if (INSN_HI(*p) == INSN_SW_RA_SP)
			*ra_off = INSN_IMM(*p);
	}
	*ra_off = -1;			/* no frame: surely a leaf */
	return 0;
}

void prepare_ftrace_return(unsigned long *parent, unsigned long selfpc,
			   unsigned long frame_pointer)
{
	const uint32_t *site = (const uint32_t *)selfpc;
	unsigned long *mcount_frame = parent - MCOUNT_AT / 4;
	unsigned long sp = frame_pointer, *slot = parent, ret;
	long size, ra_off;
	uint32_t before;

	size = read_site_prologue(site, &ra_off);
	before = site[-1] == INSN_ADDIU_SP_M8 ? site[-2] : site[-1];
	if (before == INSN_OR_T4_ZERO || before == INSN_ADDU_T4_ZERO ||
	    INSN_HI(before) == INSN_ADDIU_T4_SP) {
		/* -mmcount-ra-address: gcc told us in t4 */
		unsigned long t4 = mcount_frame[MCOUNT_T4 / 4];

		if (t4)
			slot = (unsigned long *)t4;
	} else if (ra_off >= 0) {
		slot = (unsigned long *)(sp + ra_off);
	}

	/*
	 * Both copies hold the same return address until someone changes
	 * one; if they differ, the slot is not what we think: leave it.
	 */
	ret = *slot;
	if (ret != *parent)
		return;
	/* identity and frame pointer alike: the caller's sp */
	if (function_graph_enter(ret, selfpc, sp + size, slot, sp + size) == 0)
		*slot = (unsigned long)return_to_handler;
}
