// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler's time, with the graph tracer: each call is timed
 * from its entry to its return, with the times the return stack already
 * read (stage2-graph/fgraph.c), so profiling adds no clock read.
 * (Without the graph tracer, profile_function.c times them.)
 *
 * graph_time (a trace option, on by default, as in the kernel): a call's
 * time includes its children's.  Off, each call counts its own time only:
 * every return adds its duration to its parent's "children" sum, and a
 * return takes its own children's sum off its duration.  A recursive
 * function thus counts each level once, and the frames that a longjmp
 * skipped are closed by the return stack with the jump's time, so they end
 * where the jump did, children before parents.
 *
 * A call whose entry the profiler did not see (it started before
 * profiling did) is not the profiler's: its frame has no profiler bit.
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/trace.h>
#include "ftrace_profile.h"

#define TRACE_ITER_GRAPH_TIME	0x1
static unsigned long profile_flags = TRACE_ITER_GRAPH_TIME;

/*
 * Each call's children's time, kept in its own frame of the return stack
 * (fgraph_reserve_data(), as the kernel's profiler does since v6.11): a
 * return adds its duration to its caller's, one frame out
 * (fgraph_retrieve_parent_data()).
 */
static __event_path int profile_graph_entry(struct ftrace_graph_ent *trace,
					    struct fgraph_ops *gops)
{
	struct ftrace_profile *rec = ftrace_profile_begin(trace->func, 1);
	uint64_t *subtime;

	if (!rec)
		return 0;
	ftrace_profile_end();
	subtime = fgraph_reserve_data(gops->idx, sizeof(*subtime));
	if (subtime)
		*subtime = 0;
	return 1;
}

static __event_path void profile_graph_return(struct ftrace_graph_ret *trace,
					      struct fgraph_ops *gops)
{
	struct ftrace_profile *rec;
	uint64_t calltime = trace->rettime - trace->calltime;
	uint64_t *subtime, *parent;

	parent = fgraph_retrieve_parent_data(gops->idx, NULL, 1);
	if (parent)
		*parent += calltime;
	subtime = fgraph_retrieve_data(gops->idx, NULL);
	if (!(profile_flags & TRACE_ITER_GRAPH_TIME) && subtime)
		calltime = calltime > *subtime ? calltime - *subtime : 0;
	rec = ftrace_profile_begin(trace->func, 0);
	if (!rec)
		return;
	ftrace_profile_add_time(rec, calltime);
	ftrace_profile_end();
}

/* a user of the return stack, on the sites of the filter files */
static struct fgraph_ops profile_gops = {
	.entryfunc	= profile_graph_entry,
	.retfunc	= profile_graph_return,
	.ops.flags	= FTRACE_OPS_FL_GLOBAL,
};

static int profile_graph_start(void)
{
	return register_ftrace_graph(&profile_gops);
}

static int profile_graph_stop(void)
{
	return unregister_ftrace_graph(&profile_gops);
}

static const struct ftrace_profiler profile_graph = {
	.start	= profile_graph_start,
	.stop	= profile_graph_stop,
};

static struct trace_option graph_time_option = {
	"graph_time", &profile_flags, TRACE_ITER_GRAPH_TIME,
};

static __init_core void fgraph_profile_register(void)
{
	register_trace_option(&graph_time_option);
	ftrace_profile_set_timer(&profile_graph);
}
