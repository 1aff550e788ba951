// SPDX-License-Identifier: GPL-2.0
/*
 * fork() from a signal handler that may have interrupted a record: a
 * fast interval timer lands while the loop runs traced calls, often
 * inside the tracer, and its handler forks.  The child returns from the
 * handler (finishing whatever it interrupted, in its own copy of the
 * process) and exits 0 at the next round, through exit(), so its spool
 * goes with it; the parent's handler waits for it.  With a spool
 * (FTRACE_SPOOL), the child's copy of the parent's rings is not the
 * parent's any more (extras/trace_spool.c, spool_fork_child()): the
 * interrupted record must still complete.
 * Prints "forks N bad B result R": B children that did not exit 0.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/time.h>
#include <sys/wait.h>

#define noinline __attribute__((noipa))

static volatile sig_atomic_t in_child, forks, bad;
/* rounds of the loop: a handler forks only after one more, so that the
   loop runs between two forks however long a fork takes */
static volatile unsigned long rounds, forked_at;
static int n_forks;

noinline int leaf(int x) { return x ^ 5; }

static void on_alarm(int sig)
{
	int status, saved_errno = errno;
	pid_t pid;

	(void)sig;
	if (in_child || rounds == forked_at || forks >= n_forks)
		return;
	forked_at = rounds;
	pid = fork();
	if (pid == 0) {
		in_child = 1;
		errno = saved_errno;
		return;
	}
	forks++;
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status))
		bad++;
	errno = saved_errno;
}

int main(int argc, char **argv)
{
	struct itimerval it = { { 0, 200 }, { 0, 200 } };
	struct sigaction sa = { .sa_handler = on_alarm };
	unsigned long r = 0;

	n_forks = argc > 1 ? atoi(argv[1]) : 100;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	while (forks < n_forks) {
		r += leaf(r);
		rounds++;
		if (in_child)
			exit(0);
	}
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	printf("forks %d bad %d result %s\n", (int)forks, (int)bad,
	       r ? "nonzero" : "zero");
	return 0;
}
