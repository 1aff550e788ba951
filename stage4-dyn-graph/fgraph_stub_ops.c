// SPDX-License-Identifier: GPL-2.0
/*
 * Chapter 5's graph_ops (fgraph_dyn.c says what it is for): it follows
 * the global filter files, and FTRACE_OPS_FL_GRAPH makes the update that
 * enables its sites turn ftrace_graph_call into the jump to
 * ftrace_graph_caller.  Its callback is never what hooks the return.
 */
#include <linux/ftrace.h>

struct ftrace_ops graph_ops = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_GLOBAL | FTRACE_OPS_FL_GRAPH,
};
