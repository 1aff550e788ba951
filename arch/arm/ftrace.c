// SPDX-License-Identifier: GPL-2.0
/*
 * ARM function graph tracer, the arch half: which stack slot to hijack.
 * At the end, under CONFIG_DYNAMIC_FTRACE, chapter 4: patching the sites.
 *
 * A traced function has two copies of its return address when mcount runs:
 *   - the word its call site pushed ("push {lr}") for __gnu_mcount_nc
 *     (at stage 4 ftrace_caller pushes it, from the ip a converted site
 *     set: chapter 4 below); mcount pops it into lr on the way back, so a
 *     function that returns with "bx lr" without ever saving lr would
 *     return through it;
 *   - [fp, #-4] of its APCS frame (-mapcs-frame).  The prologue saved lr
 *     there BEFORE the mcount call, and the epilogue
 *     "ldm sp, {..., fp, sp, pc}" returns through this slot; lr after
 *     mcount is never looked at again.
 * So hijacking mcount's copy only works for a function without a frame;
 * every function the kit builds has one, and the real slot is [fp, #-4].
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unwind.h>
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/text_patching.h>

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* "add fp, sp, #imm": an AAPCS frame record, not APCS's "sub fp, ip, #4" */
#define ARM_INSN_ADD_FP_SP	0xe28db000
#define ARM_ADD_FP_SP_MASK	0xfffff000
#define AAPCS_PROLOGUE_SCAN	4	/* words before the site's push */

/* Does the prologue before the site at selfpc set fp with "add fp, sp"? */
static __event_path int aapcs_prologue(unsigned long selfpc)
{
	const uint32_t *push = (const uint32_t *)selfpc - 1;
	int k;

	for (k = 1; k <= AAPCS_PROLOGUE_SCAN; k++)
		if ((push[-k] & ARM_ADD_FP_SP_MASK) == ARM_INSN_ADD_FP_SP)
			return 1;
	return 0;
}

/*
 * Does fp belong to the function whose mcount site is selfpc?  Its APCS
 * prologue is "mov ip, sp; [push {r0-r3};] push {..., fp, ip, lr, pc};
 * sub fp, ip, #N", so in a frame of its own:
 *   fp[0]  = the pc stored by that push: a few instructions before selfpc;
 *   fp[-1] = lr: the same return address as the copy pushed for mcount;
 *   fp[-2] = sp at entry: just above fp (16 more bytes when a varargs
 *            function spilled r0-r3 above its frame).
 * A function built without -mapcs-frame still has its caller's fp, whose
 * frame fails at least the first test.
 */
static __event_path int own_apcs_frame(const unsigned long *fp,
				       const unsigned long *parent,
				       unsigned long selfpc)
{
	unsigned long entry_sp;

	if (!fp || (unsigned long)fp & 3 || fp <= parent)
		return 0;
	entry_sp = fp[-2];
	return selfpc - fp[0] < 64 &&
	       fp[-1] == *parent &&
	       entry_sp >= (unsigned long)(fp + 1) &&
	       entry_sp <= (unsigned long)(fp + 5);
}

/*
 * Called from ftrace_graph_caller (mcount.S) with the address of the
 * pushed copy of the return address, the mcount site, and the traced
 * function's fp as it was when mcount was called.
 *
 * The frame pointer test compares what we record here with fp as
 * return_to_handler sees it, after the function's epilogue restored the
 * caller's fp.  In a frame of its own that value is saved at fp[-3]; a
 * function without a frame never changes fp at all.
 */
__event_path void prepare_ftrace_return(unsigned long *parent,
					unsigned long selfpc,
					unsigned long frame_pointer)
{
	unsigned long *fp = (unsigned long *)frame_pointer;
	unsigned long fp_at_return = frame_pointer;
	/* without a frame, sp is back above the copy once mcount popped it */
	unsigned long sp = (unsigned long)(parent + 1);

	/*
	 * Thumb code (the return address into it, selfpc + 4, has bit 0
	 * set) has no APCS frame: its prologue is "push {r7, lr}" and fp is
	 * an ordinary register, so the slot it returns through cannot be
	 * found here.  scripts/ftrace-cc refuses -mthumb for the graph
	 * tracer; code built another way is left unhijacked (absent from
	 * the graph, never nested wrongly).
	 */
	if (selfpc & 1) {
		static int said;

		ftrace_graph_not_hooked(&said, selfpc & ~1UL, " is Thumb code, "
					"not traced (the graph tracer needs -marm)");
		return;
	}
	/*
	 * Built -mno-apcs-frame: the prologue is "push {..., fp, lr};
	 * add fp, sp, #n" (then maybe a vpush, "sub sp", "push {ip}"), fp
	 * points at the saved lr or fp and nothing tells this frame from a
	 * frameless function's caller's (the words around fp look the same).
	 * The prologue's "add fp, sp" says it.  ftrace-cc refuses the flag
	 * for the graph tracer.
	 */
	if (aapcs_prologue(selfpc)) {
		static int said;

		ftrace_graph_not_hooked(&said, selfpc, " has no APCS frame "
					"(-mno-apcs-frame), not traced (the "
					"graph tracer needs -mapcs-frame)");
		return;
	}
	if (own_apcs_frame(fp, parent, selfpc)) {
		parent = &fp[-1];
		fp_at_return = fp[-3];
		sp = fp[-2];	/* the epilogue's ldm puts it back */
	}
	if (!function_graph_enter(*parent, selfpc, fp_at_return, parent, sp))
		*parent = (unsigned long)return_to_handler;
}

