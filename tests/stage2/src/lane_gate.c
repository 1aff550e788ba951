// SPDX-License-Identifier: GPL-2.0
/*
 * The settings the lane reads in one word (linux/fgraph_lane.h,
 * fgraph_lane_gate) changed at run time, each call tree made once before,
 * once under and once after the change, for test_lane_follows_settings:
 *   set_graph_notrace fib_b	fib_a(3) without its fib_b calls
 *   max_graph_depth 1		fib_a(3), two calls deep, left out
 *   funcgraph-irqs off		the handler of a raised SIGUSR1 left out
 * Prints "ok", or which write failed.
 */
#include <signal.h>
#include <stdio.h>
#include <tracefs.h>

#include "fib.h"

noinline void on_usr1(int sig)
{
	fib_a(sig > 0);
}

/* the tree, a write, the tree, the write undone */
static long around(const char *file, const char *on, const char *off)
{
	long r = fib_a(3);

	if (tracefs_write(file, on)) {
		printf("%s %s: %s\n", file, on, tracefs_last_error());
		return -100;
	}
	r += fib_a(3);
	raise(SIGUSR1);
	if (tracefs_write(file, off)) {
		printf("%s %s: %s\n", file, off, tracefs_last_error());
		return -100;
	}
	return r;
}

int main(void)
{
	long r = 0;

	signal(SIGUSR1, on_usr1);
	r += around("set_graph_notrace", "fib_b", "");
	r += around("max_graph_depth", "1", "0");
	r += around("trace_options", "nofuncgraph-irqs", "funcgraph-irqs");
	r += fib_a(3);
	raise(SIGUSR1);
	if (r == 14)
		printf("ok\n");
	return r != 14;
}
