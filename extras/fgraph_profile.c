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
 * profiling did) gets no time: its children's sum was never reset.
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/trace.h>
#include "ftrace_profile.h"

#define TRACE_ITER_GRAPH_TIME	0x1
static unsigned long profile_flags = TRACE_ITER_GRAPH_TIME;

/*
 * per thread and per return-stack depth: the live frames (at most
 * FTRACE_RETFUNC_DEPTH consecutive depths: modulo the array, they never
 * meet)
 */
static __thread unsigned long entered[FTRACE_RETFUNC_DEPTH];
static __thread uint64_t subtime[FTRACE_RETFUNC_DEPTH];

#define AT(a, depth)	(a)[(depth) & (FTRACE_RETFUNC_DEPTH - 1)]

static __event_path int profile_graph_entry(struct ftrace_graph_ent *trace)
{
	struct ftrace_profile *rec = ftrace_profile_begin(trace->func, 1);

	AT(entered, trace->depth) = rec ? trace->func : 0;
	AT(subtime, trace->depth) = 0;
	if (rec)
		ftrace_profile_end();
	return 1;
}

static __event_path void profile_graph_return(struct ftrace_graph_ret *trace)
{
	struct ftrace_profile *rec;
	uint64_t calltime = trace->rettime - trace->calltime;
	int depth = trace->depth;

	if (AT(entered, depth) != trace->func)
		return;
	AT(entered, depth) = 0;
	if (depth > 0)
		AT(subtime, depth - 1) += calltime;
	if (!(profile_flags & TRACE_ITER_GRAPH_TIME))
		calltime = calltime > AT(subtime, depth) ?
			   calltime - AT(subtime, depth) : 0;
	rec = ftrace_profile_begin(trace->func, 0);
	if (!rec)
		return;
	ftrace_profile_add_time(rec, calltime);
	ftrace_profile_end();
}

static int profile_graph_start(void)
{
	return register_ftrace_profiler_graph(profile_graph_return,
					      profile_graph_entry);
}

static const struct ftrace_profiler profile_graph = {
	.start	= profile_graph_start,
	.stop	= unregister_ftrace_profiler_graph,
};

static struct trace_option graph_time_option = {
	"graph_time", &profile_flags, TRACE_ITER_GRAPH_TIME,
};

static __init_core void fgraph_profile_register(void)
{
	register_trace_option(&graph_time_option);
	ftrace_profile_set_timer(&profile_graph);
}
