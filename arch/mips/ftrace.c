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
 *  - built with -mmcount-ra-address, the call site says so itself, in t4,
 *    which _mcount saved in its frame; just before the jal:
 *	addiu	t4,sp,off	t4 = &slot (non-leaf)		or
 *	li	t4,off		(lui/ori for 64 KB and up)
 *	addu	t4,t4,sp	t4 = &slot, a frame over 32 KB	or
 *	move	t4,zero		t4 = 0 (leaf)
 *  - otherwise, the "sw ra,off(sp)" of the prologue (asm/prologue.h).
 *
 * frame_pointer for the graph tracer's check is the sp the function was
 * called with (its caller's sp): return_to_handler runs with exactly that
 * sp after the function has popped its frame.  The function's sp plus its
 * frame size, read from the prologue by mips_frame_decode() (prologue.c),
 * the decoder the unwinder uses too: one- and two-step allocations alike.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <asm/prologue.h>

#define INSN_HI(insn)		((insn) & 0xffff0000)
#define INSN_ADDIU_T4_SP	0x27ac0000	/* addiu t4,sp,imm */
#define INSN_OR_T4_ZERO		0x00006025	/* move t4,zero (or) */
#define INSN_ADDU_T4_ZERO	0x00006021	/* move t4,zero (addu) */
#define INSN_ADDU_T4_T4_SP	0x019d6021	/* addu t4,t4,sp */
#define INSN_ADDU_T4_SP_T4	0x03ac6021	/* addu t4,sp,t4 */

/*
 * The site's "addiu sp,sp,-8" is in the jal's delay slot at -O1 and up;
 * at -O0 gcc leaves delay slots to the assembler, which puts a nop there,
 * so the -8 comes right BEFORE the jal:
 *	move at,ra; move t4,zero; addiu sp,sp,-8; jal _mcount; nop
 */
#define INSN_ADDIU_SP_M8	0x27bdfff8

/* Did the instruction before the site's jal set t4 (-mmcount-ra-address)? */
static int sets_t4(uint32_t insn)
{
	return insn == INSN_OR_T4_ZERO || insn == INSN_ADDU_T4_ZERO ||
	       insn == INSN_ADDU_T4_T4_SP || insn == INSN_ADDU_T4_SP_T4 ||
	       INSN_HI(insn) == INSN_ADDIU_T4_SP;
}

/*
 * A prologue mips_frame_decode() does not know: the slot and the frame
 * size are unknown, so the function is not hijacked (absent from the
 * graph rather than nested wrongly), and the first one is named once.
 */
static void prologue_unknown(unsigned long selfpc)
{
	static int said;
	int saved_errno = errno;
	char msg[160], name[64];
	int n;

	if (__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
		return;
	n = snprintf(msg, sizeof(msg), "ftrace: function_graph: %s: prologue "
		     "not understood, not traced\n",
		     ksym_name(selfpc, name, sizeof(name)));
	if (n > 0 && write(2, msg, n) < 0)
		n = 0;
	errno = saved_errno;
}

void prepare_ftrace_return(unsigned long *parent, unsigned long selfpc,
			   unsigned long frame_pointer)
{
	const uint32_t *site = (const uint32_t *)selfpc;
	unsigned long *mcount_frame = parent - MCOUNT_AT / 4;
	unsigned long sp = frame_pointer, *slot = parent, ret;
	struct mips_frame f;
	uint32_t before;

	if (mips_frame_decode(site, 1, &f)) {
		prologue_unknown(selfpc);
		return;
	}
	before = site[-1] == INSN_ADDIU_SP_M8 ? site[-2] : site[-1];
	if (sets_t4(before)) {
		/* -mmcount-ra-address: gcc told us in t4 */
		unsigned long t4 = mcount_frame[MCOUNT_T4 / 4];

		if (t4)
			slot = (unsigned long *)t4;
	} else if (f.ra_off >= 0) {
		slot = (unsigned long *)(sp + f.ra_off);
	}

	/*
	 * Both copies hold the same return address until someone changes
	 * one; if they differ, the slot is not what we think: leave it.
	 */
	ret = *slot;
	if (ret != *parent)
		return;
	/* identity and frame pointer alike: the caller's sp */
	if (function_graph_enter(ret, selfpc, sp + f.size, slot,
				 sp + f.size) == 0)
		*slot = (unsigned long)return_to_handler;
}
