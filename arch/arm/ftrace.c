// SPDX-License-Identifier: GPL-2.0
/*
 * ARM function graph tracer, the arch half: which stack slot to hijack.
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
#include <stdio.h>
#include <unistd.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>

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
 * Thumb code (the return address into it, selfpc + 4, has bit 0 set) has
 * no APCS frame: its prologue is "push {r7, lr}" and fp is an ordinary
 * register, so the slot it returns through cannot be found here.
 * scripts/ftrace-cc refuses -mthumb for the graph tracer; code built
 * another way is left unhijacked (absent from the graph, never nested
 * wrongly), and the first such function is named once on stderr.
 */
static void thumb_refused(unsigned long selfpc)
{
	static int said;
	int saved_errno = errno;
	char msg[192], name[64];
	int n;

	if (__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
		return;
	n = snprintf(msg, sizeof(msg), "ftrace: function_graph: %s is Thumb "
		     "code, not traced (the graph tracer needs -marm)\n",
		     ksym_name(selfpc & ~1UL, name, sizeof(name)));
	if (n > 0 && write(2, msg, n) < 0)
		n = 0;
	errno = saved_errno;
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

	if (selfpc & 1) {
		thumb_refused(selfpc);
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
