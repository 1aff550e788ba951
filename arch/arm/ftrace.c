// SPDX-License-Identifier: GPL-2.0
/*
 * ARM function graph tracer, the arch half: which stack slot to hijack.
 * At the end, under CONFIG_DYNAMIC_FTRACE, chapter 4: patching the sites.
 *
 * A traced function has two copies of its return address when mcount runs:
 *   - the word its call site pushed ("push {lr}") for __gnu_mcount_nc;
 *     mcount pops it into lr on the way back, so a function that returns
 *     with "bx lr" without ever saving lr would return through it;
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
#include <linux/ftrace.h>
#include <linux/text_patching.h>

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
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
static int own_apcs_frame(const unsigned long *fp, const unsigned long *parent,
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
void prepare_ftrace_return(unsigned long *parent, unsigned long selfpc,
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
 * Chapter 4 (HAVE_DYNAMIC_FTRACE): turning call sites off and on.
 *
 * A site is "push {lr}; bl <mcount>": the push is never touched, so the
 * word that replaces the call must pop it again.  Two instructions fit:
 *	add sp, sp, #4		ARM e28dd004, Thumb-2 f10d 0d04
 *	pop {lr}		ARM e8bd4000, Thumb-2 f85d eb04
 * The kit uses "add sp, sp, #4": lr still holds the value the site pushed
 * (nothing between the push and the call changes it), so reloading it is
 * a wasted load, and an ALU instruction is the cheapest thing a disabled
 * site can cost.  Both are 4 bytes in both states, the size of the call.
 *
 *	ARM:	e52de004 push {lr}	   Thumb-2:	b500	  push {lr}
 *		ebXXXXXX bl ftrace_caller		fXXX eXXX blx ftrace_caller
 *	    <->	e28dd004 add sp,sp,#4		    <->	f10d 0d04 add sp,sp,#4
 *
 * Interworking: ftrace_caller is ARM code, so a Thumb site calls it with
 * blx (imm), which switches state; the offset counts from the site's pc
 * rounded down to 4.  ftrace_caller returns with bx, as __gnu_mcount_nc
 * does, so Thumb sites come back in Thumb state.
 *
 * A Thumb site may start at a 2-byte boundary, its 4 bytes straddling two
 * words.  Patching happens with every other thread stopped (the generic
 * code's stop_machine analogue), and a stopped thread is always at an
 * instruction boundary, before or after the whole 4 bytes: none can see
 * half of the old instruction and half of the new.
 */
#define ARM_INSN_PUSH_LR	0xe52de004	/* str lr, [sp, #-4]! */
#define ARM_INSN_ADD_SP_4	0xe28dd004
#define THUMB_INSN_PUSH_LR	0xb500
#define THUMB_INSN_ADD_SP_4	0x0d04f10d	/* f10d 0d04, as memory holds it */

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
 * own bytes cannot tell (a Thumb blx can read as an ARM bl).
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

static unsigned int arm_site_call(struct dyn_ftrace *rec, unsigned long addr)
{
	if (rec->arch.kind == ARM_SITE_THUMB)
		return thumb_call_insn(rec->ip, addr);
	return arm_call_insn(rec->ip, addr);
}

static unsigned int arm_site_nop(struct dyn_ftrace *rec)
{
	return rec->arch.kind == ARM_SITE_THUMB ? THUMB_INSN_ADD_SP_4 :
						  ARM_INSN_ADD_SP_4;
}

static int arm_patch(unsigned long ip, unsigned int old, unsigned int new)
{
	return ftrace_modify_code(ip, &old, &new, sizeof(old));
}

int ftrace_make_nop(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned int call;

	if (rec->arch.kind == ARM_SITE_UNKNOWN && arm_read_site(rec)) {
		/*
		 * Neither push.  Rewriting an ARM call with itself changes
		 * nothing but lets ftrace_bug() show what was there.
		 */
		call = arm_call_insn(rec->ip, addr);
		return (call ? arm_patch(rec->ip, call, call) : 0) ?: -EINVAL;
	}
	call = arm_site_call(rec, addr);
	if (!call)
		return -EINVAL;
	return arm_patch(rec->ip, call, arm_site_nop(rec));
}

int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned int call;

	if (rec->arch.kind == ARM_SITE_UNKNOWN)
		return -EINVAL;
	call = arm_site_call(rec, addr);
	if (!call)
		return -EINVAL;
	return arm_patch(rec->ip, arm_site_nop(rec), call);
}

/* What the bl at ftrace_call calls now. */
static unsigned long ftrace_call_func = (unsigned long)ftrace_stub;

int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long ip = (unsigned long)ftrace_call;
	unsigned int old = arm_call_insn(ip, ftrace_call_func);
	unsigned int new = arm_call_insn(ip, (unsigned long)func);
	int ret;

	if (!old || !new)
		return -EINVAL;
	ret = arm_patch(ip, old, new);
	if (!ret)
		ftrace_call_func = (unsigned long)func;
	return ret;
}

/* Nothing to prepare: __gnu_mcount_nc and ftrace_caller are apart. */
int ftrace_dyn_arch_init(void)
{
	return 0;
}

/*
 * Calls of __gnu_mcount_nc left in [start, end) after the start-up
 * conversion: a "push {lr}" followed by the bl (ARM) or bl/blx (Thumb-2)
 * that reaches it from there, what arm_read_site() takes for a site.
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
 * word.  A b, not a bl: lr is not needed (ftrace_graph_caller reads
 * "into func" from the frame) and it returns into func itself.
 */
#define ARM_INSN_NOP		0xe320f000

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
