// SPDX-License-Identifier: GPL-2.0
/*
 * Nothing but plain calls, for test_lane_takes_plain_calls: a recursion
 * with its leaves, and threads that come and go, each making its own.
 * Prints the sum of the results: 343.
 */
#include <pthread.h>
#include <stdio.h>

#include "fib.h"

static void *worker(void *arg)
{
	return (void *)fib_a((int)(long)arg);
}

int main(void)
{
	pthread_t t[4];
	long sum = fib_a(12);
	void *r;
	int i;

	for (i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, worker, (void *)(long)(8 + i)))
			return 1;
	for (i = 0; i < 4; i++) {
		pthread_join(t[i], &r);
		sum += (long)r;
	}
	printf("%ld\n", sum);
	return 0;
}
