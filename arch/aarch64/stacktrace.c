// SPDX-License-Identifier: GPL-2.0
/*
 * STACKTRACE_SUPPORT for AArch64: walk the frame-record chain.
 *
 * gcc -pg needs frame pointers on AArch64 (it refuses
 * -fomit-frame-pointer), and the kit is built with them, so every
 * function that calls another keeps a frame record, x29 pointing at it:
 *	[x29]      the caller's x29
 *	[x29, #8]  the return address into the caller (saved x30)
 * mcount's slow paths build one too (mcount.S), so the walk goes from
 * here through the tracer, through mcount, into the traced function and
 * out through its callers.  The record may sit anywhere in its frame
 * (arch/aarch64/prologue.c): the walk needs only the chain, not the
 * frame's size.  It stops at the first return address outside the
 * program's code: that frame's caller is in the C library, whose x29 is
 * still a frame pointer but not one the walk can vouch for.
 *
 * Under the function graph tracer (chapter 2) a saved x30 may read
 * return_to_handler; ftrace_graph_ret_addr() gives back the real one,
 * found by the address of the slot it was read from
 * (HAVE_FUNCTION_GRAPH_RET_ADDR_PTR).  At chapter 8 the hook is made
 * before the function saved x30 anywhere, and what identifies the entry
 * is the caller's x29 instead, the other half of the function's record
 * (arch/aarch64/ftrace.c, ftrace_graph_func()).
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
#define graph_retp(fp)	((unsigned long *)(fp)[0])
#else
#define graph_retp(fp)	(&(fp)[1])
#endif
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <linux/stacktrace.h>

__event_path void save_stack_trace(struct stack_trace *trace)
{
	unsigned long *fp = __builtin_frame_address(0);
	int graph_idx = 0;

	trace->nr_entries = 0;
	while (fp && trace->nr_entries < trace->max_entries) {
		unsigned long *next = (unsigned long *)fp[0];
		unsigned long ret = ftrace_graph_ret_addr(&graph_idx, fp[1],
							  graph_retp(fp));

		if (stack_trace_add(trace, ret) || !core_text_address(ret))
			break;
		/* frames only grow towards higher addresses, and not by much */
		if (next <= fp || (unsigned long)next & 7 ||
		    (unsigned long)(next - fp) > (8 << 20) / sizeof(*fp))
			break;
		fp = next;
	}
}

#if defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS) && \
	defined(CONFIG_FUNCTION_GRAPH_TRACER)
/*
 * Chapter 8: the slot of the hijacked frame entered with sp.  Its
 * prologue has built its record since, somewhere in its frame, below sp
 * (its caller's may sit at sp itself, at the bottom of the caller's
 * frame): of the records on the chain from here, the last one below sp,
 * the return address in its second half.  Not the caller's x29 it was
 * entered with, which names the frame for stack walks: a coroutine's
 * first function was entered with none.  A leaf that never built a
 * record has no slot, nor a frame whose record does not hold
 * return_to_handler: NULL.
 */
unsigned long *ftrace_graph_ret_slot(unsigned long *retp, unsigned long sp)
{
	unsigned long *fp = __builtin_frame_address(0), *last = NULL;

	while (fp && (unsigned long)fp < sp) {
		unsigned long *next = (unsigned long *)fp[0];

		last = fp;
		if (next <= fp || (unsigned long)next & 7)
			break;
		fp = next;
	}
	if (!last || last[1] != (unsigned long)return_to_handler)
		return NULL;
	return &last[1];
}
#endif
