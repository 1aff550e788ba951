// SPDX-License-Identifier: GPL-2.0
/*
 * STACKTRACE_SUPPORT for ARM: walk the APCS frame chain.
 *
 * The program and the kit are built with -marm -mapcs-frame, so every
 * function that calls another starts with
 *	mov ip, sp; push {fp, ip, lr, pc}; sub fp, ip, #4
 * and fp points at the saved pc, with below it
 *	[fp, #-4]   the return address into the caller (saved lr)
 *	[fp, #-8]   the caller's sp
 *	[fp, #-12]  the caller's fp
 * __gnu_mcount_nc builds the same frame on its slow path, so the walk goes
 * from here through the tracer, through mcount, into the traced function
 * and out through its callers.
 * The walk stops at the first return address outside the program's code:
 * that frame's caller is in the C library (Thumb-2, no APCS frames), whose
 * fp is just a register; and for the same reason after a return address
 * into Thumb code (bit 0 set), such as a program built with -mthumb.
 *
 * Under the function graph tracer (chapter 2) a saved lr may read
 * return_to_handler; ftrace_graph_ret_addr() gives back the real one,
 * found by the address of the slot it was read from: the [fp, #-4] that
 * prepare_ftrace_return() hijacked (HAVE_FUNCTION_GRAPH_RET_ADDR_PTR).
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
		unsigned long *next = (unsigned long *)fp[-3];
		unsigned long ret = ftrace_graph_ret_addr(&graph_idx, fp[-1],
							  &fp[-1]);

		if (stack_trace_add(trace, ret) || !core_text_address(ret))
			break;
		/*
		 * A return into Thumb code (bit 0): that function keeps no
		 * APCS frame, the fp it saved for us is just a register.
		 */
		if (ret & 1)
			break;
		/* frames only grow towards higher addresses, and not by much */
		if (next <= fp || (unsigned long)next & 3 ||
		    (unsigned long)(next - fp) > (8 << 20) / sizeof(*fp))
			break;
		fp = next;
	}
}
