// SPDX-License-Identifier: GPL-2.0
/*
 * stop_machine() and threads that block signals (chapter 4):
 * - a thread that blocks every signal and keeps running cannot be parked:
 *   switching the tracer on must fail with one line, and change nothing;
 *   unregistering an ftrace_ops fails and leaves it registered (its
 *   callback is still called), until the thread is gone;
 * - a thread that blocks every signal but sleeps in a system call runs no
 *   code: the switch must succeed.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/ftrace.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))

static int stop, pipefd[2];
static volatile long spins;

noinline long spin_step(long x) { return x + 1; }

static void block_all(void)
{
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
}

static void *spinner(void *arg)
{
	long x = 0;

	block_all();
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED))
		x = spin_step(x), spins++;
	return (void *)(x > 0 ? 42L : 0L);
}

static void *sleeper(void *arg)
{
	char c;

	block_all();
	return (void *)(long)read(pipefd[0], &c, 1);
}

static void show(const char *what)
{
	char buf[4096], cur[64];

	tracefs_read("current_tracer", cur, sizeof(cur));
	cur[strcspn(cur, "\n")] = 0;
	/* how many ops want the first site: the counter's 1, or 2 */
	if (tracefs_read("enabled_functions", buf, sizeof(buf)))
		buf[0] = 0;
	buf[strcspn(buf, "\n")] = 0;
	printf("%s %s\nenabled %s\n", what, cur, strchr(buf, '(') ?
	       strchr(buf, '(') : "none");
}

static unsigned long hits;

static notrace void count(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	hits++;
}

static struct ftrace_ops counter = { .func = count };

int main(void)
{
	unsigned long before;
	pthread_t t;
	int ret;
	void *res;
	char buf[4096];

	/* registered while nothing blocks: unregistering it is refused */
	register_ftrace_function(&counter);
	pthread_create(&t, NULL, spinner, NULL);
	while (!spins)
		;
	ret = unregister_ftrace_function(&counter);
	before = hits;
	spin_step(0);
	printf("unregister %d, still called %d\n", ret, hits > before);
	if (tracefs_write("current_tracer", "function"))
		printf("switch: %s\n", tracefs_last_error());
	show("tracer");
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	pthread_join(t, &res);
	printf("spin result %ld\n", (long)res);
	printf("unregister later %d\n", unregister_ftrace_function(&counter));

	pipe(pipefd);
	pthread_create(&t, NULL, sleeper, NULL);
	usleep(100000);			/* let it reach read() */
	if (tracefs_write("current_tracer", "function")) {
		printf("asleep: switch failed: %s\n", tracefs_last_error());
	} else {
		tracefs_read("enabled_functions", buf, sizeof(buf));
		printf("asleep: switch ok, enabled %d\n", (int)!!buf[0] * 4);
		tracefs_write("current_tracer", "nop");
	}
	write(pipefd[1], "x", 1);
	pthread_join(t, &res);
	printf("sleeper read %ld\n", (long)res);
	return 0;
}
