// SPDX-License-Identifier: GPL-2.0
/*
 * The recursion guard against signal handlers.  An ftrace_ops with
 * FTRACE_OPS_FL_RECURSION counts the calls it sees and calls a traced
 * function itself (genuine recursion, to be dropped and counted), while a
 * fast interval timer's handler calls a traced function at a high rate,
 * often while the callback is running: those calls are a new context and
 * must reach the callback.  Runs until a few handlers did land inside the
 * callback (or an upper bound is hit); prints the counts the test checks.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <linux/ftrace.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))
/* apart, so that a site tells its function by address alone */
#define apart __attribute__((noipa, aligned(256)))

static volatile unsigned long handler_calls;
static volatile int in_handler;
static unsigned long seen_loop, seen_handler, reentered_main,
	reentered_handler, interrupted, callbacks;
static volatile int in_callback;
#define COUNT(v)	__atomic_add_fetch(&(v), 1, __ATOMIC_RELAXED)

apart int loop_fn(int x) { return x ^ 5; }
apart int in_handler_fn(int x) { return x + 1; }
apart int probed(int x) { return x * 2; }

/* not traced itself: every traced call of the handler sees in_handler set */
static notrace void on_alarm(int sig)
{
	int r;

	in_handler++;
	handler_calls++;
	r = in_handler_fn(sig);
	__asm__ volatile("" : "+r" (r));	/* a call, not a jump */
	in_handler--;
}

static notrace int inside(unsigned long pc, int (*fn)(int))
{
	return pc >= (unsigned long)fn && pc < (unsigned long)fn + 64;
}

static notrace void count_cb(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	int r;

	/* one instruction sequence a handler cannot split: atomic adds */
	if (in_callback++)
		COUNT(interrupted);
	COUNT(callbacks);
	if (inside(ip, loop_fn))
		COUNT(seen_loop);
	else if (inside(ip, in_handler_fn))
		COUNT(seen_handler);
	else if (inside(ip, probed))
		COUNT(*(in_handler ? &reentered_handler : &reentered_main));
	r = probed(1);			/* traced: recursion */
	__asm__ volatile("" : "+r" (r));
	in_callback--;
}

static struct ftrace_ops count_ops = {
	.func = count_cb,
	.flags = FTRACE_OPS_FL_RECURSION,
};

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
	register_ftrace_function(&count_ops);
	setitimer(ITIMER_REAL, &it, NULL);
	do {
		loop_fn((int)loops);
		loops++;
	} while ((interrupted < 3 || handler_calls < 50) && loops < 5000000);
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	unregister_ftrace_function(&count_ops);
	ftrace_get_stats(&st);
	printf("loops %lu seen %lu\n", loops, seen_loop);
	printf("handler %lu seen %lu\n", handler_calls, seen_handler);
	printf("interrupted %s\n", interrupted >= 3 ? "yes" : "no");
	printf("reentered main %lu\n", reentered_main);
	printf("reentered handler %lu of %lu\n", reentered_handler,
	       seen_handler);
	printf("callbacks %lu missed %lu\n", callbacks, st.recursion_missed);
	return 0;
}
