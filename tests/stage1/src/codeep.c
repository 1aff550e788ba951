/*
 * A coroutine suspended 150 traced frames down (past the return stack:
 * the 128 entries it has move with it), resumed on a thread 100 frames
 * down, then on the main thread 120 frames down (whose own entries leave
 * the return stack while the coroutine runs, so that its fit).  Ends into
 * uc_link.  Prints "s 466", "t 5051", "co 11326", "s 7261", "done 1".
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

static ucontext_t sched, co;
static int done;

__attribute__((noinline)) long co_deep(int n)
{
	if (n == 0) {
		swapcontext(&co, &sched);
		swapcontext(&co, &sched);
		return 1;
	}
	return co_deep(n - 1) + n;
}

static void co_body(void)
{
	printf("co %ld\n", co_deep(150));
	done = 1;
}

__attribute__((noinline)) long sched_deep(int n)
{
	if (n == 0) {
		swapcontext(&sched, &co);
		return 1;
	}
	return sched_deep(n - 1) + n;
}

static void *thread(void *arg)
{
	return (void *)sched_deep(100);
}

int main(void)
{
	pthread_t t;
	void *r;

	getcontext(&co);
	co.uc_stack.ss_sp = malloc(1 << 20);
	co.uc_stack.ss_size = 1 << 20;
	co.uc_link = &sched;
	makecontext(&co, co_body, 0);
	printf("s %ld\n", sched_deep(30));
	if (pthread_create(&t, NULL, thread, NULL) || pthread_join(t, &r))
		return 1;
	printf("t %ld\n", (long)r);
	printf("s %ld\n", sched_deep(120));
	printf("done %d\n", done);
	return 0;
}
