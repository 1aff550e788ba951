// SPDX-License-Identifier: GPL-2.0
/* Four threads, each prints its tid and calls thread_leaf(i) i+1 times. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/syscall.h>

#define noinline __attribute__((noipa))
#define NR 4

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

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
	for (k = 0; k <= i; k++)
		r += thread_leaf((int)i);
	return (void *)r;
}

int main(void)
{
	pthread_t t[NR];
	long i, sum = 0;
	void *r;

	printf("main tid %ld\n", (long)syscall(SYS_gettid));
	for (i = 0; i < NR; i++)
		pthread_create(&t[i], NULL, thread_body, (void *)i);
	for (i = 0; i < NR; i++) {
		pthread_join(t[i], &r);
		sum += (long)r;
	}
	printf("sum %ld\n", sum);
	return 0;
}
