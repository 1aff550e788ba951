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
 *
 * Chapter 8's ftrace_caller (fentry.S) runs before the traced function's
 * prologue and builds one record, {%rbp on entry, the return into the
 * function}: the function's frame to the walk.  Its caller, parent_ip,
 * is in no record (the function has not pushed %rbp yet), but the word
 * at its stack pointer on entry, just above the record, which ends
 * struct ftrace_regs: the walk knows the record by
 * the frame below it, the callback's, which returns just after
 * ftrace_call, and adds parent_ip after the function.
 */
#include <stddef.h>
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <linux/stacktrace.h>

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/* fp is ftrace_caller's record: the return slot of the traced function */
static __event_path unsigned long *entry_parent_slot(unsigned long *fp)
{
	struct ftrace_regs *fregs = (struct ftrace_regs *)
		((char *)fp - offsetof(struct ftrace_regs, fp));

	return (unsigned long *)ftrace_regs_get_stack_pointer(fregs);
}

/* ftrace_caller's call of the callback, or an ops' own trampoline's */
static __event_path int returns_into_ftrace_caller(unsigned long ret)
{
	return ret == (unsigned long)ftrace_call + MCOUNT_INSN_SIZE ||
	       ftrace_trampoline_ret(ret);
}
#else
static inline unsigned long *entry_parent_slot(unsigned long *fp)
{
	return NULL;
}

static inline int returns_into_ftrace_caller(unsigned long ret)
{
	return 0;
}
#endif

__event_path void save_stack_trace(struct stack_trace *trace)
{
	unsigned long *fp = __builtin_frame_address(0), *slot;
	int graph_idx = 0, tramp = 0;

	trace->nr_entries = 0;
	while (fp && trace->nr_entries < trace->max_entries) {
		unsigned long *next = (unsigned long *)fp[0];
		unsigned long ret = ftrace_graph_ret_addr(&graph_idx, fp[1],
							  &fp[1]);

		if (stack_trace_add(trace, ret))
			break;
		if (!core_text_address(ret) && !returns_into_ftrace_caller(ret))
			break;
		if (tramp) {		/* and the traced function's caller */
			slot = entry_parent_slot(fp);
			ret = ftrace_graph_ret_addr(&graph_idx, *slot, slot);
			if (stack_trace_add(trace, ret) ||
			    !core_text_address(ret))
				break;
		}
		tramp = returns_into_ftrace_caller(fp[1]);
		/* frames only grow towards higher addresses, and not by much */
		if (next <= fp || (unsigned long)next & 7 ||
		    (unsigned long)(next - fp) > (8 << 20) / sizeof(*fp))
			break;
		fp = next;
	}
}
