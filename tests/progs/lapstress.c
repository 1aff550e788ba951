// SPDX-License-Identifier: GPL-2.0
/*
 * Reading the buffers while they are written: WRITERS threads call lap0()
 * ... lap4() in a loop as fast as they can, wrapping their small buffers
 * again and again, while the main thread writes the trace DUMPS times
 * with tracefs_dump(argv[1]).  Every line of every dump must be a whole
 * entry of the lap its slot is in: a slot a writer has reserved but not
 * yet filled holds the entry of an older lap, which would print out of
 * time order.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))
#define WRITERS 3
#define DUMPS 30
#define LAPS_BETWEEN 20000	/* entries, all writers */

static volatile int stop, started;

noinline int lap0(int x) { return x + 1; }
noinline int lap1(int x) { return x + 2; }
noinline int lap2(int x) { return x + 3; }
noinline int lap3(int x) { return x + 4; }
noinline int lap4(int x) { return x + 5; }

noinline void *writer(void *arg)
{
	long n = 0;
	int x = 0;

	while (!stop) {
		x = lap4(lap3(lap2(lap1(lap0(x)))));
		if (!n++)
			__atomic_add_fetch(&started, 1, __ATOMIC_RELAXED);
	}
	return (void *)(n + (x & 0));
}

int main(int argc, char **argv)
{
	pthread_t t[WRITERS];
	int i, bad = 0;

	if (argc < 2)
		return 2;
	for (i = 0; i < WRITERS; i++)
		pthread_create(&t[i], NULL, writer, NULL);
	while (__atomic_load_n(&started, __ATOMIC_RELAXED) < WRITERS)
		;
	for (i = 0; i < DUMPS; i++) {
		struct ftrace_stats st;
		unsigned long w;

		/* let the writers wrap their buffers a few times first */
		ftrace_get_stats(&st);
		w = st.written;
		do
			ftrace_get_stats(&st);
		while (st.written - w < LAPS_BETWEEN);
		bad += tracefs_dump(argv[1]) != 0;
	}
	stop = 1;
	for (i = 0; i < WRITERS; i++)
		pthread_join(t[i], NULL);
	printf("dumps %d failed %d\n", DUMPS, bad);
	return 0;
}
