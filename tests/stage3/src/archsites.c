// SPDX-License-Identifier: GPL-2.0
/*
 * The arch's call-site shapes side by side (tests/stage3/test_arch_sites.sh):
 * this file is built like any program; archsites_far.c is built more
 * times: with each flavour that makes the arch's other site shapes (MIPS
 * -mlong-calls, -fPIC and both; ARM -mthumb) at -O2 and -O0, and as usual
 * at -O0.
 *
 * It prints every recorded site's first 4 bytes (as the CPU reads them:
 * one word in the target's byte order) in each state it puts the tracer
 * in, so that the test can compare them with the binary on disk; and the
 * WIN_WORDS aligned words around each site ("win STATE IP W..."), to see
 * exactly which words each change wrote.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <tracefs.h>

extern const unsigned long __start___mcount_loc[], __stop___mcount_loc[];

int far_O2_outer(int n);
int far_O0_outer(int n);
int plain_O0_outer(int n);
/* the second and third flavours, where the arch has them */
int far2_O2_outer(int n) __attribute__((weak));
int far2_O0_outer(int n) __attribute__((weak));
int far3_O2_outer(int n) __attribute__((weak));
int far3_O0_outer(int n) __attribute__((weak));

__attribute__((noinline)) int near_leaf(int a)
{
	return a * 7 + 1;
}

/* from WIN_BEFORE words below the site's word to a long call's end */
#define WIN_BEFORE	2
#define WIN_WORDS	12

static void dump(const char *state)
{
	const unsigned long *p;
	unsigned int word;
	int i;

	for (p = __start___mcount_loc; p < __stop___mcount_loc; p++) {
		memcpy(&word, (const void *)*p, sizeof(word));
		printf("%s %lx %08x\n", state, *p, word);
	}
	for (p = __start___mcount_loc; p < __stop___mcount_loc; p++) {
		const unsigned int *w = (const unsigned int *)(*p & ~3UL);

		printf("win %s %lx", state, *p);
		for (i = -WIN_BEFORE; i < WIN_WORDS - WIN_BEFORE; i++)
			printf(" %08x", w[i]);
		printf("\n");
	}
}

__attribute__((noinline)) static int work(void)
{
	int r = far_O2_outer(3) + far_O0_outer(4) + plain_O0_outer(2) +
		near_leaf(5);

	if (far2_O2_outer)
		r += far2_O2_outer(3) + far2_O0_outer(4);
	if (far3_O2_outer)
		r += far3_O2_outer(3) + far3_O0_outer(4);
	return r;
}

static int set(const char *file, const char *value)
{
	if (tracefs_write(file, value)) {
		fprintf(stderr, "%s: %s\n", file, tracefs_last_error());
		return 1;
	}
	return 0;
}

/*
 * "threads N": two threads run every shape of site while the main thread
 * switches the tracer and the filter N times; each update meets them at
 * whatever instruction they are (with the word method they run on; with
 * stop_machine they are parked there).
 * N is even: it ends with the function tracer on (a tracer switch
 * empties the buffers), so the trace holds the last round's calls.
 */
static volatile int stop;
static int expect;
static unsigned long rounds;

static void *loop(void *arg)
{
	long bad = 0;

	while (!stop) {
		if (work() != expect)
			bad++;
		__atomic_add_fetch(&rounds, 1, __ATOMIC_RELAXED);
	}
	return (void *)bad;
}

static int threads(int n)
{
	static const char *const filters[] = { "far_O*", "*_mid", "" };
	pthread_t t[2];
	unsigned long last;
	int i, ok = 0;
	long bad = 0;
	void *ret;

	expect = work();
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, loop, NULL);
	for (i = 0; i < n; i++) {
		ok += !tracefs_write("current_tracer",
				      i % 2 ? "function" : "nop");
		ok += !tracefs_write("set_ftrace_filter", filters[i % 3]);
	}
	/* the trace is the last round's: let the threads make some (<= 5 s) */
	last = __atomic_load_n(&rounds, __ATOMIC_RELAXED);
	for (i = 0; i < 5000 && __atomic_load_n(&rounds, __ATOMIC_RELAXED) -
			       last < 64; i++)
		usleep(1000);
	stop = 1;
	for (i = 0; i < 2; i++) {
		pthread_join(t[i], &ret);
		bad += (long)ret;
	}
	printf("threads: updates=%d done=%d wrong=%ld\n", 2 * n, ok, bad);
	return 0;
}

int main(int argc, char **argv)
{
	int r = work();

	printf("result %d\n", r);
	if (argc > 2 && !strcmp(argv[1], "threads"))
		return threads(atoi(argv[2]));
	/* "plain": only the work, under whatever FTRACE_* settings */
	if (argc > 1 && !strcmp(argv[1], "plain"))
		return 0;
	dump("off");
	if (set("current_tracer", "function"))
		return 1;
	dump("on");
	printf("result %d\n", work());
	if (set("set_ftrace_filter", "far_O*"))
		return 1;
	dump("filter");
	printf("result %d\n", work());
	if (set("current_tracer", "nop"))
		return 1;
	dump("nop");
	printf("result %d\n", work());
	return 0;
}
