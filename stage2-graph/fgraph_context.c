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
 * program's swapcontext() calls come here (the link wraps the symbol,
 * see Kbuild), which
 *   1. moves the thread's entries out of its return stack into this
 *      frame, on the stack of the context being suspended (it stays
 *      there, untouched, until the context runs again);
 *   2. switches;
 *   3. once the context is resumed - by a swapcontext(), a setcontext(),
 *      or a makecontext() coroutine ending into its uc_link, on any
 *      thread - puts them back on top of the running thread's stack.
 * The thread's return stack thus only ever holds the frames of the
 * context it runs, as in the kernel.  A context that is never resumed
 * takes its entries with it (its frames never return either).
 *
 * What runs after the switch is drawn nested under the function that
 * called swapcontext(), as uftrace draws it: a coroutine's first function
 * one level deeper; resumed, each context has its own depths back.
 *
 * The TLS accesses happen in fgraph.c, one call each side: across the
 * switch, this function may be running on a different thread, and a
 * compiler may keep a thread's TLS address in a register across a call.
 */
#include <alloca.h>
#include <ucontext.h>
#include <linux/ftrace.h>
#include "fgraph.h"

int __real_swapcontext(ucontext_t *oucp, const ucontext_t *ucp)
	__attribute__((weak));

int __wrap_swapcontext(ucontext_t *oucp, const ucontext_t *ucp)
{
	struct ftrace_ret_stack *save;
	int n = fgraph_ctx_slots(), depth, ret;

	save = alloca((n ? n : 1) * sizeof(*save));
	n = fgraph_ctx_save(save, n, &depth);
	ret = __real_swapcontext(oucp, ucp);
	fgraph_ctx_restore(save, n, depth);
	return ret;
}
