// SPDX-License-Identifier: GPL-2.0
/*
 * fork() while another thread changes the code (chapter 4).  One thread
 * switches tracers without pause; the main thread forks CHILDREN (50, or
 * argv[1]) children meanwhile.  Each child must run, switch tracers
 * itself and exit 0 within 30 s: a lock held across the fork by the
 * switching thread, which does not exist in the child, would leave it
 * waiting for ever.  Prints how many children did all that.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <tracefs.h>
#include "switcher.h"

#define noinline __attribute__((noipa))


noinline int child_work(int x) { return x * 5 - 2; }

static int child(void)
{
	if (tracefs_write("current_tracer", "function") ||
	    child_work(3) != 13 ||
	    tracefs_write("current_tracer", "nop") ||
	    child_work(4) != 18)
		return 1;
	return 0;
}

/* wait for pid up to 30 s; 1 if it exited 0 */
static int reap(pid_t pid)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int status, i;

	for (i = 0; i < 3000; i++) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return WIFEXITED(status) && !WEXITSTATUS(status);
		nanosleep(&ts, NULL);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	return 0;
}

int main(int argc, char **argv)
{
	int children = argc > 1 ? atoi(argv[1]) : 50, i, ok = 0;
	pthread_t t;

	pthread_create(&t, NULL, switcher, NULL);
	for (i = 0; i < children; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(child());
		if (pid > 0)
			ok += reap(pid);
	}
	switcher_end(t);
	printf("children ok %d of %d\n", ok, children);
	return 0;
}
