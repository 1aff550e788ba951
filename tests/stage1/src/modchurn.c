/*
 * Memory across libraries that come and go and filters rewritten
 * (test_modules.sh, test_tables_freed_across_loads_and_filters):
 *	modchurn PLUGIN ROUNDS
 * loads, calls and unloads PLUGIN ROUNDS times, a traced build writing
 * set_ftrace_filter each round, while a second thread calls this
 * program's own functions all along (the tracer's lock-free readers).
 * Each load and unload, and each filter, replaces the tables dynamic
 * ftrace reads without a lock; the old ones must be freed, not kept: the
 * heap in use after the last round is within a bound of what it was
 * after the first tenth.  Prints the same in every build.
 */
#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef CONFIG_FUNCTION_TRACER
#include <tracefs.h>
#endif

/* some functions of our own, for records and filters to hold */
#define F(n) __attribute__((noinline)) int churn_##n(int x) { return x + n; }
#define F8(n) F(n##0) F(n##1) F(n##2) F(n##3) F(n##4) F(n##5) F(n##6) F(n##7)
F8(1) F8(2) F8(3) F8(4) F8(5) F8(6) F8(7) F8(8)
#define C(n) churn_##n(x)
#define C8(n) C(n##0) + C(n##1) + C(n##2) + C(n##3) + C(n##4) + C(n##5) + \
	C(n##6) + C(n##7)

static int all_churn(int x)
{
	return C8(1) + C8(2) + C8(3) + C8(4) + C8(5) + C8(6) + C8(7) + C8(8);
}

static volatile int done;

static void *reader(void *arg)
{
	long n = 0;

	while (!done)
		n += all_churn(1);
	return (void *)n;
}

#define SLACK	(128 * 1024)	/* what the heap may grow by meanwhile */

int main(int argc, char **argv)
{
	int rounds = argc > 2 ? atoi(argv[2]) : 200, i;
	size_t start = 0;
	long sum = 0;
	pthread_t t;

	if (argc < 2)
		return 2;
	pthread_create(&t, NULL, reader, NULL);
	for (i = 0; i < rounds; i++) {
		void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
		int (*entry)(int);

		if (!h) {
			printf("dlopen: %s\n", dlerror());
			return 1;
		}
		entry = (int (*)(int))dlsym(h, "plugin_entry");
		sum += entry(i) + all_churn(i);
		dlclose(h);
#ifdef CONFIG_FUNCTION_TRACER
		/* (no filter at stages 1 and 2: ignored) */
		tracefs_write("set_ftrace_filter",
			      i % 3 == 0 ? "churn_1*" : i % 3 == 1 ?
			      "plugin_*:mod:libmodplug" : "");
#endif
		if (i == rounds / 10)
			start = mallinfo2().uordblks;
	}
	done = 1;
	pthread_join(t, NULL);
	printf("rounds %d, sum %ld, heap %s\n", rounds, sum,
	       mallinfo2().uordblks < start + SLACK ? "kept" : "grew");
	return 0;
}
