// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler's timing without the graph tracer (stages 1 and
 * 3): entries alone say when a function starts, not when it returns, so
 * a function's time runs until the next entry on the same thread, which
 * is where the previous record gets it.  With the graph tracer,
 * fgraph_profile.c times each call from entry to return instead.
 */
#include <linux/event_path.h>
#include <asm/trace_clock.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include "ftrace_profile.h"

static __event_path void function_profile_call(unsigned long ip,
					       unsigned long parent_ip,
					       struct ftrace_ops *op,
					       struct ftrace_regs *fregs)
{
	struct ftrace_profile_last *last;
	struct ftrace_profile *rec;
	unsigned int cpu;
	uint64_t now = trace_clock_local(&cpu);

	rec = ftrace_profile_begin(ip, 1);
	if (!rec)
		return;
	last = ftrace_profile_last();
	if (last->rec)
		ftrace_profile_add_time(last->rec, now - last->ts);
	last->rec = rec;
	last->ts = now;
	ftrace_profile_end();
}

static struct ftrace_ops profile_ops = {
	.func = function_profile_call,
};

static int profile_function_start(void)
{
	return register_ftrace_function(&profile_ops);
}

static int profile_function_stop(void)
{
	return unregister_ftrace_function(&profile_ops);
}

static const struct ftrace_profiler profile_function = {
	.start	= profile_function_start,
	.stop	= profile_function_stop,
};

static __init_core void profile_function_register(void)
{
	ftrace_profile_set_timer(&profile_function);
}
