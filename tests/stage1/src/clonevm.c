// SPDX-License-Identifier: GPL-2.0
/*
 * A child of clone() that shares its parent's memory and thread-local
 * storage (CLONE_VM without CLONE_SETTLS), running beside its parent:
 * both call traced functions (recursive ones, whose returns the graph
 * tracer would hijack) and make system calls at the same time.  The kit
 * refuses to trace such a child in one line (stage1-static/clone_vm.c):
 * the program must compute and end as untraced.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>

#define STACK_SIZE	(256 * 1024)

__attribute__((noinline)) long fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static long work(int rounds)
{
	long sum = 0;
	int i;

	for (i = 0; i < rounds; i++) {
		sum += fib(12 + i % 4);
		if (getppid() <= 0)
			sum = -1;
	}
	return sum;
}

static volatile long child_sum;

static int child(void *arg)
{
	child_sum = work(*(int *)arg);
	return 0;
}

int main(void)
{
	static int rounds = 400;
	char *stack = malloc(STACK_SIZE);
	long before = work(10), parent;
	int status;
	pid_t pid;

	if (!stack)
		return 1;
	pid = clone(child, stack + STACK_SIZE, CLONE_VM | SIGCHLD, &rounds);
	if (pid < 0)
		return 1;
	parent = work(rounds);
	if (waitpid(pid, &status, 0) != pid)
		return 1;
	printf("before %ld parent %ld child %ld status %d\n", before, parent,
	       child_sum, WEXITSTATUS(status));
	return 0;
}
