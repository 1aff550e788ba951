// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler's time, with the graph tracer: each call is timed
 * from its entry to its return, with the times the return stack already
 * read (stage2-graph/fgraph.c), so profiling adds no clock read.
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
#include <linux/ftrace.h>
#include "trace.h"
#include "fgraph.h"

#define TRACE_ITER_GRAPH_TIME	0x1
static unsigned long profile_flags = TRACE_ITER_GRAPH_TIME;

/* per thread and per return-stack depth: the live frames */
static __thread unsigned long entered[FTRACE_RETFUNC_DEPTH];
static __thread uint64_t subtime[FTRACE_RETFUNC_DEPTH];

static int profile_graph_entry(struct ftrace_graph_ent *trace)
{
	struct ftrace_profile *rec = ftrace_profile_begin(trace->func, 1);

	entered[trace->depth] = rec ? trace->func : 0;
	subtime[trace->depth] = 0;
	if (rec)
		ftrace_profile_end();
	return 1;
}

static void profile_graph_return(struct ftrace_graph_ret *trace)
{
	struct ftrace_profile *rec;
	uint64_t calltime = trace->rettime - trace->calltime;
	int depth = trace->depth;

	if (entered[depth] != trace->func)
		return;
	entered[depth] = 0;
	if (depth > 0)
		subtime[depth - 1] += calltime;
	if (!(profile_flags & TRACE_ITER_GRAPH_TIME))
		calltime = calltime > subtime[depth] ?
			   calltime - subtime[depth] : 0;
	rec = ftrace_profile_begin(trace->func, 0);
	if (!rec)
		return;
	ftrace_profile_add_time(rec, calltime);
	ftrace_profile_end();
}

void ftrace_profile_graph_register(void)
{
	register_ftrace_profiler_graph(profile_graph_return,
				       profile_graph_entry);
}

void ftrace_profile_graph_unregister(void)
{
	unregister_ftrace_profiler_graph();
}

static struct trace_option graph_time_option = {
	"graph_time", &profile_flags, TRACE_ITER_GRAPH_TIME,
};

__attribute__((constructor(101))) static void fgraph_profile_register(void)
{
	register_trace_option(&graph_time_option);
}
