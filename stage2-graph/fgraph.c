// SPDX-License-Identifier: GPL-2.0
/*
 * The return stack of the function graph tracer (chapter 2).
 *
 * Each thread has a small stack of the functions it is inside of.  On entry
 * (function_graph_enter, called by the arch's prepare_ftrace_return) the
 * function's real return address is pushed and the arch points the return
 * slot at return_to_handler; on return (ftrace_return_to_handler) the entry
 * is popped and its address handed back to the asm, which jumps there.
 *
 * Signals: a handler can run between any two instructions and push and pop
 * entries of its own.  A slot is therefore reserved (curr_ret_stack moved)
 * before it is filled, and released only after it was read.
 *
 * longjmp: frames that a jump skipped never return, so their entries stay
 * on the stack.  The frame pointer handed to ftrace_return_to_handler says
 * which frame is really returning; the entries above it belong to deeper,
 * dead frames and are closed (their return is reported now) and dropped.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include <linux/ftrace.h>
#include <asm/trace_clock.h>
#include "trace.h"
#include "fgraph.h"

__thread struct ftrace_ret_stack ret_stack[FTRACE_RETFUNC_DEPTH];
__thread int curr_ret_stack = -1;
unsigned long ftrace_graph_overrun;
static int ftrace_graph_dead;

/* set by register_ftrace_graph() and friends, stage2-graph/fgraph_ops.c */
trace_func_graph_ent_t ftrace_graph_entry = ftrace_graph_entry_stub;
trace_func_graph_ret_t ftrace_graph_return = graph_return_stub;

int ftrace_graph_entry_stub(struct ftrace_graph_ent *trace)
{
	return 0;
}

int function_graph_enter(unsigned long ret, unsigned long func,
			 unsigned long frame_pointer, unsigned long *retp)
{
	struct ftrace_graph_ent trace;
	struct ftrace_ret_stack *e;
	unsigned int cpu;
	int idx;

	if (__builtin_expect(ftrace_graph_dead, 0))
		return -EBUSY;
#ifdef CONFIG_DYNAMIC_FTRACE
	/* chapter 5: a site another ops enabled, outside the graph filter */
	if (__builtin_expect(__atomic_load_n(&ftrace_graph_filter_check,
					     __ATOMIC_RELAXED), 0) &&
	    !ftrace_graph_wants(func))
		return -EBUSY;
#endif
	idx = curr_ret_stack + 1;
	if (idx >= FTRACE_RETFUNC_DEPTH) {
		/* too deep: the function runs and returns untouched */
		__atomic_add_fetch(&ftrace_graph_overrun, 1, __ATOMIC_RELAXED);
		return -EBUSY;
	}
	curr_ret_stack = idx;		/* reserve, then fill */
	__asm__ __volatile__("" ::: "memory");
	e = &ret_stack[idx];
	e->ret = ret;
	e->func = func;
	e->fp = frame_pointer;
	e->retp = retp;
	e->calltime = trace_clock_local(&cpu);

	trace.func = func;
	trace.depth = idx;
	trace.calltime = e->calltime;
	trace.cpu = cpu;
	if (!ftrace_graph_entry(&trace)) {
		curr_ret_stack = idx - 1;
		return -EBUSY;
	}
	return 0;
}

/* Report the return of the entry at idx, with the time of now. */
static void graph_return(int idx, unsigned long long now, unsigned int cpu)
{
	struct ftrace_ret_stack *e = &ret_stack[idx];
	struct ftrace_graph_ret trace = {
		.func = e->func,
		.depth = idx,
		.calltime = e->calltime,
		.rettime = now,
		.overrun = ftrace_graph_overrun,
		.cpu = cpu,
	};

	ftrace_graph_return(&trace);
}

static void ftrace_graph_stop(void)
{
	ftrace_graph_dead = 1;
#ifndef CONFIG_DYNAMIC_FTRACE
	unregister_ftrace_graph();
#endif
	/* (chapter 5: no code is patched on this path; the flag suffices) */
}

/* HAVE_FUNCTION_GRAPH_FP_TEST failed: the kernel panics, we abort. */
static void __attribute__((noreturn))
bad_frame_pointer(struct ftrace_ret_stack *e, unsigned long frame_pointer)
{
	char msg[256], name[32];
	int n;

	ftrace_graph_stop();
	n = snprintf(msg, sizeof(msg), "Bad frame pointer: expected %lx, "
		     "received %lx\n  from func %s return to %lx\n",
		     e->fp, frame_pointer,
		     ksym_name(e->func, name, sizeof(name)), e->ret);
	if (write(2, msg, n) < 0)
		abort();
	abort();
}

unsigned long ftrace_return_to_handler(unsigned long frame_pointer)
{
	unsigned long long now;
	unsigned long ret;
	unsigned int cpu;
	int idx = curr_ret_stack, j, k;
	int saved_errno = errno;

	if (idx < 0) {
		static const char msg[] = "ftrace: return stack underflow\n";

		if (write(2, msg, sizeof(msg) - 1) < 0)
			abort();
		abort();
	}
	/*
	 * Which entry is returning: the topmost one whose caller's frame is
	 * the one we are returning to.  Entries above it can only be deeper
	 * frames (nearer the stack's end) that a longjmp left behind; an
	 * entry that is neither means the frame pointer itself is wrong.
	 * (Frame pointers are compared for equality only: a caller in the C
	 * library keeps anything in that register.)
	 */
	for (j = idx; j >= 0 && ret_stack[j].fp != frame_pointer; j--)
		;
	if (j < 0)
		bad_frame_pointer(&ret_stack[idx], frame_pointer);
	for (k = j + 1; k <= idx; k++)
		if (ret_stack[k].retp >= ret_stack[j].retp)
			bad_frame_pointer(&ret_stack[idx], frame_pointer);

	now = trace_clock_local(&cpu);
	for (; idx > j; idx--) {	/* close the frames longjmp skipped */
		graph_return(idx, now, cpu);
		curr_ret_stack = idx - 1;
	}
	ret = ret_stack[j].ret;
	graph_return(j, now, cpu);
	__asm__ __volatile__("" ::: "memory");
	curr_ret_stack = j - 1;		/* read everything, then release */
	errno = saved_errno;
	return ret;
}

unsigned long ftrace_graph_ret_addr(int *idx, unsigned long ret,
				    unsigned long *retp)
{
	int i;

	if (ret != (unsigned long)return_to_handler)
		return ret;
	/* the lowest entry hijacked through this slot has the real address */
	for (i = 0; i <= curr_ret_stack; i++)
		if (ret_stack[i].retp == retp)
			return ret_stack[i].ret;
	return ret;
}
