// SPDX-License-Identifier: GPL-2.0
/*
 * MIPS o32, chapter 2 (HAVE_FUNCTION_GRAPH_TRACER): find the slot the
 * traced function will return through, and hijack it.  At the end, under
 * CONFIG_DYNAMIC_FTRACE, chapter 4: patching the call sites.
 *
 * _mcount's graph path (mcount.S) calls prepare_ftrace_return() with
 *	parent		= &(the MCOUNT_AT slot of _mcount's frame), our copy
 *			  of the function's return address (at on entry)
 *	selfpc		= the site's call: the function's jal (stage 4: "jal
 *			  ftrace_caller+8"), a got site's jalr; for a
 *			  -mlong-calls site its "jalr r" (stage 2) or the
 *			  lui or lw that starts the sequence (rec->ip, stage 4)
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
#include <linux/event_path.h>
#include <linux/kconfig.h>
#include <linux/ftrace.h>
#include <linux/text_patching.h>
#include <asm/prologue.h>

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Did the instruction before the site's jal set t4 (-mmcount-ra-address)?
 * "move t4,zero" (or, or addu), "addiu t4,sp,off", or the last step of a
 * big frame's "addu t4,t4,sp".
 */
static __event_path int sets_t4(uint32_t insn)
{
	return insn == MIPS_INSN_MOVE(MIPS_R_T4, MIPS_R_ZERO, MIPS_F_OR) ||
	       insn == MIPS_INSN_MOVE(MIPS_R_T4, MIPS_R_ZERO, MIPS_F_ADDU) ||
	       insn == MIPS_INSN_ADDU_T4_T4_SP ||
	       insn == MIPS_INSN_ADDU_T4_SP_T4 ||
	       (insn & 0xffff0000) == MIPS_INSN_ADDIU_T4_SP;
}

