// SPDX-License-Identifier: GPL-2.0
/*
 * The demo: a program with a known call structure, traced by every stage.
 * Each kind of call a tracer must get right appears once, in a fixed order
 * on the main thread:
 *
 *	main -> run_direct -> leaf_add		(plain calls)
 *	main -> fact -> fact -> fact		(recursion)
 *	main -> apply -> leaf_add / leaf_mul	(through a function pointer)
 *	main -> hidden_static			(a static function)
 *	main -> raise -> on_signal -> in_handler	(a signal handler)
 *	main -> run_threads: two threads, each worker -> leaf_mul
 *
 * Its stdout does not depend on tracing, so it can be compared with and
 * without the tracer.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

/* no inlining, cloning or tail calls: every call below stays a call */
#define noinline __attribute__((noipa))
#define keep(x) __asm__ volatile("" : "+r" (x))

noinline int leaf_add(int a, int b)
{
	return a + b;
}

noinline int leaf_mul(int a, int b)
{
	return a * b;
}

noinline int run_direct(int x)
{
	int r = leaf_add(x, 1);

	keep(r);
	return r;
}

noinline int fact(int n)
{
	int r;

	if (n <= 1)
		return 1;
	r = fact(n - 1);
	keep(r);
	return n * r;
}

noinline int apply(int (*op)(int, int), int a, int b)
{
	int r = op(a, b);

	keep(r);
	return r;
}

static noinline int hidden_static(int x)
{
	keep(x);
	return x - 1;
}

static volatile sig_atomic_t handled;

noinline int in_handler(int x)
{
	return x + 100;
}

static noinline void on_signal(int sig)
{
	handled = in_handler(sig);
}

static noinline void *worker(void *arg)
{
	long n = (long)arg;

	int r = leaf_mul((int)n, 2);

	keep(r);
	return (void *)(long)r;
}

noinline long run_threads(void)
{
	pthread_t t1, t2;
	void *r1, *r2;

	pthread_create(&t1, NULL, worker, (void *)3L);
	pthread_join(t1, &r1);
	pthread_create(&t2, NULL, worker, (void *)4L);
	pthread_join(t2, &r2);
	return (long)r1 + (long)r2;
}

int main(void)
{
	int r = 0;

	signal(SIGUSR1, on_signal);
	r += run_direct(1);
	r += fact(3);
	r += apply(leaf_add, 2, 3);
	r += apply(leaf_mul, 2, 3);
	r += hidden_static(10);
	raise(SIGUSR1);
	r += handled;
	r += run_threads();
	printf("demo: result %d\n", r);
	return r == 2 + 6 + 5 + 6 + 9 + 100 + SIGUSR1 + 14 ? 0 : 1;
}
