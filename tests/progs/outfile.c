// SPDX-License-Identifier: GPL-2.0
/*
 * Where the trace goes, and what it counts:
 *   spawn CMD...  a forked child, then CMD exec'd in a child (this
 *              program with "execd", under qemu-user through qemu),
 *              then the parent itself: three traces in one file
 *   chdir DIR  change directory before exiting (relative FTRACE_TRACE)
 *   fd2 FILE   close stderr and reuse fd 2 for the program's own data
 *   busy N     N threads still calling traced functions at exit()
 *   sigquery   the kit wraps signal handlers (irq_entry.c): the program
 *              must still see its own handlers, flags and siginfo
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#define noinline __attribute__((noipa))

noinline int forked_child(int x) { return x + 1; }
noinline int execd_child(int x) { return x + 2; }
noinline int parent_work(int x) { return x + 3; }
noinline int after_chdir(int x) { return x + 4; }
noinline int after_fd2(int x) { return x + 5; }
noinline int busy_fn(int x) { return x ^ 3; }

static volatile unsigned long busy_calls[64];
static volatile int info_ok;

static void info_handler(int sig, siginfo_t *info, void *uc)
{
	info_ok = sig == SIGUSR1 && info->si_signo == SIGUSR1 &&
		  info->si_pid == getpid() && uc;
}

static void plain_handler(int sig)
{
	info_ok = sig == SIGUSR2;
}

static void sigquery(void)
{
	struct sigaction sa, o;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = info_handler;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR1, NULL, &o);
	printf("sigaction: own handler %d, flags %d\n",
	       o.sa_sigaction == info_handler,
	       (o.sa_flags & (SA_SIGINFO | SA_RESTART)) ==
	       (SA_SIGINFO | SA_RESTART));
	raise(SIGUSR1);
	printf("siginfo: %d\n", info_ok);
	signal(SIGUSR2, plain_handler);
	/* old, but programs use it: it edits the action the kit installed */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	siginterrupt(SIGUSR2, 1);
#pragma GCC diagnostic pop
	sigaction(SIGUSR2, NULL, &o);
	printf("signal: own handler %d, restart %d\n",
	       o.sa_handler == plain_handler, !!(o.sa_flags & SA_RESTART));
	raise(SIGUSR2);
	printf("signal: called %d, old %d\n", info_ok,
	       signal(SIGUSR2, SIG_DFL) == plain_handler);
}

static void *busy(void *arg)
{
	long i = (long)arg;

	for (;;)
		busy_calls[i] += busy_fn((int)i) != -1;
	return NULL;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";
	int st;

	if (!strcmp(what, "spawn") && argc > 2) {
		pid_t pid = fork();

		if (pid == 0)
			exit(forked_child(1) == 2 ? 0 : 1);
		waitpid(pid, &st, 0);
		pid = fork();
		if (pid == 0) {
			execv(argv[2], argv + 2);
			_exit(127);
		}
		waitpid(pid, &st, 0);
		printf("children done %d\n", WEXITSTATUS(st));
		return parent_work(1) == 4 ? 0 : 1;
	} else if (!strcmp(what, "execd")) {
		return execd_child(1) == 3 ? 0 : 1;
	} else if (!strcmp(what, "chdir") && argc > 2) {
		if (chdir(argv[2]))
			return 2;
		return after_chdir(1) == 5 ? 0 : 1;
	} else if (!strcmp(what, "fd2") && argc > 2) {
		int fd;

		close(2);
		fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd != 2)
			return 2;
		dprintf(2, "program data %d\n", after_fd2(1));
		return 0;
	} else if (!strcmp(what, "sigquery")) {
		sigquery();
		return 0;
	} else if (!strcmp(what, "busy") && argc > 2) {
		long i, n = atol(argv[2]);
		pthread_t t;

		if (n < 1 || n > 64)
			return 2;
		for (i = 0; i < n; i++)
			pthread_create(&t, NULL, busy, (void *)i);
		/* every thread is well into its loop when main exits */
		for (i = 0; i < n; i++)
			while (busy_calls[i] < 2000)
				usleep(1000);
		exit(0);
	}
	return 2;
}
