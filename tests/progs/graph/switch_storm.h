/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A switch storm: 8 threads call storm_work(i) in a loop (nonzero: a
 * wrong result) while the caller switches current_tracer between
 * function_graph and nop n times; it ends on function_graph, and each
 * thread then makes 200 more rounds.  Between rounds a thread sleeps
 * 50 us, to leave the switching thread a CPU, unless storm_spin: then,
 * with more threads than CPUs, each is preempted anywhere, inside the
 * tracer too.  Prints "bad B failed F" (and the last error if F).
 */
#ifndef SWITCH_STORM_H
#define SWITCH_STORM_H

#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
#include <tracefs.h>

static int (*storm_work)(long i);
static int storm_spin, storm_stop, storm_bad;

static void *storm_worker(void *arg)
{
	long i = (long)arg, rounds = -1;

	for (;;) {
		if (storm_work(i))
			__atomic_add_fetch(&storm_bad, 1, __ATOMIC_RELAXED);
		if (rounds < 0 && __atomic_load_n(&storm_stop, __ATOMIC_ACQUIRE))
			rounds = 200;
		if (rounds >= 0 && !rounds--)
			break;
		if (rounds < 0 && !storm_spin)
			usleep(50);
	}
	return NULL;
}

/* start the 8 threads */
static void storm_start(pthread_t t[8])
{
	long i;

	for (i = 0; i < 8; i++)
		pthread_create(&t[i], NULL, storm_worker, (void *)i);
}

/* let them make their last rounds; the count of wrong results */
static int storm_end(pthread_t t[8])
{
	int i;

	__atomic_store_n(&storm_stop, 1, __ATOMIC_RELEASE);
	for (i = 0; i < 8; i++)
		pthread_join(t[i], NULL);
	return storm_bad;
}

static void switch_storm(int n)
{
	pthread_t t[8];
	int i, failed = 0;

	storm_start(t);
	for (i = 0; i < 2 * n - 1; i++)
		if (tracefs_write("current_tracer",
				  i % 2 ? "nop" : "function_graph"))
			failed++;
	printf("bad %d failed %d\n", storm_end(t), failed);
	if (failed)
		printf("error: %s\n", tracefs_last_error());
}

#endif
