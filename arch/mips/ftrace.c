// SPDX-License-Identifier: GPL-2.0
/*
 * MIPS o32, chapter 2 (HAVE_FUNCTION_GRAPH_TRACER): find the slot the
 * traced function will return through, and hijack it.  At the end, under
 * CONFIG_DYNAMIC_FTRACE, chapter 4: patching the call sites.
 *
 * _mcount's graph path (mcount.S) calls prepare_ftrace_return() with
 *	parent		= &(the MCOUNT_AT slot of _mcount's frame), our copy
 *			  of the function's return address (at on entry)
 *	selfpc		= the "jal _mcount" of the function; for a -mlong-calls
 *			  site its "jalr r" (stage 2) or the lui that starts
 *			  the sequence (rec->ip, stage 4)
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
#include <linux/ftrace.h>
#include <linux/text_patching.h>
#include <asm/prologue.h>

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Did the instruction before the site's jal set t4 (-mmcount-ra-address)?
 * "move t4,zero" (or, or addu), "addiu t4,sp,off", or the last step of a
 * big frame's "addu t4,t4,sp".
 */
static int sets_t4(uint32_t insn)
{
	return insn == MIPS_INSN_MOVE(MIPS_R_T4, MIPS_R_ZERO, MIPS_F_OR) ||
	       insn == MIPS_INSN_MOVE(MIPS_R_T4, MIPS_R_ZERO, MIPS_F_ADDU) ||
	       insn == MIPS_INSN_ADDU_T4_T4_SP ||
	       insn == MIPS_INSN_ADDU_T4_SP_T4 ||
	       (insn & 0xffff0000) == MIPS_INSN_ADDIU_T4_SP;
}

