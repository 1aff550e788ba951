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
extern unsigned long ftrace_graph_overrun;

#endif
