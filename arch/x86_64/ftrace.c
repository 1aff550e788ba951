// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 arch hooks of the function graph tracer (chapter 2).
 *
 * On x86_64 every traced function has its return address at 8(%rbp) (the
 * call pushed it, the prologue pushed %rbp below it), whether it is a leaf
 * or not, so the slot mcount found is the one to rewrite.
 */
#include <linux/ftrace.h>

void prepare_ftrace_return(unsigned long *parent, unsigned long selfpc,
			   unsigned long frame_pointer)
{
	unsigned long old = *parent;

	/* the function returns with sp just above the slot its "ret" pops */
	if (function_graph_enter(old, selfpc, frame_pointer, parent,
				 (unsigned long)(parent + 1)))
		return;
	*parent = (unsigned long)return_to_handler;
}