void prepare_ftrace_return(unsigned long *parent, unsigned long selfpc,
			   unsigned long frame_pointer)
{
	unsigned long *mcount_frame = parent - MCOUNT_AT / 4;
	unsigned long sp = frame_pointer, *slot = parent, ret;
	struct mips_site site;
	struct mips_frame f;
	uint32_t before;

	/*
	 * selfpc is the jal, or for a -mlong-calls site the jalr (stage 2)
	 * or the lui (rec->ip, stage 4).  The prologue ends before the
	 * sequence's first word: read backwards from the jalr, its own
	 * lui, addiu and "move at,ra" would end the scan before the frame.
	 */
	mips_site_find((const uint32_t *)selfpc, &site);
	if (mips_frame_decode(site.first, 1, &f)) {
		/*
		 * A prologue mips_frame_decode() does not know: the slot and
		 * the frame size are unknown, so the function is not hijacked
		 * (absent from the graph rather than nested wrongly).
		 */
		static int said;

		ftrace_graph_not_hooked(&said, selfpc,
					": prologue not understood, not traced");
		return;
	}
	/*
	 * The site's "addiu sp,sp,-8" is in the jal's delay slot at -O1 and
	 * up; at -O0 gcc leaves delay slots to the assembler, which puts a
	 * nop there, so the -8 comes right BEFORE the jal:
	 *	move at,ra; move t4,zero; addiu sp,sp,-8; jal _mcount; nop
	 */
	before = site.call[-1] == MIPS_INSN_ADDIU_SP_M8 ? site.call[-2] :
							  site.call[-1];
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
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4 (HAVE_DYNAMIC_FTRACE): turning call sites off and on.
 *
 * The seed design (asm/ftrace.h): _mcount == ftrace_caller, so an enabled
 * site is the call gcc emitted, untouched, and ftrace_caller gives its 8
 * bytes back as _mcount always did.  A disabled site must leave sp as it
 * was, without a moment where sp is above data the function has stored:
 * a signal taken there would write its frame over that data.  Every
 * change is ONE aligned word, so a thread sees the old or the new site,
 * never half of each; o32 has three shapes:
 *
 *  MIPS_SITE_JAL (-O1 and up):	jal _mcount	-> bnel zero,zero,1f
 *				 addiu sp,sp,-8	   (annulled)
 *	A branch-likely that is not taken annuls its delay slot, so the -8
 *	never happens.  (addiu sp,sp,8 in place of the jal would balance
 *	too, but for one instruction sp would sit 8 bytes above the
 *	function's saved registers.)
 *
 *  MIPS_SITE_JAL_O0:		addiu sp,sp,-8	   (kept)
 *				jal _mcount	-> addiu sp,sp,8
 *				 nop
 *	gcc -O0 leaves the delay slot to the assembler: the -8 has already
 *	happened, and giving it back at once is safe (sp only went down).
 *
 *  MIPS_SITE_LONG (-mlong-calls):  lui r,%hi(_mcount) -> b 1f
 *				addiu r,r,%lo(_mcount)	(b's delay slot)
 *				move at,ra ...
 *				jalr r
 *				 addiu sp,sp,-8
 *			     1f:
 *	The branch skips the whole sequence, -8 included; putting the lui
 *	back enables it.
 */
static int mips_patch(unsigned long ip, unsigned int old, unsigned int new)
{
	return ftrace_modify_code(ip, &old, &new, MIPS_INSN_SIZE);
}

/*
 * The first time ftrace_make_nop() meets a site, read its shape.  Returns
 * the word the site must hold when enabled, or 0 (not a site we know: the
 * caller then reports the word at ip against the jal it expected).
 */
static unsigned int mips_read_site(struct dyn_ftrace *rec, unsigned long addr)
{
	const uint32_t *p = (const uint32_t *)rec->ip;
	unsigned int reg = (p[0] >> 16) & 31, k;

	if (p[0] == MIPS_INSN_JAL(addr)) {
		if (p[1] == MIPS_INSN_ADDIU_SP_M8) {
			rec->arch.kind = MIPS_SITE_JAL;
			return p[0];
		}
		if (p[-1] == MIPS_INSN_ADDIU_SP_M8 && p[1] == MIPS_INSN_NOP) {
			rec->arch.kind = MIPS_SITE_JAL_O0;
			return p[0];
		}
		return 0;
	}
	if (p[0] != MIPS_INSN_LUI(reg, addr) ||
	    p[1] != MIPS_INSN_ADDIU_LO(reg, addr))
		return 0;
	for (k = 2; k < LONG_CALL_MAX; k++) {
		if (mips_is_jalr_ra(p[k]) && MIPS_RS(p[k]) == (int)reg) {
			rec->arch.kind = MIPS_SITE_LONG;
			rec->arch.reg = reg;
			rec->arch.skip = k + 1;	/* past the jalr's delay slot */
			return p[0];
		}
	}
	return 0;
}

/*
 * For ftrace_caller (mcount.S): a -mlong-calls site returns to ra with
 * its jalr at ra - 8, and its record is the first word of the sequence:
 * the lui, or the branch that stands in for it once the site is disabled
 * (a thread parked in ftrace_caller by an update may still get here).
 * Anything else keeps ra - 8.
 */
unsigned long ftrace_long_call_ip(unsigned long ra)
{
	struct mips_site s;

	mips_site_find((const uint32_t *)(ra - MCOUNT_INSN_SIZE), &s);
	return (unsigned long)s.first;
}

/*
 * Calls of _mcount left in [start, end) after the start-up conversion:
 * "jal _mcount", or a -mlong-calls sequence whose first word is still
 * the lui (mips_read_site()'s shapes).
 */
unsigned long ftrace_mcount_calls(unsigned long start, unsigned long end)
{
	const uint32_t *p = (const uint32_t *)((start + 3) & ~3UL);
	const uint32_t *last = (const uint32_t *)end - LONG_CALL_MAX;
	unsigned long n = 0;
	unsigned int k;

	for (; p < last; p++) {
		if (MIPS_OP(*p) == MIPS_OP_JAL) {
			n += MIPS_J_TARGET(p, *p) == MCOUNT_ADDR;
			continue;
		}
		if (*p != MIPS_INSN_LUI(MIPS_RT(*p), MCOUNT_ADDR) ||
		    p[1] != MIPS_INSN_ADDIU_LO(MIPS_RT(*p), MCOUNT_ADDR))
			continue;
		for (k = 2; k < LONG_CALL_MAX; k++)
			if (mips_is_jalr_ra(p[k]) &&
			    MIPS_RS(p[k]) == MIPS_RT(*p))
				break;
		n += k < LONG_CALL_MAX;
	}
	return n;
}

/* What an enabled site holds at rec->ip, calling addr. */
static unsigned int mips_call_insn(struct dyn_ftrace *rec, unsigned long addr)
{
	if (rec->arch.kind == MIPS_SITE_LONG)
		return MIPS_INSN_LUI(rec->arch.reg, addr);
	return MIPS_INSN_JAL(addr);
}

/* What a disabled site holds at rec->ip. */
static unsigned int mips_nop_insn(struct dyn_ftrace *rec)
{
	switch (rec->arch.kind) {
	case MIPS_SITE_JAL:
		return MIPS_INSN_BNEL_SKIP;
	case MIPS_SITE_JAL_O0:
		return MIPS_INSN_ADDIU_SP_8;
	default:
		return MIPS_INSN_B(rec->arch.skip);
	}
}

/*
 * jal only reaches the 256 MB region its delay slot is in: a tracer
 * outside it cannot be called from ftrace_call.
 */
static int mips_reaches(unsigned long ip, unsigned long addr)
{
	return !(((ip + MIPS_INSN_SIZE) ^ addr) & 0xf0000000);
}

int ftrace_make_nop(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned int call;

	if (addr != MCOUNT_ADDR)
		return -EINVAL;
	if (rec->arch.kind == MIPS_SITE_UNKNOWN) {
		/* the words around it are read below: are they code? */
		if (kernel_text_address(rec->ip - MIPS_INSN_SIZE,
					(LONG_CALL_MAX + 1) * MIPS_INSN_SIZE))
			call = mips_read_site(rec, addr);
		else
			call = 0;
		if (!call) {
			/*
			 * Not a shape we know.  Rewriting the jal with
			 * itself changes nothing, but lets ftrace_bug()
			 * show what was there if even the jal is not.
			 */
			call = MIPS_INSN_JAL(addr);
			return mips_patch(rec->ip, call, call) ?: -EINVAL;
		}
	}
	return mips_patch(rec->ip, mips_call_insn(rec, addr),
			  mips_nop_insn(rec));
}

int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	if (addr != FTRACE_ADDR || rec->arch.kind == MIPS_SITE_UNKNOWN)
		return -EINVAL;
	return mips_patch(rec->ip, mips_nop_insn(rec),
			  mips_call_insn(rec, addr));
}

/* What the jal at ftrace_call calls now. */
static unsigned long ftrace_call_func = (unsigned long)ftrace_stub;

int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long ip = (unsigned long)ftrace_call;
	unsigned long new = (unsigned long)func;
	int ret;

	if (!mips_reaches(ip, new))
		return -EINVAL;
	ret = mips_patch(ip, MIPS_INSN_JAL(ftrace_call_func),
			 MIPS_INSN_JAL(new));
	if (!ret)
		ftrace_call_func = new;
	return ret;
}

/* _mcount stops being a stub: its "j ftrace_stub" becomes a nop. */
int ftrace_dyn_arch_init(void)
{
	return mips_patch(MCOUNT_ADDR, MIPS_INSN_J((unsigned long)ftrace_stub),
			  MIPS_INSN_NOP);
}
#endif /* CONFIG_DYNAMIC_FTRACE */

#if defined(CONFIG_DYNAMIC_FTRACE) && defined(CONFIG_FUNCTION_GRAPH_TRACER)
/*
 * Chapter 5: ftrace_graph_call (mcount.S) is a nop, or "j
 * ftrace_graph_caller" while the graph tracer is on: one aligned word,
 * like every site change, and its delay slot stays the nop after it.  A
 * j, not a jal: ra must keep what the jal at ftrace_call left there
 * (nothing reads it), and ftrace_graph_caller returns into the traced
 * function itself.
 */
static int mips_graph_patch(int enable)
{
	unsigned long ip = (unsigned long)ftrace_graph_call;
	unsigned long addr = (unsigned long)ftrace_graph_caller;
	unsigned int jump = MIPS_INSN_J(addr);

	if (!mips_reaches(ip, addr))
		return -ERANGE;
	return enable ? mips_patch(ip, MIPS_INSN_NOP, jump) :
			mips_patch(ip, jump, MIPS_INSN_NOP);
}

int ftrace_enable_ftrace_graph_caller(void)
{
	return mips_graph_patch(1);
}

int ftrace_disable_ftrace_graph_caller(void)
{
	return mips_graph_patch(0);
}
#endif