__event_path void prepare_ftrace_return(unsigned long *parent,
					unsigned long selfpc,
					unsigned long frame_pointer)
{
	unsigned long *mcount_frame = parent - MCOUNT_AT / 4;
	unsigned long sp = frame_pointer, *slot = parent, ret;
	struct mips_site site;
	struct mips_frame f;
	const uint32_t *p;
	uint32_t before;

	/*
	 * selfpc is the site's call (stage 2), or rec->ip (stage 4): for a
	 * -mlong-calls site the lui or lw that starts it.  The prologue
	 * ends before the site's first word: read backwards from a call,
	 * the site's own GOT load, lui or "move at,ra" would end the scan
	 * before the frame.
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
	 * and at stage 4 the start-up conversion has made that -8 a nop
	 * (chapter 4).  A got site has its GOT load between the -8 and the
	 * call.  None of these sets t4: look further back.
	 */
	for (p = site.call - 1; site.call - p < 3; p--)
		if (*p != MIPS_INSN_ADDIU_SP_M8 && *p != MIPS_INSN_NOP &&
		    p != site.first)
			break;
	before = *p;
	/* the prologue's answer: a leaf has ra only in at, our copy */
	if (f.ra_off >= 0)
		slot = (unsigned long *)(sp + f.ra_off);
	if (sets_t4(before)) {
		/*
		 * -mmcount-ra-address: gcc told us in t4.  It names the same
		 * slot, unless t4 did not survive the way in: a library's
		 * first call of _mcount may go through the dynamic loader's
		 * lazy-binding stub, which keeps the argument registers and
		 * at, not t4 (arch/mips/module_bind.S keeps the kit's own
		 * libraries off that path).  So t4 counts only as a word
		 * of the function's own frame that holds its return address.
		 */
		unsigned long t4 = mcount_frame[MCOUNT_T4 / 4];

		if (t4 >= sp && t4 < sp + f.size && !(t4 & 3) &&
		    *(unsigned long *)t4 == *parent)
			slot = (unsigned long *)t4;
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
 * Chapter 4 (HAVE_DYNAMIC_FTRACE): turning call sites off and on, as
 * today's kernel does it on MIPS.
 *
 * _mcount and ftrace_caller are one address with two ways in (mcount.S,
 * asm/ftrace.h): at +0 the stub's "addiu sp,sp,8" gives back the 8 bytes
 * a site took, at +8 (FTRACE_CALLER_SKIP) nothing is given back.
 *
 * Once the program runs, enabling or disabling a site writes ONE aligned
 * word: an aligned word store is never seen half done, so a thread
 * running through the site meanwhile executes the old word or the new
 * one, and none needs to be stopped for it (the kernel updates MIPS code
 * without stopping the other CPUs on the same ground).  Two words change
 * only in the start-up conversion (ftrace_init(), before main(), when no
 * other thread runs the program's code yet), once per site, as the
 * kernel does once at boot.
 * A library's sites are converted by its constructor, before dlopen()
 * returns: no thread can be running them yet either.
 * o32 has four shapes (asm/prologue.h):
 *
 *  MIPS_SITE_JAL (-O1 and up)
 *	as linked		after start-up		enabled
 *	jal _mcount		nop			jal ftrace_caller+8
 *	 addiu sp,sp,-8		 nop			 nop
 *	The -8 goes at start-up, with the jal: a signal is never taken
 *	between a jump and its delay slot, so no thread can have run one
 *	of the two words without the other.  Without its -8, the site has
 *	nothing for the stub to give back: it enters past it.
 *
 *  MIPS_SITE_JAL_O0 (gcc -O0 leaves the delay slot to the assembler)
 *	addiu sp,sp,-8		nop			nop
 *	jal _mcount		nop			jal ftrace_caller+8
 *	 nop			 nop			 nop
 *
 *  MIPS_SITE_GOT (position-independent code: a shared library, a PIE)
 *	addiu sp,sp,-8		addiu sp,sp,-8		addiu sp,sp,-8
 *	lw t9,%call16(_mcount)(gp)
 *	jalr t9			addiu sp,sp,8		jalr t9
 *	 nop			 nop			 nop
 *	The -8 comes before the call, and the GOT load between them: no
 *	one word could remove both, so the call gives the 8 bytes back
 *	while the site is disabled, and an enabled site enters at _mcount+0
 *	(the GOT holds _mcount's address, wherever the library is: no
 *	trampoline is needed for reach).  ld's "bal _mcount" in place of
 *	the jalr (a PIE, where _mcount is near) is put back as it was.
 *
 *  MIPS_SITE_LONG (-mlong-calls)
 *	lui r,%hi(_mcount)	b 1f			lui r,%hi(_mcount)
 *	addiu r,r,%lo(_mcount)	(b's delay slot)
 *	move at,ra ...
 *	jalr r
 *	 addiu sp,sp,-8		(-O0: the -8 before the jalr, a nop here)
 *   1f:
 *	One word in every state: the branch skips the whole sequence, -8
 *	included.  The -8 stays, so an enabled long call enters at
 *	_mcount+0, whose delay-slot "addiu sp,sp,8" balances it.  In
 *	position-independent code the sequence starts with one word, "lw
 *	r,%got(_mcount)(gp)", and the branch stands there instead.
 *
 * In no state does sp rise above data the function has stored (a signal
 * taken there would write its frame over that data).  Sites recordmcount
 * never saw keep their call of _mcount and its -8, and enter at +0 too.
 */
static int mips_patch(unsigned long ip, unsigned int old, unsigned int new)
{
	return ftrace_modify_code(ip, &old, &new, MIPS_INSN_SIZE);
}

/*
 * Two adjacent words at ip, both verified before either is written: only
 * the start-up conversion does this.
 */
static int mips_patch2(unsigned long ip, unsigned int old0, unsigned int old1,
		       unsigned int new0, unsigned int new1)
{
	unsigned int old[2] = { old0, old1 }, new[2] = { new0, new1 };

	return ftrace_modify_code(ip, old, new, sizeof(old));
}

/*
 * The start-up conversion reads a site's shape into rec->arch: what it
 * holds while enabled, and what while disabled (mips_nop_insn()).
 * Returns 0, or -EINVAL for a shape we do not know.
 */
static int mips_read_site(struct dyn_ftrace *rec)
{
	const uint32_t *p = (const uint32_t *)rec->ip;
	struct mips_site s;

	if (p[0] == MIPS_INSN_JAL(MCOUNT_ADDR)) {
		rec->arch.call = MIPS_INSN_JAL(FTRACE_ADDR + FTRACE_CALLER_SKIP);
		if (p[1] == MIPS_INSN_ADDIU_SP_M8) {
			rec->arch.kind = MIPS_SITE_JAL;
			return 0;
		}
		if (p[-1] == MIPS_INSN_ADDIU_SP_M8 && p[1] == MIPS_INSN_NOP) {
			rec->arch.kind = MIPS_SITE_JAL_O0;
			return 0;
		}
		return -EINVAL;
	}
	mips_site_find(p, &s);
	if (s.ip != p)
		return -EINVAL;
	rec->arch.call = p[0];
	if (s.first == p && s.call > p) {
		rec->arch.kind = MIPS_SITE_LONG;
		rec->arch.skip = s.call - p + 1;  /* past the jalr's delay slot */
		return 0;
	}
	if (s.first == p - 1 && p[-2] == MIPS_INSN_ADDIU_SP_M8 &&
	    p[0] != MIPS_INSN_ADDIU_SP_P8) {
		rec->arch.kind = MIPS_SITE_GOT;
		return 0;
	}
	return -EINVAL;
}

/*
 * For ftrace_caller (mcount.S), when the word at ra - 8 is not a jal: a
 * -mlong-calls site returns to ra with its jalr at ra - 8, and its record
 * is the first word of the sequence: the lui or lw, or the branch that
 * stands in for it once the site is disabled (a thread still inside
 * ftrace_caller while the site is disabled may get here).  A got site's
 * record is its call, ra - 8.
 */
__event_path unsigned long ftrace_long_call_ip(unsigned long ra)
{
	struct mips_site s;

	mips_site_find((const uint32_t *)(ra - MCOUNT_INSN_SIZE), &s);
	return (unsigned long)s.ip;
}

/*
 * Calls of _mcount left in [start, end) after the start-up conversion
 * (mips_read_site()'s shapes, as gcc and ld left them): "jal _mcount"
 * (an enabled site calls ftrace_caller+8, another word), a got site's
 * call after its -8, or a -mlong-calls sequence whose first word is
 * still there.  A got site's GOT entry cannot be read from here (its gp
 * is the function's): gcc's "move at,ra" a few words before the -8 says
 * it is _mcount's.
 */
unsigned long ftrace_mcount_calls(unsigned long start, unsigned long end)
{
	const uint32_t *p = (const uint32_t *)((start + 3) & ~3UL);
	const uint32_t *last = (const uint32_t *)end - LONG_CALL_MAX;
	unsigned long n = 0;
	struct mips_site s;
	unsigned int k;

	for (p += 5; p < last; p++) {
		if (MIPS_OP(*p) == MIPS_OP_JAL) {
			n += MIPS_J_TARGET(p, *p) == MCOUNT_ADDR;
			continue;
		}
		if (mips_is_jalr_ra(*p) || mips_is_bal(*p)) {
			mips_site_find(p, &s);
			if (s.first != p - 1 || !mips_is_site_adjust(p - 2))
				continue;
			for (k = 3; k <= 5; k++)
				if (mips_is_move_at_ra(p[-k]))
					break;
			n += k <= 5;
			continue;
		}
		if (MIPS_OP(*p) != MIPS_OP_LUI && !mips_is_lw_got(*p, MIPS_RT(*p)))
			continue;
		mips_site_find(p, &s);
		n += s.first == p && s.call > p;
	}
	return n;
}

/* What the word at rec->ip is while the site is disabled. */
static unsigned int mips_nop_insn(struct dyn_ftrace *rec)
{
	switch (rec->arch.kind) {
	case MIPS_SITE_LONG:
		return MIPS_INSN_B(rec->arch.skip);
	case MIPS_SITE_GOT:
		return MIPS_INSN_ADDIU_SP_P8;
	default:
		return MIPS_INSN_NOP;
	}
}

/*
 * jal only reaches the 256 MB region its delay slot is in: a target
 * outside it cannot be called from ip.
 */
static int mips_reaches(unsigned long ip, unsigned long addr)
{
	return !(((ip + MIPS_INSN_SIZE) ^ addr) & 0xf0000000);
}

/*
 * The start-up conversion of one site: the only change of two words, made
 * while no other thread runs the program's code.
 */
static int mips_convert_site(struct dyn_ftrace *rec)
{
	unsigned long ip = rec->ip;
	unsigned int jal = MIPS_INSN_JAL(MCOUNT_ADDR);
	int ret = -EINVAL;

	/* the words around it are read: are they code? */
	if (kernel_text_address(ip - 2 * MIPS_INSN_SIZE,
				(LONG_CALL_MAX + 2) * MIPS_INSN_SIZE))
		ret = mips_read_site(rec);
	if (ret) {
		/*
		 * Not a shape we know.  Rewriting the jal with itself
		 * changes nothing, but lets ftrace_bug() show what was
		 * there if even the jal is not.
		 */
		return mips_patch(ip, jal, jal) ?: -EINVAL;
	}
	switch (rec->arch.kind) {
	case MIPS_SITE_JAL:
	case MIPS_SITE_JAL_O0:
		/* a jal reaches its own 256 MB region (the other shapes
		   call through a register) */
		if (!mips_reaches(ip, FTRACE_ADDR + FTRACE_CALLER_SKIP))
			return -ERANGE;
		if (rec->arch.kind == MIPS_SITE_JAL)
			return mips_patch2(ip, jal, MIPS_INSN_ADDIU_SP_M8,
					   MIPS_INSN_NOP, MIPS_INSN_NOP);
		return mips_patch2(ip - MIPS_INSN_SIZE,
				   MIPS_INSN_ADDIU_SP_M8, jal,
				   MIPS_INSN_NOP, MIPS_INSN_NOP);
	default:
		/* the site as it is now: its own call */
		return mips_patch(ip, rec->arch.call, mips_nop_insn(rec));
	}
}

/*
 * addr is MCOUNT_ADDR at start-up and FTRACE_ADDR later: one address
 * here, so the record says which it is.  A site not converted yet is
 * still as gcc and ld left it.
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	if (addr != MCOUNT_ADDR)
		return -EINVAL;
	if (rec->arch.kind == MIPS_SITE_UNKNOWN)
		return mips_convert_site(rec);
	return mips_patch(rec->ip, rec->arch.call, mips_nop_insn(rec));
}

int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	if (addr != FTRACE_ADDR || rec->arch.kind == MIPS_SITE_UNKNOWN)
		return -EINVAL;
	return mips_patch(rec->ip, mips_nop_insn(rec), rec->arch.call);
}

/*
 * ftrace_call's word while it calls func: "jal func".  A runtime built as
 * position-independent code (a PIE's) reads the word instead of running it
 * (mcount.S), and has a nop there for ftrace_stub, which it then need not
 * call: its initial word cannot be a jal, whose target is absolute and
 * known only where the program is loaded.
 */
static unsigned int mips_ftrace_call_insn(unsigned long func)
{
#ifdef __PIC__
	if (func == (unsigned long)ftrace_stub)
		return MIPS_INSN_NOP;
#endif
	return MIPS_INSN_JAL(func);
}

/* ftrace_call: "jal <what it calls now>" becomes "jal func" */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long ip = (unsigned long)ftrace_call;
	unsigned long new = (unsigned long)func;

	if (!mips_reaches(ip, new))
		return -EINVAL;
	return mips_patch(ip,
			  mips_ftrace_call_insn((unsigned long)ftrace_call_func()),
			  mips_ftrace_call_insn(new));
}

/*
 * _mcount stops being a stub: its "j ftrace_stub" becomes a nop, one
 * word, before any site is converted.  What enters at +0 from then on
 * gets its 8 bytes back in the delay slot and goes on into the tracer.
 */
int ftrace_dyn_arch_init(void)
{
#ifdef __PIC__
	/* position-independent: a branch, counted from its delay slot */
	unsigned int stub = MIPS_INSN_B(((long)ftrace_stub -
					 (long)(MCOUNT_ADDR + MIPS_INSN_SIZE)) /
					MIPS_INSN_SIZE);
#else
	unsigned int stub = MIPS_INSN_J((unsigned long)ftrace_stub);
#endif

	/* ftraced: _mcount keeps recording the sites not converted yet */
	if (!IS_ENABLED(CONFIG_FTRACE_MCOUNT_RECORD))
		return 0;
	return mips_patch(MCOUNT_ADDR, stub, MIPS_INSN_NOP);
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