/*
 * Unwinding through a hijacked frame (chapter 2, "Unwinders"): ARM's EHABI
 * unwinder meets return_to_handler as the return address and asks this
 * routine, named by its unwind entry (mcount.S).  Unlike DWARF's, an EHABI
 * routine unwinds the frame itself: return_to_handler's "frame" is empty,
 * sp stays, pc becomes the real return address.  Every walk calls it,
 * _Unwind_Backtrace too (as a virtual unwind).
 */
_Unwind_Reason_Code ftrace_graph_personality(_Unwind_State state,
					     _Unwind_Control_Block *ucbp,
					     _Unwind_Context *context)
{
	int virtual = (state & _US_ACTION_MASK) == _US_VIRTUAL_UNWIND_FRAME;
	_uw sp, pc;

	_Unwind_VRS_Get(context, _UVRSC_CORE, 13, _UVRSD_UINT32, &sp);
	pc = fgraph_unwind_frame(sp, !virtual && (state & _US_FORCE_UNWIND));
	if (!pc)
		return _URC_FAILURE;
	_Unwind_VRS_Set(context, _UVRSC_CORE, 15, _UVRSD_UINT32, &pc);
	return _URC_CONTINUE_UNWIND;
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4 (HAVE_DYNAMIC_FTRACE): turning call sites off and on, the way
 * arm64 does it, with gcc's ARM site.
 *
 * gcc's site is "push {lr}; bl __gnu_mcount_nc": two instructions that
 * must come and go together (the push alone would leave sp one word low).
 * The start-up conversion rewrites both, once, into a pair whose first
 * instruction does no harm on its own; from then on only the second one,
 * the call, ever changes:
 *
 *		as linked		after start-up		enabled
 *	ARM:	e52de004 push {lr}	e1a0c00e mov ip, lr	(the same)
 *		ebXXXXXX bl mcount	e320f000 nop		bl ftrace_caller
 *	Thumb:	b500	 push {lr}	46f4	 mov ip, lr	(the same)
 *		fXXX fXXX bl mcount	f3af 8000 nop.w		blx ftrace_caller
 *
 * "mov ip, lr" hands ftrace_caller the function's return address in a
 * register rather than on the stack, so a disabled site has nothing to
 * undo (mcount.S builds the old frame from it).  ip is free at every
 * site: it is the AAPCS's intra-procedure-call scratch register, which a
 * linker veneer may clobber on any bl, so no compiler keeps a value in it
 * across a call; -mapcs-frame's prologue used it to build fp and is done
 * with it; and gcc itself saves a nested function's static chain, which
 * arrives in ip, around the mcount call (push {ip} ... pop {ip}).
 *
 * Why one word is enough once the program runs.  In ARM state the change
 * is one aligned word store, nop <-> bl, and NOP and BL are among the few
 * instructions ARMv7 lets one thread rewrite while another executes them
 * (ARM DDI 0406C, A3.5.4, "Concurrent modification and execution of
 * instructions"): the other thread behaves as if it ran the old
 * instruction or the new one, never anything else, and runs the new one
 * once the cache maintenance of flush_icache_range() is done.  arm64
 * relies on the same rule.  (The kernel's ARM port puts "add sp, sp, #4"
 * in place of the bl, which drops the pushed word: one word as well, but
 * an ADD is not in the list, so it stops the other CPUs for every
 * change.)
 *
 * A Thumb-2 call is 4 bytes at a 2-byte boundary: at a multiple of 4 it
 * is one aligned word too; at an address that is 2 mod 4 it straddles two
 * words, no single store can write it, and a thread could fetch half of
 * each, so the generic code stops the other threads for such a change
 * (text_patch.c sees it is not one aligned word).  Whether A3.5.4's
 * guarantee covers the 32-bit Thumb encodings of BL/BLX and NOP.W at all
 * is not established here (its Thumb list names the 16-bit encodings of
 * B, NOP, BKPT and SVC): the kit claims it for ARM state only, and asks
 * for a stop for every Thumb-2 site change (text_poke_needs_stop()).
 *
 * The two-instruction rewrite is the start-up conversion's alone: it runs
 * in ftrace_init(), before main(), when no other thread runs the
 * program's code yet.  A thread stopped between an unconverted push and
 * its call would resume into the nop with its push unbalanced.
 *
 * Interworking: ftrace_caller is ARM code, so a Thumb site calls it with
 * blx (imm), which switches state; the offset counts from the site's pc
 * rounded down to 4.  ftrace_caller returns with bx, as __gnu_mcount_nc
 * does, so Thumb sites come back in Thumb state.
 */
#define ARM_INSN_PUSH_LR	0xe52de004	/* str lr, [sp, #-4]! */
#define ARM_INSN_MOV_IP_LR	0xe1a0c00e
#define ARM_INSN_NOP		0xe320f000
#define THUMB_INSN_PUSH_LR	0xb500
#define THUMB_INSN_MOV_IP_LR	0x46f4
/* f3af 8000: the two halfwords as one little-endian word holds them */
#define THUMB_INSN_NOP_W	0x8000f3af

/* ARM bl (or blx, to Thumb code) at ip to target; 0 if out of reach. */
static unsigned int arm_call_insn(unsigned long ip, unsigned long target)
{
	long off = (long)((target & ~1UL) - (ip + 8));

	if (off < -(1L << 25) || off >= (1L << 25))
		return 0;
	if (target & 1)				/* blx: H = bit 1 */
		return 0xfa000000 | ((off & 2) << 23) |
		       ((off >> 2) & 0x00ffffff);
	return 0xeb000000 | ((off >> 2) & 0x00ffffff);
}

/*
 * Thumb-2 bl (Thumb target) or blx (ARM target) at ip, as the two
 * halfwords in memory order (first one in the low 16 bits); 0 if out of
 * reach.  The offset is S:I1:I2:imm10:imm11:0, and the encoding stores
 * J1 = !I1 ^ S, J2 = !I2 ^ S.
 */
static unsigned int thumb_call_insn(unsigned long ip, unsigned long target)
{
	int blx = !(target & 1);
	unsigned long pc = blx ? (ip + 4) & ~3UL : ip + 4;
	long off = (long)((target & ~1UL) - pc);
	unsigned int s, j1, j2, hw1, hw2;

	if (off < -(1L << 24) || off >= (1L << 24))
		return 0;
	s = (off >> 24) & 1;
	j1 = (!((off >> 23) & 1)) ^ s;
	j2 = (!((off >> 22) & 1)) ^ s;
	hw1 = 0xf000 | s << 10 | ((off >> 12) & 0x3ff);
	hw2 = 0xc000 | j1 << 13 | j2 << 11 | (blx ? 0 : 0x1000) |
	      ((off >> 1) & 0x7ff);
	return hw1 | hw2 << 16;
}

/*
 * The push before the call says which instruction set the site is in:
 * ARM's e52de004 and Thumb's b500 cannot both be there, and the call's
 * own bytes cannot tell (a Thumb blx can read as an ARM bl).  Read once,
 * by the start-up conversion, which then replaces the push.
 */
static int arm_read_site(struct dyn_ftrace *rec)
{
	unsigned long ip = rec->ip;
	uint32_t word;
	uint16_t half;

	/* the push is read below: is it code? */
	if (!kernel_text_address(ip - 4, 8))
		return -EFAULT;
	memcpy(&half, (const void *)(ip - 2), sizeof(half));
	if (half == THUMB_INSN_PUSH_LR) {
		rec->arch.kind = ARM_SITE_THUMB;
		return 0;
	}
	memcpy(&word, (const void *)(ip - 4), sizeof(word));
	if (!(ip & 3) && word == ARM_INSN_PUSH_LR) {
		rec->arch.kind = ARM_SITE_ARM;
		return 0;
	}
	return -EINVAL;
}

static unsigned int arm_site_call_to(struct dyn_ftrace *rec,
				     unsigned long addr)
{
	if (rec->arch.kind == ARM_SITE_THUMB)
		return thumb_call_insn(rec->ip, addr);
	return arm_call_insn(rec->ip, addr);
}

/*
 * The site's call of addr; a library's site out of reach of ftrace_caller
 * calls the library's module PLT instead (module_plt.S).
 */
static unsigned int arm_site_call(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned int call = arm_site_call_to(rec, addr);

	if (!call && addr == FTRACE_ADDR && rec->arch.plt)
		call = arm_site_call_to(rec, rec->arch.plt);
	return call;
}

/*
 * Where the call "insn" at rec->ip goes (its Thumb bit set for a Thumb
 * target): the inverse of arm_call_insn() and thumb_call_insn().
 */
static unsigned long arm_call_target(const struct dyn_ftrace *rec,
				     unsigned int insn)
{
	unsigned long ip = rec->ip;
	long off;

	if (rec->arch.kind == ARM_SITE_ARM) {
		off = (long)((insn & 0x00ffffff) << 8) >> 6;
		if ((insn & 0xfe000000) == 0xfa000000)	/* blx: Thumb */
			return (ip + 8 + off + ((insn >> 23) & 2)) | 1;
		return ip + 8 + off;
	} else {
		unsigned int hw1 = insn & 0xffff, hw2 = insn >> 16;
		unsigned int s = (hw1 >> 10) & 1;
		unsigned int i1 = !(((hw2 >> 13) & 1) ^ s);
		unsigned int i2 = !(((hw2 >> 11) & 1) ^ s);
		int blx = !(hw2 & 0x1000);

		off = (long)(s << 24 | i1 << 23 | i2 << 22 |
			     (hw1 & 0x3ff) << 12 | (hw2 & 0x7ff) << 1);
		off = (off << (sizeof(long) * 8 - 25)) >>
		      (sizeof(long) * 8 - 25);
		if (blx)
			return ((ip + 4) & ~3UL) + off;
		return (ip + 4 + off) | 1;
	}
}

/*
 * A library's site calls __gnu_mcount_nc through the library's own PLT
 * (the loader bound that to the program's, which exports it): the call
 * found there is taken for the site's when it lands in the library's
 * code.  0: it does not.
 */
static unsigned int arm_module_call(struct module *mod,
				    struct dyn_ftrace *rec)
{
	unsigned int insn;
	unsigned long to;

	if (!mod)
		return 0;
	memcpy(&insn, (const void *)rec->ip, sizeof(insn));
	to = arm_call_target(rec, insn) & ~1UL;
	if (arm_site_call_to(rec, arm_call_target(rec, insn)) != insn ||
	    to < mod->text_start || to >= mod->text_end)
		return 0;
	return insn;
}

static unsigned int arm_site_nop(struct dyn_ftrace *rec)
{
	return rec->arch.kind == ARM_SITE_THUMB ? THUMB_INSN_NOP_W :
						  ARM_INSN_NOP;
}

/* The call at ip (4 bytes, whatever their alignment). */
static int arm_patch(unsigned long ip, unsigned int old, unsigned int new)
{
	return ftrace_modify_code(ip, &old, &new, sizeof(old));
}

/*
 * A site's call <-> nop.  A Thumb-2 one is stopped for even when it is
 * one aligned word: A3.5.4 is not known to cover its encodings (above).
 */
static int arm_site_patch(struct dyn_ftrace *rec, unsigned int old,
			  unsigned int new)
{
	if (rec->arch.kind == ARM_SITE_THUMB)
		text_poke_needs_stop();
	return arm_patch(rec->ip, old, new);
}

/*
 * The start-up conversion of one site: the push and the call, both
 * verified before either is written, "mov ip, lr; nop" after.
 */
static int arm_convert_site(struct module *mod, struct dyn_ftrace *rec)
{
	unsigned int call;

	rec->arch.plt = mod ? mod->ftrace_plt : 0;
	if (arm_read_site(rec)) {
		/*
		 * Neither push.  Rewriting an ARM call with itself changes
		 * nothing but lets ftrace_bug() show what was there.
		 */
		call = arm_call_insn(rec->ip, MCOUNT_ADDR);
		return (call ? arm_patch(rec->ip, call, call) : 0) ?: -EINVAL;
	}
	/*
	 * A library's site goes through its PLT even where a direct call
	 * would reach the program's mcount (a PIE is mapped among the
	 * libraries): the PLT call is looked for first.
	 */
	call = arm_module_call(mod, rec) ?: arm_site_call(rec, MCOUNT_ADDR);
	if (!call || !arm_site_call(rec, FTRACE_ADDR))
		return -EINVAL;
	if (rec->arch.kind == ARM_SITE_THUMB) {
		/* halfwords, from the push on */
		uint16_t old[3] = { THUMB_INSN_PUSH_LR, call & 0xffff,
				    call >> 16 };
		uint16_t new[3] = { THUMB_INSN_MOV_IP_LR,
				    THUMB_INSN_NOP_W & 0xffff,
				    THUMB_INSN_NOP_W >> 16 };

		return ftrace_modify_code(rec->ip - 2, old, new, sizeof(old));
	} else {
		uint32_t old[2] = { ARM_INSN_PUSH_LR, call };
		uint32_t new[2] = { ARM_INSN_MOV_IP_LR, ARM_INSN_NOP };

		return ftrace_modify_code(rec->ip - 4, old, new, sizeof(old));
	}
}

/* addr: MCOUNT_ADDR at start-up, FTRACE_ADDR when a site is disabled */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	unsigned int call;

	if (addr == MCOUNT_ADDR)
		return arm_convert_site(mod, rec);
	if (addr != FTRACE_ADDR || rec->arch.kind == ARM_SITE_UNKNOWN)
		return -EINVAL;
	call = arm_site_call(rec, addr);
	if (!call)
		return -EINVAL;
	return arm_site_patch(rec, call, arm_site_nop(rec));
}

int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned int call;

	if (addr != FTRACE_ADDR || rec->arch.kind == ARM_SITE_UNKNOWN)
		return -EINVAL;
	call = arm_site_call(rec, addr);
	if (!call)
		return -EINVAL;
	return arm_site_patch(rec, arm_site_nop(rec), call);
}

