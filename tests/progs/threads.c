// SPDX-License-Identifier: GPL-2.0
/*
 * NR threads (4, or argv[1]), each prints its tid and calls thread_leaf(i)
 * i+1 times.  All of them are alive at once (a barrier holds them): with
 * more threads than the ring buffer has buffers at once, the extra
 * threads' records are dropped and counted, nothing else changes.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

#define noinline __attribute__((noipa))
#define MAX_NR 128

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t all_started;

noinline int thread_leaf(int i)
{
	return i * 7;
}

noinline void *thread_body(void *arg)
{
	long i = (long)arg, k, r = 0;

	pthread_mutex_lock(&lock);
	printf("thread %ld tid %ld\n", i, (long)syscall(SYS_gettid));
	pthread_mutex_unlock(&lock);
	pthread_barrier_wait(&all_started);
	for (k = 0; k <= i; k++)
		r += thread_leaf((int)i);
	return (void *)r;
}

int main(int argc, char **argv)
{
	long i, sum = 0, nr = argc > 1 ? atol(argv[1]) : 4;
	pthread_t t[MAX_NR];
	void *r;

	if (nr < 1 || nr > MAX_NR)
		return 2;
	printf("main tid %ld\n", (long)syscall(SYS_gettid));
	pthread_barrier_init(&all_started, NULL, nr);
	for (i = 0; i < nr; i++)
		pthread_create(&t[i], NULL, thread_body, (void *)i);
	for (i = 0; i < nr; i++) {
		pthread_join(t[i], &r);
		sum += (long)r;
	}
	printf("sum %ld\n", sum);
	return 0;
}
