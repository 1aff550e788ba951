/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _FGRAPH_H
#define _FGRAPH_H

/*
 * How many nested traced calls one thread can have hijacked at once (the
 * kernel used 50).  Deeper calls run normally, untraced, and are counted
 * in ftrace_graph_overrun.  128 * 40 bytes = 5 kB of TLS per thread.
 */
#define FTRACE_RETFUNC_DEPTH	128

struct ftrace_ret_stack {
	unsigned long		ret;		/* where the function returns */
	unsigned long		func;		/* its selfpc */
	unsigned long		fp;		/* caller's frame (FP test) */
	unsigned long		*retp;		/* the slot we rewrote */
	unsigned long long	calltime;
};

extern __thread int curr_ret_stack;

/* ftrace_stub takes other arguments, but it only returns: safe to call */
#define graph_return_stub	((trace_func_graph_ret_t)(void *)ftrace_stub)

/*
 * A second user of the return stack besides the tracer: the function
 * profiler (fgraph_ops.c).  Its entry callback sees every call, including
 * the ones the tracer's filters refuse.
 */
void register_ftrace_profiler_graph(trace_func_graph_ret_t retfunc,
				    trace_func_graph_ent_t entryfunc);
void unregister_ftrace_profiler_graph(void);
extern unsigned long ftrace_graph_overrun;

#endif
