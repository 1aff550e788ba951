// SPDX-License-Identifier: GPL-2.0
/*
 * STACKTRACE_SUPPORT for x86_64: walk the %rbp chain.
 *
 * Every function of the program (and of the kit) is built with frame
 * pointers, so each frame starts with
 *	0(%rbp)  the caller's %rbp
 *	8(%rbp)  the return address into the caller
 * The walk stops at the first return address outside the program's code:
 * that frame's caller is in the C library, whose %rbp is just a register.
 * A return address the graph tracer replaced by return_to_handler is
 * translated back through ftrace_graph_ret_addr() (chapter 2).
 */
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
							  &fp[1]);

		if (stack_trace_add(trace, ret) || !core_text_address(ret))
			break;
		/* frames only grow towards higher addresses, and not by much */
		if (next <= fp || (unsigned long)next & 7 ||
		    (unsigned long)(next - fp) > (8 << 20) / sizeof(*fp))
			break;
		fp = next;
	}
}
