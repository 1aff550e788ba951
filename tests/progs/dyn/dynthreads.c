// SPDX-License-Identifier: GPL-2.0
/*
 * Patching while other threads run (chapter 4): NR threads (8) keep
 * calling traced functions and check every result, while the main thread
 * changes the tracer or a filter ROUNDS times (1000, or argv[1]; with
 * "tracer" as argv[2], only the tracer), each change made with the patch
 * method in use.  Prints "bad N" for wrong
 * results (must be 0), the number of switches that failed, and a checksum
 * that does not depend on tracing.  A thread delayed between the two
 * loads of ftrace_caller (the op, then the function) meets the next
 * function with the op it read: it must not crash (function_trace_op is
 * never NULL).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))
#define NR 8

noinline long work_add(long a, long b) { return a + b; }
noinline long work_mul(long a, long b) { return a * b; }
noinline long work_mix(long a) { return work_add(work_mul(a, 3), 1); }
noinline double work_fp(double x, int n) { return x * n + 0.5; }

static int stop;
static unsigned long bad, loops[NR];

static void *worker(void *arg)
{
	long id = (long)arg, i = 0;

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		if (work_mix(i) != 3 * i + 1 || work_add(i, id) != i + id ||
		    work_fp(1.5, (int)id) != 1.5 * id + 0.5)
			__atomic_add_fetch(&bad, 1, __ATOMIC_RELAXED);
		/*
		 * Pause now and then: the machine may have fewer cores than
		 * threads, and a thread that never sleeps only takes its
		 * signal when the scheduler gets round to it.
		 */
		if (++i % 256 == 0)
			usleep(50);
	}
	loops[id] = i;
	return NULL;
}

static const char *const tracers[] = { "function", "nop" };
static const char *const filters[] = {
	"", "work_add", "work_m*", "!work_mix", "work_fp work_add",
};

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1000, r, failed = 0;
	int only_tracer = argc > 2 && !strcmp(argv[2], "tracer");
	pthread_t t[NR];
	long i;

	for (i = 0; i < NR; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (r = 0; r < rounds; r++) {
		const char *f = filters[r / 3 % 5];
		int ret;

		/* one change a round: filter, tracer, notrace in turn */
		if (only_tracer)
			ret = tracefs_write("current_tracer", tracers[r % 2]);
		else if (r % 3 == 0)
			ret = f[0] == '!' ?
			      tracefs_append("set_ftrace_filter", f) :
			      tracefs_write("set_ftrace_filter", f);
		else if (r % 3 == 1)
			ret = tracefs_write("current_tracer", tracers[r / 3 % 2]);
		else
			ret = tracefs_write("set_ftrace_notrace",
					    r % 2 ? "" : "work_fp");
		if (ret) {
			if (!failed)
				fprintf(stderr, "dynthreads: %s\n",
					tracefs_last_error());
			failed++;
		}
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < NR; i++) {
		pthread_join(t[i], NULL);
		if (!loops[i])
			printf("thread %ld never ran\n", i);
	}
	printf("bad %lu\nfailed switches %d\nsum %ld\n", bad, failed,
	       work_mix(rounds));
	return 0;
}
