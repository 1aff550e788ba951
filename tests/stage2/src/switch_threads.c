// SPDX-License-Identifier: GPL-2.0
/*
 * The graph tracer switched off and on N times (argv[1]) while 8 threads
 * that never sleep call traced functions: with more threads than CPUs,
 * one is sometimes preempted inside the tracer's entry while the switch
 * runs (stage2-graph/fgraph_ops.c, unregister_ftrace_graph()).  Ends with
 * the tracer on; each thread then makes 200 more rounds.  Prints
 * "bad B failed F": results the calls got wrong, writes that failed.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))

noinline int leaf(int x) { return x + 1; }
noinline int mid(int x) { return leaf(x) * 2; }
noinline int top(int x) { return mid(x) + leaf(x); }

static int stop, bad;

static void *worker(void *arg)
{
	long i = (long)arg, rounds = -1;

	while (rounds) {
		/* top(i) = 2 (i + 1) + i + 1 */
		if (top(i) != 3 * (i + 1))
			__atomic_add_fetch(&bad, 1, __ATOMIC_RELAXED);
		if (rounds < 0 && __atomic_load_n(&stop, __ATOMIC_ACQUIRE))
			rounds = 200;
		else if (rounds > 0)
			rounds--;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int i, n = argc > 1 ? atoi(argv[1]) : 100, failed = 0;
	pthread_t t[8];

	for (i = 0; i < 8; i++)
		pthread_create(&t[i], NULL, worker, (void *)(long)i);
	for (i = 0; i < 2 * n - 1; i++)
		if (tracefs_write("current_tracer",
				  i % 2 ? "nop" : "function_graph"))
			failed++;
	__atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
	for (i = 0; i < 8; i++)
		pthread_join(t[i], NULL);
	printf("bad %d failed %d\n", bad, failed);
	return 0;
}
