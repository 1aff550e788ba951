// SPDX-License-Identifier: GPL-2.0
/*
 * The workload of "make bench": a call-heavy mutual recursion, timed from
 * inside the program so that start-up, the trace dump at exit and the
 * runner's own cost are left out.
 *
 *	callbench ITERATIONS [REPEATS]
 *	callbench clock		what one rdtsc costs (x86_64), for context
 *
 * One iteration is fib_a(DEPTH), which makes calls(DEPTH) traced calls.
 * Each repeat times ITERATIONS iterations with clock_gettime(); the best
 * repeat is kept (the least disturbed by the rest of the machine).  Output,
 * one line:  "calls N best_ns M ns_per_call X.XXX"
 *
 * Two functions calling each other keep gcc -O2 from turning the
 * recursion into a loop, and noipa keeps it from inlining or cloning them,
 * so every build (with and without -pg) makes exactly the same calls.
 *
 * Built with the kit at stage 4 or 5, CALLBENCH_OPS= in the environment
 * registers ftrace_ops of its own on fib_a() and fib_b() (chapter 8's
 * rows, docs/08-entry.md 8.14): "ops", one whose callback counts; "list",
 * the same and a second on main(), so that two ops are registered;
 * "direct", a direct call of the arch's sample trampoline
 * (arch/x86_64/tests/direct_tramp.S, linked in by make bench).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef CONFIG_DYNAMIC_FTRACE
#include <linux/ftrace.h>
#endif

#define noinline __attribute__((noipa))
#define DEPTH	20

noinline long fib_b(int n);

noinline long fib_a(int n)
{
	return n < 2 ? n : fib_b(n - 1) + fib_b(n - 2);
}

noinline long fib_b(int n)
{
	return n < 2 ? n : fib_a(n - 1) + fib_a(n - 2);
}

/*
 * The timed loop, never traced itself (no -pg site, no patchable entry):
 * "make bench" counts its instructions alone with callgrind
 * (--toggle-collect=run_iterations), where wall time is too noisy.
 */
__attribute__((__noinline__, no_instrument_function,
	       patchable_function_entry(0, 0)))
static long run_iterations(long iters)
{
	long i, sum = 0;

	for (i = 0; i < iters; i++)
		sum += fib_a(DEPTH);
	return sum;
}

/* Calls made by fib_a(n): 1 + calls(n-1) + calls(n-2), 1 for n < 2. */
static unsigned long calls(int n)
{
	unsigned long a = 1, b = 1, c;	/* calls(0), calls(1) */
	int i;

	for (i = 2; i <= n; i++) {
		c = 1 + a + b;
		a = b;
		b = c;
	}
	return n < 1 ? a : b;
}

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/*
 * The kit's x86_64 trace clock is rdtsc; in a virtual machine it can cost
 * more than everything else the function tracer does, so the benchmark
 * reports it next to the tracer's figures.
 */
static int clock_cost(void)
{
#ifdef __x86_64__
	unsigned long long best = ~0ull, t0, t;
	unsigned int lo, hi;
	int r, i;

	for (r = 0; r < 21; r++) {
		t0 = now_ns();
		for (i = 0; i < 100000; i++)
			__asm__ __volatile__("rdtsc" : "=a" (lo), "=d" (hi));
		t = now_ns() - t0;
		if (t < best)
			best = t;
	}
	printf("rdtsc ns %.3f\n", best / 100000.0);
	return 0;
#else
	fprintf(stderr, "callbench: clock: x86_64 only\n");
	return 2;
#endif
}

#ifdef CONFIG_DYNAMIC_FTRACE
static unsigned long ops_calls;

/* an atomic count, as the sample direct trampoline keeps its own */
static void notrace count_call(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	__atomic_add_fetch(&ops_calls, 1, __ATOMIC_RELAXED);
}

static struct ftrace_ops bench_ops = { .func = count_call };
static struct ftrace_ops other_ops = { .func = count_call };
int main(int argc, char **argv);

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* linked in for the "direct" row only */
void direct_tramp(void) __attribute__((weak));
#endif

static int notrace bench_ops_setup(void)
{
	const char *how = getenv("CALLBENCH_OPS");
	int ret;

	if (!how)
		return 0;
	if (ftrace_set_filter_ip(&bench_ops, ftrace_sym_addr(fib_a), 0, 1) ||
	    ftrace_set_filter_ip(&bench_ops, ftrace_sym_addr(fib_b), 0, 0))
		return -1;
	if (!strcmp(how, "list") &&
	    (ftrace_set_filter_ip(&other_ops, ftrace_sym_addr(main), 0, 1) ||
	     register_ftrace_function(&other_ops)))
		return -1;
	if (!strcmp(how, "ops") || !strcmp(how, "list"))
		ret = register_ftrace_function(&bench_ops);
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	else if (!strcmp(how, "direct") && direct_tramp)
		ret = register_ftrace_direct(&bench_ops,
					     ftrace_sym_addr(direct_tramp));
#endif
	else
		ret = -1;
	return ret;
}
#else
static int bench_ops_setup(void)
{
	return getenv("CALLBENCH_OPS") ? -1 : 0;
}
#endif

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 100;
	int repeats = argc > 2 ? atoi(argv[2]) : 5;
	unsigned long long best = ~0ull, t0, t;
	unsigned long n;
	long sum = 0;
	int r;

	if (argc > 1 && !strcmp(argv[1], "clock"))
		return clock_cost();
	if (iters < 1 || repeats < 1) {
		fprintf(stderr, "usage: callbench ITERATIONS [REPEATS]\n");
		return 2;
	}
	if (bench_ops_setup()) {
		fprintf(stderr, "callbench: CALLBENCH_OPS=%s: not in this "
			"build\n", getenv("CALLBENCH_OPS"));
		return 3;
	}
	for (r = 0; r < repeats; r++) {
		t0 = now_ns();
		sum += run_iterations(iters);
		t = now_ns() - t0;
		if (t < best)
			best = t;
	}
	/* fib(20) = 6765: a wrong sum means a build changed the workload */
	if (sum != 6765L * iters * repeats) {
		fprintf(stderr, "callbench: wrong result %ld\n", sum);
		return 1;
	}
	n = calls(DEPTH) * iters;
	printf("calls %lu best_ns %llu ns_per_call %.3f\n", n, best,
	       (double)best / n);
	return 0;
}
