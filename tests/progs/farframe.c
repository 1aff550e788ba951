// SPDX-License-Identifier: GPL-2.0
/*
 * Frames far bigger than usual: big_frame() takes SMALL, then BIG
 * megabytes of stack (argv, default 1 and 12) before it calls probe().  A
 * frame-pointer unwinder takes a next frame more than a limit away for the
 * end of the chain (chapter 0); the stack test checks where the walk from
 * probe() stops.  Runs in a thread whose stack holds both frames.
 */
#include <alloca.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define noinline __attribute__((noipa))

noinline int probe(volatile char *p)
{
	return p[0] + 1;
}

noinline int big_frame(unsigned long mb)
{
	volatile char *p = alloca(mb << 20);

	/* touch both ends, so the whole frame is really there */
	p[0] = 1;
	p[(mb << 20) - 1] = 2;
	return probe(p) + p[(mb << 20) - 1];
}

noinline int outer(unsigned long mb)
{
	return big_frame(mb) + 1;
}

static unsigned long small_mb = 1, big_mb = 12;

noinline void *thread_fn(void *arg)
{
	int r = outer(small_mb) + outer(big_mb);

	(void)arg;
	return (void *)(long)r;
}

int main(int argc, char **argv)
{
	pthread_attr_t attr;
	pthread_t t;
	void *r;

	if (argc == 3) {
		small_mb = strtoul(argv[1], NULL, 0);
		big_mb = strtoul(argv[2], NULL, 0);
	}
	pthread_attr_init(&attr);
	if (!small_mb || !big_mb ||
	    pthread_attr_setstacksize(&attr, (big_mb + 16) << 20) ||
	    pthread_create(&t, &attr, thread_fn, NULL) ||
	    pthread_join(t, &r)) {
		fprintf(stderr, "bigframe: cannot run the thread\n");
		return 1;
	}
	printf("result %ld\n", (long)r);
	return 0;
}
