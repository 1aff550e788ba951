// SPDX-License-Identifier: GPL-2.0
/*
 * A thread pool's life in miniature: NR threads (500, or argv[1]) over the
 * program's life, created in batches of ALIVE (4) and joined batch by
 * batch, so that never more than 4 run at once.  Thread i prints its tid
 * and calls churn_leaf() i % 3 + 1 times: the test checks that every
 * thread's calls are in the trace (or that exactly the documented number
 * of exited threads was dropped: the stats file, printed at the end).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))
#define ALIVE 4

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

noinline int churn_leaf(int i)
{
	return i + 1;
}

noinline void *churn_body(void *arg)
{
	long i = (long)arg, k, r = 0;

	pthread_mutex_lock(&lock);
	printf("thread %ld tid %ld\n", i, (long)syscall(SYS_gettid));
	pthread_mutex_unlock(&lock);
	for (k = 0; k < i % 3 + 1; k++)
		r += churn_leaf((int)i);
	return (void *)r;
}

/* The stats file's lines about threads and buffers. */
static int print_stats(void)
{
	static char buf[4096];
	char *line;

	if (tracefs_read("stats", buf, sizeof(buf)))
		return 1;
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
		if (!strncmp(line, "threads-without-ring:", 21) ||
		    !strncmp(line, "exited-threads-dropped", 22))
			printf("%s\n", line);
	return 0;
}

int main(int argc, char **argv)
{
	long i, k, sum = 0, nr = argc > 1 ? atol(argv[1]) : 500;
	pthread_t t[ALIVE];
	void *r;

	if (nr < 1)
		return 2;
	for (i = 0; i < nr; i += ALIVE) {
		for (k = 0; k < ALIVE && i + k < nr; k++)
			if (pthread_create(&t[k], NULL, churn_body,
					   (void *)(i + k)))
				return 1;
		for (k = 0; k < ALIVE && i + k < nr; k++) {
			pthread_join(t[k], &r);
			sum += (long)r;
		}
	}
	printf("sum %ld\n", sum);
	return print_stats();
}
