// SPDX-License-Identifier: GPL-2.0
/*
 * The graph's two users (tracer and profiler) switched from inside
 * hijacked calls, so that calls return under other users than they were
 * entered with (stage2-graph/fgraph_ops.c):
 *   profiler_only_call()  entered with only the profiler, which it turns
 *                         off: its return goes to neither user;
 *   tracer_only_call()    at the same depth, entered with only the tracer,
 *                         turns the profiler back on: its return goes to
 *                         both, and the tracer, which recorded the entry,
 *                         must see it.
 * Prints the sum of the calls' results; the trace must be balanced.
 */
#include <stdio.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))

static void set(const char *file, const char *val)
{
	if (tracefs_write(file, val))
		printf("error: %s\n", tracefs_last_error());
}

noinline int leaf(int x)
{
	return x * 3;
}

noinline int profiler_only_call(int x)
{
	set("function_profile_enabled", "0");
	return leaf(x) + 1;
}

noinline int tracer_only_call(int x)
{
	set("function_profile_enabled", "1");
	return leaf(x) + 2;
}

int main(void)
{
	int s = 0, i;

	set("current_tracer", "nop");
	for (i = 0; i < 3; i++) {
		set("function_profile_enabled", "1");
		s += profiler_only_call(i);
		set("current_tracer", "function_graph");
		s += tracer_only_call(i);
		set("function_profile_enabled", "0");
		set("current_tracer", "nop");
	}
	set("current_tracer", "function_graph");
	s += tracer_only_call(10);
	printf("sum %d\n", s);
	return 0;
}
