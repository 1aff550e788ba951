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
 * other ops enabled the site; and the filter is its users' (below).
 */
#include <linux/ftrace.h>

struct ftrace_ops graph_ops = {
	.func	= ftrace_graph_func,
	.flags	= FTRACE_OPS_FL_SUBOPS,
};

/*
 * The graph's users (struct fgraph_ops, stage2-graph/fgraph_ops.c) each
 * have a filter, gops->ops: graph_ops wants their functions together (the
 * kernel's graph_ops manages its users' ops as subops since v6.11,
 * ftrace_startup_subops()), and its sites follow at once.
 */
void ftrace_graph_user_add(struct fgraph_ops *gops)
{
	ftrace_lock();
	gops->ops.next_subop = graph_ops.subop_list;
	__atomic_store_n(&graph_ops.subop_list, &gops->ops, __ATOMIC_RELEASE);
	if (ftrace_ops_registered(&graph_ops))
		ftrace_update_locked();
	ftrace_unlock();
}

void ftrace_graph_user_del(struct fgraph_ops *gops)
{
	struct ftrace_ops **p;

	ftrace_lock();
	for (p = &graph_ops.subop_list; *p; p = &(*p)->next_subop)
		if (*p == &gops->ops) {
			__atomic_store_n(p, gops->ops.next_subop,
					 __ATOMIC_RELEASE);
			break;
		}
	if (ftrace_ops_registered(&graph_ops))
		ftrace_update_locked();
	ftrace_unlock();
}
