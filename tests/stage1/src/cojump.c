/*
 * A coroutine suspended with swapcontext() 150 traced frames down (the
 * 128 entries it has move with it) is resumed by setcontext() from 100
 * frames down in main, which the C library does not let the kit see:
 * main's entries stay on the return stack, and the coroutine's do not all
 * fit on top of them.  The oldest ones must get their real return
 * addresses back.  It ends into uc_link, a getcontext() in main.
 * Prints "co 11326" and "done 2".
 */
#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

static ucontext_t sched, co, fin;
static volatile int phase;

__attribute__((noinline)) long co_deep(int n)
{
	volatile int here = n;

	if (n == 0) {
		swapcontext(&co, &sched);
		return 1;
	}
	return co_deep(n - 1) + here;
}

static void co_body(void)
{
	printf("co %ld\n", co_deep(150));
}

__attribute__((noinline)) long main_deep(int n)
{
	volatile int here = n;

	if (n == 0)
		setcontext(&co);	/* main's frames are abandoned */
	return main_deep(n - 1) + here;
}

int main(void)
{
	getcontext(&co);
	co.uc_stack.ss_sp = malloc(1 << 20);
	co.uc_stack.ss_size = 1 << 20;
	co.uc_link = &fin;
	makecontext(&co, co_body, 0);
	swapcontext(&sched, &co);
	getcontext(&fin);
	if (phase++ == 0)
		main_deep(100);
	printf("done %d\n", phase);
	return 0;
}
