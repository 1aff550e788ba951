// SPDX-License-Identifier: GPL-2.0
/*
 * The function graph tracer on top of dynamic ftrace (chapter 5).
 *
 * With dynamic ftrace mcount is a stub and a site calls ftrace_caller only
 * while some ftrace_ops wants its function.  So the graph tracer becomes an
 * ftrace_ops user like any other: registering it registers graph_ops, which
 * follows set_ftrace_filter and set_ftrace_notrace (FTRACE_OPS_FL_GLOBAL),
 * and the update that enables its sites also turns the ftrace_graph_call
 * site inside ftrace_caller into a jump to ftrace_graph_caller.  Both
 * happen in one stop_machine(), inside one text_poke window, through the
 * arch's verify-then-write hooks: a thread sees the old state or the new
 * one, never half of it.
 *
 * graph_ops calls nothing itself (ftrace_stub): what it buys is the sites.
 * The hijack happens at ftrace_graph_call, after ftrace_call.
 */
#include <linux/ftrace.h>
#include "../stage3-dynamic/ftrace_internal.h"

static struct ftrace_ops graph_ops = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_GLOBAL,
};

/* ftrace_graph_call jumps to ftrace_graph_caller now */
static int ftrace_graph_caller_on;
/* after ftrace_bug(): never patched again */
static int ftrace_graph_caller_dead;

/*
 * ftrace_graph_call is global: every enabled site reaches it, whichever
 * ops enabled the site.  While all registered ops share the global
 * filter files, the enabled sites are exactly the graph tracer's.  An ops
 * with its own hash (or none, wanting everything) enables others: then
 * function_graph_enter() asks ftrace_graph_wants() first.  So it does
 * where sites recordmcount never saw reach ftrace_caller too
 * (ftrace_unrecorded_sites_traced()) while the graph has a filter: their
 * ip is in no filter, so they are left out, as where they reach a stub.
 */
int ftrace_graph_filter_check;

int ftrace_graph_wants(unsigned long selfpc)
{
	return ftrace_ops_test(&graph_ops, selfpc);
}

/*
 * Is the graph tracer on?  Exactly while graph_ops is on the ops list:
 * register_ftrace_function() puts it there and runs the update in one
 * ftrace_lock section, unregister_ftrace_function() likewise, so every
 * update (this one's, or another thread's: a filter write, the function
 * tracer) sees the list and patches ftrace_graph_call to agree with it.
 * No separate flag that an update could read before or after the list
 * changes.  Called with ftrace_lock held.
 */
static int graph_ops_registered(void)
{
	struct ftrace_ops *op;

	for (op = ftrace_ops_list; op; op = op->next)
		if (op == &graph_ops)
			return 1;
	return 0;
}

static int other_ops_differ(void)
{
	struct ftrace_ops *op;

	for (op = ftrace_ops_list; op; op = op->next)
		if (op != &graph_ops &&
		    (op->func_hash || !(op->flags & FTRACE_OPS_FL_GLOBAL)))
			return 1;
	return 0;
}

/*
 * Called by every update (stage3-dynamic/dyn_ftrace.c replace_code()),
 * under stop_machine() with the text writable and ftrace_lock held.
 */
int ftrace_graph_update_caller(void)
{
	int want = graph_ops_registered() && !ftrace_graph_caller_dead;
	int check = other_ops_differ() ||
		    (ftrace_unrecorded_sites_traced() &&
		     ftrace_ops_filtered(&graph_ops));
	int ret;

	__atomic_store_n(&ftrace_graph_filter_check, want && check,
			 __ATOMIC_RELAXED);
	if (want == ftrace_graph_caller_on)
		return 0;
	ret = want ? ftrace_enable_ftrace_graph_caller() :
		     ftrace_disable_ftrace_graph_caller();
	if (!ret)
		ftrace_graph_caller_on = want;
	return ret;
}

/* ftrace_bug(): put the NOP back if the code lets us, then never again */
void ftrace_graph_kill_caller(void)
{
	/* (also when a stray write, not we, made it a jump: verify decides) */
	if (!ftrace_disable_ftrace_graph_caller())
		ftrace_graph_caller_on = 0;
	ftrace_graph_caller_dead = 1;
}

/*
 * fgraph_update() (stage2-graph/fgraph_ops.c), the hooks already set.
 * graph_ops already registered (the other graph user came first, or the
 * hooks changed): nothing to patch.  Only fgraph_update(), under its
 * fgraph_lock, registers or unregisters graph_ops, so the answer cannot
 * change before register_ftrace_function() takes ftrace_lock again; the
 * state every update reads is the list, changed inside that call.
 */
int ftrace_graph_startup(void)
{
	int on;

	pthread_mutex_lock(&ftrace_lock);
	on = graph_ops_registered();
	pthread_mutex_unlock(&ftrace_lock);
	return on ? 0 : register_ftrace_function(&graph_ops);
}

/*
 * fgraph_update(), when the graph has no user: ftrace_graph_call becomes a
 * NOP again and the sites only the graph tracer wanted too.  Functions
 * hijacked before still return through return_to_handler, which needs no
 * patched code.
 */
void ftrace_graph_shutdown(void)
{
	/* -ENOENT: not registered (a failed start); nothing to undo */
	unregister_ftrace_function(&graph_ops);
}
