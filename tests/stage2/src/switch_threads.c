// SPDX-License-Identifier: GPL-2.0
/*
 * The graph tracer switched off and on N times (argv[1]) while 8 threads
 * that never sleep call traced functions (tests/progs/graph/
 * switch_storm.h): with more threads than CPUs, one is sometimes
 * preempted inside the tracer's entry while the switch runs
 * (stage2-graph/fgraph_ops.c, unregister_ftrace_graph()).
 */
#include <stdlib.h>
#include "../../progs/graph/switch_storm.h"

#define noinline __attribute__((noipa))

noinline int leaf(int x) { return x + 1; }
noinline int mid(int x) { return leaf(x) * 2; }
noinline int top(int x) { return mid(x) + leaf(x); }

/* top(i) = 2 (i + 1) + i + 1 */
static int work(long i)
{
	return top(i) != 3 * (i + 1);
}

int main(int argc, char **argv)
{
	storm_work = work;
	storm_spin = 1;
	switch_storm(argc > 1 ? atoi(argv[1]) : 100);
	return 0;
}
