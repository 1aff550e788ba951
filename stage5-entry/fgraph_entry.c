// SPDX-License-Identifier: GPL-2.0
/*
 * The function graph tracer as an ordinary ftrace_ops (chapter 8).
 *
 * With the sites at the function's entry and struct ftrace_regs saved by
 * the trampoline, the return address is within any callback's reach: it
 * is the word at the entry's stack pointer (ftrace_regs_get_stack_pointer()),
 * read before the function built a frame.  So the graph tracer needs no
 * patch site of its own: graph_ops calls the arch's ftrace_graph_func(),
 * which hooks the return through fregs, and ftrace_caller reaches it as
 * it reaches any other ops.  stage4-dyn-graph/fgraph_dyn.c registers it
 * as it registers chapter 5's.
 *
 * What chapter 5 needed falls away: no ftrace_graph_call, no
 * FTRACE_OPS_FL_GRAPH, and so no ftrace_graph_filter_check either: the
 * ops list asks graph_ops's own filter before its callback runs, whatever
 * other ops enabled the site.
 */
#include <linux/ftrace.h>

struct ftrace_ops graph_ops = {
	.func	= ftrace_graph_func,
	.flags	= FTRACE_OPS_FL_GLOBAL,
};
