// SPDX-License-Identifier: GPL-2.0
/*
 * STACKTRACE_SUPPORT for riscv64: walk the s0 (frame pointer) chain.
 *
 * The program and the kit are built with -fno-omit-frame-pointer, so every
 * function that calls another (with -pg: every traced one, since it calls
 * _mcount) keeps a frame record just below the sp it was entered with,
 * which s0 points at:
 *	-8(s0)   the return address into the caller (saved ra)
 *	-16(s0)  the caller's s0
 * (a varargs function keeps its register save area above s0: s0 is then
 * below its entry sp, but the record is still just under s0).  mcount
 * builds the same record on its slow paths, so the walk goes from here
 * through the tracer, through mcount, into the traced function and out
 * through its callers.  The walk stops at the first return address
 * outside the program's code: that frame's caller is in the C library,
 * whose s0 may be just a register.
 *
 * gcc gives a leaf function a shorter record, the caller's s0 alone at
 * -8(s0), and save_stack_trace() may well be one once its helpers are
 * inlined: it tells gcc it clobbers ra, which makes it save ra, and so
 * keep the full record the walk starts from.
 *
 * Under the function graph tracer (chapter 2) a saved ra may read
 * return_to_handler; ftrace_graph_ret_addr() gives back the real one,
 * found by the address of the slot it was read from: the -8(s0) that
 * prepare_ftrace_return() hijacked (HAVE_FUNCTION_GRAPH_RET_ADDR_PTR).
 * At chapter 8 the hook is made before the function saved ra anywhere,
 * and what identifies the entry is the caller's s0 instead, the other
 * half of the function's record (arch/riscv64/ftrace.c,
 * ftrace_graph_func()).
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
#define graph_retp(fp)	((unsigned long *)(fp)[-2])
#else
#define graph_retp(fp)	(&(fp)[-1])
#endif
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <linux/stacktrace.h>

__event_path void save_stack_trace(struct stack_trace *trace)
{
	unsigned long *fp = __builtin_frame_address(0);
	int graph_idx = 0;

	__asm__ __volatile__("" : : : "ra");	/* a full frame record */
	trace->nr_entries = 0;
	while (fp && trace->nr_entries < trace->max_entries) {
		unsigned long *next = (unsigned long *)fp[-2];
		unsigned long ret = ftrace_graph_ret_addr(&graph_idx, fp[-1],
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
 * prologue has built its record since, s0 pointing just above it: at sp
 * for every function but a varargs one, whose register save area sits
 * on top, the record below it.  So the word at sp - 8 first: the saved
 * ra there holds return_to_handler, or the function is a varargs one
 * (the word is its last register argument) or a leaf (nothing of its
 * own there).  Then the chain from here, for the varargs case: of the
 * records on it, the last one at or below sp.  (A walk alone would not
 * do: from a signal handler the chain crosses the C library's code,
 * where s0 need not be a frame pointer.)  Not the caller's s0 the
 * function was entered with, which names the frame for stack walks: a
 * coroutine's first function was entered with none.  NULL if no slot
 * holds return_to_handler.
 */
unsigned long *ftrace_graph_ret_slot(unsigned long *retp, unsigned long sp)
{
	unsigned long *fp = __builtin_frame_address(0), *last = NULL;
	unsigned long rth = (unsigned long)return_to_handler;

	if (((unsigned long *)sp)[-1] == rth)
		return (unsigned long *)sp - 1;
	__asm__ __volatile__("" : : : "ra");	/* a full frame record */
	while (fp && (unsigned long)fp <= sp) {
		unsigned long *next = (unsigned long *)fp[-2];

		last = fp;
		if (next <= fp || (unsigned long)next & 7)
			break;
		fp = next;
	}
	if (!last || last[-1] != rth)
		return NULL;
	return &last[-1];
}
#endif
