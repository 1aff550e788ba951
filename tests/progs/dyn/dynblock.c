// SPDX-License-Identifier: GPL-2.0
/*
 * stop_machine() and threads that block signals (chapter 4):
 * - a thread that blocks every signal and keeps running cannot be parked:
 *   switching the tracer on must fail with one line, and change nothing;
 * - a thread that blocks every signal but sleeps in a system call runs no
 *   code: the switch must succeed.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
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
	char buf[64], cur[64];
	int n = 0;

	tracefs_read("current_tracer", cur, sizeof(cur));
	cur[strcspn(cur, "\n")] = 0;
	if (!tracefs_read("enabled_functions", buf, sizeof(buf)))
		n = strlen(buf) > 0;
	printf("%s %s\nenabled %d\n", what, cur, n);
}

int main(void)
{
	pthread_t t;
	void *res;
	char buf[4096];

	pthread_create(&t, NULL, spinner, NULL);
	while (!spins)
		;
	if (tracefs_write("current_tracer", "function"))
		printf("switch: %s\n", tracefs_last_error());
	show("tracer");
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	pthread_join(t, &res);
	printf("spin result %ld\n", (long)res);

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
