// SPDX-License-Identifier: GPL-2.0
/*
 * Calls nested deeper than the return stack (counted as graph-overrun in
 * the stats file), then fork(): the child must start its count at 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <tracefs.h>

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

/* The stats file's graph-overrun line, after who. */
static void print_overrun(const char *who)
{
	static char buf[4096];
	char *line;

	if (tracefs_read("stats", buf, sizeof(buf)))
		return;
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
		if (!strncmp(line, "graph-overrun:", 14))
			printf("%s %s\n", who, line);
}

int main(void)
{
	int status;
	pid_t pid;

	printf("deep %ld\n", deep(300));
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		deep(3);
		print_overrun("child");
		exit(0);
	}
	waitpid(pid, &status, 0);
	print_overrun("parent");
	printf("child status %d\n", WEXITSTATUS(status));
	return 0;
}
