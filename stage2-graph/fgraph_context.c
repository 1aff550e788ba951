// SPDX-License-Identifier: GPL-2.0
/*
 * Coroutines that change threads (chapter 2, "One thread, several stacks").
 *
 * The return stack is per thread, but a ucontext coroutine is not: a
 * scheduler may suspend it with swapcontext() on one thread, inside
 * hijacked frames, and resume it on another (or after the first thread
 * has ended).  Its frames then return on a thread whose return stack has
 * never heard of them.  The kernel has no such case: a task's return
 * stack travels with the task.  Here it travels with the context: the
 * program's swapcontext() calls reach the kit's
 * (stage1-static/signal_mask.c, through the link), which
 *   1. moves the thread's entries out of its return stack into its own
 *      frame, on the stack of the context being suspended (they stay
 *      there, untouched, until the context runs again):
 *      ftrace_graph_ctx_save();
 *   2. switches;
 *   3. once the context is resumed - by a swapcontext(), a setcontext(),
 *      or a makecontext() coroutine ending into its uc_link, on any
 *      thread - puts them back on top of the running thread's stack:
 *      ftrace_graph_ctx_restore().
 * The thread's return stack thus only ever holds the frames of the
 * context it runs, as in the kernel.  A context that is never resumed
 * takes its entries with it (its frames never return either).
 *
 * What runs after the switch is drawn nested under the function that
 * called swapcontext(), as uftrace draws it: a coroutine's first function
 * one level deeper; resumed, each context has its own depths back.
 */
#include <linux/ftrace.h>
#include "fgraph.h"

size_t ftrace_graph_ctx_size(void)
{
	return fgraph_ctx_slots() * sizeof(struct ftrace_ret_stack);
}

int ftrace_graph_ctx_save(void *save, int *depth)
{
	return fgraph_ctx_save(save, fgraph_ctx_slots(), depth);
}

void ftrace_graph_ctx_restore(const void *save, int n, int depth)
{
	fgraph_ctx_restore(save, n, depth);
}
