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
 */
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
							  &fp[-1]);

		if (stack_trace_add(trace, ret) || !core_text_address(ret))
			break;
		/* frames only grow towards higher addresses, and not by much */
		if (next <= fp || (unsigned long)next & 7 ||
		    (unsigned long)(next - fp) > (8 << 20) / sizeof(*fp))
			break;
		fp = next;
	}
}
