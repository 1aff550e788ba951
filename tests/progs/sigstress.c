// SPDX-License-Identifier: GPL-2.0
/*
 * Signals landing in the middle of the tracer (the irqflags analogue).
 * A fast interval timer keeps interrupting a loop of traced calls; its
 * handler calls a traced function too.  The loop goes on until the tracer
 * reports that at least a few handlers interrupted it mid-record (or an
 * upper bound is hit: under qemu-user a signal lands only between blocks
 * of translated code, and a record is a few of them, so it can take some
 * 300,000 calls).  The counts printed let the test check that every
 * call, from the loop and from the handlers, is in the trace exactly once.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))

static volatile unsigned long handler_calls;

noinline int in_handler_fn(int x)
{
	return x + 1;
}

noinline int loop_fn(int x)
{
	return x ^ 5;
}

noinline void on_alarm(int sig)
{
	int r;

	handler_calls++;
	r = in_handler_fn(sig);
	__asm__ volatile("" : "+r" (r));	/* a call, not a jump */
}

int main(void)
{
	struct itimerval it = { { 0, 200 }, { 0, 200 } };
	struct ftrace_stats st;
	unsigned long loops = 0;
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	do {
		loop_fn((int)loops);
		loops++;
		if (!(loops & 1023))
			ftrace_get_stats(&st);
	} while ((!(loops & 1023) ? st.nested < 3 : 1) && loops < 1500000);
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	ftrace_get_stats(&st);
	/* stderr: the loop count varies from run to run */
	fprintf(stderr, "loops %lu handler %lu nested %lu\n", loops,
		handler_calls, st.nested);
	return 0;
}
