// SPDX-License-Identifier: GPL-2.0
/*
 * Calls nested deeper than the return stack (counted as graph-overrun),
 * then fork(): the child, whose trace is written first, must start its
 * count at 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>

#define noinline __attribute__((noipa))

noinline long deep(long n)
{
	long r;

	if (!n)
		return 0;
	r = deep(n - 1);
	__asm__ volatile("" : "+r" (r));	/* not a tail call */
	return r + 1;
}

int main(void)
{
	int status;
	pid_t pid;

	printf("deep %ld\n", deep(300));
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		exit(deep(3) == 3 ? 0 : 1);
	waitpid(pid, &status, 0);
	printf("child status %d\n", WEXITSTATUS(status));
	return 0;
}
