// SPDX-License-Identifier: GPL-2.0
/*
 * A signal handler that siglongjmp()s out, at a high rate, while traced
 * code runs: now and then it lands in the middle of a record (a slot
 * reserved, never committed) or of a guarded callback, and that code
 * never resumes.  The program's own result must not change; afterwards,
 * with no more signals, recording must be as if nothing had happened:
 * no record counted as interrupted, no call dropped as recursion.
 * An ftrace_ops with FTRACE_OPS_FL_RECURSION counts what it sees.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <linux/ftrace.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))
#define AFTER 1000

static sigjmp_buf env;
static volatile unsigned long jumps;
static volatile int armed;
static unsigned long callbacks;

noinline int work_fn(int x) { return x * 3 + 1; }
noinline int after_fn(int x) { return x + 7; }

noinline long work(long n)
{
	long i, s = 0;

	for (i = 0; i < n; i++)
		s += work_fn((int)i);
	return s;
}

static notrace void on_alarm(int sig)
{
	if (armed) {
		armed = 0;
		jumps++;
		siglongjmp(env, 1);
	}
}

/* long enough that jumps often leave it half-way */
static notrace void count_cb(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	volatile int spin;

	callbacks++;
	for (spin = 0; spin < 50; spin++)
		;
}

static struct ftrace_ops count_ops = {
	.func = count_cb,
	.flags = FTRACE_OPS_FL_RECURSION,
};

int main(void)
{
	struct itimerval it = { { 0, 100 }, { 0, 100 } };
	struct ftrace_stats before, after;
	volatile long result = 0;
	unsigned long cb_before, i;
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	register_ftrace_function(&count_ops);
	setitimer(ITIMER_REAL, &it, NULL);
	/* every jump restarts the work; it must still come out right */
	sigsetjmp(env, 1);
	if (jumps < 200) {
		armed = 1;
		work(1000000);
		armed = 0;
		siglongjmp(env, 1);	/* not enough jumps yet: go on */
	}
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	result = work(1000);

	ftrace_get_stats(&before);
	cb_before = callbacks;
	for (i = 0; i < AFTER; i++)
		after_fn((int)i);
	ftrace_get_stats(&after);
	unregister_ftrace_function(&count_ops);
	printf("result %ld\n", result);
	printf("after: calls %d callbacks %lu nested %lu missed %lu\n",
	       AFTER, callbacks - cb_before, after.nested - before.nested,
	       after.recursion_missed - before.recursion_missed);
	fprintf(stderr, "jumps %lu\n", jumps);
	return 0;
}