/* ftrace_call: "bl <what it calls now>" becomes "bl func" */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long ip = (unsigned long)ftrace_call;
	unsigned int old = arm_call_insn(ip, (unsigned long)ftrace_call_func());
	unsigned int new = arm_call_insn(ip, (unsigned long)func);

	if (!old || !new)
		return -EINVAL;
	return arm_patch(ip, old, new);
}

/* Nothing to prepare: __gnu_mcount_nc and ftrace_caller are apart. */
int ftrace_dyn_arch_init(void)
{
	return 0;
}

/*
 * Calls of __gnu_mcount_nc left in [start, end) after the start-up
 * conversion: gcc's "push {lr}" followed by the bl (ARM) or bl/blx
 * (Thumb-2) that reaches it from there, what arm_read_site() takes for a
 * site.  A converted site has no push left.
 */
unsigned long ftrace_mcount_calls(unsigned long start, unsigned long end)
{
	unsigned long ip, n = 0;
	uint32_t word;
	uint16_t half;

	for (ip = (start + 5) & ~1UL; ip + 4 <= end; ip += 2) {
		struct dyn_ftrace rec = { .ip = ip };
		unsigned int call;

		memcpy(&half, (const void *)(ip - 2), sizeof(half));
		memcpy(&word, (const void *)(ip - 4), sizeof(word));
		if (half == THUMB_INSN_PUSH_LR)
			rec.arch.kind = ARM_SITE_THUMB;
		else if (!(ip & 3) && word == ARM_INSN_PUSH_LR)
			rec.arch.kind = ARM_SITE_ARM;
		else
			continue;
		call = arm_site_call(&rec, MCOUNT_ADDR);
		memcpy(&word, (const void *)ip, sizeof(word));
		n += call && word == call;
	}
	return n;
}
#endif /* CONFIG_DYNAMIC_FTRACE */

#if defined(CONFIG_DYNAMIC_FTRACE) && defined(CONFIG_FUNCTION_GRAPH_TRACER)
/*
 * Chapter 5: ftrace_graph_call (mcount.S, ARM code) is "nop" (e320f000),
 * or "b ftrace_graph_caller" while the graph tracer is on: one aligned
 * word, and B and NOP are both in A3.5.4's list (chapter 4, above).  A
 * b, not a bl: lr is not needed (ftrace_graph_caller reads "into func"
 * from the frame) and it returns into func itself.
 */

static int arm_graph_patch(int enable)
{
	unsigned long ip = (unsigned long)ftrace_graph_call;
	unsigned int bl = arm_call_insn(ip, (unsigned long)ftrace_graph_caller);
	unsigned int b = (bl & 0x00ffffff) | 0xea000000;	/* bl -> b */

	if (!bl)
		return -ERANGE;
	return enable ? arm_patch(ip, ARM_INSN_NOP, b) :
			arm_patch(ip, b, ARM_INSN_NOP);
}

int ftrace_enable_ftrace_graph_caller(void)
{
	return arm_graph_patch(1);
}

int ftrace_disable_ftrace_graph_caller(void)
{
	return arm_graph_patch(0);
}
#endif
