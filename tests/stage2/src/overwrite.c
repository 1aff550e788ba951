// SPDX-License-Identifier: GPL-2.0
/*
 * Two threads, each making more calls than a small buffer holds: the
 * oldest events of each are overwritten.  Prints the two results.
 */
#include <pthread.h>
#include <stdio.h>

#define noinline __attribute__((noipa))

noinline int fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static void *worker(void *arg)
{
	return (void *)(long)fib((int)(long)arg);
}

int main(void)
{
	pthread_t t;
	void *r;
	int mine;

	pthread_create(&t, NULL, worker, (void *)17L);
	mine = fib(16);
	pthread_join(t, &r);
	printf("%d %ld\n", mine, (long)r);
	return 0;
}
