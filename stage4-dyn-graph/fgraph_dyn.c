// SPDX-License-Identifier: GPL-2.0
/*
 * The function graph tracer on top of dynamic ftrace (chapter 5).
 *
 * With dynamic ftrace mcount is a stub and a site calls ftrace_caller only
 * while some ftrace_ops wants its function.  So the graph tracer becomes an
 * ftrace_ops user like any other: starting it registers graph_ops, which
 * follows set_ftrace_filter and set_ftrace_notrace (FTRACE_OPS_FL_GLOBAL),
 * and carries FTRACE_OPS_FL_GRAPH, the kernel's graph stub flag: the
 * update that enables its sites also turns the ftrace_graph_call site
 * inside ftrace_caller into a jump to ftrace_graph_caller
 * (stage3-dynamic/dyn_ftrace.c).  Both happen in one update, inside one
 * text_poke window, through the arch's verify-then-write hooks: a thread
 * sees the old state or the new one, never half of it.
 *
 * graph_ops calls nothing itself (ftrace_stub): what it buys is the sites.
 * The hijack happens at ftrace_graph_call, after ftrace_call.
 */
#include <errno.h>
#include <linux/event_path.h>
#include <linux/ftrace.h>

/*
 * graph_ops itself (linux/ftrace.h) is the stage's: chapter 5's
 * (fgraph_stub_ops.c), or chapter 8's, whose callback hooks the return
 * (stage5-entry/fgraph_entry.c).
 */

/*
 * Every enabled site reaches ftrace_graph_call, whichever ops enabled it:
 * while the update says sites are on that the graph's filter may not
 * select (ftrace_graph_filter_check), function_graph_enter() asks here.
 */
__event_path int ftrace_graph_filter_wants(unsigned long selfpc)
{
	return ftrace_ops_test(&graph_ops, selfpc);
}

/*
 * fgraph_update() (stage2-graph/fgraph_ops.c), the hooks already set, under
 * its fgraph_lock: the first graph user registers graph_ops; with
 * graph_ops registered already (the other user came first), there is
 * nothing to patch.  Only fgraph_update() registers it, so the answer
 * cannot change before register_ftrace_function() takes the lock again.
 */
int ftrace_graph_startup(void)
{
	struct ftrace_ops *op;
	int on = 0;

	ftrace_lock();
	for (op = ftrace_ops_list_head(); op; op = op->next)
		on |= op == &graph_ops;
	ftrace_unlock();
	return on ? 0 : register_ftrace_function(&graph_ops);
}

/*
 * fgraph_update(), when the graph has no user: ftrace_graph_call becomes a
 * NOP again and the sites only the graph tracer wanted too.  Functions
 * hijacked before still return through return_to_handler, which needs no
 * patched code.  An error: the code could not be changed, graph_ops is
 * still registered and the graph still on.
 */
int ftrace_graph_shutdown(void)
{
	int ret = unregister_ftrace_function(&graph_ops);

	/* -ENOENT: not registered (a failed start); nothing to undo */
	return ret == -ENOENT ? 0 : ret;
}
